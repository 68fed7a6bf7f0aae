//! The opening book of the `strength` harness's standard matches: 24 four-ply lines (static
//! and ranging rook, bishop exchange, centre pawn) and, past them, the same lines taken two
//! plies further by near-best moves, so that long matches between deterministic engines do
//! not replay their games.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use yonin_core::bot::{Bot, Level, Limits, Score, SearchOptions};
use yonin_core::{Move, Position, RuleSet};
use yonin_server::bots::splitmix;

/// The base lines, in USI.
pub const BASE: [&str; 24] = [
    "7g7f 3c3d 2g2f 4c4d",
    "7g7f 3c3d 2g2f 8c8d",
    "7g7f 3c3d 6g6f 8c8d",
    "7g7f 3c3d 2h6h 4c4d",
    "7g7f 8c8d 2g2f 8d8e",
    "7g7f 8c8d 6g6f 8d8e",
    "7g7f 8c8d 2h7h 3c3d",
    "2g2f 8c8d 2f2e 8d8e",
    "2g2f 8c8d 2f2e 4a3b",
    "2g2f 3c3d 2f2e 2b3c",
    "2g2f 3c3d 7g7f 4a3b",
    "5g5f 3c3d 2h5h 4a3b",
    "5g5f 8c8d 2h5h 8d8e",
    "6g6f 8c8d 2h6h 3c3d",
    "6g6f 3c3d 6i7h 8c8d",
    "7g7f 3c3d 2g2f 5c5d",
    "7g7f 5c5d 2h5h 3c3d",
    "7g7f 3c3d 5g5f 8c8d",
    "7g7f 3c3d 6g6f 4c4d",
    "7g7f 3c3d 8h2b+ 3a2b",
    "7g7f 8c8d 7i6h 8d8e",
    "2g2f 8c8d 6i7h 8d8e",
    "7g7f 3c3d 5g5f 5c5d",
    "7g7f 3c3d 4g4f 8c8d",
];

/// A move is near-best when a short search scores it within this many centipawns of the best.
const MARGIN: i32 = 60;
/// An extended line is kept when a short search scores it within this many centipawns of even.
const BALANCE: i32 = 150;
/// The node budget of the search that scores each candidate move.
const NODES: u64 = 10_000;
/// The golden-ratio step that spreads the seeds of the lines and of their attempts.
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The moves of line `index`: base line `index % 24`, and from the second round on
/// (`index >= 24`) two more plies: the round's pick among the near-best moves (so rounds
/// differ while there are enough), then a seeded pick among the near-best replies. When a
/// short search finds the result more than `BALANCE` from even, the next near-best first move
/// is tried (the most even of all tried is kept when none is). The same index always gives
/// the same line.
pub fn line(index: usize) -> Vec<Move> {
    let base = BASE[index % BASE.len()];
    let moves: Vec<Move> = base
        .split_whitespace()
        .map(|t| Move::from_usi(t).expect("book move"))
        .collect();
    let round = index / BASE.len();
    if round == 0 {
        return moves;
    }
    let mut pos = Position::start(&RuleSet::standard());
    for m in &moves {
        pos.play(*m).expect("book move legal");
    }
    let seed = (index as u64).wrapping_mul(GOLDEN) | 1;
    let firsts = near_best(&pos);
    let mut most_even: Option<(i32, [Move; 2])> = None;
    for k in 0..firsts.len() {
        let first = firsts[(round - 1 + k) % firsts.len()];
        let mut after = pos.clone();
        after.play(first).expect("a legal move");
        let replies = near_best(&after);
        let pick = splitmix(seed.wrapping_add((k as u64).wrapping_mul(GOLDEN)))
            % replies.len().max(1) as u64;
        let Some(&reply) = replies.get(pick as usize) else {
            continue;
        };
        after.play(reply).expect("a legal move");
        let off = short_search(&after).abs();
        if most_even.is_none_or(|(o, _)| off < o) {
            most_even = Some((off, [first, reply]));
        }
        if off <= BALANCE {
            break;
        }
    }
    let mut line = moves;
    if let Some((_, extra)) = most_even {
        line.extend(extra);
    }
    line
}

/// The legal moves a short search scores within `MARGIN` of the best, best first (ties in
/// USI order, so the list does not depend on move generation order).
fn near_best(pos: &Position) -> Vec<Move> {
    let mut scored: Vec<(i32, Move)> = pos
        .legal_moves()
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play(m).expect("a legal move");
            (-short_search(&child), m)
        })
        .collect();
    scored.sort_by(|a, b| {
        b.0.cmp(&a.0)
            .then_with(|| a.1.to_string().cmp(&b.1.to_string()))
    });
    let best = scored.first().map_or(0, |s| s.0);
    scored
        .into_iter()
        .take_while(|s| s.0 >= best - MARGIN)
        .map(|s| s.1)
        .collect()
}

/// The score of `pos` for its side to move by a fresh Hard bot on `NODES` nodes (mates as
/// ±30 000).
fn short_search(pos: &Position) -> i32 {
    if pos.legal_moves().is_empty() {
        return -30_000;
    }
    let mut bot = Bot::with_hash(Level::Hard, 1, 1);
    let stop = Arc::new(AtomicBool::new(false));
    let r = bot.search(
        pos,
        Limits::nodes(NODES),
        &SearchOptions::default(),
        stop,
        &mut |_| {},
    );
    match r.score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n >= 0 => 30_000 - n,
        Score::Mate(n) => -30_000 - n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play_out(moves: &[Move]) -> Position {
        let mut pos = Position::start(&RuleSet::standard());
        for m in moves {
            pos.play(*m)
                .unwrap_or_else(|e| panic!("{m} in {moves:?}: {e}"));
        }
        pos
    }

    #[test]
    fn base_lines_are_legal_and_distinct() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..BASE.len() {
            let l = line(i);
            assert_eq!(l.len(), 4);
            assert!(
                seen.insert(play_out(&l).hash()),
                "line {i} repeats an earlier one"
            );
        }
    }

    #[test]
    fn later_rounds_extend_their_base_line_and_differ() {
        let mut seen = std::collections::HashSet::new();
        for round in 1..4 {
            let index = round * BASE.len() + 9;
            let l = line(index);
            assert_eq!(l.len(), 6, "round {round}");
            assert_eq!(
                l[..4],
                line(9)[..],
                "round {round} starts with its base line"
            );
            let pos = play_out(&l);
            assert!(
                seen.insert(pos.hash()),
                "round {round} repeats an earlier round"
            );
            // Still a game: neither side is mated, and a short search sees no large edge.
            assert!(!pos.legal_moves().is_empty());
            let score = short_search(&pos);
            assert!(score.abs() <= BALANCE, "round {round}: {score} cp");
        }
        // The same index, the same line.
        assert_eq!(line(BASE.len() * 2 + 9), line(BASE.len() * 2 + 9));
    }
}
