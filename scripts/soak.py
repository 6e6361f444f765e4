#!/usr/bin/env python3
"""soak.py -- a soak test of the ladya engine: many fast games, every game and protocol.

Ladya plays itself: each game is two fresh `ladya` processes, over UCI, XBoard or UCCI (chess:
UCI and XBoard; xiangqi: all three; ugolki: UCI and XBoard), with Threads 1 or 2, on Fischer
clocks kept here. In a third of the games the runner adds traffic a GUI sends: `isready`/`ping`
before a move (which must be answered while the engine waits), `stop` or `?` during a search
(the engine must still move), and `ucinewgame`/`new` at the start.

Legality is checked by rules nobody here wrote where they exist: python-chess for chess and
pyffish (Fairy-Stockfish) for xiangqi; ugolki has no other implementation, so a separate
`ladya` process lists its legal moves (`go perft 1`). A game ends when the side to move has no
legal move, by the game's draw rules (python-chess, pyffish), or after --max-plies.

Counted as failures: a crash (the process ends), an illegal move, a search with no answer, a
move over the clock (beyond --margin-ms). Prints one line per game with --verbose, a summary,
and `SOAK games=N failures=F` last (progress every 50 games on stderr); exits 1 if anything
failed.

Example (the README's figures):
  python3 scripts/soak.py --engine target/release/ladya --games 1002 --concurrency 2 --seed 1
"""

import argparse
import queue
import random
import re
import subprocess
import sys
import threading
import time
from collections import Counter

import chess
import pyffish

START = {
    "chess": chess.STARTING_FEN,
    "xiangqi": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "ugolki": "BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW w 1",
}
PROTOCOLS = {"chess": ["uci", "xboard"], "xiangqi": ["uci", "xboard", "ucci"], "ugolki": ["uci", "xboard"]}


class Failure(Exception):
    """A game lost to the engine's fault: the kind and the details."""

    def __init__(self, kind, detail):
        super().__init__(f"{kind}: {detail}")
        self.kind = kind


class Engine:
    """One ladya process and its output, read in a thread."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, text):
        try:
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise Failure("crash", f"the engine closed its input before '{text}'")

    def expect(self, want, seconds):
        """The first line satisfying `want` within `seconds`."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Failure("no answer", f"nothing matching within {seconds:.1f} s")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise Failure("crash", f"the engine exited (status {self.proc.wait()})")
            if want(line):
                return line

    def close(self):
        try:
            self.send("quit")
        except Failure:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Referee:
    """The legal moves of a position: python-chess, pyffish, or ladya for ugolki."""

    def __init__(self, game, path):
        self.game = game
        self.ladya = Engine(path) if game == "ugolki" else None
        if self.ladya:
            self.ladya.send("uci")
            self.ladya.send("setoption name UCI_Variant value ugolki")

    def legal(self, moves):
        """Legal moves after `moves` from the start, in UCI form (xiangqi ranks 1-10)."""
        if self.game == "chess":
            board = chess.Board()
            for m in moves:
                board.push_uci(m)
            return [m.uci() for m in board.legal_moves]
        if self.game == "xiangqi":
            return pyffish.legal_moves("xiangqi", START["xiangqi"], moves)
        self.ladya.send(f"position startpos moves {' '.join(moves)}".rstrip())
        self.ladya.send("go perft 1")
        legal = []
        while True:
            line = self.ladya.expect(lambda l: ":" in l, 10)
            if line.startswith("Nodes searched"):
                return legal
            legal.append(line.split(":")[0])

    def drawn(self, moves):
        """Whether a draw rule ends the game here (repetition, fifty or sixty moves)."""
        if self.game == "chess":
            board = chess.Board()
            for m in moves:
                board.push_uci(m)
            return board.is_insufficient_material() or board.can_claim_draw()
        if self.game == "xiangqi":
            return pyffish.is_optional_game_end("xiangqi", START["xiangqi"], moves)[0]
        return False

    def close(self):
        if self.ladya:
            self.ladya.close()


def engine_move(text, game, protocol):
    """An engine's move in the canonical UCI form (xiangqi: ranks 1-10)."""
    if game == "xiangqi" and protocol != "uci":
        return shift_ranks(text, 1)
    return text


def to_engine(move, game, protocol):
    """A canonical move as the engine reads it (xiangqi over XBoard and UCCI: ranks 0-9)."""
    if game == "xiangqi" and protocol != "uci":
        return shift_ranks(move, -1)
    return move


def shift_ranks(move, by):
    """A xiangqi move with both ranks moved by `by` (`h3e3` <-> `h2e2`)."""
    parts = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", move)
    if not parts:
        return move
    f1, r1, f2, r2 = parts.groups()
    return f"{f1}{int(r1) + by}{f2}{int(r2) + by}"


class Player:
    """One side of a game: an engine speaking one protocol."""

    def __init__(self, path, game, protocol, threads, traffic, rng):
        self.engine = Engine(path)
        self.game, self.protocol, self.traffic, self.rng = game, protocol, traffic, rng
        self.pings = 0
        send = self.engine.send
        if protocol == "uci":
            send("uci")
            self.engine.expect(lambda l: l == "uciok", 20)
            send(f"setoption name UCI_Variant value {game}")
            send(f"setoption name Threads value {threads}")
            send("setoption name Hash value 16")
            if traffic:
                send("ucinewgame")
            send("isready")
            self.engine.expect(lambda l: l == "readyok", 20)
        elif protocol == "xboard":
            send("xboard")
            send("protover 2")
            self.engine.expect(lambda l: l == "feature done=1", 20)
            send("new")
            send(f"variant {'normal' if game == 'chess' else game}")
            send(f"cores {threads}")
            send("memory 16")
            send("force")
            send("post")
            self.ping()
        else:
            send("ucci")
            self.engine.expect(lambda l: l == "ucciok", 20)
            send("setoption usemillisec true")
            send(f"setoption threads {threads}")
            send("setoption hashsize 16")
            send("isready")
            self.engine.expect(lambda l: l == "readyok", 20)

    def ping(self):
        self.pings += 1
        n = self.pings
        self.engine.send(f"ping {n}")
        self.engine.expect(lambda l: l == f"pong {n}", 10)

    def told(self, move):
        """The opponent played `move` (XBoard engines follow the game move by move)."""
        if self.protocol == "xboard":
            self.engine.send(f"usermove {to_engine(move, self.game, self.protocol)}")

    def think(self, moves, clocks, side, inc, stats):
        """The engine's move after `moves`, and the seconds it took."""
        send, mine, theirs = self.engine.send, clocks[side], clocks[1 - side]
        ms = lambda s: max(0, int(s * 1000))
        if self.traffic and self.rng.random() < 0.3:
            stats["isready/ping"] += 1
            if self.protocol == "xboard":
                self.ping()
            else:
                send("isready")
                self.engine.expect(lambda l: l == "readyok", 10)
        if self.protocol == "uci":
            text = " ".join(to_engine(m, self.game, self.protocol) for m in moves)
            send(f"position startpos moves {text}".rstrip())
            white, black = (mine, theirs) if side == 0 else (theirs, mine)
            send(f"go wtime {ms(white)} btime {ms(black)} winc {ms(inc)} binc {ms(inc)}")
        elif self.protocol == "ucci":
            text = " ".join(to_engine(m, self.game, self.protocol) for m in moves)
            send(f"position startpos moves {text}".rstrip())
            send(f"go time {ms(mine)} increment {ms(inc)} opptime {ms(theirs)} oppincrement {ms(inc)}")
        else:
            send(f"time {int(mine * 100)}")
            send(f"otim {int(theirs * 100)}")
            send("go")
        started = time.monotonic()
        if self.traffic and self.rng.random() < 0.1:
            time.sleep(self.rng.random() * min(0.05, mine / 4))
            stats["stop"] += 1
            send("?" if self.protocol == "xboard" else "stop")
        prefix = "move " if self.protocol == "xboard" else "bestmove"
        line = self.engine.expect(lambda l: l.startswith(prefix), mine + 3)
        used = time.monotonic() - started
        if self.protocol == "xboard":
            send("force")
        words = line.split()
        if len(words) < 2 or words[1] == "(none)":
            raise Failure("no move", line)
        return engine_move(words[1], self.game, self.protocol), used

    def close(self):
        self.engine.close()


def play(args, index):
    """Plays game `index`; returns (game, protocols, threads, traffic, result, failure, stats)."""
    rng = random.Random(args.seed * 1_000_003 + index)
    game = ["chess", "xiangqi", "ugolki"][index % 3]
    protocols = [rng.choice(PROTOCOLS[game]) for _ in range(2)]
    threads = 1 + (index // 3) % 2
    traffic = index % 3 == (index // 3) % 3
    base, inc = args.clock
    stats = Counter()
    referee = Referee(game, args.engine)
    players = []
    failure, result = None, "draw (length)"
    try:
        players = [Player(args.engine, game, p, threads, traffic, rng) for p in protocols]
        moves = []
        for _ in range(rng.randint(2, 6)):
            legal = referee.legal(moves)
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
            for p in players:
                p.told(moves[-1])
        clocks = [base, base]
        max_plies = args.max_plies if game != "ugolki" else 170
        while len(moves) < max_plies:
            legal = referee.legal(moves)
            side = len(moves) % 2
            if not legal:
                result = "ended (no legal move)"
                break
            if referee.drawn(moves):
                result = "draw (rule)"
                break
            try:
                move, used = players[side].think(moves, clocks, side, inc, stats)
            except Failure as f:
                raise Failure(f.kind, f"{protocols[side]} side {side}: {f}")
            if move not in legal:
                raise Failure("illegal move", f"{move} by {protocols[side]} after {' '.join(moves)}")
            stats["moves"] += 1
            stats["late"] += used > clocks[side]
            if used > clocks[side] + args.margin_ms / 1000:
                raise Failure("time loss", f"{used:.3f} s with {clocks[side]:.3f} s on the clock")
            clocks[side] = max(0.0, clocks[side] - used) + inc
            moves.append(move)
            for p in players:
                p.told(move)
    except Failure as f:
        failure = f
    finally:
        for p in players:
            p.close()
        referee.close()
    return game, protocols, threads, traffic, result, failure, stats


def parse_clock(text):
    base, _, inc = text.partition("+")
    return float(base), float(inc or 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", default="target/release/ladya")
    ap.add_argument("--games", type=int, default=1002)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--clock", type=parse_clock, default=(2.0, 0.02), help="BASE+INC seconds (2+0.02)")
    ap.add_argument("--margin-ms", type=float, default=100.0, help="lateness forgiven beyond the clock")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()

    started = time.monotonic()
    indices = queue.Queue()
    for i in range(args.games):
        indices.put(i)
    results, lock = [], threading.Lock()

    def worker():
        while True:
            try:
                i = indices.get_nowait()
            except queue.Empty:
                return
            outcome = play(args, i)
            with lock:
                results.append((i, outcome))
                if len(results) % 50 == 0:
                    print(f"{len(results)} games, {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
                if args.verbose or outcome[5]:
                    game, protocols, threads, traffic, result, failure, stats = outcome
                    print(f"game {i}: {game} {'/'.join(protocols)} threads {threads}"
                          f"{' traffic' if traffic else ''}: {failure or result} ({stats['moves']} moves)",
                          flush=True)

    workers = [threading.Thread(target=worker) for _ in range(args.concurrency)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()

    failures = Counter()
    per = Counter()
    totals = Counter()
    for _, (game, protocols, threads, traffic, result, failure, stats) in results:
        per[game] += 1
        for p in protocols:
            per[p] += 1
        per[f"threads {threads}"] += 1
        per["with traffic"] += traffic
        totals.update(stats)
        if failure:
            failures[failure.kind] += 1
    elapsed = time.monotonic() - started
    print(f"{len(results)} games in {elapsed:.0f} s: " + ", ".join(f"{k} {v}" for k, v in sorted(per.items()))
          + " (protocols counted per side)")
    print(f"{totals['moves']} moves; traffic: {totals['isready/ping']} isready/ping, {totals['stop']} stop/?; "
          f"{totals['late']} moves past the clock within the {args.margin_ms:.0f} ms margin")
    print("failures: " + (", ".join(f"{k} {v}" for k, v in sorted(failures.items())) or "none"))
    print(f"SOAK games={len(results)} failures={sum(failures.values())}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
