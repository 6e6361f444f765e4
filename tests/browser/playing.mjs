// Browser tests of playing as on a real board: levels by rating (the elo sent), clocks (a flag
// fall ends the game; Ladya is sent its clock), the clocks and a game's end kept over a reload,
// resigning and draw offers, sounds and their mute switch, castling by dropping the king on its
// rook, premoves, moves by keyboard and what the screen reader is told, xiangqi's coordinates
// and Western pieces, and the move box's and the board's old bugs. Called from run.mjs with a
// browser and the server's address.
//
// SCREENSHOTS=1 also saves docs/img/level-clock-{chess,xiangqi,ugolki}.png (1280x800, a level
// chosen and a clock running); PLAYING_SHOTS=DIR saves them, and phone-sized ones (390x844), in
// DIR as they are taken.

import { writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { BoardPage } from "./board-page.mjs";
import { shrinkPng } from "./png.mjs";

const TIMEOUT = 30_000;
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Per game: the player's first move, the level to try, and a second move the player may make. */
const GAMES = {
  chess: { first: "e2e4", level: "1200", second: ["g1f3", "d2d4", "b1c3"] },
  xiangqi: { first: "h2e2", level: "2000", second: ["h0g2", "b0c2", "a3a4"] },
  ugolki: { first: "e3e4", level: "800", second: ["f2f4", "f3f4", "g3g4"] },
};

/** Counts the sounds made: each oscillator and buffer source started (see Sounds in sounds.js). */
function spyOnAudio() {
  window.__audio = { oscillators: 0, sources: 0 };
  const Context = window.AudioContext;
  if (!Context) return;
  const oscillator = Context.prototype.createOscillator;
  const source = Context.prototype.createBufferSource;
  Context.prototype.createOscillator = function (...args) {
    window.__audio.oscillators += 1;
    return oscillator.apply(this, args);
  };
  Context.prototype.createBufferSource = function (...args) {
    window.__audio.sources += 1;
    return source.apply(this, args);
  };
}

class Playing extends BoardPage {
  constructor(browser, url, problems) {
    super();
    this.browser = browser;
    this.url = url;
    this.problems = problems;
  }

  step(text) {
    console.log(`  playing ${this.game}: ${text}`);
  }

  /** A fresh page of `game` (empty storage), the player with `side`. */
  async open(game, { side = "white", viewport = { width: 1280, height: 800 } } = {}) {
    this.game = game;
    if (this.context) await this.context.close();
    this.context = await this.browser.newContext({ viewport });
    await this.context.addInitScript(spyOnAudio);
    this.page = await this.context.newPage();
    this.page.setDefaultTimeout(TIMEOUT);
    this.page.on("console", (m) => m.type() === "error" && !/Failed to load resource/.test(m.text()) && this.problems.push(`${game}: console error: ${m.text()}`));
    this.page.on("pageerror", (e) => this.problems.push(`${game}: uncaught: ${e.message}`));
    await this.page.goto(`${this.url}?game=${game}`);
    await this.page.locator("body[data-ready]").waitFor({ timeout: TIMEOUT });
    await this.page.locator(`#side [data-side="${side}"]`).click();
  }

  /** The coordinate moves of the main line. */
  moves() {
    return this.page.locator("#moves button[data-ply]").evaluateAll((list) => list.map((b) => b.dataset.move));
  }

  async waitForMoves(n) {
    await this.page.waitForFunction((k) => document.querySelectorAll("#moves button[data-ply]").length === k, n, { timeout: TIMEOUT });
  }

  async waitInteractive() {
    await this.page.waitForFunction(() => document.getElementById("board").dataset.interactive === "true", null, { timeout: TIMEOUT });
  }

  /** The status line's words (without its button). */
  status() {
    return this.page.locator("#status").evaluate((el) =>
      [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join("").trim());
  }

  /** Loads `fen` from the set-up panel as a new game. */
  async loadFen(fen) {
    await this.page.locator("#tab-setup").click();
    await this.page.fill("#fen", fen);
    await this.page.locator("#fen-load").click();
    await this.page.waitForFunction((f) => document.getElementById("board").dataset.fen === f, fen);
    await this.page.locator("#tab-analysis").click();
  }

  /** The centre of `square` on the screen (empty or not): from the SVG's own geometry. */
  async squareCentre(square) {
    return this.page.evaluate((sq) => {
      const svg = document.getElementById("board");
      const cell = svg.dataset.game === "xiangqi";
      const files = cell ? 9 : 8;
      const ranks = cell ? 10 : 8;
      const file = sq.charCodeAt(0) - 97;
      const rank = Number(sq.slice(1)) - (cell ? 0 : 1);
      const flipped = svg.dataset.orientation === "flipped";
      const column = flipped ? files - 1 - file : file;
      const row = flipped ? rank : ranks - 1 - rank;
      const x = cell ? 84 + column * 100 : 50 + column * 100;
      const y = cell ? 84 + row * 100 : 50 + row * 100;
      const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
      return [p.x, p.y];
    }, square);
  }

  async click(square, options = {}) {
    const [x, y] = await this.squareCentre(square);
    await this.page.mouse.click(x, y, options);
  }

  async drag(from, to) {
    const [x1, y1] = await this.squareCentre(from);
    const [x2, y2] = await this.squareCentre(to);
    await this.page.mouse.move(x1, y1);
    await this.page.mouse.down();
    await this.page.mouse.move(x2, y2, { steps: 8 });
    await this.page.mouse.up();
  }

  /** Types `text` in the move box and waits for `move` to be the last of `n` moves. */
  async type(text, move) {
    await this.waitInteractive();
    const before = (await this.moves()).length;
    await this.page.fill("#move-input", text);
    await this.page.press("#move-input", "Enter");
    // At least: Ladya may answer at once.
    await this.page.waitForFunction((k) => document.querySelectorAll("#moves button[data-ply]").length > k, before, { timeout: TIMEOUT });
    assert.equal((await this.moves())[before], move, `${text} plays ${move}`);
  }

  /** Ladya's first legal move among `moves` here. */
  async firstLegal(moves) {
    const query = new URLSearchParams({ game: this.game, fen: await this.fen() });
    const { moves: legal } = await (await fetch(`${this.url}api/legal?${query}`)).json();
    return moves.find((m) => legal.some((l) => l.move === m));
  }

  /** Adds a time control to the select (a tiny one for tests) and chooses it. */
  async chooseControl(value) {
    await this.page.evaluate((v) => {
      const select = document.getElementById("time-control");
      if (![...select.options].some((o) => o.value === v)) select.add(new Option(`test ${v}`, v));
    }, value);
    await this.page.selectOption("#time-control", value);
  }

  clockMs(side) {
    return this.page.locator(`.clock[data-side="${side}"]`).first().getAttribute("data-ms").then(Number);
  }

  // ----- the tests -----

  /** The level chosen is sent as elo, Ladya answers, and the bar and storage keep it. */
  async levels(game) {
    const { first, level } = GAMES[game];
    await this.open(game);
    this.step(`level ${level}: the request says elo ${level}`);
    const options = await this.page.locator("#level option").evaluateAll((list) => list.map((o) => o.value));
    assert.deepEqual(options, ["800", "1200", "1600", "2000", "2400", "full"], "a ladder of ratings and full strength");
    await this.page.selectOption("#level", level);
    assert.match(await this.page.locator("#player-top").textContent(), new RegExp(`Ladya\\s*${level}`), "the level beside Ladya's name");
    const request = this.page.waitForRequest((r) => r.url().endsWith("/api/bestmove"));
    await this.type(first, first);
    const body = (await request).postDataJSON();
    assert.equal(body.elo, Number(level));
    assert.equal(body.game, game);
    assert.deepEqual(body.moves, [first]);
    assert.equal(body.clock, undefined, "no clock sent without a clock");
    await this.waitForMoves(2);
    await this.waitInteractive();
    this.step(`Ladya answered ${(await this.moves())[1]}`);
    assert.match(await this.page.locator("#announce").textContent(), /^Ladya played \S+/, "Ladya's move is announced");

    this.step("full strength sends elo null; the level is remembered");
    await this.page.selectOption("#level", "full");
    assert.match(await this.page.locator("#player-top").textContent(), /Ladya\s*full strength/);
    await this.page.selectOption("#level", level);
    await this.page.reload();
    await this.page.locator("body[data-ready]").waitFor();
    assert.equal(await this.page.locator("#level").inputValue(), level);
    await this.page.selectOption("#level", "full");
    const second = await this.firstLegal(GAMES[game].second);
    const fullRequest = this.page.waitForRequest((r) => r.url().endsWith("/api/bestmove"));
    await this.waitInteractive();
    await this.type(second, second);
    assert.equal((await fullRequest).postDataJSON().elo, null);
    await this.waitForMoves(4);
  }

  /** A clock runs out: the game ends on time, with Ladya sent its own clock. */
  async clocks(game) {
    await this.open(game);
    this.step("3+2 chosen: clocks in both bars, remembered");
    await this.page.selectOption("#time-control", "3+2");
    assert.equal(await this.page.locator(".clock").count(), 2);
    assert.equal(await this.page.locator('.clock[data-side="white"]').textContent(), "3:00");
    await this.page.reload();
    await this.page.locator("body[data-ready]").waitFor();
    assert.equal(await this.page.locator("#time-control").inputValue(), "3+2");

    this.step("a 6-second clock: Ladya is sent its clock, the first two moves are free");
    await this.chooseControl("0.1+1");
    const request = this.page.waitForRequest((r) => r.url().endsWith("/api/bestmove"));
    await this.type(GAMES[game].first, GAMES[game].first);
    const body = (await request).postDataJSON();
    assert.deepEqual(body.clock, { time: 6000, increment: 1000 }, "Ladya's clock, in ms");
    await this.waitForMoves(2);
    assert.equal(await this.clockMs("black"), 6000, "Ladya's first move was not on its clock");
    assert.ok(await this.page.locator('.clock[data-side="white"].running.low').count(), "the player's clock runs, in red under 10 s");
    this.step("the player's time runs out");
    await this.page.locator('#status[data-kind="result"]').waitFor({ timeout: 10_000 });
    const loser = game === "xiangqi" ? "Red" : "White";
    assert.equal(await this.status(), "Black wins on time.");
    assert.match(await this.page.locator("#moves .result").textContent(), /^0-1/);
    assert.equal(await this.clockMs("white"), 0);
    assert.equal(await this.page.locator('.clock[data-side="white"].flagged').count(), 1);
    assert.equal(await this.board().getAttribute("data-interactive"), "false", `${loser} may not move after the flag`);
    assert.equal(await this.page.locator("#resign").isDisabled(), true);
  }

  /** Chess: the increment, and a flag fall against a lone king is a draw. */
  async clockDetails() {
    await this.open("chess", { side: "both" });
    await this.loadFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    await this.chooseControl("0.1+5");
    this.step("the increment is added after a move made on the clock");
    await this.type("Kd1", "e1d1");
    await this.type("Kd8", "e8d8");
    await sleep(300);
    await this.type("Kc1", "d1c1");
    const white = await this.clockMs("white");
    assert.ok(white > 6000 && white < 11_000, `White has 6 s, less the time taken, and 5 s more: ${white}`);
    this.step("Black flags against king and rook: Black loses");
    await this.page.locator('#status[data-kind="result"]').waitFor({ timeout: 10_000 });
    assert.equal(await this.status(), "White wins on time.");
    this.step("White flags, but Black has only its king: a draw");
    await this.loadFen("4k3/8/8/8/8/8/8/4K2R b K - 0 1");
    await this.chooseControl("0.05+0");
    await this.type("Kd8", "e8d8");
    await this.type("Kd1", "e1d1");
    await this.type("Kc8", "d8c8");
    await this.page.locator('#status[data-kind="result"]').waitFor({ timeout: 10_000 });
    assert.equal(await this.status(), "White's time is up, but Black cannot mate: draw.");
    assert.match(await this.page.locator("#moves .result").textContent(), /^1\/2-1\/2/);
  }

  /** Whose clock runs: "white", "black" or null. */
  running() {
    return this.page.locator(".clock.running").evaluateAll((list) => (list.length ? list[0].dataset.side : null));
  }

  async reload() {
    await this.page.reload();
    await this.page.locator("body[data-ready]").waitFor();
  }

  /** A game's clocks outlast a reload and a page left for a while, which is not charged. */
  async clocksLast() {
    await this.open("chess", { side: "both" });
    await this.page.selectOption("#time-control", "3+2");
    this.step("3+2, three moves: Black's clock runs");
    await this.type("e4", "e2e4");
    await this.type("e5", "e7e5");
    await this.type("Nf3", "g1f3");
    await sleep(1200);
    assert.equal(await this.running(), "black");
    const white = await this.clockMs("white");
    const black = await this.clockMs("black");
    assert.ok(black < 179_000 && white > 179_000, `Black's time runs, White's stands with its increment: ${white}, ${black}`);

    this.step("a reload shows the same times, and Black's clock runs on");
    await this.reload();
    assert.equal(await this.page.locator("#time-control").inputValue(), "3+2");
    assert.equal(await this.running(), "black", "the same side's clock runs");
    const whiteAfter = await this.clockMs("white");
    const blackAfter = await this.clockMs("black");
    assert.ok(Math.abs(whiteAfter - white) < 1000, `White's time kept: ${white} then ${whiteAfter}`);
    assert.ok(blackAfter <= black && black - blackAfter < 1000, `Black's time kept: ${black} then ${blackAfter}`);
    await sleep(1100);
    assert.ok(await this.clockMs("black") <= blackAfter - 1000, "Black's clock runs after the reload");
    assert.equal(await this.clockMs("white"), whiteAfter, "White's stands");

    this.step("the page left for 3 s: that time is not charged");
    const before = await this.clockMs("black");
    await this.page.goto("about:blank");
    await sleep(3000);
    await this.page.goto(`${this.url}?game=chess`);
    await this.page.locator("body[data-ready]").waitFor();
    const back = await this.clockMs("black");
    assert.ok(back <= before && before - back < 1000, `Black had ${before} on leaving, ${back} on coming back`);
    assert.equal(await this.running(), "black");

    this.step("the game goes on: Black's move gets the increment, White's clock runs");
    await this.type("Nc6", "b8c6");
    assert.equal(await this.running(), "white");
    const blackMoved = await this.clockMs("black");
    assert.ok(blackMoved > back && blackMoved <= back + 2000, `2 s added to Black's ${back}: ${blackMoved}`);

    this.step("a new game starts with full clocks, also after a reload");
    await this.page.locator("#new-game").click();
    await this.waitForMoves(0);
    assert.deepEqual([await this.clockMs("white"), await this.clockMs("black"), await this.running()], [180_000, 180_000, null]);
    await this.reload();
    assert.deepEqual([await this.clockMs("white"), await this.clockMs("black"), await this.running()], [180_000, 180_000, null]);
  }

  /** A resignation outlasts a reload; a shared link starts afresh and can give the game back. */
  async resignationLasts() {
    await this.open("chess");
    await this.page.selectOption("#time-control", "3+2");
    await this.type("e4", "e2e4");
    await this.waitForMoves(2);
    await this.waitInteractive();
    await sleep(300);
    this.step("resigned, then reloaded: still resigned, Undo disabled, no clock runs");
    await this.page.locator("#resign").click();
    await this.page.locator("#resign").click();
    await this.page.locator('#status[data-kind="result"]').waitFor();
    const times = [await this.clockMs("white"), await this.clockMs("black")];
    await this.reload();
    await this.page.locator('#status[data-kind="result"]').waitFor();
    assert.equal(await this.status(), "White resigns. Black wins by resignation.");
    assert.match(await this.page.locator("#moves .result").textContent(), /^0-1/);
    assert.equal(await this.page.locator("#undo").isDisabled(), true, "no undo after a resignation");
    assert.equal(await this.page.locator("#resign").isDisabled(), true);
    assert.equal(await this.board().getAttribute("data-interactive"), "false");
    assert.equal(await this.running(), null, "no clock runs");
    assert.deepEqual([await this.clockMs("white"), await this.clockMs("black")], times, "the times as they stood");
    await sleep(500);
    assert.equal((await this.moves()).length, 2, "Ladya does not play on");

    this.step("a shared link starts afresh; the resigned game comes back");
    await this.page.goto(`${this.url}?game=chess&moves=e2e4`);
    await this.page.locator("body[data-ready]").waitFor();
    assert.deepEqual(await this.moves(), ["e2e4"]);
    assert.notEqual(await this.page.locator("#status").getAttribute("data-kind"), "result");
    assert.equal(await this.page.locator("#resign").isDisabled(), false);
    assert.deepEqual([await this.clockMs("white"), await this.clockMs("black"), await this.running()], [180_000, 180_000, null]);
    await this.page.locator("#status button", { hasText: "bring back your previous game" }).click();
    await this.page.locator('#status[data-kind="result"]').waitFor();
    assert.equal(await this.status(), "White resigns. Black wins by resignation.");
    assert.equal((await this.moves()).length, 2);
    assert.equal(await this.page.locator("#undo").isDisabled(), true);
    assert.deepEqual([await this.clockMs("white"), await this.clockMs("black")], times);
  }

  /** A flag fall outlasts a reload; a position loaded afterwards starts afresh. */
  async flagLasts() {
    await this.open("chess", { side: "both" });
    await this.chooseControl("0.05+0");
    this.step("a 3-second clock runs out");
    await this.type("e4", "e2e4");
    await this.type("e5", "e7e5");
    await this.page.locator('#status[data-kind="result"]').waitFor({ timeout: 10_000 });
    assert.equal(await this.status(), "Black wins on time.");
    this.step("reloaded: still lost on time");
    await this.reload();
    await this.page.locator('#status[data-kind="result"]').waitFor();
    assert.equal(await this.status(), "Black wins on time.");
    assert.match(await this.page.locator("#moves .result").textContent(), /^0-1/);
    assert.equal(await this.clockMs("white"), 0);
    assert.equal(await this.page.locator('.clock[data-side="white"].flagged').count(), 1);
    assert.equal(await this.running(), null);
    assert.equal(await this.board().getAttribute("data-interactive"), "false");
    assert.equal(await this.page.locator("#undo").isDisabled(), true);
    this.step("a position loaded starts with fresh clocks and no verdict");
    await this.page.selectOption("#time-control", "3+2");
    await this.loadFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert.notEqual(await this.page.locator("#status").getAttribute("data-kind"), "result");
    assert.equal(await this.page.locator(".clock.flagged").count(), 0);
    assert.deepEqual([await this.clockMs("white"), await this.clockMs("black")], [180_000, 180_000]);
    await this.reload();
    assert.notEqual(await this.page.locator("#status").getAttribute("data-kind"), "result");
    assert.equal(await this.board().getAttribute("data-interactive"), "true");
  }

  /** Resigning and offering draws. */
  async resignAndDraw() {
    await this.open("chess");
    this.step("resign: a second click confirms");
    await this.type("e4", "e2e4");
    await this.waitForMoves(2);
    await this.waitInteractive();
    await this.page.locator("#resign").click();
    assert.equal(await this.page.locator('#status[data-kind="result"]').count(), 0, "one click does not resign");
    await this.page.locator("#resign").click();
    await this.page.locator('#status[data-kind="result"]').waitFor();
    assert.equal(await this.status(), "White resigns. Black wins by resignation.");
    assert.equal(await this.page.evaluate(() => window.__audio.oscillators), 3, "the game's end is heard: three tones");
    assert.match(await this.page.locator("#moves .result").textContent(), /^0-1/);
    assert.equal(await this.board().getAttribute("data-interactive"), "false");
    assert.equal(await this.page.locator("#undo").isDisabled(), true);
    this.step("a new game starts afresh");
    await this.page.locator("#new-game").click();
    await this.waitForMoves(0);
    await this.waitInteractive();
    assert.equal(await this.page.locator("#resign").isDisabled(), false);

    this.step("a draw offer at move 1 is declined");
    await this.page.locator("#offer-draw").click();
    assert.equal(await this.status(), "Ladya declines the draw");
    await this.waitInteractive();

    this.step("Ladya, a queen down but at move 5, declines: not before move 10");
    await this.loadFen("4k3/8/8/8/8/8/8/3QK3 w - - 0 5");
    await this.type("Qd2", "d1d2");
    await this.waitForMoves(2);
    await this.waitInteractive();
    await this.page.locator("#offer-draw").click();
    assert.equal(await this.status(), "Ladya declines the draw");

    this.step("Ladya, a queen down at move 40, accepts");
    await this.loadFen("4k3/8/8/8/8/8/8/3QK3 w - - 0 40");
    await this.type("Qd2", "d1d2");
    await this.waitForMoves(2);
    await this.waitInteractive();
    await this.page.locator("#offer-draw").click();
    await this.page.locator('#status[data-kind="result"]').waitFor();
    assert.equal(await this.status(), "Ladya accepts the draw. Draw by agreement.");
    assert.match(await this.page.locator("#moves .result").textContent(), /^1\/2-1\/2/);

    this.step("Ladya, a queen up at move 40, declines");
    await this.loadFen("3qk3/8/8/8/8/8/8/4K3 w - - 0 40");
    await this.type("Ke2", "e1e2");
    await this.waitForMoves(2);
    await this.waitInteractive();
    await this.page.locator("#offer-draw").click();
    assert.equal(await this.status(), "Ladya declines the draw");
  }

  /** Sounds: a move and a capture make different sounds; the mute switch is kept. */
  async sounds() {
    await this.open("chess", { side: "both" });
    const audio = () => this.page.evaluate(() => ({ ...window.__audio }));
    this.step("a move knocks once, a capture twice, a check rings two tones");
    await this.type("e4", "e2e4");
    assert.deepEqual(await audio(), { oscillators: 0, sources: 1 });
    await this.type("d5", "d7d5");
    await this.type("exd5", "e4d5");
    assert.deepEqual(await audio(), { oscillators: 0, sources: 4 });
    await this.type("e6", "e7e6");
    await this.type("Bb5+", "f1b5");
    assert.deepEqual(await audio(), { oscillators: 2, sources: 5 });
    this.step("muted: silence, and still muted after a reload");
    await this.page.locator("#mute").click();
    assert.equal(await this.page.locator("#mute").getAttribute("aria-pressed"), "true");
    await this.type("c6", "c7c6");
    assert.deepEqual(await audio(), { oscillators: 2, sources: 5 });
    await this.page.reload();
    await this.page.locator("body[data-ready]").waitFor();
    assert.equal(await this.page.locator("#mute").getAttribute("aria-pressed"), "true");
    await this.page.locator("#new-game").click();
    await this.waitForMoves(0);
    await this.type("e4", "e2e4");
    assert.deepEqual(await audio(), { oscillators: 0, sources: 0 }, "no sound after the reload");
    await this.page.locator("#mute").click();
    await this.type("e5", "e7e5");
    assert.deepEqual(await audio(), { oscillators: 0, sources: 1 }, "sound again");
  }

  /** The king castles when dropped on its own rook, by clicks and by drag. */
  async castling() {
    await this.open("chess", { side: "both" });
    await this.loadFen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    this.step("click e1, then h1: O-O");
    await this.click("e1");
    await this.board('.mark.target[data-square="h1"]').waitFor();
    await this.click("h1");
    await this.waitForMoves(1);
    assert.deepEqual(await this.moves(), ["e1g1"]);
    assert.equal(await this.pieceAt("g1"), "wK");
    assert.equal(await this.pieceAt("f1"), "wR");
    this.step("drag e8 onto a8: O-O-O");
    await this.waitInteractive();
    await this.drag("e8", "a8");
    await this.waitForMoves(2);
    assert.deepEqual(await this.moves(), ["e1g1", "e8c8"]);
    assert.equal(await this.pieceAt("c8"), "bK");
    assert.equal(await this.pieceAt("d8"), "bR");
  }

  /** A premove set while Ladya thinks is played at once when Ladya has moved; one is cancelled. */
  async premove() {
    await this.open("chess");
    // Ladya's answers take a second here, whatever the server: time to set the premove.
    await this.page.route("**/api/bestmove", async (route) => {
      await sleep(3000);
      await route.continue();
    });
    await this.type("d4", "d2d4");
    this.step("a premove set, and cancelled by a right click");
    await this.click("g1");
    await this.click("f3");
    assert.equal(await this.board().getAttribute("data-premove"), "g1f3");
    assert.equal(await this.board(".mark.premove").count(), 2);
    await this.click("a5", { button: "right" });
    assert.equal(await this.board().getAttribute("data-premove"), null);
    assert.equal(await this.board(".mark.premove").count(), 0);
    this.step("another cancelled by a click elsewhere on the board");
    await this.click("b1");
    await this.click("c3");
    assert.equal(await this.board().getAttribute("data-premove"), "b1c3");
    await this.click("h5");
    assert.equal(await this.board().getAttribute("data-premove"), null);
    assert.equal(await this.board(".mark.premove").count(), 0);
    this.step("g1f3 premoved by drag, played as soon as Ladya moved");
    await this.drag("g1", "f3");
    assert.equal(await this.board().getAttribute("data-premove"), "g1f3");
    await this.waitForMoves(3);
    assert.equal((await this.moves())[2], "g1f3");
    assert.equal(await this.pieceAt("f3"), "wN");
    this.step("a premove that is not legal is dropped");
    await this.page.waitForFunction(() => document.getElementById("board").dataset.interactive === "false");
    await this.click("f3");
    await this.click("f6"); // the knight cannot go there
    assert.equal(await this.board().getAttribute("data-premove"), "f3f6");
    await this.waitForMoves(4);
    await this.waitInteractive();
    assert.equal((await this.moves()).length, 4);
    assert.equal(await this.board(".mark.premove").count(), 0);
    await this.page.unroute("**/api/bestmove");
  }

  /** The board by keyboard: Tab into it, arrows, Enter; keys f, Home and End. */
  async keyboard() {
    await this.open("chess");
    this.step("Tab reaches the board; arrows and Enter play e2e4");
    await this.page.locator("#mute").focus(); // the header's last control
    await this.page.keyboard.press("Tab");
    assert.equal(await this.page.evaluate(() => document.activeElement?.id), "board", "the board is next in the Tab order");
    const focus = this.board(".mark.focus");
    assert.equal(await focus.isVisible(), true, "the focus square is shown");
    const goTo = async (square) => {
      const at = await focus.getAttribute("data-square");
      const files = square.charCodeAt(0) - at.charCodeAt(0);
      const ranks = Number(square[1]) - Number(at[1]);
      for (let i = 0; i < Math.abs(files); i++) await this.page.keyboard.press(files > 0 ? "ArrowRight" : "ArrowLeft");
      for (let i = 0; i < Math.abs(ranks); i++) await this.page.keyboard.press(ranks > 0 ? "ArrowUp" : "ArrowDown");
      assert.equal(await focus.getAttribute("data-square"), square);
    };
    await goTo("e2");
    assert.match(await focus.getAttribute("aria-label"), /^e2, white pawn/);
    await this.page.keyboard.press("Enter");
    assert.equal(await this.board('.mark.selected[data-square="e2"]').count(), 1);
    await goTo("e4");
    await this.page.keyboard.press(" ");
    await this.waitForMoves(2); // e2e4 and Ladya's answer
    assert.equal((await this.moves())[0], "e2e4");
    assert.equal(await this.page.evaluate(() => document.activeElement?.id), "board", "the board keeps the focus");
    await this.waitInteractive();
    assert.match(await this.page.locator("#announce").textContent(), /^Ladya played \S+$/);

    this.step("f flips; Home and End go to the first and last positions");
    await this.page.evaluate(() => document.activeElement.blur()); // the focus leaves the board
    await this.page.keyboard.press("f");
    assert.equal(await this.board().getAttribute("data-orientation"), "flipped");
    await this.page.keyboard.press("f");
    assert.equal(await this.board().getAttribute("data-orientation"), "normal");
    const end = await this.fen();
    await this.page.keyboard.press("Home");
    await this.page.waitForFunction(() => document.getElementById("board").dataset.fen.startsWith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/"));
    await this.page.keyboard.press("End");
    await this.page.waitForFunction((f) => document.getElementById("board").dataset.fen === f, end);
  }

  /** Xiangqi: coordinates outside the lines (flipped too), and the Western piece set. */
  async xiangqiBoard() {
    await this.open("xiangqi", { side: "both" });
    this.step("files a-i and ranks 0-9 outside the lines");
    const labels = () =>
      this.page.locator("#board .xiangqi-coord").evaluateAll((list) =>
        list.map((t) => {
          const box = t.getBoundingClientRect();
          return { text: t.textContent, x: box.x + box.width / 2, y: box.y + box.height / 2, box };
        }));
    const check = async (flipped) => {
      const all = await labels();
      assert.deepEqual(all.map((l) => l.text), [..."abcdefghi", ..."0123456789"]);
      const [a0x, a0y] = await this.squareCentre("a0");
      const [i9x, i9y] = await this.squareCentre("i9");
      const a = all.find((l) => l.text === "a");
      const i = all.find((l) => l.text === "i");
      const zero = all.find((l) => l.text === "0");
      const nine = all.find((l) => l.text === "9");
      const half = Math.abs(i9x - a0x) / 16; // half a point's spacing
      assert.ok(Math.abs(a.x - a0x) < 2 && Math.abs(i.x - i9x) < 2, "the letters stand under their files");
      assert.ok(Math.abs(zero.y - a0y) < 2 && Math.abs(nine.y - i9y) < 2, "the ranks stand beside their points");
      assert.ok(flipped ? a.x > i.x : a.x < i.x, `a is on the ${flipped ? "right" : "left"}`);
      const lowest = Math.max(a0y, i9y);
      const leftmost = Math.min(a0x, i9x);
      for (const l of all.slice(0, 9)) assert.ok(l.box.y > lowest + half * 0.9, `${l.text} is under the board's pieces`);
      for (const l of all.slice(9)) assert.ok(l.box.x + l.box.width < leftmost - half * 0.9, `${l.text} is left of the pieces`);
    };
    await check(false);
    await this.page.locator("#flip").click();
    await check(true);
    await this.page.locator("#flip").click();

    this.step("the Western set writes letters, and is remembered");
    assert.equal(await this.page.locator("#piece-set-row").isVisible(), true);
    await this.page.selectOption("#piece-set", "western");
    assert.equal(await this.board(".xiangqi-char").count(), 0);
    assert.equal(await this.board(".xiangqi-letter").count(), 32);
    assert.deepEqual(await this.board('.piece[data-square="e0"] text').allTextContents(), ["K"]);
    assert.deepEqual(await this.board('.piece[data-square="b0"] text').allTextContents(), ["H"]);
    assert.deepEqual(await this.board('.piece[data-square="b2"] text').allTextContents(), ["C"]);
    await this.page.reload();
    await this.page.locator("body[data-ready]").waitFor();
    assert.equal(await this.page.locator("#piece-set").inputValue(), "western");
    assert.deepEqual(await this.board('.piece[data-square="e9"] text').allTextContents(), ["K"]);
    await this.page.selectOption("#piece-set", "chinese");
    assert.deepEqual(await this.board('.piece[data-square="e0"] text').allTextContents(), ["帥"]);
  }

  // ----- bugs -----

  /** (a) bxc4 is the pawn's capture, Bxc4 the bishop's; (b) the forms people type. */
  async moveBox() {
    await this.open("chess", { side: "both" });
    this.step("bxc4 takes with the pawn, Bxc4 with the bishop");
    await this.loadFen("4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1");
    await this.type("bxc4", "b3c4");
    assert.equal(await this.pieceAt("c4"), "wP");
    await this.loadFen("4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1");
    await this.type("Bxc4", "f1c4");
    assert.equal(await this.pieceAt("c4"), "wB");

    this.step("0-0, 0-0-0, e2-e4, Ngf3, Ng1f3");
    await this.loadFen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    await this.type("0-0", "e1g1");
    await this.type("0-0-0", "e8c8");
    await this.loadFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    await this.type("e2-e4", "e2e4");
    await this.type("Ng8f6", "g8f6");
    await this.type("Ngf3", "g1f3");
    await this.type("nc6", "b8c6");
    await this.loadFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    await this.type("Ng1f3", "g1f3");

    this.step("e8Q, e7e8=Q, e7e8q, e7e8=N");
    const promotion = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    for (const [text, move] of [["e8Q", "e7e8q"], ["e7e8=Q", "e7e8q"], ["e7e8q", "e7e8q"], ["e7e8=N", "e7e8n"]]) {
      await this.loadFen(promotion);
      await this.type(text, move);
    }
    this.step("what is not a move is refused");
    await this.loadFen(promotion);
    for (const text of ["e8", "bxc4", "Ke9", "0-0"]) {
      await this.page.fill("#move-input", text);
      await this.page.press("#move-input", "Enter");
      assert.equal(await this.page.locator("#move-input").evaluate((i) => i.validationMessage), "Not a legal move here", text);
    }
    assert.equal((await this.moves()).length, 0);

    await this.open("xiangqi", { side: "both" });
    this.step("WXF and coordinates, with or without a dash, still read");
    await this.type("C2.5", "h2e2");
    await this.type("h9g7", "h9g7");
    await this.type("h0-g2", "h0g2");
    await this.open("ugolki", { side: "both" });
    this.step("e3-e4 and e3e4 still read");
    await this.type("e3-e4", "e3e4");
    await this.type("d6d5", "d6d5");
  }

  /** (c) Xiangqi's last move and check are drawn above the pieces. */
  async xiangqiMarks() {
    await this.open("xiangqi", { side: "both" });
    this.step("the last move and the check are rings above the pieces");
    await this.loadFen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    await this.type("a0a9", "a0a9");
    const above = (selector) =>
      this.page.evaluate((sel) => {
        const mark = document.querySelector(sel);
        const piece = document.querySelector("#board .layer-pieces .piece");
        if (!mark || !piece) return null;
        const style = getComputedStyle(mark);
        return {
          after: Boolean(piece.compareDocumentPosition(mark) & Node.DOCUMENT_POSITION_FOLLOWING),
          stroke: style.stroke,
          width: parseFloat(style.strokeWidth),
          visible: style.display !== "none" && style.visibility !== "hidden" && Number(style.opacity) > 0.5,
        };
      }, selector);
    const last = await above('#board .mark.last[data-square="a9"]');
    assert.ok(last && last.after && last.visible && last.width >= 4 && last.stroke !== "none", `last move: ${JSON.stringify(last)}`);
    const check = await above('#board .layer-over .mark.check[data-square="d9"]');
    assert.ok(check && check.after && check.visible && check.width >= 4 && check.stroke !== "none", `check: ${JSON.stringify(check)}`);
  }

  /** (d) After a click-click promotion the picker has the keyboard. */
  async promotionKeys() {
    await this.open("chess", { side: "both" });
    await this.loadFen("8/P6p/1k6/8/8/8/7P/K7 w - - 0 1");
    this.step("the picker takes the focus; arrows and Enter choose");
    await this.click("a7");
    await this.click("a8");
    await this.page.locator(".promotion").waitFor();
    await this.page.waitForFunction(() => document.activeElement?.dataset.promotion === "q");
    await this.page.keyboard.press("ArrowRight");
    assert.equal(await this.page.evaluate(() => document.activeElement?.dataset.promotion), "r");
    await this.page.keyboard.press("ArrowRight");
    await this.page.keyboard.press("ArrowLeft");
    assert.equal(await this.page.evaluate(() => document.activeElement?.dataset.promotion), "r", "the arrows stay in the picker");
    assert.equal(await this.board().getAttribute("data-fen"), "8/P6p/1k6/8/8/8/7P/K7 w - - 0 1", "the arrows do not go through the game");
    await this.page.keyboard.press("Enter");
    await this.waitForMoves(1);
    assert.deepEqual(await this.moves(), ["a7a8r"]);
    this.step("Escape cancels");
    await this.loadFen("8/P6p/1k6/8/8/8/7P/K7 w - - 0 1");
    await this.click("a7");
    await this.click("a8");
    await this.page.locator(".promotion").waitFor();
    await this.page.waitForFunction(() => document.activeElement?.dataset.promotion === "q");
    await this.page.keyboard.press("Escape");
    await this.page.locator(".promotion").waitFor({ state: "detached" });
    assert.deepEqual(await this.moves(), []);
    assert.equal(await this.pieceAt("a7"), "wP");
  }

  /** (e) A server gone away is told in words. */
  async serverGone() {
    await this.open("chess", { side: "both" });
    this.step("the server does not answer");
    await this.page.route("**/api/**", (route) => route.abort("connectionrefused"));
    await this.page.fill("#move-input", "e4");
    await this.page.press("#move-input", "Enter");
    await this.page.locator('#status[data-kind="error"]').waitFor();
    assert.equal(await this.status(), "The server does not answer. Is `ladya serve` still running?");
    await this.page.unroute("**/api/**");
  }

  /** Screenshots with a level chosen and a clock running, desktop and phone. */
  async screenshots(game) {
    const dir = process.env.PLAYING_SHOTS;
    const save = process.env.SCREENSHOTS === "1";
    if (!dir && !save) return;
    for (const [name, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
      await this.open(game, { viewport });
      await this.page.selectOption("#level", "1600");
      await this.page.selectOption("#time-control", "5+0");
      const { first, second } = GAMES[game];
      await this.type(first, first);
      await this.waitForMoves(2);
      await this.waitInteractive();
      await this.type(await this.firstLegal(second), await this.firstLegal(second));
      await this.waitForMoves(4);
      await this.waitInteractive();
      await sleep(1500);
      await this.page.evaluate(() => document.activeElement.blur());
      await this.page.mouse.move(0, 0);
      const png = await this.page.screenshot();
      if (dir) writeFileSync(resolve(dir, `level-clock-${game}-${name}.png`), png);
      if (save && name === "desktop") writeFileSync(resolve(root, `docs/img/level-clock-${game}.png`), shrinkPng(png));
    }
  }

  async close() {
    if (this.context) await this.context.close();
    this.context = null;
  }
}

/**
 * Runs the tests of this file (`only`: one test's name, or a game's name for its level, clock
 * and screenshots); `problems` collects console errors and uncaught exceptions.
 */
export async function playing(browser, url, problems, only = null) {
  const t = new Playing(browser, url, problems);
  const tests = [];
  for (const game of Object.keys(GAMES)) {
    tests.push([game, () => t.levels(game)], [game, () => t.clocks(game)]);
  }
  tests.push(
    ["clock", () => t.clockDetails()],
    ["resign", () => t.resignAndDraw()],
    ["reload", () => t.clocksLast()],
    ["reload", () => t.resignationLasts()],
    ["reload", () => t.flagLasts()],
    ["sounds", () => t.sounds()],
    ["castling", () => t.castling()],
    ["premove", () => t.premove()],
    ["keyboard", () => t.keyboard()],
    ["xiangqi", () => t.xiangqiBoard()],
    ["bugs", () => t.moveBox()],
    ["bugs", () => t.xiangqiMarks()],
    ["bugs", () => t.promotionKeys()],
    ["bugs", () => t.serverGone()],
  );
  for (const game of Object.keys(GAMES)) tests.push([game, () => t.screenshots(game)]);
  try {
    for (const [name, test] of tests) {
      if (only && only !== name) continue;
      await test();
      assert.deepEqual(problems, [], "no console error or uncaught exception");
    }
  } finally {
    await t.close();
  }
  console.log("ok playing");
}
