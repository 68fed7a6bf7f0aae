//! Evaluation benchmark: times the standard static evaluation alone, in nanoseconds a call on
//! one core, over positions along seeded random games, so that a change to the evaluation is
//! priced apart from the search's tree shape (nodes a second mix both). `cargo bench -p
//! yonin-core --bench eval`; compare two builds in one sitting.

use std::hint::black_box;
use std::time::Instant;
use yonin_core::bot::tuning::static_evaluation;
use yonin_core::{Move, Position, RuleSet};

/// Positions along `games` random games of up to 160 plies (a fixed xorshift seed).
fn positions(games: usize) -> Vec<Position> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start(&RuleSet::standard());
        for _ in 0..160 {
            let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
            if legal.is_empty() {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if pos.play(legal[(x % legal.len() as u64) as usize]).is_err() {
                break;
            }
            out.push(pos.clone());
        }
    }
    out
}

fn main() {
    let positions = positions(60);
    let rounds = 200;
    let mut best = f64::INFINITY;
    let mut checksum = 0i64;
    for _ in 0..5 {
        let start = Instant::now();
        for _ in 0..rounds {
            for p in &positions {
                checksum += i64::from(static_evaluation(black_box(p)));
            }
        }
        let ns = start.elapsed().as_nanos() as f64 / (rounds * positions.len()) as f64;
        best = best.min(ns);
    }
    println!(
        "standard evaluation: {best:.0} ns a call (best of 5 rounds of {} positions × {rounds}; checksum {checksum})",
        positions.len()
    );
}
