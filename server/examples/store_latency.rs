//! Measures the game store's latency, embedded redb against PostgreSQL: saving finished games,
//! fetching one, listing with each filter, and the journal's appends from many rooms at once.
//!
//! `cargo run --release -p yonin-server --example store_latency -- [POSTGRES_URL] [GAMES]`
//! (default 300 games). The redb store is made in a fresh directory under the system's
//! temporary directory; with a URL, the PostgreSQL store runs in a schema of its own in that
//! database, dropped afterwards (`.ci/postgres.sh` starts a throwaway server).

use std::sync::Arc;
use std::time::{Duration, Instant};
use yonin_core::protocol::{Clocks, RoomSettings};
use yonin_core::record::position_text;
use yonin_core::record::stored::{GameFilter, GameId, StoredGame, StoredPlayer, StoredSeat};
use yonin_core::{Action, TimeControl};
use yonin_core::{Game, Position, RuleSet, Variant};
use yonin_server::store::{LiveEntry, LiveGame, LiveSeat, Store};

/// Rooms appending at once, and moves each, for the journal's part.
const ROOMS: usize = 50;
const MOVES: usize = 40;

fn game(k: usize) -> StoredGame {
    let rules = if k.is_multiple_of(3) {
        RuleSet::yonin()
    } else {
        RuleSet::standard()
    };
    let start = Position::start(&rules);
    let mut game = Game::from_position(rules, start.clone());
    let mut actions = Vec::new();
    for i in 0..40 {
        let legal = game.position().legal_moves();
        let Some(&mv) = legal.as_slice().get((k + i) % legal.len().max(1)) else {
            break;
        };
        let action = Action::Move {
            seat: game.to_move(),
            mv,
            millis: Some(1000),
        };
        if action.apply(&mut game).is_err() || game.is_over() {
            break;
        }
        actions.push(action);
    }
    let end = Action::Abort;
    end.apply(&mut game).expect("a game can be aborted");
    actions.push(end);
    let seats = rules
        .variant
        .seats()
        .iter()
        .map(|seat| StoredSeat {
            seat,
            player: StoredPlayer::Person {
                name: format!("player{}", (k + seat.index()) % 20),
            },
            stand_in: None,
        })
        .collect();
    StoredGame {
        rules,
        time_control: TimeControl::Fischer {
            main_ms: 300_000,
            increment_ms: 0,
        },
        room_name: format!("bench {k}"),
        start: position_text(&start),
        seats,
        actions,
        outcome: game.outcome().expect("ended").clone(),
        started_ms: 0,
        ended_ms: 1,
        imported: false,
    }
}

fn live_game(k: usize) -> (LiveGame, Vec<LiveEntry>) {
    let g = game(k);
    let live = LiveGame {
        settings: RoomSettings::new(g.room_name.clone(), g.rules),
        join_code: None,
        rules: g.rules,
        start: g.start.clone(),
        seats: g
            .seats
            .iter()
            .map(|s| LiveSeat {
                seat: s.seat,
                player: s.player.clone(),
                stand_in: None,
                token_hash: None,
            })
            .collect(),
        seed: k as u64,
        started_ms: 0,
    };
    let entries = g
        .actions
        .iter()
        .map(|&action| LiveEntry {
            action,
            clocks: Clocks {
                seats: Vec::new(),
                running: None,
            },
            at_ms: 0,
        })
        .collect();
    (live, entries)
}

/// "p50 / p99" of some timings, in milliseconds.
fn summary(mut times: Vec<Duration>) -> String {
    times.sort_unstable();
    let at = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1e3;
    format!("p50 {:.2} ms, p99 {:.2} ms", at(0.5), at(0.99))
}

fn timed<T>(times: &mut Vec<Duration>, f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let out = f();
    times.push(t.elapsed());
    out
}

fn measure(label: &str, store: Store, games: usize) {
    let store = Arc::new(store);
    let samples: Vec<StoredGame> = (0..games).map(game).collect();
    let mut saves = Vec::new();
    let ids: Vec<GameId> = samples
        .iter()
        .map(|g| timed(&mut saves, || store.save(g).expect("save")))
        .collect();
    let mut gets = Vec::new();
    for id in &ids {
        timed(&mut gets, || store.try_get(*id).expect("get"));
    }
    let filters = [
        (
            "newest 50",
            GameFilter {
                limit: 50,
                ..GameFilter::default()
            },
        ),
        (
            "player",
            GameFilter {
                player: Some("player7".into()),
                ..GameFilter::default()
            },
        ),
        (
            "variant",
            GameFilter {
                variant: Some(Variant::Yonin),
                ..GameFilter::default()
            },
        ),
    ];
    println!("{label}: save {} | get {}", summary(saves), summary(gets));
    for (name, filter) in filters {
        let mut lists = Vec::new();
        for _ in 0..100 {
            timed(&mut lists, || store.try_list(&filter).expect("list"));
        }
        println!("{label}: list {name} {}", summary(lists));
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let journal = store.journal();
    let started = Instant::now();
    let appends = runtime.block_on(async {
        let tasks: Vec<_> = (0..ROOMS)
            .map(|k| {
                let journal = journal.clone();
                tokio::spawn(async move {
                    let (live, entries) = live_game(k);
                    let id = journal.start(live).await.expect("start");
                    let mut times = Vec::new();
                    for (ply, entry) in entries.into_iter().take(MOVES).enumerate() {
                        let t = Instant::now();
                        journal.append(id, ply as u32, entry).await.expect("append");
                        times.push(t.elapsed());
                    }
                    journal.discard(id).await.expect("discard");
                    times
                })
            })
            .collect();
        let mut all = Vec::new();
        for task in tasks {
            all.extend(task.await.expect("a room"));
        }
        all
    });
    let n = appends.len();
    println!(
        "{label}: journal, {ROOMS} rooms at once: {n} appends in {:.2} s ({:.0}/s), {}",
        started.elapsed().as_secs_f64(),
        n as f64 / started.elapsed().as_secs_f64(),
        summary(appends)
    );
}

/// Runs `sql` on a connection of its own.
fn run_sql(url: &str, sql: &str) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .expect("connect");
        let connection = tokio::spawn(connection);
        client.batch_execute(sql).await.expect(sql);
        drop(client);
        let _ = connection.await;
    });
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(300);
    let dir = std::env::temp_dir().join(format!("yonin-store-latency-{}", std::process::id()));
    measure("redb", Store::open(&dir).expect("redb opens"), games);
    let _ = std::fs::remove_dir_all(&dir);
    if let Some(url) = args.first() {
        let schema = format!("yonin_latency_{}", std::process::id());
        run_sql(url, &format!("CREATE SCHEMA {schema}"));
        let sep = if url.contains('?') { '&' } else { '?' };
        let in_schema = format!("{url}{sep}options=-c%20search_path%3D{schema}");
        let store = Store::open_postgres(&in_schema, "bench").expect("PostgreSQL opens");
        measure("postgres", store, games);
        run_sql(url, &format!("DROP SCHEMA {schema} CASCADE"));
    }
}
