//! Measures the journal: append throughput and latency (p50/p99/max) with many rooms appending
//! at once, each awaiting its write before the next as a room does, and the number of commits
//! (fsyncs) that took.
//!
//! `cargo run --release -p yonin-server --example journal_bench -- [ROOMS] [MOVES] [RATE]`
//! (defaults: 100 rooms, 200 moves each, unpaced). With RATE (moves per second over all rooms)
//! each room plays at RATE / ROOMS moves a second, as a loaded server would; without it every
//! room appends as fast as the journal answers. The store is made in a fresh directory under the
//! system's temporary directory (a real disk: fsync must cost what it costs).

use std::sync::Arc;
use std::time::{Duration, Instant};
use yonin_core::protocol::{Clocks, RoomSettings, SeatClock};
use yonin_core::record::stored::StoredPlayer;
use yonin_core::Action;
use yonin_core::{Move, RuleSet, Seat};
use yonin_server::store::{LiveEntry, LiveGame, LiveSeat, Store};

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(index).copied().unwrap_or_default()
}

fn live_game(k: usize) -> LiveGame {
    let rules = RuleSet::yonin();
    LiveGame {
        settings: RoomSettings::new(format!("bench {k}"), rules),
        join_code: None,
        rules,
        start: "startpos".into(),
        seats: Seat::ALL
            .iter()
            .map(|&seat| LiveSeat {
                seat,
                player: StoredPlayer::Person {
                    name: format!("p{k}{seat:?}"),
                },
                stand_in: None,
                token_hash: None,
            })
            .collect(),
        seed: k as u64,
        started_ms: 0,
    }
}

fn entry(ply: usize) -> LiveEntry {
    let seat = Seat::ALL[ply % 4];
    LiveEntry {
        action: Action::Move {
            seat,
            mv: Move::from_usi("7g7f").expect("a valid USI move"),
            millis: Some(1234),
        },
        clocks: Clocks {
            seats: Seat::ALL
                .iter()
                .map(|&seat| SeatClock {
                    seat,
                    main_ms: 300_000,
                    period_ms: 0,
                    periods: 0,
                })
                .collect(),
            running: Some(seat),
        },
        at_ms: ply as u64,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg =
        |i: usize, default: usize| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default);
    let (rooms, moves, rate) = (arg(0, 100), arg(1, 200), arg(2, 0));
    let dir = std::env::temp_dir().join(format!("yonin-journal-bench-{}", std::process::id()));
    let store = Arc::new(Store::open(&dir).expect("the bench store opens"));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let journal = store.journal();
    let commits_before = store
        .embedded()
        .expect("the embedded store")
        .journal_commits();
    let (latencies, elapsed) = runtime.block_on(async {
        let started = Instant::now();
        let mut tasks = Vec::new();
        for k in 0..rooms {
            let journal = journal.clone();
            tasks.push(tokio::spawn(async move {
                let id = journal.start(live_game(k)).await.expect("start");
                let mut latencies = Vec::with_capacity(moves);
                let period =
                    (rate > 0).then(|| Duration::from_secs_f64(rooms as f64 / rate as f64));
                // Rooms start spread over one period, as real rooms would be.
                let offset = period.map_or(Duration::ZERO, |p| p.mul_f64(k as f64 / rooms as f64));
                let mut next = tokio::time::Instant::now() + offset;
                for ply in 0..moves {
                    if let Some(period) = period {
                        tokio::time::sleep_until(next).await;
                        next += period;
                    }
                    let t = Instant::now();
                    journal
                        .append(id, ply as u32, entry(ply))
                        .await
                        .expect("append");
                    latencies.push(t.elapsed());
                }
                latencies
            }));
        }
        let mut all = Vec::new();
        for t in tasks {
            all.extend(t.await.expect("a bench task"));
        }
        (all, started.elapsed())
    });
    let commits = store
        .embedded()
        .expect("the embedded store")
        .journal_commits()
        - commits_before;
    let mut sorted = latencies;
    sorted.sort_unstable();
    let n = sorted.len();
    println!(
        "rooms {rooms}, moves each {moves}, rate {}: {n} appends in {:.2} s = {:.0} appends/s; \
         {commits} commits ({:.1} appends per commit, {:.0} commits/s); latency p50 {:.2} ms, \
         p99 {:.2} ms, max {:.2} ms",
        if rate > 0 {
            format!("{rate}/s")
        } else {
            "unpaced".into()
        },
        elapsed.as_secs_f64(),
        n as f64 / elapsed.as_secs_f64(),
        (n + rooms) as f64 / commits.max(1) as f64,
        commits as f64 / elapsed.as_secs_f64(),
        percentile(&sorted, 0.50).as_secs_f64() * 1e3,
        percentile(&sorted, 0.99).as_secs_f64() * 1e3,
        sorted.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
    drop(journal);
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}
