#!/usr/bin/env python3
"""Every key of a directmate, found by plain exhaustive search on another program's rules.

An independent check of `ladya solve`: chess on python-chess's move generator, xiangqi on
Fairy-Stockfish's (pyffish), which also judges repetitions and perpetual check when moves
played before the problem position are given. Slow (no table, no pruning beyond "only a move
that leaves no legal reply mates"), but small enough to trust. Keys are printed sorted, in UCI
form for chess and ICCS form (ranks 0-9) for xiangqi, as `ladya solve --epd` prints them.

  scripts/mate_keys.py chess 3 "1k6/8/8/3K4/8/8/3R4/8 w - - 0 1"
  scripts/mate_keys.py xiangqi 2 "9/2R1k4/3a1a2R/9/9/9/9/9/5K3/9 b - - 1 1" \\
      --moves "e8e9 c8c9 e9e8 c9c8 e8e9 c8c9 e9e8"
"""

import argparse
import re


class Chess:
    """Chess on python-chess; a line ends by repetition only if the moves given repeat."""

    def __init__(self, fen, moves):
        import chess

        self.board = chess.Board(fen)
        for m in moves:
            self.board.push_uci(m)

    def moves(self):
        return list(self.board.legal_moves)

    def push(self, m):
        self.board.push(m)

    def pop(self):
        self.board.pop()

    def mated(self):
        """The side to move has no move and has lost (a stalemate is a draw)."""
        return self.board.is_checkmate()

    def ended(self):
        return self.board.is_repetition(3)

    def text(self, m):
        return m.uci()


class Xiangqi:
    """Xiangqi on Fairy-Stockfish's rules: stalemate loses, repetitions and perpetual check
    are judged on the whole move list."""

    def __init__(self, fen, moves):
        import pyffish

        self.sf = pyffish
        self.fen = fen
        self.line = [iccs_to_uci(m) for m in moves]

    def moves(self):
        return self.sf.legal_moves("xiangqi", self.fen, self.line)

    def push(self, m):
        self.line.append(m)

    def pop(self):
        self.line.pop()

    def mated(self):
        return not self.moves()

    def ended(self):
        return (
            self.sf.is_immediate_game_end("xiangqi", self.fen, self.line)[0]
            or self.sf.is_optional_game_end("xiangqi", self.fen, self.line)[0]
        )

    def text(self, m):
        a, b, c, d = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", m).groups()
        return f"{a}{int(b) - 1}{c}{int(d) - 1}"


def iccs_to_uci(m):
    a, b, c, d = re.fullmatch(r"([a-i])(\d)([a-i])(\d)", m).groups()
    return f"{a}{int(b) + 1}{c}{int(d) + 1}"


def attack(g, n):
    """The attacker, to move, mates within n moves."""
    for m in g.moves():
        g.push(m)
        ok = not g.ended() and (g.mated() if n == 1 else defend(g, n - 1))
        g.pop()
        if ok:
            return True
    return False


def defend(g, n):
    """The defender, to move, is mated within n more attacker moves."""
    if g.mated():
        return True
    if not g.moves() or n == 0:
        return False
    for d in g.moves():
        g.push(d)
        ok = not g.ended() and attack(g, n)
        g.pop()
        if not ok:
            return False
    return True


def keys(g, n):
    found = []
    for m in g.moves():
        g.push(m)
        if not g.ended() and defend(g, n - 1):
            found.append(g.text(m))
        g.pop()
    return sorted(found)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=["chess", "xiangqi"])
    parser.add_argument("mate", type=int)
    parser.add_argument("fen")
    parser.add_argument("--moves", default="", help="moves played before the problem position")
    args = parser.parse_args()
    game = (Chess if args.game == "chess" else Xiangqi)(args.fen, args.moves.split())
    print(" ".join(keys(game, args.mate)))


if __name__ == "__main__":
    main()
