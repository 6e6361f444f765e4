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

/** The glyph and name of each judgement of a review. */
export const JUDGEMENTS = {
  inaccuracy: { glyph: "?!", name: "Inaccuracy" },
  mistake: { glyph: "?", name: "Mistake" },
  blunder: { glyph: "??", name: "Blunder" },
};

export class MoveList {
  /**
   * `list` is the <ol>; `onShow(node)` is called when a move (a node of the game's tree) is
   * clicked.
   */
  constructor(list, onShow) {
    this.list = list;
    this.byId = new Map();
    list.addEventListener("click", (e) => {
      const button = e.target.closest("button[data-node]");
      const node = button && this.byId.get(Number(button.dataset.node));
      if (node) onShow(node);
    });
  }

  /**
   * Lists the game `tree` (game.js) as lichess does: the main line in numbered rows, each move's
   * variations after it in their own indented lines, in parentheses, nested ones inline. The
   * move `shown` is marked; `marks` maps main-line nodes to a review's judgement. A chain of
   * jumps is written with every landing square of its path: `e3:e5:c5`. `result` ends the list.
   */
  render(tree, shown, result, marks = new Map()) {
    this.byId = new Map();
    const { number, secondToMove: first } = moveNumberOf(tree.start);
    // The move number and side of the move at `ply` (1-based) from the start.
    const numberOf = (ply) => {
      const half = ply - 1 + (first ? 1 : 0);
      return { n: number + Math.floor(half / 2), second: half % 2 === 1 };
    };
    const button = (node, ply, main) => {
      this.byId.set(node.id, node);
      const mark = marks.get(node);
      const current = node === shown ? ' aria-current="true"' : "";
      const judged = mark ? ` judgement-${mark}` : "";
      const glyph = mark ? `<span class="glyph" aria-label="${JUDGEMENTS[mark].name}">${JUDGEMENTS[mark].glyph}</span>` : "";
      const plyAttr = main ? ` data-ply="${ply}"` : ` data-vply="${ply}"`;
      return `<button type="button" class="move${judged}" data-node="${node.id}"${plyAttr} data-move="${escape(node.move)}"${current}>${escape(chainText(node))}${glyph}</button>`;
    };
    // A variation from `head` (at `ply`) on, inline, nested ones in parentheses:
    // "3... c5 4. Nf3 (4. c3 d5) 4... d6".
    const line = (head, ply) => {
      const parts = [];
      const write = (n, p, needNumber) => {
        const { n: num, second } = numberOf(p);
        if (!second) parts.push(`<span class="number">${num}.</span>`);
        else if (needNumber) parts.push(`<span class="number">${num}...</span>`);
        parts.push(button(n, p, false));
      };
      write(head, ply, true);
      let n = head;
      let p = ply;
      let needNumber = false; // after a parenthesis, Black's move carries its number again
      while (n.children.length) {
        const [next, ...alternatives] = n.children;
        write(next, p + 1, needNumber);
        for (const alt of alternatives) parts.push(`<span class="paren">(${line(alt, p + 1)})</span>`);
        needNumber = alternatives.length > 0;
        n = next;
        p += 1;
      }
      return parts.join(" ");
    };
    const rows = [];
    let row = null;
    const closeRow = () => {
      if (row) rows.push(`<li><span class="number">${row.number}.</span>${row.cells.join("")}</li>`);
      row = null;
    };
    tree.mainLine().forEach((n, i) => {
      const ply = i + 1;
      const { n: num, second } = numberOf(ply);
      if (!second || !row) {
        closeRow();
        row = { number: num, cells: second ? ['<span class="move empty">…</span>'] : [] };
      }
      row.cells.push(button(n, ply, true));
      if (second) closeRow();
      const alternatives = n.parent.children.slice(1);
      if (alternatives.length) {
        if (row) row.cells.push('<span class="move empty">…</span>');
        closeRow();
        rows.push(`<li class="variations">${alternatives.map((alt) => `<div class="variation">${line(alt, ply)}</div>`).join("")}</li>`);
      }
    });
    closeRow();
    let html = rows.join("");
    if (result) html += `<li class="result">${escape(result.result)} <span>${escape(result.text)}</span></li>`;
    if (!tree.root.children.length && !result) html = '<li class="empty-list">No moves yet</li>';
    this.list.innerHTML = html;
    const marked = this.list.querySelector('[aria-current="true"]');
    // Keep the marked move in sight by scrolling the list alone, never the page.
    if (marked) {
      const top = marked.offsetTop;
      if (top < this.list.scrollTop || top + marked.offsetHeight > this.list.scrollTop + this.list.clientHeight) {
        this.list.scrollTop = top - this.list.clientHeight / 2;
      }
    } else if (!shown.parent) {
      this.list.scrollTop = 0;
    } else {
      this.list.scrollTop = this.list.scrollHeight;
    }
  }
}

/** A move as the list writes it: an ugolki chain of jumps with every landing square. */
export function chainText({ text, path }) {
  return path.length > 2 && text.includes(":") ? path.join(":") : text;
}

export function escape(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}
