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

/// The squares from which a step of −2 to 2 files and −2 to 2 ranks (by index, from index
/// 2) stays on the board.
static STAYS: [[u128; 5]; 5] = {
    let mut t = [[0u128; 5]; 5];
    let mut df = 0;
    while df < 5 {
        let mut dr = 0;
        while dr < 5 {
            let mut i = 0;
            while i < 81 {
                let (f, r) = (i / 9 + df as i32 - 2, i % 9 + dr as i32 - 2);
                if f >= 0 && f < 9 && r >= 0 && r < 9 {
                    t[df][dr] |= 1u128 << i;
                }
                i += 1;
            }
            dr += 1;
        }
        df += 1;
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
    /// Every square moved `files` files and `ranks` ranks by index (each −2 to 2); squares
    /// that would leave the board are dropped. One shift for a whole set of pieces that all
    /// step the same way (pawns of one facing).
    #[inline(always)]
    pub fn shifted(self, files: i32, ranks: i32) -> SquareSet {
        debug_assert!(files.abs() <= 2 && ranks.abs() <= 2, "{files}, {ranks}");
        let from = self.0 & STAYS[(files + 2) as usize][(ranks + 2) as usize];
        let by = files * 9 + ranks;
        SquareSet(if by >= 0 { from << by } else { from >> -by })
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

    #[test]
    fn a_shifted_set_is_each_square_stepped_and_drops_what_leaves_the_board() {
        for files in -2..=2 {
            for ranks in -2..=2 {
                for i in 0..81u8 {
                    let sq = Square::new(i).unwrap();
                    let stepped =
                        Square::from_coords(sq.file_index() + files, sq.rank_index() + ranks);
                    let expected: SquareSet = stepped.into_iter().collect();
                    assert_eq!(
                        SquareSet::from_square(sq).shifted(files, ranks),
                        expected,
                        "{i} by {files}, {ranks}"
                    );
                }
                // A whole set at once: the union of its squares stepped.
                let set = SquareSet(0x2345_6789_abcd_ef01_2345_6789_abcd_ef01 & BOARD);
                let each = set
                    .map(|sq| SquareSet::from_square(sq).shifted(files, ranks))
                    .fold(SquareSet::EMPTY, |a, b| a | b);
                assert_eq!(set.shifted(files, ranks), each);
            }
        }
    }
}
