//! A checks-only mate search for standard shogi (tsume): iterative deepening over odd
//! depths (mate in 1, 3, 5 …) with a table of refuted positions and a node budget.

use super::control::NodeBudget;
use crate::attacks;
use crate::moves::{Move, MoveList};
use crate::piece::PieceKind;
use crate::position::Position;
use crate::square_set::SquareSet;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// The result of a mate search: the first move and the mate length in plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MateFound {
    pub first: Move,
    pub plies: i32,
}

struct Mater<'a> {
    budget: NodeBudget<'a>,
    /// Attacker-to-move positions known not to mate within the stored depth.
    refuted: HashMap<u64, i32>,
}

/// Can `m` give check to `king` (directly, or by opening a line)? A cheap filter before
/// playing the move; false negatives are impossible, false positives are checked by playing.
pub(crate) fn may_check(pos: &Position, m: Move, king: crate::square::Square) -> bool {
    let me = pos.to_move();
    let to = m.to();
    let mut occ = pos.occupied();
    let (kind, facing) = match m.from() {
        Some(f) => {
            let Some(p) = pos.piece_at(f) else {
                return true;
            };
            // A piece leaving a line through the king may uncover a slider.
            if attacks::line(king, f).any() && !attacks::line(king, f).contains(to) {
                return true;
            }
            occ.remove(f);
            let k = if m.promotes() {
                p.kind().promoted()
            } else {
                p.kind()
            };
            (k, p.facing())
        }
        None => (m.drop_kind().unwrap_or(PieceKind::Pawn), me),
    };
    occ |= SquareSet::from_square(to);
    attacks::piece(kind, facing, to, occ).contains(king)
}

impl Mater<'_> {
    /// The attacker to move mates within `depth` plies (odd) by checks only.
    fn attack(&mut self, pos: &Position, depth: i32) -> Option<Move> {
        if depth <= 0 || self.budget.tick() {
            return None;
        }
        let key = pos.hash();
        if self.refuted.get(&key).is_some_and(|&d| d >= depth) {
            return None;
        }
        let me = pos.to_move();
        let them = me.opposite();
        let king = pos.king(them)?;
        let mut list = MoveList::new();
        pos.legal_moves_into(&mut list);
        // Checks in an order that finds mates early: drops and captures close to the king.
        let mut checks: Vec<(i32, Move, Position)> = Vec::new();
        for &m in list.iter() {
            if !may_check(pos, m, king) {
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            if !child.in_check(them) {
                continue;
            }
            let mut replies = MoveList::new();
            child.legal_moves_into(&mut replies);
            if replies.is_empty() {
                return Some(m);
            }
            let mut order = -(replies.len() as i32) * 4;
            if m.promotes() || pos.piece_at(m.to()).is_some() {
                order += 3;
            }
            checks.push((order, m, child));
        }
        if depth < 3 {
            return None;
        }
        checks.sort_by_key(|c| std::cmp::Reverse(c.0));
        for (_, m, child) in checks {
            if self.defend(&child, depth - 1) {
                return Some(m);
            }
            if self.budget.aborted {
                return None;
            }
        }
        if !self.budget.aborted {
            self.refuted.insert(key, depth);
        }
        None
    }

    /// Every reply of the defender (in check) still loses within `depth` plies.
    fn defend(&mut self, pos: &Position, depth: i32) -> bool {
        if self.budget.tick() {
            return false;
        }
        let mut list = MoveList::new();
        pos.legal_moves_into(&mut list);
        if list.is_empty() {
            return true;
        }
        if depth <= 1 {
            return false;
        }
        // Captures of the checker first: they refute most tries at once.
        let mut moves = list.to_vec();
        moves.sort_by_key(|m| pos.piece_at(m.to()).is_none());
        for m in moves {
            let mut child = pos.clone();
            child.play_unchecked(m);
            if self.attack(&child, depth - 1).is_none() {
                return false;
            }
        }
        true
    }
}

/// Looks for a mate by checks for the side to move within `max_plies` plies (1, 3, 5 …),
/// spending at most `budget` nodes and giving up at `deadline`. Standard shogi only.
pub fn find_mate(
    pos: &Position,
    max_plies: i32,
    budget: u64,
    deadline: Option<Instant>,
    stop: &Arc<AtomicBool>,
) -> Option<MateFound> {
    if pos.variant() != crate::rules::Variant::Standard {
        return None;
    }
    let mut mater = Mater {
        budget: NodeBudget::new(budget, deadline, stop),
        refuted: HashMap::new(),
    };
    let mut depth = 1;
    while depth <= max_plies {
        if let Some(first) = mater.attack(pos, depth) {
            return Some(MateFound {
                first,
                plies: depth,
            });
        }
        if mater.budget.aborted {
            return None;
        }
        depth += 2;
    }
    None
}
