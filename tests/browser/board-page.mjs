// What every browser test reads off the page's board: the board element, its pieces, its
// position and where an element sits on the screen. Each test's driver extends `BoardPage` and
// sets `this.page` (a playwright Page) before using these.

import assert from "node:assert/strict";

export class BoardPage {
  /** The board's SVG, or `selector` inside it. */
  board(selector = "") {
    return this.page.locator(`#board ${selector}`.trim());
  }

  /** The piece on `square` (its data-piece), or null. */
  async pieceAt(square) {
    const piece = this.board(`.piece[data-square="${square}"]`);
    return (await piece.count()) ? piece.getAttribute("data-piece") : null;
  }

  /** The FEN of the position the board shows. */
  fen() {
    return this.board().getAttribute("data-fen");
  }

  /** The centre of `locator` on the screen. */
  async centre(locator) {
    const box = await locator.boundingBox();
    assert.ok(box, "the element is on the screen");
    return [box.x + box.width / 2, box.y + box.height / 2];
  }
}
