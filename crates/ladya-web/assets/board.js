// The board: an SVG drawing of a chess, xiangqi or ugolki position that takes moves by
// click-click or drag-and-drop (pointer events, so mouse, pen and touch alike).
//
// State for tests and styles lives in data attributes: the <svg> has data-game, data-fen,
// data-orientation and data-interactive; every piece is <g class="piece" data-square data-piece>;
// every highlight is <... class="mark KIND" data-square> with KIND last, path, check, selected,
// target or hover (the target under a dragged piece); the engine's arrow is <polyline class="arrow"
// data-move>.

import { pieceDefs, pieceMarkup, pieceName, PROMOTIONS } from "./pieces.js";

const CELL = 100;
const DRAG_THRESHOLD = 4; // CSS pixels before a press becomes a drag
const HOP_MS = 180; // animation time per step of a move's path

/** The colour to move in `fen`: "white", "black" or, in xiangqi, "red". */
export function turnOf(game, fen) {
  const side = (fen.trim().split(/\s+/)[1] || "w").toLowerCase();
  if (side === "b") return "black";
  return game === "xiangqi" ? "red" : "white";
}

function pieceCode(game, letter) {
  if (game === "ugolki") return letter.toLowerCase();
  const upper = letter.toUpperCase();
  if (game === "chess") return (letter === upper ? "w" : "b") + upper;
  const type = { E: "B", H: "N" }[upper] || upper;
  return (letter === upper ? "r" : "b") + type;
}

/** Where the pieces stand in `fen`: a Map from square ("e4") to piece code ("wP", "rC", "b"). */
function piecesOf(game, fen) {
  const pieces = new Map();
  const top = game === "xiangqi" ? 9 : 8;
  fen.trim().split(/\s+/)[0].split("/").forEach((row, i) => {
    let file = 0;
    for (const match of row.matchAll(/\d+|[a-zA-Z]/g)) {
      const token = match[0];
      if (/\d/.test(token)) {
        file += Number(token);
      } else {
        pieces.set(String.fromCharCode(97 + file) + (top - i), pieceCode(game, token));
        file += 1;
      }
    }
  });
  return pieces;
}

const el = (tag, attrs = {}, inner = "") =>
  `<${tag} ${Object.entries(attrs).map(([k, v]) => `${k}="${v}"`).join(" ")}>${inner}</${tag}>`;

export class Board {
  /**
   * `svg` is the <svg> to draw in; `game` a game of /api/games; `onMove(from, to, how)` is
   * called when the player makes a legal move (`how` is "click" or "drag").
   */
  constructor(svg, game, onMove) {
    this.svg = svg;
    this.game = game.name;
    this.files = game.files;
    this.ranks = game.ranks;
    this.onMove = onMove;
    this.onPoints = this.game === "xiangqi"; // pieces stand on the intersections
    this.margin = this.onPoints ? 84 : 0;
    this.lowestRank = this.onPoints ? 0 : 1;
    this.flipped = false;
    this.pieces = new Map();
    this.legal = [];
    this.check = null;
    this.last = null;
    this.interactive = false;
    this.selected = null;
    this.arrowMove = null;
    this.press = null;

    const span = (n) => (this.onPoints ? (n - 1) * CELL + 2 * this.margin : n * CELL);
    svg.setAttribute("viewBox", `0 0 ${span(this.files)} ${span(this.ranks)}`);
    svg.dataset.game = this.game;
    svg.innerHTML = `<defs>${pieceDefs()}</defs><g class="layer-board"></g><g class="layer-marks"></g>
      <g class="layer-pieces"></g><g class="layer-arrows"></g><g class="layer-drag"></g>`;
    [this.boardLayer, this.markLayer, this.pieceLayer, this.arrowLayer, this.dragLayer] = svg.querySelectorAll(":scope > g");
    svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    svg.addEventListener("pointermove", (e) => this.pointerMove(e));
    svg.addEventListener("pointerup", (e) => this.pointerUp(e));
    svg.addEventListener("pointercancel", () => this.cancelPress());
    this.setFlipped(false);
  }

  // ----- geometry -----

  /** The centre of `square` in the SVG's coordinates, as seen from the current side. */
  centre(square) {
    const file = square.charCodeAt(0) - 97;
    const rank = Number(square.slice(1)) - this.lowestRank;
    const column = this.flipped ? this.files - 1 - file : file;
    const row = this.flipped ? rank : this.ranks - 1 - rank;
    const offset = this.onPoints ? this.margin : CELL / 2;
    return [offset + column * CELL, offset + row * CELL];
  }

  squareName(file, rank) {
    return String.fromCharCode(97 + file) + (rank + this.lowestRank);
  }

  /** The square under a pointer event, or null off the board. */
  squareAt(event) {
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(this.svg.getScreenCTM().inverse());
    const cell = (v) => (this.onPoints ? Math.round((v - this.margin) / CELL) : Math.floor(v / CELL));
    const column = cell(p.x);
    const row = cell(p.y);
    if (column < 0 || column >= this.files || row < 0 || row >= this.ranks) return null;
    const file = this.flipped ? this.files - 1 - column : column;
    const rank = this.flipped ? row : this.ranks - 1 - row;
    return this.squareName(file, rank);
  }

  // ----- what is shown -----

  setFlipped(flipped) {
    this.flipped = flipped;
    this.svg.dataset.orientation = flipped ? "flipped" : "normal";
    this.drawBoard();
    this.drawPieces();
    this.drawMarks();
    this.drawArrow();
  }

  /**
   * Shows a position: `fen`, its `legal` moves (as /api/position), the `check` square, the
   * `last` move ({from, to, path}) and whether the player may move (`interactive`). With
   * `animate`, the piece now on the last move's end square slides along its path.
   */
  show({ fen, legal, check, last, interactive }, animate = false) {
    const pieces = piecesOf(this.game, fen);
    const campsChange = this.game === "ugolki" && pieces.size !== this.pieces.size; // 9, 12 or 16 a side
    this.pieces = pieces;
    this.legal = legal;
    this.check = check;
    this.last = last;
    this.selected = null;
    this.cancelPress();
    this.svg.dataset.fen = fen;
    this.setInteractive(interactive);
    if (campsChange) this.drawBoard();
    this.drawPieces();
    this.drawMarks();
    if (animate && last) this.slide(last.to, last.path);
  }

  /** Takes moves or not (until the next position shown says otherwise). */
  setInteractive(interactive) {
    this.interactive = interactive;
    this.svg.dataset.interactive = String(interactive);
  }

  /** Draws Ladya's best move as an arrow (a coordinate move, or null for none). */
  setArrow(move) {
    this.arrowMove = move;
    this.drawArrow();
  }

  /** Puts the pieces back where the position has them (after a cancelled move). */
  reset() {
    this.selected = null;
    this.drawPieces();
    this.drawMarks();
  }

  drawBoard() {
    const draw = { chess: () => this.chessBoard(), xiangqi: () => this.xiangqiBoard(), ugolki: () => this.ugolkiBoard() };
    this.boardLayer.innerHTML = draw[this.game]();
  }

  chessBoard() {
    let out = "";
    for (let file = 0; file < this.files; file++) {
      for (let rank = 0; rank < this.ranks; rank++) {
        const [x, y] = this.centre(this.squareName(file, rank));
        const light = (file + rank) % 2 === 1;
        out += el("rect", { class: light ? "sq light" : "sq dark", x: x - 50, y: y - 50, width: CELL, height: CELL });
      }
    }
    return out + this.squareCoordinates();
  }

  /** File letters along the bottom edge and rank numbers along the left, inside the squares. */
  squareCoordinates() {
    let out = "";
    const bottomRank = this.flipped ? this.ranks - 1 : 0;
    const leftFile = this.flipped ? this.files - 1 : 0;
    for (let file = 0; file < this.files; file++) {
      const [x, y] = this.centre(this.squareName(file, bottomRank));
      const light = (file + bottomRank) % 2 === 1;
      out += el("text", { class: `coord ${light ? "on-light" : "on-dark"}`, x: x + 44, y: y + 44, "text-anchor": "end" }, String.fromCharCode(97 + file));
    }
    for (let rank = 0; rank < this.ranks; rank++) {
      const [x, y] = this.centre(this.squareName(leftFile, rank));
      const light = (leftFile + rank) % 2 === 1;
      out += el("text", { class: `coord ${light ? "on-light" : "on-dark"}`, x: x - 45, y: y - 29 }, String(rank + this.lowestRank));
    }
    return out;
  }

  ugolkiBoard() {
    // The camps follow from the number of pieces: 9 on 3x3, 12 on 4 files x 3 ranks, 16 on 4x4.
    const perSide = this.pieces.size / 2 || 12;
    const [campFiles, campRanks] = { 9: [3, 3], 16: [4, 4] }[perSide] || [4, 3];
    const camp = (file, rank) => {
      if (file >= this.files - campFiles && rank < campRanks) return "white";
      if (file < campFiles && rank >= this.ranks - campRanks) return "black";
      return null;
    };
    let out = "";
    for (let file = 0; file < this.files; file++) {
      for (let rank = 0; rank < this.ranks; rank++) {
        const [x, y] = this.centre(this.squareName(file, rank));
        const light = (file + rank) % 2 === 1;
        const home = camp(file, rank);
        const cls = `sq ${light ? "light" : "dark"}${home ? ` camp camp-${home}` : ""}`;
        out += el("rect", { class: cls, x: x - 50, y: y - 50, width: CELL, height: CELL });
      }
    }
    // An outline around each camp, with its owner's name.
    for (const [home, files, ranks] of [
      ["white", [this.files - campFiles, this.files - 1], [0, campRanks - 1]],
      ["black", [0, campFiles - 1], [this.ranks - campRanks, this.ranks - 1]],
    ]) {
      const [x1, y1] = this.centre(this.squareName(files[0], ranks[0]));
      const [x2, y2] = this.centre(this.squareName(files[1], ranks[1]));
      out += el("rect", {
        class: `camp-outline camp-${home}`,
        x: Math.min(x1, x2) - 47, y: Math.min(y1, y2) - 47,
        width: Math.abs(x2 - x1) + 94, height: Math.abs(y2 - y1) + 94, rx: 8,
      }, `<title>${home === "white" ? "White" : "Black"}'s camp (home)</title>`);
    }
    return out + this.squareCoordinates();
  }

  xiangqiBoard() {
    const m = this.margin;
    const w = (this.files - 1) * CELL;
    const h = (this.ranks - 1) * CELL;
    const at = (file, rank) => this.centre(this.squareName(file, rank));
    const line = (a, b) => {
      const [x1, y1] = at(...a);
      const [x2, y2] = at(...b);
      return `M${x1} ${y1}L${x2} ${y2}`;
    };
    let d = "";
    for (let rank = 0; rank < this.ranks; rank++) d += line([0, rank], [this.files - 1, rank]);
    for (let file = 0; file < this.files; file++) {
      if (file === 0 || file === this.files - 1) {
        d += line([file, 0], [file, 9]);
      } else {
        d += line([file, 0], [file, 4]) + line([file, 5], [file, 9]);
      }
    }
    // The palaces' diagonals.
    d += line([3, 0], [5, 2]) + line([5, 0], [3, 2]) + line([3, 7], [5, 9]) + line([5, 7], [3, 9]);
    // The marks where cannons and soldiers start.
    let marks = "";
    const starts = [[1, 2], [7, 2], [1, 7], [7, 7]];
    for (const file of [0, 2, 4, 6, 8]) starts.push([file, 3], [file, 6]);
    for (const [file, rank] of starts) {
      const [x, y] = at(file, rank);
      for (const sx of [-1, 1]) {
        const column = this.flipped ? this.files - 1 - file : file;
        if ((sx < 0 && column === 0) || (sx > 0 && column === this.files - 1)) continue;
        for (const sy of [-1, 1]) {
          const ox = x + sx * 7;
          const oy = y + sy * 7;
          marks += `M${ox + sx * 14} ${oy}H${ox}V${oy + sy * 14}`;
        }
      }
    }
    // The river's words, and the files' numbers as each side counts them (WXF: from its right).
    const riverY = m + 4.5 * CELL;
    const numbers = "一二三四五六七八九";
    let labels = "";
    const bottomRed = !this.flipped;
    for (let column = 0; column < this.files; column++) {
      const x = m + column * CELL;
      const fromRightBottom = this.files - column; // the bottom side counts from its right
      const fromRightTop = column + 1;
      const bottom = bottomRed ? numbers[fromRightBottom - 1] : String(fromRightBottom);
      const top = bottomRed ? String(fromRightTop) : numbers[fromRightTop - 1];
      labels += el("text", { class: "file-number", x, y: m + h + 64 }, bottom);
      labels += el("text", { class: "file-number", x, y: m - 64 }, top);
    }
    return `${el("rect", { class: "xiangqi-wood", x: 0, y: 0, width: w + 2 * m, height: h + 2 * m, rx: 10 })}
      ${el("rect", { class: "xiangqi-frame", x: m - 10, y: m - 10, width: w + 20, height: h + 20 })}
      ${el("path", { class: "xiangqi-lines", d })}
      ${el("path", { class: "xiangqi-marks", d: marks })}
      ${el("text", { class: "river", x: m + 2 * CELL, y: riverY }, "楚 河")}
      ${el("text", { class: "river", x: m + 6 * CELL, y: riverY }, "漢 界")}
      ${labels}`;
  }

  drawPieces() {
    let out = "";
    for (const [square, code] of this.pieces) {
      const [x, y] = this.centre(square);
      out += el("g", {
        class: "piece", "data-square": square, "data-piece": code,
        transform: `translate(${x} ${y})`, role: "img", "aria-label": `${pieceName(this.game, code)} on ${square}`,
      }, pieceMarkup(this.game, code));
    }
    this.pieceLayer.innerHTML = out;
    this.dragLayer.innerHTML = "";
  }

  drawMarks() {
    const out = [];
    const mark = (kind, square, shape) => {
      const [x, y] = this.centre(square);
      const attrs = { class: `mark ${kind} ${shape || "cell"}`, "data-square": square };
      if (shape === "dot") out.push(el("circle", { ...attrs, cx: x, cy: y, r: this.onPoints ? 13 : 16 }));
      else if (shape === "ring") out.push(el("circle", { ...attrs, cx: x, cy: y, r: this.onPoints ? 46 : 45 }));
      else if (shape === "glow") out.push(el("circle", { ...attrs, cx: x, cy: y, r: this.onPoints ? 62 : 60 }));
      else if (this.onPoints) out.push(el("circle", { ...attrs, cx: x, cy: y, r: 49 }));
      else out.push(el("rect", { ...attrs, x: x - 50, y: y - 50, width: CELL, height: CELL }));
    };
    if (this.last) {
      mark("last", this.last.from);
      mark("last", this.last.to);
      for (const square of (this.last.path || []).slice(1, -1)) mark("path", square, "dot");
    }
    if (this.check) mark("check", this.check, "glow");
    if (this.press?.hover) mark("hover", this.press.hover);
    if (this.selected) {
      mark("selected", this.selected);
      for (const to of this.targets(this.selected)) {
        mark("target", to, this.pieces.has(to) ? "ring" : "dot");
      }
    }
    this.markLayer.innerHTML = out.join("");
  }

  drawArrow() {
    if (!this.arrowMove || this.arrowMove.length < 4 || this.arrowMove === "0000") {
      this.arrowLayer.innerHTML = "";
      return;
    }
    // Along the move's path where the position shown knows it (an ugolki chain turns).
    const entry = this.legal.find((m) => m.move === this.arrowMove);
    const path = entry && entry.path.length > 2 ? entry.path : [this.arrowMove.slice(0, 2), this.arrowMove.slice(2, 4)];
    const points = path.map((square) => this.centre(square));
    const [x1, y1] = points[points.length - 2];
    const [x2, y2] = points[points.length - 1];
    const length = Math.hypot(x2 - x1, y2 - y1) || 1;
    const cut = 26; // the head's length beyond the line's end
    points[points.length - 1] = [x2 - ((x2 - x1) * cut) / length, y2 - ((y2 - y1) * cut) / length];
    this.arrowLayer.innerHTML = el("polyline", {
      class: "arrow", "data-move": this.arrowMove, points: points.map((p) => p.join(",")).join(" "), "marker-end": "url(#arrowhead)",
    });
  }

  /** Slides the piece on `square` along `path` (squares from its start to `square`). */
  slide(square, path) {
    const piece = this.pieceLayer.querySelector(`[data-square="${square}"]`);
    if (!piece || !path || path.length < 2 || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const frames = path.map((s) => {
      const [x, y] = this.centre(s);
      return { transform: `translate(${x}px, ${y}px)` };
    });
    this.pieceLayer.append(piece); // above the others while it moves
    piece.animate(frames, { duration: HOP_MS * (path.length - 1), easing: path.length > 2 ? "linear" : "ease-out" });
  }

  // ----- taking moves -----

  /** The distinct squares the piece on `from` may go to. */
  targets(from) {
    return [...new Set(this.legal.filter((m) => m.from === from).map((m) => m.to))];
  }

  select(square) {
    this.selected = square;
    this.drawMarks();
  }

  pointerDown(event) {
    if (!this.interactive || event.button > 0) return;
    const square = this.squareAt(event);
    if (!square) return;
    if (this.selected && square !== this.selected && this.targets(this.selected).includes(square)) {
      const from = this.selected;
      this.selected = null;
      this.drawMarks();
      this.onMove(from, square, "click");
      return;
    }
    if (this.targets(square).length === 0) {
      if (this.selected) this.select(null);
      return;
    }
    event.preventDefault();
    this.press = { square, x: event.clientX, y: event.clientY, dragging: false, wasSelected: this.selected === square, id: event.pointerId };
    this.svg.setPointerCapture(event.pointerId);
    this.select(square);
  }

  pointerMove(event) {
    const press = this.press;
    if (!press || press.id !== event.pointerId) return;
    if (!press.dragging) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_THRESHOLD) return;
      press.dragging = true;
      press.piece = this.pieceLayer.querySelector(`[data-square="${press.square}"]`);
      if (press.piece) {
        press.piece.classList.add("dragging");
        this.dragLayer.append(press.piece);
      }
    }
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(this.svg.getScreenCTM().inverse());
    press.piece?.setAttribute("transform", `translate(${p.x} ${p.y})`);
    // The legal target under the piece is lit while it is dragged.
    const over = this.squareAt(event);
    const hover = over && this.targets(press.square).includes(over) ? over : null;
    if (hover !== press.hover) {
      press.hover = hover;
      this.drawMarks();
    }
  }

  pointerUp(event) {
    const press = this.press;
    if (!press || press.id !== event.pointerId) return;
    this.press = null;
    if (press.hover) this.drawMarks();
    if (!press.dragging) {
      if (press.wasSelected) this.select(null); // a second click on the selected piece lets go
      return;
    }
    const to = this.squareAt(event);
    if (to && to !== press.square && this.targets(press.square).includes(to)) {
      const [x, y] = this.centre(to);
      press.piece?.classList.remove("dragging");
      press.piece?.setAttribute("transform", `translate(${x} ${y})`);
      this.selected = null;
      this.drawMarks();
      this.onMove(press.square, to, "drag");
    } else {
      this.drawPieces(); // back to its square, still selected
    }
  }

  cancelPress() {
    if (this.press?.dragging) this.drawPieces();
    this.press = null;
  }

  /** Asks which piece a pawn of `colour` ("w" or "b") becomes; resolves to q, r, b, n or null. */
  choosePromotion(colour) {
    return new Promise((resolve) => {
      const overlay = document.createElement("div");
      overlay.className = "promotion";
      overlay.setAttribute("role", "dialog");
      overlay.setAttribute("aria-label", "Promote the pawn to");
      overlay.innerHTML = `<div class="promotion-choices">${PROMOTIONS.map(
        ([letter, type, name]) =>
          `<button type="button" data-promotion="${letter}" aria-label="${name}" title="${name}">` +
          `<svg viewBox="0 0 100 100" aria-hidden="true"><use href="#chess-${colour}${type}"/></svg></button>`,
      ).join("")}</div>`;
      const close = (choice) => {
        overlay.remove();
        document.removeEventListener("keydown", onKey);
        resolve(choice);
      };
      const onKey = (e) => e.key === "Escape" && close(null);
      overlay.addEventListener("click", (e) => close(e.target.closest("button")?.dataset.promotion ?? null));
      document.addEventListener("keydown", onKey);
      this.svg.parentElement.append(overlay);
      overlay.querySelector("button").focus();
    });
  }
}
