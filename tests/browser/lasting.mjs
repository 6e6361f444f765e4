// Browser tests of the games that last: the game (its tree of moves with variations, the
// position shown, the side played, the tags and result) kept over a reload, shared links,
// PGN export and import in each game, the review of a game with a planted blunder, the
// analysis's lines as arrows and variations, and the page's old bugs around undo, the solver
// and the layout. Called from run.mjs with a browser and the server's address. With
// SCREENSHOTS=1 the review of each game is saved as docs/img/review-GAME.png (1280x800), and at
// a phone's size (390x844) in the system's temporary folder.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { BoardPage } from "./board-page.mjs";
import { shrinkPng } from "./png.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

const TIMEOUT = 30_000;

/**
 * Per game: a line of the main game; another first move that makes a variation; and a game with
 * a planted blunder or mistake (the move at `blunder`, 1-based) for the review.
 */
const GAMES = {
  chess: {
    line: ["e2e4", "e7e5", "g1f3"],
    other: "d2d4",
    // 3... Nf6?? lets White mate at once.
    planted: ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"],
    blunder: 6,
  },
  xiangqi: {
    line: ["h2e2", "h9g7", "h0g2"],
    other: "b2e2",
    // 2. C5+1?? takes a soldier and loses the cannon to the horse.
    planted: ["h2e2", "h9g7", "e2e6", "g7e6"],
    blunder: 3,
  },
  ugolki: {
    line: ["e3e4", "d6d5", "f2f4"],
    other: "f3f4",
    // 2... d4? instead of the chain c7:e3 costs Black about 29 of its 100 in winning chances.
    planted: ["e3e4", "d6d5", "f2f4", "d5d4", "e1e5"],
    blunder: 4,
  },
};

class Lasting extends BoardPage {
  constructor(browser, url, game, problems) {
    super();
    this.browser = browser;
    this.url = url;
    this.game = game;
    this.problems = problems;
  }

  step(text) {
    console.log(`  lasting ${this.game}: ${text}`);
  }

  async newContext(viewport = { width: 1280, height: 800 }) {
    this.context = await this.browser.newContext({ viewport });
    this.page = await this.context.newPage();
    this.page.setDefaultTimeout(TIMEOUT);
    this.page.on("console", (m) => m.type() === "error" && !/Failed to load resource/.test(m.text()) && this.problems.push(`${this.game}: console error: ${m.text()}`));
    this.page.on("pageerror", (e) => this.problems.push(`${this.game}: uncaught: ${e.message}`));
    return this.page;
  }

  async open(query = `?game=${this.game}`) {
    await this.page.goto(`${this.url}${query}`);
    await this.page.locator("body[data-ready]").waitFor({ timeout: TIMEOUT });
  }

  /** The coordinate moves of the main line, in the list's order. */
  mainLine() {
    return this.page.locator("#moves button[data-ply]").evaluateAll((list) => list.map((b) => b.dataset.move));
  }

  variationMoves() {
    return this.page.locator("#moves .variation button[data-node]").evaluateAll((list) => list.map((b) => b.dataset.move));
  }

  async api(path, body) {
    const response = await fetch(`${this.url}api/${path}`, body ? { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) } : {});
    const json = await response.json();
    assert.ok(response.ok, `${path}: ${json.error}`);
    return json;
  }

  /** Types `move` in the move box (the board must take moves). */
  async type(move) {
    await this.page.waitForFunction(() => document.getElementById("board").dataset.interactive === "true");
    const before = await this.page.locator("#moves button[data-node]").count();
    await this.page.fill("#move-input", move);
    await this.page.press("#move-input", "Enter");
    await this.page.waitForFunction((n) => document.querySelectorAll("#moves button[data-node]").length === n, before + 1);
  }

  async side(side) {
    await this.page.locator(`#side [data-side="${side}"]`).click();
  }

  async tab(name) {
    await this.page.locator(`#tab-${name}`).click();
  }

  /** A shared link opens the game at its position; a variation made in it survives a reload. */
  async sharedAndReload() {
    const { line, other } = GAMES[this.game];
    const start = (await this.api("games")).games.find((g) => g.name === this.game).start;
    const expected = await this.api("position", { game: this.game, moves: line.slice(0, 2) });
    this.step("a shared link opens the game at move 2");
    await this.open(`?game=${this.game}&moves=${line.join(",")}&ply=2`);
    assert.deepEqual(await this.mainLine(), line, "the link's moves are the main line");
    assert.equal(await this.fen(), expected.fen, "the link's position is shown");
    assert.equal(await this.page.locator('#moves button[aria-current="true"]').getAttribute("data-move"), line[1]);
    assert.equal(new URL(this.page.url()).search, `?game=${this.game}`, "the address no longer holds the link");

    this.step("a move at the start starts a variation; the main line stays");
    await this.page.locator('#side [data-side="both"]').click();
    await this.page.locator('[data-nav="first"]').click();
    await this.page.waitForFunction((f) => document.getElementById("board").dataset.fen === f, start);
    await this.type(other);
    assert.deepEqual(await this.mainLine(), line, "the main line is kept");
    assert.deepEqual(await this.variationMoves(), [other], "the variation is listed");
    assert.equal(await this.page.locator("#moves .variation").count(), 1);
    assert.equal(await this.page.locator("#tree-tools").isVisible(), true, "the variation's buttons are offered");
    const inVariation = await this.fen();

    this.step("reload: the game, the variation, the position shown and the side are kept");
    await this.page.reload();
    await this.page.locator("body[data-ready]").waitFor();
    assert.deepEqual(await this.mainLine(), line);
    assert.deepEqual(await this.variationMoves(), [other]);
    assert.equal(await this.fen(), inVariation, "the position shown is the variation's");
    assert.equal(await this.page.locator('#side [data-side="both"]').getAttribute("aria-checked"), "true");

    this.step("another game's page and back: each game keeps its own");
    const away = Object.keys(GAMES).find((g) => g !== this.game);
    await this.page.locator(`.games a[data-game="${away}"]`).click();
    await this.page.waitForURL(new RegExp(`game=${away}`));
    await this.page.locator("body[data-ready]").waitFor();
    assert.notDeepEqual(await this.mainLine(), line, `${away} has a game of its own`);
    await this.page.goBack();
    await this.page.locator("body[data-ready]").waitFor();
    assert.deepEqual(await this.mainLine(), line);
    assert.deepEqual(await this.variationMoves(), [other]);
    assert.equal(await this.fen(), inVariation);

    this.step("keys go through the line shown; the variation is promoted, then deleted");
    await this.page.keyboard.press("ArrowLeft");
    await this.page.waitForFunction((f) => document.getElementById("board").dataset.fen === f, start);
    await this.page.keyboard.press("ArrowRight");
    await this.page.waitForFunction((m) => document.querySelector('#moves button[aria-current="true"]')?.dataset.move === m, line[0]);
    await this.page.locator(`#moves .variation button[data-move="${other}"]`).click();
    await this.page.locator("#variation-promote").click();
    await this.page.waitForFunction((m) => document.querySelector('#moves button[data-ply="1"]')?.dataset.move === m, other);
    assert.deepEqual(await this.variationMoves(), line, "the old main line is now the variation");
    await this.page.locator(`#moves .variation button[data-move="${line[0]}"]`).click();
    await this.page.locator("#variation-delete").click();
    await this.page.waitForFunction(() => document.querySelectorAll("#moves .variation").length === 0);
    assert.deepEqual(await this.mainLine(), [other]);

    this.step("the Copy link's address opens the same game in a fresh page");
    await this.tab("setup");
    const link = await this.page.locator("#share-link").inputValue();
    assert.match(link, new RegExp(`\\?game=${this.game}&moves=${other}`));
    const fresh = await this.browser.newContext();
    const shared = await fresh.newPage();
    await shared.goto(link);
    await shared.locator("body[data-ready]").waitFor();
    assert.deepEqual(await shared.locator("#moves button[data-ply]").evaluateAll((l) => l.map((b) => b.dataset.move)), [other]);
    await fresh.close();

    this.step("a link opened over a saved game says so, and the saved game can come back");
    await this.open(`?game=${this.game}&moves=${line[0]}`);
    assert.deepEqual(await this.mainLine(), [line[0]]);
    assert.equal(await this.page.locator("#status").getAttribute("data-note"), "true", "the status says the saved game was replaced");
    await this.page.reload();
    await this.page.locator("body[data-ready]").waitFor();
    assert.deepEqual(await this.mainLine(), [line[0]], "a reload keeps the game the link opened");
    await this.open(`?game=${this.game}&moves=${line[0]},${line[1]}`);
    await this.page.locator("#status button", { hasText: "bring back your previous game" }).click();
    await this.page.waitForFunction(() => document.querySelectorAll("#moves button[data-ply]").length === 1);
    assert.deepEqual(await this.mainLine(), [line[0]], "the game before the link came back");
    this.step("a link with a move that is not legal leaves the saved game as it was");
    await this.open(`?game=${this.game}&moves=${line[0]},a1a1`);
    assert.equal(await this.page.locator("#status").getAttribute("data-kind"), "error");
    assert.match(await this.page.locator("#status").textContent(), /^The shared game could not be opened/);
    assert.deepEqual(await this.mainLine(), [line[0]], "the saved game is kept");
    await this.tab("analysis");
  }

  /** A PGN with names, a date and a result goes out and comes back as it was. */
  async pgnRoundTrip() {
    const { line } = GAMES[this.game];
    this.step("PGN import and export keep the names, the date and the result");
    const tags = { White: "Ada Tester", Black: "Bo Checker", Event: "Ladya test", Date: "2026.11.27" };
    const { pgn } = await this.api("pgn/export", { game: this.game, moves: line, result: "0-1", tags });
    await this.page.locator('#side [data-side="white"]').click();
    await this.tab("setup");
    await this.page.fill("#pgn", pgn);
    await this.page.locator("#pgn-import").click();
    await this.page.waitForFunction(() => /^Imported/.test(document.getElementById("setup-message").textContent));
    assert.equal(await this.page.locator("#setup-message").textContent(), "Imported 3 moves.");
    assert.deepEqual(await this.mainLine(), line);
    assert.match(await this.page.locator("#moves .result").textContent(), /^0-1/, "the result ends the list");
    assert.match(await this.page.locator("#player-top, #player-bottom").allTextContents().then((t) => t.join(" ")), /Ada Tester[\s\S]*Bo Checker|Bo Checker[\s\S]*Ada Tester/);
    // A finished game: Ladya does not play on, though it is Black's (Ladya's) turn.
    await this.page.waitForTimeout(1200);
    assert.equal((await this.mainLine()).length, 3, "Ladya did not move in the finished game");
    await this.page.reload();
    await this.page.locator("body[data-ready]").waitFor();
    await this.tab("setup");
    await this.page.locator("#pgn-copy").click();
    await this.page.waitForFunction(() => document.getElementById("pgn").value.includes("[White"));
    const out = await this.page.locator("#pgn").inputValue();
    for (const expected of ['[White "Ada Tester"]', '[Black "Bo Checker"]', '[Result "0-1"]', '[Date "2026.11.27"]']) {
      assert.ok(out.includes(expected), `the exported PGN has ${expected}:\n${out}`);
    }
    assert.match(out, /0-1\s*$/);
    const back = await this.api("pgn/import", { pgn: out, game: this.game });
    assert.deepEqual(back.moves, line, "the export reads back as the same moves");
    assert.equal(back.result, "0-1");
    await this.tab("analysis");
  }

  /** The review of a game with a planted blunder: graph, marks, accuracy and the better move. */
  async review() {
    const { planted, blunder } = GAMES[this.game];
    if (!planted) return;
    this.step(`review of a game with a blunder at move ${blunder}`);
    await this.open(`?game=${this.game}&moves=${planted.join(",")}`);
    await this.tab("review");
    await this.page.selectOption("#review-movetime", "100");
    const offer = this.page.locator("#status button", { hasText: "review the game" });
    if (this.game === "chess") {
      // The planted game ends in mate: the review is offered with the result.
      assert.match(await this.page.locator("#status").textContent(), /White wins by checkmate/);
      await offer.click();
    } else {
      await this.page.locator("#review-start").click();
    }
    await this.page.waitForFunction(() => /^Review of/.test(document.getElementById("review-status").textContent), null, { timeout: 60_000 });
    const points = await this.page.locator("#review-graph .target").count();
    assert.equal(points, planted.length + 1, "a point for each position");
    assert.equal(await this.page.locator("#review-graph polyline.curve").count(), 1);
    const mark = this.page.locator(`#moves button[data-ply="${blunder}"]`);
    assert.match(await mark.getAttribute("class"), /judgement-(blunder|mistake)/, "the planted blunder is marked");
    assert.match(await mark.locator(".glyph").textContent(), /^\?\??$/);
    assert.match(await this.page.locator('#review-summary tr[data-side] .accuracy').first().textContent(), /^\d+%$/);
    this.step("a click on the graph shows that position, with the better move and a sentence");
    await this.page.locator(`#review-graph .target[data-ply="${blunder}"]`).click();
    await this.page.waitForFunction((p) => document.querySelector(`#moves button[data-ply="${p}"]`).getAttribute("aria-current") === "true", blunder);
    assert.match(await this.page.locator("#review-comment").textContent(), /^(Blunder|Mistake)\. Best was \S+/);
    assert.equal(await this.page.locator("#board .best-arrow").count(), 1, "the better move is drawn");
    assert.equal(await this.page.locator("#eval-bar").isVisible(), true, "the evaluation bar shows the review");
    if (process.env.SCREENSHOTS === "1") {
      await this.page.mouse.move(0, 0);
      await this.page.locator(".panel").evaluate((e) => (e.scrollTop = e.scrollHeight));
      writeFileSync(resolve(root, `docs/img/review-${this.game}.png`), shrinkPng(await this.page.screenshot()));
      await this.page.setViewportSize({ width: 390, height: 844 });
      await this.page.locator("#review").scrollIntoViewIfNeeded();
      const phone = resolve(tmpdir(), `ladya-review-${this.game}-phone.png`);
      writeFileSync(phone, await this.page.screenshot({ fullPage: true }));
      this.step(`screenshots: docs/img/review-${this.game}.png, ${phone}`);
      await this.page.setViewportSize({ width: 1280, height: 800 });
    }
    await this.page.reload();
    await this.page.locator("body[data-ready]").waitFor();
    assert.match(await this.page.locator(`#moves button[data-ply="${blunder}"]`).getAttribute("class"), /judgement-/, "the review outlasts a reload");
  }

  /** The analysis: arrows for every line, a line clicked goes into the tree, pauses out of sight. */
  async analysis() {
    this.step("analysis: an arrow per line, the evaluation bar, a line clicked is played");
    await this.open(`?game=${this.game}`);
    await this.page.locator("#new-game").click();
    await this.page.locator('#side [data-side="both"]').click();
    await this.page.selectOption("#multipv", "2");
    await this.page.locator("#analyse").click();
    await this.page.waitForFunction(() => document.querySelectorAll("#board .arrow").length === 2 && document.querySelectorAll("#lines .line").length === 2, null, { timeout: TIMEOUT });
    assert.equal(await this.page.locator("#eval-bar").isVisible(), true);
    const score = await this.page.locator('#lines .line[data-multipv="1"] .score').textContent();
    if (this.game === "ugolki") {
      assert.match(score, /^[≥≤]?([+-]?\d+|#-?\d+)$/, `an ugolki score is no count of pawns: ${score}`);
      // Chains as the move list writes them: every landing square, each a jump of two squares.
      await this.page.waitForFunction(() => {
        const chains = [...document.querySelectorAll("#lines .pv")].flatMap((e) => e.textContent.match(/[a-h][1-8](:[a-h][1-8])+/g) || []);
        const jump = (a, b) => {
          const df = Math.abs(a.charCodeAt(0) - b.charCodeAt(0));
          const dr = Math.abs(Number(a[1]) - Number(b[1]));
          return (df === 2 && dr === 0) || (df === 0 && dr === 2);
        };
        return chains.length > 0 && chains.every((c) => c.split(":").every((sq, i, all) => i === 0 || jump(all[i - 1], sq)));
      }, null, { timeout: TIMEOUT });
    }
    else assert.match(score, /^[≥≤]?([+-]?\d+\.\d\d|#-?\d+)$/);
    this.step("the analysis pauses when another tab or the page is hidden");
    await this.tab("setup");
    await this.page.waitForFunction(() => document.querySelectorAll("#board .arrow").length === 0);
    assert.equal(await this.page.locator("#analyse").getAttribute("data-paused"), "true");
    await this.tab("analysis");
    await this.page.waitForFunction(() => document.querySelectorAll("#board .arrow").length >= 1, null, { timeout: TIMEOUT });
    await this.page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await this.page.waitForFunction(() => document.querySelectorAll("#board .arrow").length === 0);
    await this.page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    const line = this.page.locator('#lines .line[data-multipv="1"]');
    await line.waitFor({ timeout: TIMEOUT });
    await this.page.locator("#analyse").click();
    assert.equal(await this.page.locator("#board .arrow").count(), 0, "no arrow once stopped");
    // The lines stay when the analysis stops, and one clicked is played into the game.
    const first = await line.getAttribute("data-move");
    const length = await line.evaluate((e) => e.querySelector(".pv").textContent.split(/\s+/).filter((t) => !/^\d+\.+$/.test(t)).length);
    await line.click();
    await this.page.waitForFunction((m) => document.querySelector('#moves button[aria-current="true"]')?.dataset.move === m, first);
    assert.equal(await this.page.locator("#moves button[data-node]").count(), length, "the whole line is in the move list");
  }

  async run() {
    await this.newContext();
    await this.open();
    await this.sharedAndReload();
    await this.pgnRoundTrip();
    await this.review();
    await this.analysis();
    await this.context.close();
  }
}

/** The page's old bugs, in chess (the solver's game). */
class Bugs extends Lasting {
  constructor(browser, url, problems) {
    super(browser, url, "chess", problems);
  }

  async waitPlies(n) {
    await this.page.waitForFunction((k) => document.querySelectorAll("#moves button[data-ply]").length === k, n, { timeout: TIMEOUT });
  }

  async loadFen(fen) {
    await this.tab("setup");
    await this.page.fill("#fen", fen);
    await this.page.locator("#fen-load").click();
  }

  /** Undo takes back the move Ladya made at once; the solver works on the position shown. */
  async undoLadyasFirstMove() {
    this.step("bug: a new game as Black, Ladya moves, Undo takes it back and Ladya waits");
    await this.page.selectOption("#level", { index: 0 }).catch(() => {});
    // Ladya, now White, moves in the game shown; then in a new game: each move is taken back.
    // (The new game starts from an empty list, so its move is not mistaken for the old one's.)
    await this.side("black");
    for (const start of [() => {}, () => this.page.locator("#new-game").click()]) {
      await start();
      await this.waitPlies(1);
      await this.page.locator("#undo").click();
      await this.waitPlies(0);
      await this.page.waitForTimeout(1500);
      assert.equal((await this.mainLine()).length, 0, "Ladya does not move again by itself");
      assert.equal(await this.page.locator("#status").getAttribute("data-kind"), "hold");
    }

    this.step("bug: after a FEN load Ladya moves, Undo takes it back, the solver solves the FEN");
    const fen = "8/8/3p4/n7/rp6/kp5Q/8/1K6 w - - 0 1";
    await this.loadFen(fen);
    await this.waitPlies(1);
    await this.page.locator("#undo").click();
    await this.waitPlies(0);
    assert.equal(await this.fen(), fen);
    await this.tab("solver");
    await this.page.selectOption("#stip-kind", "mate");
    await this.page.selectOption("#stip-moves", "2");
    await this.page.locator("#solve").click();
    await this.page.locator('#keys button[data-move="h3h8"]').waitFor({ timeout: TIMEOUT });

    this.step("bug: a PGN imported while playing a side keeps its result; Ladya does not move on");
    await this.side("white");
    await this.tab("setup");
    await this.page.fill("#pgn", '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 1-0\n');
    await this.page.locator("#pgn-import").click();
    await this.page.waitForFunction(() => document.getElementById("setup-message").textContent === "Imported 1 move.");
    await this.page.waitForTimeout(1500);
    assert.deepEqual(await this.mainLine(), ["e2e4"], "Ladya did not answer in the finished game");
    assert.equal(await this.page.locator("#status").getAttribute("data-kind"), "result");
    assert.match(await this.page.locator("#moves .result").textContent(), /^1-0/);

    this.step("bug: an unfinished PGN imported, Ladya answers, Undo takes the answer back only");
    await this.page.fill("#pgn", "1. e4 e5 2. Nf3 *");
    await this.page.locator("#pgn-import").click();
    await this.page.waitForFunction(() => document.getElementById("setup-message").textContent === "Imported 3 moves.");
    await this.waitPlies(4);
    await this.page.locator("#undo").click();
    await this.waitPlies(3);
    assert.deepEqual(await this.mainLine(), ["e2e4", "e7e5", "g1f3"]);
  }

  /** A key of an earlier solve is played as a variation from its own position. */
  async solverKeyAsVariation() {
    this.step("bug: a key of an earlier solve goes in as a variation, not over the game");
    await this.side("both");
    await this.loadFen("8/8/3p4/n7/rp6/kp5Q/8/1K6 w - - 0 1");
    await this.waitPlies(0);
    await this.tab("solver");
    await this.page.selectOption("#stip-kind", "mate");
    await this.page.selectOption("#stip-moves", "2");
    await this.page.locator("#solve").click();
    const key = this.page.locator('#keys button[data-move="h3h8"]');
    await key.waitFor({ timeout: TIMEOUT });
    await this.type("h3h4");
    await this.type("a5c4");
    await key.click();
    await this.page.locator('#moves .variation button[data-move="h3h8"]').waitFor();
    assert.deepEqual(await this.mainLine(), ["h3h4", "a5c4"], "the game is kept");
    this.step("a key whose position left the game asks first (declined: nothing changes)");
    await this.loadFen("8/8/3p4/n7/rp6/kp6/7Q/1K6 w - - 0 1");
    await this.waitPlies(0);
    await this.tab("solver");
    let asked = null;
    this.page.once("dialog", (d) => {
      asked = d.message();
      d.dismiss();
    });
    await key.click();
    await this.page.waitForTimeout(300);
    assert.match(asked || "", /no longer in the game/);
    assert.equal(await this.fen(), "8/8/3p4/n7/rp6/kp6/7Q/1K6 w - - 0 1");
    assert.equal((await this.mainLine()).length, 0);
  }

  /** A long solver answer scrolls in its tab; the move list keeps its room and its result. */
  async longAnswer() {
    this.step("bug: a long solver answer leaves the move list its room and its result");
    const moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7", "f1e1", "b7b5", "a4b3", "d7d6", "c2c3", "e8g8", "h2h3", "c6b8", "d2d4", "b8d7"];
    const { pgn } = await this.api("pgn/export", { game: "chess", moves, result: "1/2-1/2", tags: { White: "W", Black: "B" } });
    await this.tab("setup");
    await this.page.fill("#pgn", pgn);
    await this.page.locator("#pgn-import").click();
    await this.page.waitForFunction(() => document.getElementById("setup-message").textContent === "Imported 20 moves.");
    await this.page.locator('[data-nav="first"]').click();
    await this.page.waitForFunction(() => document.querySelectorAll('#moves [aria-current="true"]').length === 0);
    await this.tab("solver");
    await this.page.selectOption("#stip-kind", "help");
    await this.page.selectOption("#stip-moves", "3");
    await this.page.locator("#solve").click();
    await this.page.locator('#solution button[data-line="100"]').waitFor({ timeout: 60_000 });
    assert.match(await this.page.locator("#solution").evaluate((e) => e.textContent.slice(0, 40)), /^Helpmate in 3: \d{3,} solutions/);
    const listHeight = await this.page.locator("#moves").evaluate((e) => e.clientHeight);
    const rowHeight = await this.page.locator("#moves li").first().evaluate((e) => e.offsetHeight);
    assert.ok(listHeight >= 5 * rowHeight, `the move list shows at least five rows (${listHeight}px for rows of ${rowHeight}px)`);
    const solution = await this.page.locator("#solution").evaluate((e) => [e.clientHeight, e.scrollHeight]);
    assert.ok(solution[0] < 800 / 2 && solution[1] > 10 * solution[0], `the answer scrolls in a box of its own (${solution})`);
    const bottom = await this.page.locator(".panel").evaluate((e) => e.getBoundingClientRect().bottom);
    assert.ok(bottom <= 800 + 1, `the panel stays in the window (${bottom}px)`);
    await this.page.locator("#moves").evaluate((e) => (e.scrollTop = e.scrollHeight));
    const [list, result] = await Promise.all([this.page.locator("#moves").boundingBox(), this.page.locator("#moves .result").boundingBox()]);
    assert.ok(result.y >= list.y && result.y + result.height <= list.y + list.height + 1, "the result can be scrolled into sight whole");
  }

  async run() {
    await this.newContext();
    await this.open();
    await this.undoLadyasFirstMove();
    await this.solverKeyAsVariation();
    await this.longAnswer();
    await this.context.close();
  }
}

/**
 * Runs the tests of this file (`only`: a game's name or "bugs" for one part alone); `problems`
 * collects console errors and uncaught exceptions.
 */
export async function lasting(browser, url, problems, only = null) {
  for (const game of Object.keys(GAMES)) {
    if (only && only !== game) continue;
    await new Lasting(browser, url, game, problems).run();
    assert.deepEqual(problems, [], "no console error or uncaught exception");
    console.log(`ok lasting ${game}`);
  }
  if (only && only !== "bugs") return;
  await new Bugs(browser, url, problems).run();
  assert.deepEqual(problems, [], "no console error or uncaught exception");
  console.log("ok lasting bugs");
}
