//! Mate in one for the standard search's nodes: the drops and board moves that can check the
//! enemy king (landing where a piece attacks it from, or any board move when one may uncover a
//! slider), each played and tested for an escape. Exact; the search asks it at every node its
//! cheaper cutoffs leave, as a mating drop is a quiet move its pruning would otherwise skip.

use super::mate::may_check;
use crate::attacks;
use crate::movegen;
use crate::moves::{Move, MoveList};
use crate::piece::PieceKind;
use crate::position::Position;
use crate::seat::Seat;
use crate::square::Square;
use crate::square_set::SquareSet;

/// A move that checkmates the enemy king at once, if the side to move has one (standard
/// shogi, the side to move not in check). `list` is scratch space.
pub(crate) fn mate_in_one(pos: &Position, list: &mut MoveList) -> Option<Move> {
    use PieceKind::*;
    let me = pos.to_move();
    let them = me.opposite();
    let king = pos.king(them)?;
    let occ = pos.occupied();
    // Drops that check: onto the empty squares a piece of their kind attacks the king from
    // (where one facing the other way would stand if it stood on the king). A pawn drop that
    // mates is against the rules, a lance or knight attacking the king always has a square
    // ahead, and a rook mates wherever a lance does.
    let hand = pos.hand(me);
    for kind in PieceKind::HAND {
        if kind == Pawn || hand.count(kind) == 0 || (kind == Lance && hand.count(Rook) > 0) {
            continue;
        }
        for to in attacks::piece(kind, them, king, occ) & !occ {
            let m = Move::drop(kind, to);
            if mates(pos, m, them) {
                return Some(m);
            }
        }
    }
    // Board moves that land where a piece could check from, or any that may uncover a slider.
    let aim = if may_uncover(pos, king, occ) {
        SquareSet::FULL
    } else {
        attacks::near(king) | attacks::rook(king, occ) | attacks::bishop(king, occ)
    };
    pos.legal_board_moves_onto_into(list, aim);
    list.iter()
        .copied()
        .find(|&m| may_check(pos, m, king) && mates(pos, m, them))
}

/// Does the legal move `m` leave `them` in check without a legal move?
fn mates(pos: &Position, m: Move, them: Seat) -> bool {
    let mut child = pos.clone();
    child.play_unchecked(m);
    child.in_check(them) && !movegen::has_legal_move(&child, them, false)
}

/// Does one of the mover's pieces stand alone between the enemy `king` and one of the mover's
/// sliders, so that moving it off the line may give check from afar?
fn may_uncover(pos: &Position, king: Square, occ: SquareSet) -> bool {
    use PieceKind::*;
    let own = pos.pieces_of(pos.to_move());
    let lines = |kinds: &[PieceKind], reach: SquareSet| {
        kinds
            .iter()
            .fold(SquareSet::EMPTY, |acc, &k| acc | pos.pieces_of_kind(k))
            & own
            & reach
    };
    let straight = lines(&[Rook, Dragon, Lance], attacks::rook_pseudo(king));
    let diagonal = lines(&[Bishop, Horse], attacks::bishop_pseudo(king));
    for s in straight | diagonal {
        let between = attacks::between(king, s) & occ;
        if between.count() == 1 && (between & own).any() {
            return true;
        }
    }
    false
}

#[cfg(test)]
#[path = "mate1_tests.rs"]
mod tests;
