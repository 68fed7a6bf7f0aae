//! Standard-shogi search: iterative deepening PVS with aspiration windows, a transposition
//! table (which quiescence shares, and which keeps static evaluations), null move, late-move
//! reductions (less for moves the history and continuation history like), late-move pruning
//! (sooner when the evaluation is not improving), pruning by static exchange, check and
//! singular extensions, internal iterative reduction, quiescence on captures and promotions,
//! static evaluations corrected by what earlier searches found (correction history), mate in
//! one at each node, mate-distance scores and repetition (with perpetual check) detection.

use super::cont_history::{self, Context, NO_KEY};
use super::control::Control;
use super::correction::Correction;
use super::eval_standard::{board_after, board_value, capture_gain, evaluate_with_board};
use super::mate1::mate_in_one;
use super::move_change::Change;
use super::ordering::{self, capture_score, next_move, victim, Ordering, MAX_PLY};
use super::residual::Acc;
use super::score::{INF, MATE, MATE_BOUND};
use super::search_core::{promote_root_move, Probe, SearchCore};
use super::see;
use super::tt::{Bound, Tt};
use super::{GameHistory, SearchInfo};
use crate::movegen;
use crate::moves::Move;
use crate::piece::PieceKind;
use crate::position::Position;
use std::sync::LazyLock;

/// The ordering score of the table's move among the quiescence moves: first.
const TT_FIRST: i32 = i32::MAX;

/// The score for winning or losing by perpetual check (sure, but not a mate).
const PERPETUAL: i32 = 5_000;

/// Exchange loss (in `see` units) a quiet move may risk, times the square of the depth left
/// after its late-move reduction.
const SEE_QUIET: i32 = 45;
/// Exchange losses a capture, promotion or check may risk per ply of depth left.
const SEE_NOISY: i32 = 290;

/// The least depth at which the table's move is tested for a singular extension (self-play at
/// 220 ms a move: +25 Elo, 95 % [−2, +53], over 606 games against no extension).
const SINGULAR_DEPTH: i32 = 6;

/// The least depth at which a node without a table move is searched a ply shallower (self-play
/// at 100 ms a move against none: +22 Elo, 95 % [+6, +39], over 1 774 games on two book
/// series; the SPRT of 0 against 15 Elo on their pooled pairs accepted it).
const IIR_DEPTH: i32 = 5;

/// The static evaluation `eval` of a node, or its stored score when that bounds the
/// evaluation from the side the evaluation errs on (a better guess of what a search finds).
fn refine(eval: i32, stored: Option<(i32, Bound)>) -> i32 {
    match stored {
        Some((s, bound)) if s.abs() < MATE_BOUND => match bound {
            Bound::Exact => s,
            Bound::Lower => s.max(eval),
            Bound::Upper => s.min(eval),
        },
        _ => eval,
    }
}

/// A node's static evaluation (the stored one when the table has it; `None` in check, where
/// there is none), that evaluation plus the correction history's entry, and the guess the
/// pruning uses: the corrected evaluation [`refine`]d by the stored score, `-INF` in check.
fn node_eval(
    pos: &Position,
    eval: Option<i32>,
    probe: &Probe,
    corr: &Correction,
) -> (Option<i32>, Option<i32>, i32) {
    let corrected = eval.map(|e| (e + corr.get(pos)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1));
    (
        eval,
        corrected,
        corrected.map_or(-INF, |e| refine(e, probe.score)),
    )
}

/// The natural logarithms of 0 (taken as 1) to 1023, worked out once: the logarithm itself
/// was a hundredth of the search's time.
static LN: LazyLock<Vec<f64>> =
    LazyLock::new(|| (0..1024).map(|i: u32| f64::from(i.max(1)).ln()).collect());

/// The natural logarithm of `n.max(1)`.
#[inline]
fn ln(n: usize) -> f64 {
    LN.get(n).copied().unwrap_or_else(|| (n as f64).ln())
}

/// How much a late move is reduced, by depth and move number, before any clamp.
fn reduction(depth: i32, n: usize) -> i32 {
    (0.75 + ln(depth.max(1) as usize) * ln(n) / 1.9) as i32
}

/// How many quiet moves are searched at `depth` (at most 3) before the rest are pruned: half
/// as many when the node is not `improving` (self-play at 100 000 nodes a move: +51.8 Elo,
/// 95 % [+21.8, +82.5], over 470 games, an SPRT of 0 against 15 Elo accepted it). 3 + 2·d²
/// instead of 4 + 4·d² scored 53.9 % of 432 games at 100 000 nodes (+27 Elo, [−5, +59]).
fn late_move_limit(depth: i32, improving: bool) -> usize {
    let n = (3 + 2 * depth * depth) as usize;
    if improving {
        n
    } else {
        n / 2
    }
}

/// Late-move reduction by depth (at least 3) and move number.
fn lmr(depth: i32, n: usize) -> i32 {
    reduction(depth, n).clamp(0, depth - 2)
}

/// One standard search: the state of a single move decision.
pub(crate) struct StdSearch<'a> {
    core: SearchCore<'a>,
    /// Hashes and in-check flags of the game so far and of the current line.
    path: Vec<(u64, bool)>,
    /// Where the game history ends and the search line begins.
    root_index: usize,
    root_depth: i32,
    /// The continuation-history key of the move played at each ply of the line.
    keys: [u16; MAX_PLY + 1],
    /// The keys of the game's last move and the one before it (the root's context).
    before_root: [u16; 2],
    /// The move a singular-extension search at each ply leaves out (0: none).
    excluded: [u16; MAX_PLY + 1],
    /// The static evaluation of the node at each ply of the line (`NO_EVAL` in check).
    evals: [i32; MAX_PLY + 1],
    /// The evaluation's board part of the node at each ply ([`board_value`]), kept up to date
    /// move by move; `None` after a king move until the node is evaluated.
    boards: [Option<i32>; MAX_PLY + 1],
    /// The residual network's hidden sums of the node at each ply, kept up to date move by
    /// move.
    nets: [Option<Acc>; MAX_PLY + 1],
}

/// No static evaluation (the side to move is in check).
const NO_EVAL: i32 = i32::MIN;

impl<'a> StdSearch<'a> {
    pub fn new(
        ctl: &'a mut Control,
        tt: &'a Tt,
        ord: &'a mut Ordering,
        history: &GameHistory,
    ) -> Self {
        let mut path = Vec::with_capacity(history.len() + MAX_PLY + 8);
        path.extend_from_slice(&history.entries);
        let root_index = path.len();
        StdSearch {
            core: SearchCore::new(ctl, tt, ord),
            path,
            root_index,
            root_depth: 1,
            keys: [NO_KEY; MAX_PLY + 1],
            before_root: history.last_moves,
            excluded: [0; MAX_PLY + 1],
            evals: [NO_EVAL; MAX_PLY + 1],
            boards: [None; MAX_PLY + 1],
            nets: [None; MAX_PLY + 1],
        }
    }

    /// The continuation context of a node at `ply`: the two moves before it.
    #[inline]
    fn context(&self, ply: usize) -> Context {
        let at = |back: usize| match ply.checked_sub(back) {
            Some(p) => self.keys[p],
            None => self.before_root[back - ply - 1],
        };
        Context([at(1), at(2)])
    }

    /// Keeps the root's static evaluation, which nodes two plies down compare theirs with.
    fn set_root_eval(&mut self, pos: &Position, in_check: bool) {
        self.boards[0] = Some(board_value(pos));
        self.nets[0] = Some(Acc::of(pos));
        self.evals[0] = if in_check {
            NO_EVAL
        } else {
            self.eval_at(pos, 0)
        };
    }

    /// The static evaluation of `pos`, the node at `ply`, from its board part and network sums
    /// kept at that ply (counted afresh, and kept, where none was kept: after a king move,
    /// or at a node entered without its parent).
    #[inline]
    fn eval_at(&mut self, pos: &Position, ply: usize) -> i32 {
        let board = match self.boards[ply] {
            Some(b) => b,
            None => *self.boards[ply].insert(board_value(pos)),
        };
        let net = *self.nets[ply].get_or_insert_with(|| Acc::of(pos));
        // The unit tests' searches check every evaluated node.
        if cfg!(any(test, debug_assertions)) {
            assert_eq!(board, board_value(pos), "the board part kept at ply {ply}");
            assert_eq!(net, Acc::of(pos), "the network's sums kept at ply {ply}");
        }
        evaluate_with_board(pos, board) + net.output(pos.to_move())
    }

    /// Keeps the board part and network sums of the child of the node at `ply` (`pos`) by the
    /// move `m`.
    #[inline]
    fn make_board(&mut self, ply: usize, pos: &Position, m: Move) {
        let Some(c) = Change::of(pos, m) else {
            (self.boards[ply + 1], self.nets[ply + 1]) = (None, None);
            return;
        };
        self.boards[ply + 1] = self.boards[ply].and_then(|b| board_after(pos, b, &c));
        self.nets[ply + 1] = self.nets[ply].map(|a| a.after(&c));
    }

    /// Whether the static evaluation at `ply` is better than two plies before (four when that
    /// node was in check; yes when neither has one, or the line is too short).
    fn improving(&self, ply: usize) -> bool {
        let e = self.evals[ply];
        if e == NO_EVAL {
            return false;
        }
        let back = |k: usize| ply.checked_sub(k).map_or(NO_EVAL, |p| self.evals[p]);
        match (back(2), back(4)) {
            (b, _) if b != NO_EVAL => e > b,
            (_, b) if b != NO_EVAL => e > b,
            _ => true,
        }
    }

    /// Repetition score from the point of view of the side to move, if the position repeats.
    fn repetition(&self, hash: u64) -> Option<i32> {
        let n = self.path.len();
        // path[n-1] is the current position.
        let cur = n - 1;
        let mut j = cur;
        while j >= 2 {
            j -= 2;
            if self.path[j].0 == hash {
                let mine_checked = (j..=cur).step_by(2).all(|i| self.path[i].1);
                let theirs_checked = (j + 1..cur).step_by(2).all(|i| self.path[i].1);
                return Some(if mine_checked {
                    PERPETUAL
                } else if theirs_checked {
                    -PERPETUAL
                } else {
                    0
                });
            }
        }
        None
    }

    /// Makes this search Lazy SMP helper number `helper` (`None`: the main thread).
    pub fn set_helper(&mut self, helper: Option<usize>) {
        self.core.helper = helper;
    }

    /// Iterative deepening from `pos`; returns the best move and its score.
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
        self.path.push((pos.hash(), pos.in_check(pos.to_move())));
        let mut best: Option<(Move, i32)> = None;
        let mut prev: i32 = 0;
        for depth in 1..=max_depth.max(1) {
            if self.core.skips(depth) {
                continue;
            }
            self.root_depth = depth;
            self.core.seldepth = 0;
            let mut delta = 50;
            let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < MATE_BOUND {
                (prev - delta, prev + delta)
            } else {
                (-INF, INF)
            };
            let result = loop {
                let r = self.root(pos, &mut root_moves, depth, alpha, beta);
                if self.core.ctl.stopped {
                    break r;
                }
                let Some((_, s)) = r else { break r };
                if s <= alpha {
                    beta = (alpha + beta) / 2;
                    alpha = (s - delta).max(-INF);
                } else if s >= beta {
                    beta = (s + delta).min(INF);
                } else {
                    break r;
                }
                delta += delta;
                if delta > 1500 {
                    alpha = -INF;
                    beta = INF;
                }
            };
            if self.core.ctl.stopped {
                // The previous best move is searched first, so what a partly searched
                // iteration found before the stop was searched deeper than the last answer;
                // but only a score inside the window counts (an upper bound that failed low
                // may name any move).
                if let Some((m, s)) = result {
                    if s > alpha {
                        best = Some((m, s));
                    }
                }
                if best.is_none() {
                    best = Some((root_moves[0], 0));
                }
                break;
            }
            if let Some((m, s)) = result {
                best = Some((m, s));
                prev = s;
                info(&self.core.iteration_info(depth, m, s));
                if s.abs() >= MATE_BOUND && MATE - s.abs() < depth {
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

    /// Searches the root moves, keeping them sorted best first.
    fn root(
        &mut self,
        pos: &Position,
        moves: &mut [Move],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> Option<(Move, i32)> {
        let in_check = pos.in_check(pos.to_move());
        self.set_root_eval(pos, in_check);
        let mut best: Option<(Move, i32)> = None;
        let mut best_score = -INF;
        self.core.pv.clear(0);
        let orig_alpha = alpha;
        for i in 0..moves.len() {
            let m = moves[i];
            self.keys[0] = cont_history::key(pos, m);
            self.make_board(0, pos, m);
            let mut child = pos.clone();
            child.play_unchecked(m);
            let gives_check = child.in_check(child.to_move());
            self.path.push((child.hash(), gives_check));
            let new_depth = depth - 1 + i32::from(gives_check);
            let quiet = victim(pos, m).is_none() && !m.promotes();
            let mut s;
            if i == 0 {
                s = -self.pvs(&child, new_depth, -beta, -alpha, 1, true);
            } else {
                let r = if depth >= 3 && quiet && !in_check && !gives_check && i >= 4 {
                    lmr(depth, i) / 2
                } else {
                    0
                };
                s = -self.pvs(&child, new_depth - r, -alpha - 1, -alpha, 1, true);
                if s > alpha && r > 0 && !self.core.ctl.stopped {
                    s = -self.pvs(&child, new_depth, -alpha - 1, -alpha, 1, true);
                }
                if s > alpha && s < beta && !self.core.ctl.stopped {
                    s = -self.pvs(&child, new_depth, -beta, -alpha, 1, true);
                }
            }
            self.path.pop();
            if self.core.ctl.stopped {
                break;
            }
            if s > best_score {
                best_score = s;
                best = Some((m, s));
                // Upper bounds of moves that failed low do not reorder the list: the best
                // move so far stays first for the next search.
                if s > alpha {
                    promote_root_move(moves, i);
                    alpha = s;
                    self.core.pv.update(0, m);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        if let (false, Some((m, s))) = (self.core.ctl.stopped, best) {
            self.core.store(
                pos.hash(),
                (m.bits(), s),
                (orig_alpha, beta),
                depth,
                0,
                None,
            );
        }
        best
    }

    /// Principal-variation search below the root; scores are for the side to move.
    fn pvs(
        &mut self,
        pos: &Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        can_null: bool,
    ) -> i32 {
        self.core.pv.clear(ply);
        let hash = pos.hash();
        if let Some(s) = self.repetition(hash) {
            return s;
        }
        // Mate distance pruning.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let me = pos.to_move();
        let in_check = pos.in_check(me);
        if depth <= 0 {
            if !in_check {
                return self.qsearch(pos, alpha, beta, ply, 0);
            }
            depth = 1;
        }
        if self.core.enter(ply) {
            return 0;
        }
        if ply >= MAX_PLY - 4 {
            return self.eval_at(pos, ply);
        }
        let pv_node = beta - alpha > 1;
        let excluded = self.excluded[ply];
        let probe = self
            .core
            .probe(hash, depth, alpha, beta, ply, !pv_node && excluded == 0);
        if let Some(s) = probe.cut {
            return s;
        }
        let tt_move = probe.mv;
        // A side without a legal move has lost. Out of check a cheap test finds a move in most
        // positions; the moves themselves are generated only if the pruning below does not
        // settle the node first.
        if !movegen::has_legal_move(pos, me, !in_check) {
            return -MATE + ply as i32;
        }
        // Internal iterative reduction: a deep node the table has no move for is searched a
        // ply shallower (its ordering is a guess, and the next iteration finds the table
        // filled).
        if tt_move == 0 && depth >= IIR_DEPTH && excluded == 0 {
            depth -= 1;
        }
        let eval = (!in_check).then(|| probe.eval.unwrap_or_else(|| self.eval_at(pos, ply)));
        let (eval, corrected, static_eval) = node_eval(pos, eval, &probe, &self.core.ord.corr);
        self.evals[ply] = corrected.unwrap_or(NO_EVAL);
        let improving = self.improving(ply);
        if !pv_node && !in_check && excluded == 0 && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta with little depth left. Up to depth 7 (margin
            // 120·d, 60 less when improving) lost: +43 −64 =3 in 110 games at 100 ms a move.
            if depth <= 3 && static_eval - 120 * depth >= beta {
                return static_eval;
            }
            // Null move: shogi has few zugzwangs, so passing is a sound lower bound.
            if can_null && depth >= 3 && static_eval >= beta {
                let r = 3 + depth / 5;
                self.boards[ply + 1] = self.boards[ply];
                self.nets[ply + 1] = self.nets[ply];
                let mut child = pos.clone();
                child.set_to_move(me.opposite());
                self.keys[ply] = NO_KEY;
                self.path.push((child.hash(), false));
                let s = -self.pvs(&child, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.path.pop();
                if self.core.ctl.stopped {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }
        // A mate in one ends the node (asked only here, after the cheaper cutoffs above): the
        // mating move is often a quiet drop the pruning below would skip.
        if !in_check && excluded == 0 {
            let mut list = self.core.take_list();
            let mate = mate_in_one(pos, &mut list);
            self.core.give_list(list);
            if let Some(m) = mate {
                let s = MATE - ply as i32 - 1;
                self.core
                    .store(hash, (m.bits(), s), (-INF, INF), depth, ply, None);
                return s;
            }
        }
        // Singular extension: the table's move is extended when every other move falls well
        // short of its stored score in a shallower search.
        let mut singular = false;
        if depth >= SINGULAR_DEPTH && excluded == 0 && ply > 0 && tt_move != 0 {
            if let Some((s, Bound::Lower | Bound::Exact)) = probe.score {
                if s.abs() < MATE_BOUND && probe.depth >= depth - 3 {
                    let sbeta = s - 2 * depth;
                    self.excluded[ply] = tt_move;
                    let v = self.pvs(pos, (depth - 1) / 2, sbeta - 1, sbeta, ply, false);
                    self.excluded[ply] = 0;
                    if self.core.ctl.stopped {
                        return 0;
                    }
                    if v < sbeta {
                        singular = true;
                    } else if sbeta >= beta {
                        // Several moves beat beta: a cutoff (multi-cut).
                        return sbeta;
                    }
                }
            }
        }
        let mut list = self.core.take_list();
        pos.legal_moves_into(&mut list);
        let mut scratch = self.core.take_scratch();
        let ctx = self.context(ply);
        self.core
            .ord
            .score_moves(pos, &list, (tt_move, ply, ctx), &mut scratch.scores);
        let moves = list.as_mut_slice();
        let mut best = -INF;
        let mut best_move = 0u16;
        let mut best_noisy = false;
        let orig_alpha = alpha;
        let mut searched = 0usize;
        for i in 0..moves.len() {
            let m = next_move(moves, &mut scratch.scores, i, &mut scratch.sorted);
            if m.bits() == excluded {
                continue;
            }
            let capture = victim(pos, m).is_some();
            let quiet = !capture && !m.promotes();
            // Prune quiet moves late in the list near the leaves, sooner when the evaluation
            // has not improved on two plies back.
            if quiet && !in_check && searched > 0 && best > -MATE_BOUND {
                if depth <= 3 && searched >= late_move_limit(depth, improving) {
                    continue;
                }
                if depth <= 2 && static_eval + 150 * depth + 80 <= alpha {
                    continue;
                }
            }
            // Prune moves that lose material in the exchange on their square, by more the
            // more depth is left (quiet moves by the depth a late-move reduction leaves them).
            // Checks alike: sparing the safe ones scored 47.7 % of 192 games against this.
            if !in_check && searched > 0 && best > -MATE_BOUND {
                let threshold = if quiet {
                    let d = (depth - 1 - reduction(depth, searched)).max(0);
                    -SEE_QUIET * d * d
                } else {
                    -SEE_NOISY * depth
                };
                if !see::see_ge(pos, m, threshold) {
                    continue;
                }
            }
            self.keys[ply] = cont_history::key(pos, m);
            self.make_board(ply, pos, m);
            let mut child = pos.clone();
            child.play_unchecked(m);
            let gives_check = child.in_check(child.to_move());
            // Checks that do not just hang the checker are extended (shogi has many checks), and
            // so is a singular table move.
            let ext = i32::from(
                (ply as i32) < 2 * self.root_depth + 4
                    && ((gives_check && ordering::lands_safely(pos, m))
                        || (singular && m.bits() == tt_move)),
            );
            let new_depth = depth - 1 + ext;
            self.path.push((child.hash(), gives_check));
            let mut s;
            if searched == 0 {
                s = -self.pvs(&child, new_depth, -beta, -alpha, ply + 1, true);
            } else {
                let r = if depth >= 3 && quiet && !in_check && !gives_check && searched >= 2 {
                    let mut r = lmr(depth, searched);
                    if pv_node {
                        r -= 1;
                    }
                    if self.core.ord.quiet_score(pos, m, ctx) > 200 {
                        r -= 1;
                    }
                    r.clamp(0, depth - 2)
                } else {
                    0
                };
                s = -self.pvs(&child, new_depth - r, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && r > 0 && !self.core.ctl.stopped {
                    s = -self.pvs(&child, new_depth, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta && !self.core.ctl.stopped {
                    s = -self.pvs(&child, new_depth, -beta, -alpha, ply + 1, true);
                }
            }
            self.path.pop();
            if self.core.ctl.stopped {
                self.core.give_list(list);
                self.core.give_scratch(scratch);
                return 0;
            }
            searched += 1;
            if s > best {
                best = s;
                best_move = m.bits();
                best_noisy = !quiet;
                if s > alpha {
                    alpha = s;
                    self.core.pv.update(ply, m);
                    if s >= beta {
                        if quiet {
                            self.core
                                .ord
                                .reward(pos, ctx, m, (ply, depth), &scratch.tried);
                        }
                        break;
                    }
                }
            }
            if quiet {
                scratch.tried.push(m);
            }
        }
        self.core.give_list(list);
        self.core.give_scratch(scratch);
        if excluded == 0 {
            // What the search found teaches the correction history, unless a capture or
            // promotion made it (the evaluation cannot see those), or the score is a bound
            // on the wrong side of the evaluation to say how far it was off.
            if let Some(e) = corrected {
                let bound_says = (best > orig_alpha || best < e) && (best < beta || best > e);
                if !best_noisy && bound_says {
                    self.core.ord.corr.update(pos, best, e, depth);
                }
            }
            self.core.store(
                hash,
                (best_move, best),
                (orig_alpha, beta),
                depth,
                ply,
                eval,
            );
        } else if searched == 0 {
            // Nothing but the excluded move: it is singular.
            return alpha;
        }
        best
    }

    /// Captures and promotions until the position is quiet (all evasions when in check).
    /// Results go to the transposition table at depth 0, with the static evaluation.
    fn qsearch(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize, qply: i32) -> i32 {
        self.core.pv.clear(ply);
        if self.core.enter(ply) {
            return 0;
        }
        let hash = pos.hash();
        let probe = self
            .core
            .probe(hash, 0, alpha, beta, ply, beta - alpha == 1);
        if let Some(s) = probe.cut {
            return s;
        }
        let me = pos.to_move();
        let in_check = pos.in_check(me);
        let mut list = self.core.take_list();
        // Out of check only captures and promotions are searched: no need for the drops or
        // most quiet moves, unless there is no move at all.
        let empty = if in_check {
            pos.legal_moves_into(&mut list);
            list.is_empty()
        } else {
            pos.legal_tactical_board_moves_into(&mut list);
            list.is_empty() && !movegen::has_legal_move(pos, me, true)
        };
        if empty || ply >= MAX_PLY - 4 || (in_check && qply >= 6) {
            self.core.give_list(list);
            return if empty {
                -MATE + ply as i32
            } else {
                self.eval_at(pos, ply)
            };
        }
        let eval = (!in_check).then(|| probe.eval.unwrap_or_else(|| self.eval_at(pos, ply)));
        let (eval, _, stand) = node_eval(pos, eval, &probe, &self.core.ord.corr);
        let orig_alpha = alpha;
        if !in_check {
            if stand >= beta {
                self.core.give_list(list);
                self.core
                    .store(hash, (0, stand), (alpha, beta), 0, ply, eval);
                return stand;
            }
            alpha = alpha.max(stand);
        }
        let mut scratch = self.core.take_scratch();
        let cand = &mut scratch.sorted;
        for &m in list.iter() {
            if in_check {
                cand.push((capture_score(pos, m).unwrap_or(0), m));
                continue;
            }
            let Some(s) = capture_score(pos, m) else {
                continue;
            };
            let v = victim(pos, m);
            // Skip losing captures, quiet promotions of small pieces and hopeless captures.
            if s < 0 || (qply >= 4 && v.is_none()) {
                continue;
            }
            if v.is_none() {
                let k = super::history::mover(pos, m);
                if !matches!(k, PieceKind::Rook | PieceKind::Bishop | PieceKind::Pawn) {
                    continue;
                }
            }
            let gain = v.map_or(150, capture_gain);
            if stand + gain + 200 < alpha {
                continue;
            }
            cand.push((s, m));
        }
        self.core.give_list(list);
        if let Some(c) = cand.iter_mut().find(|c| c.1.bits() == probe.mv) {
            c.0 = TT_FIRST;
        }
        cand.sort_by_key(|c| std::cmp::Reverse(c.0));
        let mut best = stand;
        let mut best_move = 0u16;
        for k in 0..scratch.sorted.len() {
            let m = scratch.sorted[k].1;
            self.make_board(ply, pos, m);
            let mut child = pos.clone();
            child.play_unchecked(m);
            let s = -self.qsearch(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.core.ctl.stopped {
                self.core.give_scratch(scratch);
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_move = m.bits();
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.core.give_scratch(scratch);
        self.core
            .store(hash, (best_move, best), (orig_alpha, beta), 0, ply, eval);
        best
    }

    /// Scores every root move with a fixed-depth search for the soft choice of the weaker
    /// levels (exact within `window` of the best so far, a bound below). `blind[i]` replaces a
    /// move's search by the static evaluation after it (the mover does not see the reply).
    pub fn score_root_moves(
        &mut self,
        pos: &Position,
        moves: &[Move],
        depth: i32,
        blind: &[bool],
        window: i32,
    ) -> Vec<i32> {
        let mut best = -INF;
        let in_check = pos.in_check(pos.to_move());
        self.set_root_eval(pos, in_check);
        self.path.push((pos.hash(), in_check));
        self.root_depth = depth;
        let mut out = Vec::with_capacity(moves.len());
        for (i, &m) in moves.iter().enumerate() {
            self.keys[0] = cont_history::key(pos, m);
            self.make_board(0, pos, m);
            let mut child = pos.clone();
            child.play_unchecked(m);
            let gives_check = child.in_check(child.to_move());
            self.path.push((child.hash(), gives_check));
            let s = if child.legal_moves().is_empty() {
                MATE - 1
            } else if blind.get(i).copied().unwrap_or(false) {
                -self.eval_at(&child, 1) + 20
            } else {
                // Exact within the window of the best so far; a bound below it.
                let floor = (best - window - 1).max(-INF);
                -self.pvs(&child, depth - 1, -INF, -floor, 1, false)
            };
            best = best.max(s);
            self.path.pop();
            if self.core.ctl.stopped {
                // Unsearched moves keep a low score.
                out.resize(moves.len(), -INF + 1);
                break;
            }
            out.push(s);
        }
        self.path.truncate(self.root_index);
        out
    }
}

#[cfg(test)]
#[path = "search_tests.rs"]
mod tests;
