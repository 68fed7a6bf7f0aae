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
            assert_eq!(board_placement(&pos, s, &PLACEMENT), want);
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
