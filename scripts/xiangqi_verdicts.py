#!/usr/bin/env python3
"""Checks the verdicts of a xiangqi match's games against Fairy-Stockfish's rules (pyffish).

Reads a PGN written by `ladya match --game xiangqi --pgnout FILE`, replays each game from its
FEN in pyffish, and asks pyffish how the final position ends: no legal move (mate or stalemate,
both a loss in xiangqi), or a rule that ends the game there (repetition, perpetual check or
chase, the move limit). Prints one line per game (by its Round tag) whose verdict differs from
the PGN's result, then a count by ending (the comment after the last move, e.g. `Red wins by
checkmate`).

    python3 scripts/xiangqi_verdicts.py xq-target.pgn

Games that end otherwise (time, a crash, an illegal move, adjudication) are counted as not
judged when pyffish sees no end either. pyffish judges a repetition over the whole game, the
moves that led into the first occurrence included, so a chase can differ (see
docs/design-notes.md).
"""

import collections
import re
import sys

from xiangqi_repetitions import START, verdict

# The endings that Ladya's referee rules from the position itself, which pyffish must match.
RULE_ENDINGS = ("checkmate", "stalemate", "perpetual", "repetition", "sixty moves")

PGN_RESULT = {"red": "1-0", "black": "0-1", "draw": "1/2-1/2"}


def games(path):
    """Yields (round, tags, moves, ending) for each game of a PGN file."""
    text = open(path, encoding="utf-8").read()
    for index, chunk in enumerate(re.split(r"\n\n(?=\[Event )", text.strip()), start=1):
        header, _, body = chunk.partition("\n\n")
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', header, re.M))
        comments = re.findall(r"\{([^}]*)\}", body)
        last = comments[-1] if comments else ""
        ending = "" if re.match(r"[-+]?M?[\d.]+/", last) else last
        moves = re.findall(r"\b[a-i](?:10|[1-9])[a-i](?:10|[1-9])\b", re.sub(r"\{[^}]*\}", " ", body))
        yield tags.get("Round", str(index)), tags, moves, ending or "no ending"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    tally = collections.Counter()
    for number, tags, moves, ending in games(sys.argv[1]):
        fen = tags.get("FEN", START)
        result = tags.get("Result", "*")
        judged = verdict(fen, moves)
        ruled = any(word in ending for word in RULE_ENDINGS)
        if judged is None and not ruled:
            tally[(ending, "not judged")] += 1
            continue
        pyffish = PGN_RESULT.get(judged, "no end")
        agrees = pyffish == result
        tally[(ending, "agrees" if agrees else "differs")] += 1
        if not agrees:
            print(f"game {number}: {tags.get('White')} - {tags.get('Black')} {result} ({ending}), "
                  f"pyffish {pyffish} after {len(moves)} plies")
    for (ending, outcome), count in sorted(tally.items()):
        print(f"{count:5}  {ending}: {outcome}")


if __name__ == "__main__":
    main()
