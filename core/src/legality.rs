//! Checking a move from outside, and naming the rule it breaks when it is illegal.

use crate::attacks;
use crate::moves::Move;
use crate::piece::PieceKind;
use crate::position::Position;
use crate::square::Square;
use serde::{Deserialize, Serialize};

/// Why a move was refused. Each variant names the rule; `Display` says it in plain words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
pub enum IllegalMove {
    #[error("the game is over")]
    GameOver,
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    #[error("the piece on {0} is not yours")]
    NotYourPiece(Square),
    #[error("that piece cannot move from {0} to {1}")]
    CannotReach(Square, Square),
    #[error("{0} is occupied by your own piece")]
    OwnPiece(Square),
    #[error("no piece may land on a king ({0})")]
    KingOnSquare(Square),
    #[error("that piece cannot promote on this move")]
    CannotPromote,
    #[error("that piece must promote: it would have no further move")]
    MustPromote,
    #[error("you have no such piece in hand")]
    NotInHand,
    #[error("a piece may only be dropped on an empty square")]
    DropOnOccupied,
    #[error("a dropped piece must have a further move (no pawn or lance on the last line, no knight on the last two)")]
    NoFurtherMove,
    #[doc(alias = "nifu")]
    #[error("nifu (二歩): you already have an unpromoted pawn on that line")]
    DoublePawn,
    #[doc(alias = "uchifuzume")]
    #[error("uchifuzume (打ち歩詰め): a pawn drop may not give checkmate")]
    PawnDropMate,
    #[error("a pawn may not be dropped directly in front of a turned-over king")]
    PawnDropBeforeDeadKing,
    #[error("your king would be in check")]
    KingInCheck,
    #[error("your partner's king would be in check")]
    PartnerInCheck,
}

/// `Ok` exactly when `m` is one of `pos.legal_moves()`.
pub(crate) fn check(pos: &Position, m: Move) -> Result<(), IllegalMove> {
    if pos.is_decided_by_elimination() {
        return Err(IllegalMove::GameOver);
    }
    if pos.legal_moves().contains(m) {
        return Ok(());
    }
    Err(diagnose(pos, m))
}

impl Position {
    /// Is `m` legal for the seat to move?
    pub fn is_legal(&self, m: Move) -> bool {
        check(self, m).is_ok()
    }

    /// The first rule `m` breaks for the seat to move (None when it is legal): what a player
    /// who tried it is told.
    pub fn why_illegal(&self, m: Move) -> Option<IllegalMove> {
        check(self, m).err()
    }
}

/// The first rule `m` breaks (the move is known to be illegal).
fn diagnose(pos: &Position, m: Move) -> IllegalMove {
    let me = pos.to_move();
    let to = m.to();
    let landing = pos.piece_at(to);
    if let Some(kind) = m.drop_kind() {
        if pos.hand(me).count(kind) == 0 {
            return IllegalMove::NotInHand;
        }
        if landing.is_some() {
            return IllegalMove::DropOnOccupied;
        }
        let depth = to.depth(me);
        let dead_end = match kind {
            PieceKind::Pawn | PieceKind::Lance => depth >= 8,
            PieceKind::Knight => depth >= 7,
            _ => false,
        };
        if dead_end {
            return IllegalMove::NoFurtherMove;
        }
        if kind == PieceKind::Pawn {
            let mut own_pawns = pos.by_kind[PieceKind::Pawn.index()]
                & pos.by_owner[me.index()]
                & pos.by_facing[me.index()];
            let line_has_pawn = Iterator::any(&mut own_pawns, |sq| sq.lane(me) == to.lane(me));
            if line_has_pawn {
                return IllegalMove::DoublePawn;
            }
            let before_dead_king = to.step(me, 0, 1).is_some_and(|front| {
                pos.piece_at(front)
                    .is_some_and(|p| p.kind() == PieceKind::King && !pos.is_live(p.owner()))
            });
            if before_dead_king && !pos.rules.pawn_drop_before_dead_king {
                return IllegalMove::PawnDropBeforeDeadKing;
            }
        }
    } else if let Some(from) = m.from() {
        let Some(p) = pos.piece_at(from) else {
            return IllegalMove::NoPiece(from);
        };
        if p.owner() != me {
            return IllegalMove::NotYourPiece(from);
        }
        if !attacks::piece(p.kind(), p.facing(), from, pos.occupied()).contains(to) {
            return IllegalMove::CannotReach(from, to);
        }
        if let Some(q) = landing {
            if q.kind() == PieceKind::King {
                return IllegalMove::KingOnSquare(to);
            }
            if pos.friendly_pieces(me).contains(to) {
                return IllegalMove::OwnPiece(to);
            }
        }
        let f = p.facing();
        if m.promotes() && !(p.kind().can_promote() && (from.in_zone(f) || to.in_zone(f))) {
            return IllegalMove::CannotPromote;
        }
        if !m.promotes() && pos.legal_moves().contains(Move::normal(from, to, true)) {
            return IllegalMove::MustPromote;
        }
    }
    // The move is well formed; it must break a safety rule.
    let mut after = pos.clone();
    after.apply_raw(me, m);
    if after.checkers(me).any() {
        return IllegalMove::KingInCheck;
    }
    if let Some(partner) = pos.partner(me) {
        if after.checkers(partner).any() {
            return IllegalMove::PartnerInCheck;
        }
    }
    if m.drop_kind() == Some(PieceKind::Pawn) {
        return IllegalMove::PawnDropMate;
    }
    IllegalMove::KingInCheck
}
