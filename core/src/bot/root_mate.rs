//! The bot's mate check before its main search: in standard shogi the exhaustive checks-only
//! search for the shortest short mate, then the df-pn solver for longer ones; in Yonin, once two
//! seats are left, the df-pn solver. Each runs on a share of the move's budget.

use super::dfpn::{solve_mate, MateVerdict};
use super::level::LevelParams;
use super::mate::find_mate;
use super::Limits;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Variant;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A mate found at the root: the move to play and the length of the mate in plies.
pub(crate) fn mate_at_root(
    pos: &Position,
    params: &LevelParams,
    limits: Limits,
    time: Duration,
    history: &[u64],
    stop: &Arc<AtomicBool>,
) -> Option<(Move, i32)> {
    if params.mate_search <= 0 {
        return None;
    }
    let started = Instant::now();
    let standard = pos.variant() == Variant::Standard;
    if !standard && pos.live().len() != 2 {
        return None;
    }
    // A node cap when nodes bind (the search repeats exactly), else a share of the time.
    let short_budget = match limits.nodes {
        Some(n) => (n / 8).min(params.mate_nodes),
        None => params.mate_nodes,
    };
    let deadline = started + time.mul_f64(0.1);
    if standard {
        if let Some(found) = find_mate(pos, params.mate_search, short_budget, Some(deadline), stop)
        {
            return Some((found.first, found.plies));
        }
    }
    if params.dfpn_nodes == 0 {
        return None;
    }
    let budget = match limits.nodes {
        Some(n) => (n / 8).min(params.dfpn_nodes),
        None => params.dfpn_nodes,
    };
    let deadline = started + time.mul_f64(0.2);
    match solve_mate(pos, budget, Some(deadline), stop, history) {
        MateVerdict::Mate { first, plies } => Some((first, plies as i32)),
        MateVerdict::NoMate | MateVerdict::Unknown => None,
    }
}
