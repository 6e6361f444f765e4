// The browser test of `ladya serve`: Debian's chromium, driven by playwright-core, plays each
// game on the page the way a person does and checks what the board and the panel show.
//
//   LADYA_BIN     the binary (default target/release/ladya)
//   LADYA_ASSETS  serve the page from this folder instead of the compiled-in copy (for work on it)
//   SCREENSHOTS=1 saves docs/img/serve-{chess,xiangqi,ugolki}.png (1200x800, cut to 256 colours)
//   HEADED=1      shows the browser (needs a display)

import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { BoardPage } from "./board-page.mjs";
import { shrinkPng } from "./png.mjs";
import { playing } from "./playing.mjs";
import { lasting } from "./lasting.mjs";
import { foreign } from "./foreign.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const bin = process.env.LADYA_BIN || resolve(root, "target/release/ladya");
const screenshots = process.env.SCREENSHOTS === "1";
const TIMEOUT = 30_000;

// Per game, the player has White (Red): the move played by clicking, then the first of `drag`
// that is legal after Ladya's answer. Ladya's pieces are black: their codes start with "b".
const PLAN = {
  chess: { click: "e2e4", drag: ["g1f3", "b1c3", "d2d3"] },
  xiangqi: { click: "h2e2", drag: ["a3a4", "i3i4", "g3g4"] },
  ugolki: { click: "e3e4", drag: ["f2f4", "f3f4", "g3g4"] },
};
const LADYA = /^b/;

function startServer() {
  const args = ["serve", "--port", "0"];
  if (process.env.LADYA_ASSETS) args.push("--assets", process.env.LADYA_ASSETS);
  const server = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"] });
  // The server's log, kept for the tests that read it and shown as it comes.
  let log = "";
  server.stderr.on("data", (chunk) => {
    log += chunk;
    process.stderr.write(chunk);
  });
  return new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error("the server printed nothing in 30 s")), TIMEOUT);
    server.on("error", (e) => reject(new Error(`cannot start ${bin}: ${e.message}`)));
    server.on("exit", (code) => reject(new Error(`the server exited with ${code}`)));
    createInterface({ input: server.stdout }).once("line", (line) => {
      clearTimeout(timer);
      const match = line.match(/^Listening on (http:\/\/\S+:\d+\/)$/);
      if (!match) reject(new Error(`unexpected first line: ${line}`));
      else resolveUrl({ server, url: match[1], log: () => log });
    });
  });
}

/** The page of one game, with helpers that read the board's state and act like a person. */
class GamePage extends BoardPage {
  constructor(page, url, game) {
    super();
    this.page = page;
    this.url = url;
    this.game = game;
  }

  step(text) {
    console.log(`  ${this.game}: ${text}`);
  }

  plies() {
    return this.page.locator("#moves button[data-ply]").count();
  }

  /** Waits until it is the player's turn with `plies` moves in the list. */
  async waitForTurn(plies) {
    await this.page.waitForFunction(
      (n) =>
        document.querySelectorAll("#moves button[data-ply]").length === n &&
        document.getElementById("board").dataset.interactive === "true",
      plies,
      { timeout: TIMEOUT },
    );
  }

  async legal(move) {
    const query = new URLSearchParams({ game: this.game, fen: await this.fen() });
    const { moves } = await (await fetch(`${this.url}api/legal?${query}`)).json();
    return moves.some((m) => m.move === move);
  }

  /** Presses on the piece of `move` and checks the selection and its targets are shown. */
  async select(move) {
    const [from, to] = [move.slice(0, 2), move.slice(2, 4)];
    const [x, y] = await this.centre(this.board(`.piece[data-square="${from}"]`));
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.board(`.mark.selected[data-square="${from}"]`).waitFor();
    await this.board(`.mark.target[data-square="${to}"]`).waitFor();
    return this.centre(this.board(`.mark.target[data-square="${to}"]`));
  }

  async clickMove(move) {
    await this.select(move);
    await this.page.mouse.up();
    const [x, y] = await this.centre(this.board(`.mark.target[data-square="${move.slice(2, 4)}"]`));
    await this.page.mouse.click(x, y);
  }

  async dragMove(move) {
    const [x, y] = await this.select(move);
    await this.page.mouse.move(x, y, { steps: 8 });
    await this.page.mouse.up();
  }

  /** Plays `move` (by "click" or "drag") and checks the move list shows it; returns the piece. */
  async play(move, how) {
    const plies = await this.plies();
    const from = move.slice(0, 2);
    const piece = await this.pieceAt(from);
    assert.ok(piece, `a piece on ${from}`);
    this.step(`${how} ${move}`);
    await (how === "click" ? this.clickMove(move) : this.dragMove(move));
    await this.page.locator(`#moves button[data-ply="${plies + 1}"][data-move="${move}"]`).waitFor({ timeout: TIMEOUT });
    return piece;
  }

  /**
   * Clicks move `ply` (`move`, which took `piece`) in the list and checks the board shows the
   * position after it, then goes back to the game's end.
   */
  async showMove(ply, move, piece) {
    const [from, to] = [move.slice(0, 2), move.slice(2, 4)];
    await this.page.locator(`#moves button[data-ply="${ply}"]`).click();
    await this.page.locator('#status[data-kind="history"]').waitFor();
    assert.equal(await this.page.locator(`#moves button[data-ply="${ply}"]`).getAttribute("aria-current"), "true");
    assert.equal(await this.pieceAt(to), piece, `after move ${ply}, the ${piece} stands on ${to}`);
    assert.equal(await this.pieceAt(from), null, `after move ${ply}, ${from} is empty`);
    assert.equal(await this.board(`.mark.last[data-square="${to}"]`).count(), 1);
    assert.equal(await this.board().getAttribute("data-interactive"), "false", "Ladya's turn there");
    await this.page.locator('[data-nav="last"]').click();
    await this.page.locator('#status[data-kind="turn"]').waitFor();
  }

  /** Waits for Ladya's answer after `plies` moves and checks the board shows it. */
  async ladyaReplies(plies, colour) {
    await this.waitForTurn(plies + 1);
    const reply = this.page.locator(`#moves button[data-ply="${plies + 1}"]`);
    const move = await reply.getAttribute("data-move");
    const to = move.slice(2, 4);
    assert.match((await this.pieceAt(to)) || "", colour, `Ladya's ${move} put its piece on ${to}`);
    assert.equal(await this.board(`.mark.last[data-square="${to}"]`).count(), 1, "the last move is highlighted");
    this.step(`Ladya answered ${await reply.textContent()} (${move})`);
  }

  async open() {
    await this.page.goto(`${this.url}?game=${this.game}`);
    await this.page.locator("body[data-ready]").waitFor({ timeout: TIMEOUT });
    assert.equal(await this.board().getAttribute("data-game"), this.game);
    await this.page.locator('#side [data-side="white"]').click();
    await this.page.selectOption("#level", "800");
    await this.waitForTurn(0);
  }

  async undo() {
    const before = await this.plies();
    this.step("undo");
    await this.page.locator("#undo").click();
    await this.waitForTurn(before - 2);
  }

  async flip() {
    this.step("flip");
    const board = await this.board().boundingBox();
    const home = this.game === "xiangqi" ? "e0" : this.game === "chess" ? "e1" : "h1";
    const lower = async () => {
      const [, y] = await this.centre(this.board(`.piece[data-square="${home}"]`));
      return y > board.y + board.height / 2;
    };
    assert.equal(await this.board().getAttribute("data-orientation"), "normal");
    assert.ok(await lower(), `${home} is at the bottom`);
    await this.page.locator("#flip").click();
    assert.equal(await this.board().getAttribute("data-orientation"), "flipped");
    assert.ok(!(await lower()), `${home} is at the top after the flip`);
    await this.page.locator("#flip").click();
    assert.equal(await this.board().getAttribute("data-orientation"), "normal");
    assert.ok(await lower(), `${home} is back at the bottom`);
  }

  async analyse() {
    this.step("analysis, 2 lines");
    await this.page.selectOption("#multipv", "2");
    await this.page.locator("#analyse").click();
    assert.equal(await this.page.locator("#analyse").getAttribute("aria-pressed"), "true");
    const line = this.page.locator('#lines .line[data-multipv="1"]');
    await line.waitFor({ timeout: TIMEOUT });
    await this.page.locator('#lines .line[data-multipv="2"]').waitFor({ timeout: TIMEOUT });
    await this.page.waitForFunction(
      () => {
        const first = document.querySelector('#lines .line[data-multipv="1"]');
        const arrow = document.querySelector("#board .arrow");
        return first && arrow && Number(first.dataset.depth) >= 3 && arrow.dataset.move === first.dataset.move;
      },
      null,
      { timeout: TIMEOUT },
    );
    const text = await line.textContent();
    // Pawns in chess and xiangqi; ugolki's evaluation is no count of pawns: its own number.
    const score = this.game === "ugolki" ? /^[≥≤]?([+-]?\d+|#-?\d+)$/ : /^[≥≤]?([+-]?\d+\.\d\d|#-?\d+)$/;
    assert.match(await line.locator(".score").textContent(), score, "line 1 shows a score");
    assert.match(await this.page.locator("#analysis-summary").textContent(), /^Depth \d+/);
    this.step(`line 1: ${text.replace(/\s+/g, " ").trim()}`);
    if (screenshots) {
      await this.page.mouse.move(0, 0);
      const png = shrinkPng(await this.page.screenshot());
      writeFileSync(resolve(root, `docs/img/serve-${this.game}.png`), png);
    }
    await this.page.locator("#analyse").click();
    assert.equal(await this.page.locator("#analyse").getAttribute("aria-pressed"), "false");
    assert.equal(await this.board(".arrow").count(), 0, "the arrow goes when the analysis stops");
  }

  /**
   * Chess: a pawn promoted through the picker, after loading a FEN in the set-up panel, with
   * both sides played by hand; then Ladya takes Black over and answers the check.
   */
  async promote() {
    this.step("promotion to a knight, with check");
    await this.page.locator('#side [data-side="both"]').click();
    await this.page.locator("#tab-setup").click();
    await this.page.fill("#fen", "8/P6p/1k6/8/8/8/7P/K7 w - - 0 1");
    await this.page.locator("#fen-load").click();
    await this.waitForTurn(0);
    assert.equal(await this.pieceAt("a7"), "wP");
    await this.clickMove("a7a8");
    const knight = this.page.locator('.promotion button[data-promotion="n"]');
    await knight.waitFor();
    assert.equal(await this.page.locator(".promotion button").count(), 4, "four choices");
    await knight.click();
    await this.page.locator('#moves button[data-ply="1"][data-move="a7a8n"]').waitFor({ timeout: TIMEOUT });
    assert.equal(await this.pieceAt("a7"), null);
    assert.equal(await this.pieceAt("a8"), "wN");
    assert.equal(await this.page.locator('#moves button[data-ply="1"]').textContent(), "a8=N+");
    assert.equal(await this.board('.mark.check[data-square="b6"]').count(), 1, "the checked king is highlighted");
    this.step("Ladya takes Black");
    await this.page.locator('#side [data-side="white"]').click();
    await this.ladyaReplies(1, /^bK$/);
    assert.equal(await this.board(".mark.check").count(), 0, "no check after the king moved");
    await this.page.locator("#tab-analysis").click();
  }

  /** Chess: the solver proves a mate in 2, and its key, clicked, is played on the board. */
  async solve() {
    this.step("solver: mate in 2");
    await this.page.locator("#tab-setup").click();
    await this.page.fill("#fen", "8/8/3p4/n7/rp6/kp5Q/8/1K6 w - - 0 1");
    await this.page.locator("#fen-load").click();
    await this.waitForTurn(0);
    await this.page.locator("#tab-solver").click();
    await this.page.selectOption("#stip-kind", "mate");
    await this.page.selectOption("#stip-moves", "2");
    await this.page.locator("#solve").click();
    const key = this.page.locator('#keys button[data-move="h3h8"]');
    await key.waitFor({ timeout: TIMEOUT });
    assert.match(await this.page.locator("#solution").textContent(), /^Mate in 2: 1 key\n1\.Qh8!/);
    await key.click();
    await this.page.locator('#moves button[data-ply="1"][data-move="h3h8"]').waitFor({ timeout: TIMEOUT });
    assert.equal(await this.pieceAt("h8"), "wQ");
  }

  /** Chess: the solver finds the 13 solutions of a helpmate in 2, and one, clicked, is played. */
  async helpmate() {
    this.step("solver: helpmate in 2");
    await this.page.locator("#tab-setup").click();
    await this.page.fill("#fen", "2kr4/8/8/8/8/8/PP6/K7 w - - 0 1");
    await this.page.locator("#fen-load").click();
    await this.waitForTurn(0);
    await this.page.locator("#tab-solver").click();
    await this.page.selectOption("#stip-kind", "help");
    await this.page.selectOption("#stip-moves", "2");
    await this.page.locator("#solve").click();
    const line = this.page.locator('#solution button[data-line="1"]');
    await line.waitFor({ timeout: TIMEOUT });
    assert.match(await this.page.locator("#solution").textContent(), /^Helpmate in 2: 13 solutions\n1\.Kb1 Kb7 2\.Ka1 Rd1#\n/);
    assert.equal(await line.textContent(), "1.Kb1 Kc7 2.Ka1 Rd1#");
    await line.click();
    // Both sides' moves, one after the other, and Ladya does not step in: the line ends in mate.
    await this.page.locator('#moves button[data-ply="4"][data-move="d8d1"]').waitFor({ timeout: TIMEOUT });
    await this.page.locator('#status[data-kind="result"]').waitFor({ timeout: TIMEOUT });
    const played = await this.page.locator("#moves button[data-ply]").evaluateAll((list) => list.map((b) => b.dataset.move));
    assert.deepEqual(played, ["a1b1", "c8c7", "b1a1", "d8d1"]);
    assert.equal(await this.pieceAt("c7"), "bK");
    assert.equal(await this.pieceAt("d1"), "bR");
  }

  async run() {
    const plan = PLAN[this.game];
    await this.open();
    const clicked = await this.play(plan.click, "click");
    await this.ladyaReplies(1, LADYA);
    await this.showMove(1, plan.click, clicked);
    const fenAfterReply = await this.fen();
    let drag = null;
    for (const move of plan.drag) {
      if (await this.legal(move)) {
        drag = move;
        break;
      }
    }
    assert.ok(drag, `one of ${plan.drag} is legal`);
    const dragged = await this.play(drag, "drag");
    await this.ladyaReplies(3, LADYA);
    await this.showMove(3, drag, dragged);
    await this.undo();
    assert.equal(await this.fen(), fenAfterReply, "undo took back both moves");
    await this.flip();
    await this.analyse();
    if (this.game === "chess") {
      await this.promote();
      await this.solve();
      await this.helpmate();
    }
  }
}

async function main() {
  const { server, url, log } = await startServer();
  console.log(`ladya serve: ${url}`);
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: process.env.HEADED !== "1",
    args: [
      ...(process.env.HEADED === "1" ? [] : ["--headless"]),
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const problems = [];
  try {
    for (const game of Object.keys(PLAN)) {
      const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
      const page = await context.newPage();
      page.setDefaultTimeout(TIMEOUT);
      page.on("console", (m) => m.type() === "error" && problems.push(`${game}: console error: ${m.text()}`));
      page.on("pageerror", (e) => problems.push(`${game}: uncaught: ${e.message}`));
      await new GamePage(page, url, game).run();
      await context.close();
      assert.deepEqual(problems, [], "no console error or uncaught exception");
      console.log(`ok ${game}`);
    }
    await playing(browser, url, problems);
    await lasting(browser, url, problems); // games that last, review, analysis (lasting.mjs)
    await foreign(browser, url, log); // another site's frames and posts are refused (foreign.mjs)
    console.log("ok another site's frames and posts refused");
  } finally {
    await browser.close();
    server.kill();
  }
}

main().then(
  () => console.log("browser test passed"),
  (e) => {
    console.error(`browser test FAILED: ${e.stack || e.message}`);
    process.exit(1);
  },
);
