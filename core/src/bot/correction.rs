//! Correction history for the standard search: how far searches found the static evaluation
//! off in positions with the same pawns and kings (the castle and its pawn wall, which the
//! evaluation judges worst), kept per side to move and added to later static evaluations.

use super::history::gravity;
use super::score::MATE_BOUND;
use crate::piece::PieceKind;
use crate::position::Position;
use crate::seat::Seat;

/// Entries per side to move (a power of two).
const ENTRIES: usize = 1 << 14;
/// An entry stays within ± this: an update moves it the less the nearer it is to the bound.
const LIMIT: i32 = 1024;
/// An entry of `LIMIT` corrects the evaluation by `LIMIT / GRAIN` (64, about two thirds of a
/// pawn).
const GRAIN: i32 = 16;

/// Per side to move, a correction by the key of the pawns and kings.
pub(crate) struct Correction {
    table: Vec<i16>,
}

/// Mixes 64 bits (a multiply, then the high bits folded down).
#[inline]
fn mix(x: u64) -> u64 {
    let x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^ (x >> 29)
}

impl Correction {
    pub fn new() -> Self {
        Correction {
            table: vec![0; 2 * ENTRIES],
        }
    }

    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = 0);
    }

    /// The entry of the side to move in `pos`.
    #[inline]
    fn index(pos: &Position) -> usize {
        let pawns = pos.pieces_of_kind(PieceKind::Pawn);
        let side = |s: Seat| {
            let p = (pawns & pos.pieces_of(s)).0;
            let king = pos.king(s).map_or(81, |k| k.index() as u64);
            mix(p as u64 ^ mix((p >> 64) as u64 ^ (king << 24)))
        };
        let key = side(Seat::South) ^ side(Seat::North).rotate_left(32);
        let me = usize::from(pos.to_move() != Seat::South);
        me * ENTRIES + (key as usize & (ENTRIES - 1))
    }

    /// How many entries hold a correction.
    #[cfg(test)]
    pub fn learned(&self) -> usize {
        self.table.iter().filter(|&&e| e != 0).count()
    }

    /// The correction to add to the static evaluation of `pos`.
    #[inline]
    pub fn get(&self, pos: &Position) -> i32 {
        i32::from(self.table[Self::index(pos)]) / GRAIN
    }

    /// A search of `pos` to `depth` found `best` where the corrected static evaluation said
    /// `eval`: the entry moves toward the difference, the more the deeper the search.
    pub fn update(&mut self, pos: &Position, best: i32, eval: i32, depth: i32) {
        if best.abs() >= MATE_BOUND {
            return;
        }
        let bonus = ((best - eval) * depth / 8).clamp(-LIMIT / 4, LIMIT / 4);
        let e = &mut self.table[Self::index(pos)];
        *e = gravity(i32::from(*e), bonus, LIMIT) as i16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;

    #[test]
    fn corrections_move_toward_what_searches_found_and_stay_bounded() {
        let pos = Position::start(&RuleSet::standard());
        let mut c = Correction::new();
        assert_eq!(c.get(&pos), 0);
        for _ in 0..200 {
            c.update(&pos, 400, 0, 12);
        }
        let up = c.get(&pos);
        assert!((1..=LIMIT / GRAIN).contains(&up), "{up}");
        c.update(&pos, MATE_BOUND, 0, 12);
        assert_eq!(c.get(&pos), up, "mate scores teach nothing");
        for _ in 0..400 {
            c.update(&pos, -400, 0, 12);
        }
        let down = c.get(&pos);
        assert!((-LIMIT / GRAIN..0).contains(&down), "{down}");
        c.clear();
        assert_eq!(c.get(&pos), 0);
    }

    #[test]
    fn the_sides_to_move_keep_their_own_entries() {
        let mut pos = Position::start(&RuleSet::standard());
        let mut c = Correction::new();
        c.update(&pos, 300, 0, 10);
        pos.set_to_move(Seat::North);
        assert_eq!(c.get(&pos), 0);
    }
}
