//! Tests of the Yonin search against a plain alpha-beta over the same BRS+ tree: every child
//! of a node must be searched in the same layer state, whatever window PVS gives it.

use super::*;
use crate::bot::eval_yonin::evaluate;
use crate::rules::RuleSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The BRS+ tree written out once more, searched by textbook alpha-beta: a max node tries all
/// moves, a min node that has not branched tries all moves (depth − 1, branched) and first the
/// branch handed on by its ordering move when another opponent moves next (depth unchanged, up
/// to `hand_on_plies`), a branched min node plays its ordering move only.
fn reference(
    b: &mut Brs,
    pos: &Position,
    depth: i32,
    mut alpha: i32,
    mut beta: i32,
    ply: usize,
    branched: bool,
) -> i32 {
    if let Some(s) = b.terminal(pos, ply) {
        return s;
    }
    if let Some(s) = b.repetition(pos.hash(), ply) {
        return s;
    }
    if depth <= 0 {
        return b.qsearch(pos, alpha, beta, ply, 0);
    }
    if ply >= MAX_PLY - 4 {
        return evaluate(pos, b.root);
    }
    let list = pos.legal_moves();
    if list.is_empty() {
        return evaluate(pos, b.root);
    }
    let maxing = b.is_max(pos, pos.to_move());
    let mut children: Vec<(Move, i32, bool)> = Vec::new();
    if maxing {
        children.extend(list.iter().map(|&m| (m, depth - 1, false)));
    } else {
        let om = b.ordering_move(pos, list.as_slice(), 0);
        if branched {
            children.push((om, depth, true));
        } else {
            let mut c = pos.clone();
            c.play_unchecked(om);
            let next_opponent = !b.is_max(&c, c.to_move());
            if ply <= b.hand_on_plies && next_opponent && b.terminal(&c, ply + 1).is_none() {
                children.push((om, depth, false));
            }
            children.extend(list.iter().map(|&m| (m, depth - 1, true)));
        }
    }
    let mut best = if maxing { -INF } else { INF };
    for (m, d, br) in children {
        let mut c = pos.clone();
        c.play_unchecked(m);
        b.push(pos, &c);
        let s = reference(b, &c, d, alpha, beta, ply + 1, br);
        b.path.pop();
        if maxing {
            best = best.max(s);
            alpha = alpha.max(s);
        } else {
            best = best.min(s);
            beta = beta.min(s);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Positions of seeded random Yonin games after `plies` moves.
fn random_position(seed: u64, plies: usize) -> Position {
    let mut pos = Position::start(&RuleSet::yonin());
    let mut x = seed | 1;
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        pos.play_unchecked(legal.as_slice()[(x % legal.len() as u64) as usize]);
    }
    pos
}

fn control() -> Control {
    let stop = Arc::new(AtomicBool::new(false));
    let long = Duration::from_secs(3600);
    Control::new(long, long, u64::MAX, stop)
}

#[test]
fn search_scores_the_same_tree_as_plain_alpha_beta() {
    let mut compared = 0;
    for (seed, plies) in [(7u64, 8usize), (11, 20), (23, 36), (41, 60)] {
        let pos = random_position(seed, plies);
        if pos.legal_moves().len() < 2 || pos.is_decided_by_elimination() {
            continue;
        }
        // Every opponent may branch at every layer; then (Hard) only in the first layer.
        let settings = (1..=4).map(|d| (d, MAX_PLY)).chain([(4, 3), (5, 3)]);
        for (depth, hand_on_plies) in settings {
            let (mut ctl, mut tt, mut ord) = (control(), Tt::new(4), Ordering::new());
            let mut b = Brs::new(&mut ctl, &mut tt, &mut ord, pos.to_move(), &[]);
            b.exact = true;
            b.hand_on_plies = hand_on_plies;
            b.path.push((pos.hash(), 0));
            let mut moves = pos.legal_moves().to_vec();
            let (_, got) = b.root_search(&pos, &mut moves, depth).expect("a move");

            let (mut ctl, mut tt, mut ord) = (control(), Tt::new(4), Ordering::new());
            let mut r = Brs::new(&mut ctl, &mut tt, &mut ord, pos.to_move(), &[]);
            r.hand_on_plies = hand_on_plies;
            r.path.push((pos.hash(), 0));
            let mut want = -INF;
            for m in pos.legal_moves().iter().copied() {
                let mut c = pos.clone();
                c.play_unchecked(m);
                r.push(&pos, &c);
                let s = reference(&mut r, &c, depth - 1, want, INF, 1, false);
                r.path.pop();
                want = want.max(s);
            }
            assert_eq!(
                got, want,
                "seed {seed}, {plies} plies, depth {depth}, hand on to ply {hand_on_plies}"
            );
            compared += 1;
        }
    }
    assert!(compared >= 18, "{compared} searches compared");
}
