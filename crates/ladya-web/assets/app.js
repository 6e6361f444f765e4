// The page of `ladya serve`: one game (chess, xiangqi or ugolki, from ?game=) played against
// Ladya, with the move list (a tree of moves with variations), analysis, set-up, solver and
// review panels around the board. The game lasts: it is saved in localStorage (game.js).

import * as api from "./api.js";
import { Analysis, scoreText } from "./analysis.js";
import { Arrows, EvalBar } from "./arrows.js";
import { Board } from "./board.js";
import { findTypedMove } from "./notation.js";
import { Playing } from "./play.js";
import { GameTree, TAGS, keepPrevious, loadPrevious, loadSaved, save, shareUrl, sharedGame } from "./game.js";
import { MoveList, chainText, escape } from "./movelist.js";
import { Review } from "./review.js";
import { Setup } from "./setup.js";
import { Solver } from "./solver.js";

const $ = (id) => document.getElementById(id);

/** The pause between the moves of a solver's line played on the board, in milliseconds. */
const LINE_STEP_MS = 600;

/** "red" plays the first side's part: the page's sides are "white" and "black". */
const sideOf = (turn) => (turn === "black" ? "black" : "white");

/** Today's date as PGN writes it: "2026.11.27". */
function today() {
  const d = new Date();
  return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, "0")}.${String(d.getDate()).padStart(2, "0")}`;
}

/** A result given with a game, in words (chess and ugolki, xiangqi). */
const RESULT_TEXT = { "1-0": ["White wins", "Red wins"], "0-1": ["Black wins", "Black wins"], "1/2-1/2": ["Draw", "Draw"] };

class App {
  constructor(game) {
    this.game = game;
    this.tree = new GameTree(game.start); // the game: a tree of moves (game.js)
    this.node = this.tree.root; // the node shown
    this.positions = new WeakMap(); // node -> its /api/position
    this.current = null; // /api/position of the end of the line through the node shown
    this.shown = null; // /api/position of the node shown
    this.human = localStorage.getItem("ladya.side") || "white"; // "white", "black" or "both"
    this.thinking = null; // the AbortController of Ladya's search for a move
    this.thinkingAt = null; // the node Ladya thinks about
    this.hold = false; // Ladya waits to be asked (after an undo, or a shared game opened)
    this.line = null; // while a solver's line is played on the board: its token (see playLine)
    // The latest request for a position to show: answers to older ones are dropped.
    this.viewRequest = 0;
    this.error = "";
    this.errorAction = null; // [label, handler] of a button after the error, if any
    this.note = null; // [text, action] said once in the status line (a shared game opened)
    this.analysisArrows = [];
    this.analysisEval = null; // [win, text] of the running analysis

    this.board = new Board($("board"), game, (from, to, how) => this.userMove(from, to, how));
    this.arrows = new Arrows(this.board);
    this.evalBar = new EvalBar($("eval-bar"));
    this.moveList = new MoveList($("moves"), (node) => this.showNode(node));
    this.analysis = new Analysis({
      onArrows: (list) => {
        this.analysisArrows = list;
        this.drawArrows();
      },
      onEval: (win, text) => {
        this.analysisEval = win === null || win === undefined ? null : [win, text];
        this.drawEval();
      },
      onPlay: (position, moves) => this.playLine(position, moves, { step: 0 }),
    });
    this.review = new Review(this);
    this.setup = new Setup(game.name, this);
    this.solver = game.solver ? new Solver(this) : null;
    this.playing = new Playing(this); // levels, clocks, resign and draw, sounds, premoves (play.js)
    this.wireControls();
    // Leaving the page (a reload, another page, the tab closed or hidden): the game is saved
    // with the times left as they are now. Not before a game is shown.
    const leave = () => this.shown && this.save();
    addEventListener("pagehide", leave);
    document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && leave());
  }

  /** The start position (FEN) of the game. */
  get start() {
    return this.tree.start;
  }

  /** The moves of the line through the node shown, to its end: where Ladya plays. */
  get moves() {
    return this.tree.movesTo(this.tree.lineEnd(this.node));
  }

  /** How many moves lead to the position shown. */
  get view() {
    return this.tree.plyOf(this.node);
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
    $("variation-promote").addEventListener("click", () => this.promoteVariation());
    $("variation-delete").addEventListener("click", () => this.deleteVariation());
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
    this.evalBar.setFlipped(this.board.flipped);
    if (this.thinking && this.isHumanTurn(this.current)) this.stopThinking();
    this.hold = false;
    this.save();
    this.render();
    this.engineTurn();
  }

  flip() {
    this.board.setFlipped(!this.board.flipped);
    this.evalBar.setFlipped(this.board.flipped);
    this.renderPlayers();
  }

  /** Goes through the line shown: "first", "back", "forward" or "last". */
  navigate(where) {
    const node = this.node;
    const target = {
      first: this.tree.root,
      back: node.parent,
      forward: node.children[0],
      last: this.tree.lineEnd(node),
    }[where];
    if (target && target !== node) this.showNode(target);
  }

  // ----- the game -----

  /** The /api/position of `node`, asked once; the nodes on the way learn their texts and paths. */
  async positionOf(node) {
    let position = this.positions.get(node);
    if (position) return position;
    position = await api.position(this.game.name, this.tree.start, this.tree.movesTo(node));
    const nodes = this.tree.nodesTo(node);
    position.history.forEach((h, i) => {
      if (!nodes[i]) return;
      nodes[i].text = h.text;
      nodes[i].path = h.path;
    });
    this.positions.set(node, position);
    return position;
  }

  /** Shows `node` (its line becomes the one played); false when a later request came first. */
  async goTo(node, animate = false) {
    const request = ++this.viewRequest;
    const [shown, current] = await Promise.all([this.positionOf(node), this.positionOf(this.tree.lineEnd(node))]);
    if (request !== this.viewRequest) return false;
    this.node = node;
    this.shown = shown;
    this.current = current;
    this.error = "";
    this.save();
    this.render(animate);
    return true;
  }

  /** Shows `node` (a move clicked in the list, or a step through the line). */
  showNode(node) {
    this.goTo(node, node.parent === this.node).catch((e) => this.fail(e));
  }

  /** Shows the main line's position after `ply` moves (a review's graph clicked). */
  showPly(ply) {
    const main = this.tree.mainLine();
    this.showNode(ply <= 0 ? this.tree.root : main[Math.min(ply, main.length) - 1]);
  }

  /**
   * Starts again from `start` (a FEN) with `moves` played; rejects with the server's error.
   * `tags` and `result` come with an imported game; `ply` says which position to show (the
   * end when missing); `hold` keeps Ladya from moving until asked.
   */
  async loadGame(start, moves, { tags = null, result = null, ply = moves.length, hold = false } = {}) {
    const tree = GameTree.fromMoves(start || this.game.start, moves);
    // Check the game before the old one goes.
    const end = tree.lineEnd(tree.root);
    const position = await api.position(this.game.name, tree.start, moves);
    this.stopThinking();
    this.line = null;
    tree.start = position.start || tree.start;
    // PGN writes what it does not know as "?" ("????.??.??" for a date): no tag then.
    const known = ([k, v]) => TAGS.includes(k) && typeof v === "string" && !/^[?.\s]*$/.test(v);
    tree.tags = tags ? Object.fromEntries(Object.entries(tags).filter(known)) : { Date: today() };
    tree.result = ["1-0", "0-1", "1/2-1/2"].includes(result) ? result : null;
    this.tree = tree;
    this.positions = new WeakMap();
    this.positions.set(end, position);
    position.history.forEach((h, i) => {
      const n = tree.nodesTo(end)[i];
      n.text = h.text;
      n.path = h.path;
    });
    this.review.clear();
    this.playing.newGame();
    this.hold = hold;
    this.note = null;
    const shown = ply >= moves.length ? end : ply <= 0 ? tree.root : tree.mainLine()[ply - 1];
    await this.goTo(shown, false);
    this.engineTurn();
  }

  /**
   * A saved game ({tree, at, human, review, playing}) taken up again where it was left: after a
   * reload, when a shared link's game gives way to the one it replaced, or a game another page
   * saved for this one. Its clocks and verdict come back once its position is shown; a game
   * saved without them gets fresh clocks and no verdict.
   */
  async restore({ tree, at, human, review, playing }) {
    this.tree = tree;
    this.positions = new WeakMap();
    if (human === "white" || human === "black" || human === "both") {
      this.human = human;
      for (const b of $("side").children) b.setAttribute("aria-checked", String(b.dataset.side === human));
    }
    this.review.restore(review);
    await this.goTo(at, false);
    // A clock that ran when the page was left runs on for the side to move with the time it had
    // then: the time the page was closed is not charged, the opponent being on this page too.
    if (playing) {
      this.playing.restore(playing);
    } else {
      this.playing.newGame();
      this.render();
    }
    this.save();
    this.engineTurn();
  }

  /** Loads `fen` as a new game with no moves. */
  loadFen(fen) {
    return this.loadGame(fen, []);
  }

  /**
   * A game read by /api/pgn/import ({game, fen, moves, tags, result}) becomes the game; one of
   * another game goes to that game's page. Returns whether it is shown here.
   */
  async importGame({ game, fen, moves, tags, result }) {
    if (game && game !== this.game.name) {
      if (!fen) throw new Error(`That is a ${game} game: open the ${game} page to import it.`);
      const tree = GameTree.fromMoves(fen, moves);
      tree.tags = tags || {};
      tree.result = result;
      save(game, { tree, at: tree.lineEnd(tree.root), human: this.human, review: null });
      location.href = `?game=${encodeURIComponent(game)}`;
      return false;
    }
    await this.loadGame(fen, moves, { tags: tags || {}, result });
    return true;
  }

  /**
   * Keeps the game in localStorage, as it is now, with its clocks and verdict; not while a game
   * is being put in place (the node shown is then still the old game's).
   */
  save() {
    let root = this.node;
    while (root.parent) root = root.parent;
    if (root !== this.tree.root) return;
    const playing = this.playing?.state() ?? null;
    save(this.game.name, { tree: this.tree, at: this.node, human: this.human, review: this.review.toJSON(), playing });
  }

  /** Whether the game was given with a result (a finished game imported): Ladya plays no more. */
  finished() {
    return this.tree.result !== null;
  }

  /** Plays `entry` (a /api/position legal entry) from `from` (the node shown) by `by`. */
  async play(entry, animate, from = this.node, by = "you") {
    this.board.setInteractive(false); // until the position after the move is shown
    this.playing.moved(this.tree.plyOf(from) + 1);
    if (by === "you") {
      this.hold = false;
      this.note = null;
      // A move away from where Ladya thinks starts another line: Ladya stops.
      if (this.thinking && this.thinkingAt !== from) this.stopThinking();
    }
    const known = from.children.find((c) => c.move === entry.move);
    const child = this.tree.add(from, entry.move, entry.text, entry.path);
    if (!known) child.by = by;
    try {
      await this.goTo(child, animate);
    } catch (e) {
      if (!known) this.tree.cut(child);
      this.fail(e);
      return;
    }
    this.playing.shown(entry, this.shown, by === "ladya");
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
    await this.play(choices[0], how === "click");
  }

  /** A move typed for the position shown, in coordinate form or in the game's notation. */
  async typedMove(input) {
    const entry = this.board.interactive && findTypedMove(this.game.name, input.value, this.shown.legal, (square) => this.board.pieces.get(square));
    input.setCustomValidity(entry ? "" : "Not a legal move here");
    input.reportValidity();
    if (!entry) return;
    input.value = "";
    await this.play(entry, true);
  }

  /**
   * Plays `line` (moves in coordinate form: a solver's key or solution, or an analysis's line)
   * from the position `{start, moves}` it was found in, as a variation of the game (or its main
   * line where the game ends there), one move at a time `step` ms apart (0: all at once, the
   * first move shown). Ladya does not answer before the line ends. When the game no longer holds
   * that position, the person is asked before a new game starts from it. Anything else that
   * changes the game (a move, undo, a new game or another line) ends it.
   */
  async playLine({ start, moves }, line, { step = LINE_STEP_MS } = {}) {
    const token = {};
    this.line = token;
    this.stopThinking();
    try {
      let from = start === this.tree.start ? this.tree.find(moves) : null;
      if (!from) {
        const ask = "That position is no longer in the game. Start a new game from it (the game shown is replaced)?";
        if (!window.confirm(ask)) return;
        await this.loadGame(start, moves, { hold: true });
        this.line = token;
        from = this.tree.lineEnd(this.tree.root);
      }
      if (this.line !== token) return;
      if (!(await this.goTo(from, false))) return;
      if (step === 0) {
        // The whole line goes in at once, and the position after its first move is shown.
        let at = from;
        for (const move of line) {
          const known = at.children.find((c) => c.move === move);
          at = this.tree.add(at, move);
          if (!known) at.by = "line";
        }
        await this.positionOf(at); // checks the line and learns its texts
        if (this.line !== token) return;
        await this.goTo(this.tree.find([...moves, line[0]]), true);
        return;
      }
      for (const [i, move] of line.entries()) {
        if (i > 0) await new Promise((done) => setTimeout(done, step));
        if (this.line !== token) return;
        const entry = this.shown.legal.find((m) => m.move === move);
        if (!entry) throw new Error(`${move} is not legal in that position`);
        const known = this.node.children.find((c) => c.move === move);
        const child = this.tree.add(this.node, move, entry.text, entry.path);
        if (!known) child.by = "line";
        if (!(await this.goTo(child, true))) return;
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

  isHumanTurn(position) {
    return this.human === "both" || this.finished() || sideOf(position.turn) === this.human;
  }

  /** If it is Ladya's turn at the end of the line shown, Ladya thinks and plays. */
  async engineTurn() {
    const node = this.node;
    const position = this.shown;
    if (!position || node.children.length || this.playing.outcome(position) || this.isHumanTurn(position)) return;
    if (this.thinking || this.line || this.hold) return;
    const controller = new AbortController();
    this.thinking = controller;
    this.thinkingAt = node;
    this.render();
    let answer;
    try {
      // When other searches take every slot, the server keeps the request in line (up to 30 s).
      answer = await api.bestmove(this.game.name, this.tree.start, this.tree.movesTo(node), this.playing.limits(sideOf(position.turn)), controller.signal);
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
    if (this.node !== node) {
      // The person looks at another position: the answer waits at the end of its line.
      const known = node.children.find((c) => c.move === entry.move);
      const child = this.tree.add(node, entry.move, entry.text, entry.path);
      if (!known) child.by = "ladya";
      this.playing.moved(this.tree.plyOf(node) + 1); // its clock stops, the player's runs
      this.save();
      this.render();
      return;
    }
    await this.play(entry, true, node, "ladya");
  }

  stopThinking() {
    if (!this.thinking) return;
    this.thinking.abort();
    this.thinking = null;
    this.thinkingAt = null;
  }

  /**
   * Takes back the end of the line shown: Ladya's answer and the player's move before it (or
   * Ladya's search for one), or Ladya's move alone when the player made none before it (a game
   * loaded, imported or started as Black). Ladya then waits to be asked if it is its turn.
   */
  async undo() {
    const end = this.tree.lineEnd(this.node);
    if (!end.parent || this.playing.verdict) return;
    this.stopThinking();
    this.line = null;
    let first = end;
    if (this.human !== "both") {
      while (first.by === "ladya" && first.parent.by === "ladya") first = first.parent;
      if (first.by === "ladya" && first.parent.by === "you") first = first.parent;
    }
    const back = this.tree.cut(first);
    try {
      await this.goTo(back, false);
    } catch (e) {
      this.fail(e);
      return;
    }
    this.hold = !this.isHumanTurn(this.shown);
    this.render();
  }

  /** Lets Ladya play on after an undo or a shared game opened (it is Ladya's turn). */
  resume() {
    this.hold = false;
    this.note = null;
    this.render();
    this.engineTurn();
  }

  /** The game a shared link replaced comes back. */
  async bringBack() {
    const previous = loadPrevious(this.game.name);
    this.note = null;
    if (!previous) return this.render();
    try {
      await this.restore(previous);
    } catch (e) {
      this.fail(e);
    }
  }

  promoteVariation() {
    if (!this.tree.promote(this.node)) return;
    this.goTo(this.node, false).catch((e) => this.fail(e));
  }

  deleteVariation() {
    const back = this.tree.deleteVariation(this.node);
    if (back) this.goTo(back, false).catch((e) => this.fail(e));
  }

  /** The position shown, for the solver: the game's start and the moves up to it. */
  shownPosition() {
    return { game: this.game.name, start: this.tree.start, moves: this.tree.movesTo(this.node) };
  }

  /** The main line, for the review. */
  reviewTarget() {
    return { game: this.game.name, start: this.tree.start, moves: this.tree.mainLine().map((n) => n.move) };
  }

  /** The review learnt more: the marks in the move list and the board follow. */
  reviewChanged() {
    this.save();
    if (!this.shown) return;
    // The list, the graph and the bar follow; the board is left alone (a move may be under way).
    this.renderTree();
    this.renderStatus(!this.node.children.length);
  }

  /** The result at the main line's end: {result, text}, or null while the game goes on. */
  result() {
    const main = this.tree.lineEnd(this.tree.root);
    const outcome = this.positions.get(main)?.outcome || this.playing.verdict;
    if (outcome) return outcome;
    if (!this.tree.result) return null;
    const text = RESULT_TEXT[this.tree.result][this.game.name === "xiangqi" ? 1 : 0];
    return { result: this.tree.result, text: `${text} (the game's result)` };
  }

  /** The game for /api/pgn/export: the main line with its tags and result. */
  pgnFields() {
    const name = (side) => (this.human === "both" || this.human === side ? "You" : "Ladya");
    const tags = { ...this.tree.tags };
    tags.White ??= name("white");
    tags.Black ??= name("black");
    const result = this.result()?.result;
    return {
      game: this.game.name,
      fen: this.tree.start === this.game.start ? undefined : this.tree.start,
      moves: this.tree.mainLine().map((n) => n.move),
      result,
      tags,
    };
  }

  /** The address that opens this game at the position shown. */
  shareLink() {
    const line = this.tree.movesTo(this.tree.lineEnd(this.node));
    return shareUrl(this.game.name, this.tree.start, this.game.start, line, this.view);
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
    const node = this.node;
    const atEnd = !node.children.length;
    // The move that led to the position shown; an ugolki chain's path has every landing square.
    const path = shown.history.length ? shown.history[shown.history.length - 1].path : [];
    const last = path.length ? { from: path[0], to: path[path.length - 1], path } : null;
    const interactive = !this.playing.outcome(shown) && this.isHumanTurn(shown) && !(this.thinking && this.thinkingAt === node) && !this.line;
    this.board.show({ fen: shown.fen, legal: shown.legal, check: shown.check, last, interactive }, animate);
    this.board.setPremoveSide(this.playing.premoveSide(atEnd));
    this.playing.sync();
    this.renderTree();
    this.renderStatus(atEnd);
    this.renderPlayers();
    $("undo").disabled = !this.tree.lineEnd(node).parent || Boolean(this.playing.verdict);
    $("resign").disabled = $("offer-draw").disabled = Boolean(this.playing.outcome(this.current));
    this.setup.setFen(shown.fen);
    this.analysis.setPosition({
      game: this.game.name, start: this.tree.start, moves: this.tree.movesTo(node), fen: shown.fen, turn: shown.turn, outcome: shown.outcome, legal: shown.legal,
    });
  }

  /** How many of the main line's first moves the review covers (0 without a review of them). */
  reviewedPlies() {
    const main = this.tree.mainLine().map((n) => n.move);
    return this.review.covers(this.tree.start, main);
  }

  /** The move list, the variation's buttons, and what the review says about the move shown. */
  renderTree() {
    const main = this.tree.mainLine();
    const reviewed = this.reviewedPlies();
    const marks = new Map();
    main.slice(0, reviewed).forEach((n, i) => {
      const judgement = this.review.judgement(i + 1);
      if (judgement) marks.set(n, judgement);
    });
    this.moveList.render(this.tree, this.node, this.result(), marks);
    $("tree-tools").hidden = this.tree.isMain(this.node);
    const ply = this.view;
    this.reviewPly = this.tree.isMain(this.node) && ply <= reviewed && (ply > 0 || reviewed > 0) ? ply : null;
    // The better move is written and drawn as played in the position before the move shown.
    const before = this.node.parent && this.positions.get(this.node.parent);
    if (this.reviewPly && !before && this.game.name === "ugolki") {
      const node = this.node;
      this.positionOf(node.parent).then(() => this.node === node && this.renderTree(), () => {});
    }
    this.bestArrow = this.review.show(this.reviewPly, this.node.parent ? chainText(this.node) : null, before?.legal || null);
    this.drawArrows();
    this.drawEval();
  }

  drawArrows() {
    this.arrows.set([...this.analysisArrows, ...(this.bestArrow ? [{ ...this.bestArrow, kind: "best" }] : [])]);
  }

  /** The evaluation bar: the running analysis's line 1, else the review's position shown. */
  drawEval() {
    if (this.analysisEval) return this.evalBar.set(...this.analysisEval);
    const win = this.reviewPly === null || this.reviewPly === undefined ? null : this.review.win(this.reviewPly);
    if (win === null) return this.evalBar.set(null);
    const score = this.review.data.positions[this.reviewPly].eval;
    const text = score ? scoreText(score, true, this.game.name) : win === 50 ? "½" : win > 50 ? "1-0" : "0-1";
    this.evalBar.set(win, text);
  }

  renderStatus(atEnd) {
    const status = $("status");
    const names = { white: "White", black: "Black", red: "Red" };
    const legal = this.current.legal;
    const mustPass = legal.length === 1 && legal[0].move === "0000"; // ugolki: no move but a pass
    const offerReview = () => {
      const main = this.tree.mainLine();
      const onMain = this.tree.isMain(this.node);
      return onMain && main.length && !this.review.source && this.reviewedPlies() < main.length ? ["review the game", () => this.startReview()] : null;
    };
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
      const end = this.tree.plyOf(this.tree.lineEnd(this.node));
      text = this.view === 0 ? "The start position shown: " : `Move ${this.view} of ${end} shown: `;
      kind = "history";
      action = ["back to the game", () => this.navigate("last")];
    } else if (this.playing.outcome(this.current)) {
      text = `${this.playing.outcome(this.current).text}. `;
      kind = "result";
      action = offerReview();
    } else if (this.finished() && this.tree.isMain(this.node)) {
      text = `${this.result().text}. `;
      kind = "result";
      action = offerReview();
    } else if (this.thinking) {
      text = "Ladya is thinking…";
      kind = "thinking";
    } else if (this.human !== "both" && !this.isHumanTurn(this.current)) {
      text = `${names[this.current.turn]} to move`;
      if (this.hold) {
        text = `Ladya's turn (${names[this.current.turn]}): `;
        kind = "hold";
        action = ["let Ladya move", () => this.resume()];
      }
    } else {
      text = this.human === "both" || this.finished() ? `${names[this.current.turn]} to move` : `Your turn (${names[this.current.turn]})`;
      if (mustPass) {
        text += ": you have no move and must ";
        action = ["pass", () => this.play(legal[0], false)];
      }
    }
    status.className = `status ${kind}`;
    status.dataset.kind = kind || "turn";
    status.textContent = "";
    const link = ([label, handler]) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "link";
      button.textContent = label;
      button.addEventListener("click", handler);
      return button;
    };
    // A note (a shared game opened over a saved one) goes above what the status says.
    if (this.note && !this.error) {
      const note = document.createElement("span");
      note.className = "note";
      note.append(this.note[0], link(this.note[1]));
      status.append(note);
      status.dataset.note = "true";
    } else {
      delete status.dataset.note;
    }
    status.append(text);
    if (action) status.append(link(action));
  }

  /** Shows the review's tab and reviews the main line. */
  startReview() {
    $("tab-review").click();
    this.review.start();
  }

  renderPlayers() {
    const [first, second] = this.game.name === "xiangqi" ? ["Red", "Black"] : ["White", "Black"];
    const who = (side) => this.tree.tags[side === "white" ? "White" : "Black"] || (this.human === "both" || this.human === side ? "You" : "Ladya");
    const bar = (side, label) => {
      const turn = this.shown && !this.playing.outcome(this.shown) && sideOf(this.shown.turn) === side;
      const thinking = this.thinking && this.human !== side && this.human !== "both";
      const note = thinking ? '<span class="to-move thinking">thinking…</span>' : turn ? '<span class="to-move">to move</span>' : "";
      const level = who(side) === "Ladya" ? this.playing.levelBadge() : "";
      return `<span class="dot ${this.game.name}-${side}" aria-hidden="true"></span><span class="name">${escape(who(side))}</span>${level}
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
  const shared = sharedGame(location.search);
  const saved = loadSaved(game.name);
  if (saved?.human) app.human = saved.human;
  if (app.human === "black") app.board.setFlipped(true);
  app.evalBar.setFlipped(app.board.flipped);
  try {
    if (shared) {
      // A shared game replaces the saved one, which is kept aside to be brought back.
      const kept = keepPrevious(game.name);
      await app.loadGame(shared.fen || game.start, shared.moves, { ply: shared.ply, hold: true });
      if (kept) app.note = ["The shared game is now your game. ", ["bring back your previous game", () => app.bringBack()]];
      app.render();
    } else if (saved) {
      await app.restore(saved);
    } else {
      await app.loadGame(game.start, []);
    }
  } catch (e) {
    // A link the server does not take leaves the saved game as it was; a saved game it does
    // not take gives way to a new game. Either way the status says why.
    if (shared && saved) {
      await app.restore(saved);
      app.fail(new Error(`The shared game could not be opened (${e.message}); this is your saved game.`));
    } else {
      await app.loadGame(game.start, []);
      app.fail(new Error(`${shared ? "The shared game" : "The saved game"} could not be opened (${e.message}); a new game started.`));
    }
  }
  // A reload keeps the game from storage, not from the link.
  if (shared) history.replaceState(null, "", `${location.pathname}?game=${game.name}`);
  document.body.dataset.ready = "true";
}

main().catch((e) => {
  document.getElementById("status").textContent = `Could not start: ${e.message}`;
  throw e;
});
