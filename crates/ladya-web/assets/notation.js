// The move box: which legal move a typed text means. Reads the coordinate form (`e2e4`, also
// written `e2-e4`, `e2xe4`, `e7e8q`, `e7e8=Q`) and the game's notation for people. In chess,
// SAN is read as people write it: the piece letter is a capital (`bxc4` is a pawn's capture,
// `Bxc4` the bishop's), castling may be `0-0` or `O-O`, a move may say more than it needs
// (`Ngf3`, `Ng1f3`) and a promotion may drop its `=` (`e8Q`). Xiangqi's WXF (`C2.5`) and
// ugolki's `e3-e4` are read whatever their case.

/** The legal entry (of /api/position's `legal`) that `text` names, or null. */
export function findTypedMove(game, text, legal, pieceAt) {
  const typed = String(text).trim().replace(/[+#!?]+$/, "");
  if (!typed) return null;
  const exact = legal.filter((m) => m.move === typed || bare(m.text) === typed);
  if (exact.length === 1) return exact[0];
  if (game === "chess") return chessMove(typed, legal, pieceAt);
  const lower = typed.toLowerCase();
  const coordinate = lower.replace(/^([a-i]\d)[-x:]([a-i]\d)$/, "$1$2");
  return legal.find((m) => m.move === coordinate || bare(m.text).toLowerCase() === lower) || null;
}

const bare = (text) => String(text).replace(/[+#!?]+$/, "");

/** The only entry of `candidates`, or null when there are none or several. */
const only = (candidates) => (candidates.length === 1 ? candidates[0] : null);

function chessMove(typed, legal, pieceAt) {
  const typeOf = (m) => (pieceAt(m.from) || "  ")[1];
  // Castling, with letters O or o or the digit 0.
  const castle = /^([0oO])-\1(-\1)?$/.exec(typed);
  if (castle) {
    const long = Boolean(castle[2]);
    return only(legal.filter((m) => {
      const step = m.to.charCodeAt(0) - m.from.charCodeAt(0);
      return typeOf(m) === "K" && Math.abs(step) === 2 && (step < 0) === long;
    }));
  }
  // The coordinate form, in either case, with a dash, a cross or an equals sign if wanted.
  const coordinate = /^([a-h][1-8])[-x:]?([a-h][1-8])=?([qrbn])?$/i.exec(typed);
  if (coordinate) {
    const [from, to] = [coordinate[1].toLowerCase(), coordinate[2].toLowerCase()];
    const promotion = coordinate[3]?.toLowerCase() ?? null;
    const found = only(legal.filter((m) => m.from === from && m.to === to && (m.promotion ?? null) === promotion));
    if (found) return found;
  }
  // SAN: a piece (a capital; a small letter but b, which is a file), where it comes from when
  // said, a capture mark, the square and a promotion.
  const san = /^([KQRBN]|[kqrn])?([a-h])?([1-8])?[x:]?([a-h][1-8])(?:=?([QRBNqrbn]))?$/.exec(typed);
  if (!san) return null;
  const [, piece, file, rank, to, promotion] = san;
  const type = piece ? piece.toUpperCase() : "P";
  if (promotion && type !== "P") return null;
  return only(legal.filter((m) =>
    m.to === to &&
    typeOf(m) === type &&
    (!file || m.from[0] === file) &&
    (!rank || m.from[1] === rank) &&
    (m.promotion ?? null) === (promotion ? promotion.toLowerCase() : null)));
}
