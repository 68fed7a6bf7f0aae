//! What every history table of the move ordering shares: the bound its scores keep to and the
//! update that moves a score toward it (`gravity`), and the piece a move moves (`mover`), by
//! which the tables are indexed.

use crate::moves::Move;
use crate::piece::PieceKind;
use crate::position::Position;

/// History scores stay within this bound (see [`gravity`]).
pub(crate) const HISTORY_LIMIT: i32 = 16_384;

/// A history score `v` moved by `bonus` (a malus when negative), the less the nearer it already
/// is to `HISTORY_LIMIT` on that side, so it never leaves the bound.
#[inline]
pub(crate) fn gravity(v: i32, bonus: i32) -> i32 {
    v + bonus - v * bonus.abs() / HISTORY_LIMIT
}

/// The moving piece's kind (dropped kind for drops).
#[inline]
pub(crate) fn mover(pos: &Position, m: Move) -> PieceKind {
    match m.from() {
        Some(f) => pos.piece_at(f).map(|p| p.kind()).unwrap_or(PieceKind::Pawn),
        None => m.drop_kind().unwrap_or(PieceKind::Pawn),
    }
}
