// The analysis panel: Ladya thinks about the position shown, without limit, and streams its
// lines (GET /api/analyze as server-sent events) until stopped; line 1's first move is the arrow.

import * as api from "./api.js";
import { escape, numbered } from "./movelist.js";

/** A score for people, from White's (Red's) point of view: "+0.34", "-1.20", "#3", "#-2". */
function scoreText(score, whiteToMove) {
  const sign = whiteToMove ? 1 : -1;
  if (score.mate !== undefined && score.mate !== null) return `#${sign * score.mate}`;
  const pawns = (sign * score.cp) / 100;
  return `${pawns > 0 ? "+" : ""}${pawns.toFixed(2)}`;
}

export class Analysis {
  /** `onArrow(move)` draws (or with null clears) the best move on the board. */
  constructor(onArrow) {
    this.onArrow = onArrow;
    this.button = document.getElementById("analyse");
    this.multipv = document.getElementById("multipv");
    this.summary = document.getElementById("analysis-summary");
    this.list = document.getElementById("lines");
    this.source = null;
    this.position = null;
    this.button.addEventListener("click", () => (this.source ? this.stop() : this.start()));
    this.multipv.addEventListener("change", () => this.source && this.start());
  }

  /** The position shown changed ({game, start, moves, fen, turn}); a running analysis follows it. */
  setPosition(position) {
    const same = this.position && this.position.fen === position.fen && this.position.moves.join() === position.moves.join();
    this.position = position;
    if (this.source && !same) this.start();
  }

  start() {
    this.close();
    const { game, start, moves, fen, outcome } = this.position;
    if (outcome) {
      this.summary.textContent = `Nothing to analyse: ${outcome.text}.`;
      return;
    }
    this.lines = new Map();
    this.whiteToMove = this.position.turn !== "black";
    this.positionFen = fen;
    this.list.innerHTML = "";
    this.summary.textContent = "Starting…";
    this.source = api.analyze(game, start, moves, Number(this.multipv.value));
    this.source.addEventListener("info", (e) => this.info(JSON.parse(e.data)));
    this.source.addEventListener("done", () => this.finish("Search finished."));
    // The server's `event: error` carries its reason; a connection that fails carries none.
    this.source.addEventListener("error", (e) => {
      const reason = e.data ? JSON.parse(e.data).error : "The analysis could not run (the server may be busy).";
      this.finish(this.lines.size ? "Stopped." : reason);
    });
    this.setButton(true);
  }

  stop() {
    this.finish("Stopped.");
  }

  finish(message) {
    this.close();
    const summary = this.summary.textContent.replace(/ · (Stopped|Search finished)\.$/, "");
    this.summary.textContent = this.lines?.size ? `${summary} · ${message}` : message;
  }

  close() {
    if (this.source) this.source.close();
    this.source = null;
    this.setButton(false);
    this.onArrow(null);
  }

  setButton(running) {
    this.button.textContent = running ? "Stop" : "Analyse";
    this.button.setAttribute("aria-pressed", String(running));
    this.button.setAttribute("aria-label", running ? "Stop the analysis" : "Analyse the position shown");
  }

  info(info) {
    if (!info.pv || !info.pv.length) return;
    const index = info.multipv || 1;
    this.lines.set(index, info);
    // A deeper first line starts a new iteration: lines beyond the count asked for go.
    for (const key of this.lines.keys()) if (key > Number(this.multipv.value)) this.lines.delete(key);
    const nps = info.nps ? ` · ${(info.nps / 1000).toFixed(0)} kn/s` : "";
    this.summary.textContent = `Depth ${info.depth}${info.seldepth ? `/${info.seldepth}` : ""} · ${(info.nodes || 0).toLocaleString("en")} nodes${nps}`;
    this.list.innerHTML = [...this.lines.entries()]
      .sort(([a], [b]) => a - b)
      .map(([n, line]) => {
        const bound = line.bound === "lower" ? "≥" : line.bound === "upper" ? "≤" : "";
        const texts = line.pv_text && line.pv_text.length ? line.pv_text : line.pv;
        return `<li class="line" data-multipv="${n}" data-depth="${line.depth}" data-move="${escape(line.pv[0])}">
          <span class="score">${bound}${scoreText(line.score, this.whiteToMove)}</span>
          <span class="pv">${escape(numbered(texts, this.positionFen))}</span></li>`;
      })
      .join("");
    const best = this.lines.get(1);
    if (best) this.onArrow(best.pv[0]);
  }
}
