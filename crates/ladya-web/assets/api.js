// The JSON API of `ladya serve` (docs/web-api.md): one function per endpoint.

/** An answer of the server with an error status; `message` is its `{"error"}` text. */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function answer(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: the status line says what went wrong.
  }
  if (!response.ok) {
    throw new ApiError(response.status, (body && body.error) || `${response.status} ${response.statusText}`);
  }
  return body;
}

/** What the page says when no answer comes at all (fetch's own "Failed to fetch" says little). */
export const NO_SERVER = "The server does not answer. Is `ladya serve` still running?";

/** `fetch`, with a failed connection (not an abort) told in words as an ApiError of status 0. */
async function request(path, options) {
  try {
    return await fetch(path, options);
  } catch (e) {
    if (e.name === "AbortError") throw e;
    throw new ApiError(0, NO_SERVER);
  }
}

async function get(path) {
  return answer(await request(path, { headers: { Accept: "application/json" } }));
}

async function post(path, body, signal) {
  return answer(
    await request(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      signal,
    }),
  );
}

/** `{"games": [{name, start, files, ranks, solver}]}` */
export const games = () => get("/api/games");

/** The position after `moves` from `fen` (empty: the start), with its legal moves and outcome. */
export const position = (game, fen, moves) => post("/api/position", { game, fen, moves });

/**
 * Ladya's move: `limits` holds `movetime` (ms) or `depth`, and `elo` (a rating, null for full
 * strength) and `clock` ({time, increment} in ms, Ladya's) when wanted. `signal` aborts the request.
 */
export const bestmove = (game, fen, moves, limits, signal) =>
  post("/api/bestmove", { game, fen, moves, ...limits }, signal);

/** The solution of the stipulation `stip` ("#2", "s#3", "h#2.5", ...). `signal` aborts the request. */
export const solve = (game, fen, moves, stip, signal) => post("/api/solve", { game, fen, moves, stip }, signal);

/** The game as PGN: `fields` holds game, fen, moves, result and tags ({White, Black, Date, ...}). */
export const pgnExport = (fields) => post("/api/pgn/export", fields);

/** The first game of a PGN text: {game, fen, moves, tags, result}; `game` says which when known. */
export const pgnImport = (pgn, game) => post("/api/pgn/import", game ? { pgn, game } : { pgn });

/** A review of the game as an EventSource: `position` and `move` events, then `done`. */
export function review(game, fen, moves, movetime) {
  const query = new URLSearchParams({ game, fen, moves: moves.join(" "), movetime: String(movetime) });
  return new EventSource(`/api/review?${query}`);
}

/** A live analysis as an EventSource: `info` events until it is closed (or `done`). */
export function analyze(game, fen, moves, multipv) {
  const query = new URLSearchParams({ game, fen, moves: moves.join(" "), multipv: String(multipv) });
  return new EventSource(`/api/analyze?${query}`);
}
