#!/usr/bin/env python3
"""Mates found in a fixed time, Ladya beside another UCI engine, on matetrack-style positions.

Each line of the EPD file is a position with `bm #N` (the shortest mate, N > 0 for the side to
move). A sample of them (`--positions`, drawn with `--seed`) is given to each engine for
`--time` seconds with `go movetime`, or `--nodes` nodes with `go nodes`; the engines take
turns position by position, so that a busy machine slows both alike (and changes nothing at a
node count, which compares two builds of one engine). An engine finds the mate when its last
score is a mate for the side that mates; it finds the best mate when that mate is N moves long.

    git clone https://github.com/vondele/matetrack   # matetrack.epd: 6,554 positions
    python3 scripts/matetrack.py --epd matetrack/matetrack.epd --positions 30 --time 1 \\
        --engine ladya=target/release/ladya --engine stockfish=/usr/games/stockfish

Needs python-chess (`pip install chess`). Each engine runs with one thread and 64 MB of hash.
"""

import argparse
import random
import re
import sys

import chess
import chess.engine

BM = re.compile(r"\bbm #(-?\d+)")


def read_positions(path):
    """(board, mate) for every line of the EPD file at `path` that has `bm #N`."""
    positions = []
    with open(path, encoding="utf-8-sig") as lines:
        for number, line in enumerate(lines, 1):
            line = line.strip()
            found = BM.search(line)
            if not line or not found:
                continue
            fields = line.split()
            try:
                board = chess.Board(" ".join(fields[:4]) + " 0 1")
            except ValueError as e:
                sys.exit(f"{path}:{number}: bad position: {e}")
            positions.append((board, int(found.group(1))))
    return positions


def engine_arg(text):
    name, sep, command = text.partition("=")
    if not sep or not name or not command:
        raise argparse.ArgumentTypeError(f"'{text}': write NAME=COMMAND")
    return name, command


def option_arg(text):
    engine, sep, setting = text.partition(":")
    name, equals, value = setting.partition("=")
    if not sep or not equals or not engine or not name:
        raise argparse.ArgumentTypeError(f"'{text}': write ENGINE:NAME=VALUE")
    return engine, name, value


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--epd", required=True, help="positions with 'bm #N'")
    parser.add_argument("--engine", type=engine_arg, action="append", required=True, help="NAME=COMMAND")
    parser.add_argument("--positions", type=int, default=30, help="how many to draw (0: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time", type=float, default=1.0, help="seconds a position")
    parser.add_argument("--option", type=option_arg, action="append", default=[],
                        help="ENGINE:NAME=VALUE, a UCI option for the engine named ENGINE")
    parser.add_argument("--nodes", type=int, help="nodes a position instead of a time")
    args = parser.parse_args()
    limit = chess.engine.Limit(nodes=args.nodes) if args.nodes else chess.engine.Limit(time=args.time)
    budget = f"{args.nodes} nodes" if args.nodes else f"{args.time} s"

    positions = read_positions(args.epd)
    if not positions:
        sys.exit(f"{args.epd}: no position with 'bm #N'")
    if 0 < args.positions < len(positions):
        positions = random.Random(args.seed).sample(positions, args.positions)
    names = [name for name, _ in args.engine]
    for owner, _, _ in args.option:
        if owner not in names:
            sys.exit(f"--option for '{owner}': no engine has that name")
    engines = []
    for name, command in args.engine:
        engine = chess.engine.SimpleEngine.popen_uci(command.split())
        options = {k: v for k, v in {"Threads": 1, "Hash": 64}.items() if k in engine.options}
        options.update({option: value for owner, option, value in args.option if owner == name})
        engine.configure(options)
        engines.append((name, engine))
    found = {name: 0 for name, _ in engines}
    best = {name: 0 for name, _ in engines}
    try:
        for index, (board, mate) in enumerate(positions):
            # Take turns: the first engine of each position alternates.
            order = engines if index % 2 == 0 else engines[::-1]
            line = []
            for name, engine in order:
                engine.protocol.send_line("ucinewgame")
                info = engine.analyse(board, limit)
                score = info["score"].relative
                moves = score.mate()
                ok = moves is not None and (moves > 0) == (mate > 0)
                found[name] += ok
                best[name] += ok and moves == mate
                line.append(f"{name} {score}")
            print(f"{index + 1:4} {board.fen()} #{mate}: {', '.join(line)}", flush=True)
    finally:
        for _, engine in engines:
            engine.quit()
    total = len(positions)
    for name, _ in engines:
        print(f"{name}: {found[name]} of {total} mates found, {best[name]} the shortest ({budget} each)")


if __name__ == "__main__":
    main()
