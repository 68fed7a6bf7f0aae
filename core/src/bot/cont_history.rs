//! Continuation history: how well each quiet move did right after a given move one or two
//! plies before it, for the standard search's move ordering and reductions.
//!
//! A move is keyed by the kind that moves (or is dropped) and its target square, seen from its
//! owner's side of the board, so both players' experience fills one table.

use crate::moves::Move;
use crate::piece::PieceKind;
use crate::position::Position;
use crate::seat::Seat;

use super::history::{gravity, mover, HISTORY_LIMIT};

/// No move (the root's missing predecessors, a null move).
pub(crate) const NO_KEY: u16 = u16::MAX;
/// Kinds times squares.
const KEYS: usize = PieceKind::COUNT * 81;

/// The moves just before a node, as keys: the one that led to it and the one before that.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Context(pub [u16; 2]);

impl Context {
    /// No known predecessors: lookups score 0 and updates do nothing.
    pub const NONE: Context = Context([NO_KEY; 2]);
}

/// The key of `m` for the side to move in `pos`.
#[inline]
pub(crate) fn key(pos: &Position, m: Move) -> u16 {
    let to = m.to().index();
    let to = if pos.to_move() == Seat::North {
        80 - to
    } else {
        to
    };
    (mover(pos, m).index() * 81 + to) as u16
}

/// Scores by (predecessor at distance 1 or 2, predecessor's key, move's key).
pub(crate) struct ContHistory {
    /// Empty until the first update (the Yonin search never uses it).
    table: Vec<i16>,
}

impl ContHistory {
    pub fn new() -> Self {
        ContHistory { table: Vec::new() }
    }

    #[inline]
    fn index(distance: usize, prev: u16, cur: u16) -> usize {
        (distance * KEYS + prev as usize) * KEYS + cur as usize
    }

    /// The summed score of the move keyed `cur` after the context's moves.
    #[inline]
    pub fn get(&self, ctx: Context, cur: u16) -> i32 {
        if self.table.is_empty() {
            return 0;
        }
        let mut s = 0;
        for (d, &prev) in ctx.0.iter().enumerate() {
            if prev != NO_KEY {
                s += i32::from(self.table[Self::index(d, prev, cur)]);
            }
        }
        s
    }

    /// Moves the move's score towards the history bound (a positive `bonus`) or its negative.
    pub fn update(&mut self, ctx: Context, cur: u16, bonus: i32) {
        if ctx == Context::NONE {
            return;
        }
        if self.table.is_empty() {
            self.table = vec![0; 2 * KEYS * KEYS];
        }
        for (d, &prev) in ctx.0.iter().enumerate() {
            if prev != NO_KEY {
                let h = &mut self.table[Self::index(d, prev, cur)];
                *h = gravity(i32::from(*h), bonus, HISTORY_LIMIT) as i16;
            }
        }
    }

    /// Halves every score so an old search weighs less than a new one.
    pub fn age(&mut self) {
        self.table.iter_mut().for_each(|h| *h /= 2);
    }

    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|h| *h = 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::history::HISTORY_LIMIT as LIMIT;
    use crate::rules::RuleSet;
    use crate::square::Square;

    #[test]
    fn keys_are_seen_from_the_owners_side() {
        let pos = Position::start(&RuleSet::standard());
        let sq = |f, r| Square::from_file_rank(f, r).unwrap();
        // ▲7g7f and, mirrored, △3c3d are the same move from each side.
        let black = key(&pos, Move::normal(sq(7, 7), sq(7, 6), false));
        let mut white_to_move = pos.clone();
        white_to_move.play_unchecked(Move::normal(sq(7, 7), sq(7, 6), false));
        let white = key(&white_to_move, Move::normal(sq(3, 3), sq(3, 4), false));
        assert_eq!(black, white);
        assert_ne!(black, key(&pos, Move::normal(sq(2, 7), sq(2, 6), false)));
    }

    #[test]
    fn updates_move_scores_and_stay_bounded() {
        let mut h = ContHistory::new();
        let ctx = Context([5, NO_KEY]);
        assert_eq!(h.get(ctx, 7), 0);
        h.update(Context::NONE, 7, 400);
        assert_eq!(h.get(ctx, 7), 0, "no context, no update");
        for _ in 0..1000 {
            h.update(ctx, 7, 400);
            h.update(ctx, 8, -400);
        }
        let (good, bad) = (h.get(ctx, 7), h.get(ctx, 8));
        assert!((10_001..=LIMIT).contains(&good), "{good}");
        assert!((-LIMIT..-10_000).contains(&bad), "{bad}");
        assert_eq!(
            h.get(Context([5, 5]), 7),
            good,
            "distance 2 is its own table"
        );
        assert_eq!(h.get(Context([6, NO_KEY]), 7), 0, "another predecessor");
        h.age();
        assert_eq!(h.get(ctx, 7), good / 2);
        h.clear();
        assert_eq!(h.get(ctx, 7), 0);
    }
}
