//! What every alpha-beta search of a move decision shares, whatever the variant: the budget
//! ([`Control`]), the transposition table with its bound logic, move ordering (TT move,
//! MVV-LVA, killers, history), the principal-variation table, the iteration report and which
//! Lazy SMP thread runs the search.

use super::control::Control;
use super::ordering::Ordering;
use super::pv::PvTable;
use super::score::{bound_of, from_tt, report_score, to_tt};
use super::tt::{Bound, Tt, NO_EVAL};
use super::SearchInfo;
use crate::moves::{Move, MoveList};

/// What the transposition table says of a node.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Probe {
    /// The stored best move (0 if none).
    pub mv: u16,
    /// The score to return at once, if the stored bound settles the window.
    pub cut: Option<i32>,
    /// The stored static evaluation.
    pub eval: Option<i32>,
    /// The stored score (relative to this ply) and its bound, however deep it was searched.
    pub score: Option<(i32, Bound)>,
    /// The depth the stored score was searched to.
    pub depth: i32,
}

pub(crate) struct SearchCore<'a> {
    pub ctl: &'a mut Control,
    pub tt: &'a Tt,
    pub ord: &'a mut Ordering,
    pub pv: PvTable,
    /// Deepest ply reached in the current iteration.
    pub seldepth: usize,
    /// The number of the Lazy SMP helper thread running this search (`None`: the main one).
    pub helper: Option<usize>,
    /// Move lists to reuse: a new list zeroes its 4 KB, which took a tenth of the search.
    /// Boxed, so that taking one out and giving it back moves a pointer, not 4 KB.
    #[allow(clippy::vec_box)]
    lists: Vec<Box<MoveList>>,
    /// Move-loop buffers to reuse, so that no node allocates.
    scratch: Vec<Scratch>,
}

/// The buffers of one node's move loop: the ordering scores, the quiet moves tried, and room
/// to sort the late moves ([`next_move`](super::ordering::next_move)).
#[derive(Default)]
pub(crate) struct Scratch {
    pub scores: Vec<i32>,
    pub tried: Vec<Move>,
    pub sorted: Vec<(i32, Move)>,
}

impl<'a> SearchCore<'a> {
    pub fn new(ctl: &'a mut Control, tt: &'a Tt, ord: &'a mut Ordering) -> Self {
        SearchCore {
            ctl,
            tt,
            ord,
            pv: PvTable::new(),
            seldepth: 0,
            helper: None,
            lists: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// An empty move list, from the pool when there is one.
    #[inline]
    pub fn take_list(&mut self) -> Box<MoveList> {
        match self.lists.pop() {
            Some(mut l) => {
                l.clear();
                l
            }
            None => Box::default(),
        }
    }

    /// Gives a list back to the pool (a list not given back is only dropped: the next
    /// [`take_list`](Self::take_list) allocates a new one).
    #[inline]
    pub fn give_list(&mut self, list: Box<MoveList>) {
        self.lists.push(list);
    }

    /// Empty move-loop buffers, from the pool when there are some.
    #[inline]
    pub fn take_scratch(&mut self) -> Scratch {
        let mut s = self.scratch.pop().unwrap_or_default();
        s.scores.clear();
        s.tried.clear();
        s.sorted.clear();
        s
    }

    /// Gives move-loop buffers back to the pool.
    #[inline]
    pub fn give_scratch(&mut self, s: Scratch) {
        self.scratch.push(s);
    }

    /// Whether this thread leaves out the iteration of `depth` (helpers skip some).
    #[inline]
    pub fn skips(&self, depth: i32) -> bool {
        self.helper.is_some_and(|h| skips(h, depth))
    }

    /// Counts a node at `ply`; true when the search must stop now.
    #[inline]
    pub fn enter(&mut self, ply: usize) -> bool {
        if self.ctl.tick() {
            return true;
        }
        self.seldepth = self.seldepth.max(ply);
        false
    }

    /// Looks `key` up: the stored move (0 if none), the stored static evaluation, and, when
    /// `may_cut` and the entry is deep enough and its bound settles the window
    /// `(alpha, beta)`, the score to return.
    #[inline]
    pub fn probe(
        &self,
        key: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        may_cut: bool,
    ) -> Probe {
        let Some(h) = self.tt.probe(key) else {
            return Probe::default();
        };
        let eval = (h.eval != NO_EVAL).then_some(h.eval);
        let s = from_tt(h.score, ply);
        let score = Some((s, h.bound));
        if !may_cut || h.depth < depth {
            return Probe {
                mv: h.mv,
                cut: None,
                eval,
                score,
                depth: h.depth,
            };
        }
        let cut = match h.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
        };
        Probe {
            mv: h.mv,
            cut: cut.then_some(s),
            eval,
            score,
            depth: h.depth,
        }
    }

    /// Stores the result `(best_move, best)` of a node searched with the window
    /// `(alpha, beta)`, with its static evaluation `eval` (`None` when not known).
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        (best_move, best): (u16, i32),
        window: (i32, i32),
        depth: i32,
        ply: usize,
        eval: Option<i32>,
    ) {
        let bound = bound_of(best, window.0, window.1);
        let eval = eval.unwrap_or(NO_EVAL);
        self.tt
            .store(key, best_move, to_tt(best, ply), eval, depth, bound);
    }

    /// The report of a finished iteration with best move `m` scoring `score`.
    pub fn iteration_info(&self, depth: i32, m: Move, score: i32) -> SearchInfo {
        SearchInfo {
            depth,
            seldepth: self.seldepth as i32,
            score: report_score(score),
            nodes: self.ctl.nodes,
            time: self.ctl.elapsed(),
            pv: self.pv.root_line(m),
        }
    }
}

/// Moves the move at `i` to the front of the root list (so the next iteration tries it first).
#[inline]
pub(crate) fn promote_root_move(moves: &mut [Move], i: usize) {
    moves[..=i].rotate_right(1);
}

/// Whether helper number `helper` (0 for the first) leaves out the iteration of `depth`.
/// Helpers come in groups: group `k` (k = 1, 2, …) has `2k` helpers that skip blocks of `k`
/// depths out of every `2k`, each starting its blocks one depth later than the one before;
/// after twenty helpers the groups start again.
pub(crate) fn skips(helper: usize, depth: i32) -> bool {
    let h = helper % 20;
    // Group k holds helpers k(k−1) .. k(k+1) − 1.
    let k = (1..).find(|k| h < k * (k + 1)).unwrap_or(1);
    let phase = (h - k * (k - 1)) as i32;
    ((depth + phase) / k as i32) % 2 != 0
}
