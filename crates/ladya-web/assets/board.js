// The board: an SVG drawing of a chess, xiangqi or ugolki position that takes moves by
// click-click or drag-and-drop (pointer events, so mouse, pen and touch alike) and by keyboard
// (Tab into the board, arrow keys move a focus square, Enter or Space selects and moves). While
// the other side thinks, one premove may be set up the same ways; a click on the board outside
// it, a right click or Escape cancels it. In chess the king castles by going two squares or onto
// its own rook.
//
// State for tests and styles lives in data attributes: the <svg> has data-game, data-fen,
// data-orientation, data-interactive and data-premove ("e2e4" while one is set); every piece is
// <g class="piece" data-square data-piece>; every highlight is <... class="mark KIND" data-square>
// with KIND last, path, check, selected, target, hover (the target under a dragged piece),
// premove or focus (the keyboard's square); the engine's arrow is <polyline class="arrow"
// data-move>. In xiangqi the last move and check marks are rings drawn above the pieces.

import { pieceDefs, pieceMarkup, pieceName, PROMOTIONS } from "./pieces.js";

const CELL = 100;
const DRAG_THRESHOLD = 4; // CSS pixels before a press becomes a drag
const XIANGQI_LABELS = 30; // extra room under the xiangqi board for the file letters
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
    this.aliases = new Map(); // chess: "e1h1" (king onto its rook) -> "g1", the castling's square
    this.pieceSet = "chinese"; // xiangqi: "chinese" or "western"
    this.premoveColour = null; // the first letter of the codes of the pieces that may premove
    this.premove = null; // {from, to} while one is set
    /** Called with (from, to) when a premove is set, and with null when it is cancelled. */
    this.onPremove = () => {};
    this.focusSquare = null; // the keyboard's square

    const span = (n) => (this.onPoints ? (n - 1) * CELL + 2 * this.margin : n * CELL);
    const extra = this.onPoints ? XIANGQI_LABELS : 0;
    svg.setAttribute("viewBox", `0 0 ${span(this.files)} ${span(this.ranks) + extra}`);
    svg.dataset.game = this.game;
    svg.innerHTML = `<defs>${pieceDefs()}</defs><g class="layer-board"></g><g class="layer-marks"></g>
      <g class="layer-pieces"></g><g class="layer-over"></g><g class="layer-arrows"></g><g class="layer-drag"></g>`;
    [this.boardLayer, this.markLayer, this.pieceLayer, this.overLayer, this.arrowLayer, this.dragLayer] = svg.querySelectorAll(":scope > g");
    svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    svg.addEventListener("pointermove", (e) => this.pointerMove(e));
    svg.addEventListener("pointerup", (e) => this.pointerUp(e));
    svg.addEventListener("pointercancel", () => this.cancelPress());
    svg.addEventListener("contextmenu", (e) => e.preventDefault());
    svg.tabIndex = 0;
    svg.setAttribute("aria-roledescription", "board");
    svg.setAttribute("aria-activedescendant", "board-focus");
    svg.addEventListener("keydown", (e) => this.keyDown(e));
    svg.addEventListener("focus", () => this.focusIn());
    svg.addEventListener("blur", () => this.drawMarks());
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
    this.aliases = this.castlingAliases();
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

  /**
   * While the board takes no move, the pieces of `side` ("white", "red" or "black"; null for
   * none) may set up a premove. A premove already set stays until `takePremove` or a cancel.
   */
  setPremoveSide(side) {
    const colour = side ? side[0] : null;
    if (colour === this.premoveColour) return;
    this.premoveColour = colour;
    if (!colour && this.selected && !this.interactive) this.select(null);
  }

  /** The premove set ({from, to}) or null; it is cleared (the caller plays it or drops it). */
  takePremove() {
    const premove = this.premove;
    this.premove = null;
    delete this.svg.dataset.premove;
    if (premove) this.drawMarks();
    return premove;
  }

  cancelPremove() {
    const had = this.premove || (this.selected && !this.interactive);
    this.premove = null;
    delete this.svg.dataset.premove;
    if (!this.interactive) this.selected = null;
    if (had) {
      this.drawMarks();
      this.onPremove(null);
    }
  }

  setPremove(from, to) {
    this.premove = { from, to };
    this.svg.dataset.premove = from + to;
    this.selected = null;
    this.drawMarks();
    this.onPremove(from, to);
  }

  /** Whether the piece on `square` may set up a premove. */
  premovable(square) {
    return !this.interactive && this.premoveColour !== null && (this.pieces.get(square) || "")[0] === this.premoveColour;
  }

  /** Draws xiangqi's pieces with Chinese characters ("chinese") or Western letters ("western"). */
  setPieceSet(set) {
    this.pieceSet = set === "western" ? "western" : "chinese";
    this.svg.dataset.pieceSet = this.pieceSet;
    this.drawPieces();
  }

  /**
   * Chess: the squares of the rooks a king may castle with, as extra targets of the king: a map
   * from "e1h1" to the castling move's own square ("g1").
   */
  castlingAliases() {
    const aliases = new Map();
    if (this.game !== "chess") return aliases;
    for (const m of this.legal) {
      const king = this.pieces.get(m.from);
      const step = m.to.charCodeAt(0) - m.from.charCodeAt(0);
      if (!king || king[1] !== "K" || Math.abs(step) !== 2 || m.from[1] !== m.to[1]) continue;
      for (let file = m.from.charCodeAt(0) - 97 + Math.sign(step); file >= 0 && file < this.files; file += Math.sign(step)) {
        const square = String.fromCharCode(97 + file) + m.from[1];
        const piece = this.pieces.get(square);
        if (!piece) continue;
        if (piece === `${king[0]}R`) aliases.set(m.from + square, m.to);
        break;
      }
    }
    return aliases;
  }

  /** The square a move from `from` dropped on `to` goes to (the king dropped on its rook castles). */
  resolveTarget(from, to) {
    return this.aliases.get(from + to) ?? to;
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
      labels += el("text", { class: "file-number", x, y: m + h + 64 + XIANGQI_LABELS }, bottom);
      labels += el("text", { class: "file-number", x, y: m - 64 }, top);
    }
    // The coordinates of the move box (ICCS): files a-i and ranks 0-9 from Red's side, outside
    // the lines: the letters under the board, the ranks on its left.
    let coordinates = "";
    for (let file = 0; file < this.files; file++) {
      const [x] = at(file, 0);
      coordinates += el("text", { class: "xiangqi-coord", x, y: m + h + 66 }, String.fromCharCode(97 + file));
    }
    for (let rank = 0; rank < this.ranks; rank++) {
      const [, y] = at(0, rank);
      coordinates += el("text", { class: "xiangqi-coord", x: m - 64, y }, String(rank));
    }
    return `${el("rect", { class: "xiangqi-wood", x: 0, y: 0, width: w + 2 * m, height: h + 2 * m + XIANGQI_LABELS, rx: 10 })}
      ${el("rect", { class: "xiangqi-frame", x: m - 10, y: m - 10, width: w + 20, height: h + 20 })}
      ${el("path", { class: "xiangqi-lines", d })}
      ${el("path", { class: "xiangqi-marks", d: marks })}
      ${el("text", { class: "river", x: m + 2 * CELL, y: riverY }, "楚 河")}
      ${el("text", { class: "river", x: m + 6 * CELL, y: riverY }, "漢 界")}
      ${labels}${coordinates}`;
  }

  drawPieces() {
    let out = "";
    for (const [square, code] of this.pieces) {
      const [x, y] = this.centre(square);
      out += el("g", {
        class: "piece", "data-square": square, "data-piece": code,
        transform: `translate(${x} ${y})`, role: "img", "aria-label": `${pieceName(this.game, code)} on ${square}`,
      }, pieceMarkup(this.game, code, this.pieceSet));
    }
    this.pieceLayer.innerHTML = out;
    this.dragLayer.innerHTML = "";
  }

  drawMarks() {
    const under = [];
    const over = []; // above the pieces
    const mark = (kind, square, shape, into = under) => {
      const [x, y] = this.centre(square);
      const attrs = { class: `mark ${kind} ${shape || "cell"}`, "data-square": square };
      if (shape === "dot") into.push(el("circle", { ...attrs, cx: x, cy: y, r: this.onPoints ? 13 : 16 }));
      else if (shape === "ring") into.push(el("circle", { ...attrs, cx: x, cy: y, r: this.onPoints ? 46 : 45 }));
      else if (shape === "glow") into.push(el("circle", { ...attrs, cx: x, cy: y, r: this.onPoints ? 62 : 60 }));
      else if (shape === "halo") into.push(el("circle", { ...attrs, cx: x, cy: y, r: 47 }));
      else if (this.onPoints) into.push(el("circle", { ...attrs, cx: x, cy: y, r: 49 }));
      else into.push(el("rect", { ...attrs, x: x - 50, y: y - 50, width: CELL, height: CELL }));
    };
    // Xiangqi's round pieces cover their whole point: its last move and check are rings above them.
    if (this.last) {
      mark("last", this.last.from, this.onPoints ? "halo" : null, this.onPoints ? over : under);
      mark("last", this.last.to, this.onPoints ? "halo" : null, this.onPoints ? over : under);
      for (const square of (this.last.path || []).slice(1, -1)) mark("path", square, "dot");
    }
    if (this.check) {
      mark("check", this.check, "glow");
      if (this.onPoints) mark("check", this.check, "halo", over);
    }
    if (this.premove) {
      mark("premove", this.premove.from);
      mark("premove", this.premove.to);
    }
    if (this.press?.hover) mark("hover", this.press.hover);
    if (this.selected) {
      mark("selected", this.selected);
      if (this.interactive) {
        for (const to of this.targets(this.selected)) {
          mark("target", to, this.pieces.has(to) ? "ring" : "dot");
        }
      }
    }
    if (this.focusSquare && document.activeElement === this.svg) {
      const [x, y] = this.centre(this.focusSquare);
      const r = this.onPoints ? 50 : 47;
      over.push(el("rect", {
        class: "mark focus", "data-square": this.focusSquare, id: "board-focus", role: "img",
        "aria-label": this.describe(this.focusSquare), x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: this.onPoints ? 12 : 4,
      }));
    }
    this.markLayer.innerHTML = under.join("");
    this.overLayer.innerHTML = over.join("");
  }

  /** The square for a screen reader: "e2, white pawn, selected". */
  describe(square) {
    const piece = this.pieces.get(square);
    let text = piece ? `${square}, ${pieceName(this.game, piece)}` : `${square}, empty`;
    if (this.selected === square) text += ", selected";
    else if (this.selected && this.interactive && this.targets(this.selected).includes(square)) text += `, ${this.selected} may go here`;
    if (this.premove && (this.premove.from === square || this.premove.to === square)) text += ", premove";
    return text;
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

  /** The distinct squares the piece on `from` may go to (in chess, a castling king's rook too). */
  targets(from) {
    const squares = this.legal.filter((m) => m.from === from).map((m) => m.to);
    for (const key of this.aliases.keys()) if (key.startsWith(from)) squares.push(key.slice(2));
    return [...new Set(squares)];
  }

  select(square) {
    this.selected = square;
    this.drawMarks();
  }

  /** Makes the move `from`-`to` (a target of `from`) by `how` ("click", "drag" or "key"). */
  moveTo(from, to, how) {
    this.selected = null;
    this.drawMarks();
    this.onMove(from, this.resolveTarget(from, to), how);
  }

  /**
   * A click (or Enter) on `square`, apart from drags: moves the selected piece there, selects
   * the piece there, or lets go. Returns whether the square's piece was selected (a press on it
   * may become a drag).
   */
  activate(square) {
    if (!this.interactive) return this.activatePremove(square);
    if (this.selected && square !== this.selected && this.targets(this.selected).includes(square)) {
      this.moveTo(this.selected, square, "click");
      return false;
    }
    if (!square || this.targets(square).length === 0) {
      if (this.selected) this.select(null);
      return false;
    }
    this.select(square);
    return true;
  }

  /** `activate` while the other side thinks: sets up, or cancels, the premove. */
  activatePremove(square) {
    if (this.premoveColour === null) return false;
    if (this.premove) {
      // A click anywhere cancels the premove set; on one of the player's pieces it starts another.
      this.cancelPremove();
      if (!square || !this.premovable(square)) return false;
    }
    if (this.selected && square && square !== this.selected) {
      this.setPremove(this.selected, square);
      return false;
    }
    if (square && this.premovable(square) && square !== this.selected) {
      this.select(square);
      return true;
    }
    if (this.selected) this.select(null);
    return false;
  }

  pointerDown(event) {
    if (event.button === 2) {
      // A right click cancels a premove (and the piece selected for one).
      if (!this.interactive) this.cancelPremove();
      return;
    }
    if (event.button > 0) return;
    if (!this.interactive && this.premoveColour === null) return;
    const square = this.squareAt(event);
    const wasSelected = square !== null && this.selected === square;
    if (wasSelected) {
      // A press on the selected piece: it may be dragged, or a click lets it go (at the release).
    } else if (!this.activate(square)) {
      event.preventDefault(); // keeps the focus where it is (a promotion's picker takes it)
      return;
    }
    event.preventDefault();
    this.press = { square, x: event.clientX, y: event.clientY, dragging: false, wasSelected, id: event.pointerId };
    this.svg.setPointerCapture(event.pointerId);
    this.focusSquare = square; // the keyboard goes on from the square pressed
    this.drawMarks();
  }

  /** The squares a dragged piece may be dropped on: its targets, or any square for a premove. */
  dropTargets(from) {
    if (this.interactive) return this.targets(from);
    return this.premoveColour === null ? [] : null; // null: any square but its own
  }

  canDrop(from, to) {
    if (!to || to === from) return false;
    const targets = this.dropTargets(from);
    return targets === null || targets.includes(to);
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
    const hover = this.canDrop(press.square, over) ? over : null;
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
    if (this.canDrop(press.square, to)) {
      const [x, y] = this.centre(to);
      press.piece?.classList.remove("dragging");
      press.piece?.setAttribute("transform", `translate(${x} ${y})`);
      if (this.interactive) {
        this.moveTo(press.square, to, "drag");
      } else {
        this.drawPieces(); // a premove: the piece waits on its square
        this.setPremove(press.square, to);
      }
    } else {
      this.drawPieces(); // back to its square, still selected
    }
  }

  cancelPress() {
    if (this.press?.dragging) this.drawPieces();
    this.press = null;
  }

  // ----- the keyboard -----

  focusIn() {
    if (!this.focusSquare) {
      // The selected piece, else the first piece that may move, else the middle of the board.
      this.focusSquare = this.selected || this.legal.find((m) => m.from && m.from.length === 2)?.from || null;
      if (!this.focusSquare || !this.interactive) {
        this.focusSquare = this.squareName(Math.floor(this.files / 2), this.flipped ? this.ranks - 1 : 0);
      }
    }
    this.drawMarks();
  }

  /** Arrow keys move the focus square as seen on the screen; Enter or Space acts on it. */
  keyDown(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const step = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[event.key];
    if (step) {
      event.preventDefault();
      event.stopPropagation(); // not the move list's arrows
      if (!this.focusSquare) this.focusIn();
      const sign = this.flipped ? -1 : 1;
      const file = Math.min(this.files - 1, Math.max(0, this.focusSquare.charCodeAt(0) - 97 + sign * step[0]));
      const rank = Math.min(this.ranks - 1, Math.max(0, Number(this.focusSquare.slice(1)) - this.lowestRank + sign * step[1]));
      this.focusSquare = this.squareName(file, rank);
      this.drawMarks();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      if (!this.focusSquare) return this.focusIn();
      if (this.interactive && this.selected && this.focusSquare !== this.selected && this.targets(this.selected).includes(this.focusSquare)) {
        this.moveTo(this.selected, this.focusSquare, "key");
      } else if (this.selected === this.focusSquare) {
        this.select(null);
      } else {
        this.activate(this.focusSquare);
      }
    } else if (event.key === "Escape") {
      if (this.premove || this.selected) event.stopPropagation();
      if (!this.interactive) this.cancelPremove();
      if (this.selected) this.select(null);
    }
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
      const buttons = [...overlay.querySelectorAll("button")];
      const returnFocus = document.activeElement;
      const close = (choice) => {
        overlay.remove();
        document.removeEventListener("keydown", onKey, true);
        if (returnFocus && returnFocus !== document.body) returnFocus.focus({ preventScroll: true });
        resolve(choice);
      };
      // The picker has the keyboard: arrow keys go from piece to piece, Enter or Space chooses
      // (the buttons' own), Escape cancels; nothing else on the page sees these keys meanwhile.
      const onKey = (e) => {
        const at = Math.max(buttons.indexOf(document.activeElement), 0);
        const focus = (i) => buttons[(i + buttons.length) % buttons.length].focus();
        const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
        if (e.key === "Escape") close(null);
        else if (step) focus(at + step);
        else if (e.key === "Tab") focus(at + (e.shiftKey ? -1 : 1));
        else if (e.key === "Home" || e.key === "End") focus(e.key === "Home" ? 0 : -1);
        else if ((e.key === "Enter" || e.key === " ") && !overlay.contains(document.activeElement)) focus(0);
        else return; // Enter or Space on a piece: the button's own click chooses it
        e.preventDefault();
        e.stopPropagation();
      };
      overlay.addEventListener("click", (e) => close(e.target.closest("button")?.dataset.promotion ?? null));
      document.addEventListener("keydown", onKey, true);
      this.svg.parentElement.append(overlay);
      // After the press that made the move is over (it would take the focus back to the board).
      buttons[0].focus();
      setTimeout(() => overlay.isConnected && !overlay.contains(document.activeElement) && buttons[0].focus(), 0);
    });
  }
}
