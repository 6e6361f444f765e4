// The page of `ladya serve`: one game (chess, xiangqi or ugolki, from ?game=) played against
// Ladya, with the move list, analysis, set-up and solver panels around the board.

import * as api from "./api.js";
import { Analysis } from "./analysis.js";
import { Board, turnOf } from "./board.js";
import { findTypedMove } from "./notation.js";
import { Playing } from "./play.js";
import { MoveList } from "./movelist.js";
import { Setup } from "./setup.js";
import { Solver } from "./solver.js";

const $ = (id) => document.getElementById(id);

/** The pause between the moves of a solver's line played on the board, in milliseconds. */
const LINE_STEP_MS = 600;

/** "red" plays the first side's part: the page's sides are "white" and "black". */
const sideOf = (turn) => (turn === "black" ? "black" : "white");

class App {
  constructor(game) {
    this.game = game;
    this.start = game.start;
    this.moves = []; // the game in coordinate form
    this.current = null; // /api/position of the game's end
    this.shown = null; // /api/position of the position shown
    this.view = 0; // how many of the moves the position shown has played
    this.human = localStorage.getItem("ladya.side") || "white"; // "white", "black" or "both"
    this.thinking = null; // the AbortController of Ladya's search for a move
    this.line = null; // while a solver's line is played on the board: its token (see playLine)
    // The latest requests for the game's position and for a position shown from its history:
    // answers to older ones are dropped.
    this.gameRequest = 0;
    this.viewRequest = 0;
    this.error = "";
    this.errorAction = null; // [label, handler] of a button after the error, if any

    this.board = new Board($("board"), game, (from, to, how) => this.userMove(from, to, how));
    this.moveList = new MoveList($("moves"), (ply) => this.showPly(ply));
    this.analysis = new Analysis((move) => this.board.setArrow(move));
    this.setup = new Setup(game.name, this);
    this.solver = game.solver ? new Solver(this) : null;
    this.playing = new Playing(this); // levels, clocks, resign and draw, sounds, premoves (play.js)
    this.wireControls();
  }

  // ----- controls -----

  wireControls() {
    const names = this.game.name === "xiangqi" ? ["Red", "Black"] : ["White", "Black"];
    $("side").innerHTML = [["white", names[0]], ["black", names[1]], ["both", "Both"]]
      .map(([value, label]) => `<button type="button" role="radio" data-side="${value}" aria-checked="${value === this.human}"
        aria-label="${value === "both" ? "Play both sides (Ladya does not move)" : `Play ${label}`}">${label}</button>`)
      .join("");
    $("side").addEventListener("click", (e) => {
      const button = e.target.closest("[data-side]");
      if (button) this.setHuman(button.dataset.side);
    });
    $("new-game").addEventListener("click", () => this.loadGame(this.game.start, []).catch((e) => this.fail(e)));
    $("undo").addEventListener("click", () => this.undo());
    $("move-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.typedMove($("move-input"));
    });
    $("move-input").addEventListener("input", (e) => e.target.setCustomValidity(""));
    $("move-input").placeholder = {
      chess: "type one: Nf3 or g1f3",
      xiangqi: "type one: C2.5 or h2e2",
      ugolki: "type one: e3-e4 or e3e4",
    }[this.game.name];
    $("flip").addEventListener("click", () => this.flip());
    document.querySelector(".nav").addEventListener("click", (e) => {
      const button = e.target.closest("[data-nav]");
      if (button) this.navigate(button.dataset.nav);
    });
    document.addEventListener("keydown", (e) => {
      if (e.target.closest("input, textarea, select, #board") || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === "f") return this.flip();
      const where = { ArrowLeft: "back", ArrowRight: "forward", ArrowUp: "first", ArrowDown: "last", Home: "first", End: "last" }[e.key];
      if (where) {
        e.preventDefault();
        this.navigate(where);
      }
    });
    const tabs = [...document.querySelectorAll('[role="tab"]')];
    if (!this.solver) $("tab-solver").hidden = true;
    for (const tab of tabs) {
      tab.addEventListener("click", () => {
        for (const other of tabs) {
          other.setAttribute("aria-selected", String(other === tab));
          $(other.getAttribute("aria-controls")).hidden = other !== tab;
        }
      });
    }
  }

  setHuman(side) {
    this.human = side;
    localStorage.setItem("ladya.side", side);
    for (const b of $("side").children) b.setAttribute("aria-checked", String(b.dataset.side === side));
    if (side !== "both") this.board.setFlipped(side === "black");
    if (this.thinking && this.isHumanTurn(this.current)) this.stopThinking();
    this.render();
    this.engineTurn();
  }

  flip() {
    this.board.setFlipped(!this.board.flipped);
    this.renderPlayers();
  }

  navigate(where) {
    const ply = { first: 0, back: this.view - 1, forward: this.view + 1, last: this.moves.length }[where];
    if (ply >= 0 && ply <= this.moves.length && ply !== this.view) this.showPly(ply);
  }

  // ----- the game -----

  /** Starts again from `start` (a FEN) with `moves` played; rejects with the server's error. */
  async loadGame(start, moves) {
    const request = ++this.gameRequest;
    const position = await api.position(this.game.name, start, moves);
    if (request !== this.gameRequest) return;
    this.stopThinking();
    this.start = position.start || start;
    this.moves = [...moves];
    this.playing.newGame();
    this.setCurrent(position, false);
    this.engineTurn();
  }

  /** The game is now `position` (after all of this.moves), and it is shown. */
  setCurrent(position, animate) {
    this.viewRequest += 1; // a history position still loading is not shown over the game's end
    this.current = position;
    this.view = this.moves.length;
    this.shown = position;
    this.error = "";
    this.render(animate);
  }

  /** Plays `move` (a /api/position legal entry) at the end of the game (by Ladya or not). */
  async play(entry, animate, byLadya = false) {
    this.board.setInteractive(false); // until the position after the move is shown
    this.moves.push(entry.move);
    this.playing.moved(this.moves.length);
    const request = ++this.gameRequest;
    try {
      const position = await api.position(this.game.name, this.start, this.moves);
      if (request !== this.gameRequest) return;
      this.setCurrent(position, animate);
    } catch (e) {
      this.moves.pop();
      this.fail(e);
      return;
    }
    this.playing.shown(entry, this.current, byLadya);
    if (!(await this.playing.playPremove())) this.engineTurn();
  }

  /** The player moved a piece from `from` to `to` on the position shown. */
  async userMove(from, to, how) {
    let choices = this.shown.legal.filter((m) => m.from === from && m.to === to);
    if (choices.length > 1) {
      const colour = this.shown.turn === "black" ? "b" : "w";
      const piece = await this.board.choosePromotion(colour);
      choices = choices.filter((m) => m.promotion === piece);
    }
    if (choices.length !== 1) {
      this.board.reset();
      return;
    }
    this.branchAtView();
    await this.play(choices[0], how === "click");
  }

  /** A move typed for the position shown, in coordinate form or in the game's notation. */
  async typedMove(input) {
    const entry = this.board.interactive && findTypedMove(this.game.name, input.value, this.shown.legal, (square) => this.board.pieces.get(square));
    input.setCustomValidity(entry ? "" : "Not a legal move here");
    input.reportValidity();
    if (!entry) return;
    input.value = "";
    this.branchAtView();
    await this.play(entry, true);
  }

  /**
   * Plays `line` (moves in coordinate form: a solver's key, or a whole solution) after `moves`
   * from `start`, one move at a time; Ladya does not answer before the line ends. Anything
   * else that changes the game (a move, undo, a new game or another line) ends it.
   */
  async playLine({ start, moves }, line) {
    const token = {};
    this.line = token;
    this.stopThinking();
    const played = (n) => this.start === start && this.moves.join() === [...moves, ...line.slice(0, n)].join();
    try {
      const request = ++this.gameRequest;
      const position = await api.position(this.game.name, start, moves);
      if (this.line !== token || request !== this.gameRequest) return;
      this.start = start;
      this.moves = [...moves];
      this.setCurrent(position, false);
      for (const [i, move] of line.entries()) {
        if (i > 0) await new Promise((done) => setTimeout(done, LINE_STEP_MS));
        if (this.line !== token || !played(i)) return;
        const entry = this.current.legal.find((m) => m.move === move);
        if (!entry) throw new Error(`${move} is not legal in that position`);
        await this.play(entry, true);
      }
    } catch (e) {
      this.fail(e);
    } finally {
      if (this.line === token) {
        this.line = null;
        this.render();
        this.engineTurn();
      }
    }
  }

  /** Moving in an earlier position of the game starts a new line from there. */
  branchAtView() {
    if (this.view === this.moves.length) return;
    this.stopThinking();
    this.moves = this.moves.slice(0, this.view);
  }

  isHumanTurn(position) {
    return this.human === "both" || sideOf(position.turn) === this.human;
  }

  /** If it is Ladya's turn in the game, Ladya thinks and plays. */
  async engineTurn() {
    const position = this.current;
    if (!position || this.playing.outcome(position) || this.isHumanTurn(position) || this.thinking || this.line) return;
    const controller = new AbortController();
    this.thinking = controller;
    this.render();
    let answer;
    try {
      // When other searches take every slot, the server keeps the request in line (up to 30 s).
      answer = await api.bestmove(this.game.name, this.start, this.moves, this.playing.limits(sideOf(position.turn)), controller.signal);
    } catch (e) {
      if (controller.signal.aborted) return;
      this.thinking = null;
      if (e.status !== 503) return this.fail(e);
      // The server stayed busy (or its line was full): the player may ask again.
      return this.fail(new Error(`Ladya could not move (${e.message}): `), ["try again", () => this.engineTurn()]);
    }
    if (this.thinking !== controller) return; // the game changed meanwhile
    this.thinking = null;
    this.playing.searched(answer);
    const entry = position.legal.find((m) => m.move === answer.bestmove);
    if (!entry) return this.fail(new Error(`Ladya answered ${answer.bestmove}, which is not legal here`));
    await this.play(entry, true, true);
  }

  stopThinking() {
    if (!this.thinking) return;
    this.thinking.abort();
    this.thinking = null;
  }

  /** Takes back the player's last move and Ladya's answer (or Ladya's search for one). */
  async undo() {
    if (!this.moves.length || this.playing.verdict) return;
    this.stopThinking();
    let keep = this.moves.length - 1;
    if (this.human !== "both") {
      // Back to the last position where the player was to move, before the player's move.
      const turnAfter = (n) => sideOf(turnOf(this.game.name, n === 0 ? this.start : this.current.history[n - 1].fen));
      while (keep > 0 && turnAfter(keep) !== this.human) keep -= 1;
    }
    this.moves = this.moves.slice(0, keep);
    const request = ++this.gameRequest;
    try {
      const position = await api.position(this.game.name, this.start, this.moves);
      if (request === this.gameRequest) this.setCurrent(position, false);
    } catch (e) {
      this.fail(e);
    }
    this.engineTurn();
  }

  /** Shows the position after the first `ply` moves (the game goes on where it stands). */
  async showPly(ply) {
    const request = ++this.viewRequest;
    const forward = ply === this.view + 1;
    try {
      const position = ply === this.moves.length ? this.current : await api.position(this.game.name, this.start, this.moves.slice(0, ply));
      if (request !== this.viewRequest) return;
      this.view = ply;
      this.shown = position;
      this.render(forward);
    } catch (e) {
      this.fail(e);
    }
  }

  /** The position shown, for the solver: the game's start and the moves up to it. */
  shownPosition() {
    return { game: this.game.name, start: this.start, moves: this.moves.slice(0, this.view) };
  }

  /** The game for /api/pgn/export. */
  pgnFields() {
    const name = (side) => (this.human === "both" || this.human === side ? "You" : "Ladya");
    return {
      fen: this.start === this.game.start ? undefined : this.start,
      moves: this.moves,
      result: this.playing.outcome(this.current)?.result,
      white: name("white"),
      black: name("black"),
    };
  }

  /** Shows `error` in the status line, with a button `action` ([label, handler]) if given. */
  fail(error, action = null) {
    this.error = error.message;
    this.errorAction = action && [action[0], () => {
      this.error = "";
      this.render();
      action[1]();
    }];
    this.render();
  }

  // ----- drawing -----

  render(animate = false) {
    const shown = this.shown;
    if (!shown) return;
    const atEnd = this.view === this.moves.length;
    // The move that led to the position shown; an ugolki chain's path has every landing square.
    const path = shown.history.length ? shown.history[shown.history.length - 1].path : [];
    const last = path.length ? { from: path[0], to: path[path.length - 1], path } : null;
    const interactive = !this.playing.outcome(shown) && this.isHumanTurn(shown) && !(this.thinking && atEnd) && !this.line;
    this.board.show({ fen: shown.fen, legal: shown.legal, check: shown.check, last, interactive }, animate);
    this.board.setPremoveSide(this.playing.premoveSide(atEnd));
    this.playing.sync();
    this.moveList.render(this.current.history, this.start, this.view, this.playing.outcome(this.current));
    this.renderStatus(atEnd);
    this.renderPlayers();
    $("undo").disabled = this.moves.length === 0 || Boolean(this.playing.verdict);
    $("resign").disabled = $("offer-draw").disabled = Boolean(this.playing.outcome(this.current));
    this.setup.setFen(shown.fen);
    this.analysis.setPosition({ game: this.game.name, start: this.start, moves: this.moves.slice(0, this.view), fen: shown.fen, turn: shown.turn, outcome: shown.outcome });
  }

  renderStatus(atEnd) {
    const status = $("status");
    const names = { white: "White", black: "Black", red: "Red" };
    const legal = this.current.legal;
    const mustPass = legal.length === 1 && legal[0].move === "0000"; // ugolki: no move but a pass
    let text;
    let kind = "";
    let action = null;
    if (this.error) {
      text = this.error;
      kind = "error";
      action = this.errorAction;
    } else if (this.playing.note && atEnd) {
      text = this.playing.note;
      kind = "note";
    } else if (!atEnd) {
      text = this.view === 0 ? "The start position shown: " : `Move ${this.view} of ${this.moves.length} shown: `;
      kind = "history";
      action = ["back to the game", () => this.showPly(this.moves.length)];
    } else if (this.playing.outcome(this.current)) {
      text = this.playing.outcome(this.current).text;
      kind = "result";
    } else if (this.thinking) {
      text = "Ladya is thinking…";
      kind = "thinking";
    } else if (this.human !== "both" && !this.isHumanTurn(this.current)) {
      text = `${names[this.current.turn]} to move`;
    } else {
      text = this.human === "both" ? `${names[this.current.turn]} to move` : `Your turn (${names[this.current.turn]})`;
      if (mustPass) {
        text += ": you have no move and must ";
        action = ["pass", () => this.play(legal[0], false)];
      }
    }
    status.className = `status ${kind}`;
    status.dataset.kind = kind || "turn";
    status.textContent = text;
    if (action) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "link";
      button.textContent = action[0];
      button.addEventListener("click", action[1]);
      status.append(button);
    }
  }

  renderPlayers() {
    const [first, second] = this.game.name === "xiangqi" ? ["Red", "Black"] : ["White", "Black"];
    const who = (side) => (this.human === "both" || this.human === side ? "You" : "Ladya");
    const bar = (side, label) => {
      const turn = this.shown && !this.playing.outcome(this.shown) && sideOf(this.shown.turn) === side;
      const thinking = this.thinking && who(side) === "Ladya";
      const note = thinking ? '<span class="to-move thinking">thinking…</span>' : turn ? '<span class="to-move">to move</span>' : "";
      const level = who(side) === "Ladya" ? this.playing.levelBadge() : "";
      return `<span class="dot ${this.game.name}-${side}" aria-hidden="true"></span><span class="name">${who(side)}</span>${level}
        <span class="side">${label}</span>${note}${this.playing.clock.markup(side, label)}`;
    };
    const [top, bottom] = this.board.flipped ? ["white", "black"] : ["black", "white"];
    $("player-top").innerHTML = bar(top, top === "white" ? first : second);
    $("player-bottom").innerHTML = bar(bottom, bottom === "white" ? first : second);
    this.playing.clock.paint();
  }
}

async function main() {
  const wanted = new URLSearchParams(location.search).get("game") || "chess";
  for (const link of document.querySelectorAll(".games a")) {
    if (link.dataset.game === wanted) link.setAttribute("aria-current", "page");
  }
  const { games } = await api.games();
  const game = games.find((g) => g.name === wanted) || games[0];
  document.title = `Ladya · ${game.name[0].toUpperCase()}${game.name.slice(1)}`;
  document.body.dataset.game = game.name;
  const app = new App(game);
  if (app.human === "black") app.board.setFlipped(true);
  await app.loadGame(game.start, []);
  document.body.dataset.ready = "true";
}

main().catch((e) => {
  document.getElementById("status").textContent = `Could not start: ${e.message}`;
  throw e;
});
