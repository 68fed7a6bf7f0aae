//! Tests of the standard search's root: a window the scores fall below leaves the move list
//! as it was.

use super::*;
use crate::rules::RuleSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

fn control(node_limit: u64) -> Control {
    let long = Duration::from_secs(3600);
    Control::new(long, long, node_limit, Arc::new(AtomicBool::new(false)))
}

fn positions() -> Vec<Position> {
    (0..24)
        .filter_map(|seed| {
            let game = crate::bot::random_games::random_game(&RuleSet::standard(), seed, 30);
            let pos = game.last()?.clone();
            (pos.legal_moves().len() >= 2).then_some(pos)
        })
        .collect()
}

#[test]
fn a_root_search_that_fails_low_keeps_the_best_move_first() {
    let mut searched = 0;
    for pos in positions() {
        let (mut ctl, mut tt, mut ord) = (control(u64::MAX), Tt::new(4), Ordering::new());
        let mut s = StdSearch::new(&mut ctl, &mut tt, &mut ord, &[]);
        s.path.push((pos.hash(), pos.in_check(pos.to_move())));
        let mut moves = pos.legal_moves().to_vec();
        let (best, score) = s.root(&pos, &mut moves, 3, -INF, INF).expect("a move");
        assert_eq!(moves[0], best);
        // The worst move first, and a window above the true score: every move fails low, each
        // with its own upper bound. Those bounds must not reorder the list (an iteration cut
        // short would play the move with the highest bound).
        moves.reverse();
        let alpha = (score + 50).min(MATE_BOUND - 2);
        let order = moves.clone();
        let (_, low) = s
            .root(&pos, &mut moves, 3, alpha, alpha + 1)
            .expect("a move");
        assert!(low <= alpha, "{low} should fail low under {alpha}");
        assert_eq!(moves, order);
        searched += 1;
    }
    assert!(searched >= 20, "only {searched} positions searched");
}
