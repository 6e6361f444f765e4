#!/usr/bin/env python3
"""Writes data/chess960-perft.epd: Chess960 perft counts from Stockfish, for the tests.

Positions: a few published Chess960 positions, then positions from random Chess960 games made
with python-chess (seeded, so the same seed gives the same file). The random games often
castle when it is legal, and positions without castling rights are mostly skipped. Every
position is written twice, with its castling field in Shredder-FEN (`HFhf`) and in X-FEN
(`KQkq` for the outermost rook, a file letter otherwise), and each line is counted by
Stockfish (`setoption name UCI_Chess960 value true`, `position fen ...`, `go perft N`) from
depth 1 until a count exceeds --max-nodes (or --max-depth is reached).

  scripts/chess960_perft.py                       # writes data/chess960-perft.epd
  scripts/chess960_perft.py --games 20 --out /tmp/x.epd --seed 7
"""

import argparse
import random
import subprocess

import chess

# Published Chess960 positions (chessprogramming wiki, "Chess960 Perft Results"); their counts
# are recomputed by Stockfish like the others.
PUBLISHED = [
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
    "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
    "1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9",
]


class Stockfish:
    """A Stockfish process in Chess960 mode."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.name = self.wait_for("id name").removeprefix("id name ")
        self.wait_for("uciok")
        self.send("setoption name UCI_Chess960 value true")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait_for(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit("Stockfish ended unexpectedly")
            if line.startswith(prefix):
                return line.strip()

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        return int(self.wait_for("Nodes searched:").split(":")[1])

    def close(self):
        self.send("quit")
        self.proc.wait()


def random_position(rng, plies_max):
    """A position from a random Chess960 game, preferring castling when it is legal."""
    board = chess.Board.from_chess960_pos(rng.randrange(960))
    for _ in range(rng.randrange(plies_max + 1)):
        moves = list(board.legal_moves)
        if not moves:
            break
        castles = [m for m in moves if board.is_castling(m)]
        board.push(rng.choice(castles) if castles and rng.random() < 0.3 else rng.choice(moves))
    return board


def counts(engine, fen, max_depth, max_nodes):
    found = []
    for depth in range(1, max_depth + 1):
        n = engine.perft(fen, depth)
        found.append(n)
        if n > max_nodes or n == 0:
            break
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--out", default="data/chess960-perft.epd")
    ap.add_argument("--seed", type=int, default=960)
    ap.add_argument("--games", type=int, default=150, help="random positions (each written in both forms)")
    ap.add_argument("--plies", type=int, default=30, help="longest random game")
    ap.add_argument("--max-depth", type=int, default=5)
    ap.add_argument("--max-nodes", type=int, default=300_000)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    boards = [chess.Board(fen, chess960=True) for fen in PUBLISHED]
    while len(boards) < len(PUBLISHED) + args.games:
        board = random_position(rng, args.plies)
        # Most positions should still have castling rights to test.
        if not board.is_game_over() and (board.castling_rights or rng.random() < 0.2):
            boards.append(board)

    engine = Stockfish(args.stockfish)
    lines = [
        f"# Chess960 perft counts from {engine.name} (UCI_Chess960, go perft): FEN ;D1 n ;D2 n ...",
        f"# made by scripts/chess960_perft.py --seed {args.seed} --games {args.games}; "
        "each position twice, Shredder-FEN then X-FEN castling",
    ]
    for board in boards:
        for fen in dict.fromkeys([board.fen(shredder=True), board.fen()]):
            found = counts(engine, fen, args.max_depth, args.max_nodes)
            lines.append(fen + "".join(f" ;D{d} {n}" for d, n in enumerate(found, 1)))
    engine.close()
    with open(args.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines) - 2} lines written to {args.out}")


if __name__ == "__main__":
    main()
