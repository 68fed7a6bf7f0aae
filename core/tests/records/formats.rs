//! Hand-made records with the features real files have: Kakinoki KIF extras (comments,
//! bookmarks, branches, extra headers, 手数＝), CSA with `,`-joined statements, `PI` handicaps,
//! `P1`…`P9` boards and `P-00AL`, a KI2 game that needs every JSA word, and a Yonin KIF.

use yonin_core::record::game_record::{Ending, GameRecord};
use yonin_core::record::{csa, ki2, kif, sfen};
use yonin_core::Handicap;
use yonin_core::{EliminationReason, Move, RuleSet, Seat};

fn usi(rec: &GameRecord) -> Vec<String> {
    rec.usi_moves().iter().map(Move::to_string).collect()
}

const KAKINOKI: &str = "\
# ---- Kifu for Windows V7 V7.70 棋譜ファイル ----
#KIF version=2.0 encoding=UTF-8
開始日時：2023/04/01(土) 10:00
棋戦：テスト棋戦
持ち時間：各10分
手合割：平手　　
先手：先手さん
後手：後手さん
手数----指手---------消費時間--
*対局前のコメント
   1 ７六歩(77)   ( 0:01/00:00:01)
*初手のコメント
   2 ３四歩(33)   ( 0:02/00:00:02)+
&しおり
   3 ２二角成(88)   ( 0:03/00:00:04)
   4 同　銀(31)   ( 0:04/00:00:06)
   5 ４五角打   ( 0:05/00:00:09)
   6 投了   ( 0:06/00:00:12)
まで5手で先手の勝ち

変化：2手
   2 ８四歩(83)   ( 0:00/00:00:02)
   3 ２六歩(27)   ( 0:00/00:00:03)
";

#[test]
fn kakinoki_kif_with_comments_bookmarks_and_branches() {
    let rec = kif::read(KAKINOKI).unwrap();
    assert_eq!(usi(&rec), ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
    let ms: Vec<_> = rec.moves.iter().map(|m| m.millis).collect();
    assert_eq!(
        ms,
        [Some(1000), Some(2000), Some(3000), Some(4000), Some(5000)]
    );
    assert_eq!(rec.ending, Some(Ending::Resign(Seat::North)));
    assert_eq!(rec.started.as_deref(), Some("2023/04/01(土) 10:00"));
    assert_eq!(rec.players[Seat::South].as_deref(), Some("先手さん"));
    assert_eq!(rec.players[Seat::North].as_deref(), Some("後手さん"));
    // Written back: the times are per move and cumulative per player.
    let text = kif::write(&rec).unwrap();
    assert!(
        text.contains("   3 ２二角成(88)      ( 0:03/00:00:04)\n"),
        "{text}"
    );
    assert!(
        text.contains("   4 同　銀(31)        ( 0:04/00:00:06)\n"),
        "{text}"
    );
    assert!(
        text.contains("   5 ４五角打          ( 0:05/00:00:09)\n"),
        "{text}"
    );
    assert!(text.ends_with("   6 投了\nまで5手で先手の勝ち\n"), "{text}");
    assert_eq!(kif::read(&text).unwrap(), rec);
}

#[test]
fn kif_board_diagram_with_move_count_and_other_spellings() {
    let text = "\
後手の持駒：なし
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・v王 ・ ・ ・ ・|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ ・ ・ ・ 竜 ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ 全 ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九
+---------------------------+
先手の持駒：金二　歩十八
手数＝12  △５一玉  まで
後手番
手数----指手---------消費時間--
  13 ５二玉(51)
  14 ５三金打
  15 ６一玉(52)
  16 ２二竜(23)
  17 中断
";
    let rec = kif::read(text).unwrap();
    assert_eq!(rec.start, "4k4/9/7+R1/9/9/9/3+S5/9/4K4 w 2G18P 13");
    assert_eq!(usi(&rec), ["5a5b", "G*5c", "5b6a", "2c2b"]);
    assert_eq!(rec.ending, Some(Ending::Abort));
    // Written back as a diagram (with the one-character promoted names) and read again.
    let again = kif::write(&rec).unwrap();
    assert!(again.contains("| ・ ・ ・ 全 ・ ・ ・ ・ ・|七"), "{again}");
    assert!(again.contains("先手の持駒：金二　歩十八"), "{again}");
    assert!(again.contains("  16 ２二龍(23)"), "{again}");
    assert_eq!(kif::read(&again).unwrap(), rec);
}

#[test]
fn csa_with_handicap_pi_commas_and_decimal_times() {
    let text = "\
'CSA encoding=UTF-8
V2.2
N+Sente
N-Gote
$EVENT:test
$START_TIME:2023/04/01 10:00:00
PI82HI22KA
-
-5142OU,T3
+7776FU,T1.5
-4232OU
T2
'a comment
%TORYO
";
    let rec = csa::read(text).unwrap();
    assert_eq!(rec.rules.handicap, Handicap::TwoPieces);
    assert_eq!(rec.start, Handicap::TwoPieces.sfen());
    assert_eq!(usi(&rec), ["5a4b", "7g7f", "4b3b"]);
    let ms: Vec<_> = rec.moves.iter().map(|m| m.millis).collect();
    assert_eq!(ms, [Some(3000), Some(1500), Some(2000)]);
    assert_eq!(rec.ending, Some(Ending::Resign(Seat::South)));
    assert_eq!(rec.started.as_deref(), Some("2023/04/01 10:00:00"));
    // The KIF of a handicap game names 下手 and 上手 and the 手合割.
    let k = kif::write(&rec).unwrap();
    assert!(
        k.contains("手合割：二枚落ち\n下手：Sente\n上手：Gote\n"),
        "{k}"
    );
    assert!(k.contains("まで3手で上手の勝ち"), "{k}");
    let back = kif::read(&k).unwrap();
    assert_eq!(usi(&back), usi(&rec));
    assert_eq!(back.ending, rec.ending);
    assert_eq!(back.rules, rec.rules);
}

#[test]
fn csa_board_lines_and_all_remaining_pieces() {
    let text = "\
P1 *  *  *  * -OU
P2
P9 *  *  *  * +OU *  *  *  *
P+00HI
P-00AL
+
+0055HI
-5141OU
%CHUDAN
";
    let rec = csa::read(text).unwrap();
    assert_eq!(rec.start, "4k4/9/9/9/9/9/9/9/4K4 b Rr2b4g4s4n4l18p 1");
    assert_eq!(usi(&rec), ["R*5e", "5a4a"]);
    assert_eq!(rec.ending, Some(Ending::Abort));
    let written = csa::write(&rec).unwrap();
    assert!(written.contains("P+00HI\nP-00HI00KA00KA00KI"), "{written}");
    assert_eq!(csa::read(&written).unwrap(), rec);
}

/// A KI2 game in which every JSA word is needed once.
///
/// ```text
///   9 8 7 6 5 4 3 2 1
///   k . . . . . . . .  a
///   . . . . . . . R .  b     R = dragon
///   . . . . . . . . R  c
///   . . . . . . S . .  d
///   . . . G . . . . .  e
///   . . . G G G . . S  f
///   K . . . . . . . .  i
/// ```
#[test]
fn ki2_game_needing_every_word() {
    let start = "k8/7+R1/8+R/6S2/3G5/3GGG2S/9/9/K8 b - 1";
    let moves = [
        ("6f5e", "▲５五金左上"),
        ("9a8a", "△８一玉"),
        ("3d2e", "▲２五銀引"),
        ("8a9a", "△９一玉"),
        ("1c2d", "▲２四龍右"),
        ("9a8a", "△８一玉"),
        ("5f6f", "▲６六金寄"),
        ("8a9a", "△９一玉"),
        ("4f5f", "▲５六金右"),
        ("9a8a", "△８一玉"),
        ("2d2c", "▲２三龍上"),
        ("8a9a", "△９一玉"),
        ("5e5d", "▲５四金直"),
    ];
    let rules = RuleSet::standard();
    let pos = sfen::position(start, &rules).unwrap();
    let mvs: Vec<Move> = moves
        .iter()
        .map(|(u, _)| Move::from_usi(u).unwrap())
        .collect();
    let mut rec = GameRecord::from_moves(rules, &pos, &mvs).unwrap();
    rec.ending = Some(Ending::Resign(Seat::North));
    let text = ki2::write(&rec).unwrap();
    let expected_moves = "\
▲５五金左上 △８一玉    ▲２五銀引  △９一玉    ▲２四龍右  △８一玉
▲６六金寄  △９一玉    ▲５六金右  △８一玉    ▲２三龍上  △９一玉
▲５四金直
まで13手で先手の勝ち
";
    assert!(text.ends_with(expected_moves), "{text}");
    let back = ki2::read(&text).unwrap();
    assert_eq!(back.usi_moves(), mvs);
    assert_eq!(back.ending, rec.ending);
    // The same moves typed by hand, one per line and with other spacing, read the same.
    let mut typed = kif::bod_text(&pos);
    for (_, t) in moves {
        typed.push_str(t);
        typed.push('\n');
    }
    assert_eq!(ki2::read(&typed).unwrap().usi_moves(), mvs);
}

#[test]
fn yonin_kif_by_hand() {
    let text = "\
手合割：四人将棋
南：Alice
東：Bob
手数----指手---------消費時間--
   1 ↑5六歩(57)   ( 0:02/00:00:02)
   2 →6五歩(75)
   3 ↓投了
   3 ←4五歩(35)
   4 ↑5五歩(56)
";
    let rec = kif::read(text).unwrap();
    assert_eq!(rec.rules, RuleSet::yonin());
    assert_eq!(usi(&rec), ["5g5f", "7e6e", "3e4e", "5f5e"]);
    let seats: Vec<Seat> = rec.moves.iter().map(|m| m.seat).collect();
    assert_eq!(seats, [Seat::South, Seat::West, Seat::East, Seat::South]);
    assert_eq!(rec.removals.len(), 1);
    assert_eq!(rec.removals[0].seat, Seat::North);
    assert_eq!(rec.removals[0].after, 2);
    assert_eq!(rec.removals[0].reason, EliminationReason::Resignation);
    assert_eq!(rec.players[Seat::East].as_deref(), Some("Bob"));
    let end = rec.final_position().unwrap();
    assert!(!end.is_live(Seat::North));
    assert_eq!(kif::read(&kif::write(&rec).unwrap()).unwrap(), rec);
}

#[test]
fn usi_position_lines() {
    let line =
        "position sfen lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5a4b 7g7f";
    let rec = GameRecord::from_usi_position_line(RuleSet::standard(), line).unwrap();
    assert_eq!(rec.rules.handicap, Handicap::TwoPieces);
    assert_eq!(usi(&rec), ["5a4b", "7g7f"]);
    assert_eq!(rec.usi_position_line().unwrap(), line);
    let seats: Vec<Seat> = rec.moves.iter().map(|m| m.seat).collect();
    assert_eq!(seats, [Seat::North, Seat::South]);
    assert!(GameRecord::from_usi_position_line(
        RuleSet::standard(),
        "position startpos moves 7g7e"
    )
    .is_err());
    assert!(GameRecord::from_usi_position_line(RuleSet::standard(), "position nonsense").is_err());
}

#[test]
fn house_rules_travel_in_every_format() {
    use yonin_core::ImpasseRule;
    let rules = RuleSet {
        impasse: ImpasseRule::Points24,
        move_limit: Some(256),
        ..RuleSet::standard()
    };
    let mut rec = GameRecord::new(rules);
    rec.push(Seat::South, Move::from_usi("7g7f").unwrap(), None);
    rec.ending = Some(Ending::MoveLimit);
    let k = kif::write(&rec).unwrap();
    assert!(k.contains("ルール：impasse24 move-limit=256\n"), "{k}");
    assert_eq!(kif::read(&k).unwrap(), rec);
    assert_eq!(ki2::read(&ki2::write(&rec).unwrap()).unwrap(), rec);
    assert_eq!(csa::read(&csa::write(&rec).unwrap()).unwrap(), rec);
    let yonin = RuleSet {
        teams: true,
        first_seat: yonin_core::FirstSeat::Fixed(Seat::East),
        ..RuleSet::yonin()
    };
    let y = GameRecord::new(yonin);
    assert_eq!(y.start_position().unwrap().to_move(), Seat::East);
    let text = kif::write(&y).unwrap();
    assert!(text.contains("ルール：first=e teams\n"), "{text}");
    assert_eq!(kif::read(&text).unwrap(), y);
}
