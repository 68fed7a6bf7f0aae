//! Tests of the standard search: a root window the scores fall below leaves the move list as
//! it was; quiescence results and evaluations reach the transposition table; stored scores
//! refine the evaluation only from the side they bound; a search without the table's move
//! leaves the table's entry alone; the root's context comes from the game; a node improves on
//! the evaluation two plies back; the reductions read from the logarithm table are the ones
//! worked out directly; searches teach the correction history.

use super::*;
use crate::bot::eval_standard::evaluate;
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
        let (mut ctl, tt, mut ord) = (control(u64::MAX), Tt::new(4), Ordering::new());
        let mut s = StdSearch::new(&mut ctl, &tt, &mut ord, &GameHistory::new());
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

#[test]
fn a_stored_score_replaces_the_evaluation_only_from_the_side_it_bounds() {
    assert_eq!(refine(100, None), 100);
    assert_eq!(refine(100, Some((40, Bound::Exact))), 40);
    // A search found at least 250: better than the evaluation's 100.
    assert_eq!(refine(100, Some((250, Bound::Lower))), 250);
    // At least 40 says nothing against 100.
    assert_eq!(refine(100, Some((40, Bound::Lower))), 100);
    assert_eq!(refine(100, Some((40, Bound::Upper))), 40);
    assert_eq!(refine(100, Some((250, Bound::Upper))), 100);
    // Mate scores are not evaluations.
    assert_eq!(refine(100, Some((MATE - 7, Bound::Exact))), 100);
}

#[test]
fn a_quiescence_search_stores_its_score_and_the_static_evaluation() {
    let mut stored = 0;
    for pos in positions() {
        if pos.in_check(pos.to_move()) {
            continue;
        }
        let (mut ctl, tt, mut ord) = (control(u64::MAX), Tt::new(4), Ordering::new());
        let mut s = StdSearch::new(&mut ctl, &tt, &mut ord, &GameHistory::new());
        let score = s.qsearch(&pos, -INF, INF, 1, 0);
        let probe = s.core.probe(pos.hash(), 0, -INF, INF, 1, true);
        assert_eq!(probe.eval, Some(evaluate(&pos)));
        // Searched with the full window: the score is exact and cuts at once.
        assert_eq!(probe.score, Some((score, Bound::Exact)));
        assert_eq!(probe.cut, Some(score));
        // A second search of the same window finds the same score.
        assert_eq!(s.qsearch(&pos, -INF, INF, 1, 0), score);
        stored += 1;
    }
    assert!(stored >= 20, "only {stored} positions searched");
}

#[test]
fn a_search_that_leaves_out_the_tables_move_stores_nothing_of_its_own() {
    let mut tested = 0;
    for pos in positions() {
        let (mut ctl, tt, mut ord) = (control(u64::MAX), Tt::new(4), Ordering::new());
        let mut s = StdSearch::new(&mut ctl, &tt, &mut ord, &GameHistory::new());
        s.path.push((pos.hash(), pos.in_check(pos.to_move())));
        s.pvs(&pos, 4, -INF, INF, 1, false);
        let before = s.core.probe(pos.hash(), 0, -INF, INF, 1, false);
        assert_ne!(before.mv, 0, "a searched node keeps its best move");
        // The singular-extension test: the same node without the table's move. Its result is
        // a bound on the other moves only and must not replace the node's entry.
        s.excluded[1] = before.mv;
        s.pvs(&pos, 4, -INF, INF, 1, false);
        s.excluded[1] = 0;
        let after = s.core.probe(pos.hash(), 0, -INF, INF, 1, false);
        assert_eq!(
            (after.mv, after.score, after.depth),
            (before.mv, before.score, before.depth)
        );
        tested += 1;
    }
    assert!(tested >= 20, "only {tested} positions searched");
}

#[test]
fn the_roots_context_is_the_games_last_two_moves() {
    let start = Position::start(&RuleSet::standard());
    let moves: Vec<Move> = ["7g7f", "3c3d", "2g2f"]
        .iter()
        .map(|s| Move::from_usi(s).unwrap())
        .collect();
    let mut before = vec![start.clone()];
    for &m in &moves {
        let mut next = before.last().unwrap().clone();
        next.play(m).unwrap();
        before.push(next);
    }
    let history = GameHistory::from_moves(&start, &moves);
    assert_eq!(history.len(), 3);
    let (mut ctl, tt, mut ord) = (control(u64::MAX), Tt::new(4), Ordering::new());
    let mut s = StdSearch::new(&mut ctl, &tt, &mut ord, &history);
    let last = cont_history::key(&before[2], moves[2]);
    let second_last = cont_history::key(&before[1], moves[1]);
    // The two pawn moves land on the same square seen from each owner's side.
    assert_eq!(second_last, cont_history::key(&before[0], moves[0]));
    assert_ne!(last, second_last);
    assert_eq!(s.context(0), Context([last, second_last]));
    s.keys[0] = 7;
    assert_eq!(s.context(1), Context([7, last]));
    s.keys[1] = 9;
    assert_eq!(s.context(2), Context([9, 7]));
    // Without a game behind the root there is no context there.
    let mut s = StdSearch::new(&mut ctl, &tt, &mut ord, &GameHistory::new());
    assert_eq!(s.context(0), Context::NONE);
    s.keys[0] = 7;
    assert_eq!(s.context(1), Context([7, NO_KEY]));
}

#[test]
fn a_node_is_improving_when_its_evaluation_beats_the_one_two_plies_back() {
    let (mut ctl, tt, mut ord) = (control(u64::MAX), Tt::new(4), Ordering::new());
    let mut s = StdSearch::new(&mut ctl, &tt, &mut ord, &GameHistory::new());
    // Too near the root to compare: improving, unless in check.
    s.evals[1] = -300;
    assert!(s.improving(1));
    s.evals[1] = NO_EVAL;
    assert!(!s.improving(1));
    s.evals[0] = 100;
    s.evals[2] = 150;
    assert!(s.improving(2));
    s.evals[2] = 100;
    assert!(!s.improving(2));
    // Two plies back was in check: four plies back counts.
    s.evals[2] = NO_EVAL;
    s.evals[4] = 120;
    assert!(s.improving(4));
    s.evals[0] = 130;
    assert!(!s.improving(4));
    // Neither has an evaluation.
    s.evals[0] = NO_EVAL;
    assert!(s.improving(4));
    // A search fills the root's evaluation in.
    let pos = positions()
        .into_iter()
        .find(|p| !p.in_check(p.to_move()))
        .unwrap();
    let mut s = StdSearch::new(&mut ctl, &tt, &mut ord, &GameHistory::new());
    s.path.push((pos.hash(), false));
    let mut moves = pos.legal_moves().to_vec();
    s.root(&pos, &mut moves, 3, -INF, INF).expect("a move");
    assert_eq!(s.evals[0], evaluate(&pos));
    // So does the weaker levels' scoring of every root move (without it, every node two
    // plies down counted as improving).
    let mut s = StdSearch::new(&mut ctl, &tt, &mut ord, &GameHistory::new());
    let scores = s.score_root_moves(&pos, &moves, 2, &vec![false; moves.len()], 50);
    assert_eq!(scores.len(), moves.len());
    assert_eq!(s.evals[0], evaluate(&pos));
}

#[test]
fn the_logarithm_table_gives_the_reductions_worked_out_directly() {
    for depth in 0..140 {
        for n in (0..1100).step_by(7) {
            let d = (depth.max(1) as f64).ln();
            let m = (n.max(1) as f64).ln();
            assert_eq!(
                reduction(depth, n),
                (0.75 + d * m / 1.9) as i32,
                "{depth} {n}"
            );
        }
    }
}

#[test]
fn searches_teach_the_correction_history_which_then_moves_the_evaluation() {
    let (mut ctl, tt, mut ord) = (control(200_000), Tt::new(4), Ordering::new());
    let pos = positions().remove(0);
    let mut s = StdSearch::new(&mut ctl, &tt, &mut ord, &GameHistory::new());
    assert!(s.run(&pos, 8, &mut |_| {}).is_some());
    let learned = ord.corr.learned();
    assert!(learned > 10, "only {learned} corrections learned");
    // What was learned reaches the static evaluation a node uses.
    let corrected = positions()
        .iter()
        .flat_map(|p| {
            p.legal_moves().to_vec().into_iter().map(move |m| {
                let mut c = p.clone();
                c.play_unchecked(m);
                c
            })
        })
        .filter(|c| !c.in_check(c.to_move()))
        .find(|c| ord.corr.get(c) != 0);
    let c = corrected.expect("a position the history corrects");
    let (raw, with, _) = node_eval(&c, Some(evaluate(&c)), &Probe::default(), &ord.corr);
    assert_eq!(with.unwrap() - raw.unwrap(), ord.corr.get(&c));
}
