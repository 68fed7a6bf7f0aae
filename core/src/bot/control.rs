//! The budget of one move decision: soft and hard time limits, a node limit, the caller's
//! stop flag and the node count, shared by every search (PVS, BRS, mate solvers).

use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The budget of a mate solver: a position count, an optional deadline and the stop flag.
pub(crate) struct NodeBudget<'a> {
    pub nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    /// Set once the limit, the deadline or the stop flag has ended the search.
    pub aborted: bool,
}

impl<'a> NodeBudget<'a> {
    pub fn new(limit: u64, deadline: Option<Instant>, stop: &'a AtomicBool) -> Self {
        NodeBudget {
            nodes: 0,
            limit,
            deadline,
            stop,
            aborted: false,
        }
    }

    /// Counts a position; true once the search must stop.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.limit
            || (self.nodes & 255 == 0
                && (self.stop.load(AtomicOrdering::Relaxed)
                    || self.deadline.is_some_and(|d| Instant::now() >= d)))
        {
            self.aborted = true;
        }
        self.aborted
    }
}

/// Limits and the stop flag, shared by every search of one move.
pub(crate) struct Control {
    pub start: Instant,
    /// Do not start another iteration after this.
    pub soft: Duration,
    /// Stop at once after this.
    pub hard: Duration,
    pub node_limit: u64,
    pub stop: Arc<AtomicBool>,
    pub nodes: u64,
    pub stopped: bool,
}

impl Control {
    pub fn new(soft: Duration, hard: Duration, node_limit: u64, stop: Arc<AtomicBool>) -> Self {
        Control {
            start: Instant::now(),
            soft,
            hard,
            node_limit,
            stop,
            nodes: 0,
            stopped: false,
        }
    }

    /// Counts a node; true when the search must stop now.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.stopped {
            return true;
        }
        let out_of_time = self.nodes & 1023 == 0
            && (self.stop.load(AtomicOrdering::Relaxed) || self.start.elapsed() >= self.hard);
        if self.nodes >= self.node_limit || out_of_time {
            self.stopped = true;
        }
        self.stopped
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    pub fn soft_expired(&self) -> bool {
        self.start.elapsed() >= self.soft || self.stop.load(AtomicOrdering::Relaxed)
    }
}
