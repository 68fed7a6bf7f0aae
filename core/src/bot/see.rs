//! Static exchange evaluation for the standard search: does a move gain at least a threshold
//! once every capture on its target square has been played out, least valuable piece first,
//! each side free to stop when going on would lose?

use super::eval_standard::capture_gain;
use super::history::mover;
use super::ordering::victim;
use crate::moves::Move;
use crate::piece::PieceKind;
use crate::position::Position;
use crate::square::Square;
use crate::square_set::SquareSet;

/// True when `m` (legal, by the side to move of a two-seat position) wins at least
/// `threshold` in exchange values ([`capture_gain`] per piece) on its target square.
/// Promotions of recapturing pieces and pins are not looked at.
pub(crate) fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    let to = m.to();
    let mut swap = victim(pos, m).map_or(0, capture_gain) - threshold;
    if swap < 0 {
        return false;
    }
    let moved = mover(pos, m);
    let standing = if m.promotes() {
        moved.promoted()
    } else {
        moved
    };
    swap = if moved == PieceKind::King {
        // A legal king move never lands where it can be taken.
        0
    } else {
        capture_gain(standing)
    } - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = pos.occupied();
    if let Some(f) = m.from() {
        occ.remove(f);
    }
    occ.remove(to);
    let mut attackers = pos.attackers_to(to, occ) & occ;
    let mut side = pos.to_move();
    // The answer if the exchange ended after the captures played so far.
    let mut res = true;
    loop {
        side = side.opposite();
        attackers &= occ;
        let mine = attackers & pos.pieces_of(side);
        if mine.is_empty() {
            break;
        }
        let Some((sq, kind)) = least_valuable(pos, mine) else {
            break;
        };
        res = !res;
        if kind == PieceKind::King {
            // The king may take only when nothing can take it back.
            let others = attackers & pos.pieces_of(side.opposite());
            return if others.any() { !res } else { res };
        }
        swap = capture_gain(kind) - swap;
        if swap < i32::from(res) {
            break;
        }
        occ.remove(sq);
        // Sliders behind the piece that left now see the square.
        attackers |= pos.attackers_to(to, occ) & occ;
    }
    res
}

/// The square and kind of the cheapest piece among `set`.
#[inline]
fn least_valuable(pos: &Position, set: SquareSet) -> Option<(Square, PieceKind)> {
    let mut best: Option<(Square, PieceKind, i32)> = None;
    for sq in set {
        let Some(p) = pos.piece_at(sq) else { continue };
        let k = p.kind();
        let v = if k == PieceKind::King {
            i32::MAX
        } else {
            capture_gain(k)
        };
        if best.is_none_or(|b| v < b.2) {
            best = Some((sq, k, v));
        }
    }
    best.map(|(sq, k, _)| (sq, k))
}

#[cfg(test)]
#[path = "see_tests.rs"]
mod tests;
