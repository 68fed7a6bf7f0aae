//! Seeded random games for the bot's unit tests and benchmarks: the positions along one game.

use crate::position::Position;
use crate::rules::RuleSet;

/// The positions of a seeded random game under `rules`, the start first, at most `plies`
/// moves (fewer when the game ends).
pub fn random_game(rules: &RuleSet, seed: u64, plies: usize) -> Vec<Position> {
    let mut pos = Position::start(rules);
    let mut x = seed | 1;
    let mut out = vec![pos.clone()];
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        pos.play_unchecked(legal.as_slice()[(x % legal.len() as u64) as usize]);
        out.push(pos.clone());
    }
    out
}
