// The move list: the game's moves in its notation for people, numbered, each a button that
// shows the position after it.

/** The move number and whether the second player (Black) moves first, from a FEN. */
export function moveNumberOf(fen) {
  const fields = fen.trim().split(/\s+/);
  const number = Number(fields[fields.length - 1]);
  return { number: Number.isInteger(number) && number > 0 ? number : 1, secondToMove: fields[1] === "b" };
}

/** Move texts with numbers, as people write a line: "12. Nf3 Nc6 13. d4" or "12... Nc6 13. d4". */
export function numbered(texts, fen) {
  let { number, secondToMove } = moveNumberOf(fen);
  const parts = [];
  texts.forEach((text, i) => {
    if (!secondToMove) parts.push(`${number}. ${text}`);
    else parts.push(i === 0 ? `${number}... ${text}` : text);
    if (secondToMove) number += 1;
    secondToMove = !secondToMove;
  });
  return parts.join(" ");
}

export class MoveList {
  /** `list` is the <ol>; `onShow(ply)` is called when a move is clicked. */
  constructor(list, onShow) {
    this.list = list;
    list.addEventListener("click", (e) => {
      const button = e.target.closest("button[data-ply]");
      if (button) onShow(Number(button.dataset.ply));
    });
  }

  /**
   * Lists `history` (/api/position's) played from `startFen`, marking the move at `ply`. A
   * chain of jumps is written with every landing square of its path: `e3:e5:c5`.
   */
  render(history, startFen, ply, outcome) {
    let { number, secondToMove } = moveNumberOf(startFen);
    const rows = [];
    let row = null;
    history.forEach((entry, i) => {
      if (!row || !secondToMove) {
        row = { number, cells: secondToMove ? ['<span class="move empty">…</span>'] : [] };
        rows.push(row);
      }
      const current = i + 1 === ply ? ' aria-current="true"' : "";
      row.cells.push(`<button type="button" class="move" data-ply="${i + 1}" data-move="${escape(entry.move)}"${current}>${escape(chainText(entry))}</button>`);
      if (secondToMove) number += 1;
      secondToMove = !secondToMove;
    });
    let html = rows.map((r) => `<li><span class="number">${r.number}.</span>${r.cells.join("")}</li>`).join("");
    if (outcome) html += `<li class="result">${escape(outcome.result)} <span>${escape(outcome.text)}</span></li>`;
    if (!history.length && !outcome) html = '<li class="empty-list">No moves yet</li>';
    this.list.innerHTML = html;
    const marked = this.list.querySelector('[aria-current="true"]') || this.list.lastElementChild;
    // Keep the marked move in sight by scrolling the list alone, never the page.
    if (marked) this.list.scrollTop = marked.offsetTop - this.list.clientHeight / 2;
  }
}

function chainText({ text, path }) {
  return path.length > 2 && text.includes(":") ? path.join(":") : text;
}

export function escape(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}
