//! Seats around the board (South, West, North, East), their geometry, and `BySeat<T>` tables.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// A side of the board. Standard shogi uses South (Sente, ▲) and North (Gote, △).
///
/// Clockwise order seen from above is South → West → North → East → South.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    #[doc(alias = "sente")]
    South = 0,
    West = 1,
    #[doc(alias = "gote")]
    North = 2,
    East = 3,
}

impl Seat {
    /// All four seats in clockwise order starting from South.
    pub const ALL: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

    /// The seat with this index (0 = South, clockwise); only the two low bits count.
    pub const fn from_index(i: usize) -> Seat {
        match i & 3 {
            0 => Seat::South,
            1 => Seat::West,
            2 => Seat::North,
            _ => Seat::East,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The next seat clockwise.
    pub const fn clockwise(self) -> Seat {
        Seat::from_index(self as usize + 1)
    }

    /// The seat across the board.
    pub const fn opposite(self) -> Seat {
        Seat::from_index(self as usize + 2)
    }

    /// The letter used in YSFEN and in seat-annotated move lists.
    pub const fn letter(self) -> char {
        match self {
            Seat::South => 's',
            Seat::West => 'w',
            Seat::North => 'n',
            Seat::East => 'e',
        }
    }

    pub fn from_letter(c: char) -> Option<Seat> {
        match c {
            's' => Some(Seat::South),
            'w' => Some(Seat::West),
            'n' => Some(Seat::North),
            'e' => Some(Seat::East),
            _ => None,
        }
    }

    /// The arrow used in Yonin display notation: the direction the seat's pieces move.
    pub const fn arrow(self) -> char {
        match self {
            Seat::South => '↑',
            Seat::West => '→',
            Seat::North => '↓',
            Seat::East => '←',
        }
    }

    /// The English name.
    pub const fn name(self) -> &'static str {
        match self {
            Seat::South => "South",
            Seat::West => "West",
            Seat::North => "North",
            Seat::East => "East",
        }
    }

    /// Turns a vector given in the seat's own frame (`x` to the seat's right, `y` forward)
    /// into a board vector `(dfile, drank)`, where file index 0 is file 1 and rank index 0 is
    /// rank a. Every movement pattern is written once for South and rotated through this.
    pub const fn orient(self, x: i32, y: i32) -> (i32, i32) {
        match self {
            Seat::South => (-x, -y),
            Seat::West => (-y, x),
            Seat::North => (x, y),
            Seat::East => (y, -x),
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A small set of seats as a bit mask (bit i = `Seat::from_index(i)`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatSet(pub u8);

impl SeatSet {
    pub const EMPTY: SeatSet = SeatSet(0);
    pub const ALL: SeatSet = SeatSet(0b1111);
    pub const STANDARD: SeatSet = SeatSet(0b0101);

    pub const fn contains(self, s: Seat) -> bool {
        self.0 & (1 << s as u8) != 0
    }
    pub fn insert(&mut self, s: Seat) {
        self.0 |= 1 << s as u8;
    }
    pub fn remove(&mut self, s: Seat) {
        self.0 &= !(1 << s as u8);
    }
    pub const fn with(self, s: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << s as u8))
    }
    pub const fn without(self, s: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << s as u8))
    }
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The seats in clockwise order from South.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |s| self.contains(*s))
    }
    /// The first seat of the set strictly after `from` going clockwise (`from` itself last).
    #[inline]
    pub fn next_after(self, from: Seat) -> Option<Seat> {
        // Turn the 4-bit mask so that the seat after `from` is bit 0, then take the lowest.
        let start = (from.index() + 1) & 3;
        let m = self.0 as u32 & 0xF;
        let turned = ((m | (m << 4)) >> start) & 0xF;
        (turned != 0).then(|| Seat::from_index(start + turned.trailing_zeros() as usize))
    }
}

/// One value per seat, indexed by `Seat`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BySeat<T>(pub [T; 4]);

impl<T> BySeat<T> {
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.0.iter())
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, s: Seat) -> &T {
        &self.0[s as usize]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, s: Seat) -> &mut T {
        &mut self.0[s as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clockwise_order_is_south_west_north_east() {
        assert_eq!(Seat::South.clockwise(), Seat::West);
        assert_eq!(Seat::West.clockwise(), Seat::North);
        assert_eq!(Seat::North.clockwise(), Seat::East);
        assert_eq!(Seat::East.clockwise(), Seat::South);
        assert_eq!(Seat::West.opposite(), Seat::East);
    }

    #[test]
    fn forward_directions_match_the_rule_book() {
        // South toward rank a, West toward file 1, North toward rank i, East toward file 9.
        assert_eq!(Seat::South.orient(0, 1), (0, -1));
        assert_eq!(Seat::West.orient(0, 1), (-1, 0));
        assert_eq!(Seat::North.orient(0, 1), (0, 1));
        assert_eq!(Seat::East.orient(0, 1), (1, 0));
    }

    #[test]
    fn next_after_matches_a_plain_clockwise_walk() {
        for mask in 0..16u8 {
            let set = SeatSet(mask);
            for from in Seat::ALL {
                let walk = (1..=4)
                    .map(|i| Seat::from_index(from.index() + i))
                    .find(|s| set.contains(*s));
                assert_eq!(set.next_after(from), walk, "mask {mask:04b} from {from}");
            }
        }
    }

    #[test]
    fn next_after_searches_from_the_following_seat() {
        let s = SeatSet::ALL.without(Seat::West);
        assert_eq!(s.next_after(Seat::South), Some(Seat::North));
        assert_eq!(
            SeatSet::EMPTY.with(Seat::South).next_after(Seat::South),
            Some(Seat::South)
        );
    }
}
