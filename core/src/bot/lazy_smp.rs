//! Lazy SMP: helper threads search the same root as the main thread, each with its own move
//! ordering tables and stack, all sharing the lock-free transposition table; what they store
//! makes the main thread's search cheaper and deeper. Helpers skip some iterations (blocks of
//! depths, staggered per helper, after the scheme Stockfish used) so they do not all search
//! the same tree in step. The main thread alone keeps the time and decides the move; the
//! helpers stop when it is done, and every helper is joined before the answer is returned.

use super::brs::Brs;
use super::control::Control;
use super::level::LevelParams;
use super::ordering::Ordering;
use super::search::StdSearch;
use super::tt::Tt;
use super::{GameHistory, SearchInfo};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Variant;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::sync::Arc;
use std::time::Duration;

/// Threads a search may use at most (the USI `Threads` option's maximum).
pub const MAX_THREADS: usize = 256;

/// Stack of a helper thread: the search recurses up to `MAX_PLY` plies with a position on
/// each frame, so it gets more than a spawned thread's default 2 MB.
const HELPER_STACK: usize = 16 << 20;

/// One decision's iterative-deepening search, as each thread runs it.
pub(crate) struct Job<'a> {
    pub pos: &'a Position,
    pub max_depth: i32,
    pub history: &'a GameHistory,
    /// The game's position hashes (Yonin's repetition check).
    pub hashes: &'a [u64],
    pub params: LevelParams,
}

impl Job<'_> {
    /// Runs the search on this thread; `helper` is the helper's number, `None` for the main
    /// thread (which alone reports iterations through `info`).
    fn run(
        &self,
        ctl: &mut Control,
        tt: &Tt,
        ord: &mut Ordering,
        helper: Option<usize>,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<(Move, i32)> {
        match self.pos.variant() {
            Variant::Standard => {
                let mut s = StdSearch::new(ctl, tt, ord, self.history);
                s.set_helper(helper);
                s.run(self.pos, self.max_depth, info)
            }
            Variant::Yonin => {
                let mut s = Brs::new(ctl, tt, ord, self.pos.to_move(), self.hashes);
                s.hand_on_plies = self.params.hand_on_plies;
                s.selective = self.params.selective;
                s.set_helper(helper);
                s.run(self.pos, self.max_depth, info)
            }
        }
    }
}

/// Sets the flag when dropped: the helpers stop however the main search ends (an answer or
/// a panic), so the scope that joins them never waits for more than their next node check.
struct StopOnDrop<'a>(&'a AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, AtomicOrdering::Relaxed);
    }
}

/// Runs `job` on the main thread under `ctl` and on one helper thread per table in
/// `helpers`, which stop when the main search ends (or at `hard`, whatever happens); returns
/// the main search's answer and the nodes the helpers searched. A helper that cannot be
/// started or that panics costs its share of the work, never the answer.
pub(crate) fn search(
    job: &Job<'_>,
    tt: &Tt,
    (ctl, ord): (&mut Control, &mut Ordering),
    helpers: &mut [Ordering],
    hard: Duration,
    info: &mut dyn FnMut(&SearchInfo),
) -> (Option<(Move, i32)>, u64) {
    if helpers.is_empty() {
        return (job.run(ctl, tt, ord, None, info), 0);
    }
    let done = Arc::new(AtomicBool::new(false));
    std::thread::scope(|scope| {
        let running: Vec<_> = helpers
            .iter_mut()
            .enumerate()
            .filter_map(|(i, helper_ord)| {
                let done = done.clone();
                let work = move || {
                    // No soft limit: a helper deepens until the main thread is done.
                    let mut ctl = Control::new(hard, hard, u64::MAX, done);
                    job.run(&mut ctl, tt, helper_ord, Some(i), &mut |_| {});
                    ctl.nodes
                };
                std::thread::Builder::new()
                    .name(format!("search helper {}", i + 1))
                    .stack_size(HELPER_STACK)
                    .spawn_scoped(scope, work)
                    .ok()
            })
            .collect();
        let stop_helpers = StopOnDrop(&done);
        let best = job.run(ctl, tt, ord, None, info);
        drop(stop_helpers);
        // Joined here, each one: a helper's panic is its own (the scope would re-raise it
        // only for a thread left unjoined).
        let nodes = running.into_iter().map(|h| h.join().unwrap_or(0)).sum();
        (best, nodes)
    })
}

#[cfg(test)]
mod tests {
    use crate::bot::search_core::skips;

    #[test]
    fn the_first_helpers_skip_staggered_blocks_of_depths() {
        let pattern = |h: usize| -> String {
            (1..=12)
                .map(|d| if skips(h, d) { '-' } else { 'x' })
                .collect()
        };
        // Group 1: every other depth, the two helpers on opposite ones.
        assert_eq!(pattern(0), "-x-x-x-x-x-x");
        assert_eq!(pattern(1), "x-x-x-x-x-x-");
        // Group 2: blocks of two, staggered by one depth.
        assert_eq!(pattern(2), "x--xx--xx--x");
        assert_eq!(pattern(3), "--xx--xx--xx");
        assert_eq!(pattern(4), "-xx--xx--xx-");
        assert_eq!(pattern(5), "xx--xx--xx--");
        // The groups start again after twenty helpers.
        assert_eq!(pattern(20), pattern(0));
    }
}
