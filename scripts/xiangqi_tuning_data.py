#!/usr/bin/env python3
"""Builds a data set for tuning the xiangqi evaluation: positions from games (PGN files as
`ladya match --game xiangqi --pgnout` writes them, moves in Fairy-Stockfish's UCI form), each
scored by a reference engine searching to a fixed depth.

Only quiet positions are kept: the side to move is not in check and the reference's best move
is not a capture; mate scores are dropped. Each output line is `FEN;SCORE`, the score in the
reference's centipawns from the side to move's point of view, which is what
`cargo run --release -p ladya-xiangqi --example tune -- FILE` reads.

  scripts/xiangqi_tuning_data.py games.pgn [more.pgn ...] --depth 8 --out xiangqi-tuning.txt

Needs pyffish and Fairy-Stockfish (`--engine`, default /usr/games/fairy-stockfish).
"""

import argparse
import re
import subprocess
import sys

import pyffish

VARIANT = "xiangqi"


def games(paths):
    """Yields (start FEN, [moves]) for each game of the PGN files."""
    for path in paths:
        text = open(path, encoding="utf-8").read()
        for block in re.split(r"\n\n(?=\[)", text):
            fen = re.search(r'\[FEN "([^"]+)"\]', block)
            body = "\n".join(line for line in block.splitlines() if not line.startswith("["))
            body = re.sub(r"\{[^}]*\}", " ", body)
            moves = [w for w in body.split() if re.fullmatch(r"[a-i]\d+[a-i]\d+", w)]
            if moves:
                yield (fen.group(1) if fen else pyffish.start_fen(VARIANT)), moves


class Engine:
    """A UCI engine playing xiangqi."""

    def __init__(self, command):
        self.process = subprocess.Popen([command], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("uci")
        self.wait_for("uciok")
        self.send(f"setoption name UCI_Variant value {VARIANT}")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait_for(self, word):
        for line in self.process.stdout:
            if line.startswith(word):
                return line
        raise SystemExit("the engine stopped")

    def score(self, fen, depth):
        """The engine's score (centipawns, or None for a mate) and best move at `depth`."""
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        score = None
        for line in self.process.stdout:
            words = line.split()
            if words and words[0] == "info" and "score" in words:
                kind, value = words[words.index("score") + 1: words.index("score") + 3]
                score = int(value) if kind == "cp" else None
            elif words and words[0] == "bestmove":
                return score, words[1]
        raise SystemExit("the engine stopped")

    def close(self):
        self.send("quit")
        self.process.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--skip", type=int, default=8, help="plies skipped at the start of each game")
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    args = ap.parse_args()

    engine = Engine(args.engine)
    seen = set()
    kept = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for number, (start, moves) in enumerate(games(args.pgn), 1):
            for ply in range(args.skip, len(moves)):
                fen = pyffish.get_fen(VARIANT, start, moves[:ply])
                board = " ".join(fen.split()[:2])
                if board in seen or pyffish.gives_check(VARIANT, start, moves[:ply]):
                    continue
                seen.add(board)
                score, best = engine.score(fen, args.depth)
                if score is None or best == "(none)" or pyffish.is_capture(VARIANT, fen, [], best):
                    continue
                out.write(f"{fen};{score}\n")
                kept += 1
            print(f"game {number}: {kept} positions", file=sys.stderr, flush=True)
    engine.close()


if __name__ == "__main__":
    main()
