//! Move ordering: the TT move first, then captures by MVV-LVA with a cheap exchange check,
//! promotions, killer moves, the history table and the continuation history; bad captures last.
//! The search's other learned table, the evaluation's correction history, lives beside them.

use super::cont_history::{self, ContHistory, Context};
use super::correction::Correction;
use super::eval_standard::{see_value, BOARD_VALUE};
use super::history::{gravity, mover, HISTORY_LIMIT};
use crate::moves::{Move, MoveList};
use crate::piece::PieceKind;
use crate::position::Position;
use crate::seat::Seat;

pub(crate) const MAX_PLY: usize = 128;

/// Killers per ply, a history score per seat and move code, and the continuation history;
/// and the correction history of the static evaluation.
pub(crate) struct Ordering {
    pub killers: [[u16; 2]; MAX_PLY],
    history: Vec<i32>,
    cont: ContHistory,
    pub corr: Correction,
}

const TT_SCORE: i32 = 1 << 28;
pub(crate) const GOOD_CAPTURE: i32 = 1 << 24;
const KILLER: i32 = 1 << 22;
const BAD_CAPTURE: i32 = -(1 << 20);
impl Ordering {
    pub fn new() -> Ordering {
        Ordering {
            killers: [[0; 2]; MAX_PLY],
            history: vec![0; 4 * 32768],
            cont: ContHistory::new(),
            corr: Correction::new(),
        }
    }

    pub fn clear(&mut self) {
        self.killers = [[0; 2]; MAX_PLY];
        self.history.iter_mut().for_each(|h| *h = 0);
        self.cont.clear();
        self.corr.clear();
    }

    /// Halves history so an old search weighs less than a new one (corrections are facts
    /// about positions, and stay).
    pub fn age(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 2);
        self.cont.age();
        self.killers = [[0; 2]; MAX_PLY];
    }

    #[inline]
    fn hist_index(seat: Seat, m: Move) -> usize {
        seat.index() * 32768 + (m.bits() & 0x7fff) as usize
    }

    fn history(&self, seat: Seat, m: Move) -> i32 {
        self.history[Self::hist_index(seat, m)]
    }

    /// The history of quiet move `m` in `pos` plus its continuation history after `ctx`.
    #[inline]
    pub fn quiet_score(&self, pos: &Position, m: Move, ctx: Context) -> i32 {
        let s = self.history(pos.to_move(), m);
        if ctx == Context::NONE {
            return s;
        }
        s + self.cont.get(ctx, cont_history::key(pos, m))
    }

    /// A quiet move `m` of the side to move in `pos` caused a cutoff at `ply` with `depth`
    /// left, after the quiet moves `tried` failed; `ctx` is the node's continuation context.
    pub fn reward(
        &mut self,
        pos: &Position,
        ctx: Context,
        m: Move,
        (ply, depth): (usize, i32),
        tried: &[Move],
    ) {
        let seat = pos.to_move();
        if ply < MAX_PLY && self.killers[ply][0] != m.bits() {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = m.bits();
        }
        let bonus = (depth * depth).min(400);
        let h = &mut self.history[Self::hist_index(seat, m)];
        *h = gravity(*h, bonus, HISTORY_LIMIT);
        self.cont.update(ctx, cont_history::key(pos, m), bonus);
        for &q in tried {
            if q != m {
                let h = &mut self.history[Self::hist_index(seat, q)];
                *h = gravity(*h, -bonus, HISTORY_LIMIT);
                self.cont.update(ctx, cont_history::key(pos, q), -bonus);
            }
        }
    }

    /// Scores every move of `list` for the seat to move in `pos`, a node at `ply` whose
    /// continuation context is `ctx`.
    pub fn score_moves(
        &self,
        pos: &Position,
        list: &MoveList,
        (tt_move, ply, ctx): (u16, usize, Context),
        scores: &mut Vec<i32>,
    ) {
        scores.clear();
        let killers = if ply < MAX_PLY {
            self.killers[ply]
        } else {
            [0, 0]
        };
        for &m in list.iter() {
            let s = if m.bits() == tt_move && tt_move != 0 {
                TT_SCORE
            } else if let Some(c) = capture_score(pos, m) {
                c
            } else if m.bits() == killers[0] {
                KILLER + 1
            } else if m.bits() == killers[1] {
                KILLER
            } else {
                let mut s = self.quiet_score(pos, m, ctx);
                if m.promotes() {
                    s += 2000;
                }
                s
            };
            scores.push(s);
        }
    }
}

/// The move's victim, if it captures.
#[inline]
pub(crate) fn victim(pos: &Position, m: Move) -> Option<PieceKind> {
    if m.is_drop() {
        return None;
    }
    pos.piece_at(m.to()).map(|p| p.kind())
}

/// Is the target square of `m` defended by an enemy of the mover (after the mover leaves)?
#[inline]
pub(crate) fn target_defended(pos: &Position, m: Move) -> bool {
    let me = pos.to_move();
    let mut occ = pos.occupied();
    if let Some(f) = m.from() {
        occ.remove(f);
    }
    (pos.attackers_to(m.to(), occ) & pos.enemy_pieces(me) & occ).any()
}

/// Does the piece that lands with `m` stand safely: not attacked by an enemy, or supported by
/// another piece of the mover (so a king cannot simply take it)?
#[inline]
pub(crate) fn lands_safely(pos: &Position, m: Move) -> bool {
    let me = pos.to_move();
    let mut occ = pos.occupied();
    if let Some(f) = m.from() {
        occ.remove(f);
    }
    let attackers = pos.attackers_to(m.to(), occ) & occ;
    if (attackers & pos.enemy_pieces(me)).is_empty() {
        return true;
    }
    (attackers & pos.pieces_of(me)).any()
}

/// Ordering score of a capture or promotion; `None` for a quiet move.
#[inline]
pub(crate) fn capture_score(pos: &Position, m: Move) -> Option<i32> {
    let v = victim(pos, m);
    if v.is_none() && !m.promotes() {
        return None;
    }
    let a = mover(pos, m);
    let promo_gain = if m.promotes() {
        BOARD_VALUE[a.promoted().index()] - BOARD_VALUE[a.index()]
    } else {
        0
    };
    let gain = v.map_or(0, |k| see_value(k) + BOARD_VALUE[k.unpromoted().index()]) + promo_gain;
    let risk = see_value(a);
    // Losing the mover costs less than the gain: a good capture whatever happens next.
    if v.is_some_and(|k| see_value(k) >= risk) || !target_defended(pos, m) {
        Some(GOOD_CAPTURE + gain * 8 - risk / 16)
    } else if v.is_some() {
        Some(BAD_CAPTURE + gain - risk)
    } else {
        // A promotion onto a defended square: like a quiet move with a bonus.
        Some(promo_gain)
    }
}

/// Takes the best-scored move from `i` on and swaps it into place `i`.
#[inline]
pub(crate) fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) -> Move {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
    moves[i]
}

/// How many moves [`next_move`] picks one at a time before it sorts the rest.
const PICKED: usize = 6;

/// The `i`-th move in order (`i` counting up from 0): the first few by selection, since a
/// cut-off often comes early, then the rest sorted once (a node can hold hundreds of moves,
/// and selecting each of them is quadratic), through `buf` so that no node allocates.
#[inline]
pub(crate) fn next_move(
    moves: &mut [Move],
    scores: &mut [i32],
    i: usize,
    buf: &mut Vec<(i32, Move)>,
) -> Move {
    if i < PICKED {
        return pick(moves, scores, i);
    }
    if i == PICKED && moves.len() > PICKED + 1 {
        buf.clear();
        buf.extend(scores[i..].iter().copied().zip(moves[i..].iter().copied()));
        buf.sort_by_key(|p| std::cmp::Reverse(p.0));
        for (k, &(s, m)) in buf.iter().enumerate() {
            scores[i + k] = s;
            moves[i + k] = m;
        }
    }
    moves[i]
}
