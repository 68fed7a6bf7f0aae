//! Yonin search: Best-Reply Search (BRS+) over the engine's own turn order.
//!
//! Adaptation. In BRS the searching ("root") seat's moves alternate with one layer holding
//! the moves of *all* opponents, of which only the best reply is kept; BRS+ keeps positions
//! legal by letting the other opponents play a cheap ordering move. Here the engine decides
//! who moves after every move (check priority, skipped turns, eliminations), so the search
//! never guesses the order; it follows `play_unchecked` and, between two root turns:
//! - the first opponent to move may *branch* (all its moves, a min node, depth − 1), or pass
//!   the branch on by playing its ordering move (depth unchanged) when another opponent moves
//!   before the root again;
//! - once an opponent has branched, every later opponent before the root's next turn plays
//!   its ordering move only (a single child, depth unchanged).
//!
//! So the min layer is the union of every opponent's moves, as in BRS, and each position
//! searched is a real position of the game. Opponents minimise the root's evaluation
//! (paranoid); the root maximises it. A teams partner moves like the root (max). Being
//! eliminated scores near −mate (less bad the later it happens), a win near +mate; a repetition
//! is a draw, or the root's elimination when it checked with every move of the cycle (the
//! repetition rule's perpetual check). Children after the first get a null window (PVS), and
//! late quiet moves a reduction, at max and min nodes alike.
//!
//! The selective search (Hard) prunes forward: near the horizon, quiet moves that cannot bring
//! a node back into the window (futility), and opponents' quiet moves that attack nothing of
//! the root's; and it reduces late quiet moves further. It also extends: an opponent's check on
//! the root costs no depth. The depth-capped levels search full width.

use super::cont_history::Context;
use super::control::Control;
use super::eval_cache::EvalCache;
use super::eval_yonin::evaluate_unaware;
use super::ordering::{capture_score, next_move, victim, Ordering, MAX_PLY};
use super::score::{INF, MATE, MATE_BOUND};
use super::search_core::{promote_root_move, SearchCore};
use super::tt::Tt;
use super::SearchInfo;
use crate::attacks;
use crate::moves::Move;
use crate::position::Position;
use crate::seat::Seat;
use crate::square_set::SquareSet;

/// Salts that keep table entries of different roots and branch states apart.
const ROOT_SALT: [u64; 4] = [
    0x1f83_d9ab_fb41_bd6b,
    0x5be0_cd19_137e_2179,
    0xcbbb_9d5d_c105_9ed8,
    0x629a_292a_367c_d507,
];
const BRANCHED_SALT: u64 = 0x9159_015a_3070_dd17;

/// Selective search, per ply of depth left (at most 2): a quiet move that checks nobody is
/// skipped when the node's static evaluation misses the window by this much. With the other
/// two prunings, Hard against three Mediums at 80 k nodes (320 games): first place 53 % → 61 %,
/// pairwise 66 % → 72 %.
const FUTILITY_MARGIN: i32 = 120;

/// Path flags: the move into the position was the root's, and it left another seat in check.
const ROOT_MOVED: u8 = 1;
const LEFT_CHECK: u8 = 2;

pub(crate) struct Brs<'a> {
    core: SearchCore<'a>,
    root: Seat,
    /// Hashes of the game and the current line, each with what the move into it did
    /// ([`ROOT_MOVED`], [`LEFT_CHECK`]).
    path: Vec<(u64, u8)>,
    root_index: usize,
    /// Search the BRS+ tree exactly: no reductions, no table cut-offs, no table move as an
    /// opponent's ordering move (tests compare the search with a plain alpha-beta this way).
    exact: bool,
    /// Up to which ply the first opponent may pass the branch on to a later one (the min layer
    /// holds every opponent's moves); deeper, only the next opponent to move branches.
    pub hand_on_plies: usize,
    /// Forward pruning near the horizon and deeper reductions (see [`FUTILITY_MARGIN`]).
    pub selective: bool,
    evals: EvalCache,
}

impl<'a> Brs<'a> {
    pub fn new(
        ctl: &'a mut Control,
        tt: &'a Tt,
        ord: &'a mut Ordering,
        root: Seat,
        history: &[u64],
    ) -> Self {
        let mut path: Vec<(u64, u8)> = history.iter().map(|&h| (h, 0)).collect();
        let root_index = path.len();
        path.reserve(MAX_PLY + 8);
        Brs {
            core: SearchCore::new(ctl, tt, ord),
            root,
            path,
            root_index,
            exact: false,
            hand_on_plies: MAX_PLY,
            selective: false,
            evals: EvalCache::new(root, ROOT_SALT[root.index()]),
        }
    }

    fn is_max(&self, pos: &Position, s: Seat) -> bool {
        s == self.root || pos.partner(self.root) == Some(s)
    }

    /// The score of a finished game or of the root's elimination, if any.
    fn terminal(&self, pos: &Position, ply: usize) -> Option<i32> {
        let ply = ply as i32;
        if !pos.is_live(self.root) {
            // Eliminated: the more seats went out before, the better the rank.
            let before = pos.dead().take_while(|&s| s != self.root).count() as i32;
            return Some(-MATE + ply + 100 * before);
        }
        if pos.is_decided_by_elimination() {
            let partner_out = pos.rules.teams && !pos.is_live(self.root.opposite());
            return Some(if partner_out {
                -MATE + ply + 100
            } else {
                MATE - ply
            });
        }
        None
    }

    fn key(&self, pos: &Position, branched: bool) -> u64 {
        pos.hash() ^ ROOT_SALT[self.root.index()] ^ if branched { BRANCHED_SALT } else { 0 }
    }

    /// Records the move from `parent` into `child` on the line.
    fn push(&mut self, parent: &Position, child: &Position) {
        let mover = parent.to_move();
        let flags = if mover == self.root {
            let checks = child.live().iter().any(|s| s != mover && child.in_check(s));
            ROOT_MOVED | if checks { LEFT_CHECK } else { 0 }
        } else {
            0
        };
        self.path.push((child.hash(), flags));
    }

    /// The score of a position that repeats one earlier on the line or in the game: the
    /// root's elimination when every move it made since then checked someone (the repetition
    /// rule eliminates a perpetual checker), else a draw.
    fn repetition(&self, hash: u64, ply: usize) -> Option<i32> {
        let n = self.path.len();
        let first = self.path[..n.saturating_sub(2)]
            .iter()
            .rposition(|&(h, _)| h == hash)?;
        let cycle = &self.path[first + 1..n];
        let root_moves = cycle.iter().filter(|e| e.1 & ROOT_MOVED != 0);
        let mut any = false;
        let mut all_check = true;
        for e in root_moves {
            any = true;
            all_check &= e.1 & LEFT_CHECK != 0;
        }
        Some(if any && all_check {
            -MATE + ply as i32 + 50
        } else {
            0
        })
    }

    /// Makes this search Lazy SMP helper number `helper` (`None`: the main thread).
    pub fn set_helper(&mut self, helper: Option<usize>) {
        self.core.helper = helper;
    }

    /// Iterative deepening from `pos`, where `root` is to move.
    pub fn run(
        &mut self,
        pos: &Position,
        max_depth: i32,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<(Move, i32)> {
        let mut root_moves = pos.legal_moves().to_vec();
        if root_moves.is_empty() {
            return None;
        }
        self.path.push((pos.hash(), 0));
        let mut best: Option<(Move, i32)> = None;
        for depth in 1..=max_depth.max(1) {
            if self.core.skips(depth) {
                continue;
            }
            self.core.seldepth = 0;
            let r = self.root_search(pos, &mut root_moves, depth);
            if self.core.ctl.stopped {
                // The last best move is searched first, so a partial iteration that finished
                // it knows that move's deeper score and every move it found better: its
                // answer stands (scores of different depths are not comparable).
                if r.is_some() {
                    best = r;
                }
                if best.is_none() {
                    best = r.or(Some((root_moves[0], 0)));
                }
                break;
            }
            if let Some((m, s)) = r {
                best = Some((m, s));
                info(&self.core.iteration_info(depth, m, s));
                if s.abs() >= MATE_BOUND {
                    break;
                }
            }
            if self.core.ctl.soft_expired() {
                break;
            }
        }
        self.path.truncate(self.root_index);
        best
    }

    fn root_search(
        &mut self,
        pos: &Position,
        moves: &mut [Move],
        depth: i32,
    ) -> Option<(Move, i32)> {
        let mut alpha = -INF;
        let beta = INF;
        let mut best: Option<(Move, i32)> = None;
        self.core.pv.clear(0);
        for i in 0..moves.len() {
            let m = moves[i];
            let mut child = pos.clone();
            child.play_unchecked(m);
            self.push(pos, &child);
            let mut s;
            if best.is_none() {
                s = self.search(&child, depth - 1, alpha, beta, 1, false);
            } else {
                // A null window first: most moves only need to be shown worse than the best.
                s = self.search(&child, depth - 1, alpha, alpha + 1, 1, false);
                if s > alpha && !self.core.ctl.stopped {
                    s = self.search(&child, depth - 1, alpha, beta, 1, false);
                }
            }
            self.path.pop();
            if self.core.ctl.stopped {
                break;
            }
            if best.is_none_or(|(_, b)| s > b) {
                best = Some((m, s));
                promote_root_move(moves, i);
                if s > alpha {
                    alpha = s;
                }
                self.core.pv.update(0, m);
            }
        }
        if let (false, Some((m, s))) = (self.core.ctl.stopped, best) {
            // Searched with a full window: exact.
            self.core.store(
                self.key(pos, false),
                (m.bits(), s),
                (-INF, INF),
                depth,
                0,
                None,
            );
        }
        best
    }

    /// The move an opponent plays when it does not branch: its first move by static ordering.
    fn ordering_move(&self, pos: &Position, list: &[Move], tt_move: u16) -> Move {
        let mut best = list[0];
        let mut best_score = i32::MIN;
        for &m in list.iter() {
            let s = if m.bits() == tt_move {
                i32::MAX
            } else {
                capture_score(pos, m).unwrap_or(0)
            };
            if s > best_score {
                best_score = s;
                best = m;
            }
        }
        best
    }

    fn search(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        branched: bool,
    ) -> i32 {
        self.core.pv.clear(ply);
        if let Some(s) = self.terminal(pos, ply) {
            return s;
        }
        if let Some(s) = self.repetition(pos.hash(), ply) {
            return s;
        }
        let stm = pos.to_move();
        let maxing = self.is_max(pos, stm);
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        if self.core.enter(ply) {
            return 0;
        }
        if ply >= MAX_PLY - 4 {
            return self.evals.evaluate(pos);
        }
        let key = self.key(pos, branched && !maxing);
        let probe = self.core.probe(key, depth, alpha, beta, ply, !self.exact);
        if let Some(s) = probe.cut {
            return s;
        }
        let tt_move = if self.exact { 0 } else { probe.mv };
        let mut list = self.core.take_list();
        pos.legal_moves_into(&mut list);
        if list.is_empty() {
            // The turn order never hands the move to a seat without one; be safe anyway.
            self.core.give_list(list);
            return self.evals.evaluate(pos);
        }
        if !maxing && branched {
            // A later opponent in a layer that already branched: its ordering move only.
            let m = self.ordering_move(pos, list.as_slice(), tt_move);
            self.core.give_list(list);
            let mut child = pos.clone();
            child.play_unchecked(m);
            self.push(pos, &child);
            let s = self.search(&child, depth, alpha, beta, ply + 1, true);
            self.path.pop();
            if !self.core.ctl.stopped {
                self.core.pv.update(ply, m);
            }
            return s;
        }
        let orig = (alpha, beta);
        let mut scratch = self.core.take_scratch();
        self.core.ord.score_moves(
            pos,
            &list,
            (tt_move, ply, Context::NONE),
            &mut scratch.scores,
        );
        let moves = list.as_mut_slice();
        let mut best = if maxing { -INF } else { INF };
        let mut best_move = 0u16;
        // For a min node: first the branch handed on to a later opponent, when there is one.
        if !maxing && ply <= self.hand_on_plies {
            let m = self.ordering_move(pos, moves, tt_move);
            let mut child = pos.clone();
            child.play_unchecked(m);
            if !self.is_max(&child, child.to_move()) && self.terminal(&child, ply + 1).is_none() {
                self.push(pos, &child);
                let s = self.search(&child, depth, alpha, beta, ply + 1, false);
                self.path.pop();
                if self.core.ctl.stopped {
                    self.core.give_list(list);
                    self.core.give_scratch(scratch);
                    return 0;
                }
                best = s;
                best_move = m.bits();
                self.core.pv.update(ply, m);
                beta = beta.min(s);
                if alpha >= beta {
                    self.core.give_list(list);
                    self.core.give_scratch(scratch);
                    return s;
                }
            }
        }
        // After the first child searched (the handed-on branch counts), children get a null
        // window first (PVS) and a full one only when they beat the bound.
        let handed_on = best_move != 0;
        // Below a min node the layer has branched (later opponents play their ordering move
        // only); below a max node a new layer starts. The same for every child, whatever its
        // window: a null-window child searched with another flag would search another tree.
        let branched_child = !maxing;
        // Selective search: near the horizon, a quiet move cannot lift a node whose static
        // evaluation is far on the wrong side of the window.
        let futile = self.selective && !self.exact && depth <= 2 && !pos.in_check(stm) && {
            let margin = FUTILITY_MARGIN * depth;
            let e = self.evals.evaluate(pos);
            if maxing {
                e + margin <= alpha
            } else {
                e - margin >= beta
            }
        };
        // What an opponent's move must attack to concern the root (selective min nodes only):
        // its pieces, or the squares around its king.
        let root_near = if self.selective && !maxing {
            pos.pieces_of(self.root) | pos.king(self.root).map_or(SquareSet::EMPTY, attacks::king)
        } else {
            SquareSet::EMPTY
        };
        for i in 0..moves.len() {
            let m = next_move(moves, &mut scratch.scores, i, &mut scratch.sorted);
            let quiet = victim(pos, m).is_none() && !m.promotes();
            let mut child = pos.clone();
            child.play_unchecked(m);
            let checks = child.live().iter().any(|s| s != stm && child.in_check(s));
            // Selective search: an opponent's check on the root costs no depth (the root's
            // answers are few, and eliminations come through such lines).
            let new_depth = if self.selective && !maxing && child.in_check(self.root) {
                depth
            } else {
                depth - 1
            };
            let late = i >= if maxing { 4 } else { 6 };
            let mut r = if !self.exact && depth >= 3 && quiet && !checks && late {
                1
            } else {
                0
            };
            if self.selective {
                if r > 0 {
                    r += (i >= 16 && depth >= 4) as i32 + (i >= 48 && depth >= 5) as i32;
                }
                if futile && quiet && !checks && i > 0 {
                    continue;
                }
                // An opponent's quiet move that leaves the root alone is seldom the best reply
                // against it: past the first few, pruned near the horizon, else reduced.
                if !maxing && quiet && !checks && i >= 3 && !touches(&child, m, root_near) {
                    if depth <= 2 {
                        continue;
                    }
                    r += 1;
                }
            }
            self.push(pos, &child);
            let mut s;
            if i == 0 && !handed_on {
                s = self.search(&child, new_depth, alpha, beta, ply + 1, branched_child);
            } else if maxing {
                s = self.search(
                    &child,
                    new_depth - r,
                    alpha,
                    alpha + 1,
                    ply + 1,
                    branched_child,
                );
                if s > alpha && r > 0 && !self.core.ctl.stopped {
                    s = self.search(&child, new_depth, alpha, alpha + 1, ply + 1, branched_child);
                }
                if s > alpha && s < beta && !self.core.ctl.stopped {
                    s = self.search(&child, new_depth, alpha, beta, ply + 1, branched_child);
                }
            } else {
                s = self.search(
                    &child,
                    new_depth - r,
                    beta - 1,
                    beta,
                    ply + 1,
                    branched_child,
                );
                if s < beta && r > 0 && !self.core.ctl.stopped {
                    s = self.search(&child, new_depth, beta - 1, beta, ply + 1, branched_child);
                }
                if s < beta && s > alpha && !self.core.ctl.stopped {
                    s = self.search(&child, new_depth, alpha, beta, ply + 1, branched_child);
                }
            }
            self.path.pop();
            if self.core.ctl.stopped {
                self.core.give_list(list);
                self.core.give_scratch(scratch);
                return 0;
            }
            let better = if maxing { s > best } else { s < best };
            if better {
                best = s;
                best_move = m.bits();
                self.core.pv.update(ply, m);
            }
            if maxing {
                alpha = alpha.max(s);
            } else {
                beta = beta.min(s);
            }
            if alpha >= beta {
                if quiet {
                    self.core
                        .ord
                        .reward(pos, Context::NONE, m, (ply, depth), &scratch.tried);
                }
                break;
            }
            if quiet {
                scratch.tried.push(m);
            }
        }
        self.core.give_list(list);
        self.core.give_scratch(scratch);
        self.core
            .store(key, (best_move, best), orig, depth, ply, None);
        best
    }

    /// Captures (and check evasions close to the horizon) in the engine's turn order, with
    /// stand-pat for every seat: the root may stop at the evaluation, and so may opponents.
    fn qsearch(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        q: i32,
    ) -> i32 {
        self.core.pv.clear(ply);
        if let Some(s) = self.terminal(pos, ply) {
            return s;
        }
        if self.core.enter(ply) {
            return 0;
        }
        let stand = self.evals.evaluate(pos);
        if q >= 4 || ply >= MAX_PLY - 4 {
            return stand;
        }
        let stm = pos.to_move();
        let maxing = self.is_max(pos, stm);
        let in_check = pos.in_check(stm);
        if !in_check || q >= 2 {
            if maxing {
                if stand >= beta {
                    return stand;
                }
                alpha = alpha.max(stand);
            } else {
                if stand <= alpha {
                    return stand;
                }
                beta = beta.min(stand);
            }
        }
        let mut list = self.core.take_list();
        let evasions = in_check && q < 2;
        if evasions {
            pos.legal_moves_into(&mut list);
        } else {
            pos.legal_captures_into(&mut list);
        }
        let mut cand: Vec<(i32, Move)> = Vec::new();
        for &m in list.iter() {
            match capture_score(pos, m) {
                Some(s) if s >= 0 && victim(pos, m).is_some() => cand.push((s, m)),
                other if evasions => cand.push((other.unwrap_or(-1), m)),
                _ => {}
            }
        }
        self.core.give_list(list);
        if cand.is_empty() {
            return stand;
        }
        cand.sort_by_key(|c| std::cmp::Reverse(c.0));
        let mut best = match (evasions, maxing) {
            (true, true) => -INF,
            (true, false) => INF,
            (false, _) => stand,
        };
        for (_, m) in cand {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let s = self.qsearch(&child, alpha, beta, ply + 1, q + 1);
            if self.core.ctl.stopped {
                return 0;
            }
            if maxing {
                best = best.max(s);
                alpha = alpha.max(s);
            } else {
                best = best.min(s);
                beta = beta.min(s);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Scores every root move for the soft choice of the weaker levels: exactly within
    /// `window` of the best so far, as a bound below that. `blind[i]` replaces a move's
    /// search by the static evaluation after it.
    pub fn score_root_moves(
        &mut self,
        pos: &Position,
        moves: &[Move],
        depth: i32,
        blind: &[bool],
        window: i32,
    ) -> Vec<i32> {
        self.path.push((pos.hash(), 0));
        let mut out = Vec::with_capacity(moves.len());
        let mut best = -INF;
        for (i, &m) in moves.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            self.push(pos, &child);
            let s = if let Some(t) = self.terminal(&child, 1) {
                t
            } else if blind.get(i).copied().unwrap_or(false) {
                evaluate_unaware(&child, self.root)
            } else {
                let floor = (best - window - 1).max(-INF);
                self.search(&child, depth - 1, floor, INF, 1, false)
            };
            best = best.max(s);
            self.path.pop();
            if self.core.ctl.stopped {
                out.resize(moves.len(), -INF + 1);
                break;
            }
            out.push(s);
        }
        self.path.truncate(self.root_index);
        out
    }
}

/// Does the piece that `m` put on its square (in `child`, the position after it) attack any
/// square of `near`?
fn touches(child: &Position, m: Move, near: SquareSet) -> bool {
    child.piece_at(m.to()).is_some_and(|p| {
        let reach = attacks::piece(p.kind(), p.facing(), m.to(), child.occupied());
        (reach & near).any()
    })
}

#[cfg(test)]
#[path = "brs_tests.rs"]
mod tests;
