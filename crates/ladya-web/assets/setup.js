// The set-up panel: the FEN of the position shown (copy, or paste and load), and for chess the
// game as PGN (export to the clipboard or a file, import from pasted text).

import * as api from "./api.js";

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export class Setup {
  /**
   * `game` is the game's name; `app` gives `loadGame(start, moves)` and `pgnFields()` (the
   * game for /api/pgn/export).
   */
  constructor(game, app) {
    this.app = app;
    this.fen = document.getElementById("fen");
    this.pgn = document.getElementById("pgn");
    this.message = document.getElementById("setup-message");
    document.getElementById("pgn-tools").hidden = game !== "chess";
    document.getElementById("fen-load").addEventListener("click", () => this.loadFen());
    this.fen.addEventListener("keydown", (e) => e.key === "Enter" && this.loadFen());
    document.getElementById("fen-copy").addEventListener("click", () => this.copy(this.fen.value, "FEN"));
    document.getElementById("pgn-import").addEventListener("click", () => this.importPgn());
    document.getElementById("pgn-copy").addEventListener("click", () => this.exportPgn(false));
    document.getElementById("pgn-download").addEventListener("click", () => this.exportPgn(true));
  }

  /** The position shown changed: its FEN goes in the field (unless the user is typing there). */
  setFen(fen) {
    if (document.activeElement !== this.fen) this.fen.value = fen;
  }

  say(text, error = false) {
    this.message.textContent = text;
    this.message.classList.toggle("error", error);
  }

  async loadFen() {
    const fen = this.fen.value.trim();
    if (!fen) return this.say("Paste a FEN first.", true);
    try {
      await this.app.loadGame(fen, []);
      this.say("Position loaded.");
    } catch (e) {
      this.say(e.message, true);
    }
  }

  async copy(text, what) {
    if (await copyText(text)) this.say(`${what} copied.`);
    else this.say(`Could not reach the clipboard: select the ${what} and copy it.`, true);
  }

  async exportPgn(download) {
    try {
      const { pgn } = await api.pgnExport(this.app.pgnFields());
      this.pgn.value = pgn;
      if (!download) return this.copy(pgn, "PGN");
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([pgn], { type: "application/x-chess-pgn" }));
      link.download = "ladya.pgn";
      link.click();
      URL.revokeObjectURL(link.href);
      this.say("PGN downloaded.");
    } catch (e) {
      this.say(e.message, true);
    }
  }

  async importPgn() {
    const text = this.pgn.value.trim();
    if (!text) return this.say("Paste a PGN first.", true);
    try {
      const { fen, moves } = await api.pgnImport(text);
      await this.app.loadGame(fen, moves);
      this.say(`Imported ${moves.length} moves.`);
    } catch (e) {
      this.say(e.message, true);
    }
  }
}
