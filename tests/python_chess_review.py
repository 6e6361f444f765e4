#!/usr/bin/env python3
"""A reader nobody here wrote (python-chess) reads `ladya review chess`'s PGN.

    python3 tests/python_chess_review.py LADYA

Writes two short games to a file, has `LADYA review chess FILE --depth 6` annotate them, and
reads the output with chess.pgn: both games come back with their moves, every move has an
evaluation (`node.eval()`), the blunder in the second game has NAG $4 or $2, and the
accuracy tags are numbers. Exits 1 naming what failed.
"""
import io
import subprocess
import sys
import tempfile

import chess
import chess.pgn

GAMES = """[Event "one"]
[White "A"]
[Black "B"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *

[Event "two"]

1. d4 d5 2. Bf4 Nf6 3. e3 Bf5 4. Qg4 Bxg4 5. Nf3 e6 *
"""

BLUNDER_PLY = 7  # 4. Qg4?? leaves the queen to the bishop.


def fail(message):
    print(f"python_chess_review: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
        f.write(GAMES)
        path = f.name
    run = subprocess.run([sys.argv[1], "review", "chess", path, "--depth", "6"], capture_output=True, text=True,
                         timeout=600)
    if run.returncode != 0:
        fail(f"ladya review exited {run.returncode}: {run.stderr.strip()}")
    stream = io.StringIO(run.stdout)
    originals = []
    source = io.StringIO(GAMES)
    while (game := chess.pgn.read_game(source)) is not None:
        originals.append([m.uci() for m in game.mainline_moves()])
    reviewed = []
    while (game := chess.pgn.read_game(stream)) is not None:
        reviewed.append(game)
    if len(reviewed) != len(originals):
        fail(f"{len(reviewed)} games read back, {len(originals)} written")
    for number, (game, moves) in enumerate(zip(reviewed, originals), 1):
        if game.errors:
            fail(f"game {number}: python-chess found errors: {game.errors}")
        if [m.uci() for m in game.mainline_moves()] != moves:
            fail(f"game {number}: the moves changed")
        for ply, node in enumerate(game.mainline(), 1):
            if node.eval() is None:
                fail(f"game {number}, ply {ply} ({node.san()}): no [%eval] in {node.comment!r}")
        if game.headers.get("Annotator") != "Ladya":
            fail(f"game {number}: no Annotator tag")
        for side in ("White", "Black"):
            accuracy = float(game.headers[f"{side}Accuracy"])
            if not 0 <= accuracy <= 100:
                fail(f"game {number}: {side}Accuracy {accuracy}")
    blunder = list(reviewed[1].mainline())[BLUNDER_PLY - 1]
    if not ({chess.pgn.NAG_BLUNDER, chess.pgn.NAG_MISTAKE} & blunder.nags):
        fail(f"4. Qg4 has NAGs {sorted(blunder.nags)}, not $4 or $2")
    last = list(reviewed[1].mainline())[-1]
    print(f"python-chess read {len(reviewed)} reviewed games; every move has an eval "
          f"(the last: {last.eval()}); 4. Qg4 has NAGs {sorted(blunder.nags)}")


if __name__ == "__main__":
    main()
