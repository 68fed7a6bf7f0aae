//! The tactical board moves against the full list: over random games of both variants and an
//! army passed on, every capture and promotion is there, in the full list's order.

use crate::bot::random_games::random_game;
use crate::rules::{MatedArmy, RuleSet};

/// Checks every third position of some random games; returns how many moves it compared.
fn tactical_moves_agree(rules: &RuleSet, games: u64, plies: usize) -> usize {
    let mut compared = 0;
    for seed in 1..=games {
        for pos in random_game(rules, seed * 7919, plies).iter().step_by(3) {
            let mut all = crate::moves::MoveList::new();
            pos.legal_moves_into(&mut all);
            let mut tactical = crate::moves::MoveList::new();
            pos.legal_tactical_board_moves_into(&mut tactical);
            // The tactical list is a subsequence of the full one.
            let mut rest = all.iter();
            for m in tactical.iter() {
                assert!(rest.any(|a| a == m), "{m:?} out of order or not legal");
            }
            let wanted = all
                .iter()
                .filter(|m| !m.is_drop() && (m.promotes() || pos.piece_at(m.to()).is_some()));
            for m in wanted {
                assert!(tactical.contains(*m), "{m:?} missing");
                compared += 1;
            }
        }
    }
    compared
}

#[test]
fn every_capture_and_promotion_is_a_tactical_move_in_standard_games() {
    assert!(tactical_moves_agree(&RuleSet::standard(), 40, 200) > 5_000);
}

#[test]
fn every_capture_and_promotion_is_a_tactical_move_in_yonin_games() {
    let mut passed_on = RuleSet::yonin();
    passed_on.mated_army = MatedArmy::PassesToMater;
    for rules in [RuleSet::yonin(), passed_on] {
        assert!(tactical_moves_agree(&rules, 16, 300) > 2_000);
    }
}
