//! What a move changes on the board and in the mover's hand, looked up once a move for the
//! sums the search keeps from ply to ply (the board part and the network's hidden sums).

use crate::moves::Move;
use crate::piece::PieceKind;
use crate::position::Position;
use crate::seat::Seat;
use crate::square::Square;

/// The pieces a move of the side to move takes off, puts on and takes into hand.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Change {
    /// The side that moves.
    pub me: Seat,
    /// The moving piece's kind and square before the move; `None` for a drop.
    pub from: Option<(PieceKind, Square)>,
    /// The destination.
    pub to: Square,
    /// The kind standing on `to` after the move (promoted if the move promotes).
    pub placed: PieceKind,
    /// The captured piece's kind as it stood.
    pub victim: Option<PieceKind>,
    /// The kind (its hand index) that leaves the mover's hand (a drop) or enters it (a
    /// capture, unpromoted), with how many the mover held before the move.
    pub hand: Option<(usize, usize)>,
}

impl Change {
    /// The change `m` makes in `pos`; `None` for a move naming no piece (the searches only
    /// make legal moves, so never there).
    #[inline]
    pub(crate) fn of(pos: &Position, m: Move) -> Option<Change> {
        let me = pos.to_move();
        let to = m.to();
        let hand = &pos.hand(me).0;
        Some(match m.from() {
            None => {
                let kind = m.drop_kind()?;
                Change {
                    me,
                    from: None,
                    to,
                    placed: kind,
                    victim: None,
                    hand: Some((kind.index(), hand[kind.index()] as usize)),
                }
            }
            Some(from) => {
                let kind = pos.piece_at(from)?.kind();
                let victim = pos.piece_at(to).map(|p| p.kind());
                let taken = victim
                    .map(|v| v.unpromoted().index())
                    .filter(|&k| k < hand.len())
                    .map(|k| (k, hand[k] as usize));
                Change {
                    me,
                    from: Some((kind, from)),
                    to,
                    placed: if m.promotes() { kind.promoted() } else { kind },
                    victim,
                    hand: taken,
                }
            }
        })
    }

    /// Whether the mover's king moves (every piece's place from it changes).
    #[inline]
    pub(crate) fn moves_king(&self) -> bool {
        matches!(self.from, Some((PieceKind::King, _)))
    }
}
