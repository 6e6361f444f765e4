// The solver panel (chess and xiangqi): mate in N on the position shown (POST /api/solve), the
// solution as `ladya solve` prints it, and its keys as buttons that play them on the board.

import * as api from "./api.js";
import { escape } from "./movelist.js";

export class Solver {
  /** `app` gives `shownPosition()` ({game, start, moves}) and `playFrom(position, move)`. */
  constructor(app) {
    this.app = app;
    this.mate = document.getElementById("mate");
    this.button = document.getElementById("solve");
    this.keys = document.getElementById("keys");
    this.output = document.getElementById("solution");
    this.request = null;
    this.button.addEventListener("click", () => (this.request ? this.cancel() : this.solve()));
    this.keys.addEventListener("click", (e) => this.keyClicked(e));
    this.output.addEventListener("click", (e) => this.keyClicked(e));
  }

  keyClicked(event) {
    const button = event.target.closest("button[data-move]");
    if (button && this.solved) this.app.playFrom(this.solved, button.dataset.move);
  }

  cancel() {
    this.request?.abort();
  }

  async solve() {
    const position = this.app.shownPosition();
    const mate = Number(this.mate.value);
    this.request = new AbortController();
    this.button.textContent = "Cancel";
    this.keys.innerHTML = "";
    this.output.textContent = `Looking for mate in ${mate}…`;
    try {
      const answer = await api.solve(position.game, position.start, position.moves, mate, this.request.signal);
      this.solved = position;
      this.show(answer, mate);
    } catch (e) {
      this.output.textContent = e.name === "AbortError" ? "Cancelled." : e.message;
    } finally {
      this.request = null;
      this.button.textContent = "Solve";
    }
  }

  show(answer, mate) {
    if (!answer.solved) {
      this.output.textContent = answer.text || `No mate in ${mate}.`;
      return;
    }
    const keys = answer.keys;
    this.keys.innerHTML = keys.length
      ? `<span class="label">Key${keys.length > 1 ? "s" : ""}</span>` +
        keys.map((k) => `<button type="button" data-move="${escape(k.move)}" aria-label="Play the key ${escape(k.text)}">${escape(k.text)}</button>`).join("")
      : "";
    // In the tree, each key's line ("1.Qf6! ...") starts with a button too.
    const bare = (text) => text.replace(/[!?#+]+$/, "");
    this.output.innerHTML = (answer.text || "")
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
