//! The rules: standard and Yonin positions, moves and endings against hand-made cases, the naive
//! reference generator over random games, golden perft counts, and bad input refused.
//!
//! - `standard`, `yonin`: the rules of each variant, case by case;
//! - `game_rules`: `Game` — repetition, impasse, resignation, flags, the move limit;
//! - `reference`: the move generator agrees with the naive reference over random games;
//! - `perft_golden`, `quick_perft`: perft against stored counts;
//! - `invalid_inputs`: bad positions, moves and command lines are errors, never panics.

#[path = "../common/mod.rs"]
mod common;

mod game_rules;
mod invalid_inputs;
mod perft_golden;
mod quick_perft;
mod reference;
mod standard;
mod yonin;
