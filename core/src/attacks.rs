//! Attack tables, computed at compile time: steps per facing, rays, and squares between.
//!
//! Every pattern is written once for a South piece (`x` right, `y` forward) and rotated for the
//! other facings through [`Seat::orient`]; nothing here knows which variant is played.

use crate::piece::PieceKind;
use crate::seat::Seat;
use crate::square::Square;
use crate::square_set::SquareSet;

/// The eight ray directions as board deltas `(dfile, drank)`.
const DIRS: [(i32, i32); 8] = [
    (0, -1),  // 0: toward rank a
    (0, 1),   // 1: toward rank i
    (-1, 0),  // 2: toward file 1
    (1, 0),   // 3: toward file 9
    (-1, -1), // 4
    (1, -1),  // 5
    (-1, 1),  // 6
    (1, 1),   // 7
];
/// Whether moving along the direction increases the square index (so the nearest blocker is
/// the lowest set bit).
const POSITIVE: [bool; 8] = [false, true, false, true, false, true, false, true];
const ROOK_DIRS: [usize; 4] = [0, 1, 2, 3];
const BISHOP_DIRS: [usize; 4] = [4, 5, 6, 7];

const GOLD_STEPS: [(i32, i32); 6] = [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (0, -1)];
const SILVER_STEPS: [(i32, i32); 5] = [(-1, 1), (0, 1), (1, 1), (-1, -1), (1, -1)];
const KING_STEPS: [(i32, i32); 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const KNIGHT_STEPS: [(i32, i32); 2] = [(-1, 2), (1, 2)];
const PAWN_STEPS: [(i32, i32); 1] = [(0, 1)];

const fn step_table(steps: &[(i32, i32)]) -> [[u128; 81]; 4] {
    let mut t = [[0u128; 81]; 4];
    let mut seat = 0;
    while seat < 4 {
        let mut sq = 0;
        while sq < 81 {
            let (f, r) = ((sq / 9) as i32, (sq % 9) as i32);
            let mut i = 0;
            while i < steps.len() {
                let (df, dr) = Seat::from_index(seat).orient(steps[i].0, steps[i].1);
                let (nf, nr) = (f + df, r + dr);
                if nf >= 0 && nf < 9 && nr >= 0 && nr < 9 {
                    t[seat][sq] |= 1u128 << (nf * 9 + nr);
                }
                i += 1;
            }
            sq += 1;
        }
        seat += 1;
    }
    t
}

const fn ray_table() -> [[u128; 81]; 8] {
    let mut t = [[0u128; 81]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 81 {
            let (mut f, mut r) = ((sq / 9) as i32, (sq % 9) as i32);
            loop {
                f += DIRS[d].0;
                r += DIRS[d].1;
                if f < 0 || f >= 9 || r < 0 || r >= 9 {
                    break;
                }
                t[d][sq] |= 1u128 << (f * 9 + r);
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

static PAWN: [[u128; 81]; 4] = step_table(&PAWN_STEPS);
static KNIGHT: [[u128; 81]; 4] = step_table(&KNIGHT_STEPS);
static SILVER: [[u128; 81]; 4] = step_table(&SILVER_STEPS);
static GOLD: [[u128; 81]; 4] = step_table(&GOLD_STEPS);
static KING: [[u128; 81]; 4] = step_table(&KING_STEPS);
static RAYS: [[u128; 81]; 8] = ray_table();
/// Squares from which a stepping piece of any facing could reach a square: the king's ring
/// and the knight squares of all four facings.
static NEAR: [u128; 81] = near_table();
/// Every square from which some piece could attack a square: its lines and the knight squares.
static ANY_REACH: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut sq = 0;
    while sq < 81 {
        t[sq] = NEAR[sq] | ROOK_LINES[sq] | BISHOP_LINES[sq];
        sq += 1;
    }
    t
};
/// Rook and bishop lines through each square on an empty board.
static ROOK_LINES: [u128; 81] = lines_table(0);
static BISHOP_LINES: [u128; 81] = lines_table(4);

const fn lines_table(first_dir: usize) -> [u128; 81] {
    let mut t = [0u128; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut d = first_dir;
        while d < first_dir + 4 {
            t[sq] |= RAYS[d][sq];
            d += 1;
        }
        sq += 1;
    }
    t
}

const fn near_table() -> [u128; 81] {
    let mut t = [0u128; 81];
    let mut sq = 0;
    while sq < 81 {
        t[sq] = KING[0][sq] | KNIGHT[0][sq] | KNIGHT[1][sq] | KNIGHT[2][sq] | KNIGHT[3][sq];
        sq += 1;
    }
    t
}

/// For each pair of squares on a common line: the squares strictly between them; else empty.
static BETWEEN: [[u128; 81]; 81] = between_table();
/// For each pair of squares on a common line: the whole line through both; else empty.
static LINE: [[u128; 81]; 81] = line_table();

const fn between_table() -> [[u128; 81]; 81] {
    let mut t = [[0u128; 81]; 81];
    let rays = ray_table();
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            // Walk the ray from a; everything passed before reaching b is between.
            let (mut f, mut r) = ((a / 9) as i32, (a % 9) as i32);
            let mut acc = 0u128;
            loop {
                f += DIRS[d].0;
                r += DIRS[d].1;
                if f < 0 || f >= 9 || r < 0 || r >= 9 {
                    break;
                }
                let b = (f * 9 + r) as usize;
                t[a][b] = acc;
                acc |= 1u128 << b;
            }
            d += 1;
        }
        a += 1;
    }
    let _ = rays;
    t
}

const fn line_table() -> [[u128; 81]; 81] {
    let mut t = [[0u128; 81]; 81];
    let rays = ray_table();
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            // Directions come in opposite pairs (0,1), (2,3), (4,7), (5,6).
            let back = match d {
                0 => 1,
                1 => 0,
                2 => 3,
                3 => 2,
                4 => 7,
                7 => 4,
                5 => 6,
                _ => 5,
            };
            let line = rays[d][a] | rays[back][a] | (1u128 << a);
            let mut b = 0;
            while b < 81 {
                if rays[d][a] & (1u128 << b) != 0 {
                    t[a][b] = line;
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
}

#[inline(always)]
fn ray(d: usize, sq: Square, occ: SquareSet) -> SquareSet {
    let ray = RAYS[d][sq.index()];
    let blockers = ray & occ.0;
    if blockers == 0 {
        return SquareSet(ray);
    }
    let b = if POSITIVE[d] {
        blockers.trailing_zeros()
    } else {
        127 - blockers.leading_zeros()
    } as usize;
    SquareSet(ray ^ RAYS[d][b])
}

/// Squares a rook on `sq` attacks with the board occupied by `occ`.
#[inline(always)]
pub fn rook(sq: Square, occ: SquareSet) -> SquareSet {
    ray(ROOK_DIRS[0], sq, occ)
        | ray(ROOK_DIRS[1], sq, occ)
        | ray(ROOK_DIRS[2], sq, occ)
        | ray(ROOK_DIRS[3], sq, occ)
}

/// Squares a bishop on `sq` attacks.
#[inline(always)]
pub fn bishop(sq: Square, occ: SquareSet) -> SquareSet {
    ray(BISHOP_DIRS[0], sq, occ)
        | ray(BISHOP_DIRS[1], sq, occ)
        | ray(BISHOP_DIRS[2], sq, occ)
        | ray(BISHOP_DIRS[3], sq, occ)
}

/// The direction index a lance facing `seat` moves in.
const fn lance_dir(seat: Seat) -> usize {
    match seat {
        Seat::South => 0,
        Seat::North => 1,
        Seat::West => 2,
        Seat::East => 3,
    }
}

/// Squares a lance facing `seat` on `sq` attacks.
#[inline(always)]
pub fn lance(seat: Seat, sq: Square, occ: SquareSet) -> SquareSet {
    ray(lance_dir(seat), sq, occ)
}

/// The lance's whole forward ray on an empty board.
#[inline(always)]
pub fn lance_ray(seat: Seat, sq: Square) -> SquareSet {
    SquareSet(RAYS[lance_dir(seat)][sq.index()])
}

/// Rook lines from `sq` on an empty board.
#[inline(always)]
pub fn rook_pseudo(sq: Square) -> SquareSet {
    SquareSet(ROOK_LINES[sq.index()])
}

/// Bishop lines from `sq` on an empty board.
#[inline(always)]
pub fn bishop_pseudo(sq: Square) -> SquareSet {
    SquareSet(BISHOP_LINES[sq.index()])
}

#[inline(always)]
pub fn pawn(seat: Seat, sq: Square) -> SquareSet {
    SquareSet(PAWN[seat.index()][sq.index()])
}
#[inline(always)]
pub fn knight(seat: Seat, sq: Square) -> SquareSet {
    SquareSet(KNIGHT[seat.index()][sq.index()])
}
#[inline(always)]
pub fn silver(seat: Seat, sq: Square) -> SquareSet {
    SquareSet(SILVER[seat.index()][sq.index()])
}
#[inline(always)]
pub fn gold(seat: Seat, sq: Square) -> SquareSet {
    SquareSet(GOLD[seat.index()][sq.index()])
}
#[inline(always)]
pub fn king(sq: Square) -> SquareSet {
    SquareSet(KING[0][sq.index()])
}

/// Squares from which any piece, of any facing, could attack `sq` on some board.
#[inline(always)]
pub fn any_reach(sq: Square) -> SquareSet {
    SquareSet(ANY_REACH[sq.index()])
}

/// Squares from which a non-sliding move of any piece, of any facing, could reach `sq`.
#[inline(always)]
pub fn near(sq: Square) -> SquareSet {
    SquareSet(NEAR[sq.index()])
}

/// Squares a piece of `kind` facing `seat` on `sq` reaches by a single step (nothing for a
/// plain lance, bishop or rook, whose attacks are all along rays).
#[inline(always)]
pub fn step(kind: PieceKind, seat: Seat, sq: Square) -> SquareSet {
    use PieceKind::*;
    match kind {
        Pawn => pawn(seat, sq),
        Knight => knight(seat, sq),
        Silver => silver(seat, sq),
        Gold | ProPawn | ProLance | ProKnight | ProSilver => gold(seat, sq),
        King | Horse | Dragon => king(sq),
        Lance | Bishop | Rook => SquareSet::EMPTY,
    }
}

/// Does a piece of `kind` facing `seat` on `from` attack `target` with occupancy `occ`? Cheaper
/// than [`piece`] for sliders: one line lookup instead of whole rays.
#[inline(always)]
pub fn reaches(kind: PieceKind, seat: Seat, from: Square, target: Square, occ: SquareSet) -> bool {
    use PieceKind::*;
    if step(kind, seat, from).contains(target) {
        return true;
    }
    let on_line = match kind {
        Lance => lance_ray(seat, from).contains(target),
        Rook | Dragon => rook_pseudo(from).contains(target),
        Bishop | Horse => bishop_pseudo(from).contains(target),
        _ => false,
    };
    on_line && (between(from, target) & occ).is_empty()
}

/// Squares strictly between `a` and `b` when they share a line; empty otherwise.
#[inline(always)]
pub fn between(a: Square, b: Square) -> SquareSet {
    SquareSet(BETWEEN[a.index()][b.index()])
}

/// The whole line through `a` and `b` when they share one; empty otherwise.
#[inline(always)]
pub fn line(a: Square, b: Square) -> SquareSet {
    SquareSet(LINE[a.index()][b.index()])
}

/// Squares a piece of `kind` facing `seat` on `sq` attacks.
#[inline(always)]
pub fn piece(kind: PieceKind, seat: Seat, sq: Square, occ: SquareSet) -> SquareSet {
    use PieceKind::*;
    match kind {
        Pawn => pawn(seat, sq),
        Lance => lance(seat, sq, occ),
        Knight => knight(seat, sq),
        Silver => silver(seat, sq),
        Gold | ProPawn | ProLance | ProKnight | ProSilver => gold(seat, sq),
        Bishop => bishop(sq, occ),
        Rook => rook(sq, occ),
        King => king(sq),
        Horse => bishop(sq, occ) | king(sq),
        Dragon => rook(sq, occ) | king(sq),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::from_usi(s).unwrap()
    }

    #[test]
    fn knights_jump_forward_for_every_facing() {
        let both = |seat, a, b| {
            let k = knight(seat, sq("5e"));
            k.count() == 2 && k.contains(sq(a)) && k.contains(sq(b))
        };
        assert!(both(Seat::South, "6c", "4c"));
        assert!(both(Seat::North, "6g", "4g"));
        assert!(both(Seat::West, "3d", "3f"));
        assert!(both(Seat::East, "7d", "7f"));
    }

    #[test]
    fn sliders_stop_at_the_first_blocker() {
        let occ = SquareSet::from_square(sq("5c")) | SquareSet::from_square(sq("3e"));
        let r = rook(sq("5e"), occ);
        assert!(r.contains(sq("5d")) && r.contains(sq("5c")) && !r.contains(sq("5b")));
        assert!(r.contains(sq("3e")) && !r.contains(sq("2e")));
        assert!(r.contains(sq("9e")) && r.contains(sq("5i")));
        assert_eq!(r.count(), 2 + 4 + 2 + 4);
        assert_eq!(lance(Seat::South, sq("5e"), occ).count(), 2);
        assert_eq!(lance(Seat::West, sq("5e"), occ).count(), 2);
        assert_eq!(lance(Seat::East, sq("5e"), occ).count(), 4);
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(sq("5a"), sq("5e")).count(), 3);
        assert_eq!(between(sq("1a"), sq("9i")).count(), 7);
        assert!(between(sq("1a"), sq("2c")).is_empty());
        assert_eq!(line(sq("5e"), sq("5a")).count(), 9);
        assert!(line(sq("1a"), sq("2c")).is_empty());
    }
}
