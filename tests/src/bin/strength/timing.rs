//! How long the in-process bots take over their moves: every move is counted, and one that
//! ends more than [`LATE_GRACE`] after its time is late (the worst overshoot is kept too).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Past its time by more than this, a move is late: a search checks its clock every thousand
/// nodes or so and joins its helpers within about as many, so only a search that overran its
/// budget, or a machine too busy to run it, comes near this.
pub const LATE_GRACE: Duration = Duration::from_millis(50);

/// Counts of every timed move of this process (all match threads).
pub struct Timing {
    moves: AtomicU64,
    late: AtomicU64,
    /// The largest overshoot, in microseconds.
    worst: AtomicU64,
}

pub static TIMING: Timing = Timing {
    moves: AtomicU64::new(0),
    late: AtomicU64::new(0),
    worst: AtomicU64::new(0),
};

impl Timing {
    /// Counts a move that took `took` of its `time`.
    pub fn record(&self, took: Duration, time: Duration) {
        self.moves.fetch_add(1, Ordering::Relaxed);
        let over = took.saturating_sub(time);
        self.worst
            .fetch_max(over.as_micros() as u64, Ordering::Relaxed);
        if over > LATE_GRACE {
            self.late.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// `TIMING n moves, k late (over their time by more than 50 ms), worst +x ms`.
    pub fn line(&self) -> String {
        format!(
            "TIMING {} bot moves, {} late (over their time by more than {} ms), worst {:+.1} ms",
            self.moves.load(Ordering::Relaxed),
            self.late.load(Ordering::Relaxed),
            LATE_GRACE.as_millis(),
            self.worst.load(Ordering::Relaxed) as f64 / 1000.0
        )
    }
}
