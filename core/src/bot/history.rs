//! What every history table of the move ordering shares: the bound its scores keep to and the
//! update that moves a score toward a bound (`gravity`, also the correction history's), and the
//! piece a move moves (`mover`), by which the tables are indexed.

use crate::moves::Move;
use crate::piece::PieceKind;
use crate::position::Position;

/// History scores stay within this bound (see [`gravity`]).
pub(crate) const HISTORY_LIMIT: i32 = 16_384;

/// A score `v` moved by `bonus` (a malus when negative), the less the nearer it already is to
/// `limit` on that side, so it never leaves ±`limit` (for `|bonus| ≤ limit`).
#[inline]
pub(crate) fn gravity(v: i32, bonus: i32, limit: i32) -> i32 {
    v + bonus - v * bonus.abs() / limit
}

/// The moving piece's kind (dropped kind for drops).
#[inline]
pub(crate) fn mover(pos: &Position, m: Move) -> PieceKind {
    match m.from() {
        Some(f) => pos.piece_at(f).map(|p| p.kind()).unwrap_or(PieceKind::Pawn),
        None => m.drop_kind().unwrap_or(PieceKind::Pawn),
    }
}
