//! How long each side takes over its moves: the in-process bots' moves and each USI engine's
//! are counted, and one that ends more than [`LATE_GRACE`] after its time is late (the mean
//! and the worst overshoot are kept too), so that a match at time odds shows as one.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Past its time by more than this, a move is late: a search checks its clock every thousand
/// nodes or so and joins its helpers within about as many, so only a search that overran its
/// budget, or a machine too busy to run it, comes near this.
pub const LATE_GRACE: Duration = Duration::from_millis(50);

/// Counts of every timed move of one side of this process's matches (all match threads).
pub struct Timing {
    moves: AtomicU64,
    late: AtomicU64,
    /// All the moves' time, in microseconds.
    total: AtomicU64,
    /// The largest overshoot, in microseconds.
    worst: AtomicU64,
}

impl Timing {
    const fn new() -> Timing {
        Timing {
            moves: AtomicU64::new(0),
            late: AtomicU64::new(0),
            total: AtomicU64::new(0),
            worst: AtomicU64::new(0),
        }
    }

    /// Counts a move that took `took` of its `time`.
    pub fn record(&self, took: Duration, time: Duration) {
        self.moves.fetch_add(1, Ordering::Relaxed);
        self.total
            .fetch_add(took.as_micros() as u64, Ordering::Relaxed);
        let over = took.saturating_sub(time);
        self.worst
            .fetch_max(over.as_micros() as u64, Ordering::Relaxed);
        if over > LATE_GRACE {
            self.late.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// The mean time of the moves counted, if any.
    pub fn mean(&self) -> Option<Duration> {
        let moves = self.moves.load(Ordering::Relaxed);
        (moves > 0).then(|| Duration::from_micros(self.total.load(Ordering::Relaxed) / moves))
    }

    /// `TIMING n <what> moves, mean m ms, k late (over their time by more than 50 ms), worst
    /// +x ms`.
    pub fn line(&self, what: &str) -> String {
        let mean = self.mean().unwrap_or_default();
        format!(
            "TIMING {} {what} moves, mean {:.1} ms, {} late (over their time by more than {} ms), worst {:+.1} ms",
            self.moves.load(Ordering::Relaxed),
            mean.as_secs_f64() * 1000.0,
            self.late.load(Ordering::Relaxed),
            LATE_GRACE.as_millis(),
            self.worst.load(Ordering::Relaxed) as f64 / 1000.0
        )
    }

    /// A warning when this side's moves took on average more than half as long again as
    /// `time`: the match was then played at time odds (gpsusi, for one, thinks in whole
    /// seconds and takes about a second over any byoyomi under one).
    pub fn odds_warning(&self, who: &str, time: Duration) -> Option<String> {
        let mean = self.mean()?;
        (mean > time * 3 / 2).then(|| {
            format!(
                "WARNING: {who} took {:.0} ms a move on average, given {} ms: the match was played at time odds",
                mean.as_secs_f64() * 1000.0,
                time.as_millis()
            )
        })
    }
}

/// The in-process bots' moves.
pub static TIMING: Timing = Timing::new();

/// The USI engines' moves: `[0]` the first (or only) engine's, `[1]` the second's (`usi2`).
pub static ENGINE_TIMING: [Timing; 2] = [Timing::new(), Timing::new()];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_that_takes_too_long_is_counted_late_and_warned_of() {
        let t = Timing::new();
        let ms = Duration::from_millis;
        assert_eq!(
            t.odds_warning("x", ms(200)),
            None,
            "no moves, nothing to say"
        );
        t.record(ms(210), ms(200));
        t.record(ms(990), ms(200));
        assert_eq!(t.mean(), Some(ms(600)));
        let line = t.line("engine");
        assert!(
            line.starts_with("TIMING 2 engine moves, mean 600.0 ms, 1 late"),
            "{line}"
        );
        assert!(line.ends_with("worst +790.0 ms"), "{line}");
        let warning = t
            .odds_warning("gpsusi", ms(200))
            .expect("3× its time is odds");
        assert!(warning.contains("gpsusi took 600 ms a move"), "{warning}");
        assert_eq!(t.odds_warning("gpsusi", ms(1000)), None, "under its time");
    }
}
