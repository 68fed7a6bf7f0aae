//! Evaluation benchmark: times the standard static evaluation alone, in nanoseconds a call on
//! one core, over the positions of 60 seeded random games, so that a change to the evaluation is
//! priced apart from the search's tree shape (nodes a second mix both). `cargo bench -p
//! yonin-core --bench eval`; compare two builds in one sitting.

use std::hint::black_box;
use std::time::Instant;
use yonin_core::bot::random_games::random_game;
use yonin_core::bot::tuning::static_evaluation;
use yonin_core::RuleSet;

fn main() {
    let positions: Vec<_> = (0..60u64)
        .flat_map(|g| random_game(&RuleSet::standard(), 0x9e37_79b9_7f4a_7c15 ^ g, 160))
        .collect();
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
