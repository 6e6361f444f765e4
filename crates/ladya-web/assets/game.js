// The game model: a tree of moves from a start position. The first child of a node is the main
// continuation, the others are variations. Each game (chess, xiangqi, ugolki) keeps its own
// tree in localStorage, with the node shown, the side the person plays, the PGN tags, and the
// clocks and the verdict, so a reload or a visit to another game's page finds it as it was.

let nextId = 1;

/** A node: the move that leads to it (coordinate form, text, path), and its continuations. */
function node(parent, move = null, text = "", path = []) {
  return { id: nextId++, parent, move, text, path, children: [] };
}

/** The tags a game keeps (PGN's Seven Tag Roster, minus what the page fills in itself). */
export const TAGS = ["Event", "Site", "Date", "Round", "White", "Black"];

export class GameTree {
  /** A game from `start` (a FEN) with no moves. */
  constructor(start) {
    this.start = start;
    this.root = node(null);
    this.tags = {};
    this.result = null; // a result given with the game (a PGN import): "1-0", "0-1", "1/2-1/2"
  }

  /** A game from `start` with `moves` (coordinate form) as its main line. */
  static fromMoves(start, moves) {
    const tree = new GameTree(start);
    let at = tree.root;
    for (const move of moves) at = tree.add(at, move);
    return tree;
  }

  /** The child of `parent` reached by `move`, made (as the last variation) if it is new. */
  add(parent, move, text = "", path = []) {
    let child = parent.children.find((c) => c.move === move);
    if (!child) {
      child = node(parent, move, text, path);
      parent.children.push(child);
    } else if (text) {
      child.text = text;
      child.path = path;
    }
    return child;
  }

  /** The nodes from the first move to `at`. */
  nodesTo(at) {
    const nodes = [];
    for (let n = at; n && n.parent; n = n.parent) nodes.push(n);
    return nodes.reverse();
  }

  /** The moves (coordinate form) from the start to `at`. */
  movesTo(at) {
    return this.nodesTo(at).map((n) => n.move);
  }

  /** How many moves lead to `at`. */
  plyOf(at) {
    let ply = 0;
    for (let n = at; n.parent; n = n.parent) ply += 1;
    return ply;
  }

  /** The end of the line through `at`: its first children followed to the last. */
  lineEnd(at) {
    let n = at;
    while (n.children.length) n = n.children[0];
    return n;
  }

  /** The main line's nodes (the root's first children followed). */
  mainLine() {
    const nodes = [];
    for (let n = this.root; n.children.length; ) {
      n = n.children[0];
      nodes.push(n);
    }
    return nodes;
  }

  /** Whether `at` is on the main line. */
  isMain(at) {
    for (let n = at; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  /** The first node of the variation `at` is in (the node that is not its parent's first child). */
  variationHead(at) {
    for (let n = at; n.parent; n = n.parent) if (n.parent.children[0] !== n) return n;
    return null;
  }

  /**
   * Makes the variation through `at` one step more important: its head swaps places with the
   * line it branches from (as lichess's "promote variation"). Returns whether anything moved.
   */
  promote(at) {
    const head = this.variationHead(at);
    if (!head) return false;
    const siblings = head.parent.children;
    siblings.splice(siblings.indexOf(head), 1);
    siblings.unshift(head);
    return true;
  }

  /** Removes the variation through `at` (from its head on); returns the node before it. */
  deleteVariation(at) {
    const head = this.variationHead(at);
    if (!head) return null;
    const siblings = head.parent.children;
    siblings.splice(siblings.indexOf(head), 1);
    return head.parent;
  }

  /** Removes `at` and everything after it; returns its parent. */
  cut(at) {
    const parent = at.parent;
    if (!parent) return at;
    parent.children.splice(parent.children.indexOf(at), 1);
    return parent;
  }

  /** The node reached from the root by `moves`, or null when the tree does not hold them. */
  find(moves) {
    let n = this.root;
    for (const move of moves) {
      n = n.children.find((c) => c.move === move);
      if (!n) return null;
    }
    return n;
  }

  /** The child indexes that lead from the root to `at` (how the node shown is saved). */
  indexesTo(at) {
    return this.nodesTo(at).map((n) => n.parent.children.indexOf(n));
  }

  /** The node the child `indexes` lead to (as far as they go). */
  atIndexes(indexes) {
    let n = this.root;
    for (const i of indexes || []) {
      if (!Number.isInteger(i) || !n.children[i]) break;
      n = n.children[i];
    }
    return n;
  }

  /** Every node of the tree, depth first. */
  *nodes(from = this.root) {
    for (const child of from.children) {
      yield child;
      yield* this.nodes(child);
    }
  }

  /** A plain object for JSON: moves as [move, text, path, children]. */
  toJSON() {
    const pack = (n) => n.children.map((c) => [c.move, c.text, c.path, pack(c)]);
    return { start: this.start, tree: pack(this.root), tags: this.tags, result: this.result };
  }

  /** The tree `toJSON` gave, or null when `data` is not one. */
  static fromJSON(data) {
    if (!data || typeof data.start !== "string" || !Array.isArray(data.tree)) return null;
    const tree = new GameTree(data.start);
    const unpack = (parent, list, depth) => {
      if (!Array.isArray(list) || depth > 2000) return;
      for (const item of list) {
        if (!Array.isArray(item) || typeof item[0] !== "string") continue;
        const path = Array.isArray(item[2]) ? item[2].filter((s) => typeof s === "string") : [];
        const child = tree.add(parent, item[0], typeof item[1] === "string" ? item[1] : "", path);
        unpack(child, item[3], depth + 1);
      }
    };
    unpack(tree.root, data.tree, 0);
    if (data.tags && typeof data.tags === "object") {
      for (const [k, v] of Object.entries(data.tags)) if (typeof v === "string") tree.tags[k] = v;
    }
    tree.result = typeof data.result === "string" ? data.result : null;
    return tree;
  }
}

/** Where a game's saved state lives in localStorage. */
const key = (game) => `ladya.game.${game}`;
const previousKey = (game) => `ladya.previous.${game}`;

/**
 * The saved state of `game` ({tree, at, human, review, playing}), or null. `playing` is the
 * clocks and the verdict (play.js's `state()`), null when saved without them.
 */
export function loadSaved(game, which = key) {
  try {
    const data = JSON.parse(localStorage.getItem(which(game)) || "null");
    const tree = GameTree.fromJSON(data?.game);
    if (!tree) return null;
    const playing = data.playing && typeof data.playing === "object" ? data.playing : null;
    return { tree, at: tree.atIndexes(data.at), human: data.human, review: data.review || null, playing };
  } catch {
    return null;
  }
}

/**
 * Saves `game`'s state: the tree, the node shown, the side played, the review, and the clocks
 * and the verdict (`playing`, play.js's `state()`; null for fresh clocks and no verdict).
 */
export function save(game, { tree, at, human, review, playing = null }) {
  const data = JSON.stringify({ game: tree.toJSON(), at: tree.indexesTo(at), human, review, playing });
  try {
    localStorage.setItem(key(game), data);
  } catch {
    // Storage full or refused: the game still goes on, it just will not outlast the page.
  }
}

/** Keeps the saved game aside (before a shared link replaces it); true if there was one. */
export function keepPrevious(game) {
  const saved = localStorage.getItem(key(game));
  if (!saved) return false;
  try {
    localStorage.setItem(previousKey(game), saved);
    return true;
  } catch {
    return false;
  }
}

/** The game kept aside by `keepPrevious`, or null. */
export function loadPrevious(game) {
  return loadSaved(game, previousKey);
}

/**
 * A shared game in the page's address: `?game=chess&fen=FEN&moves=e2e4,e7e5&ply=1` (fen, moves
 * and ply optional). Returns {fen, moves, ply} or null when the address shares none.
 */
export function sharedGame(search) {
  const query = new URLSearchParams(search);
  if (!query.has("fen") && !query.has("moves")) return null;
  const moves = (query.get("moves") || "").split(/[\s,]+/).filter(Boolean);
  const ply = query.has("ply") ? Number(query.get("ply")) : moves.length;
  return { fen: query.get("fen") || "", moves, ply: Number.isInteger(ply) && ply >= 0 ? Math.min(ply, moves.length) : moves.length };
}

/** The address that shares `moves` from `start` (the start FEN left out when it is the game's). */
export function shareUrl(game, start, standardStart, moves, ply) {
  const query = new URLSearchParams({ game });
  if (start !== standardStart) query.set("fen", start);
  if (moves.length) query.set("moves", moves.join(","));
  if (ply !== moves.length) query.set("ply", String(ply));
  return `${location.origin}${location.pathname}?${query}`;
}
