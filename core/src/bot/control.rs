//! The budget of one move decision: soft and hard time limits, a node limit, the caller's
//! stop flag and the node count, shared by every search (PVS, BRS, mate solvers).

use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::sync::Arc;
use std::time::{Duration, Instant};

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
