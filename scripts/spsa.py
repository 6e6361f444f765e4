#!/usr/bin/env python3
"""Tune the search's numbers by SPSA, with `ladya match` playing the games.

The numbers, their ranges and steps come from `ladya tune-params` (OpenBench's SPSA form).
Each iteration k perturbs every number by +-c_k at random, plays one game pair (one opening,
both colours) of the engine with the numbers moved up against it with them moved down, and moves
every number by a_k / c_k * (wins - losses) in the direction of the winning side, with the
schedule of Fishtest and OpenBench (alpha 0.602, gamma 0.101, A a tenth of the iterations; the
step c_end and the rate r_end as `ladya tune-params` gives them). Pairs run `--concurrency` at a
time. The state is written to `--state` after every pair, and a run given the same file goes on
from where it stopped.

    python3 scripts/spsa.py --ladya target/release/ladya --game chess --iterations 20000 \\
        --nodes 25000 --state spsa-chess.json --concurrency 2

At a fixed node count the clock's numbers (`Tm...`) play no part and are left out unless
`--params` names them. `--params A,B` tunes only those. The last line printed, and the state's
`"values"`, are the tuned numbers, rounded, as `setoption` takes them; its `"games"` counts the
wins, losses and draws of the side with the numbers moved up.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ALPHA = 0.602
GAMMA = 0.101
SCORE = re.compile(r"^Score of \S+ vs \S+: (\d+) - (\d+) - (\d+)", re.M)


def read_table(ladya, game):
    """[(name, value, min, max, c_end, r_end)] from `ladya tune-params GAME`: the values the game uses."""
    out = subprocess.run([ladya, "tune-params", game], capture_output=True, text=True, check=True).stdout
    table = []
    for line in out.splitlines():
        fields = [f.strip() for f in line.split(",")]
        if len(fields) != 7 or fields[1] != "int":
            sys.exit(f"ladya tune-params: unexpected line '{line}'")
        name, _, default, low, high, c_end, r_end = fields
        table.append((name, int(default), int(low), int(high), float(c_end), float(r_end)))
    return table


def load_state(path, table, args):
    """The saved run at `path`, or a new one from the defaults of `table`."""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            state = json.load(f)
        if state["game"] != args.game or state["iterations"] != args.iterations:
            sys.exit(f"{path}: a run of {state['game']} over {state['iterations']} iterations; give the same --game and --iterations")
        return state
    wanted = set(args.params.split(",")) if args.params else None
    params = {}
    for name, default, low, high, c_end, r_end in table:
        if wanted is None and name.startswith("Tm") and args.nodes:
            continue
        if wanted is not None and name not in wanted:
            continue
        params[name] = {"theta": float(default), "min": low, "max": high, "c_end": c_end, "r_end": r_end}
    if wanted is not None and wanted - params.keys():
        sys.exit(f"--params: unknown {', '.join(sorted(wanted - params.keys()))}")
    return {"game": args.game, "iterations": args.iterations, "done": 0, "games": [0, 0, 0], "params": params}


def save_state(path, state):
    state["values"] = {name: round(p["theta"]) for name, p in state["params"].items()}
    temporary = path + ".part"
    with open(temporary, "w", encoding="utf-8") as f:
        json.dump(state, f, indent=1)
    os.replace(temporary, path)


def play_pair(args, k, plus, minus):
    """Wins minus losses of the engine with `plus` against the one with `minus` over a pair."""
    def engine(name, values):
        return ["--engine", f"cmd={args.ladya}", f"name={name}"] + [f"option.{n}={v}" for n, v in values.items()]

    command = [args.ladya, "match", "--game", args.game, *engine("plus", plus), *engine("minus", minus),
               "--each", "proto=uci", "option.Hash=16", "--games", "2", "--rounds", "1",
               "--openings", f"file={args.openings}", "order=random", f"seed={args.seed * 1_000_003 + k}"]
    command += ["--nodes", str(args.nodes)] if args.nodes else ["--tc", args.tc, "--timemargin", "100"]
    run = subprocess.run(command, capture_output=True, text=True)
    found = SCORE.findall(run.stdout)
    if run.returncode != 0 or not found:
        sys.exit(f"ladya match failed ({run.returncode}): {run.stderr.strip() or run.stdout[-500:]}")
    wins, losses, draws = map(int, found[-1])
    return wins, losses, draws


def perturbation(state, k, rng):
    """The step sizes c_k, a_k and each number's sign for iteration k (from 1)."""
    n = state["iterations"]
    big_a = n / 10
    moves = {}
    for name, p in state["params"].items():
        c = p["c_end"] * n**GAMMA
        a_end = p["r_end"] * p["c_end"] ** 2
        a = a_end * (big_a + n) ** ALPHA
        c_k = c / k**GAMMA
        a_k = a / (big_a + k) ** ALPHA
        moves[name] = (c_k, a_k, rng.choice((-1, 1)))
    return moves


def clamp(p, value):
    return min(max(value, p["min"]), p["max"])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ladya", default="target/release/ladya")
    parser.add_argument("--game", default="chess", choices=["chess", "xiangqi", "ugolki"])
    parser.add_argument("--iterations", type=int, default=20000, help="game pairs in the whole run")
    parser.add_argument("--nodes", type=int, help="nodes a move (else --tc)")
    parser.add_argument("--tc", default="5+0.05", help="the clock when no --nodes")
    parser.add_argument("--openings", help="EPD openings (default data/openings-GAME.epd)")
    parser.add_argument("--params", help="only these numbers, comma-separated")
    parser.add_argument("--state", required=True, help="JSON file the run is kept in")
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stop-after", type=int, help="stop after this many pairs of this run")
    args = parser.parse_args()
    if args.iterations < 1 or args.concurrency < 1:
        sys.exit("--iterations and --concurrency must be at least 1")
    if args.openings is None:
        args.openings = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", f"openings-{args.game}.epd")
    state = load_state(args.state, read_table(args.ladya, args.game), args)
    if not state["params"]:
        sys.exit("no number to tune")

    this_run = 0
    with ThreadPoolExecutor(args.concurrency) as pool:
        while state["done"] < state["iterations"] and (args.stop_after is None or this_run < args.stop_after):
            batch = []
            for k in range(state["done"] + 1, min(state["done"] + args.concurrency, state["iterations"]) + 1):
                rng = random.Random(args.seed * 7_919 + k)
                moves = perturbation(state, k, rng)
                plus, minus = {}, {}
                for name, (c_k, _, sign) in moves.items():
                    p = state["params"][name]
                    plus[name] = round(clamp(p, p["theta"] + c_k * sign))
                    minus[name] = round(clamp(p, p["theta"] - c_k * sign))
                batch.append((k, moves, pool.submit(play_pair, args, k, plus, minus)))
            for k, moves, future in batch:
                wins, losses, draws = future.result()
                for name, (c_k, a_k, sign) in moves.items():
                    p = state["params"][name]
                    p["theta"] = clamp(p, p["theta"] + a_k / c_k * (wins - losses) * sign)
                state["done"] = k
                state["games"] = [total + new for total, new in zip(state["games"], (wins, losses, draws))]
                this_run += 1
            save_state(args.state, state)
            if state["done"] % 50 < args.concurrency:
                shown = ", ".join(f"{n}={p['theta']:.1f}" for n, p in state["params"].items())
                print(f"pair {state['done']}/{state['iterations']}: {shown}", flush=True)
    values = " ".join(f"{name}={round(p['theta'])}" for name, p in state["params"].items())
    print(f"after {state['done']} pairs: {values}")


if __name__ == "__main__":
    main()
