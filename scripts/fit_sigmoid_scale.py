#!/usr/bin/env python3
"""Fit the sigmoid scale K of `ladya train --sigmoid-scale` to a training-data file.

K is the evaluation (in the game's units) at which a side's expected score is
1/(1 + e^-1), about 73%. This script reads a `ladya datagen` file (format in
crates/ladya-nnue/src/data.rs), and finds by a one-dimensional search the K for
which sigma(score / K) best predicts the games' results (least squares), from
White's view, over every position.

    python3 scripts/fit_sigmoid_scale.py DATA [DATA...]
"""
import math
import struct
import sys


def read_samples(path):
    """Yields (score, white's result 0/0.5/1) for each position of a data file."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"LADYDATA":
        sys.exit(f"{path}: not a Ladya training-data file")
    version = struct.unpack_from("<I", data, 8)[0]
    if version not in (1, 2):
        sys.exit(f"{path}: data format version {version}, not 1 or 2")
    squares = struct.unpack_from("<H", data, 20)[0]
    at = 8 + 4 + 8 + 2 + 1 + squares
    while at + 4 <= len(data):
        (count,) = struct.unpack_from("<I", data, at)
        at += 4
        for _ in range(count):
            fixed = 5 if version == 1 else 7  # format 2 adds the move number (u16)
            if at + fixed > len(data):
                return
            _side, result, score = struct.unpack_from("<BBh", data, at)
            pieces = data[at + fixed - 1]
            at += fixed + 2 * pieces
            yield score, result / 2.0


def sigmoid(x):
    return 1.0 / (1.0 + math.exp(-x)) if x >= 0 else 1.0 - 1.0 / (1.0 + math.exp(x))


def loss(samples, k):
    return sum((sigmoid(s / k) - r) ** 2 for s, r in samples) / len(samples)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    samples = [s for path in sys.argv[1:] for s in read_samples(path)]
    if not samples:
        sys.exit("no positions")
    lo, hi = 10.0, 5000.0
    for _ in range(60):  # golden-section search on log K
        a = math.exp(math.log(lo) + (math.log(hi) - math.log(lo)) * 0.382)
        b = math.exp(math.log(lo) + (math.log(hi) - math.log(lo)) * 0.618)
        if loss(samples, a) < loss(samples, b):
            hi = b
        else:
            lo = a
    k = (lo + hi) / 2
    print(f"{len(samples)} positions: K = {k:.0f} (mean squared error {loss(samples, k):.4f})")


if __name__ == "__main__":
    main()
