//! Moves (board moves and drops) in 16 bits, their USI text, and a fixed-size move list.

use crate::piece::PieceKind;
use crate::square::Square;
use std::fmt;

/// A move: a board move (from, to, promote?) or a drop (kind, to), packed in 16 bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

const PROMOTE: u16 = 1 << 14;

impl Move {
    pub const fn normal(from: Square, to: Square, promote: bool) -> Move {
        Move(to.index() as u16 | ((from.index() as u16) << 7) | if promote { PROMOTE } else { 0 })
    }
    /// `kind` must be a hand kind (pawn … rook).
    pub const fn drop(kind: PieceKind, to: Square) -> Move {
        Move(to.index() as u16 | ((81 + kind.index() as u16) << 7))
    }
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0 & 127) as u8)
    }
    /// The origin square, `None` for a drop.
    pub const fn from(self) -> Option<Square> {
        let f = (self.0 >> 7) & 127;
        if f < 81 {
            Some(Square::from_index_unchecked(f as u8))
        } else {
            None
        }
    }
    /// The dropped kind, `None` for a board move.
    pub const fn drop_kind(self) -> Option<PieceKind> {
        let f = ((self.0 >> 7) & 127) as usize;
        if f >= 81 {
            PieceKind::from_index(f - 81)
        } else {
            None
        }
    }
    pub const fn is_drop(self) -> bool {
        (self.0 >> 7) & 127 >= 81
    }
    pub const fn promotes(self) -> bool {
        self.0 & PROMOTE != 0
    }
    /// The raw 16-bit code (stable; used by transposition tables).
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Parses USI move text (`7g7f`, `8h2b+`, `P*5e`). Says nothing about legality.
    pub fn from_usi(s: &str) -> Result<Move, ParseMoveError> {
        let b = s.as_bytes();
        let bad = || ParseMoveError::Syntax(s.chars().take(16).collect());
        if b.len() == 4 && b[1] == b'*' {
            let kind = PieceKind::from_letter(b[0] as char)
                .filter(|k| *k != PieceKind::King && b[0].is_ascii_uppercase())
                .ok_or_else(bad)?;
            let to = Square::from_usi(&s[2..4]).ok_or_else(bad)?;
            return Ok(Move::drop(kind, to));
        }
        if (b.len() == 4 || (b.len() == 5 && b[4] == b'+')) && s.is_ascii() {
            let from = Square::from_usi(&s[0..2]).ok_or_else(bad)?;
            let to = Square::from_usi(&s[2..4]).ok_or_else(bad)?;
            if from == to {
                return Err(bad());
            }
            return Ok(Move::normal(from, to, b.len() == 5));
        }
        Err(bad())
    }
}

impl fmt::Display for Move {
    /// USI text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.from(), self.drop_kind()) {
            (Some(from), _) => {
                write!(f, "{}{}", from, self.to())?;
                if self.promotes() {
                    f.write_str("+")?;
                }
                Ok(())
            }
            (None, Some(k)) => write!(f, "{}*{}", k.letter(), self.to()),
            (None, None) => f.write_str("0000"),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let s = String::deserialize(d)?;
        Move::from_usi(&s).map_err(serde::de::Error::custom)
    }
}

/// Text that is not a USI move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    #[error("`{0}` is not a USI move (like 7g7f, 8h2b+ or P*5e)")]
    Syntax(String),
}

/// The most legal moves any reachable position can have, with room to spare.
pub const MAX_MOVES: usize = 1024;

/// A fixed-capacity list of moves, filled by the move generator without allocating.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            moves: [Move(0); MAX_MOVES],
            len: 0,
        }
    }
}

impl MoveList {
    pub fn new() -> Self {
        Self::default()
    }
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        // The capacity is above the largest legal-move count of any position, so this never
        // drops a move in practice; if it ever did, the extra move is ignored rather than
        // panicking.
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn clear(&mut self) {
        self.len = 0;
    }
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
    pub fn to_vec(&self) -> Vec<Move> {
        self.as_slice().to_vec()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usi_round_trip() {
        for t in ["7g7f", "8h2b+", "P*5e", "R*1a", "1a9i"] {
            assert_eq!(Move::from_usi(t).unwrap().to_string(), t);
        }
        for t in [
            "", "7g7g", "K*5e", "p*5e", "7g7f=", "7g", "7g7f++", "0a1a", "é1a2",
        ] {
            assert!(Move::from_usi(t).is_err(), "{t}");
        }
    }
}
