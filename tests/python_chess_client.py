#!/usr/bin/env python3
"""Drives `ladya` with python-chess, a client nobody on this project wrote, as a UCI engine and
as an XBoard engine: a short game each, every move checked legal, plus UCI analysis.

    python3 tests/python_chess_client.py target/release/ladya

Exits non-zero (with the reason) on any failure. Needs `pip install chess`.
"""

import sys

import chess
import chess.engine


def play_game(engine, name, plies=24, seconds=0.05):
    board = chess.Board()
    while not board.is_game_over() and len(board.move_stack) < plies:
        result = engine.play(board, chess.engine.Limit(time=seconds))
        if result.move is None or result.move not in board.legal_moves:
            raise SystemExit(f"{name}: illegal move {result.move} in {board.fen()}")
        board.push(result.move)
    print(f"{name}: {len(board.move_stack)} plies, {board.fen()}")
    return board


def main():
    ladya = sys.argv[1] if len(sys.argv) > 1 else "target/release/ladya"

    with chess.engine.SimpleEngine.popen_uci(ladya) as engine:
        if not engine.id.get("name", "").startswith("Ladya"):
            raise SystemExit(f"UCI: unexpected id {engine.id}")
        engine.configure({"Hash": 16, "Threads": 1})
        play_game(engine, "UCI")
        board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
        info = engine.analyse(board, chess.engine.Limit(depth=6))
        if info["score"].white() != chess.engine.Mate(1) or info["pv"][0] != chess.Move.from_uci("a1a8"):
            raise SystemExit(f"UCI analysis missed the mate in one: {info}")
        print(f"UCI analysis: {info['score']} {info['pv'][0]}")

    with chess.engine.SimpleEngine.popen_xboard(ladya) as engine:
        if not engine.id.get("name", "").startswith("Ladya"):
            raise SystemExit(f"XBoard: unexpected id {engine.id}")
        play_game(engine, "XBoard")

    print("python-chess client: ok")


if __name__ == "__main__":
    main()
