#!/usr/bin/env python3
"""Yonin's static evaluation against a judge's scores, by ply, in the games of a match.

For every game of a `strength usi --records kif` match, `tune records` gives the quiet
positions from ply 16 on with the static evaluation of the build `--tune` belongs to (give a
candidate's own `tune` to see its evaluation); the judge's score of each comes
from a labelled file (`tune label` output: SFEN, score, result). Both are turned to Yonin's
side (the player whose name starts with "yonin" in the KIF header) and averaged over the
games at each of the plies asked for (a game's first position at or after that ply), split
by the game's result. An evaluation that is right on average stays near the judge; one that
the search exploits runs ahead of it (the search steers into the positions it overrates).

Scores are clipped to ±CLIP (a mate score would swamp a mean). A last line sums up the
positions with Yonin to move in a span of plies (--span): what the search chose, as the judge
sees it, and how far the evaluation ran ahead; comparing it between builds' matches against
the same opponent is a quick measure of how well each one comes out of the opening.

Usage: eval-by-ply.py KIF_DIR LABELS.tsv[.xz] [--tune target/release/tune]
                      [--plies 16,20,24,30,40,50,60] [--span 20-40] [--clip 2000]
"""

import argparse
import glob
import lzma
import os
import subprocess
import sys
import tempfile


def open_text(path):
    if path.endswith(".xz"):
        return lzma.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")


def judge_scores(path):
    scores = {}
    with open_text(path) as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            try:
                scores[fields[0]] = int(fields[1])
            except (IndexError, ValueError):
                sys.exit(f"{path}: not a labelled line (SFEN, score, result): {line.strip()!r}")
    return scores


def yonin_side(kif_path):
    """'b' or 'w' for the side Yonin played, or None when neither name is Yonin's."""
    with open(kif_path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("先手：") and line[3:].startswith("yonin"):
                return "b"
            if line.startswith("後手：") and line[3:].startswith("yonin"):
                return "w"
    return None


def game_positions(tune, kif_path, scratch):
    """`tune records` lines of one game: (SFEN, static evaluation, result), side to move's."""
    out = os.path.join(scratch, "game.txt")
    try:
        done = subprocess.run(
            [tune, "records", "--in", kif_path, "--out", out],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
    except OSError as e:
        sys.exit(f"{tune}: {e} (build it: cargo build --release -p yonin-tests --bin tune)")
    if done.returncode != 0:
        sys.exit(f"{kif_path}: tune records failed: {done.stderr.strip()}")
    rows = []
    with open(out, encoding="utf-8") as f:
        for line in f:
            sfen, own, result = line.rstrip("\n").split("\t")
            rows.append((sfen, int(own), float(result)))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kif_dir")
    ap.add_argument("labels")
    ap.add_argument("--tune", default="target/release/tune")
    ap.add_argument("--plies", default="16,20,24,30,40,50,60")
    ap.add_argument("--span", default="20-40")
    ap.add_argument("--clip", type=int, default=2000)
    args = ap.parse_args()
    plies = [int(p) for p in args.plies.split(",")]
    first, last = (int(p) for p in args.span.split("-"))

    def clip(v):
        return max(-args.clip, min(args.clip, v))

    judge = judge_scores(args.labels)
    kifs = sorted(glob.glob(os.path.join(args.kif_dir, "*.kif")))
    if not kifs:
        sys.exit(f"no .kif files in {args.kif_dir}")
    games = []
    with tempfile.TemporaryDirectory() as scratch:
        for kif in kifs:
            side = yonin_side(kif)
            if side is None:
                continue
            rows = []
            for sfen, own, result in game_positions(args.tune, kif, scratch):
                if sfen not in judge:
                    continue
                fields = sfen.split()
                stm, ply = fields[1], int(fields[-1])
                sign = 1 if stm == side else -1
                ours = result if stm == side else 1 - result
                rows.append((ply, clip(sign * own), clip(sign * judge[sfen]), ours, stm == side))
            if rows:
                games.append(rows)
    print(f"{len(games)} games with judged positions (of {len(kifs)} records)")

    def mean(rows, i):
        return sum(r[i] for r in rows) / len(rows) if rows else float("nan")

    print("ply  games  evaluation  judge  gap   | won: games eval judge | lost: games eval judge")
    for p in plies:
        at = [next((r for r in g if r[0] >= p), None) for g in games]
        at = [r for r in at if r is not None]
        if not at:
            continue
        won = [r for r in at if r[3] == 1]
        lost = [r for r in at if r[3] == 0]
        print(
            f"{p:3}  {len(at):5}  {mean(at, 1):10.0f}  {mean(at, 2):5.0f}  "
            f"{mean(at, 1) - mean(at, 2):+5.0f} | {len(won):10} {mean(won, 1):4.0f} "
            f"{mean(won, 2):5.0f} | {len(lost):11} {mean(lost, 1):4.0f} {mean(lost, 2):5.0f}"
        )

    span = [r for g in games for r in g if r[4] and first <= r[0] <= last]
    won = sum(g[0][3] for g in games)
    print(
        f"Yonin to move, plies {first}-{last}: {len(span)} positions, evaluation "
        f"{mean(span, 1):.0f}, judge {mean(span, 2):.0f}, gap {mean(span, 1) - mean(span, 2):+.0f}; "
        f"Yonin scored {won:g} of {len(games)} games"
    )


if __name__ == "__main__":
    main()
