// The game's clocks: a time control ("3+2": 3 minutes each and 2 seconds added after each
// move), two clocks shown in the player bars, the one of the side to move counting down.
//
// As on lichess, a side's clock starts after both sides have made their first move: the first
// two moves of a game are free. After a move made while its clock ran, the increment is added.
// When a clock reaches zero, `onFlag(side)` is called once and the clocks stop.
//
// The state for saving and restoring (see `state()` and `restore()`) is plain JSON:
//   {"control": "3+2", "white": 171000, "black": 180000, "running": "white" | "black" | null,
//    "flagged": "white" | "black" | null}
// (`white` and `black` in ms left; in xiangqi "white" is Red).

/** The time controls offered: [value, label]. */
export const TIME_CONTROLS = [
  ["none", "None"],
  ["3+2", "3+2"],
  ["5+0", "5+0"],
  ["10+5", "10+5"],
  ["15+10", "15+10"],
];

/** Under this many milliseconds left a clock is shown as low on time, with tenths. */
export const LOW_TIME_MS = 10_000;

const TICK_MS = 100;

/** `{time, increment}` in ms from "minutes+seconds" ("3+2", "0.05+0"), or null ("none", bad text). */
export function parseControl(text) {
  const match = /^(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)$/.exec(String(text ?? "").trim());
  if (!match) return null;
  const time = Math.round(Number(match[1]) * 60_000);
  const increment = Math.round(Number(match[2]) * 1000);
  return time > 0 ? { time, increment } : null;
}

/** A time for people: "4:05", "0:09.3" under LOW_TIME_MS, "1:02:00" from an hour. */
export function formatTime(ms) {
  const left = Math.max(0, ms);
  if (left < LOW_TIME_MS) {
    const tenths = Math.floor(left / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const seconds = Math.floor(left / 1000);
  const s = String(seconds % 60).padStart(2, "0");
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}:${s}`;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}:${s}`;
}

const SIDES = ["white", "black"];

export class Clock {
  /** `onFlag(side)`: `side`'s time ran out. */
  constructor(onFlag) {
    this.onFlag = onFlag;
    this.controlText = "none";
    this.control = null;
    this.left = { white: 0, black: 0 };
    this.running = null;
    this.since = 0; // performance.now() when the running clock was last read
    this.flagged = null;
    this.timer = null;
  }

  /** Whether there is a clock at all. */
  get enabled() {
    return this.control !== null;
  }

  /** New clocks for `controlText` ("3+2", or "none" for no clock), both full and stopped. */
  reset(controlText) {
    this.stopTimer();
    this.control = parseControl(controlText);
    this.controlText = this.control ? controlText : "none";
    const full = this.control ? this.control.time : 0;
    this.left = { white: full, black: full };
    this.running = null;
    this.flagged = null;
    this.paint();
  }

  /** What `side` ("white" or "black") has left now, in ms. */
  timeLeft(side) {
    let left = this.left[side];
    if (this.running === side) left -= performance.now() - this.since;
    return Math.max(0, left);
  }

  /**
   * `side` has just moved, and the game now has `plies` moves; `next` is to move. The
   * increment goes to `side` if its clock was running; `next`'s clock starts from the game's
   * second move on.
   */
  moved(side, next, plies) {
    if (!this.control || this.flagged) return;
    if (this.running === side) this.left[side] = this.timeLeft(side) + this.control.increment;
    this.running = null;
    this.setTurn(next, plies);
  }

  /** The clock of `side` runs (the game has `plies` moves; before the second, none runs). */
  setTurn(side, plies) {
    if (!this.control || this.flagged) return;
    if (this.running && this.running !== side) this.left[this.running] = this.timeLeft(this.running);
    if (plies >= 2 && this.running !== side) {
      this.running = side;
      this.since = performance.now();
    } else if (plies < 2) {
      this.running = null;
    }
    this.running ? this.startTimer() : this.stopTimer();
    this.paint();
  }

  /** Stops both clocks where they stand (the game is over, or paused). */
  stop() {
    if (this.running) this.left[this.running] = this.timeLeft(this.running);
    this.running = null;
    this.stopTimer();
    this.paint();
  }

  /** The clocks as plain JSON (see the top of this file). */
  state() {
    return {
      control: this.controlText,
      white: Math.round(this.timeLeft("white")),
      black: Math.round(this.timeLeft("black")),
      running: this.running,
      flagged: this.flagged,
    };
  }

  /** Puts the clocks back as `state()` gave them; a running clock goes on from now. */
  restore(state) {
    this.reset(state?.control ?? "none");
    if (!this.control) return;
    for (const side of SIDES) {
      const left = Number(state[side]);
      if (Number.isFinite(left) && left >= 0) this.left[side] = left;
    }
    this.flagged = SIDES.includes(state.flagged) ? state.flagged : null;
    if (!this.flagged && SIDES.includes(state.running)) {
      this.running = state.running;
      this.since = performance.now();
      this.startTimer();
    }
    this.paint();
    this.tick();
  }

  startTimer() {
    if (!this.timer) this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  stopTimer() {
    clearInterval(this.timer);
    this.timer = null;
  }

  tick() {
    const side = this.running;
    if (side && this.timeLeft(side) <= 0) {
      this.left[side] = 0;
      this.running = null;
      this.flagged = side;
      this.stopTimer();
      this.paint();
      this.onFlag(side);
      return;
    }
    this.paint();
  }

  /**
   * The markup of `side`'s clock for a player bar ("" without a clock), named by `label` ("Red");
   * `paint()` updates it.
   */
  markup(side, label) {
    if (!this.control) return "";
    return `<span class="clock" data-side="${side}" role="timer" aria-label="${label}'s clock">${formatTime(this.timeLeft(side))}</span>`;
  }

  /** Shows the times left in every clock of the page. */
  paint() {
    for (const element of document.querySelectorAll(".clock[data-side]")) {
      const side = element.dataset.side;
      const left = this.timeLeft(side);
      const text = formatTime(left);
      if (element.textContent !== text) element.textContent = text;
      element.classList.toggle("running", this.running === side);
      element.classList.toggle("low", left < LOW_TIME_MS);
      element.classList.toggle("flagged", this.flagged === side);
      element.dataset.ms = String(Math.round(left));
    }
  }
}
