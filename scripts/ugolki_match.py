#!/usr/bin/env python3
"""Ugolki matches between two UCI engines (`UCI_Variant ugolki`), refereed by a third Ladya.

    scripts/ugolki_match.py ENGINE_A ENGINE_B [--openings N] [--movetime MS] [--seed S]

Each opening (N random legal plies from the start, two to four of them) is played twice, each
engine taking White once. The referee (ENGINE_A's binary) lists the legal moves (`go perft 1`)
and reports the position (`d`); a game ends when the referee has no legal move for it (the
result then follows from the rule file's ending rules, below) or on a third repetition.
Prints one line per game and the score of ENGINE_A: wins, draws, losses.
"""

import argparse
import random
import subprocess
import sys

START = "BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW w 1"


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name UCI_Variant value ugolki")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit(f"engine died; last lines: {lines[-5:]}")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def position(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def legal(self, moves):
        self.position(moves)
        self.send("go perft 1")
        return [l.split(":")[0] for l in self.wait("Nodes searched") if ":" in l and not l.startswith("Nodes")]

    def fen(self, moves):
        self.position(moves)
        self.send("d")
        return next(l for l in self.wait("Legal moves:") if l.startswith("Fen:")).split(" ", 1)[1]

    def best(self, moves, movetime):
        self.position(moves)
        self.send(f"go movetime {movetime}")
        return self.wait("bestmove")[-1].split()[1]

    def quit(self):
        self.send("quit")
        self.p.wait()


def squares(placement, letter):
    found = set()
    for row, text in enumerate(placement.split("/")):
        col = 0
        for c in text:
            if c.isdigit():
                col += int(c)
            else:
                if c == letter:
                    found.add((col, 7 - row))
                col += 1
    return found


def result(fen):
    """The result of a finished 12-piece game, by the rule file's ending rules, in order."""
    placement, side, number = fen.split()
    white, black, number = squares(placement, "W"), squares(placement, "B"), int(number)
    white_home = {(f, r) for f in range(4, 8) for r in range(3)}
    black_home = {(7 - f, 7 - r) for f, r in white_home}
    if side == "b":
        return "0-1" if number >= 40 and white & white_home else None
    if number - 1 >= 40 and black & black_home:
        return "1-0"
    black_done, white_done = white_home <= black, black_home <= white
    if black_done and not white_done:
        return "0-1"
    if white_done:
        return "1/2-1/2" if black_done else "1-0"
    if number - 1 >= 80:
        w, b = len(white & black_home), len(black & white_home)
        return "1-0" if w > b else "0-1" if b > w else "1/2-1/2"
    return None


def play(white, black, referee, opening, movetime):
    moves = list(opening)
    seen = {}
    while True:
        fen = referee.fen(moves)
        key = fen.rsplit(" ", 1)[0]
        seen[key] = seen.get(key, 0) + 1
        legal = referee.legal(moves)
        if not legal:
            return result(fen) or "?", moves
        if seen[key] >= 3:
            return "1/2-1/2", moves
        engine = white if fen.split()[1] == "w" else black
        move = engine.best(moves, movetime)
        if move not in legal:
            return ("0-1" if engine is white else "1-0") + f" (illegal {move})", moves
        moves.append(move)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--openings", type=int, default=20)
    ap.add_argument("--movetime", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    a, b, referee = Engine(args.a), Engine(args.b), Engine(args.a)
    rng = random.Random(args.seed)
    score = {"win": 0, "draw": 0, "loss": 0}
    for i in range(args.openings):
        opening = []
        for _ in range(rng.randint(2, 4)):
            opening.append(rng.choice(referee.legal(opening)))
        for a_white in (True, False):
            for e in (a, b):
                e.send("ucinewgame")
            white, black = (a, b) if a_white else (b, a)
            res, moves = play(white, black, referee, opening, args.movetime)
            a_points = {"1-0": 1, "0-1": 0}.get(res[:3], 0.5) if a_white else {"1-0": 0, "0-1": 1}.get(res[:3], 0.5)
            score[{1: "win", 0.5: "draw", 0: "loss"}[a_points]] += 1
            print(f"game {2 * i + (0 if a_white else 1) + 1}: A {'white' if a_white else 'black'} "
                  f"{res} in {len(moves)} plies; opening {' '.join(opening)}", flush=True)
    print(f"A vs B: +{score['win']} ={score['draw']} -{score['loss']}")
    for e in (a, b, referee):
        e.quit()


if __name__ == "__main__":
    main()
