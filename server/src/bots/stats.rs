//! Counts of the moves bot workers served and of the in-process fallbacks, by reason, with
//! the requests' latency: atomics that rooms' bots add to and anyone reads (`snapshot`).

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Why a move was not a worker's: the in-process bot played it instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fallback {
    /// No worker listens on the subject (NATS said so at once).
    NoResponders,
    /// No answer in time: the worker is slow, gone, or was killed mid-search.
    Timeout,
    /// The worker refused the request (busy, another version, a request it could not read).
    Refused,
    /// The answer did not decode, or its move was not legal here.
    BadAnswer,
    /// Not connected to NATS, or the request could not be sent.
    Disconnected,
}

impl Fallback {
    pub const ALL: [Fallback; 5] = [
        Fallback::NoResponders,
        Fallback::Timeout,
        Fallback::Refused,
        Fallback::BadAnswer,
        Fallback::Disconnected,
    ];

    fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Fallback::NoResponders => "no responders",
            Fallback::Timeout => "timeout",
            Fallback::Refused => "refused",
            Fallback::BadAnswer => "bad answer",
            Fallback::Disconnected => "disconnected",
        }
    }
}

impl fmt::Display for Fallback {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Live counts of one server's remote bot moves.
#[derive(Debug, Default)]
pub struct RemoteBotStats {
    remote_moves: AtomicU64,
    remote_nodes: AtomicU64,
    latency_total_us: AtomicU64,
    latency_max_us: AtomicU64,
    fallbacks: [AtomicU64; Fallback::ALL.len()],
    /// The requests' latency (good answers), for `/metrics`.
    latency: crate::metrics::Histogram,
}

/// The counts at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RemoteBotSnapshot {
    /// Moves a worker chose (and the room then played).
    pub remote_moves: u64,
    /// Nodes the workers searched for them.
    pub remote_nodes: u64,
    /// Mean and longest time from sending a request to its (good) answer.
    pub mean_latency: Duration,
    pub max_latency: Duration,
    /// In-process moves, by reason, in the order of [`Fallback::ALL`].
    pub fallbacks: [u64; Fallback::ALL.len()],
}

impl RemoteBotSnapshot {
    pub fn fallbacks(&self, reason: Fallback) -> u64 {
        self.fallbacks[reason.index()]
    }

    pub fn total_fallbacks(&self) -> u64 {
        self.fallbacks.iter().sum()
    }

    /// Fallbacks among all moves asked for (0 when none were).
    pub fn fallback_share(&self) -> f64 {
        let all = self.remote_moves + self.total_fallbacks();
        if all == 0 {
            0.0
        } else {
            self.total_fallbacks() as f64 / all as f64
        }
    }
}

impl fmt::Display for RemoteBotSnapshot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} remote moves ({} nodes, latency mean {:?} max {:?}), {} fallbacks ({:.1}%)",
            self.remote_moves,
            self.remote_nodes,
            self.mean_latency,
            self.max_latency,
            self.total_fallbacks(),
            100.0 * self.fallback_share()
        )?;
        for reason in Fallback::ALL {
            let n = self.fallbacks(reason);
            if n > 0 {
                write!(f, ", {reason}: {n}")?;
            }
        }
        Ok(())
    }
}

fn micros(d: Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
}

impl RemoteBotStats {
    pub(crate) fn remote(&self, latency: Duration, nodes: u64) {
        self.remote_moves.fetch_add(1, Ordering::Relaxed);
        self.remote_nodes.fetch_add(nodes, Ordering::Relaxed);
        let us = micros(latency);
        self.latency_total_us.fetch_add(us, Ordering::Relaxed);
        self.latency_max_us.fetch_max(us, Ordering::Relaxed);
        self.latency.observe(latency);
    }

    pub(crate) fn fallback(&self, reason: Fallback) {
        self.fallbacks[reason.index()].fetch_add(1, Ordering::Relaxed);
    }

    pub fn snapshot(&self) -> RemoteBotSnapshot {
        let remote_moves = self.remote_moves.load(Ordering::Relaxed);
        let total = self.latency_total_us.load(Ordering::Relaxed);
        RemoteBotSnapshot {
            remote_moves,
            remote_nodes: self.remote_nodes.load(Ordering::Relaxed),
            mean_latency: Duration::from_micros(total.checked_div(remote_moves).unwrap_or(0)),
            max_latency: Duration::from_micros(self.latency_max_us.load(Ordering::Relaxed)),
            fallbacks: std::array::from_fn(|i| self.fallbacks[i].load(Ordering::Relaxed)),
        }
    }
}

impl RemoteBotStats {
    /// The counts in the Prometheus text format (the server's `/metrics` page).
    pub fn render(&self, out: &mut String) {
        use std::fmt::Write as _;
        let s = self.snapshot();
        let _ = writeln!(
            out,
            "# HELP yonin_bot_worker_moves_total Bot moves a worker chose.\n\
             # TYPE yonin_bot_worker_moves_total counter\n\
             yonin_bot_worker_moves_total {}",
            s.remote_moves
        );
        let _ = writeln!(
            out,
            "# HELP yonin_bot_worker_nodes_total Nodes the workers searched for them.\n\
             # TYPE yonin_bot_worker_nodes_total counter\n\
             yonin_bot_worker_nodes_total {}",
            s.remote_nodes
        );
        let _ = writeln!(
            out,
            "# HELP yonin_bot_fallbacks_total Bot moves played in-process instead, by reason.\n\
             # TYPE yonin_bot_fallbacks_total counter"
        );
        for reason in Fallback::ALL {
            let label = reason.name().replace(' ', "_");
            let _ = writeln!(
                out,
                "yonin_bot_fallbacks_total{{reason=\"{label}\"}} {}",
                s.fallbacks(reason)
            );
        }
        let name = "yonin_bot_worker_seconds";
        let _ = writeln!(
            out,
            "# HELP {name} Time from a bot request to the worker's answer.\n# TYPE {name} histogram"
        );
        self.latency.render(out, name, "");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_counts_moves_fallbacks_and_latency() {
        let stats = RemoteBotStats::default();
        assert_eq!(stats.snapshot().fallback_share(), 0.0);
        stats.remote(Duration::from_millis(10), 100);
        stats.remote(Duration::from_millis(30), 50);
        stats.fallback(Fallback::Timeout);
        stats.fallback(Fallback::NoResponders);
        let s = stats.snapshot();
        assert_eq!(s.remote_moves, 2);
        assert_eq!(s.remote_nodes, 150);
        assert_eq!(s.mean_latency, Duration::from_millis(20));
        assert_eq!(s.max_latency, Duration::from_millis(30));
        assert_eq!(s.fallbacks(Fallback::Timeout), 1);
        assert_eq!(s.fallbacks(Fallback::Refused), 0);
        assert_eq!(s.total_fallbacks(), 2);
        assert_eq!(s.fallback_share(), 0.5);
        assert!(s.to_string().contains("no responders: 1"));
        let mut page = String::new();
        stats.render(&mut page);
        assert!(
            page.contains("\nyonin_bot_worker_moves_total 2\n"),
            "{page}"
        );
        assert!(
            page.contains("yonin_bot_fallbacks_total{reason=\"no_responders\"} 1\n"),
            "{page}"
        );
        assert!(
            page.contains("yonin_bot_worker_seconds_count 2\n"),
            "{page}"
        );
    }
}
