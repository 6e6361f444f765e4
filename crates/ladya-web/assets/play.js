// Playing against Ladya as on a real board: levels by rating, clocks, resigning and draw offers,
// sounds, premoves, the xiangqi piece set and what a screen reader is told. The App (app.js)
// calls in at a few points: a new game, a move made, a move shown, Ladya's search.
//
// For saving a game: `state()` gives, and `restore(state)` takes back, plain JSON:
//   {"clock": <Clock.state(), see clock.js>, "verdict": null | {"result", "winner", "reason", "text"}}

import { Clock, TIME_CONTROLS } from "./clock.js";
import { Sounds } from "./sounds.js";
import { XIANGQI_SETS } from "./pieces.js";
import { turnOf } from "./board.js";

/** The levels, by rating; "full" is Ladya at full strength. */
export const LEVELS = ["800", "1200", "1600", "2000", "2400", "full"];
const DEFAULT_LEVEL = "1600";

/** Ladya's time for a move without a clock, in ms. */
const MOVETIME_MS = 1000;
/** Ladya takes a draw offer from this move on, when its last score is at most this (centipawns). */
const DRAW_FROM_MOVE = 10;
const DRAW_MAX_CP = 30;
/** How long the resign button waits for its confirming second click, in ms. */
const RESIGN_CONFIRM_MS = 4000;

const KEYS = { level: "ladya.level", clock: "ladya.clock", pieces: "ladya.xiangqiPieces" };
const $ = (id) => document.getElementById(id);
const other = (side) => (side === "white" ? "black" : "white");

export class Playing {
  /** `app` is the App: its game, board, moves, start, current position and human side. */
  constructor(app) {
    this.app = app;
    this.game = app.game.name;
    /** An end the page decided (time, resignation, agreement), as /api/position's outcome. */
    this.verdict = null;
    /** A line for the status until the next move ("Ladya declines the draw"). */
    this.note = "";
    /** The score of Ladya's last search, from Ladya's side: {cp} or {mate}, or null. */
    this.lastScore = null;
    this.clock = new Clock((side) => this.flag(side));
    this.sounds = new Sounds();
    this.resignTimer = null;
    this.wire();
  }

  // ----- controls -----

  wire() {
    const range = this.app.game.elo; // {min, max} from /api/games
    const offered = LEVELS.filter((l) => l === "full" || !range || (Number(l) >= range.min && Number(l) <= range.max));
    const level = $("level");
    level.innerHTML = offered
      .map((l) => `<option value="${l}">${l === "full" ? "Full strength" : l}</option>`)
      .join("");
    level.value = offered.includes(localStorage.getItem(KEYS.level)) ? localStorage.getItem(KEYS.level) : DEFAULT_LEVEL;
    if (!level.value) level.value = "full";
    level.addEventListener("change", () => {
      localStorage.setItem(KEYS.level, level.value);
      this.app.renderPlayers();
    });

    const control = $("time-control");
    control.innerHTML = TIME_CONTROLS.map(([value, label]) => `<option value="${value}">${label}</option>`).join("");
    const saved = localStorage.getItem(KEYS.clock);
    control.value = TIME_CONTROLS.some(([value]) => value === saved) ? saved : "none";
    this.clock.reset(control.value);
    control.addEventListener("change", () => {
      if (TIME_CONTROLS.some(([value]) => value === control.value)) localStorage.setItem(KEYS.clock, control.value);
      this.setControl(control.value);
    });

    const pieces = $("piece-set");
    $("piece-set-row").hidden = this.game !== "xiangqi";
    pieces.innerHTML = XIANGQI_SETS.map(([value, label]) => `<option value="${value}">${label}</option>`).join("");
    pieces.value = localStorage.getItem(KEYS.pieces) === "western" ? "western" : "chinese";
    this.app.board.setPieceSet(pieces.value);
    pieces.addEventListener("change", () => {
      localStorage.setItem(KEYS.pieces, pieces.value);
      this.app.board.setPieceSet(pieces.value);
    });

    const mute = $("mute");
    const showMute = () => {
      mute.setAttribute("aria-pressed", String(this.sounds.muted));
      mute.setAttribute("aria-label", this.sounds.muted ? "Sounds are off: switch them on" : "Sounds are on: switch them off");
      mute.title = this.sounds.muted ? "Sounds off" : "Sounds on";
    };
    showMute();
    mute.addEventListener("click", () => {
      this.sounds.setMuted(!this.sounds.muted);
      showMute();
    });

    $("resign").addEventListener("click", () => this.resignClicked());
    $("offer-draw").addEventListener("click", () => this.offerDraw());
    this.app.board.onPremove = () => this.app.renderPlayers();
  }

  /** The rating asked for, or null for full strength. */
  elo() {
    const value = $("level").value;
    return value === "full" ? null : Number(value);
  }

  /** Ladya's name in the player bar: its level beside it. */
  levelBadge() {
    const elo = this.elo();
    return `<span class="level" data-elo="${elo ?? "full"}">${elo ?? "full strength"}</span>`;
  }

  /** A new time control: fresh clocks for the game as it stands. */
  setControl(value) {
    this.clock.reset(value);
    if (!this.outcome(this.app.current)) this.sync();
    this.app.renderPlayers();
    this.app.save();
  }

  // ----- the game's course -----

  /** A new game (or a game loaded): no verdict, full clocks, no premove. */
  newGame() {
    this.verdict = null;
    this.note = "";
    this.lastScore = null;
    this.clock.reset($("time-control").value);
    this.app.board.takePremove();
    this.sync();
  }

  /** The side to move after `plies` moves of the game ("white" for Red too). */
  sideAfter(plies) {
    const first = turnOf(this.game, this.app.start) === "black" ? "black" : "white";
    return plies % 2 === 0 ? first : other(first);
  }

  /**
   * The clocks follow the game as it stands (after an undo, a load); they stand still while
   * the game is over or Ladya waits to be asked to move.
   */
  sync() {
    const plies = this.app.moves.length;
    if (this.outcome(this.app.current) || this.app.hold || this.app.finished?.()) return this.clock.stop();
    this.clock.setTurn(this.sideAfter(plies), plies);
  }

  /** A move has just been made: the game now has `plies` moves. */
  moved(plies) {
    this.note = "";
    this.clock.moved(this.sideAfter(plies - 1), this.sideAfter(plies), plies);
  }

  /** The position after a move is shown: its sound, and Ladya's move or the end told. */
  shown(entry, position, byLadya) {
    const outcome = this.outcome(position);
    if (outcome) this.clock.stop();
    this.sounds.play(outcome ? "end" : position.check ? "check" : entry.capture ? "capture" : "move");
    const said = byLadya ? [`Ladya played ${entry.text}`] : [];
    if (outcome) said.push(outcome.text);
    if (said.length) this.announce(said.join(". "));
  }

  /** The game's end: the position's own outcome, else the page's verdict (time, resignation, draw). */
  outcome(position) {
    return position?.outcome || this.verdict;
  }

  /** The limits of Ladya's search as `side` (its level, its clock). */
  limits(side) {
    const limits = { elo: this.elo() };
    if (this.clock.enabled) {
      const time = Math.round(this.clock.timeLeft(side));
      const { increment } = this.clock.control;
      limits.clock = { time, increment };
      // For a server that reads no clock: a share of it.
      limits.movetime = Math.max(50, Math.min(10_000, Math.round(time / 30 + increment * 0.8)));
    } else {
      limits.movetime = MOVETIME_MS;
    }
    return limits;
  }

  /** Ladya's search answered (/api/bestmove). */
  searched(answer) {
    this.lastScore = answer.score || null;
  }

  /** The premove set, if it is legal now that Ladya has moved, is played; returns whether. */
  async playPremove() {
    const premove = this.app.board.takePremove();
    const app = this.app;
    const position = app.current;
    if (!premove || this.outcome(position) || !app.isHumanTurn(position) || app.view !== app.moves.length) {
      if (premove) app.renderPlayers();
      return false;
    }
    const to = app.board.resolveTarget(premove.from, premove.to);
    const choices = position.legal.filter((m) => m.from === premove.from && m.to === to);
    const entry = choices.length > 1 ? choices.find((m) => m.promotion === "q") : choices[0];
    if (!entry) return false;
    await app.play(entry, true);
    return true;
  }

  /** Whose the player's pieces are for premoves ("white", "red", "black"), or null. */
  premoveSide(atEnd) {
    const app = this.app;
    if (!app.thinking || !atEnd || app.human === "both" || this.outcome(app.current)) return null;
    return this.game === "xiangqi" && app.human === "white" ? "red" : app.human;
  }

  // ----- ends decided by the page -----

  names() {
    return this.game === "xiangqi" ? { white: "Red", black: "Black" } : { white: "White", black: "Black" };
  }

  /** Ends the game: `winner` "white", "black" or null for a draw. */
  end(winner, reason, text) {
    const result = winner === "white" ? "1-0" : winner === "black" ? "0-1" : "1/2-1/2";
    const name = winner === "white" && this.game === "xiangqi" ? "red" : winner;
    this.verdict = { result, winner: name, reason, text };
    this.note = "";
    this.clock.stop();
    this.app.board.takePremove();
    this.app.stopThinking();
    this.sounds.play("end");
    this.announce(text);
    this.app.save();
    this.app.render();
  }

  /** `side`'s time ran out: a loss, or a draw in chess when the other side cannot mate. */
  flag(side) {
    if (this.outcome(this.app.current)) return;
    const names = this.names();
    const winner = other(side);
    if (this.game === "chess" && this.cannotMate(winner)) {
      this.end(null, "timeout", `${names[side]}'s time is up, but ${names[winner]} cannot mate: draw`);
    } else {
      this.end(winner, "timeout", `${names[winner]} wins on time`);
    }
  }

  /**
   * Chess: whether `side` can never mate in the game's position: it has a lone king. (A king and
   * a minor piece against a lone king is already a draw by the position's own outcome.)
   */
  cannotMate(side) {
    const placement = this.app.current.fen.split(" ")[0];
    return !(side === "white" ? /[PNBRQ]/ : /[pnbrq]/).test(placement);
  }

  /** The side that resigns or offers: the player's, or the side to move when one plays both. */
  playerSide() {
    const app = this.app;
    return app.human === "both" ? (app.current.turn === "black" ? "black" : "white") : app.human;
  }

  resignClicked() {
    const button = $("resign");
    if (!this.resignTimer) {
      button.textContent = "Confirm";
      button.setAttribute("aria-label", "Click again to resign");
      this.resignTimer = setTimeout(() => this.resetResign(), RESIGN_CONFIRM_MS);
      return;
    }
    this.resetResign();
    this.resign();
  }

  resetResign() {
    clearTimeout(this.resignTimer);
    this.resignTimer = null;
    const button = $("resign");
    button.textContent = "Resign";
    button.setAttribute("aria-label", "Resign the game");
  }

  /** The player resigns. */
  resign() {
    if (!this.app.current || this.outcome(this.app.current)) return;
    const names = this.names();
    const loser = this.playerSide();
    this.end(other(loser), "resignation", `${names[loser]} resigns. ${names[other(loser)]} wins by resignation`);
  }

  /**
   * The player offers a draw. Playing both sides, it is agreed; Ladya accepts from move 10 on
   * when the score of its last search is not better than +0.30 for itself.
   */
  offerDraw() {
    const app = this.app;
    if (!app.current || this.outcome(app.current)) return;
    if (app.human === "both") return this.end(null, "agreement", "Draw by agreement");
    const fields = app.current.fen.trim().split(/\s+/);
    const moveNumber = Number(fields[fields.length - 1]) || 1;
    const score = this.lastScore;
    const evenEnough = score && (score.mate !== undefined && score.mate !== null ? score.mate < 0 : score.cp <= DRAW_MAX_CP);
    if (moveNumber >= DRAW_FROM_MOVE && evenEnough) {
      this.end(null, "agreement", "Ladya accepts the draw. Draw by agreement");
    } else {
      this.note = "Ladya declines the draw";
      this.announce(this.note);
      app.render();
    }
  }

  /** Says `text` to screen readers (the page's polite live region). */
  announce(text) {
    const region = $("announce");
    if (!region) return;
    // A new node each time, so that the same words twice are read twice.
    region.textContent = "";
    const line = document.createElement("p");
    line.textContent = text;
    region.append(line);
  }

  // ----- saving -----

  /** The clocks and the verdict as plain JSON (see the top of this file). */
  state() {
    return { clock: this.clock.state(), verdict: this.verdict };
  }

  /** Takes back `state()`, after the game it belongs to is loaded. */
  restore(state) {
    if (!state) return;
    this.note = "";
    this.lastScore = null;
    this.app.board.takePremove();
    const control = $("time-control");
    if (state.clock) {
      this.clock.restore(state.clock);
      if ([...control.options].some((o) => o.value === this.clock.controlText)) control.value = this.clock.controlText;
    }
    const v = state.verdict;
    this.verdict = v && typeof v.text === "string" && typeof v.result === "string" ? v : null;
    if (this.verdict) this.clock.stop();
    this.app.render();
  }
}
