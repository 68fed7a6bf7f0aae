//! The fast move generator against the naive reference (`common::naive`), over thousands of
//! seeded random games in both variants, with invariants checked at every position:
//!
//! - `legal_moves()` equals the reference's legal moves (as sorted USI texts, no duplicates),
//!   `legal_captures_into` gives its captures in the same order, and
//!   `legal_tactical_board_moves_into` board moves in that order, every capture and promotion
//!   among them;
//! - after every move, board, hands, live seats, eliminations (with the seat credited) and the
//!   seat to move equal the reference's, which runs the docs/rules.md §4 turn order on its own;
//! - `is_consistent()`, and SFEN/YSFEN format → parse → format gives the same text and hash;
//! - `in_check` agrees with the reference for every seat;
//! - `is_legal(m)` is true for generated moves and false for random other move codes, and
//!   `play` refuses those with an error and leaves the position untouched.
//!
//! About 30 s of CPU in release mode, ~15 s on two idle cores (the three tests run in parallel):
//! `cargo test -p yonin-core --release --test reference`.

use crate::common;

use common::naive::{NMove, NPos};
use common::{text, Rng};
use yonin_core::record::{sfen, ysfen};
use yonin_core::{
    DeadKingPawnDrop, FirstSeat, Handicap, MateTiming, MatedArmy, MatedHand, PawnPromotion,
};
use yonin_core::{Move, PieceKind, Position, RuleSet, Seat, Square, Variant};

/// One position in this many (at random) also passes every generated move through `is_legal`.
const FULL_IS_LEGAL_EVERY: usize = 40;
/// Random non-legal move codes tried per position.
const RANDOM_CODES: usize = 1;

#[derive(Default, Debug)]
struct Tally {
    games: u64,
    positions: u64,
    moves: u64,
    eliminations: u64,
    finished: u64,
}

fn reparse(pos: &Position, rules: &RuleSet) -> Position {
    let t = text(pos);
    let r = match rules.variant {
        Variant::Standard => sfen::position(&t, rules),
        Variant::Yonin => ysfen::position(&t, rules),
    };
    r.unwrap_or_else(|e| panic!("own output does not parse: {t}: {e}"))
}

/// A random move code, usually close to a legal one, that is not in `legal`.
fn random_code(pos: &Position, legal: &[Move], rng: &mut Rng) -> Option<Move> {
    let any_sq = |rng: &mut Rng| Square::new(rng.below(81) as u8).unwrap();
    let m = match rng.below(4) {
        0 => Move::drop(PieceKind::HAND[rng.below(7)], any_sq(rng)),
        1 => {
            let mine: Vec<Square> = pos.pieces_of(pos.to_move()).collect();
            let from = if mine.is_empty() {
                any_sq(rng)
            } else {
                mine[rng.below(mine.len())]
            };
            Move::normal(from, any_sq(rng), rng.below(2) == 0)
        }
        2 if !legal.is_empty() => {
            // A legal move with the promotion flag flipped.
            let l = legal[rng.below(legal.len())];
            match l.from() {
                Some(from) => Move::normal(from, l.to(), !l.promotes()),
                None => Move::drop(l.drop_kind()?, any_sq(rng)),
            }
        }
        _ => Move::normal(any_sq(rng), any_sq(rng), rng.below(2) == 0),
    };
    (!legal.contains(&m)).then_some(m)
}

/// Checks one position and returns the reference's legal moves.
fn check_position(pos: &Position, reference: &NPos, rules: &RuleSet, rng: &mut Rng) -> Vec<NMove> {
    let t = text(pos);
    let list = pos.legal_moves();
    let legal = list.to_vec();
    let mut ours: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
    ours.sort();
    let before = ours.len();
    ours.dedup();
    assert_eq!(before, ours.len(), "duplicate moves generated in {t}");
    let reference_moves = reference.legal_moves();
    let mut want: Vec<String> = reference_moves.iter().map(|m| m.usi()).collect();
    want.sort();
    if ours != want {
        let only_ours: Vec<&String> = ours.iter().filter(|m| !want.contains(m)).collect();
        let only_ref: Vec<&String> = want.iter().filter(|m| !ours.contains(m)).collect();
        panic!("legal moves differ in {t}\n  only engine: {only_ours:?}\n  only reference: {only_ref:?}");
    }
    let captures: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.from().is_some() && pos.piece_at(m.to()).is_some())
        .collect();
    let mut only_captures = list.clone();
    pos.legal_captures_into(&mut only_captures);
    assert_eq!(
        only_captures.as_slice(),
        captures.as_slice(),
        "legal captures differ (or their order) in {t}"
    );
    // The tactical board moves: legal board moves in the full list's order, with every
    // capture and promotion among them.
    let mut tactical = list.clone();
    pos.legal_tactical_board_moves_into(&mut tactical);
    let mut rest = legal.iter();
    for m in tactical.iter() {
        assert!(
            !m.is_drop() && rest.any(|a| a == m),
            "tactical move {m:?} is a drop, illegal or out of order in {t}"
        );
    }
    for &m in legal.iter().filter(|m| m.from().is_some()) {
        if m.promotes() || pos.piece_at(m.to()).is_some() {
            assert!(tactical.contains(m), "tactical moves miss {m:?} in {t}");
        }
    }
    for s in Seat::ALL {
        if pos.seats().contains(s) {
            assert_eq!(
                pos.in_check(s),
                reference.in_check(s.index()),
                "{s} in check? {t}"
            );
        }
    }
    assert!(pos.is_consistent(), "inconsistent sets in {t}");
    let again = reparse(pos, rules);
    assert_eq!(text(&again), t, "format → parse → format changed the text");
    assert_eq!(
        again.hash(),
        pos.hash(),
        "a re-parsed position hashes differently: {t}"
    );
    if rng.below(FULL_IS_LEGAL_EVERY) == 0 {
        for &m in &legal {
            assert!(pos.is_legal(m), "{m} generated but not is_legal in {t}");
        }
    }
    for _ in 0..RANDOM_CODES {
        let Some(m) = random_code(pos, &legal, rng) else {
            continue;
        };
        assert!(!pos.is_legal(m), "{m} is_legal but not generated in {t}");
        let mut copy = pos.clone();
        assert!(copy.play(m).is_err(), "play accepted {m} in {t}");
        assert_eq!(text(&copy), t, "a refused move changed the position");
        assert_eq!(copy.hash(), pos.hash());
    }
    reference_moves
}

/// Plays `games` random games from the rule set's start position (or `start` when given),
/// comparing with the reference at every ply.
fn random_games(rules: &RuleSet, seed: u64, games: usize, max_plies: usize) -> Tally {
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    for _ in 0..games {
        let mut pos = Position::start(rules);
        let mut reference = NPos::from_engine(&pos, rules);
        tally.games += 1;
        for _ in 0..max_plies {
            tally.positions += 1;
            let moves = check_position(&pos, &reference, rules, &mut rng);
            if moves.is_empty() {
                tally.finished += 1;
                break;
            }
            let choice = moves[rng.below(moves.len())];
            let m = Move::from_usi(&choice.usi()).unwrap();
            let before = text(&pos);
            let out_before = pos.eliminations().count();
            pos.play(m)
                .unwrap_or_else(|e| panic!("{m} refused in {before}: {e}"));
            reference.play(choice);
            tally.moves += 1;
            tally.eliminations += (pos.eliminations().count() - out_before) as u64;
            let d = reference.diff(&pos);
            assert!(
                d.is_empty(),
                "after {m} from {before}:\n{d}(engine now {})",
                text(&pos)
            );
        }
    }
    tally
}

#[test]
fn standard_random_games_match_the_reference() {
    let mut total = Tally::default();
    for (i, h) in Handicap::ALL.into_iter().enumerate() {
        // Mostly even games; every handicap start gets a share.
        let games = if h == Handicap::Even { 1000 } else { 80 };
        let rules = RuleSet {
            handicap: h,
            ..RuleSet::standard()
        };
        let t = random_games(&rules, 1 + i as u64, games, 150);
        total.games += t.games;
        total.positions += t.positions;
        total.finished += t.finished;
    }
    eprintln!("standard: {total:?}");
    assert!(total.positions > 200_000);
}

#[test]
fn yonin_random_games_match_the_reference() {
    let t = random_games(&RuleSet::yonin(), 42, 1000, 300);
    eprintln!("yonin: {t:?}");
    assert!(
        t.eliminations > 500,
        "random games should eliminate seats: {t:?}"
    );
    assert!(t.finished > 20, "random games should finish: {t:?}");
}

/// Every house rule, alone and together, a few hundred games each.
#[test]
fn yonin_house_rules_random_games_match_the_reference() {
    let base = RuleSet::yonin();
    let variants = [
        RuleSet {
            mated_army: MatedArmy::PassesToMater,
            ..base
        },
        RuleSet {
            mated_hand: MatedHand::ToMater,
            ..base
        },
        RuleSet {
            dead_king_pawn_drop: DeadKingPawnDrop::Allowed,
            ..base
        },
        RuleSet {
            mate_timing: MateTiming::Immediately,
            ..base
        },
        RuleSet {
            pawn_promotion: PawnPromotion::LastTwoLines,
            ..base
        },
        RuleSet {
            first_seat: FirstSeat::Fixed(Seat::North),
            ..base
        },
        RuleSet {
            teams: true,
            ..base
        },
        RuleSet {
            teams: true,
            mate_timing: MateTiming::Immediately,
            mated_army: MatedArmy::PassesToMater,
            ..base
        },
        RuleSet {
            mated_army: MatedArmy::PassesToMater,
            mated_hand: MatedHand::ToMater,
            dead_king_pawn_drop: DeadKingPawnDrop::Allowed,
            mate_timing: MateTiming::Immediately,
            pawn_promotion: PawnPromotion::LastTwoLines,
            first_seat: FirstSeat::Fixed(Seat::East),
            ..base
        },
    ];
    for (i, rules) in variants.iter().enumerate() {
        let t = random_games(rules, 100 + i as u64, 80, 300);
        eprintln!("{:?}: {t:?}", rules.house_rules());
        assert!(t.eliminations > 0);
    }
}
