// The analysis panel: Ladya thinks about the position shown, without limit, and streams its
// lines (GET /api/analyze as server-sent events) until stopped. Every line is an arrow on the
// board (line 1 the strongest), the evaluation bar shows line 1's score, and a click on a line
// plays it into the game as a variation. The analysis pauses while the page is hidden or
// another tool's tab is shown, and goes on when they come back.

import * as api from "./api.js";
import { winPercent } from "./arrows.js";
import { escape, numbered } from "./movelist.js";

/**
 * A score for people, from White's (Red's) point of view: "+0.34", "-1.20", "#3", "#-2" in
 * chess and xiangqi; in ugolki, whose evaluation is no count of pawns, the engine's own number
 * ("+34").
 */
export function scoreText(score, whiteToMove, game) {
  const sign = whiteToMove ? 1 : -1;
  if (score.mate !== undefined && score.mate !== null) return `#${sign * score.mate}`;
  const value = sign * score.cp;
  if (game === "ugolki") return `${value > 0 ? "+" : ""}${value}`;
  const pawns = value / 100;
  return `${pawns > 0 ? "+" : ""}${pawns.toFixed(2)}`;
}

/** The first player's score from a score of the side to move. */
export function firstPlayerScore(score, whiteToMove) {
  if (!score) return null;
  const sign = whiteToMove ? 1 : -1;
  if (score.mate !== undefined && score.mate !== null) return { mate: sign * score.mate };
  return { cp: sign * score.cp };
}

export class Analysis {
  /**
   * `onArrows(list)` draws the lines' first moves ([{move, kind, path}], empty to clear);
   * `onEval(win, text)` shows line 1 on the evaluation bar (null: nothing to show);
   * `onPlay(position, moves)` plays a line clicked from the position it was found in.
   */
  constructor({ onArrows, onEval, onPlay }) {
    this.onArrows = onArrows;
    this.onEval = onEval;
    this.onPlay = onPlay;
    this.button = document.getElementById("analyse");
    this.multipv = document.getElementById("multipv");
    this.summary = document.getElementById("analysis-summary");
    this.list = document.getElementById("lines");
    this.panel = document.getElementById("analysis");
    this.source = null;
    this.wanted = false; // the person asked for the analysis (it may be paused)
    this.position = null;
    this.analysed = null; // the position the lines are about
    this.chains = new Map(); // ugolki: a line's moves -> its texts with every square of a chain
    this.button.addEventListener("click", () => (this.wanted ? this.stop() : this.start()));
    this.multipv.addEventListener("change", () => this.source && this.start());
    const play = (e) => {
      const line = e.target.closest(".line[data-multipv]");
      const info = line && this.lines?.get(Number(line.dataset.multipv));
      if (info && this.analysed) this.onPlay(this.analysed, info.pv);
    };
    this.list.addEventListener("click", play);
    this.list.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      play(e);
    });
    document.addEventListener("visibilitychange", () => this.follow());
    new MutationObserver(() => this.follow()).observe(this.panel, { attributes: true, attributeFilter: ["hidden"] });
  }

  /** Whether the analysis may run now: the page is seen and the analysis tab is shown. */
  visible() {
    return document.visibilityState !== "hidden" && !this.panel.hidden;
  }

  /** Pauses or resumes an analysis asked for as the page or its tab is hidden or shown. */
  follow() {
    if (!this.wanted) return;
    if (!this.visible() && this.source) {
      this.close();
      this.onEval(null);
      this.summary.textContent = "Paused while the analysis is out of sight.";
      this.button.dataset.paused = "true";
    } else if (this.visible() && !this.source) {
      this.start();
    }
  }

  /** The position shown changed ({game, start, moves, fen, turn, outcome, node}). */
  setPosition(position) {
    const same = this.position && this.position.fen === position.fen && this.position.moves.join() === position.moves.join();
    this.position = position;
    if (this.wanted && !same) this.start();
  }

  start() {
    this.close();
    this.wanted = true;
    this.setButton(true);
    delete this.button.dataset.paused;
    const { game, start, moves, fen, outcome } = this.position;
    this.lines = new Map();
    this.list.innerHTML = "";
    this.analysed = this.position;
    if (outcome) {
      this.summary.textContent = `Nothing to analyse: ${outcome.text}.`;
      this.onEval(outcome.winner === "black" ? 0 : outcome.winner ? 100 : 50, outcome.result);
      return;
    }
    if (!this.visible()) {
      this.summary.textContent = "Paused while the analysis is out of sight.";
      this.button.dataset.paused = "true";
      return;
    }
    this.whiteToMove = this.position.turn !== "black";
    this.positionFen = fen;
    this.summary.textContent = "Starting…";
    const source = api.analyze(game, start, moves, Number(this.multipv.value));
    this.source = source;
    source.addEventListener("info", (e) => this.source === source && this.info(JSON.parse(e.data)));
    source.addEventListener("done", (e) => {
      if (this.source !== source) return;
      // The server ends an analysis at its time limit; the person may start it again.
      const limit = JSON.parse(e.data).limit;
      this.finish(limit ? `Stopped: ${limit}. Press Analyse to go on.` : "Search finished.");
      if (limit) {
        this.wanted = false;
        this.setButton(false);
      }
    });
    // The server's `event: error` carries its reason; a connection that fails carries none.
    source.addEventListener("error", (e) => {
      if (this.source !== source) return;
      const reason = e.data ? JSON.parse(e.data).error : "The analysis could not run (the server may be busy).";
      this.finish(this.lines.size ? "Stopped." : reason);
    });
  }

  stop() {
    this.wanted = false;
    this.finish("Stopped.");
    this.onEval(null);
    this.setButton(false);
  }

  finish(message) {
    this.close();
    const summary = this.summary.textContent.replace(/ · (Stopped|Search finished)[^·]*$/, "");
    this.summary.textContent = this.lines?.size ? `${summary} · ${message}` : message;
    if (!this.wanted) this.onArrows([]);
  }

  close() {
    if (this.source) this.source.close();
    this.source = null;
    this.onArrows([]);
  }

  setButton(running) {
    this.button.textContent = running ? "Stop" : "Analyse";
    this.button.setAttribute("aria-pressed", String(running));
    this.button.setAttribute("aria-label", running ? "Stop the analysis" : "Analyse the position shown");
  }

  /** The texts of `pv` as the move list writes them (ugolki: every square of a chain). */
  pvTexts(line) {
    const texts = line.pv_text && line.pv_text.length ? line.pv_text : line.pv;
    const { game, start, moves } = this.analysed;
    if (game !== "ugolki" || !texts.some((t) => t.includes(":"))) return texts;
    const key = `${moves.join()}|${line.pv.join()}`;
    const known = this.chains.get(key);
    if (known) return known;
    if (!this.chains.has(`${key}?`)) {
      this.chains.set(`${key}?`, true);
      api
        .position(game, start, [...moves, ...line.pv])
        .then((position) => {
          const history = position.history.slice(moves.length);
          this.chains.set(key, history.map((h) => (h.path.length > 2 && h.text.includes(":") ? h.path.join(":") : h.text)));
          if (this.lines) this.draw();
        })
        .catch(() => {}); // the line has gone by meanwhile: its texts stay as the engine wrote them
    }
    // Until the position answers, the first move's chain is known from the legal moves.
    const first = (this.analysed.legal || []).find((m) => m.move === line.pv[0]);
    return first && first.path.length > 2 ? [first.path.join(":"), ...texts.slice(1)] : texts;
  }

  info(info) {
    if (!info.pv || !info.pv.length) return;
    const index = info.multipv || 1;
    this.lines.set(index, info);
    // A deeper first line starts a new iteration: lines beyond the count asked for go.
    for (const key of this.lines.keys()) if (key > Number(this.multipv.value)) this.lines.delete(key);
    const nps = info.nps ? ` · ${(info.nps / 1000).toFixed(0)} kn/s` : "";
    this.summary.textContent = `Depth ${info.depth}${info.seldepth ? `/${info.seldepth}` : ""} · ${(info.nodes || 0).toLocaleString("en")} nodes${nps}`;
    this.draw();
  }

  draw() {
    const game = this.analysed.game;
    const sorted = [...this.lines.entries()].sort(([a], [b]) => a - b);
    // Each line keeps its element, so a click is not lost while the lines change under it.
    for (const item of [...this.list.children]) if (!this.lines.has(Number(item.dataset.multipv))) item.remove();
    for (const [n, line] of sorted) {
      let item = this.list.querySelector(`:scope > .line[data-multipv="${n}"]`);
      if (!item) {
        item = document.createElement("li");
        item.className = "line";
        item.dataset.multipv = String(n);
        item.tabIndex = 0;
        item.setAttribute("role", "button");
        item.title = "Play this line as a variation";
        const before = [...this.list.children].find((other) => Number(other.dataset.multipv) > n);
        this.list.insertBefore(item, before || null);
      }
      const bound = line.bound === "lower" ? "≥" : line.bound === "upper" ? "≤" : "";
      const texts = this.pvTexts(line);
      item.dataset.depth = String(line.depth);
      item.dataset.move = line.pv[0];
      item.setAttribute("aria-label", `Play the line ${texts.join(" ")}`);
      item.innerHTML = `<span class="score">${bound}${scoreText(line.score, this.whiteToMove, game)}</span>
        <span class="pv">${escape(numbered(texts, this.positionFen))}</span>`;
    }
    if (!this.source) return; // stopped or paused: the lines stay in the list, without arrows
    const legal = this.analysed.legal || [];
    this.onArrows(
      sorted.map(([n, line]) => ({ move: line.pv[0], kind: `line${n}`, path: legal.find((m) => m.move === line.pv[0])?.path })),
    );
    const best = this.lines.get(1);
    if (best) {
      const score = firstPlayerScore(best.score, this.whiteToMove);
      this.onEval(winPercent(score), scoreText(best.score, this.whiteToMove, game));
    }
  }
}
