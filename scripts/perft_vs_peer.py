#!/usr/bin/env python3
"""Times `ladya perft` against a peer engine's UCI `go perft`, alternating runs on one machine.

Each round runs, in turn: ladya, the peer's perft, and the peer with `go perft 0` (its start-up
cost, subtracted from its perft time). Prints the median of each and the nodes-per-second ratio.

  scripts/perft_vs_peer.py chess 6
  scripts/perft_vs_peer.py chess 5 --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
  scripts/perft_vs_peer.py xiangqi 5 --peer /usr/games/fairy-stockfish
"""

import argparse
import statistics
import subprocess
import time

DEFAULT_PEERS = {"chess": "/usr/games/stockfish", "xiangqi": "/usr/games/fairy-stockfish"}


def timed(cmd, stdin_text=None):
    start = time.perf_counter()
    out = subprocess.run(cmd, input=stdin_text, capture_output=True, text=True, check=True).stdout
    return time.perf_counter() - start, out


def nodes_of(output):
    for line in reversed(output.splitlines()):
        if line.startswith("Nodes searched:"):
            return int(line.split(":")[1])
    raise SystemExit("no 'Nodes searched' line in:\n" + output)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=sorted(DEFAULT_PEERS))
    ap.add_argument("depth", type=int)
    ap.add_argument("--fen")
    ap.add_argument("--peer", help="peer engine binary (default: Stockfish for chess, Fairy-Stockfish for xiangqi)")
    ap.add_argument("--ladya", default="target/release/ladya")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    peer = args.peer or DEFAULT_PEERS[args.game]

    ladya_cmd = [args.ladya, "perft", args.game, str(args.depth)] + (["--fen", args.fen] if args.fen else [])
    setup = "setoption name UCI_Variant value xiangqi\n" if args.game == "xiangqi" else ""
    setup += f"position fen {args.fen}\n" if args.fen else "position startpos\n"
    peer_perft = setup + f"go perft {args.depth}\nquit\n"
    peer_idle = setup + "go perft 0\nquit\n"

    ours, theirs, idle = [], [], []
    nodes = None
    for _ in range(args.rounds):
        t, out = timed(ladya_cmd)
        ours.append(t)
        nodes = nodes_of(out)
        t, out = timed([peer], peer_perft)
        theirs.append(t)
        if nodes_of(out) != nodes:
            raise SystemExit(f"node counts differ: ladya {nodes}, peer {nodes_of(out)}")
        idle.append(timed([peer], peer_idle)[0])

    ladya_s = statistics.median(ours)
    peer_s = statistics.median(theirs) - statistics.median(idle)
    print(f"positions: {args.game} depth {args.depth} {args.fen or 'start'}; {nodes} nodes; {args.rounds} alternating rounds")
    print(f"ladya: {ladya_s:.3f} s  {nodes / ladya_s / 1e6:.1f} Mnps")
    print(f"peer:  {peer_s:.3f} s  {nodes / peer_s / 1e6:.1f} Mnps  ({peer}, start-up {statistics.median(idle):.3f} s subtracted)")
    print(f"ratio: {peer_s / ladya_s:.2f}x")


if __name__ == "__main__":
    main()
