//! Move text for the record panel: the Japanese display notation of `yonin_core` (`▲7六歩`,
//! `△同　銀`, Yonin `↑5六歩(57)`), behind one function so the panel has a single source.

use yonin_core::record::notation;
use yonin_core::{Move, Position, Square};

/// The display text of `mv`, played in `pos`; `prev` is the previous move's destination (同).
pub(crate) fn display(pos: &Position, mv: Move, prev: Option<Square>) -> String {
    notation::display_move(pos, mv, prev)
}
