//! The evaluation's precomputed and kind-by-kind parts against a plain piece-by-piece count.

use super::*;
use crate::bot::random_games::random_game;
use crate::rules::{MatedArmy, RuleSet};

/// Positions along seeded random games: standard, Yonin, and Yonin where a mated army passes
/// to the mater keeping its facing (a seat then owns pieces of two facings).
fn positions() -> Vec<Position> {
    let mut passes = RuleSet::yonin();
    passes.mated_army = MatedArmy::PassesToMater;
    let mut out = Vec::new();
    for (rules, games) in [
        (RuleSet::standard(), 6),
        (RuleSet::yonin(), 10),
        (passes, 10),
    ] {
        for g in 0..games {
            let game = random_game(&rules, 0x9e37_79b9_7f4a_7c15 ^ g, 400);
            out.extend(game.into_iter().step_by(7));
        }
    }
    out
}

#[test]
fn attack_maps_match_a_piece_by_piece_count() {
    let mut mixed_facings = 0;
    for pos in positions() {
        for live_only in [false, true] {
            let maps = attack_maps(&pos, live_only);
            for s in pos.seats().iter() {
                let (mut once, mut twice, mut mobility) = (SquareSet::EMPTY, SquareSet::EMPTY, 0);
                if !live_only || pos.is_live(s) {
                    let own = pos.pieces_of(s);
                    for sq in own {
                        let p = pos.piece_at(sq).expect("a piece");
                        let a = attacks::piece(p.kind(), p.facing(), sq, pos.occupied());
                        twice |= once & a;
                        once |= a;
                        if matches!(
                            p.kind(),
                            PieceKind::Rook
                                | PieceKind::Bishop
                                | PieceKind::Dragon
                                | PieceKind::Horse
                        ) {
                            mobility += (a & !own).count() as i32;
                        }
                        mixed_facings += (p.facing() != s) as usize;
                    }
                }
                let i = s.index();
                assert_eq!(maps.once[i], once, "{s:?} attacks");
                assert_eq!(maps.twice[i], twice, "{s:?} double attacks");
                assert_eq!(maps.mobility[i], mobility, "{s:?} mobility");
            }
        }
    }
    assert!(mixed_facings > 0, "no passed-on army was seen");
}

#[test]
fn the_placement_table_is_value_plus_depth_row() {
    for pos in positions() {
        for s in pos.seats().iter() {
            let mut want = 0;
            for sq in pos.pieces_of(s) {
                let p = pos.piece_at(sq).expect("a piece");
                let k = p.kind().index();
                want += BOARD_VALUE[k] + DEPTH_TABLE[k][sq.depth(p.facing()) as usize];
                let lane = sq.lane(p.facing());
                if p.kind() == PieceKind::Knight && (lane == 0 || lane == 8) {
                    want -= 10;
                }
            }
            assert_eq!(board_placement(&pos, s), want);
        }
    }
}

/// South's shelter (the standard one, or the four-seat one) in the standard position `sfen`.
fn south_shelter(sfen: &str, standard: bool) -> Shelter {
    let pos = crate::record::sfen::position(sfen, &RuleSet::standard()).unwrap();
    let maps = attack_maps(&pos, false);
    let south = pos.to_move();
    let shelter = if standard {
        Shelter::standard(&pos, south, &maps)
    } else {
        Shelter::of(&pos, south, &maps)
    };
    shelter.unwrap()
}

/// The danger South's shelter sees in the standard position `sfen` from a single attack on
/// the square `usi`.
fn south_danger(sfen: &str, standard: bool, usi: &str) -> i32 {
    let threat = Threat {
        once: SquareSet::from_square(crate::square::Square::from_usi(usi).unwrap()),
        twice: SquareSet::EMPTY,
        hand_units: 0,
    };
    south_shelter(sfen, standard).against(&threat).0
}

#[test]
fn the_standard_king_zone_takes_in_the_kings_head() {
    let kings = "4k4/9/9/9/9/9/9/9/4K4 b - 1";
    // An attack on 5g or 4g, two lines in front of the king on 5i, counts only in the wider
    // zone; one on 5f, three lines in front, in neither.
    for (target, head_counts) in [("5g", true), ("4g", true), ("5f", false)] {
        assert_eq!(south_danger(kings, false, target), 0, "{target}");
        let danger = south_danger(kings, true, target);
        assert_eq!(danger < 0, head_counts, "{target}: {danger}");
    }
}

#[test]
fn the_standard_shelter_does_not_count_the_kings_own_defence() {
    // South's king on 5i with a gold on 6i: the gold defends 5h with the king, 4h has only
    // the king.
    let gold = "4k4/9/9/9/9/9/9/9/3GK4 b - 1";
    assert!(south_danger(gold, true, "4h") < south_danger(gold, true, "5h"));
    // The four-seat shelter still counts the king's defence.
    assert_eq!(
        south_danger(gold, false, "4h"),
        south_danger(gold, false, "5h")
    );
}

#[test]
fn the_standard_shelter_weighs_the_attackers_hand_half_again() {
    // Bare kings, no attack on the board, four hand units against South: 4 attack units in
    // the four-seat shelter (danger 2 × 4²), 6 in the standard one (2 × 6²).
    let kings = "4k4/9/9/9/9/9/9/9/4K4 b - 1";
    let threat = Threat {
        once: SquareSet::EMPTY,
        twice: SquareSet::EMPTY,
        hand_units: 4,
    };
    assert_eq!(south_shelter(kings, false).against(&threat).0, -32);
    assert_eq!(south_shelter(kings, true).against(&threat).0, -72);
}

/// A standard SFEN turned about: with `rotate`, the board turned half a turn with every piece
/// and hand changing owner and the other side to move (the same game seen from the other
/// side); without, the board mirrored left to right.
fn transformed(text: &str, rotate: bool) -> String {
    let fields: Vec<&str> = text.split(' ').collect();
    // A rank's cells: a piece (with its `+`) or a run of empty squares.
    let cells = |rank: &str| {
        let mut out: Vec<String> = Vec::new();
        let mut promoted = false;
        for c in rank.chars() {
            if c == '+' {
                promoted = true;
                continue;
            }
            let mut cell = if promoted {
                "+".to_string()
            } else {
                String::new()
            };
            promoted = false;
            cell.push(if rotate && c.is_ascii_alphabetic() {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            } else {
                c
            });
            out.push(cell);
        }
        out.reverse();
        out.concat()
    };
    let mut ranks: Vec<String> = fields[0].split('/').map(cells).collect();
    if !rotate {
        return format!("{} {}", ranks.join("/"), fields[1..].join(" "));
    }
    ranks.reverse();
    let side = if fields[1] == "b" { "w" } else { "b" };
    // The hands change owner: Sente's (upper case) come first.
    let mut hand = (String::new(), String::new());
    let mut count = String::new();
    for c in fields[2].chars().filter(|&c| c != '-') {
        if c.is_ascii_digit() {
            count.push(c);
        } else if c.is_ascii_uppercase() {
            hand.1 += &format!("{count}{}", c.to_ascii_lowercase());
            count.clear();
        } else {
            hand.0 += &format!("{count}{}", c.to_ascii_uppercase());
            count.clear();
        }
    }
    let hand = match format!("{}{}", hand.0, hand.1) {
        h if h.is_empty() => "-".to_string(),
        h => h,
    };
    format!("{} {side} {hand} {}", ranks.join("/"), fields[3])
}

#[test]
fn the_standard_evaluation_is_the_same_from_either_side_and_in_the_mirror() {
    let rules = RuleSet::standard();
    let mut checked = 0;
    for g in 0..8 {
        for pos in random_game(&rules, 0x51de ^ g, 300).into_iter().step_by(3) {
            let text = crate::record::sfen::format(&pos);
            for rotate in [false, true] {
                let other = transformed(&text, rotate);
                let turned = crate::record::sfen::position(&other, &rules).expect(&other);
                // The network sees each side from its own seat: the same either side, but
                // not in the mirror.
                if rotate {
                    assert_eq!(evaluate(&pos), evaluate(&turned), "{text} and {other}");
                }
                assert_eq!(
                    linear_evaluation(&pos),
                    linear_evaluation(&turned),
                    "{text} and {other}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked} positions");
}

#[test]
fn king_offsets_are_taken_in_the_piece_owners_frame() {
    let sq = |usi: &str| Square::from_usi(usi).expect("a square");
    // Sente's gold on 4i beside its king on 5i; Gote's on 6a beside its king on 5a.
    assert_eq!(king_offset(sq("4i"), sq("5i"), Seat::South), (8, 1));
    assert_eq!(king_offset(sq("6a"), sq("5a"), Seat::North), (8, 1));
    // Sente's silver on the head of Gote's king on 5a, Gote's on the head of 5i.
    assert_eq!(king_offset(sq("5b"), sq("5a"), Seat::South), (7, 0));
    assert_eq!(king_offset(sq("5h"), sq("5i"), Seat::North), (7, 0));
    // Far ahead and far aside.
    assert_eq!(king_offset(sq("1a"), sq("9i"), Seat::South), (16, 8));
    assert_eq!(king_offset(sq("1a"), sq("9i"), Seat::North), (0, 8));
}

#[test]
fn the_board_part_kept_move_by_move_is_the_one_counted_afresh() {
    let (mut moves, mut kings, mut captures, mut drops, mut promotions) = (0, 0, 0, 0, 0);
    for seed in 0..30u64 {
        for pos in random_game(&RuleSet::standard(), 0x51_7cc1_b727_220a ^ seed, 160) {
            let board = board_value(&pos);
            assert_eq!(evaluate_with_board(&pos, board), linear_evaluation(&pos));
            for m in pos.legal_moves().iter().copied() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                let king = m.from().and_then(|f| pos.piece_at(f)).map(|p| p.kind())
                    == Some(PieceKind::King);
                match board_after(&pos, board, &Change::of(&pos, m).unwrap()) {
                    Some(after) => assert_eq!(
                        after,
                        board_value(&child),
                        "{m:?} in {}",
                        crate::record::sfen::format(&pos)
                    ),
                    None => assert!(king, "only a king move counts afresh: {m:?}"),
                }
                moves += 1;
                kings += usize::from(king);
                captures += usize::from(!m.is_drop() && pos.piece_at(m.to()).is_some());
                drops += usize::from(m.is_drop());
                promotions += usize::from(m.promotes());
            }
        }
    }
    assert!(moves > 100_000 && kings > 1000 && captures > 1000 && drops > 10_000 && promotions > 1000,
        "{moves} moves: {kings} king moves, {captures} captures, {drops} drops, {promotions} promotions");
}
