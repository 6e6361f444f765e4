#!/usr/bin/env python3
"""Balanced opening books for `ladya match`: short random openings played from the start
position, kept where a depth-limited Ladya search scores them near equal.

    scripts/make_openings.py GAME [--ladya target/release/ladya] [--count 3000] [--plies 8]
                             [--depth 7] [--max-score 50] [--seed 1] > data/openings-GAME.epd

Each candidate is PLIES random legal moves (Python's random.Random(SEED), choosing among the
moves sorted as text, so a seed gives the same file everywhere), refused when the game is over,
when the position was already taken, or when Ladya's search to DEPTH (one thread, cleared hash:
deterministic) scores it beyond MAX-SCORE for either side. Each kept position is one EPD line:
the position (EPD's four fields for chess and xiangqi, the whole FEN for ugolki, whose move
number its rules count) and a `c0` comment with the moves and the score. The exact commands that made the books
in data/ are in docs/openings.md.
"""

import argparse
import random
import subprocess
import sys


class Ladya:
    """Ladya in UCI mode, with the game chosen by UCI_Variant."""

    def __init__(self, path, game):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name UCI_Variant value {game}")
        self.send("setoption name Hash value 16")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit(f"ladya exited; last lines: {lines[-5:]}")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def position(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def legal(self, moves):
        self.position(moves)
        self.send("go perft 1")
        return sorted(l.split(":")[0] for l in self.wait("Nodes searched") if ":" in l and not l.startswith("Nodes"))

    def fen(self, moves):
        self.position(moves)
        self.send("d")
        return next(l for l in self.wait("Legal moves:") if l.startswith("Fen:")).split(" ", 1)[1]

    def score(self, moves, depth):
        """The search's score in centipawns for the side to move, None for a mate score."""
        self.send("ucinewgame")
        self.position(moves)
        self.send(f"go depth {depth}")
        score = None
        for line in self.wait("bestmove"):
            words = line.split()
            if "score" in words:
                kind, value = words[words.index("score") + 1: words.index("score") + 3]
                score = int(value) if kind == "cp" else None
        return score

    def quit(self):
        self.send("quit")
        self.p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=["chess", "xiangqi", "ugolki"])
    ap.add_argument("--ladya", default="target/release/ladya")
    ap.add_argument("--count", type=int, default=3000)
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--depth", type=int, default=7)
    ap.add_argument("--max-score", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    ladya = Ladya(args.ladya, args.game)
    rng = random.Random(args.seed)
    seen = set()
    tried = 0
    while len(seen) < args.count:
        tried += 1
        moves = []
        for _ in range(args.plies):
            legal = ladya.legal(moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        if len(moves) < args.plies or not ladya.legal(moves):
            continue
        fen = ladya.fen(moves)
        # Repetition and move counters aside, the position is the FEN without its counters.
        key = " ".join(fen.split()[:4] if args.game != "ugolki" else fen.split()[:2])
        if key in seen:
            continue
        score = ladya.score(moves, args.depth)
        if score is None or abs(score) > args.max_score:
            continue
        seen.add(key)
        # EPD: chess and xiangqi without the move counters; ugolki keeps its move number,
        # which its rules count.
        epd = " ".join(fen.split()[:4]) if args.game != "ugolki" else fen
        print(f'{epd} c0 "{" ".join(moves)}, depth {args.depth} score {score}";', flush=True)
    ladya.quit()
    print(f"{len(seen)} positions kept of {tried} tried", file=sys.stderr)


if __name__ == "__main__":
    main()
