#!/usr/bin/env python3
"""A scripted fake engine for the match runner's tests: fake_engine.py PROTOCOL GAME MODE.

PROTOCOL is uci, xboard or ucci; GAME chess, xiangqi or ugolki. It plays the next move of a
fixed line (chess: fool's mate; xiangqi and ugolki: a piece out and back until the position
repeats a third time), whichever side it has, in the protocol's move form. MODE says how it
misbehaves on each of its moves:

  good         plays the line
  illegal      plays a move that is not legal
  crash        exits without a word
  hang         never answers
  slow         answers after 0.6 s
  unsolicited  also says 'bestmove'/'move' with an illegal move as soon as it gets a position
  refuse       (xboard) answers the opponent's move with 'Illegal move'
  claim        (xboard) claims a win instead of moving
  resign       resigns
"""

import sys
import time

LINES = {
    "chess": ["f2f3", "e7e5", "g2g4", "d8h4"],
    "xiangqi": ["h0g2", "h9g7", "g2h0", "g7h9"] * 2,
    "ugolki": ["e1d1", "d6d5", "d1e1", "d5d6"] * 2,
}
ILLEGAL = {"chess": "e2e5", "xiangqi": "a0a5", "ugolki": "h1a8"}


def ranks_from_one(move):
    """ICCS ranks 0-9 as UCI writes them, 1-10."""
    return move[0] + str(int(move[1]) + 1) + move[2] + str(int(move[3:]) + 1)


def main():
    protocol, game, mode = sys.argv[1:4]
    line = LINES[game]
    if game == "xiangqi" and protocol == "uci":
        line = [ranks_from_one(m) for m in line]
    illegal = ILLEGAL[game]
    ply = 0

    def say(text):
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def move_text(answer):
        return f"move {answer}" if protocol == "xboard" else f"bestmove {answer}"

    def answer_go():
        nonlocal ply
        bad = mode
        if bad == "crash":
            sys.exit(3)
        if bad == "hang":
            return
        if bad == "slow":
            time.sleep(0.6)
        if bad == "illegal":
            return say(move_text(illegal))
        if bad == "claim":
            return say("1-0 {White mates}")
        if bad == "resign":
            return say("resign" if protocol == "xboard" else f"bestmove {line[ply]} resign")
        say("info depth 3 score cp 12 pv " + line[ply] if protocol != "xboard" else "3 12 5 100 " + line[ply])
        say(move_text(line[ply]))
        ply += 1

    for text in sys.stdin:
        words = text.split()
        if not words:
            continue
        command = words[0]
        if command == "uci":
            say("id name Fake")
            say("option name UCI_Variant type combo default chess var chess var xiangqi var ugolki")
            say("uciok")
        elif command == "ucci":
            say("id name Fake")
            say("ucciok")
        elif command == "protover":
            say('feature ping=1 setboard=1 usermove=1 myname="Fake" variants="normal,xiangqi,ugolki" done=1')
        elif command == "isready":
            say("readyok")
        elif command == "ping":
            say("pong " + words[1])
        elif command == "position":
            ply = len(words) - words.index("moves") - 1 if "moves" in words else 0
            if mode == "unsolicited":
                say(move_text(illegal))
        elif command == "new":
            ply = 0
        elif command == "usermove":
            if mode == "refuse":
                say(f"Illegal move: {words[1]}")
                continue
            ply += 1
            if mode == "unsolicited":
                say(move_text(illegal))
        elif command == "go":
            answer_go()
        elif command == "quit":
            return


if __name__ == "__main__":
    main()
