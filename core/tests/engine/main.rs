//! The engine: legal moves only, tactics and mates found, threads, the USI engine, and the game
//! review. (Keeping time is tested alone, in `bot_time.rs`, away from these searches.)
//!
//! - `legal`: every level's move is legal over thousands of random positions;
//! - `tactics`, `dfpn`: mates and material found, the df-pn mate solver;
//! - `threads`: Lazy SMP searches stay legal and stop;
//! - `usi`: the USI engine's dialogue;
//! - `review`: the game review's marks, values and record comments.

#[path = "../common/mod.rs"]
mod common;

mod dfpn;
mod legal;
mod review;
mod tactics;
mod threads;
mod usi;
