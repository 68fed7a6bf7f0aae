//! Shared test helpers: a tiny seeded RNG, square/position shorthands, and a deliberately naive
//! reference move generator for both variants.
//!
//! The reference (`naive`) shares no code with `movegen.rs`, `attacks.rs`, `turn.rs` or
//! `legality.rs`: it keeps the board in a plain `[[Option<_>; 10]; 10]` array, walks it with
//! coordinate loops, writes every movement pattern out from the tables of docs/rules.md §1–2, and
//! decides legality by playing each pseudo-move on a copy and asking whether any live enemy piece
//! attacks the mover's king. It only reads the engine's `Position` once, through its public
//! accessors, to start from the same place.
#![allow(dead_code)]

use yonin_core::record::{sfen, ysfen};
use yonin_core::{
    DeadKingPawnDrop, MateTiming, MatedArmy, MatedHand, PawnPromotion, RuleSet, Variant,
};
use yonin_core::{Move, Position, Seat, Square};

/// The seeded random source every test shares.
pub use yonin_testkit::Rng;

/// `sq("7g")`.
pub fn sq(s: &str) -> Square {
    Square::from_usi(s).unwrap_or_else(|| panic!("bad square {s}"))
}

/// `mv("7g7f")`.
pub fn mv(s: &str) -> Move {
    Move::from_usi(s).unwrap_or_else(|e| panic!("{e}"))
}

/// A Yonin position from YSFEN under `rules` (panics with the reason when invalid).
pub fn yonin(text: &str, rules: &RuleSet) -> Position {
    ysfen::position(text, rules).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A standard position from SFEN (panics with the reason when invalid).
pub fn standard(text: &str) -> Position {
    sfen::position(text, &RuleSet::standard()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position's text in its variant's format.
pub fn text(pos: &Position) -> String {
    match pos.variant() {
        Variant::Standard => sfen::format(pos),
        Variant::Yonin => ysfen::format(pos),
    }
}

/// Sorted USI texts of the engine's legal moves.
pub fn engine_moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Plays USI moves with `Position::play`, panicking with the position and reason on refusal.
pub fn play(pos: &mut Position, moves: &[&str]) {
    for t in moves {
        let before = text(pos);
        if let Err(e) = pos.play(mv(t)) {
            panic!("{t} refused in {before}: {e}");
        }
    }
}

pub mod naive;
