// Arrows over the board for the analysis's lines and a review's better move, and the
// evaluation bar beside the board. The arrows live in a layer of their own in the board's <svg>
// and are drawn again whenever the board turns round.

/** The first player's winning chance in percent from a score ({cp} or {mate}) of that player. */
export function winPercent(score) {
  if (!score) return 50;
  if (score.mate !== undefined && score.mate !== null) return score.mate > 0 ? 100 : 0;
  // The logistic curve lichess publishes for its win percentage (0.00368208 per centipawn).
  return 50 + 50 * (2 / (1 + Math.exp(-0.00368208 * score.cp)) - 1);
}

const NS = "http://www.w3.org/2000/svg";

/** The kinds of arrow, strongest first: their colour (and head's marker). */
const KINDS = { line1: "#1f7a3a", line2: "#2f6db5", line3: "#7a5ab5", best: "#d08a1c" };

export class Arrows {
  /** `board` is the Board (board.js) whose <svg> gets the layer. */
  constructor(board) {
    this.board = board;
    this.arrows = []; // [{move, kind, path}]
    this.layer = document.createElementNS(NS, "g");
    this.layer.setAttribute("class", "layer-lines");
    this.layer.setAttribute("pointer-events", "none");
    const defs = Object.entries(KINDS)
      .map(([kind, colour]) => `<marker id="head-${kind}" viewBox="0 0 10 10" refX="4" refY="5" markerWidth="3.2" markerHeight="3.2" orient="auto"><path d="M0 0L10 5L0 10Z" fill="${colour}"/></marker>`)
      .join("");
    const defsElement = document.createElementNS(NS, "defs");
    defsElement.innerHTML = defs;
    board.svg.append(defsElement, this.layer);
    // The board draws itself again when it turns round: the arrows follow.
    new MutationObserver(() => this.draw()).observe(board.svg, { attributes: true, attributeFilter: ["data-orientation"] });
  }

  /**
   * Shows `arrows`: [{move (coordinate form), kind ("line1", "line2", "line3" or "best"),
   * path (the squares it passes, optional)}]; an empty list clears them.
   */
  set(arrows) {
    this.arrows = arrows.filter((a) => a.move && a.move.length >= 4 && a.move !== "0000");
    this.draw();
  }

  draw() {
    // The strongest (line 1) first; the others are drawn thinner and fainter.
    const out = this.arrows.map((arrow) => {
      const path = arrow.path && arrow.path.length >= 2 ? arrow.path : [arrow.move.slice(0, 2), arrow.move.slice(2, 4)];
      const points = path.map((square) => this.board.centre(square));
      const [x1, y1] = points[points.length - 2];
      const [x2, y2] = points[points.length - 1];
      const length = Math.hypot(x2 - x1, y2 - y1) || 1;
      const cut = 26; // the head's length beyond the line's end
      points[points.length - 1] = [x2 - ((x2 - x1) * cut) / length, y2 - ((y2 - y1) * cut) / length];
      const cls = arrow.kind === "best" ? "best-arrow" : `arrow ${arrow.kind}`;
      return `<polyline class="${cls}" data-move="${arrow.move}" stroke="${KINDS[arrow.kind]}" points="${points.map((p) => p.join(",")).join(" ")}" marker-end="url(#head-${arrow.kind})"/>`;
    });
    this.layer.innerHTML = out.join("");
  }
}

export class EvalBar {
  /** `bar` is the element beside the board: its `.fill` grows with the first player's chance. */
  constructor(bar) {
    this.bar = bar;
    this.fill = bar.querySelector(".fill");
    this.label = bar.querySelector(".eval-text");
  }

  /** Shows `win` (the first player's chance in percent) with `text`; null hides the bar. */
  set(win, text = "") {
    if (win === null || win === undefined) {
      this.bar.hidden = true;
      return;
    }
    this.bar.hidden = false;
    const clamped = Math.max(0, Math.min(100, win));
    this.fill.style.height = `${clamped}%`;
    this.bar.dataset.win = clamped.toFixed(1);
    // The bar is narrow: a pawn count with one decimal and no sign (the colour says whose).
    const pawns = /^[+-]?\d+\.\d+$/.test(text) ? Math.abs(Number(text)).toFixed(1) : text.replace(/^\+/, "");
    // What does not fit the bar's width is left to its description.
    this.label.textContent = pawns.length <= 3 ? pawns : "";
    this.label.classList.toggle("low", clamped < 50);
    this.bar.setAttribute("aria-valuenow", clamped.toFixed(0));
    this.bar.setAttribute("aria-valuetext", `${text} (${clamped.toFixed(0)}% for the first player)`);
  }

  /** Turns the bar with the board: the first player's part at the bottom as seen. */
  setFlipped(flipped) {
    this.bar.classList.toggle("flipped", flipped);
  }
}
