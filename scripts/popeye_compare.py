#!/usr/bin/env python3
"""Ladya's solver against Popeye on help-, self- and series-mates, solution set by solution set.

    python3 scripts/popeye_compare.py generate --stip h#2 --count 200 --seed 1 --out data/popeye/h2.epd \
        --popeye /path/to/py --ladya target/release/ladya
    python3 scripts/popeye_compare.py compare data/popeye/h2.epd --popeye /path/to/py --ladya target/release/ladya

`generate` makes random positions with few pieces (python-chess checks they are legal, with no
castling and no en passant), keeps three quarters with 1 to 12 solutions or keys by Ladya and a
quarter with none, has Popeye solve them all, and writes one EPD line per problem with Popeye's answer:
`FEN ; stip h#2; solutions m1 m2 m3 m4 | ...;` (help and series play: every solution, moves in
UCI form, sorted) or `FEN ; stip s#2; keys k1 k2;` (self- and reflexmates). `compare` solves a
file with both programs again, times each (CPU seconds of the child process), and reports every problem where the answers
differ.
Ladya's tests read the files (crates/ladya-solver/tests/solver/popeye.rs).

Popeye's side to move is fixed by the stipulation (Black starts a helpmate, White an h#N.5, a
selfmate and a series mate; Black plays a series helpmate), so the FENs are made that way.
"""

import argparse
import random
import resource
import re
import subprocess
import sys
import tempfile

import chess

POPEYE_LETTER = {chess.KING: "K", chess.QUEEN: "Q", chess.ROOK: "R", chess.BISHOP: "B", chess.KNIGHT: "S", chess.PAWN: "P"}
PROMOTION = {"Q": "q", "R": "r", "B": "b", "S": "n"}
MOST_ANSWERS = 12
MOVE = re.compile(r"(?:[KQRBSP])?([a-h][1-8])[-*]([a-h][1-8])(?:=([QRBS]))?|(0-0-0|0-0)")


def cpu_seconds():
    """CPU time of the finished child processes, user and system: on a shared machine a fairer
    clock than the wall (both programs are single-threaded here)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def starter(stip):
    """The side to move Popeye gives the stipulation."""
    if stip.startswith("h#") and not stip.endswith(".5"):
        return chess.BLACK
    if stip.startswith("ser-h#"):
        return chess.BLACK
    return chess.WHITE


def cooperative(stip):
    return stip.startswith("h#") or stip.startswith("ser-")


def random_position(rng, stip):
    """A legal position with both kings and 2-5 other pieces, no pawn on a back rank; for self-
    and reflexmates, White's king is shut in a corner behind its pawns (random positions almost
    never hold a selfmate: none in 20,000 without it)."""
    if stip[0] in "sr":
        return cornered_position(rng)
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), 7)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        count = rng.randint(2, 5)
        for square in squares[2 : 2 + count]:
            kind = rng.choice([chess.QUEEN, chess.ROOK, chess.ROOK, chess.BISHOP, chess.BISHOP, chess.KNIGHT, chess.KNIGHT, chess.PAWN, chess.PAWN, chess.PAWN])
            if kind == chess.PAWN and chess.square_rank(square) in (0, 7):
                continue
            # Selfmates need a defender with the pieces to mate: give Black more of them.
            white_share = 0.4 if stip[0] in "sr" else 0.6
            board.set_piece_at(square, chess.Piece(kind, rng.random() < white_share))
        board.turn = starter(stip)
        board.castling_rights = 0
        if board.is_valid() and not board.is_game_over():
            return board


def cornered_position(rng):
    """White: Kh1, Pg2, Ph2 and 1-4 pieces; Black: the king and 1-3 pieces; mirrored half the time."""
    while True:
        board = chess.Board(None)
        for square, kind in ((chess.H1, chess.KING), (chess.G2, chess.PAWN), (chess.H2, chess.PAWN)):
            board.set_piece_at(square, chess.Piece(kind, chess.WHITE))
        free = [s for s in range(64) if board.piece_at(s) is None]
        squares = rng.sample(free, 8)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.BLACK))
        black = rng.randint(1, 3)
        for i, square in enumerate(squares[1 : 2 + black + rng.randint(0, 3)]):
            color = chess.BLACK if i < black else chess.WHITE
            kind = rng.choice([chess.QUEEN, chess.ROOK, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN])
            if kind == chess.PAWN and chess.square_rank(square) in (0, 7):
                continue
            board.set_piece_at(square, chess.Piece(kind, color))
        if rng.random() < 0.5:
            board = board.transform(chess.flip_horizontal)
        board.turn = chess.WHITE
        board.castling_rights = 0
        if board.is_valid() and not board.is_game_over():
            return board


def popeye_input(boards, stip):
    parts = []
    for board in boards:
        pieces = {chess.WHITE: [], chess.BLACK: []}
        for square, piece in board.piece_map().items():
            pieces[piece.color].append(POPEYE_LETTER[piece.piece_type] + chess.square_name(square))
        parts.append(
            "Pieces\nWhite " + " ".join(sorted(pieces[chess.WHITE])) + "\nBlack " + " ".join(sorted(pieces[chess.BLACK]))
            + f"\nStipulation {stip}\nOption NoBoard\n"
        )
    return "BeginProblem\n" + "NextProblem\n".join(parts) + "EndProblem\n"


def popeye_answers(popeye, boards, stip):
    """Popeye's answer per board (sorted solutions or keys), and its time in seconds."""
    with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False) as f:
        f.write(popeye_input(boards, stip))
        path = f.name
    started = cpu_seconds()
    out = subprocess.run([popeye, path], capture_output=True, text=True, check=True).stdout
    seconds = cpu_seconds() - started
    blocks = out.split("solution finished.")[:-1]
    if len(blocks) != len(boards):
        sys.exit(f"Popeye answered {len(blocks)} problems of {len(boards)}")
    return [parse_popeye(block, board, stip) for block, board in zip(blocks, boards)], seconds


def parse_popeye(block, board, stip):
    answers = set()
    for line in block.splitlines():
        line = line.strip()
        if not line.startswith("1."):
            continue
        if cooperative(stip):
            answers.add(" ".join(line_moves(line, board, stip)))
        elif "!" in line.split("threat")[0] and "?" not in line:
            answers.add(line_moves(line.split("!")[0], board, stip)[0])
    return sorted(answers)


def line_moves(text, board, stip):
    """The UCI moves of a Popeye line, replayed on `board` (series: the other side passes)."""
    board = board.copy()
    moves = []
    tokens = [m for m in MOVE.finditer(text)]
    series = stip.startswith("ser-")
    series_moves = int(re.search(r"(\d+)", stip).group(1)) if series else 0
    for i, token in enumerate(tokens):
        if token.group(4):
            rank = "1" if board.turn == chess.WHITE else "8"
            uci = ("e" + rank + ("c" if token.group(4) == "0-0-0" else "g") + rank)
        else:
            uci = token.group(1) + token.group(2) + PROMOTION.get(token.group(3) or "", "")
        move = chess.Move.from_uci(uci)
        moves.append(uci)
        board.push(move)
        if series and i + 1 < series_moves:
            board.push(chess.Move.null())
    return moves


def ladya_answers(ladya, fens, stip):
    with tempfile.NamedTemporaryFile("w", suffix=".epd", delete=False) as f:
        for fen in fens:
            f.write(f"{fen} stip {stip};\n")
        path = f.name
    started = cpu_seconds()
    out = subprocess.run([ladya, "solve", "chess", "--epd", path], capture_output=True, text=True, check=True).stdout
    seconds = cpu_seconds() - started
    answers = []
    for line in out.splitlines():
        _, answer = line.split(" ; ", 1)
        word, _, rest = answer.partition(" ")
        parts = rest.split(" | ") if word == "solutions" else rest.split()
        answers.append(sorted(p for p in parts if p))
    return answers, seconds


def epd_line(fen, stip, answers):
    word = "solutions" if cooperative(stip) else "keys"
    joined = " | ".join(answers) if cooperative(stip) else " ".join(answers)
    return f"{fen} ; stip {stip}; {word} {joined};".replace(f"{word} ;", f"{word};")


def generate(args):
    rng = random.Random(args.seed)
    kept, empty = [], []
    tried = 0
    while len(kept) < args.count * 3 // 4 and tried < args.count * args.patience:
        batch = [random_position(rng, args.stip) for _ in range(200)]
        tried += len(batch)
        fens = [" ".join(b.fen().split()[:4]) for b in batch]
        answers, _ = ladya_answers(args.ladya, fens, args.stip)
        for board, answer in zip(batch, answers):
            # Problem-like positions: a few solutions, not hundreds (they also keep the files small).
            if 0 < len(answer) <= MOST_ANSWERS:
                kept.append(board)
            elif not answer:
                empty.append(board)
    boards = kept[: args.count * 3 // 4] + empty[: args.count - min(len(kept), args.count * 3 // 4)]
    popeye, seconds = popeye_answers(args.popeye, boards, args.stip)
    with open(args.out, "w") as f:
        f.write(f"# {args.stip}: {len(boards)} random positions (seed {args.seed}), answers by Popeye; scripts/popeye_compare.py\n")
        for board, answer in zip(boards, popeye):
            f.write(epd_line(" ".join(board.fen().split()[:4]), args.stip, answer) + "\n")
    print(f"{args.out}: {len(boards)} problems, {sum(1 for a in popeye if a)} with an answer; Popeye {seconds:.2f} s")


def compare(args):
    problems = []
    for line in open(args.file):
        if line.startswith("#") or not line.strip():
            continue
        fen, ops = line.split(" ; ", 1)
        stip = re.search(r"stip (\S+);", ops).group(1)
        problems.append((fen, stip))
    stips = sorted({s for _, s in problems})
    failures = 0
    for stip in stips:
        fens = [f for f, s in problems if s == stip]
        boards = [chess.Board(f + " 0 1") for f in fens]
        popeye, popeye_seconds = popeye_answers(args.popeye, boards, stip)
        ladya, ladya_seconds = ladya_answers(args.ladya, fens, stip)
        for fen, p, l in zip(fens, popeye, ladya):
            if p != l:
                failures += 1
                print(f"DIFFER {fen} {stip}\n  popeye {p}\n  ladya  {l}")
        same = len(fens) - failures
        print(f"{stip}: {len(fens)} problems, {same} the same; Popeye {popeye_seconds:.3f} s, Ladya {ladya_seconds:.3f} s, {popeye_seconds / max(ladya_seconds, 1e-9):.1f}x")
    sys.exit(1 if failures else 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--stip", required=True)
    g.add_argument("--count", type=int, default=200)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--patience", type=int, default=400, help="positions tried per problem asked, at most")
    g.add_argument("--out", required=True)
    c = sub.add_parser("compare")
    c.add_argument("file")
    for p in (g, c):
        p.add_argument("--popeye", required=True)
        p.add_argument("--ladya", default="target/release/ladya")
    args = parser.parse_args()
    generate(args) if args.command == "generate" else compare(args)


if __name__ == "__main__":
    main()
