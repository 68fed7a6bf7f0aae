//! Piece kinds (promoted and not), and pieces on the board: a kind, an owner and a facing.

use crate::seat::Seat;
use serde::{Deserialize, Serialize};
use std::num::NonZeroU8;

/// A kind of piece. The first seven are the kinds that can be held in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PieceKind {
    Pawn = 0,
    Lance = 1,
    Knight = 2,
    Silver = 3,
    Gold = 4,
    Bishop = 5,
    Rook = 6,
    King = 7,
    #[doc(alias = "tokin")]
    ProPawn = 8,
    ProLance = 9,
    ProKnight = 10,
    ProSilver = 11,
    Horse = 12,
    Dragon = 13,
}

use PieceKind::*;

impl PieceKind {
    pub const COUNT: usize = 14;
    pub const ALL: [PieceKind; 14] = [
        Pawn, Lance, Knight, Silver, Gold, Bishop, Rook, King, ProPawn, ProLance, ProKnight,
        ProSilver, Horse, Dragon,
    ];
    /// Kinds that can be held in hand, in index order.
    pub const HAND: [PieceKind; 7] = [Pawn, Lance, Knight, Silver, Gold, Bishop, Rook];
    /// Hand kinds in the order SFEN writes them.
    pub const SFEN_HAND_ORDER: [PieceKind; 7] = [Rook, Bishop, Gold, Silver, Knight, Lance, Pawn];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Option<PieceKind> {
        if i < 14 {
            Some(PieceKind::ALL[i])
        } else {
            None
        }
    }

    pub const fn is_promoted(self) -> bool {
        self as u8 >= 8
    }

    pub const fn can_promote(self) -> bool {
        matches!(self, Pawn | Lance | Knight | Silver | Bishop | Rook)
    }

    /// The promoted kind; the kind itself if it cannot promote.
    pub const fn promoted(self) -> PieceKind {
        match self {
            Pawn => ProPawn,
            Lance => ProLance,
            Knight => ProKnight,
            Silver => ProSilver,
            Bishop => Horse,
            Rook => Dragon,
            k => k,
        }
    }

    /// The unpromoted kind (what a capture puts in hand).
    pub const fn unpromoted(self) -> PieceKind {
        match self {
            ProPawn => Pawn,
            ProLance => Lance,
            ProKnight => Knight,
            ProSilver => Silver,
            Horse => Bishop,
            Dragon => Rook,
            k => k,
        }
    }

    /// The SFEN letter of the unpromoted kind, upper case.
    pub const fn letter(self) -> char {
        match self.unpromoted() {
            Pawn => 'P',
            Lance => 'L',
            Knight => 'N',
            Silver => 'S',
            Gold => 'G',
            Bishop => 'B',
            Rook => 'R',
            _ => 'K',
        }
    }

    /// Parses an SFEN letter (either case) as an unpromoted kind.
    pub fn from_letter(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'P' => Pawn,
            'L' => Lance,
            'N' => Knight,
            'S' => Silver,
            'G' => Gold,
            'B' => Bishop,
            'R' => Rook,
            'K' => King,
            _ => return None,
        })
    }

    /// CSA's two-letter name.
    pub const fn csa(self) -> &'static str {
        match self {
            Pawn => "FU",
            Lance => "KY",
            Knight => "KE",
            Silver => "GI",
            Gold => "KI",
            Bishop => "KA",
            Rook => "HI",
            King => "OU",
            ProPawn => "TO",
            ProLance => "NY",
            ProKnight => "NK",
            ProSilver => "NG",
            Horse => "UM",
            Dragon => "RY",
        }
    }

    pub fn from_csa(s: &str) -> Option<PieceKind> {
        PieceKind::ALL.into_iter().find(|k| k.csa() == s)
    }

    /// The one-kanji name used in records (玉 for every king; the client picks 王/玉).
    pub const fn kanji(self) -> &'static str {
        match self {
            Pawn => "歩",
            Lance => "香",
            Knight => "桂",
            Silver => "銀",
            Gold => "金",
            Bishop => "角",
            Rook => "飛",
            King => "玉",
            ProPawn => "と",
            ProLance => "成香",
            ProKnight => "成桂",
            ProSilver => "成銀",
            Horse => "馬",
            Dragon => "龍",
        }
    }

    /// Points for the impasse declaration: rook and bishop (promoted or not) 5, others 1.
    pub const fn impasse_points(self) -> u32 {
        match self.unpromoted() {
            Rook | Bishop => 5,
            King => 0,
            _ => 1,
        }
    }

    /// Moves like a gold (gold and the four small promoted pieces).
    pub const fn is_gold_like(self) -> bool {
        matches!(self, Gold | ProPawn | ProLance | ProKnight | ProSilver)
    }
}

/// A piece on the board: its kind, the seat that owns it (and may move it) and its facing
/// (the seat whose forward direction it moves in). They differ only under the Yonin house rule
/// that gives a mated army to the mating seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(NonZeroU8);

impl Piece {
    pub const fn new(kind: PieceKind, owner: Seat, facing: Seat) -> Piece {
        let code = (kind as u8 + 1) | ((owner as u8) << 4) | ((facing as u8) << 6);
        match NonZeroU8::new(code) {
            Some(c) => Piece(c),
            // kind + 1 is at least 1, so the code is never zero.
            None => unreachable!(),
        }
    }
    /// A piece owned by the seat it faces.
    pub const fn of(kind: PieceKind, seat: Seat) -> Piece {
        Piece::new(kind, seat, seat)
    }
    pub const fn kind(self) -> PieceKind {
        PieceKind::ALL[((self.0.get() & 15) - 1) as usize]
    }
    pub const fn owner(self) -> Seat {
        Seat::from_index((self.0.get() >> 4) as usize & 3)
    }
    pub const fn facing(self) -> Seat {
        Seat::from_index((self.0.get() >> 6) as usize)
    }
    /// A dense code below 256 (for hashing tables).
    pub const fn code(self) -> usize {
        self.0.get() as usize
    }
    pub const fn with_kind(self, kind: PieceKind) -> Piece {
        Piece::new(kind, self.owner(), self.facing())
    }
    pub const fn with_owner(self, owner: Seat) -> Piece {
        Piece::new(self.kind(), owner, self.facing())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_packing_round_trips() {
        for k in PieceKind::ALL {
            for o in Seat::ALL {
                for f in Seat::ALL {
                    let p = Piece::new(k, o, f);
                    assert_eq!((p.kind(), p.owner(), p.facing()), (k, o, f));
                }
            }
        }
    }

    #[test]
    fn promotion_pairs() {
        for k in PieceKind::ALL {
            assert_eq!(k.promoted().unpromoted(), k.unpromoted());
            assert_eq!(k.can_promote(), k.promoted() != k);
        }
    }
}
