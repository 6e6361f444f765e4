#!/usr/bin/env python3
"""Measures what each search technique is worth: for the full search and for the search with
one technique switched off (`--without NAME`), the bench's nodes and time to its fixed depth and,
for chess, the number of WAC positions solved at a fixed time each.

  scripts/technique_table.py [--game chess] [--movetime 300] [--techniques lmr,null-move]

Prints a Markdown table. Run on a quiet machine: times are wall-clock.
"""

import argparse
import re
import subprocess
import time

TECHNIQUES = [
    "aspiration", "tt-cutoffs", "see", "killers", "history", "counter-moves", "null-move", "lmr",
    "late-move-pruning", "futility", "reverse-futility", "check-extension", "mate-distance",
]


def run(cmd):
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return out, time.perf_counter() - start


def measure(ladya, game, without, movetime, suite):
    extra = ["--without", without] if without else []
    out, seconds = run([ladya, "bench", game] + extra)
    nodes = int(re.search(r"Bench: (\d+) nodes", out).group(1))
    solved = None
    if suite:
        out, _ = run([ladya, "epd", game, suite, "--movetime", str(movetime), "--quiet"] + extra)
        solved = int(re.search(r"Solved: (\d+) of", out).group(1))
    return nodes, seconds, solved


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ladya", default="target/release/ladya")
    ap.add_argument("--game", default="chess")
    ap.add_argument("--movetime", type=int, default=300, help="ms per suite position")
    ap.add_argument("--suite", default=None, help="EPD suite (default: data/wac.epd for chess)")
    ap.add_argument("--techniques", default=",".join(TECHNIQUES))
    args = ap.parse_args()
    suite = args.suite or ("data/wac.epd" if args.game == "chess" else None)

    base = measure(args.ladya, args.game, None, args.movetime, suite)
    head = "| search | bench nodes | bench time | nodes vs full |"
    rule = "|---|---|---|---|"
    if suite:
        head += f" {suite} solved at {args.movetime} ms |"
        rule += "---|"
    print(head)
    print(rule)

    def row(name, m):
        nodes, seconds, solved = m
        line = f"| {name} | {nodes} | {seconds:.2f} s | {nodes / base[0]:.2f}x |"
        if suite:
            line += f" {solved} |"
        print(line, flush=True)

    row("full", base)
    for t in args.techniques.split(","):
        row(f"without {t}", measure(args.ladya, args.game, t, args.movetime, suite))


if __name__ == "__main__":
    main()
