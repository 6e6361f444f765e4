#!/usr/bin/env python3
"""The openings of a book made by make_openings.py as moves from the start, in PGN, for engines
that cannot set up a position (XBoard engines without `setboard`, such as Fairy-Max and MaxQi):

    scripts/book_moves_pgn.py data/openings-chess.epd > /tmp/openings-chess.pgn
    ladya match --game chess ... --openings file=/tmp/openings-chess.pgn format=pgn

The moves are the book's `c0` comment, in the command line's form (xiangqi ranks 0-9).
"""

import re
import sys


def main():
    path = sys.argv[1]
    xiangqi = "xiangqi" in path
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        found = re.search(r'c0 "([^,"]*)', line)
        if not found:
            continue
        moves = found.group(1).split()
        if xiangqi:  # UCI's ranks 1-10 to ICCS ranks 0-9
            moves = [re.sub(r"\d+", lambda r: str(int(r.group()) - 1), m) for m in moves]
        print(f'[Event "{path} line {number}"]\n\n{" ".join(moves)} *\n')


if __name__ == "__main__":
    main()
