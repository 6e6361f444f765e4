#!/usr/bin/env python3
"""Repeated xiangqi cycles judged by Fairy-Stockfish (pyffish), for `data/xiangqi-repetitions.epd`.

Each line is a position from a random game, a cycle of four moves played there twice (so the
position occurs a third time), and Fairy-Stockfish's verdict on the final position:

  FEN ; moves M1 M2 ... ; result R

Moves are ICCS (ranks 0-9). R is `draw`, `red` or `black` (the winner). Half of the cycles have
the shape of a chase (a piece attacks, the attacked piece steps away, the attacker steps back to
attack it again), so that checks and chases are common. The test
`crates/ladya-xiangqi/tests/xiangqi/repetitions.rs` checks that Ladya's rules give the same verdicts.

  scripts/xiangqi_repetitions.py --count 400 --seed 1 > data/xiangqi-repetitions.epd
"""

import argparse
import random
import re

import pyffish as sf

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def squares(move):
    """The from and to squares of a UCI move (ranks 1-10)."""
    return re.fullmatch(r"([a-i]\d+)([a-i]\d+)", move).groups()


def to_iccs(move):
    """A UCI move with ranks 1-10 in ICCS form (ranks 0-9)."""
    return "".join(f"{s[0]}{int(s[1:]) - 1}" for s in squares(move))


def reverse(move):
    """The move back from where `move` went to where it came from (UCI)."""
    start, end = squares(move)
    return end + start


def is_capture(fen, move):
    """Whether `move` takes a piece in `fen`."""
    after = sf.get_fen("xiangqi", fen, [move])
    count = lambda f: sum(c.isalpha() for c in f.split()[0])
    return count(after) < count(fen)


def targets(fen, moves, square):
    """The squares the piece on `square` could capture on after `moves` from `fen` if its side
    had the turn (the turn is given back by editing the FEN)."""
    after = sf.get_fen("xiangqi", fen, moves).split()
    after[1] = "w" if after[1] == "b" else "b"
    flipped = " ".join(after)
    try:
        moves = sf.legal_moves("xiangqi", flipped, [])
    except Exception:
        return set()
    return {squares(m)[1] for m in moves if squares(m)[0] == square and is_capture(flipped, m)}


def legal_line(fen, line):
    """Whether every move of `line` is legal in turn from `fen`."""
    try:
        return all(line[i] in sf.legal_moves("xiangqi", fen, line[:i]) for i in range(len(line)))
    except Exception:
        return False


def cycle(fen, rng, chasing):
    """Four moves that come back to `fen` (a, b, back a, back b), or None. With `chasing`, a
    piece moves to attack an enemy piece, which steps away, and the attacker steps back to
    attack it again: the shape of a chase (a check when the piece is the general)."""
    moves = [m for m in sf.legal_moves("xiangqi", fen, []) if not is_capture(fen, m)]
    rng.shuffle(moves)
    for a in moves:
        start, end = squares(a)
        attacked = targets(fen, [a], end) if chasing else set()
        if chasing and not attacked:
            continue
        fen_a = sf.get_fen("xiangqi", fen, [a])
        replies = [m for m in sf.legal_moves("xiangqi", fen_a, []) if not is_capture(fen_a, m)]
        if chasing:
            replies = [m for m in replies if squares(m)[0] in attacked]
        rng.shuffle(replies)
        for b in replies:
            line = [a, b, reverse(a), reverse(b)]
            if not legal_line(fen, line):
                continue
            if chasing and squares(b)[1] not in targets(fen, line[:3], start):
                continue
            if sf.get_fen("xiangqi", fen, line).split()[:2] == fen.split()[:2]:
                return line
    return None


def verdict(fen, line):
    """Fairy-Stockfish's result of the position after `line`: draw, red or black, or None if
    the game goes on. A side with no legal move loses (mate or stalemate); otherwise a rule may
    end the game (repetition, perpetual check or chase, the move limit)."""
    if not sf.legal_moves("xiangqi", fen, line):
        ended, score = True, sf.game_result("xiangqi", fen, line)
    else:
        ended, score = sf.is_optional_game_end("xiangqi", fen, line)
        if not ended:
            ended, score = sf.is_immediate_game_end("xiangqi", fen, line)
    if not ended:
        return None
    if score == 0:
        return "draw"
    to_move = sf.get_fen("xiangqi", fen, line).split()[1]
    mover_wins = score > 0
    return "red" if (to_move == "w") == mover_wins else "black"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    made = 0
    while made < args.count:
        fen, plies = START, rng.randrange(6, 60)
        for _ in range(plies):
            moves = sf.legal_moves("xiangqi", fen, [])
            if not moves:
                break
            fen = sf.get_fen("xiangqi", fen, [rng.choice(moves)])
        if not sf.legal_moves("xiangqi", fen, []):
            continue
        line = cycle(fen, rng, chasing=made % 2 == 0)
        if line is None:
            continue
        line = line + line
        result = verdict(fen, line)
        if result is None:
            continue
        print(f"{fen} ; moves {' '.join(to_iccs(m) for m in line)} ; result {result}", flush=True)
        made += 1


if __name__ == "__main__":
    main()
