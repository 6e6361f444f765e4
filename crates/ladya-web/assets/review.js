// The review of a game (GET /api/review as server-sent events): every position of the main
// line analysed in turn, with a progress bar; then a graph of the first player's winning
// chance over the moves (a click on it shows that position), each side's accuracy and
// mistakes, each move judged in the move list, and for the move shown the better move as an
// arrow with a sentence ("Blunder. Best was Nf3").

import * as api from "./api.js";
import { escape, JUDGEMENTS } from "./movelist.js";

const W = 600; // the graph's width and height in its own units
const H = 140;

/** The sides' keys in a game's review summary, first player first, with their names. */
function sides(game) {
  return game === "xiangqi" ? [["red", "Red"], ["black", "Black"]] : [["white", "White"], ["black", "Black"]];
}

export class Review {
  /**
   * `app` gives `reviewTarget()` ({game, start, moves}: the main line), `showPly(ply)` (shows
   * the main line's position after `ply` moves) and `reviewChanged()` (the marks changed).
   */
  constructor(app) {
    this.app = app;
    this.button = document.getElementById("review-start");
    this.progress = document.getElementById("review-progress");
    this.status = document.getElementById("review-status");
    this.graph = document.getElementById("review-graph");
    this.summary = document.getElementById("review-summary");
    this.comment = document.getElementById("review-comment");
    this.movetime = document.getElementById("review-movetime");
    this.source = null;
    this.data = null; // {game, start, moves, positions: [], judged: [], done}
    this.ply = null; // the main line's ply shown, or null off the main line
    this.button.addEventListener("click", () => (this.source ? this.cancel() : this.start()));
    this.graph.addEventListener("click", (e) => this.graphClicked(e));
  }

  /**
   * How many of the first moves of the main line `moves` from `start` the review holds (its
   * marks and graph apply to them): 0 when it is about another game.
   */
  covers(start, moves) {
    const d = this.data;
    if (!d || d.start !== start) return 0;
    let k = 0;
    while (k < d.moves.length && k < moves.length && d.moves[k] === moves[k]) k += 1;
    return k;
  }

  /** Reviews the game's main line from the start. */
  start() {
    const { game, start, moves } = this.app.reviewTarget();
    this.cancel();
    if (!moves.length) {
      this.status.textContent = "Play or import a game first: there is nothing to review.";
      return;
    }
    this.data = { game, start, moves, positions: [], judged: [], done: null };
    const movetime = Number(this.movetime.value) || 300;
    this.source = api.review(game, start, moves, movetime);
    const source = this.source;
    const mine = (handler) => (e) => this.source === source && handler(JSON.parse(e.data));
    source.addEventListener("position", mine((p) => {
      this.data.positions[p.ply] = p;
      this.draw();
    }));
    source.addEventListener("move", mine((m) => {
      this.data.judged[m.ply - 1] = m;
      this.draw();
      this.app.reviewChanged();
    }));
    source.addEventListener("done", mine((d) => {
      this.data.done = d;
      this.close();
      this.draw();
      this.app.reviewChanged();
    }));
    source.addEventListener("error", (e) => {
      if (this.source !== source) return;
      const reason = e.data ? JSON.parse(e.data).error : "The review stopped (the server may be busy).";
      this.close();
      this.data.error = reason;
      this.draw();
    });
    this.setButton(true);
    this.draw();
    this.app.reviewChanged();
  }

  cancel() {
    if (!this.source) return;
    this.close();
    if (this.data && !this.data.done) this.data.error = "Review cancelled.";
    this.draw();
  }

  close() {
    if (this.source) this.source.close();
    this.source = null;
    this.setButton(false);
  }

  setButton(running) {
    this.button.textContent = running ? "Cancel" : this.data?.done ? "Review again" : "Review the game";
    this.button.setAttribute("aria-pressed", String(running));
  }

  /** Forgets the review (a new game). */
  clear() {
    this.close();
    this.data = null;
    this.draw();
  }

  /** The review as saved with the game. */
  toJSON() {
    return this.data && this.data.done ? this.data : null;
  }

  /** A review saved with the game. */
  restore(data) {
    if (!data || !Array.isArray(data.moves) || !Array.isArray(data.positions) || !Array.isArray(data.judged)) return;
    this.data = data;
    this.setButton(false);
    this.draw();
  }

  /** The judgement of the main line's move `ply` (1-based), or null. */
  judgement(ply) {
    return this.data?.judged[ply - 1]?.judgement || null;
  }

  /** The first player's winning chance after `ply` moves, or null when not known. */
  win(ply) {
    const p = this.data?.positions[ply];
    return p && typeof p.win === "number" ? p.win : null;
  }

  /**
   * The main line's position after `ply` moves is shown (null: a position off the main line).
   * `played` is the move that led there as the move list writes it, `legal` the legal moves
   * before it (/api/position's, null while unknown): an ugolki chain is then written and drawn
   * square by square. Says the sentence about the move and returns its better move ({move,
   * path}) when the move was a mistake, else null.
   */
  show(ply, played = null, legal = null) {
    this.ply = ply;
    this.draw();
    const judged = ply ? this.data?.judged[ply - 1] : null;
    if (!judged) {
      this.comment.textContent = "";
      return null;
    }
    const name = judged.judgement ? JUDGEMENTS[judged.judgement].name : null;
    const entry = legal && judged.best ? legal.find((m) => m.move === judged.best) : null;
    const path = entry && entry.path.length > 2 ? entry.path : null;
    const bestText = path && (judged.best_text || "").includes(":") ? path.join(":") : judged.best_text || judged.best;
    const playedText = played || judged.text;
    let text;
    if (!judged.best || judged.best === judged.move) text = `${playedText} is the best move.`;
    else if (name) text = `${name}. Best was ${bestText}`;
    else text = `${playedText} is fine; Ladya preferred ${bestText}.`;
    this.comment.textContent = text;
    this.comment.className = `review-comment ${judged.judgement || "good"}`;
    return name && judged.best ? { move: judged.best, path } : null;
  }

  graphClicked(e) {
    const d = this.data;
    if (!d || !d.positions.length) return;
    const point = e.target.closest("[data-ply]");
    let ply;
    if (point) {
      ply = Number(point.dataset.ply);
    } else {
      const box = this.graph.getBoundingClientRect();
      ply = Math.round(((e.clientX - box.left) / box.width) * d.moves.length);
    }
    ply = Math.max(0, Math.min(d.moves.length, ply));
    this.app.showPly(ply);
  }

  draw() {
    const d = this.data;
    this.progress.hidden = !this.source;
    if (!d) {
      this.status.textContent = "Ladya analyses every move of the main line and marks the mistakes.";
      this.graph.innerHTML = "";
      this.graph.setAttribute("hidden", "");
      this.summary.innerHTML = "";
      this.comment.textContent = "";
      this.setButton(false);
      return;
    }
    const n = d.moves.length;
    const known = d.positions.filter(Boolean).length;
    this.progress.max = n + 1;
    this.progress.value = known;
    if (this.source) this.status.textContent = `Reviewing… ${known} of ${n + 1} positions`;
    else if (d.error) this.status.textContent = d.error;
    else if (d.done) this.status.textContent = `Review of ${n} move${n === 1 ? "" : "s"}.`;
    this.drawGraph(d, n);
    this.drawSummary(d);
  }

  drawGraph(d, n) {
    this.graph.removeAttribute("hidden"); // an <svg> has no `hidden` property
    const x = (ply) => (n ? (ply / n) * W : 0);
    const PAD = 8; // a mark at 0 or 100 stays whole
    const y = (win) => H - PAD - (win / 100) * (H - 2 * PAD);
    const points = [];
    for (let ply = 0; ply <= n; ply++) {
      const p = d.positions[ply];
      if (p && typeof p.win === "number") points.push([ply, p.win]);
    }
    const line = points.map(([ply, win]) => `${x(ply).toFixed(1)},${y(win).toFixed(1)}`).join(" ");
    const area = points.length ? `${x(points[0][0]).toFixed(1)},${H} ${line} ${x(points[points.length - 1][0]).toFixed(1)},${H}` : "";
    const marks = d.judged
      .map((m, i) => {
        if (!m || !m.judgement || !d.positions[i + 1]) return "";
        return `<circle class="mark ${m.judgement}" cx="${x(i + 1).toFixed(1)}" cy="${y(d.positions[i + 1].win).toFixed(1)}" r="6"/>`;
      })
      .join("");
    // Every position is a target for a click, a band as wide as a move.
    const band = n ? W / n : W;
    const targets = points
      .map(([ply, win]) => `<rect class="target" data-ply="${ply}" x="${(x(ply) - band / 2).toFixed(1)}" y="0" width="${band.toFixed(1)}" height="${H}"><title>${this.pointTitle(d, ply, win)}</title></rect>`)
      .join("");
    const cursor = this.ply !== null && this.ply <= n ? `<line class="cursor" x1="${x(this.ply)}" x2="${x(this.ply)}" y1="0" y2="${H}"/>` : "";
    this.graph.setAttribute("viewBox", `0 0 ${W} ${H}`);
    this.graph.innerHTML = `<rect class="bg" width="${W}" height="${H}"/>
      <polygon class="area" points="${area}"/>
      <line class="middle" x1="0" x2="${W}" y1="${H / 2}" y2="${H / 2}"/>
      <polyline class="curve" points="${line}"/>${marks}${cursor}${targets}`;
  }

  pointTitle(d, ply, win) {
    const first = sides(d.game)[0][1];
    const move = ply ? d.judged[ply - 1] : null;
    const what = move ? `${ply}. ${escape(move.text)}` : "Start";
    return `${what}: ${first} ${win.toFixed(0)}%`;
  }

  drawSummary(d) {
    const rows = sides(d.game).map(([key, name]) => {
      const judged = d.judged.filter((m) => m && m.side === key);
      const counts = d.done?.judgements?.[key] || {
        inaccuracy: judged.filter((m) => m.judgement === "inaccuracy").length,
        mistake: judged.filter((m) => m.judgement === "mistake").length,
        blunder: judged.filter((m) => m.judgement === "blunder").length,
      };
      const accuracy = d.done?.accuracy?.[key];
      const cell = (k, one, many) => `<td class="${k}" title="${counts[k] || 0} ${counts[k] === 1 ? one : many}">${counts[k] || 0}</td>`;
      return `<tr data-side="${key}"><th scope="row">${name}</th>
        <td class="accuracy">${typeof accuracy === "number" ? `${accuracy.toFixed(0)}%` : "…"}</td>
        ${cell("inaccuracy", "inaccuracy", "inaccuracies")}${cell("mistake", "mistake", "mistakes")}${cell("blunder", "blunder", "blunders")}</tr>`;
    });
    this.summary.innerHTML = `<table><thead><tr><th></th><th>Accuracy</th><th class="inaccuracy" title="Inaccuracies">?!</th><th class="mistake" title="Mistakes">?</th><th class="blunder" title="Blunders">??</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
  }
}
