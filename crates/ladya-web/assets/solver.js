// The solver panel (chess and xiangqi): a stipulation (mate, selfmate, reflexmate, helpmate,
// series helpmate or series mate in N) solved on the position shown (POST /api/solve), the
// solution as `ladya solve` prints it, and buttons that play it on the board: the keys of a
// forced stipulation, each line of help- or series-play.

import * as api from "./api.js";
import { escape } from "./movelist.js";

/**
 * The stipulations offered: the text /api/solve reads for N moves, and the largest N it takes
 * (docs/web-api.md: #N, s#N and r#N up to 5; help- and series-play up to 10 moves in all,
 * both sides' counted).
 */
const KINDS = {
  mate: { stip: (n) => `#${n}`, most: 5 },
  self: { stip: (n) => `s#${n}`, most: 5 },
  reflex: { stip: (n) => `r#${n}`, most: 5 },
  help: { stip: (n) => `h#${n}`, most: 5 },
  "help-half": { stip: (n) => `h#${n}.5`, most: 4 },
  "series-help": { stip: (n) => `ser-h#${n}`, most: 9 },
  series: { stip: (n) => `ser-#${n}`, most: 10 },
};

export class Solver {
  /** `app` gives `shownPosition()` ({game, start, moves}) and `playLine(position, moves)`. */
  constructor(app) {
    this.app = app;
    this.kind = document.getElementById("stip-kind");
    this.moves = document.getElementById("stip-moves");
    this.button = document.getElementById("solve");
    this.keys = document.getElementById("keys");
    this.output = document.getElementById("solution");
    this.request = null;
    this.solved = null; // the position solved
    this.lines = []; // the moves of each line of help- or series-play solved, as played from it
    this.kind.addEventListener("change", () => this.fillMoves());
    this.fillMoves();
    this.button.addEventListener("click", () => (this.request ? this.cancel() : this.solve()));
    this.keys.addEventListener("click", (e) => this.clicked(e));
    this.output.addEventListener("click", (e) => this.clicked(e));
  }

  /** The choice of N for the kind chosen, keeping N where it is still allowed. */
  fillMoves() {
    const most = KINDS[this.kind.value].most;
    const chosen = Math.min(Number(this.moves.value) || 2, most);
    this.moves.innerHTML = Array.from({ length: most }, (_, i) => `<option${i + 1 === chosen ? " selected" : ""}>${i + 1}</option>`).join("");
  }

  /** A key (`data-move`) or a line (`data-line`) clicked: played from the position solved. */
  clicked(event) {
    const button = event.target.closest("button[data-move], button[data-line]");
    if (!button || !this.solved) return;
    const moves = button.dataset.move ? [button.dataset.move] : this.lines[Number(button.dataset.line)];
    this.app.playLine(this.solved, moves);
  }

  cancel() {
    this.request?.abort();
  }

  async solve() {
    const position = this.app.shownPosition();
    const stip = KINDS[this.kind.value].stip(Number(this.moves.value));
    this.request = new AbortController();
    this.button.textContent = "Cancel";
    this.keys.innerHTML = "";
    this.output.textContent = `Solving ${stip}…`;
    try {
      const answer = await api.solve(position.game, position.start, position.moves, stip, this.request.signal);
      this.solved = position;
      this.show(answer);
    } catch (e) {
      this.output.textContent = e.name === "AbortError" ? "Cancelled." : e.message;
    } finally {
      this.request = null;
      this.button.textContent = "Solve";
    }
  }

  show(answer) {
    if (!answer.solved) {
      this.output.textContent = answer.text;
      return;
    }
    if (answer.solutions) this.showLines(answer);
    else this.showKeys(answer);
  }

  /** Help- and series-play: each line of the text after the first is a solution, a button. */
  showLines(answer) {
    // In a series the other side passes, which a game cannot: its solutions play their first move.
    const series = answer.stipulation.startsWith("ser-");
    this.lines = answer.solutions.map((line) => line.map((m) => m.move).slice(0, series ? 1 : undefined));
    const [head, ...lines] = answer.text.trimEnd().split("\n");
    const what = series ? "Play its first move" : "Play the solution";
    this.output.innerHTML = [
      escape(head),
      ...lines.map((line, i) => `<button type="button" class="inline-key" data-line="${i}" aria-label="${what} ${escape(line)}">${escape(line)}</button>`),
    ].join("\n");
  }

  /** Forced stipulations: the keys as buttons, also at the head of their lines in the tree. */
  showKeys(answer) {
    const keys = answer.keys;
    this.keys.innerHTML =
      `<span class="label">Key${keys.length > 1 ? "s" : ""}</span>` +
      keys.map((k) => `<button type="button" data-move="${escape(k.move)}" aria-label="Play the key ${escape(k.text)}!">${escape(k.text)}!</button>`).join("");
    // In the tree, each key's line ("1.Qf6! ...") starts with a button too; a key's `text` is
    // its move (`Qf6`), maybe marked `#` or `+`.
    const bare = (text) => text.replace(/[!?#+]+$/, "");
    this.output.innerHTML = answer.text
      .split("\n")
      .map((line) => {
        const key = keys.find((k) => line.startsWith(`1.${bare(k.text)}`));
        if (!key) return escape(line);
        const head = line.slice(2).match(/^\S+/)[0];
        return `1.<button type="button" class="inline-key" data-move="${escape(key.move)}">${escape(head)}</button>${escape(line.slice(2 + head.length))}`;
      })
      .join("\n");
  }
}
