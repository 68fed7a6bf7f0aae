//! Tests of mate in one: a mating drop and a mate by an uncovered slider are found, the
//! illegal pawn-drop mate is not, and over random games the answer agrees with trying every
//! legal move.

use super::*;
use crate::bot::random_games::random_game;
use crate::record::usi::parse_position_line;
use crate::rules::RuleSet;

fn position(sfen: &str) -> Position {
    parse_position_line(&format!("sfen {sfen}"), &RuleSet::standard())
        .expect("a test position")
        .2
}

/// Does `m` leave the side to move after it in check without a legal move?
fn mates(pos: &Position, m: Move) -> bool {
    let mut child = pos.clone();
    child.play_unchecked(m);
    let them = child.to_move();
    child.in_check(them) && child.legal_moves().is_empty()
}

#[test]
fn a_gold_dropped_on_the_kings_head_mates() {
    let pos = position("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    let m = mate_in_one(&pos, &mut MoveList::new()).expect("a mate");
    assert_eq!(m.to_string(), "G*5b");
}

#[test]
fn a_pawn_drop_that_would_mate_is_not_a_mate_in_one() {
    // P*5b would mate (the gold guards it and the king's other squares), which the rules forbid.
    let pos = position("3lkl3/9/4G4/9/9/9/9/9/4K4 b P 1");
    assert_eq!(mate_in_one(&pos, &mut MoveList::new()), None);
}

#[test]
fn a_silver_stepping_off_the_rooks_file_mates_by_uncovering_it() {
    let pos = position("3lkl3/3p1p3/9/9/4S4/9/9/9/K3R4 b - 1");
    let m = mate_in_one(&pos, &mut MoveList::new()).expect("a mate");
    assert!(mates(&pos, m), "{m}");
    // The silver lands where no piece could check the king from: the rook gives the check.
    let king = pos.king(pos.to_move().opposite()).expect("a king");
    let occ = pos.occupied();
    let direct = attacks::near(king) | attacks::rook(king, occ) | attacks::bishop(king, occ);
    assert!(!direct.contains(m.to()), "{m}");
}

#[test]
fn over_random_games_a_mate_in_one_is_found_exactly_when_some_legal_move_mates() {
    let rules = RuleSet::standard();
    let mut list = MoveList::new();
    let mut found = 0;
    for seed in 0..300 {
        for pos in random_game(&rules, seed, 200) {
            if pos.in_check(pos.to_move()) || pos.legal_moves().is_empty() {
                continue;
            }
            let any = pos.legal_moves().iter().any(|&m| mates(&pos, m));
            let got = mate_in_one(&pos, &mut list);
            assert_eq!(got.is_some(), any, "seed {seed} ply {}", pos.ply());
            if let Some(m) = got {
                assert!(pos.is_legal(m) && mates(&pos, m), "seed {seed}: {m}");
                found += 1;
            }
        }
    }
    assert!(found > 50, "only {found} positions with a mate in one");
}
