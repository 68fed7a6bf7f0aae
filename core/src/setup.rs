//! `Setup`: a parsed, not yet validated position, and the checks that make it a `Position`.

use crate::hand::Hand;
use crate::piece::{Piece, PieceKind};
use crate::position::{EliminationReason, Position};
use crate::rules::{RuleSet, Variant};
use crate::seat::Seat;
use crate::square::Square;
use crate::square_set::SquareSet;
use serde::{Deserialize, Serialize};

/// A position as written in a record, before any rule is checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: [Option<Piece>; 81],
    pub hands: [Hand; 4],
    pub to_move: Seat,
    /// Eliminated seats in order (Yonin).
    pub dead: Vec<Seat>,
    pub ply: u32,
}

/// Why a parsed position cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum InvalidPosition {
    #[error("{0} must have exactly one king")]
    KingCount(Seat),
    #[error("there is a piece of {0}, which does not play in this variant")]
    SeatNotInPlay(Seat),
    #[error("the piece on {0} could never move again (pawn or lance on its last line, knight on its last two)")]
    DeadEndPiece(Square),
    #[error("too many pieces of kind {0:?} for the sets in play")]
    TooManyPieces(PieceKind),
    #[error("nifu on the board: two unpromoted pawns of {0} on one line")]
    DoublePawn(Seat),
    #[error("the side not to move is in check")]
    OpponentInCheck,
    #[error("the seat to move has been eliminated")]
    DeadToMove,
    #[error("a seat is listed as eliminated twice")]
    DeadTwice,
    #[error("the piece on {0} faces another seat than its owner's (only a mated army passed to the mating seat does, and never a king)")]
    ForeignFacing(Square),
}

impl Setup {
    /// Checks the position against the rules and builds it.
    pub fn into_position(self, rules: &RuleSet) -> Result<Position, InvalidPosition> {
        let variant = rules.variant;
        let seats = variant.seats();
        let mut pos = Position::empty(rules);
        let mut counts = [0u32; 14];
        let mut kings = [0u32; 4];
        for sq in Square::all() {
            let Some(p) = self.board[sq.index()] else {
                continue;
            };
            if !seats.contains(p.owner()) || !seats.contains(p.facing()) {
                return Err(InvalidPosition::SeatNotInPlay(p.owner()));
            }
            let depth = sq.depth(p.facing());
            let dead_end = match p.kind() {
                // Only the last line: under the last-two-lines promotion house rule a pawn
                // may still be dropped on the second-to-last line (it promotes as it moves).
                PieceKind::Pawn => depth >= 8,
                PieceKind::Lance => depth >= 8,
                PieceKind::Knight => depth >= 7,
                _ => false,
            };
            if dead_end {
                return Err(InvalidPosition::DeadEndPiece(sq));
            }
            if p.kind() == PieceKind::King {
                kings[p.owner().index()] += 1;
            }
            counts[p.kind().unpromoted().index()] += 1;
            pos.put(sq, p);
        }
        for s in seats.iter() {
            if kings[s.index()] != 1 {
                return Err(InvalidPosition::KingCount(s));
            }
        }
        for s in Seat::ALL {
            let hand = self.hands[s.index()];
            if !hand.is_empty() && !seats.contains(s) {
                return Err(InvalidPosition::SeatNotInPlay(s));
            }
            for (k, n) in hand.pieces() {
                counts[k.index()] += n as u32;
                for _ in 0..n {
                    pos.hand_add(s, k);
                }
            }
        }
        let full: [u32; 8] = match variant {
            // P L N S G B R K
            Variant::Standard => [18, 4, 4, 4, 4, 2, 2, 2],
            Variant::Yonin => [12, 0, 0, 8, 8, 0, 4, 4],
        };
        for k in PieceKind::ALL.into_iter().take(8) {
            if counts[k.index()] > full[k.index()] {
                return Err(InvalidPosition::TooManyPieces(k));
            }
        }
        for s in seats.iter() {
            let pawns = pos.by_kind[PieceKind::Pawn.index()]
                & pos.by_owner[s.index()]
                & pos.by_facing[s.index()];
            let mut lanes = 0u16;
            for sq in pawns {
                let bit = 1u16 << sq.lane(s);
                if lanes & bit != 0 {
                    return Err(InvalidPosition::DoublePawn(s));
                }
                lanes |= bit;
            }
        }
        for (i, &d) in self.dead.iter().enumerate() {
            if self.dead[..i].contains(&d) {
                return Err(InvalidPosition::DeadTwice);
            }
            if !seats.contains(d) {
                return Err(InvalidPosition::SeatNotInPlay(d));
            }
            // How a seat of a record went out is not written in YSFEN; the reason is nominal.
            pos.eliminate(d, None, EliminationReason::Checkmate);
        }
        if !seats.contains(self.to_move) {
            return Err(InvalidPosition::SeatNotInPlay(self.to_move));
        }
        // A piece faces another seat only when it came from a mated (so dead) seat's army
        // under the house rule that passes the army to the mating seat.
        for sq in Square::all() {
            let Some(p) = self.board[sq.index()] else {
                continue;
            };
            if p.owner() != p.facing()
                && (p.kind() == PieceKind::King
                    || !pos.rules.army_to_mater
                    || pos.live.contains(p.facing()))
            {
                return Err(InvalidPosition::ForeignFacing(sq));
            }
        }
        // The seat to move is live; a finished game shows its survivor (in teams, a seat of
        // the winning side).
        if !pos.live.contains(self.to_move) {
            return Err(InvalidPosition::DeadToMove);
        }
        pos.set_to_move(self.to_move);
        pos.ply = self.ply.max(1);
        if variant == Variant::Standard && pos.in_check(self.to_move.opposite()) {
            return Err(InvalidPosition::OpponentInCheck);
        }
        Ok(pos)
    }

    /// The setup of a position (for writing records).
    pub fn from_position(pos: &Position) -> Setup {
        Setup {
            board: pos.board,
            hands: pos.hands,
            to_move: pos.to_move,
            dead: pos.dead().collect(),
            ply: pos.ply,
        }
    }

    /// Squares holding a piece.
    pub fn occupied(&self) -> SquareSet {
        Square::all()
            .filter(|sq| self.board[sq.index()].is_some())
            .collect()
    }
}
