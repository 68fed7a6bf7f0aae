#!/usr/bin/env python3
# Generator of core/tests/data/perft-standard.txt (golden perft counts for standard shogi).
#
# How to rerun (Python is only needed to regenerate; the tests read the committed .txt):
#   python3 -m venv /opt/cshogi-venv
#   /opt/cshogi-venv/bin/pip install cshogi==1.1.0 python-shogi==1.1.1
#   /opt/cshogi-venv/bin/python core/tests/data/gen_perft.py            # rewrites perft-standard.txt
#   /opt/cshogi-venv/bin/python core/tests/data/gen_perft.py --no-crosscheck   # skip python-shogi
# The output is deterministic (seeded random games); a rerun must give an identical file.
#
# Counts come from cshogi (C++ move generator derived from Apery; its legal_moves yields every
# legal move including all optional non-promotions, and excludes uchifuzume). Independently, every
# depth whose count is at most CROSSCHECK_MAX is recomputed with python-shogi (pure Python,
# separate code base) and must agree, else the script aborts. python-shogi 1.1.1 has one known
# bug found this way: it allows a pawn-drop mate when the only piece able to take the pawn is
# pinned (position "uchifuzume-pinned-defender"); the cross-check filters pawn-drop mates itself.
#
# Uchifuzume: for every position the script also computes the count that a generator would get if
# it wrongly allowed pawn-drop mates (the mated child has no moves, so such a drop only adds a node
# at the last ply). Where the two differ, the comment above the line says so
# ("uchifuzume matters: +N at depth D"); the crafted positions "uchifuzume-*" differ at depth 1.
import argparse
import os
import random
import sys

import cshogi

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "perft-standard.txt")
NODE_LIMIT = 1_500_000       # deepest depth kept for generated / crafted positions stays below this
HANDICAP_LIMIT = 2_000_000   # handicap start positions: depth 4 when below this, else depth 3
CROSSCHECK_MAX = 40_000      # python-shogi is slow: cross-check depths up to this many nodes
MAX_DEPTH = 6

STARTPOS = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
MATSURI = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"

HANDICAPS = [  # docs/rules.md §3, giver (Gote) moves first
    ("lance (香落ち)", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("bishop (角落ち)", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("rook (飛車落ち)", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("rook+lance (飛香落ち)", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("two pieces (二枚落ち)", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("four pieces (四枚落ち)", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("six pieces (六枚落ち)", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("eight pieces (八枚落ち)", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
]

# Hand-made positions (each checked for legality below). (label, sfen, why)
CRAFTED = [
    ("uchifuzume-basic", "8k/6G2/9/7N1/9/9/9/9/K8 b P 1",
     "P*1b would mate (1b guarded by the knight on 2d, 2a/2b by the gold): excluded at depth 1"),
    ("uchifuzume-gote", "8k/9/9/9/9/1n7/9/2g6/K8 w p 1",
     "mirror for Gote: p*9h would mate (9h guarded by the knight on 8f, 8h/8i by the gold)"),
    ("uchifuzume-pinned-defender", "3nkg2R/9/4S4/5N3/9/9/9/9/4K4 b P 1",
     "P*5b would mate only because the gold on 4a that could take it is pinned by the rook on 1a"),
    ("uchifuzume-contrast", "3nkg3/9/4S4/5N3/9/9/9/9/4K4 b RP 1",
     "same without the pin (rook in hand): P*5b is a legal check, the gold can take"),
    ("pawn-drop-check-not-mate", "4k4/9/4+P4/9/9/9/PPPP1PPPP/9/4K4 b P 1",
     "only file 5 is free of Sente pawns (the tokin does not count for nifu); P*5b checks, king escapes"),
    ("double-check-rook-bishop", "k3r4/9/9/9/8b/9/2P6/9/3GK1S2 b RG2P 1",
     "Sente king 5i attacked by the rook on 5a and the bishop on 1e: only king moves, no drops"),
    ("double-check-knight-lance", "k3l4/9/9/9/9/9/5n3/9/4K4 b BGS 1",
     "Sente king 5i attacked by the knight on 4g and the lance on 5a"),
    ("pins", "k3r4/9/9/9/8b/9/9/4GS3/4K4 b P 1",
     "gold 5h pinned on the file by the rook, silver 4h pinned on the diagonal by the bishop"),
    ("forced-promotions", "4k4/6P2/8L/2N6/9/9/9/2p6/4K4 b LNPlnp 1",
     "pawn to 3a, knight to 6b/8b, lance to 1a must promote; no P/L drops on rank a, no N drops on a/b"),
    ("entering-kings-big-hands", "+R7l/2K6/9/9/9/9/9/5k3/L7+r b 2B2G2S2N2L16P2g2s2n 1",
     "both kings in the enemy camp, huge hands, nifu irrelevant (no pawns on the board)"),
    ("checkmated", "8k/6G1G/9/9/9/9/9/9/K7L w - 1",
     "Gote is checkmated: depth 1 = 0"),
    ("no-move-not-in-check", "8k/6G2/9/7N1/9/9/9/9/K8 w - 1",
     "Gote king 1a not in check, every square around it attacked, no other piece and no hand: 0 moves"),
]

# ---------------------------------------------------------------------------------------------
# An independent little attack model on cshogi's piece codes (square = file_index * 9 + rank_index,
# file_index 0 = file 1, rank_index 0 = rank a; codes 1..14 Sente, 17..30 Gote), used for
# legality checks of the crafted positions and for describing features.
P, L, N, S, B, R, G, K, PP, PL, PN, PS, PB, PR = range(1, 15)
GOLDLIKE = (G, PP, PL, PN, PS)
SLIDES = {L: [(0, -1)], B: [(1, 1), (1, -1), (-1, 1), (-1, -1)], R: [(0, 1), (0, -1), (1, 0), (-1, 0)]}
SLIDES[PB] = SLIDES[B]
SLIDES[PR] = SLIDES[R]
STEPS = {
    P: [(0, -1)],
    N: [(1, -2), (-1, -2)],
    S: [(0, -1), (1, -1), (-1, -1), (1, 1), (-1, 1)],
    G: [(0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0), (0, 1)],
    K: [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)],
    PB: [(0, 1), (0, -1), (1, 0), (-1, 0)],
    PR: [(1, 1), (1, -1), (-1, 1), (-1, -1)],
    L: [], B: [], R: [],
}
for t in GOLDLIKE:
    STEPS[t] = STEPS[G]


def piece_color(code):
    return code >> 4


def piece_kind(code):
    return code & 15


def attacks(pieces, sq):
    """Squares attacked by the piece on sq."""
    code = pieces[sq]
    kind, color = piece_kind(code), piece_color(code)
    sign = 1 if color == 0 else -1
    f, r = divmod(sq, 9)
    out = []
    for df, dr in STEPS[kind]:
        nf, nr = f + df, r + dr * sign
        if 0 <= nf < 9 and 0 <= nr < 9:
            out.append(nf * 9 + nr)
    for df, dr in SLIDES.get(kind, []):
        nf, nr = f + df, r + dr * sign
        while 0 <= nf < 9 and 0 <= nr < 9:
            out.append(nf * 9 + nr)
            if pieces[nf * 9 + nr]:
                break
            nf, nr = nf + df, nr + dr * sign
    return out


def attackers(pieces, target, color):
    return [sq for sq in range(81) if pieces[sq] and piece_color(pieces[sq]) == color
            and target in attacks(pieces, sq)]


def king_sq(pieces, color):
    ks = [sq for sq in range(81) if pieces[sq] and piece_kind(pieces[sq]) == K and piece_color(pieces[sq]) == color]
    return ks[0] if len(ks) == 1 else None


def pinned(pieces, color):
    """Squares of `color` pieces pinned against their king."""
    ksq = king_sq(pieces, color)
    kf, kr = divmod(ksq, 9)
    out = []
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if (df, dr) == (0, 0):
                continue
            f, r, own = kf + df, kr + dr, None
            while 0 <= f < 9 and 0 <= r < 9:
                code = pieces[f * 9 + r]
                if code:
                    if piece_color(code) == color:
                        if own is not None:
                            break
                        own = f * 9 + r
                    else:
                        # enemy slider looking back along (-df, -dr) toward the king?
                        kind = piece_kind(code)
                        sign = 1 if piece_color(code) == 0 else -1
                        back = (-df, -dr * sign)
                        if own is not None and back in SLIDES.get(kind, []):
                            out.append(own)
                        break
                f, r = f + df, r + dr
    return out


def validate(board):
    """Raise if the position is not a legal standard-shogi position (for crafted input)."""
    pieces = board.pieces
    counts = {}
    for code in pieces:
        if code:
            base = {PP: P, PL: L, PN: N, PS: S, PB: B, PR: R}.get(piece_kind(code), piece_kind(code))
            counts[base] = counts.get(base, 0) + 1
    # hand order in cshogi: P L N S G B R
    for color in (0, 1):
        for i, kind in enumerate((P, L, N, S, G, B, R)):
            counts[kind] = counts.get(kind, 0) + board.pieces_in_hand[color][i]
    limits = {P: 18, L: 4, N: 4, S: 4, G: 4, B: 2, R: 2, K: 2}
    for kind, n in counts.items():
        assert n <= limits[kind], f"too many of kind {kind}: {n}"
    for color in (0, 1):
        assert king_sq(pieces, color) is not None, "need exactly one king per side"
        for sq in range(81):
            code = pieces[sq]
            if not code or piece_color(code) != color:
                continue
            r = sq % 9 if color == 0 else 8 - sq % 9   # 0 = last rank for this side
            kind = piece_kind(code)
            assert not (kind in (P, L) and r == 0), "pawn/lance on the last rank"
            assert not (kind == N and r <= 1), "knight on the last two ranks"
        for f in range(9):
            pawns = [r for r in range(9) if pieces[f * 9 + r] == (P if color == 0 else P + 16)]
            assert len(pawns) <= 1, "nifu"
    them = 1 - board.turn
    assert not attackers(pieces, king_sq(pieces, them), board.turn), "side not to move is in check"


# ---------------------------------------------------------------------------------------------
def perft(board, depth):
    if depth == 1:
        return len(board.legal_moves)
    n = 0
    for m in list(board.legal_moves):
        board.push(m)
        n += perft(board, depth - 1)
        board.pop()
    return n


def uchifuzume_drops(board):
    """Number of pawn drops that would give mate (0 or 1), i.e. that a correct generator omits."""
    us = board.turn
    if board.pieces_in_hand[us][0] == 0:
        return 0
    pieces = board.pieces
    ksq = board.king_square(1 - us)
    f, r = divmod(ksq, 9)
    r2 = r + 1 if us == 0 else r - 1     # square from which our pawn attacks the king
    if not 0 <= r2 < 9 or pieces[f * 9 + r2]:
        return 0
    mypawn = cshogi.BPAWN if us == 0 else cshogi.WPAWN
    if any(pieces[f * 9 + rr] == mypawn for rr in range(9)):
        return 0   # nifu
    move = board.drop_move(f * 9 + r2, cshogi.PAWN)
    board.push(move)
    after = board.pieces
    self_check = bool(attackers(after, king_sq(after, us), 1 - us))
    mate = (not self_check) and len(board.legal_moves) == 0
    board.pop()
    return 1 if mate else 0


def perft_with_uchifuzume(board, depth):
    if depth == 1:
        return len(board.legal_moves) + uchifuzume_drops(board)
    n = 0
    for m in list(board.legal_moves):
        board.push(m)
        n += perft_with_uchifuzume(board, depth - 1)
        board.pop()
    return n


def python_shogi_moves(board, shogi):
    """python-shogi's legal moves, minus pawn-drop mates: python-shogi 1.1.1 misses uchifuzume when
    the only piece that could take the pawn is pinned (see the crafted position
    "uchifuzume-pinned-defender"), so the cross-check filters pawn drops itself, with
    python-shogi's own is_checkmate()."""
    out = []
    for m in board.legal_moves:
        if m.drop_piece_type == shogi.PAWN:
            k = board.king_squares[board.turn ^ 1]
            if m.to_square == (k + 9 if board.turn == shogi.BLACK else k - 9):
                board.push(m)
                mate = board.is_checkmate()
                board.pop()
                if mate:
                    continue
        out.append(m)
    return out


def perft_python_shogi(board, depth, shogi):
    moves = python_shogi_moves(board, shogi)
    if depth == 1:
        return len(moves)
    n = 0
    for m in moves:
        board.push(m)
        n += perft_python_shogi(board, depth - 1, shogi)
        board.pop()
    return n


def counts_for(sfen, limit, max_depth=MAX_DEPTH):
    board = cshogi.Board(sfen)
    out = []
    for d in range(1, max_depth + 1):
        n = perft(board, d)
        if n >= limit and d > 1:
            break
        out.append((d, n))
        if n == 0:
            break
    return out


# ---------------------------------------------------------------------------------------------
def features(board):
    pieces = board.pieces
    us = board.turn
    f = []
    ck = attackers(pieces, board.king_square(us), 1 - us)
    if len(ck) >= 2:
        f.append("double check")
    elif ck:
        f.append("in check")
    pins = pinned(pieces, us)
    if pins:
        f.append(f"{len(pins)} pinned")
    hand = sum(board.pieces_in_hand[0]) + sum(board.pieces_in_hand[1])
    if hand:
        f.append(f"{hand} in hand")
    zone = []
    for color, rows in ((0, range(0, 3)), (1, range(6, 9))):
        if board.king_square(color) % 9 in rows:
            zone.append("Sente" if color == 0 else "Gote")
    if zone:
        f.append(" and ".join(zone) + " king in enemy camp")
    forced = 0
    for m in board.legal_moves:
        if cshogi.move_is_drop(m) or not cshogi.move_is_promotion(m):
            continue
        kind = cshogi.move_from_piece_type(m)
        r = cshogi.move_to(m) % 9
        r = r if us == 0 else 8 - r
        if (kind in (P, L) and r == 0) or (kind == N and r <= 1):
            forced += 1
    if forced:
        f.append(f"{forced} forced promotions")
    if board.pieces_in_hand[us][0]:
        mypawn = cshogi.BPAWN if us == 0 else cshogi.WPAWN
        files = sum(1 for fl in range(9) if any(pieces[fl * 9 + r] == mypawn for r in range(9)))
        if files:
            f.append(f"nifu blocks {files} files")
    return f


def random_game(seed, plies):
    """A seeded game by a mover that prefers captures, checks and promotions. Returns the list of
    (ply, sfen) of all positions reached (ply 0 = start)."""
    rng = random.Random(seed)
    board = cshogi.Board()
    out = [(0, board.sfen())]
    for ply in range(1, plies + 1):
        moves = list(board.legal_moves)
        if not moves:
            break
        weights = []
        for m in moves:
            w = 1.0
            if not cshogi.move_is_drop(m) and board.piece(cshogi.move_to(m)):
                w += 6
            if cshogi.move_is_promotion(m):
                w += 3
            if cshogi.move_is_drop(m):
                w += 0.5
            board.push(m)
            if board.is_check():
                w += 4
            board.pop()
            weights.append(w)
        board.push(rng.choices(moves, weights)[0])
        out.append((ply, board.sfen()))
    return out


def pick_generated():
    """About 40 positions from seeded random games, chosen to cover the interesting features."""
    cands = []
    for seed in range(1, 61):
        for ply, sfen in random_game(seed, 220):
            if ply >= 6:
                cands.append((seed, ply, sfen))
    rng = random.Random(2024)
    chosen, seen = [], set()

    def take(pred, n, tag):
        pool = [c for c in cands if c[2] not in seen and pred(cshogi.Board(c[2]))]
        rng.shuffle(pool)
        for c in pool[:n]:
            seen.add(c[2])
            chosen.append((tag, c))

    pieces_of = lambda b: b.pieces
    us_in_check = lambda b: b.is_check()
    take(lambda b: b.is_check() and len(attackers(b.pieces, b.king_square(b.turn), 1 - b.turn)) >= 2, 3, "double check")
    take(us_in_check, 6, "in check")
    take(lambda b: len(pinned(b.pieces, b.turn)) >= 1 and not b.is_check(), 5, "pins")
    take(lambda b: sum(b.pieces_in_hand[0]) + sum(b.pieces_in_hand[1]) >= 14, 5, "big hands")
    take(lambda b: (b.king_square(0) % 9 <= 2) or (b.king_square(1) % 9 >= 6), 4, "king in enemy camp")
    take(lambda b: any(f.endswith("forced promotions") for f in features(b)), 4, "forced promotions")
    # a pawn drop in front of the enemy king would mate right now (depth-1 difference)
    take(lambda b: uchifuzume_drops(b) > 0, 3, "uchifuzume at root")
    # spread over plies
    for lo, hi in ((6, 20), (20, 40), (40, 70), (70, 100), (100, 140), (140, 221)):
        take(lambda b, lo=lo, hi=hi: lo <= b.move_number - 1 < hi, 2, f"ply {lo}-{hi - 1}")
    del pieces_of
    return chosen


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-crosscheck", action="store_true")
    args = ap.parse_args()
    try:
        import shogi  # python-shogi
    except ImportError:
        shogi = None
        if not args.no_crosscheck:
            sys.exit("python-shogi missing: pip install python-shogi, or pass --no-crosscheck")
    if args.no_crosscheck:
        shogi = None

    entries = []  # (comment lines, sfen, counts)
    entries.append((["startpos; depth 5 (19,861,490) is the only startpos count above 2M (HEAVY)",
                     "depth 6 would be 547,581,517 (not listed)"], STARTPOS,
                    [(1, 30), (2, 900), (3, 25470), (4, 719731), (5, 19861490)]))
    entries.append((["matsuri (祭り) position; depth 3 (4,809,015) is above 2M (HEAVY)"], MATSURI,
                    [(1, 207), (2, 28684), (3, 4809015)]))
    for name, sfen in HANDICAPS:
        entries.append(([f"handicap {name}, giver (Gote) to move"], sfen,
                         counts_for(sfen, HANDICAP_LIMIT, 4)))
    for label, sfen, why in CRAFTED:
        validate(cshogi.Board(sfen))
        entries.append(([f"crafted {label}: {why}"], sfen, counts_for(sfen, NODE_LIMIT)))
    for tag, (seed, ply, sfen) in pick_generated():
        entries.append(([f"random game seed {seed} ply {ply} (picked for: {tag})"], sfen,
                         counts_for(sfen, NODE_LIMIT)))

    lines = [
        "# Golden perft counts for standard shogi, generated by gen_perft.py (cshogi, cross-checked",
        "# with python-shogi where small). Format: <SFEN with move number> ; <depth> <nodes> ; ...",
        "# Counts include every optional non-promotion and exclude uchifuzume / nifu / dead drops.",
        "# HEAVY: startpos depth 5 and matsuri depth 3 are the only counts above 2,000,000; every",
        f"# other count is below {HANDICAP_LIMIT:,} (generated/crafted ones below {NODE_LIMIT:,}).",
        "# Lines whose comment says 'uchifuzume matters' would count more nodes if pawn-drop mate",
        "# were (wrongly) allowed.",
        "",
    ]
    for comments, sfen, counts in entries:
        board = cshogi.Board(sfen)
        # verify the given reference numbers, recompute everything with cshogi
        for d, n in counts:
            got = perft(board, d)
            assert got == n, (sfen, d, got, n)
        feats = features(board)
        uchi = []
        for d, n in counts:
            if n > NODE_LIMIT and d > 3:
                continue
            m = perft_with_uchifuzume(board, d)
            if m != n:
                uchi.append(f"+{m - n} at depth {d}")
        if shogi is not None:
            sb = shogi.Board(sfen)
            for d, n in counts:
                if n <= CROSSCHECK_MAX:
                    got = perft_python_shogi(sb, d, shogi)
                    if got != n:
                        sys.exit(f"python-shogi disagrees on {sfen} depth {d}: {got} vs cshogi {n}")
        for c in comments:
            lines.append("# " + c)
        info = "; ".join(feats) if feats else "quiet"
        if uchi:
            info += "; uchifuzume matters: " + ", ".join(uchi)
        lines.append("#   " + info)
        lines.append(sfen + "".join(f" ; {d} {n}" for d, n in counts))
        print(lines[-1], file=sys.stderr)
    with open(OUT, "w", encoding="utf-8", newline="\n") as fh:
        fh.write("\n".join(lines) + "\n")
    print(f"wrote {OUT}: {len(entries)} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
