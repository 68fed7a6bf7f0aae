//! `SquareSet`: a set of squares as an 81-bit mask in a `u128` — the only bit-trick file.

use crate::square::Square;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares; bit `i` is the square with index `i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(pub u128);

const BOARD: u128 = (1u128 << 81) - 1;

/// The one-square set of each square: a load is cheaper than a variable 128-bit shift.
static BIT: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

impl SquareSet {
    pub const EMPTY: SquareSet = SquareSet(0);
    pub const FULL: SquareSet = SquareSet(BOARD);

    #[inline(always)]
    pub fn from_square(sq: Square) -> SquareSet {
        SquareSet(BIT[sq.index()])
    }
    #[inline(always)]
    pub fn contains(self, sq: Square) -> bool {
        self.0 & BIT[sq.index()] != 0
    }
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
    /// More than one square?
    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }
    #[inline(always)]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= BIT[sq.index()];
    }
    #[inline(always)]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !BIT[sq.index()];
    }
    #[inline(always)]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= BIT[sq.index()];
    }
    /// The square with the lowest index.
    #[inline(always)]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }
    /// The square with the highest index.
    #[inline(always)]
    pub fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(
                127 - self.0.leading_zeros() as u8,
            ))
        }
    }
    /// Removes and returns the square with the lowest index.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

impl Iterator for SquareSet {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        self.pop()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut s = SquareSet::EMPTY;
        for sq in iter {
            s.insert(sq);
        }
        s
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for SquareSet {
            type Output = SquareSet;
            #[inline(always)]
            fn $f(self, o: SquareSet) -> SquareSet {
                SquareSet(self.0 $op o.0)
            }
        }
        impl $tra for SquareSet {
            #[inline(always)]
            fn $fa(&mut self, o: SquareSet) {
                self.0 = self.0 $op o.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for SquareSet {
    type Output = SquareSet;
    #[inline(always)]
    fn not(self) -> SquareSet {
        SquareSet(!self.0 & BOARD)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_and_complement_stay_on_the_board() {
        let all: Vec<Square> = SquareSet::FULL.collect();
        assert_eq!(all.len(), 81);
        assert_eq!((!SquareSet::EMPTY).count(), 81);
        let s: SquareSet = [Square::new(3).unwrap(), Square::new(80).unwrap()]
            .into_iter()
            .collect();
        assert_eq!(s.first(), Square::new(3));
        assert_eq!(s.last(), Square::new(80));
        assert!(s.more_than_one());
        assert_eq!((!s).count(), 79);
    }
}
