//! Evaluation: the standard game's (a sum of terms weighted by the fitted `eval_weights`) and
//! the parts Yonin shares: piece values, placement tables written by depth from a piece's back
//! line and spread at compile time over facings and squares, attack maps, king shelter and
//! threats.

use super::eval_weights::STD;
use super::move_change::Change;
use super::residual::Acc;
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
static PLACEMENT: [[[i32; 81]; 4]; 14] = placement_table(&YONIN_PIECE_DEPTH, -10);

/// [`BOARD_VALUE`] plus [`DEPTH_TABLE`]: the Yonin value of a piece by kind and depth.
const YONIN_PIECE_DEPTH: [[i32; 9]; 14] = {
    let mut t = [[0; 9]; 14];
    let mut k = 0;
    while k < 14 {
        let mut d = 0;
        while d < 9 {
            t[k][d] = BOARD_VALUE[k] + DEPTH_TABLE[k][d];
            d += 1;
        }
        k += 1;
    }
    t
};

/// A placement table by kind, facing and square from values by kind and depth, with
/// `knight_edge` for a knight on an edge lane.
const fn placement_table(by_depth: &[[i32; 9]; 14], knight_edge: i32) -> [[[i32; 81]; 4]; 14] {
    let mut t = [[[0; 81]; 4]; 14];
    let mut k = 0;
    while k < 14 {
        let mut f = 0;
        while f < 4 {
            let facing = Seat::from_index(f);
            let mut i = 0;
            while i < 81 {
                let sq = Square::from_index_unchecked(i as u8);
                let mut v = by_depth[k][sq.depth(facing) as usize];
                let lane = sq.lane(facing);
                if k == PieceKind::Knight.index() && (lane == 0 || lane == 8) {
                    v += knight_edge;
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
            // Pawns of one facing never attack the same square: one step for them all.
            let (files, ranks) = f.orient(0, 1);
            add((ours & k[Pawn as usize]).shifted(files, ranks));
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

/// Material and placement of one seat's pieces, from that seat's point of view (Yonin).
#[inline]
pub(crate) fn material_and_placement(pos: &Position, s: Seat) -> i32 {
    board_placement(pos, s) + hand_material(pos, s, &HAND_VALUE, -20, 12)
}

/// The [`PLACEMENT`] values of one seat's board pieces (Yonin).
#[inline]
fn board_placement(pos: &Position, s: Seat) -> i32 {
    let mut v = 0;
    for sq in pos.pieces_of(s) {
        let Some(p) = pos.piece_at(sq) else { continue };
        v += PLACEMENT[p.kind().index()][p.facing().index()][sq.index()];
    }
    v
}

/// One seat's pieces in hand at `values`, each pawn beyond the third `pawn_excess` more (extra
/// pawns are worth a little less each) and `per_kind` for each kind held.
#[inline]
fn hand_material(
    pos: &Position,
    s: Seat,
    values: &[i32; 7],
    pawn_excess: i32,
    per_kind: i32,
) -> i32 {
    let hand = pos.hand(s);
    let mut v = pawn_excess * (hand.count(PieceKind::Pawn) as i32 - 3).max(0);
    for k in PieceKind::HAND {
        let n = hand.count(k) as i32;
        if n > 0 {
            v += per_kind + values[k.index()] * n;
        }
    }
    v
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

/// What a king's safety is made of before any threat: its square and shelter.
pub(crate) struct Shelter {
    near: SquareSet,
    zone: SquareSet,
    own: SquareSet,
    defended: SquareSet,
    /// Gold-like and silver guards next to the king.
    pub guards: i32,
    /// [`KING_LANE`] of the king's file.
    pub lane: i32,
    /// What a threat's hand units count for in the attack units, in quarters.
    hand_quarters: i32,
}

impl Shelter {
    /// The shelter of seat `s`'s king, if it has one on the board.
    pub fn of(pos: &Position, s: Seat, maps: &AttackMaps) -> Option<Shelter> {
        let k = pos.king(s)?;
        let near = attacks::king(k);
        let own = pos.pieces_of(s);
        let defended = maps.once[s.index()];
        let guards = (near
            & own
            & (pos.pieces_of_kind(PieceKind::Gold)
                | pos.pieces_of_kind(PieceKind::Silver)
                | pos.pieces_of_kind(PieceKind::ProSilver)
                | pos.pieces_of_kind(PieceKind::ProPawn)))
        .count() as i32;
        Some(Shelter {
            near,
            zone: near | SquareSet::from_square(k),
            own,
            defended,
            guards,
            lane: KING_LANE[k.lane(s).clamp(0, 8) as usize],
            hand_quarters: 4,
        })
    }

    /// The standard evaluation's shelter: the three squares two lines in front of seat `s`'s
    /// king are in its zone too, where attacks on the king's head weigh like those next to it
    /// (61.3 % of 288 games at 10, 40 and 100 ms a move against the 3 × 3 zone), and a square
    /// next to the king that only the king defends counts as undefended (+32.6 Elo, 95 %
    /// [+10.8, +54.6], over 856 games at 100 ms a move, where an SPRT of 0 against 15 Elo
    /// accepted it). Pieces in the attacker's hand count half again as much (+21.8 Elo, 95 %
    /// [0.0, +43.8], over 900 games at 100 ms a move; the same SPRT had not decided).
    pub fn standard(pos: &Position, s: Seat, maps: &AttackMaps) -> Option<Shelter> {
        let k = pos.king(s)?;
        let mut sh = Shelter::of(pos, s, maps)?;
        if let Some(front) = k.step(s, 0, 1) {
            sh.zone |= attacks::king(front);
        }
        // Next to the king, only a square another piece defends too counts as defended: the
        // king alone does not keep a supported attacker off it.
        sh.defended = (sh.near & maps.twice[s.index()]) | (sh.defended & !sh.near);
        // Pieces in the attacker's hand weigh half again as much as in the four-seat
        // shelter: every one of them can land next to the king.
        sh.hand_quarters = 6;
        Some(sh)
    }

    /// The danger from one threat (negative, squared in the attack units) and the penalty for
    /// a king with at most one escape square.
    pub fn against(&self, t: &Threat) -> (i32, i32) {
        let attacked = (self.zone & t.once).count() as i32;
        let attacked2 = (self.zone & t.twice).count() as i32;
        // In `of`'s zone the king defends the squares next to it, so only its own square can
        // be undefended; `standard` also counts the head's squares and those next to the
        // king that only the king defends.
        let undefended = (self.zone & t.once & !self.defended).count() as i32;
        let escapes = (self.near & !self.own & !t.once).count() as i32;
        let hand_units = t.hand_units;
        let units =
            (2 * attacked + 2 * attacked2 + 2 * undefended + self.hand_quarters * hand_units / 4
                - 2 * self.guards)
                .max(0);
        let escape = match escapes {
            0 => -(40 + 6 * hand_units),
            1 => -(15 + 2 * hand_units),
            _ => 0,
        };
        (-(units * units * 2).min(1600), escape)
    }
}

/// The standard placement table, from the fitted [`STD`] weights.
static STD_PLACEMENT: [[[i32; 81]; 4]; 14] = placement_table(&STD.piece_depth, STD.knight_edge);

/// Where a piece of `owner` on `piece` stands from the king on `king`, in the owner's frame:
/// lines ahead of the king plus 8 (0 to 16) and files away from it (0 to 8; a position and
/// its mirror image score alike).
#[inline(always)]
pub(crate) fn king_offset(piece: Square, king: Square, owner: Seat) -> (usize, usize) {
    let ahead = piece.depth(owner) - king.depth(owner) + 8;
    let aside = (piece.lane(owner) - king.lane(owner)).unsigned_abs();
    (ahead as usize, aside as usize)
}

/// A king's line and file in the frame of seat `s`, the line less 8 (see [`king_offset`]).
#[inline(always)]
fn king_at(k: Square, s: Seat) -> (i32, i32) {
    (k.depth(s) - 8, k.lane(s))
}

/// A board piece of `s` by the standard weights: its depth and where it stands from both
/// kings ([`king_offset`], written out: a standard piece faces its owner, so each king's
/// line and file, from [`king_at`], are taken once a position).
#[inline(always)]
fn board_piece(kind: usize, s: Seat, sq: Square, own: (i32, i32), enemy: (i32, i32)) -> i32 {
    let (line, file) = (sq.depth(s), sq.lane(s));
    STD_PLACEMENT[kind][s.index()][sq.index()]
        + STD.king_relative[0][kind][(line - own.0) as usize]
            [(file - own.1).unsigned_abs() as usize]
        + STD.king_relative[1][kind][(line - enemy.0) as usize]
            [(file - enemy.1).unsigned_abs() as usize]
}

/// The pieces of `s` on the board by the standard weights (placement only without both
/// kings).
#[inline]
fn board_material(pos: &Position, s: Seat) -> i32 {
    let kings = match (pos.king(s), pos.king(s.opposite())) {
        (Some(own), Some(enemy)) => Some((king_at(own, s), king_at(enemy, s))),
        _ => None,
    };
    let mut v = 0;
    for sq in pos.pieces_of(s) {
        let Some(p) = pos.piece_at(sq) else { continue };
        debug_assert_eq!(p.facing(), s);
        let k = p.kind().index();
        v += match kings {
            Some((own, enemy)) => board_piece(k, s, sq, own, enemy),
            None => STD_PLACEMENT[k][s.index()][sq.index()],
        };
    }
    v
}

/// The standard evaluation's board part, South's pieces less North's: what the search keeps
/// up to date move by move ([`board_after`]) instead of counting it at each node.
pub(crate) fn board_value(pos: &Position) -> i32 {
    board_material(pos, Seat::South) - board_material(pos, Seat::North)
}

/// [`board_value`] after the move `c` of the side to move in `pos`, from `board`, the value
/// of `pos`: the moving, promoting, captured and dropped pieces changed. `None` when the
/// king moves (every piece's place from it changes) or a king is missing: count it again.
#[inline]
pub(crate) fn board_after(pos: &Position, board: i32, c: &Change) -> Option<i32> {
    let (me, them) = (c.me, c.me.opposite());
    if c.moves_king() {
        return None;
    }
    let (mine, theirs) = (pos.king(me)?, pos.king(them)?);
    let (own, enemy) = (king_at(mine, me), king_at(theirs, me));
    let mut delta = board_piece(c.placed.index(), me, c.to, own, enemy);
    if let Some((kind, from)) = c.from {
        delta -= board_piece(kind.index(), me, from, own, enemy);
    }
    if let Some(victim) = c.victim {
        let (own, enemy) = (king_at(theirs, them), king_at(mine, them));
        delta += board_piece(victim.index(), them, c.to, own, enemy);
    }
    Some(if me == Seat::South {
        board + delta
    } else {
        board - delta
    })
}

/// The best piece of `them` that `me` attacks and nobody defends (its exchange value), 0 if
/// none.
pub(crate) fn best_hanging(pos: &Position, maps: &AttackMaps, me: Seat, them: Seat) -> i32 {
    let hanging = maps.once[me.index()] & pos.pieces_of(them) & !maps.once[them.index()];
    hanging
        .into_iter()
        .filter_map(|sq| pos.piece_at(sq))
        .map(|p| see_value(p.kind()))
        .filter(|&x| x < 10_000)
        .max()
        .unwrap_or(0)
}

/// The static evaluation from the point of view of the side to move, in centipawns: a sum
/// of the terms weighted by [`STD`] (see `tuning::standard_terms`).
pub(crate) fn evaluate(pos: &Position) -> i32 {
    linear_evaluation(pos) + Acc::of(pos).output(pos.to_move())
}

/// The weighted terms alone, without the [`residual`](super::residual) network.
pub(crate) fn linear_evaluation(pos: &Position) -> i32 {
    evaluate_with_board(pos, board_value(pos))
}

/// [`linear_evaluation`] given `pos`'s [`board_value`].
pub(crate) fn evaluate_with_board(pos: &Position, board: i32) -> i32 {
    let me = pos.to_move();
    let them = me.opposite();
    let maps = attack_maps(pos, false);
    let in_hand = |s: Seat| hand_material(pos, s, &STD.hand, STD.pawn_excess, STD.hand_kinds);
    let sign = if me == Seat::South { 1 } else { -1 };
    let v = sign * board + in_hand(me) - in_hand(them);
    let mut hands = [0; 4];
    hands[me.index()] = hand_danger(pos, me);
    hands[them.index()] = hand_danger(pos, them);
    // Sixteenths of a centipawn.
    let mut v16 = 0;
    for (s, sign) in [(me, 1), (them, -1)] {
        let threat = Threat::of(&[s.opposite()], &maps, &hands);
        if let Some(sh) = Shelter::standard(pos, s, &maps) {
            let (danger, escape) = sh.against(&threat);
            v16 += sign
                * (STD.danger * danger
                    + STD.escape * escape
                    + STD.guards * sh.guards.min(3)
                    + STD.lane * sh.lane);
        }
    }
    v16 += STD.mobility * (maps.mobility[me.index()] - maps.mobility[them.index()]);
    v16 += STD.hanging * best_hanging(pos, &maps, me, them);
    v + (v16 >> 4) + STD.tempo
}
