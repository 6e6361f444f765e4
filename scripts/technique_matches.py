#!/usr/bin/env python3
"""What each search technique is worth in games: for each technique, a match of the full engine
against the same engine started with `--without NAME`, played and refereed by `ladya match`
(balanced openings from data/, each played with both colours).

  scripts/technique_matches.py [--game chess] [--games 40] [--tc 60] [--techniques lmr,null-move]
                               [--ladya target/release/ladya] [--concurrency 1] [--seed 1]

Prints a Markdown table: wins, draws and losses of the full engine and the Elo difference with
its 95% interval, read from `ladya match`'s cutechess-style summary lines. Positive Elo means
the technique helps.
"""

import argparse
import re
import subprocess
import sys

from technique_table import TECHNIQUES


def play(args, technique):
    cmd = [
        args.ladya, "match", "--game", args.game,
        "--engine", f"cmd={args.ladya}", "name=full",
        "--engine", f"cmd={args.ladya}", "arg=--without", f"arg={technique}", f"name=without-{technique}",
        # The default overhead (30 ms) would take half of a short move time.
        "--each", "proto=uci", "option.Move Overhead=10",
        "--games", str(args.games), "--st", str(args.tc / 1000), "--timemargin", "100",
        "--openings", f"file=data/openings-{args.game}.epd", "order=random", f"seed={args.seed}",
        "--concurrency", str(args.concurrency),
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    score = re.findall(r"^Score of .*: (\d+) - (\d+) - (\d+)  \[", out, re.M)
    elo = re.search(r"^Elo difference: (\S+) \+/- (\S+),", out, re.M)
    if not score or not elo:
        sys.exit(f"no summary from ladya match for {technique}:\n{out[-2000:]}")
    wins, losses, draws = score[-1]
    return wins, draws, losses, elo.group(1), elo.group(2)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ladya", default="target/release/ladya")
    ap.add_argument("--game", default="chess", choices=["chess", "xiangqi", "ugolki"])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--tc", type=int, default=60, help="ms per move")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--techniques", default=",".join(TECHNIQUES))
    args = ap.parse_args()
    print(f"| full vs without | games | W / D / L | Elo of the technique ({args.tc} ms/move) |")
    print("|---|---|---|---|")
    for technique in args.techniques.split(","):
        wins, draws, losses, elo, margin = play(args, technique)
        print(f"| `{technique}` | {args.games} | {wins} / {draws} / {losses} | {elo} ± {margin} |", flush=True)


if __name__ == "__main__":
    main()
