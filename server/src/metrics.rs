//! What an operator scrapes: the server's counters and latency histograms, and their rendering
//! in the Prometheus text format (served by `http_endpoint` at `/metrics`).
//!
//! Everything here is atomics written by the actors that own the facts (the lobby its counts,
//! rooms their games, the store its latencies) and read by anyone without asking them.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// The upper bounds of a [`Histogram`]'s buckets, in seconds (the last bucket, `+Inf`, is
/// implied): from a tenth of a millisecond (an embedded read) to ten seconds (a store that is
/// failing).
pub const BUCKETS: [f64; 14] = [
    0.0001, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];

/// A latency histogram with fixed buckets ([`BUCKETS`]), cumulative as Prometheus wants them
/// when rendered.
#[derive(Debug, Default)]
pub struct Histogram {
    /// Observations per bucket (not cumulative); the last is `+Inf`.
    buckets: [AtomicU64; BUCKETS.len() + 1],
    count: AtomicU64,
    /// The sum of every observation, in microseconds.
    sum_us: AtomicU64,
}

impl Histogram {
    /// Counts one observation.
    pub fn observe(&self, took: Duration) {
        let secs = took.as_secs_f64();
        let i = BUCKETS
            .iter()
            .position(|&b| secs <= b)
            .unwrap_or(BUCKETS.len());
        self.buckets[i].fetch_add(1, Relaxed);
        self.count.fetch_add(1, Relaxed);
        let us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        self.sum_us.fetch_add(us, Relaxed);
    }

    /// Runs `f`, counting how long it took.
    pub fn time<T>(&self, f: impl FnOnce() -> T) -> T {
        let start = std::time::Instant::now();
        let out = f();
        self.observe(start.elapsed());
        out
    }

    /// Observations so far.
    pub fn count(&self) -> u64 {
        self.count.load(Relaxed)
    }

    /// Writes the histogram as `name` with `labels` (`key="value"` pairs, comma-separated,
    /// or empty) in the text format: its buckets, `_sum` and `_count`.
    pub fn render(&self, out: &mut String, name: &str, labels: &str) {
        let sep = if labels.is_empty() { "" } else { "," };
        let mut cumulative = 0;
        for (i, n) in self.buckets.iter().enumerate() {
            cumulative += n.load(Relaxed);
            let le = BUCKETS
                .get(i)
                .map_or_else(|| "+Inf".to_string(), |b| b.to_string());
            let _ = writeln!(
                out,
                "{name}_bucket{{{labels}{sep}le=\"{le}\"}} {cumulative}"
            );
        }
        let sum = self.sum_us.load(Relaxed) as f64 / 1e6;
        let braces = if labels.is_empty() {
            String::new()
        } else {
            format!("{{{labels}}}")
        };
        let _ = writeln!(out, "{name}_sum{braces} {sum}");
        let _ = writeln!(out, "{name}_count{braces} {}", self.count());
    }
}

/// How long the game store takes, per kind of operation.
#[derive(Debug, Default)]
pub struct StoreLatency {
    /// Saving a finished or imported game.
    pub save: Histogram,
    /// Reading one game.
    pub get: Histogram,
    /// Listing games.
    pub list: Histogram,
    /// Committing one batch of the journal of games in progress.
    pub journal: Histogram,
}

impl StoreLatency {
    fn render(&self, out: &mut String) {
        let name = "yonin_store_seconds";
        help(
            out,
            name,
            "histogram",
            "Time the game store took, by operation.",
        );
        for (op, h) in [
            ("save", &self.save),
            ("get", &self.get),
            ("list", &self.list),
            ("journal", &self.journal),
        ] {
            h.render(out, name, &format!("op=\"{op}\""));
        }
    }
}

/// Counters that only grow, kept by the server's actors.
#[derive(Debug, Default)]
pub struct Counters {
    /// Sockets accepted (before any handshake).
    pub sockets: AtomicU64,
    /// Games started (first games and rematches).
    pub games_started: AtomicU64,
    /// Games in progress brought back from the store after a restart.
    pub games_restored: AtomicU64,
    /// Games that ended with a result.
    pub games_finished: AtomicU64,
    /// Moves played (by people and bots).
    pub moves: AtomicU64,
    /// Moves played by bots.
    pub bot_moves: AtomicU64,
    /// Bot searches that gave no move (the seat then waits for its flag or a resignation).
    pub bot_failures: AtomicU64,
}

impl Counters {
    /// Adds one to `counter`.
    pub fn bump(counter: &AtomicU64) {
        counter.fetch_add(1, Relaxed);
    }
}

/// One sample of the server's gauges, given to [`render`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Gauges {
    /// Connections past `Hello`.
    pub players: usize,
    /// Rooms open.
    pub rooms: usize,
    /// Rooms whose game is being played.
    pub playing: usize,
    /// Resume tokens held.
    pub tokens: usize,
    /// Other nodes' rooms listed (in a cluster).
    pub remote_rooms: usize,
}

fn help(out: &mut String, name: &str, kind: &str, text: &str) {
    let _ = writeln!(out, "# HELP {name} {text}");
    let _ = writeln!(out, "# TYPE {name} {kind}");
}

fn gauge(out: &mut String, name: &str, text: &str, value: usize) {
    help(out, name, "gauge", text);
    let _ = writeln!(out, "{name} {value}");
}

fn counter(out: &mut String, name: &str, text: &str, value: &AtomicU64) {
    help(out, name, "counter", text);
    let _ = writeln!(out, "{name} {}", value.load(Relaxed));
}

/// The server's own part of the `/metrics` page (parts that keep their own counts, such as a
/// bot engine, append theirs).
pub fn render(gauges: Gauges, counters: &Counters, store: Option<&StoreLatency>) -> String {
    let mut out = String::with_capacity(4096);
    gauge(
        &mut out,
        "yonin_players",
        "Connections past the handshake.",
        gauges.players,
    );
    gauge(&mut out, "yonin_rooms", "Rooms open.", gauges.rooms);
    gauge(
        &mut out,
        "yonin_rooms_playing",
        "Rooms whose game is being played.",
        gauges.playing,
    );
    gauge(
        &mut out,
        "yonin_resume_tokens",
        "Seats that can be resumed.",
        gauges.tokens,
    );
    gauge(
        &mut out,
        "yonin_remote_rooms",
        "Other nodes' rooms listed (in a cluster).",
        gauges.remote_rooms,
    );
    let c = counters;
    counter(
        &mut out,
        "yonin_sockets_total",
        "Sockets accepted.",
        &c.sockets,
    );
    counter(
        &mut out,
        "yonin_games_started_total",
        "Games started.",
        &c.games_started,
    );
    counter(
        &mut out,
        "yonin_games_restored_total",
        "Games in progress restored from the store.",
        &c.games_restored,
    );
    counter(
        &mut out,
        "yonin_games_finished_total",
        "Games ended.",
        &c.games_finished,
    );
    counter(&mut out, "yonin_moves_total", "Moves played.", &c.moves);
    counter(
        &mut out,
        "yonin_bot_moves_total",
        "Moves played by bots.",
        &c.bot_moves,
    );
    counter(
        &mut out,
        "yonin_bot_failures_total",
        "Bot searches that found no move.",
        &c.bot_failures,
    );
    if let Some(store) = store {
        store.render(&mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_histogram_counts_into_cumulative_buckets() {
        let h = Histogram::default();
        h.observe(Duration::from_micros(50));
        h.observe(Duration::from_millis(3));
        h.observe(Duration::from_secs(20));
        let mut out = String::new();
        h.render(&mut out, "x", "op=\"save\"");
        assert!(
            out.contains("x_bucket{op=\"save\",le=\"0.0001\"} 1\n"),
            "{out}"
        );
        assert!(
            out.contains("x_bucket{op=\"save\",le=\"0.002\"} 1\n"),
            "{out}"
        );
        assert!(
            out.contains("x_bucket{op=\"save\",le=\"0.005\"} 2\n"),
            "{out}"
        );
        assert!(out.contains("x_bucket{op=\"save\",le=\"10\"} 2\n"), "{out}");
        assert!(
            out.contains("x_bucket{op=\"save\",le=\"+Inf\"} 3\n"),
            "{out}"
        );
        assert!(out.contains("x_count{op=\"save\"} 3\n"), "{out}");
        assert!(out.contains("x_sum{op=\"save\"} 20.00305\n"), "{out}");
    }

    #[test]
    fn the_page_names_every_metric_once_with_its_type() {
        let counters = Counters::default();
        Counters::bump(&counters.moves);
        Counters::bump(&counters.moves);
        let store = StoreLatency::default();
        store.save.observe(Duration::from_millis(1));
        let page = render(
            Gauges {
                players: 3,
                rooms: 2,
                playing: 1,
                tokens: 4,
                remote_rooms: 5,
            },
            &counters,
            Some(&store),
        );
        assert!(page.contains("\nyonin_players 3\n"), "{page}");
        assert!(page.contains("\nyonin_rooms_playing 1\n"), "{page}");
        assert!(page.contains("\nyonin_remote_rooms 5\n"), "{page}");
        assert!(page.contains("\nyonin_moves_total 2\n"), "{page}");
        assert!(
            page.contains("yonin_store_seconds_count{op=\"save\"} 1\n"),
            "{page}"
        );
        for line in page.lines().filter(|l| l.starts_with("# TYPE")) {
            let name = line.split(' ').nth(2).unwrap_or_default();
            let types = page
                .lines()
                .filter(|l| l.starts_with(&format!("# TYPE {name} ")))
                .count();
            assert_eq!(types, 1, "{name} typed {types} times");
        }
        // Every sample line is "name{labels} value" with a number for its value.
        for line in page.lines().filter(|l| !l.starts_with('#')) {
            let value = line.rsplit(' ').next().unwrap_or_default();
            assert!(value.parse::<f64>().is_ok(), "not a number in {line:?}");
        }
    }
}
