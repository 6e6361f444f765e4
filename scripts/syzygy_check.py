#!/usr/bin/env python3
"""Checks Ladya's Syzygy probes against python-chess's own prober, which shares no code with
it: WDL and DTZ of many random legal 3- and 4-piece positions (no castling right, 50-move clock
at 0, en passant when a pawn just moved two squares and may be taken).

    python3 scripts/syzygy_check.py LADYA TABLES_DIR [--positions N] [--seed S]

Exits 0 when every answer agrees, 1 on a disagreement (each one listed), and 0 with a
'skipped' line when TABLES_DIR holds no tables. Needs `pip install chess`.
"""
import argparse
import os
import random
import subprocess
import sys

import chess
import chess.syzygy

PIECES = "QRBNP"


def random_position(rng):
    """A random legal position of 3 or 4 pieces, kings included, that is not over; one in ten
    has a pawn that may take en passant."""
    if rng.random() < 0.1:
        return en_passant_position(rng)
    while True:
        count = rng.choice([1, 2, 2, 2])  # pieces besides the kings
        board = chess.Board(None)
        squares = rng.sample(range(64), 2 + count)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for sq in squares[2:]:
            kind = chess.Piece.from_symbol(rng.choice(PIECES)).piece_type
            if kind == chess.PAWN and chess.square_rank(sq) in (0, 7):
                break
            board.set_piece_at(sq, chess.Piece(kind, rng.random() < 0.6))
        else:
            board.turn = rng.random() < 0.5
            if not board.is_valid() or board.is_game_over():
                continue
            maybe_en_passant(board, rng)
            return board


def en_passant_position(rng):
    """KPvKP with the pawn of the side not to move just advanced two squares beside the other."""
    while True:
        turn = rng.random() < 0.5
        file = rng.randrange(8)
        side_file = file + rng.choice([-1, 1])
        if not 0 <= side_file < 8:
            continue
        rank = 4 if turn == chess.WHITE else 3  # where the pawn that moved two squares stands
        board = chess.Board(None)
        board.set_piece_at(chess.square(file, rank), chess.Piece(chess.PAWN, not turn))
        board.set_piece_at(chess.square(side_file, rank), chess.Piece(chess.PAWN, turn))
        free = [sq for sq in range(64) if board.piece_at(sq) is None]
        wk, bk = rng.sample(free, 2)
        board.set_piece_at(wk, chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(bk, chess.Piece(chess.KING, chess.BLACK))
        board.turn = turn
        board.ep_square = chess.square(file, rank + (1 if turn == chess.WHITE else -1))
        passed = board.piece_at(board.ep_square) is None and board.piece_at(
            chess.square(file, rank + (2 if turn == chess.WHITE else -2))) is None
        if passed and board.is_valid() and board.has_legal_en_passant() and not board.is_game_over():
            return board


def maybe_en_passant(board, rng):
    """Sometimes marks a pawn of the side not to move as just moved two squares."""
    if rng.random() > 0.3:
        return
    them = not board.turn
    for sq in board.pieces(chess.PAWN, them):
        rank = chess.square_rank(sq)
        if rank != (3 if them == chess.WHITE else 4):
            continue
        behind = sq - 8 if them == chess.WHITE else sq + 8
        start = sq - 16 if them == chess.WHITE else sq + 16
        if board.piece_at(behind) or board.piece_at(start):
            continue
        trial = board.copy()
        trial.ep_square = behind
        if trial.is_valid() and trial.has_legal_en_passant():
            board.ep_square = behind
            return


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ladya")
    parser.add_argument("tables")
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(args.tables, "KQvK.rtbw")):
        print(f"skipped: no Syzygy tables in {args.tables} (scripts/syzygy-tables.sh makes them)")
        return 0
    rng = random.Random(args.seed)
    boards = [random_position(rng) for _ in range(args.positions)]
    fens = "".join(b.fen() + "\n" for b in boards)
    run = subprocess.run([args.ladya, "syzygy", args.tables], input=fens, capture_output=True, text=True, timeout=600)
    if run.returncode != 0:
        print(f"ladya syzygy failed ({run.returncode}): {run.stderr.strip()}")
        return 1
    answers = run.stdout.splitlines()
    if len(answers) != len(boards):
        print(f"ladya gave {len(answers)} answers for {len(boards)} positions")
        return 1
    failed = 0
    ep = 0
    with chess.syzygy.open_tablebase(args.tables) as tables:
        for board, answer in zip(boards, answers):
            ep += board.ep_square is not None
            wdl = tables.probe_wdl(board)
            dtz = tables.probe_dtz(board)
            expected = f"{wdl} {dtz}"
            if answer != expected:
                failed += 1
                if failed <= 20:
                    print(f"{board.fen()}: ladya '{answer}', python-chess '{expected}'")
    agreed = len(boards) - failed
    print(f"syzygy: {len(boards)} positions ({ep} with en passant), WDL and DTZ: {agreed} agree, {failed} differ")
    print(f"{agreed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
