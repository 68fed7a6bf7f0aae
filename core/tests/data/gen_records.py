#!/usr/bin/env python3
# Generator of core/tests/data/records/ (game records for the KIF / KI2 / CSA import tests).
#
# How to rerun (Python is only needed to regenerate; the tests read the committed files):
#   python3 -m venv /opt/cshogi-venv && /opt/cshogi-venv/bin/pip install cshogi==1.1.0
#   /opt/cshogi-venv/bin/python core/tests/data/gen_records.py
# Deterministic: seeded games, fixed start times, so a rerun gives identical files.
#
# For each game N (1..6) it writes, in records/:
#   gameN.kif     KIF written by cshogi.KIF.Exporter (cp932), converted to UTF-8 here
#   gameN.ki2     KI2 written by cshogi.KI2.Exporter / cshogi.KI2.move_to_ki2, converted to UTF-8
#   gameN.csa     CSA written by cshogi.CSA.Exporter (V2.2)
#   gameN.expect  what an importer must reconstruct, one "key value" line each:
#                   start <SFEN of the initial position>
#                   sfen <SFEN of the final position>            (cshogi's Board.sfen())
#                   moves <usi> <usi> ...                         (cshogi.move_to_usi)
#                   result <checkmate|resign> <sente|gote> wins   (winner)
# plus game1.sjis.kif: the same KIF as game1.kif, left in Shift-JIS (cp932) as cshogi writes it.
#
# The games (a seeded random mover that prefers captures, checks and promotions, plays a mate in 1
# when cshogi finds one, and avoids fourfold repetition):
#   game1  even game, checkmate, with promotions and drops (also the Shift-JIS copy)
#   game2  even game, Gote resigns (投了 / %TORYO) when in check after move 70
#   game3  二枚落ち handicap: Gote (上手) moves first; KIF header 手合割：二枚落ち, 下手/上手 names
#   game4  even game, checkmate; KIF uses Kakinoki's 成銀/成桂/成香 spelling instead of cshogi's
#          全/圭/杏, KI2 puts six moves per line as Kakinoki does
#   game5  香落ち handicap, Sente (下手) resigns
#   game6  starts from a middle-game position with pieces in hand (KIF: board diagram BOD header;
#          CSA: P1..P9 and P+/P- hand lines), Gote to move first, checkmate
# Format notes: cshogi's KIF end line for a checkmate is written here ("詰み", CSA "%TSUMI"), as
# cshogi.KIF.Exporter.end() only knows resign/sennichite/...; the resign summary line of a handicap
# game is also written here, because cshogi's assumes that Sente moved first.
import os
import random
from datetime import datetime

import cshogi
from cshogi import CSA, KI2, KIF

HERE = os.path.dirname(os.path.abspath(__file__))
OUTDIR = os.path.join(HERE, "records")

NIMAI = "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
KYO = "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"


def play(start_sfen, seed, max_plies=400, resign=None):
    """Returns (moves, end) where end is 'checkmate' or ('resign', ply)."""
    rng = random.Random(seed)
    board = cshogi.Board(start_sfen)
    seen = {}
    moves = []
    while True:
        key = board.zobrist_hash()
        seen[key] = seen.get(key, 0) + 1
        legal = list(board.legal_moves)
        if not legal:
            return moves, "checkmate"
        if len(moves) >= max_plies:
            return None, None
        if resign and resign(board, len(moves)):
            return moves, "resign"
        mate = board.mate_move_in_1ply()
        if mate and rng.random() < 0.9:
            choice = mate
        else:
            weights = []
            for m in legal:
                w = 1.0
                if not cshogi.move_is_drop(m) and board.piece(cshogi.move_to(m)):
                    w += 8
                if cshogi.move_is_promotion(m):
                    w += 4
                if cshogi.move_is_drop(m):
                    w += 0.3
                board.push(m)
                if board.is_check():
                    w += 5
                if seen.get(board.zobrist_hash(), 0) >= 2:
                    w = 1e-6   # stay clear of sennichite
                board.pop()
                weights.append(w)
            choice = rng.choices(legal, weights)[0]
        board.push(choice)
        moves.append(choice)


def stats(start_sfen, moves):
    board = cshogi.Board(start_sfen)
    promos = drops = 0
    for m in moves:
        promos += cshogi.move_is_promotion(m)
        drops += cshogi.move_is_drop(m)
        board.push(m)
    return promos, drops, board


def kif_line_time(rng, total):
    sec = rng.randint(1, 40)
    return sec, total + sec


def write_game(n, start_sfen, moves, end, handicap=None, bod=False, kakinoki=False, ki2_wrap=None,
               names=("先手太郎", "後手花子")):
    os.makedirs(OUTDIR, exist_ok=True)
    base = os.path.join(OUTDIR, f"game{n}")
    start = cshogi.Board(start_sfen)
    starttime = datetime(2024, 5, n, 10, 0, 0)
    promos, drops, final = stats(start_sfen, moves)
    loser_is_sente = final.turn == cshogi.BLACK   # the side to move at the end lost (mated or resigned)
    winner_jp = ("下手" if not loser_is_sente else "上手") if handicap else ("後手" if loser_is_sente else "先手")

    # ---- KIF (cshogi writes cp932 unless the extension is .kifu)
    sjis = base + ".sjis.kif"
    ex = KIF.Exporter(sjis)
    if bod:
        ex.header(list(names), starttime, handicap=start)
    else:
        ex.header(list(names), starttime, handicap=handicap)
    rng = random.Random(1000 + n)
    total = 0
    for m in moves:
        sec, total = kif_line_time(rng, total)
        ex.move(m, sec, total)
    sec, total = kif_line_time(rng, total)
    if end == "resign":
        ex.end("resign", sec, total)
    else:
        h, mm, s = KIF.sec_to_time(total)
        ex.kifu.write("{:>4} {}      ({:>2}:{:02}/{:02}:{:02}:{:02})\n".format(
            len(moves) + 1, "詰み        ", *divmod(sec, 60), h, mm, s))
        ex.kifu.write(f"まで{len(moves)}手で{winner_jp}の勝ち\n")
    ex.close()
    with open(sjis, encoding="cp932") as fh:
        text = fh.read()
    if handicap:
        text = text.replace("\n先手：", "\n下手：").replace("\n後手：", "\n上手：")
        if end == "resign":   # cshogi names the winner by move parity from a Sente start
            lines = text.rstrip("\n").split("\n")
            lines[-1] = f"まで{len(moves)}手で{winner_jp}の勝ち"
            text = "\n".join(lines) + "\n"
    if kakinoki:
        for a, b in (("全", "成銀"), ("圭", "成桂"), ("杏", "成香")):
            text = text.replace(a, b)
    with open(base + ".kif", "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
    if n == 1:
        with open(sjis, "w", encoding="cp932", newline="\n") as fh:
            fh.write(text)
    else:
        os.remove(sjis)

    # ---- KI2 (cshogi's exporter only knows the even start; otherwise the header is written here)
    ki2 = []
    ki2.append("開始日時：" + starttime.strftime("%Y/%m/%d %H:%M:%S"))
    if bod:
        ki2.append(KIF.board_to_bod(start))
    else:
        ki2.append("手合割：" + (handicap or "平手"))
    ki2.append(("下手：" if handicap else "先手：") + names[0])
    ki2.append(("上手：" if handicap else "後手：") + names[1])
    ki2.append("")
    board = cshogi.Board(start_sfen)
    texts = []
    for m in moves:
        texts.append(KI2.move_to_ki2(m, board))
        board.push(m)
    if ki2_wrap:
        for i in range(0, len(texts), ki2_wrap):
            # Kakinoki pads each move with ASCII spaces to 12 columns (a full-width char is 2)
            ki2.append("".join(t + " " * max(1, 12 - 2 * len(t)) for t in texts[i:i + ki2_wrap]).rstrip())
    else:
        ki2.extend(texts)
    ki2.append(f"まで{len(moves)}手で{winner_jp}の勝ち")
    if start_sfen == cshogi.STARTING_SFEN and not ki2_wrap:
        # cross-check: cshogi's own KI2 exporter must produce the same move lines
        tmp = base + ".tmp.ki2"
        kx = KI2.Exporter(tmp)
        kx.header(list(names), starttime)
        for m in moves:
            kx.move(m)
        kx.end("%TORYO")
        kx.close()
        with open(tmp, encoding="cp932") as fh:
            theirs = fh.read().split("\n")
        os.remove(tmp)
        assert theirs[5:5 + len(moves)] == texts, "KI2 text differs from cshogi.KI2.Exporter"
    with open(base + ".ki2", "w", encoding="utf-8", newline="\n") as fh:
        fh.write("\n".join(ki2) + "\n")

    # ---- CSA
    cx = CSA.Exporter(base + ".csa", encoding="ascii")
    cx.info(init_board=start, names=["Sente_Player", "Gote_Player"],
            var_info={"EVENT": f"yonin-test-game{n}", "START_TIME": starttime.strftime("%Y/%m/%d %H:%M:%S")},
            version="V2.2")
    rng = random.Random(1000 + n)
    for m in moves:
        sec, _ = kif_line_time(rng, 0)
        cx.move(m, time=sec)
    cx.endgame("%TORYO" if end == "resign" else "%TSUMI")
    cx.close()

    # ---- expect
    with open(base + ".expect", "w", encoding="utf-8", newline="\n") as fh:
        fh.write(f"start {start.sfen()}\n")
        fh.write(f"sfen {final.sfen()}\n")
        fh.write("moves " + " ".join(cshogi.move_to_usi(m) for m in moves) + "\n")
        fh.write(f"result {'checkmate' if end == 'checkmate' else 'resign'} "
                 f"{'gote' if loser_is_sente else 'sente'} wins\n")
    print(f"game{n}: {len(moves)} plies, {promos} promotions, {drops} drops, end {end}, "
          f"final {final.sfen()}")

    # sanity: cshogi's own parsers read back what was written
    p = CSA.Parser.parse_file(base + ".csa")[0]
    assert p.sfen == start.sfen() or cshogi.Board(p.sfen).sfen().split(" ")[:3] == start.sfen().split(" ")[:3], p.sfen
    assert list(p.moves) == list(moves), f"CSA round trip failed for game{n}"
    if not bod:
        k = KIF.Parser.parse_str(text)
        assert [cshogi.move_to_usi(m) for m in k.moves] == [cshogi.move_to_usi(m) for m in moves], \
            f"KIF round trip failed for game{n}"


def find(start_sfen, seeds, ok, resign=None):
    for seed in seeds:
        moves, end = play(start_sfen, seed, resign=resign)
        if moves is not None and ok(start_sfen, moves, end):
            return seed, moves, end
    raise SystemExit(f"no seed found for {start_sfen}")


def mid_game_start():
    """A position after 40 plies of a seeded game, with pieces in hand, Gote to move, move 1."""
    rng_seed = 7
    while True:
        moves, _ = play(cshogi.STARTING_SFEN, rng_seed, max_plies=400)
        board = cshogi.Board()
        if moves and len(moves) > 60:
            for m in moves[:41]:
                board.push(m)
            if board.turn == cshogi.WHITE and not board.is_check() and \
                    sum(board.pieces_in_hand[0]) + sum(board.pieces_in_hand[1]) >= 4:
                parts = board.sfen().split(" ")
                return " ".join(parts[:3] + ["1"])
        rng_seed += 1


def main():
    def mate_with(pmin, dmin, lo=40, hi=150):
        def ok(start, moves, end):
            promos, drops, _ = stats(start, moves)
            return end == "checkmate" and lo <= len(moves) <= hi and promos >= pmin and drops >= dmin
        return ok

    def resign_ok(start, moves, end):
        return end == "resign"

    # resign when the side that is to resign is in check after move 70
    def gote_resigns(board, ply):
        return ply >= 70 and board.turn == cshogi.WHITE and board.is_check()

    def sente_resigns(board, ply):
        return ply >= 50 and board.turn == cshogi.BLACK and board.is_check()

    seed, moves, end = find(cshogi.STARTING_SFEN, range(1, 500), mate_with(3, 3))
    write_game(1, cshogi.STARTING_SFEN, moves, end)
    seed, moves, end = find(cshogi.STARTING_SFEN, range(500, 1000), resign_ok, resign=gote_resigns)
    write_game(2, cshogi.STARTING_SFEN, moves, end)
    seed, moves, end = find(NIMAI, range(1000, 1500), mate_with(1, 1))
    write_game(3, NIMAI, moves, end, handicap="二枚落ち", names=("下手次郎", "上手三郎"))
    seed, moves, end = find(cshogi.STARTING_SFEN, range(1500, 2000),
                            lambda s, m, e: mate_with(4, 4, 100, 150)(s, m, e) and has_promoted_minor(s, m))
    write_game(4, cshogi.STARTING_SFEN, moves, end, kakinoki=True, ki2_wrap=6)
    seed, moves, end = find(KYO, range(2000, 2500), resign_ok, resign=sente_resigns)
    write_game(5, KYO, moves, end, handicap="香落ち", names=("下手四郎", "上手五郎"))
    mid = mid_game_start()
    seed, moves, end = find(mid, range(2500, 3000), mate_with(1, 2, 10, 150))
    write_game(6, mid, moves, end, bod=True)


def has_promoted_minor(start_sfen, moves):
    """True if a promoted silver, knight or lance moves in the game (so 成銀/成桂/成香 appear)."""
    for m in moves:
        if not cshogi.move_is_drop(m) and cshogi.move_from_piece_type(m) in (
                cshogi.PROM_SILVER, cshogi.PROM_KNIGHT, cshogi.PROM_LANCE):
            return True
    return False


if __name__ == "__main__":
    main()
