#!/usr/bin/env python3
"""Checks the verdicts of a xiangqi match's games against Fairy-Stockfish's rules (pyffish).

Reads a PGN written by `ladya match --game xiangqi --pgnout FILE`, replays each game from its
FEN in pyffish, and asks pyffish how the final position ends: no legal move (mate or stalemate,
both a loss in xiangqi), or a rule that ends the game there (repetition, perpetual check or
chase, the move limit). Prints one line per game whose verdict differs from the PGN's result,
then a count by ending (the comment after the last move, e.g. `Red wins by checkmate`).

    python3 scripts/xiangqi_verdicts.py xq-target.pgn

Games that end otherwise (time, a crash, an illegal move, adjudication) are counted as not
judged. pyffish judges a repetition over the whole game, the moves that led into the first
occurrence included, so a chase can differ (see docs/design-notes.md).
"""

import collections
import re
import sys

import pyffish as sf


def games(path):
    """Yields (number, tags, moves, ending) for each game of a PGN file."""
    text = open(path, encoding="utf-8").read()
    for number, chunk in enumerate(re.split(r"\n\n(?=\[Event )", text.strip()), start=1):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', chunk, re.M))
        body = chunk[chunk.rfind("]") + 1 :]
        comments = re.findall(r"\{([^}]*)\}", body)
        ending = comments[-1] if comments and not re.match(r"[-+]?(M?[\d.]+)/", comments[-1]) else ""
        bare = re.sub(r"\{[^}]*\}", " ", body)
        moves = re.findall(r"\b([a-i](?:10|[1-9])[a-i](?:10|[1-9]))\b", bare)
        yield number, tags, moves, ending


def pyffish_result(fen, moves):
    """Fairy-Stockfish's result of the final position (`1-0`, `0-1`, `1/2-1/2`), or None."""
    if not sf.legal_moves("xiangqi", fen, moves):
        value = sf.game_result("xiangqi", fen, moves)
    else:
        ended, value = sf.is_optional_game_end("xiangqi", fen, moves)
        if not ended:
            return None
    if value == 0:
        return "1/2-1/2"
    red_to_move = (sf.get_fen("xiangqi", fen, moves).split()[1] == "w")
    return "1-0" if (value > 0) == red_to_move else "0-1"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    tally = collections.Counter()
    for number, tags, moves, ending in games(sys.argv[1]):
        fen = tags.get("FEN", sf.start_fen("xiangqi"))
        result = tags.get("Result", "*")
        verdict = pyffish_result(fen, moves)
        if verdict is None:
            tally[(ending or "no ending", "not judged")] += 1
            continue
        agrees = verdict == result
        tally[(ending, "agrees" if agrees else "differs")] += 1
        if not agrees:
            print(f"game {number}: {tags.get('White')} - {tags.get('Black')} {result} ({ending}), "
                  f"pyffish {verdict} after {len(moves)} plies")
    for (ending, verdict), count in sorted(tally.items()):
        print(f"{count:5}  {ending}: {verdict}")


if __name__ == "__main__":
    main()
