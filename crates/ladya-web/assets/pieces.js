// The pieces, drawn for this page: chess pieces as SVG symbols in a 100x100 box, xiangqi's round
// pieces with their characters, and ugolki's stones.

const PLINTH = '<rect class="b" x="23" y="80" width="54" height="10" rx="3"/>';

// Each chess piece as parts: `b` are bodies (filled and outlined), `d` detail lines.
const CHESS_SHAPES = {
  P: `<path class="b" d="M42 47C39 54 40 58 45 62C35 66 31 72 30 80H70C69 72 65 66 55 62C60 58 61 54 58 47Z"/>
      <rect class="b" x="37" y="42" width="26" height="6" rx="3"/>
      <circle class="b" cx="50" cy="29" r="12"/>${PLINTH}`,
  R: `<path class="b" d="M32 36H68L65 68H35Z"/>
      <path class="b" d="M27 15H37V22H45V15H55V22H63V15H73V31L68 37H32L27 31Z"/>
      <path class="b" d="M33 68H67L72 80H28Z"/>${PLINTH}
      <path class="d" d="M36 46H64M35 58H65"/>`,
  N: `<path class="b" d="M30 80C30 70 36 62 47 55C42 56 36 58 31 60C26 62 20 60 19 55C18 51 20 48 23 46L38 30C41 25 45 21 49 19L52 8L57 18C71 22 80 38 78 56C77 66 73 74 72 80Z"/>${PLINTH}
      <circle class="e" cx="42" cy="31" r="3.2"/><circle class="e" cx="24" cy="51" r="1.8"/>
      <path class="d" d="M60 24C68 32 71 44 69 56"/>`,
  B: `<path class="b" d="M40 66C41 72 36 77 30 80H70C64 77 59 72 60 66Z"/>
      <path class="b" d="M50 17C63 27 69 43 61 60H39C31 43 37 27 50 17Z"/>
      <circle class="b" cx="50" cy="13" r="5"/>
      <rect class="b" x="35" y="59" width="30" height="7" rx="3"/>${PLINTH}
      <path class="d" d="M56 30L45 43"/>`,
  Q: `<path class="b" d="M29 72L19 37L35 56L37 30L46 54L50 25L54 54L63 30L65 56L81 37L71 72Z"/>
      <circle class="b" cx="19" cy="33" r="5"/><circle class="b" cx="37" cy="26" r="5"/>
      <circle class="b" cx="50" cy="21" r="5"/><circle class="b" cx="63" cy="26" r="5"/>
      <circle class="b" cx="81" cy="33" r="5"/>
      <path class="b" d="M29 72H71L74 80H26Z"/>${PLINTH}
      <path class="d" d="M30 65H70"/>`,
  K: `<path class="b" d="M46 24H54L53 44H47Z"/>
      <path class="b" d="M47 5H53V11H59V17H53V25H47V17H41V11H47Z"/>
      <path class="b" d="M30 72C22 58 24 40 38 37C45 36 50 41 50 46C50 41 55 36 62 37C76 40 78 58 70 72Z"/>
      <path class="b" d="M30 72H70L74 80H26Z"/>${PLINTH}
      <path class="d" d="M31 63H69"/>`,
};

const CHESS_COLOURS = {
  w: { fill: "url(#piece-white)", stroke: "#1f1f1f", detail: "#1f1f1f" },
  b: { fill: "url(#piece-black)", stroke: "#0a0a0a", detail: "#d9d9d9" },
};

/** The shared definitions: gradients and one `<symbol id="chess-wK">` per chess piece. */
export function pieceDefs() {
  let out = `
    <linearGradient id="piece-white" x1="0" y1="0" x2="0.3" y2="1">
      <stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#d6d3cc"/>
    </linearGradient>
    <linearGradient id="piece-black" x1="0" y1="0" x2="0.3" y2="1">
      <stop offset="0" stop-color="#5c5c63"/><stop offset="1" stop-color="#1b1b1f"/>
    </linearGradient>
    <radialGradient id="stone-white" cx="0.38" cy="0.32" r="0.75">
      <stop offset="0" stop-color="#ffffff"/><stop offset="0.7" stop-color="#e4e1da"/><stop offset="1" stop-color="#b9b5ab"/>
    </radialGradient>
    <radialGradient id="stone-black" cx="0.38" cy="0.32" r="0.75">
      <stop offset="0" stop-color="#6d6d72"/><stop offset="0.6" stop-color="#2c2c30"/><stop offset="1" stop-color="#111113"/>
    </radialGradient>
    <radialGradient id="check-glow">
      <stop offset="0" stop-color="#ff0000" stop-opacity="1"/><stop offset="0.25" stop-color="#e70000" stop-opacity="1"/>
      <stop offset="0.9" stop-color="#a90000" stop-opacity="0"/><stop offset="1" stop-color="#9e0000" stop-opacity="0"/>
    </radialGradient>
    <marker id="arrowhead" viewBox="0 0 10 10" refX="4" refY="5" markerWidth="3.2" markerHeight="3.2" orient="auto">
      <path d="M0 0L10 5L0 10Z" fill="#1f7a3a"/>
    </marker>`;
  for (const [colour, c] of Object.entries(CHESS_COLOURS)) {
    for (const [type, shape] of Object.entries(CHESS_SHAPES)) {
      const styled = shape
        .replaceAll('class="b"', `fill="${c.fill}" stroke="${c.stroke}"`)
        .replaceAll('class="d"', `fill="none" stroke="${c.detail}"`)
        .replaceAll('class="e"', `fill="${c.detail}"`);
      out += `<symbol id="chess-${colour}${type}" viewBox="0 0 100 100">
        <g stroke-width="2.6" stroke-linejoin="round" stroke-linecap="round">${styled}</g></symbol>`;
    }
  }
  return out;
}

const XIANGQI_CHARACTERS = {
  r: { K: "帥", A: "仕", B: "相", N: "傌", R: "俥", C: "炮", P: "兵" },
  b: { K: "將", A: "士", B: "象", N: "馬", R: "車", C: "砲", P: "卒" },
};

const XIANGQI_NAMES = { K: "general", A: "advisor", B: "elephant", N: "horse", R: "chariot", C: "cannon", P: "soldier" };
const CHESS_NAMES = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight", P: "pawn" };

/** The letters of xiangqi's pieces in the move list's notation (WXF), for the Western set. */
const XIANGQI_LETTERS = { K: "K", A: "A", B: "E", N: "H", R: "R", C: "C", P: "P" };

/** The sets of xiangqi pieces: [value, label]. */
export const XIANGQI_SETS = [
  ["chinese", "Chinese characters"],
  ["western", "Western letters"],
];

/**
 * The markup of piece `code` ("wK", "rC", "b" ...) centred on (0, 0) in a cell of 100; in
 * xiangqi, `set` "western" writes the pieces' letters (K A E H R C P) instead of characters.
 */
export function pieceMarkup(game, code, set = "chinese") {
  if (game === "chess") {
    return `<use href="#chess-${code}" x="-50" y="-50" width="100" height="100"/>`;
  }
  if (game === "xiangqi") {
    const colour = code[0] === "r" ? "#b3261e" : "#1d1d1d";
    const face =
      set === "western"
        ? `<text class="xiangqi-letter" y="3" fill="${colour}">${XIANGQI_LETTERS[code[1]]}</text>`
        : `<text class="xiangqi-char" y="3" fill="${colour}">${XIANGQI_CHARACTERS[code[0]][code[1]]}</text>`;
    return `<circle cy="4" r="44" fill="#8a5a2b"/>
      <circle r="44" fill="#f6dfae" stroke="#7a4a1f" stroke-width="2"/>
      <circle r="36" fill="none" stroke="${colour}" stroke-width="2.5"/>
      ${face}`;
  }
  const stone = code === "w" ? "stone-white" : "stone-black";
  const edge = code === "w" ? "#8d887c" : "#050505";
  return `<circle cy="4" r="38" fill="rgba(0,0,0,0.28)"/>
    <circle r="38" fill="url(#${stone})" stroke="${edge}" stroke-width="2"/>`;
}

/** A piece for people: "white knight", "red cannon", "black stone". */
export function pieceName(game, code) {
  const colour = { w: "white", b: "black", r: "red" }[code[0]];
  if (game === "chess") return `${colour} ${CHESS_NAMES[code[1]]}`;
  if (game === "xiangqi") return `${colour} ${XIANGQI_NAMES[code[1]]}`;
  return `${colour} stone`;
}

export const PROMOTIONS = [
  ["q", "Q", "Queen"],
  ["r", "R", "Rook"],
  ["b", "B", "Bishop"],
  ["n", "N", "Knight"],
];
