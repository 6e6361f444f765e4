#!/usr/bin/env python3
"""Ugolki matches between two UCI engines (`UCI_Variant ugolki`), played and refereed by
`ladya match` (Ladya's rules, in the rule file's order).

    scripts/ugolki_match.py ENGINE_A ENGINE_B [--openings N] [--movetime MS] [--seed S]
                            [--ladya target/release/ladya]

N openings from data/openings-ugolki.epd (shuffled with seed S) are each played twice, each
engine taking White once. Prints `ladya match`'s line per game and summary, then the score of
ENGINE_A: wins, draws, losses.
"""

import argparse
import re
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--openings", type=int, default=20)
    ap.add_argument("--movetime", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ladya", default="target/release/ladya")
    args = ap.parse_args()
    cmd = [
        args.ladya, "match", "--game", "ugolki",
        "--engine", f"cmd={args.a}", "name=A", "--engine", f"cmd={args.b}", "name=B",
        "--games", str(2 * args.openings), "--st", str(args.movetime / 1000), "--timemargin", "100",
        "--openings", "file=data/openings-ugolki.epd", "order=random", f"seed={args.seed}",
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    sys.stdout.write(out)
    score = re.findall(r"^Score of A vs B: (\d+) - (\d+) - (\d+)  \[", out, re.M)
    if not score:
        sys.exit("no summary from ladya match")
    wins, losses, draws = score[-1]
    print(f"A vs B: +{wins} ={draws} -{losses}")


if __name__ == "__main__":
    main()
