//! Tests of the static exchange evaluation on hand-made exchanges and its monotony in the
//! threshold over random positions.

use super::*;
use crate::record::usi::parse_position_line;
use crate::rules::RuleSet;

fn see(sfen: &str, usi: &str, threshold: i32) -> bool {
    let (_, _, pos) = parse_position_line(&format!("sfen {sfen}"), &RuleSet::standard())
        .expect("a test position");
    let m = Move::from_usi(usi).expect("a USI move");
    assert!(pos.is_legal(m), "{usi} is legal in {sfen}");
    see_ge(&pos, m, threshold)
}

const PAWN: i32 = 90 + 105;

#[test]
fn a_free_pawn_wins_exactly_a_pawn() {
    let sfen = "8k/9/9/4p4/9/9/4R4/9/K8 b - 1";
    assert!(see(sfen, "5g5d", 0));
    assert!(see(sfen, "5g5d", PAWN));
    assert!(!see(sfen, "5g5d", PAWN + 1));
}

#[test]
fn a_rook_taking_a_defended_pawn_loses() {
    assert!(!see("8k/9/4g4/4p4/9/9/9/4R4/K3L4 b - 1", "5h5d", 0));
}

#[test]
fn the_lance_in_front_wins_the_pawn_with_the_rook_behind() {
    // LxP; GxL would lose the gold to the rook behind, so the gold stays and Black is a pawn up.
    let sfen = "8k/9/4g4/4p4/9/9/9/4L4/K3R4 b - 1";
    assert!(see(sfen, "5h5d", 0));
    assert!(see(sfen, "5h5d", PAWN));
    assert!(!see(sfen, "5h5d", PAWN + 1));
}

#[test]
fn a_king_takes_back_only_what_nothing_else_guards() {
    assert!(!see("9/9/4k4/4p4/9/9/9/4R4/K8 b - 1", "5h5d", 0));
    assert!(see("9/9/4k4/4p4/5G3/9/9/4R4/K8 b - 1", "5h5d", 0));
}

#[test]
fn a_drop_onto_an_attacked_square_loses_the_piece() {
    let sfen = "8k/9/9/4p4/9/9/9/9/K8 b S 1";
    assert!(!see(sfen, "S*5e", 0));
    assert!(see(sfen, "S*4f", 0));
    assert!(!see(sfen, "S*4f", 1));
}

#[test]
fn the_answer_only_turns_from_yes_to_no_as_the_threshold_rises() {
    let mut checked = 0;
    for seed in 0..40 {
        let game = crate::bot::random_games::random_game(&RuleSet::standard(), seed, 60);
        for pos in game.iter().step_by(7) {
            for &m in pos.legal_moves().iter() {
                let answers: Vec<bool> = (-3000..=3000)
                    .step_by(250)
                    .map(|t| see_ge(pos, m, t))
                    .collect();
                assert!(
                    answers.windows(2).all(|w| w[0] || !w[1]),
                    "{m:?} in {pos:?}: {answers:?}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 5_000, "only {checked} moves checked");
}
