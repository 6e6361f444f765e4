// The page's sounds, made with the Web Audio API (no sound files): a short knock for a move, a
// harder one for a capture, two rising tones for check and a little chord when the game ends.
// The mute switch is remembered (localStorage "ladya.mute").

const MUTE_KEY = "ladya.mute";

/** The kinds of sound: "move", "capture", "check", "end". */
export const SOUNDS = ["move", "capture", "check", "end"];

export class Sounds {
  constructor() {
    this.muted = localStorage.getItem(MUTE_KEY) === "true";
    this.context = null; // made at the first sound (browsers allow audio after a user gesture)
    /** Every sound asked for, muted or not, for tests: [{kind, muted}]. */
    this.played = [];
  }

  setMuted(muted) {
    this.muted = muted;
    localStorage.setItem(MUTE_KEY, String(muted));
  }

  /** Plays the sound `kind` (one of SOUNDS) unless muted. */
  play(kind) {
    this.played.push({ kind, muted: this.muted });
    if (this.played.length > 50) this.played.shift();
    if (this.muted) return;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      this.context ??= new Context();
      if (this.context.state === "suspended") this.context.resume().catch(() => {});
      const now = this.context.currentTime + 0.01;
      if (kind === "move") this.knock(now, 0.09, 520, 0.35);
      else if (kind === "capture") {
        this.knock(now, 0.12, 330, 0.5);
        this.knock(now + 0.05, 0.1, 700, 0.3);
      } else if (kind === "check") {
        this.tone(now, 0.12, 660, 0.18);
        this.tone(now + 0.12, 0.16, 880, 0.18);
      } else if (kind === "end") {
        for (const [i, f] of [523.25, 659.25, 783.99].entries()) this.tone(now + i * 0.09, 0.5 - i * 0.09, f, 0.14);
      }
    } catch {
      // No audio here (or it is not allowed yet): the game goes on in silence.
    }
  }

  /** A wooden knock: a burst of filtered noise with a fast decay. */
  knock(at, length, pitch, volume) {
    const ctx = this.context;
    const samples = Math.ceil(ctx.sampleRate * length);
    const buffer = ctx.createBuffer(1, samples, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < samples; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / samples) ** 3;
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    const filter = ctx.createBiquadFilter();
    filter.type = "bandpass";
    filter.frequency.value = pitch;
    filter.Q.value = 1.2;
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(volume * 3, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + length);
    source.connect(filter).connect(gain).connect(ctx.destination);
    source.start(at);
    source.stop(at + length);
  }

  /** A soft sine tone. */
  tone(at, length, frequency, volume) {
    const ctx = this.context;
    const oscillator = ctx.createOscillator();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(volume, at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + length + 0.02);
  }
}
