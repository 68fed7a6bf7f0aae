//! Standard-shogi evaluation: material (hand pieces worth more), placement tables written once
//! by depth from a piece's back line and spread at compile time over facings and squares, king
//! safety and a little mobility.

use crate::attacks;
use crate::piece::PieceKind;
use crate::position::Position;
use crate::seat::Seat;
use crate::square::Square;
use crate::square_set::SquareSet;

/// Board values on a YaneuraOu-like scale, indexed by `PieceKind::index()`.
pub(crate) const BOARD_VALUE: [i32; 14] = [
    90,   // pawn
    315,  // lance
    405,  // knight
    495,  // silver
    540,  // gold
    855,  // bishop
    990,  // rook
    0,    // king
    540,  // tokin
    540,  // promoted lance
    540,  // promoted knight
    540,  // promoted silver
    945,  // horse
    1395, // dragon
];

/// Values in hand (a dropped piece can go anywhere), indexed by the hand kind.
pub(crate) const HAND_VALUE: [i32; 7] = [105, 350, 450, 560, 610, 950, 1100];

/// Value of a piece kind for ordering and exchange estimates (kings count high).
#[inline(always)]
pub(crate) fn see_value(k: PieceKind) -> i32 {
    if k == PieceKind::King {
        20_000
    } else {
        BOARD_VALUE[k.index()]
    }
}

/// What capturing a piece of this kind gains: its board value plus what it is worth in hand.
#[inline(always)]
pub(crate) fn capture_gain(k: PieceKind) -> i32 {
    BOARD_VALUE[k.index()] + HAND_VALUE[k.unpromoted().index().min(6)]
}

/// Placement by depth from the piece's own back line (0 = back line, 8 = far line).
const DEPTH_TABLE: [[i32; 9]; 14] = [
    [0, 0, 0, 0, 6, 12, 18, 22, 0],            // pawn
    [0, 0, 0, 0, 0, 0, 0, 0, 0],               // lance
    [-10, -5, 0, 8, 14, 16, 10, 0, 0],         // knight
    [-8, 6, 12, 10, 6, 4, 8, 6, 0],            // silver
    [6, 10, 6, 0, -8, -12, -8, -10, -15],      // gold
    [0, 0, 0, 0, 0, 0, 0, 0, 0],               // bishop
    [0, 0, 0, 0, 0, 0, 10, 10, 10],            // rook
    [12, 6, -12, -35, -55, -60, -40, -10, 20], // king (middle game)
    [0, 0, 0, 5, 10, 20, 28, 24, 16],          // tokin
    [0, 0, 0, 5, 10, 18, 24, 20, 14],          // promoted lance
    [0, 0, 0, 5, 10, 18, 24, 20, 14],          // promoted knight
    [0, 0, 0, 5, 10, 18, 24, 20, 14],          // promoted silver
    [0, 0, 0, 0, 0, 0, 0, 0, 0],               // horse
    [0, 0, 0, 0, 0, 0, 5, 10, 10],             // dragon
];

/// A board piece's value and placement by kind, facing and square: [`BOARD_VALUE`], the
/// [`DEPTH_TABLE`] entry for its depth from the facing's back line, and −10 for a knight on an
/// edge lane. One lookup per piece in the evaluation.
static PLACEMENT: [[[i32; 81]; 4]; 14] = placement_table();

const fn placement_table() -> [[[i32; 81]; 4]; 14] {
    let mut t = [[[0; 81]; 4]; 14];
    let mut k = 0;
    while k < 14 {
        let mut f = 0;
        while f < 4 {
            let facing = Seat::from_index(f);
            let mut i = 0;
            while i < 81 {
                let sq = Square::from_index_unchecked(i as u8);
                let mut v = BOARD_VALUE[k] + DEPTH_TABLE[k][sq.depth(facing) as usize];
                let lane = sq.lane(facing);
                if k == PieceKind::Knight.index() && (lane == 0 || lane == 8) {
                    v -= 10;
                }
                t[k][f][i] = v;
                i += 1;
            }
            f += 1;
        }
        k += 1;
    }
    t
}

/// Weight of [`king_safety`] in the evaluation (self-play at 100 ms/move: ×2 beat ×1.5 by
/// 60 % of 30 games, ×1.5 beat ×1 by 57 %, ×2.5 and ×3 were no better).
pub(crate) const KING_SAFETY_WEIGHT: i32 = 2;
/// Centipawns per square a rook, bishop, dragon or horse reaches (4 beat 2 by 57 % of 30
/// games, 6 beat 4 by 57 %).
pub(crate) const MOBILITY_WEIGHT: i32 = 5;

/// King placement across the board: castled on a wing is safer than the centre.
const KING_LANE: [i32; 9] = [22, 28, 22, 10, 0, 10, 22, 28, 22];

/// Per-side work: attacks, and attacks by two or more pieces.
pub(crate) struct AttackMaps {
    pub once: [SquareSet; 4],
    pub twice: [SquareSet; 4],
    pub mobility: [i32; 4],
}

/// Attack maps of every owner (only `seats` are filled; pieces of dead seats attack nothing).
/// A kind at a time, as the move generator does: no lookup of each piece.
pub(crate) fn attack_maps(pos: &Position, live_only: bool) -> AttackMaps {
    use PieceKind::*;
    let mut m = AttackMaps {
        once: [SquareSet::EMPTY; 4],
        twice: [SquareSet::EMPTY; 4],
        mobility: [0; 4],
    };
    let occ = pos.occupied();
    let k = &pos.by_kind;
    let golds = pos.gold_movers();
    for s in pos.seats().iter() {
        if live_only && !pos.is_live(s) {
            continue;
        }
        let own = pos.pieces_of(s);
        let (mut once, mut twice) = (SquareSet::EMPTY, SquareSet::EMPTY);
        let mut add = |a: SquareSet| {
            twice |= once & a;
            once |= a;
        };
        // Pieces face their owner, unless a house rule passed an army on: a facing at a time.
        let mut rest = own;
        let mut f = s;
        while rest.any() {
            let ours = rest & pos.by_facing[f.index()];
            rest ^= ours;
            for sq in ours & k[Pawn as usize] {
                add(attacks::pawn(f, sq));
            }
            for sq in ours & k[Lance as usize] {
                add(attacks::lance(f, sq, occ));
            }
            for sq in ours & k[Knight as usize] {
                add(attacks::knight(f, sq));
            }
            for sq in ours & k[Silver as usize] {
                add(attacks::silver(f, sq));
            }
            for sq in ours & golds {
                add(attacks::gold(f, sq));
            }
            f = f.clockwise();
        }
        for sq in own & k[King as usize] {
            add(attacks::king(sq));
        }
        // Sliders also count their mobility.
        let mut mobility = 0;
        for sq in own & (k[Bishop as usize] | k[Horse as usize]) {
            let mut a = attacks::bishop(sq, occ);
            if k[Horse as usize].contains(sq) {
                a |= attacks::king(sq);
            }
            add(a);
            mobility += (a & !own).count() as i32;
        }
        for sq in own & (k[Rook as usize] | k[Dragon as usize]) {
            let mut a = attacks::rook(sq, occ);
            if k[Dragon as usize].contains(sq) {
                a |= attacks::king(sq);
            }
            add(a);
            mobility += (a & !own).count() as i32;
        }
        let i = s.index();
        m.once[i] = once;
        m.twice[i] = twice;
        m.mobility[i] = mobility;
    }
    m
}

/// Material and placement of one seat's pieces, from that seat's point of view.
#[inline]
pub(crate) fn material_and_placement(pos: &Position, s: Seat) -> i32 {
    board_placement(pos, s) + hand_material(pos, s)
}

/// The [`PLACEMENT`] of one seat's board pieces.
#[inline]
fn board_placement(pos: &Position, s: Seat) -> i32 {
    let mut v = 0;
    for sq in pos.pieces_of(s) {
        let Some(p) = pos.piece_at(sq) else { continue };
        v += PLACEMENT[p.kind().index()][p.facing().index()][sq.index()];
    }
    v
}

/// One seat's pieces in hand, a bonus for each kind held.
#[inline]
fn hand_material(pos: &Position, s: Seat) -> i32 {
    let mut v = 0;
    let hand = pos.hand(s);
    let mut kinds = 0;
    for k in PieceKind::HAND {
        let n = hand.count(k) as i32;
        if n > 0 {
            kinds += 1;
            // Extra pawns in hand are worth a little less each.
            v += if k == PieceKind::Pawn {
                HAND_VALUE[0] * n.min(3) + (HAND_VALUE[0] - 20) * (n - 3).max(0)
            } else {
                HAND_VALUE[k.index()] * n
            };
        }
    }
    v + kinds * 12
}

#[cfg(test)]
#[path = "eval_standard_tests.rs"]
mod tests;

/// Danger units that a hand gives an attacker (drops near the king).
pub(crate) fn hand_danger(pos: &Position, s: Seat) -> i32 {
    let h = pos.hand(s);
    let c = |k: PieceKind| h.count(k) as i32;
    use PieceKind::*;
    3 * c(Rook).min(1)
        + 2 * c(Bishop).min(1)
        + 2 * c(Gold).min(2)
        + 2 * c(Silver).min(2)
        + c(Knight).min(2)
        + c(Lance).min(1)
        + c(Pawn).min(1)
}

/// What a group of attackers brings against a king: the squares they attack, those they
/// attack twice (two pieces of one seat, or two seats), and their hands' drop danger.
#[derive(Clone, Copy)]
pub(crate) struct Threat {
    once: SquareSet,
    twice: SquareSet,
    hand_units: i32,
}

impl Threat {
    /// The threat of the `enemies`, whose hands' [`hand_danger`] is `hand_units[seat]`.
    pub fn of(enemies: &[Seat], maps: &AttackMaps, hand_units: &[i32; 4]) -> Threat {
        let mut t = Threat {
            once: SquareSet::EMPTY,
            twice: SquareSet::EMPTY,
            hand_units: 0,
        };
        for &e in enemies {
            t.twice |= maps.twice[e.index()] | (t.once & maps.once[e.index()]);
            t.once |= maps.once[e.index()];
            t.hand_units += hand_units[e.index()];
        }
        t
    }

    /// The squares these attackers reach.
    pub fn attacks(&self) -> SquareSet {
        self.once
    }
}

/// King safety of seat `s`, summed over `threats` (each scored as if it were the only
/// one): negative is danger. The king's shelter is worked out once for all of them.
pub(crate) fn king_safety(
    pos: &Position,
    s: Seat,
    threats: &[Threat],
    maps: &AttackMaps,
    wing_bonus: bool,
) -> i32 {
    let Some(k) = pos.king(s) else { return 0 };
    let facing = s;
    let near = attacks::king(k);
    let zone = near | SquareSet::from_square(k);
    let own = pos.pieces_of(s);
    let defended = maps.once[s.index()];
    // Gold and silver guards next to the king.
    let guards = (near
        & own
        & (pos.pieces_of_kind(PieceKind::Gold)
            | pos.pieces_of_kind(PieceKind::Silver)
            | pos.pieces_of_kind(PieceKind::ProSilver)
            | pos.pieces_of_kind(PieceKind::ProPawn)))
    .count() as i32;
    // Open squares in front of the king invite drops.
    let front = near & !pos.occupied() & !defended;
    let holes = front
        .into_iter()
        .filter(|sq| sq.depth(facing) > k.depth(facing))
        .count() as i32;
    let mut shelter = 12 * guards.min(3);
    if wing_bonus {
        shelter += KING_LANE[k.lane(facing).clamp(0, 8) as usize];
    }
    let mut total = 0;
    for t in threats {
        let attacked = (zone & t.once).count() as i32;
        let attacked2 = (zone & t.twice).count() as i32;
        let undefended = (zone & t.once & !defended).count() as i32;
        let escapes = (near & !own & !t.once).count() as i32;
        let hand_units = t.hand_units;
        let units = (2 * attacked + 2 * attacked2 + 2 * undefended + holes + hand_units
            - 2 * guards)
            .max(0);
        let mut v = -(units * units * 2).min(1600) + shelter;
        if escapes == 0 {
            v -= 40 + 6 * hand_units;
        } else if escapes == 1 {
            v -= 15 + 2 * hand_units;
        }
        total += v;
    }
    total
}

/// The static evaluation from the point of view of the side to move, in centipawns.
pub(crate) fn evaluate(pos: &Position) -> i32 {
    let me = pos.to_move();
    let them = me.opposite();
    let maps = attack_maps(pos, false);
    let mut v = material_and_placement(pos, me) - material_and_placement(pos, them);
    let mut hands = [0; 4];
    hands[me.index()] = hand_danger(pos, me);
    hands[them.index()] = hand_danger(pos, them);
    let against_me = Threat::of(&[them], &maps, &hands);
    let against_them = Threat::of(&[me], &maps, &hands);
    v += KING_SAFETY_WEIGHT
        * (king_safety(pos, me, &[against_me], &maps, true)
            - king_safety(pos, them, &[against_them], &maps, true));
    v += MOBILITY_WEIGHT * (maps.mobility[me.index()] - maps.mobility[them.index()]);
    // Pieces the side to move attacks that nobody defends: a fraction of the best one.
    let hanging = maps.once[me.index()] & pos.pieces_of(them) & !maps.once[them.index()];
    let best = hanging
        .into_iter()
        .filter_map(|sq| pos.piece_at(sq))
        .map(|p| see_value(p.kind()))
        .filter(|&x| x < 10_000)
        .max()
        .unwrap_or(0);
    v += best / 4;
    v + 20
}
