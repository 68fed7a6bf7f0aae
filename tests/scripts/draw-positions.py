#!/usr/bin/env python3
"""Draws the positions gpsusi labels from two `tune selfplay` files.

The held-out positions are drawn from the last games of the second file, the training
positions are the rest of both files; each set is shuffled with a fixed seed, so whatever part
of a file `tune label` gets through before it is stopped is a random sample of it. A drawn
held-out position that also stands in the training set (the same board, side to move and
hands: an opening both games went through, or the one game the cut splits) is left out, so
the held-out error measures positions the fit has not seen.

Usage: draw-positions.py SELFPLAY1 SELFPLAY2 [--seed 36] [--tail 20000] [--test 6000]
Writes gpsin-t.txt (held out), gpsin-a.txt and gpsin-b.txt (the training positions in two
halves, one for each labelling process) in the current directory.
"""

import argparse
import random


def lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().splitlines()


def key(row):
    """The position of a line without its move number and labels."""
    return " ".join(row.split("\t")[0].split()[:3])


def write(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(row + "\n" for row in rows))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("first")
    ap.add_argument("second")
    ap.add_argument("--seed", type=int, default=36)
    ap.add_argument("--tail", type=int, default=20000, help="held-out lines at the end of SECOND")
    ap.add_argument("--test", type=int, default=6000, help="held-out positions drawn from them")
    args = ap.parse_args()
    first, second = lines(args.first), lines(args.second)
    if args.tail >= len(second):
        ap.error(f"--tail {args.tail}: {args.second} has only {len(second)} lines")
    test = second[-args.tail:]
    train = first + second[: -args.tail]
    random.seed(args.seed)
    random.shuffle(train)
    random.shuffle(test)
    seen = {key(row) for row in train}
    test = [row for row in test[: args.test] if key(row) not in seen]
    half = len(train) // 2
    write("gpsin-t.txt", test)
    write("gpsin-a.txt", train[:half])
    write("gpsin-b.txt", train[half:])
    print(f"{len(train)} training positions, {len(test)} held out")


if __name__ == "__main__":
    main()
