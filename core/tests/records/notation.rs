//! Japanese move text: the JSA words 右 左 直 上 引 寄, 打, 成 / 不成, 同, display notation with
//! seat marks and arrows, and seat-annotated USI — exact texts, and reading them back.

use yonin_core::record::notation::{
    display_move, ki2_move, kif_move, parse_ki2_move, parse_kif_move, parse_seat_usi,
    parse_yonin_move, seat_usi, yonin_move,
};
use yonin_core::record::{sfen, ysfen};
use yonin_core::{Move, Position, RuleSet, Seat};

fn pos(text: &str) -> Position {
    sfen::position(text, &RuleSet::standard()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(s: &str) -> Move {
    Move::from_usi(s).unwrap()
}

/// Checks the KI2 text of each move, and that the text reads back to the same move.
fn ki2_cases(sfen_text: &str, cases: &[(&str, &str)]) {
    let p = pos(sfen_text);
    for (usi, text) in cases {
        let m = mv(usi);
        assert!(p.is_legal(m), "{usi} must be legal in {sfen_text}");
        assert_eq!(ki2_move(&p, m, None), *text, "{usi} in {sfen_text}");
        assert_eq!(
            parse_ki2_move(&p, text, None),
            Ok(m),
            "{text} in {sfen_text}"
        );
    }
}

/// ```text
///   9 8 7 6 5 4 3 2 1
///   . . . . k . . . .  a
///   . . . . . . . . .  d
///   . . . G . . . . .  e     6五 金 → 5五: 寄 (the only sideways move)
///   . . . G G G . . .  f     6六 → 左上 (左 alone would also fit 6五; 上 alone fits three)
///   . . . . K . . . .  i     5六 → 直, 4六 → 右
/// ```
#[test]
fn golds_need_yoru_hidari_agaru_sugu_migi() {
    ki2_cases(
        "4k4/9/9/9/3G5/3GGG3/9/9/4K4 b - 1",
        &[
            ("6e5e", "５五金寄"),
            ("6f5e", "５五金左上"),
            ("5f5e", "５五金直"),
            ("4f5e", "５五金右"),
        ],
    );
}

#[test]
fn three_golds_in_a_row_are_left_straight_right() {
    ki2_cases(
        "4k4/9/9/9/9/3GGG3/9/9/4K4 b - 1",
        &[
            ("6f5e", "５五金左"),
            ("5f5e", "５五金直"),
            ("4f5e", "５五金右"),
        ],
    );
}

/// Gote sees the board turned round: its right is the high files.
#[test]
fn gote_words_are_seen_from_gote() {
    ki2_cases(
        "4k4/9/9/3ggg3/9/9/9/9/4K4 w - 1",
        &[
            ("6d5e", "５五金右"),
            ("5d5e", "５五金直"),
            ("4d5e", "５五金左"),
        ],
    );
}

#[test]
fn silvers_pulling_back_and_going_up() {
    ki2_cases(
        "4k4/9/9/3S5/9/5S3/9/9/4K4 b - 1",
        &[("6d5e", "５五銀引"), ("4f5e", "５五銀上")],
    );
}

/// The JSA example: dragons on 1三 and 2二 both pull back to 2四, told apart by their places
/// relative to each other (the one on 2二 stands straight above the square, yet is 左).
#[test]
fn dragons_are_placed_relative_to_each_other() {
    let s = "4k4/7+R1/8+R/9/9/9/9/9/4K4 b - 1";
    ki2_cases(s, &[("1c2d", "２四龍右"), ("2b2d", "２四龍左")]);
    ki2_cases(s, &[("2b2c", "２三龍引"), ("1c2c", "２三龍寄")]);
    // Both spellings of the dragon are read.
    assert_eq!(parse_ki2_move(&pos(s), "２四竜右", None), Ok(mv("1c2d")));
}

#[test]
fn horses_side_by_side() {
    let s = "ln1g1R2l/1ks6/1pp1p1n1p/p2p+B+B3/9/P5P1P/1P1P2N2/2K6/LN2S2rL b 2G3Pg2s4p 1";
    ki2_cases(s, &[("5d5c", "５三馬左"), ("4d5c", "５三馬右")]);
}

#[test]
fn drops_say_uchi_only_when_a_board_piece_could_go_there() {
    let p = pos("4k4/9/9/9/9/5G3/9/9/4K4 b G 1");
    assert_eq!(ki2_move(&p, mv("G*5e"), None), "５五金打");
    assert_eq!(ki2_move(&p, mv("4f5e"), None), "５五金");
    assert_eq!(ki2_move(&p, mv("G*5c"), None), "５三金");
    assert_eq!(parse_ki2_move(&p, "５五金打", None), Ok(mv("G*5e")));
    assert_eq!(parse_ki2_move(&p, "５五金", None), Ok(mv("4f5e")));
    assert_eq!(parse_ki2_move(&p, "５三金", None), Ok(mv("G*5c")));
    // KIF always writes 打 for drops.
    assert_eq!(kif_move(&p, mv("G*5c"), None), "５三金打");
    assert_eq!(kif_move(&p, mv("G*5e"), None), "５五金打");
}

#[test]
fn promotion_words() {
    let p = pos("4k4/6P2/9/5S3/9/9/9/9/4K4 b - 1");
    assert_eq!(ki2_move(&p, mv("4d4c+"), None), "４三銀成");
    assert_eq!(ki2_move(&p, mv("4d4c"), None), "４三銀不成");
    assert_eq!(kif_move(&p, mv("4d4c+"), None), "４三銀成(44)");
    assert_eq!(kif_move(&p, mv("4d4c"), None), "４三銀不成(44)");
    // Outside the zone nothing is added; a forced promotion is still 成.
    assert_eq!(kif_move(&p, mv("4d4e"), None), "４五銀(44)");
    assert_eq!(ki2_move(&p, mv("3b3a+"), None), "３一歩成");
    for t in ["４三銀成", "４三銀不成", "３一歩成"] {
        let m = parse_ki2_move(&p, t, None).unwrap();
        assert_eq!(ki2_move(&p, m, None), t);
    }
    assert_eq!(parse_kif_move(&p, "４三銀不成(44)", None), Ok(mv("4d4c")));
    assert_eq!(parse_kif_move(&p, "４三銀(44)", None), Ok(mv("4d4c")));
    assert_eq!(parse_kif_move(&p, "４三銀成(44)", None), Ok(mv("4d4c+")));
}

#[test]
fn same_square_is_dou() {
    // 7g7f 8c8d 7f7e 8d8e 7e7d, then Gote takes on 7四 with the pawn from 7三.
    let mut p = Position::start(&RuleSet::standard());
    for m in ["7g7f", "8c8d", "7f7e", "8d8e", "7e7d"] {
        p.play(mv(m)).unwrap();
    }
    let prev = Some(mv("7e7d").to());
    assert_eq!(kif_move(&p, mv("7c7d"), prev), "同　歩(73)");
    assert_eq!(ki2_move(&p, mv("7c7d"), prev), "同　歩");
    assert_eq!(display_move(&p, mv("7c7d"), prev), "△同　歩");
    assert_eq!(parse_kif_move(&p, "同　歩(73)", prev), Ok(mv("7c7d")));
    assert_eq!(parse_ki2_move(&p, "△同　歩", prev), Ok(mv("7c7d")));
    assert_eq!(parse_ki2_move(&p, "同歩", prev), Ok(mv("7c7d")));
    // Bishop exchange: ▲２二角成 △同　銀; a longer name has no space: 同角成.
    let mut q = Position::start(&RuleSet::standard());
    for m in ["7g7f", "3c3d"] {
        q.play(mv(m)).unwrap();
    }
    assert_eq!(kif_move(&q, mv("8h2b+"), None), "２二角成(88)");
    assert_eq!(kif_move(&q, mv("8h2b"), None), "２二角不成(88)");
    assert_eq!(display_move(&q, mv("8h2b+"), None), "▲2二角成");
    q.play(mv("8h2b+")).unwrap();
    let prev = Some(mv("8h2b+").to());
    assert_eq!(kif_move(&q, mv("3a2b"), prev), "同　銀(31)");
    assert_eq!(ki2_move(&q, mv("3a2b"), prev), "同　銀");
    assert_eq!(ki2_move(&q, mv("3a2b"), None), "２二銀");
    let r = pos("4k4/9/9/9/4p4/9/9/9/B3K4 b - 1");
    assert_eq!(ki2_move(&r, mv("9i5e+"), Some(mv("9i5e").to())), "同角成");
}

#[test]
fn display_and_seat_usi_in_yonin() {
    let rules = RuleSet::yonin();
    let mut p = Position::start(&rules);
    assert_eq!(yonin_move(&p, mv("5g5f")), "↑5六歩(57)");
    assert_eq!(display_move(&p, mv("5g5f"), None), "↑5六歩(57)");
    assert_eq!(
        parse_yonin_move(&p, "↑5六歩(57)"),
        Ok((Some(Seat::South), mv("5g5f")))
    );
    assert_eq!(seat_usi(Seat::South, mv("5g5f")), "s 5g5f");
    assert_eq!(parse_seat_usi("s 5g5f"), Ok((Seat::South, mv("5g5f"))));
    assert!(parse_seat_usi("x 5g5f").is_err() && parse_seat_usi("s 5g5").is_err());
    p.play(mv("5g5f")).unwrap();
    assert_eq!(p.to_move(), Seat::West);
    assert_eq!(yonin_move(&p, mv("7e6e")), "→6五歩(75)");
    p.play(mv("7e6e")).unwrap();
    assert_eq!(yonin_move(&p, mv("5c5d")), "↓5四歩(53)");
    p.play(mv("5c5d")).unwrap();
    assert_eq!(yonin_move(&p, mv("3e4e")), "←4五歩(35)");
    let start = ysfen::position(ysfen::START, &rules).unwrap();
    assert_eq!(start.to_move(), Seat::South);
}

/// Every legal move of a few busy positions reads back from its own KIF and KI2 text.
#[test]
fn every_legal_move_reads_back() {
    for s in [
        "4k4/9/9/9/3G5/3GGG3/9/9/4K4 b - 1",
        "4k4/7+R1/8+R/9/9/9/9/9/4K4 b S2G 1",
        "ln1g1R2l/1ks6/1pp1p1n1p/p2p+B+B3/9/P5P1P/1P1P2N2/2K6/LN2S2rL b 2G3Pg2s4p 1",
        "ln1gk3l/1r4g2/p1ppssnpp/4p1p2/1p3P3/2P1SgPRP/PPBPP1N2/2SK5/LN1G4L b B2P 1",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    ] {
        let p = pos(s);
        for &m in p.legal_moves().iter() {
            for prev in [None, Some(m.to())] {
                let k = kif_move(&p, m, prev);
                assert_eq!(parse_kif_move(&p, &k, prev), Ok(m), "{k} in {s}");
                let t = ki2_move(&p, m, prev);
                assert_eq!(parse_ki2_move(&p, &t, prev), Ok(m), "{t} in {s}");
            }
        }
    }
}

#[test]
fn bad_move_texts_are_errors() {
    let p = Position::start(&RuleSet::standard());
    for t in [
        "",
        "７",
        "７六",
        "７六犬",
        "同　歩",
        "０六歩",
        "７十歩",
        "７六歩(7",
        "７六歩(99)",
        "７六歩(77)x",
        "５五金",
        "２二角",
        "７六歩打",
        "７六と打",
        "７七歩(77)",
        "５八金",
        "５八金上上",
    ] {
        let a = parse_kif_move(&p, t, None);
        let b = parse_ki2_move(&p, t, None);
        let legal = |r: &Result<Move, _>| r.as_ref().is_ok_and(|m| p.is_legal(*m));
        assert!(!legal(&a), "KIF `{t}` gave {a:?}");
        assert!(!legal(&b), "KI2 `{t}` gave {b:?}");
    }
    // Two golds can go to 5八: without a word it is ambiguous.
    assert!(matches!(
        parse_ki2_move(&p, "５八金", None),
        Err(yonin_core::record::notation::NotationError::Ambiguous { count: 2, .. })
    ));
    assert_eq!(parse_ki2_move(&p, "５八金右", None), Ok(mv("4i5h")));
    assert_eq!(parse_ki2_move(&p, "５八金左", None), Ok(mv("6i5h")));
}
