// The set-up panel: the FEN of the position shown (copy, or paste and load), a link that shares
// the game, and the game as PGN in all three games (export to the clipboard or a file with its
// players, date and result; import from pasted text).

import * as api from "./api.js";

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** "1 move", "12 moves". */
export function movesCount(n) {
  return `${n} move${n === 1 ? "" : "s"}`;
}

export class Setup {
  /**
   * `game` is the game's name; `app` gives `loadFen(fen)`, `importGame(imported)`,
   * `pgnFields()` (the game for /api/pgn/export) and `shareLink()`.
   */
  constructor(game, app) {
    this.game = game;
    this.app = app;
    this.fen = document.getElementById("fen");
    this.pgn = document.getElementById("pgn");
    this.link = document.getElementById("share-link");
    this.message = document.getElementById("setup-message");
    document.getElementById("fen-load").addEventListener("click", () => this.loadFen());
    this.fen.addEventListener("keydown", (e) => e.key === "Enter" && this.loadFen());
    document.getElementById("fen-copy").addEventListener("click", () => this.copy(this.fen.value, "FEN"));
    document.getElementById("link-copy").addEventListener("click", () => this.copyLink());
    document.getElementById("pgn-import").addEventListener("click", () => this.importPgn());
    document.getElementById("pgn-copy").addEventListener("click", () => this.exportPgn(false));
    document.getElementById("pgn-download").addEventListener("click", () => this.exportPgn(true));
  }

  /** The position shown changed: its FEN goes in the field (unless the user is typing there). */
  setFen(fen) {
    if (document.activeElement !== this.fen) this.fen.value = fen;
    this.link.value = this.app.shareLink();
  }

  say(text, error = false) {
    this.message.textContent = text;
    this.message.classList.toggle("error", error);
  }

  async loadFen() {
    const fen = this.fen.value.trim();
    if (!fen) return this.say("Paste a FEN first.", true);
    try {
      await this.app.loadFen(fen);
      this.say("Position loaded.");
    } catch (e) {
      this.say(e.message, true);
    }
  }

  async copy(text, what) {
    if (await copyText(text)) this.say(`${what} copied.`);
    else this.say(`Could not reach the clipboard: select the ${what} and copy it.`, true);
  }

  copyLink() {
    this.link.value = this.app.shareLink();
    this.link.select();
    return this.copy(this.link.value, "Link");
  }

  async exportPgn(download) {
    try {
      const { pgn } = await api.pgnExport(this.app.pgnFields());
      this.pgn.value = pgn;
      if (!download) return this.copy(pgn, "PGN");
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([pgn], { type: "application/x-chess-pgn" }));
      link.download = `ladya-${this.game}.pgn`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
      this.say("PGN downloaded.");
    } catch (e) {
      this.say(e.message, true);
    }
  }

  async importPgn() {
    const text = this.pgn.value.trim();
    if (!text) return this.say("Paste a PGN first.", true);
    try {
      // A PGN without a Variant tag is read as this page's game.
      const imported = await api.pgnImport(text, /\[\s*Variant\s/i.test(text) ? undefined : this.game);
      const shown = await this.app.importGame(imported);
      if (shown) this.say(`Imported ${movesCount(imported.moves.length)}.`);
    } catch (e) {
      this.say(e.message, true);
    }
  }
}
