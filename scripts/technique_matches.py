#!/usr/bin/env python3
"""What each search technique is worth in games: for each technique, a match of the full engine
against the same engine started with `--without NAME`, played by the shared match runner
(`match.py`, which uses python-chess or pyffish as referee).

  scripts/technique_matches.py [--game chess] [--games 40] [--tc 60] [--techniques lmr,null-move]
                               [--match-py ../shared/tools/match.py] [--concurrency 2]

Prints a Markdown table: wins, draws and losses of the full engine and the Elo difference with
its 95% interval as match.py computes it. Positive Elo means the technique helps.
"""

import argparse
import re
import subprocess
import sys

from technique_table import TECHNIQUES


def play(args, technique):
    cmd = [
        sys.executable, args.match_py, "--game", args.game,
        "--engine", args.ladya, "--name", "full",
        "--vs", f"{args.ladya} --without {technique}", "--vs-name", f"without-{technique}",
        "--games", str(args.games), "--tc", str(args.tc), "--seed", str(args.seed),
        "--concurrency", str(args.concurrency),
        # The default overhead (30 ms) would take half of a short move time.
        "--engine-opt", "Move Overhead=10", "--vs-opt", "Move Overhead=10",
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    result = re.search(r"RESULT wins=(\d+) draws=(\d+) losses=(\d+) score=\S+ elo=(\S+) \+- (\S+)", out)
    if not result:
        sys.exit(f"no RESULT line from match.py for {technique}:\n{out[-2000:]}")
    return result.groups()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ladya", default="target/release/ladya")
    ap.add_argument("--game", default="chess", choices=["chess", "xiangqi"])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--tc", type=int, default=60, help="ms per move")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--match-py", default="../shared/tools/match.py")
    ap.add_argument("--techniques", default=",".join(TECHNIQUES))
    args = ap.parse_args()
    print(f"| full vs without | games | W / D / L | Elo of the technique ({args.tc} ms/move) |")
    print("|---|---|---|---|")
    for technique in args.techniques.split(","):
        wins, draws, losses, elo, margin = play(args, technique)
        print(f"| `{technique}` | {args.games} | {wins} / {draws} / {losses} | {elo} ± {margin} |", flush=True)


if __name__ == "__main__":
    main()
