//! Squares of the 9×9 board, named as in USI (`7g`), with seat-relative depth and lane.

use crate::seat::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A square. Index = `file_index * 9 + rank_index`, where file index 0 is file 1 (East edge)
/// and rank index 0 is rank a (North edge), so `1a` = 0, `1i` = 8, `9i` = 80.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square(u8);

impl Square {
    pub const COUNT: usize = 81;

    /// The square at this index; `None` beyond 80.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 81 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// Index below 81 is the caller's promise (used by tables and bit iteration).
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 81);
        Square(index)
    }

    /// From file (1–9) and rank (1–9, where 1 = a).
    pub const fn from_file_rank(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(Square((file - 1) * 9 + (rank - 1)))
        } else {
            None
        }
    }

    /// From zero-based coordinates, `None` off the board.
    pub const fn from_coords(file_index: i32, rank_index: i32) -> Option<Square> {
        if file_index >= 0 && file_index < 9 && rank_index >= 0 && rank_index < 9 {
            Some(Square((file_index * 9 + rank_index) as u8))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// File number 1–9 (1 on the East edge).
    pub const fn file(self) -> u8 {
        self.0 / 9 + 1
    }
    /// Rank number 1–9 (1 = rank a, the North edge).
    pub const fn rank(self) -> u8 {
        self.0 % 9 + 1
    }
    pub const fn file_index(self) -> i32 {
        (self.0 / 9) as i32
    }
    pub const fn rank_index(self) -> i32 {
        (self.0 % 9) as i32
    }

    /// How far the square is from `seat`'s own back line: 0 on it, 8 on the far line.
    pub const fn depth(self, seat: Seat) -> i32 {
        match seat {
            Seat::South => 8 - self.rank_index(),
            Seat::North => self.rank_index(),
            Seat::West => 8 - self.file_index(),
            Seat::East => self.file_index(),
        }
    }

    /// Which line across `seat`'s forward direction the square is on (its nifu line).
    pub const fn lane(self, seat: Seat) -> i32 {
        match seat {
            Seat::South | Seat::North => self.file_index(),
            Seat::West | Seat::East => self.rank_index(),
        }
    }

    /// Is the square in `seat`'s promotion zone (the three far lines)?
    pub const fn in_zone(self, seat: Seat) -> bool {
        self.depth(seat) >= 6
    }

    /// The square one step from here in `seat`'s frame (`x` right, `y` forward).
    pub const fn step(self, seat: Seat, x: i32, y: i32) -> Option<Square> {
        let (df, dr) = seat.orient(x, y);
        Square::from_coords(self.file_index() + df, self.rank_index() + dr)
    }

    /// Parses `7g`.
    pub fn from_usi(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].checked_sub(b'0')?;
        let rank = b[1].checked_sub(b'a')? + 1;
        Square::from_file_rank(file, rank)
    }

    /// All 81 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..81).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), (b'a' + self.rank() - 1) as char)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usi_names_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::from_usi(&sq.to_string()), Some(sq));
        }
        assert_eq!(
            Square::from_usi("7g").map(|s| (s.file(), s.rank())),
            Some((7, 7))
        );
        assert_eq!(Square::from_usi("0a"), None);
        assert_eq!(Square::from_usi("1j"), None);
        assert_eq!(Square::from_usi("11"), None);
    }

    #[test]
    fn zones_follow_the_facing() {
        let sq = |s| Square::from_usi(s).unwrap();
        assert!(sq("5c").in_zone(Seat::South) && !sq("5d").in_zone(Seat::South));
        assert!(sq("5g").in_zone(Seat::North) && !sq("5f").in_zone(Seat::North));
        assert!(sq("3e").in_zone(Seat::West) && !sq("4e").in_zone(Seat::West));
        assert!(sq("7e").in_zone(Seat::East) && !sq("6e").in_zone(Seat::East));
    }
}
