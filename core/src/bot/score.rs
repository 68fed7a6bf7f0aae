//! Search scores: the infinity and mate constants, mate scores moved between root and node
//! distance for the table, the bound a finished node stores, and the score USI reports.

use super::tt::Bound;
use super::Score;

pub(crate) const INF: i32 = 31_000;
pub(crate) const MATE: i32 = 30_000;
/// Scores beyond this are mates (or eliminations) at a known distance.
pub(crate) const MATE_BOUND: i32 = 29_000;

/// A mate score relative to the root becomes relative to the node for the table, and back.
#[inline]
pub(crate) fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The bound that `best` is for a node searched with the window `(alpha, beta)` (from the
/// maximising side's point of view).
#[inline]
pub(crate) fn bound_of(best: i32, alpha: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// The score of a finished root search as reported (`mate n` in plies, or centipawns).
pub(crate) fn report_score(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Mate(MATE - score)
    } else if score <= -MATE_BOUND {
        Score::Mate(-(MATE + score))
    } else {
        Score::Cp(score)
    }
}
