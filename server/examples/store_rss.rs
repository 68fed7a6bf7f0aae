//! Measures the memory a store takes with redb's page cache at a given size: fills a store with
//! games once, then, in a fresh process per cache size, lists every game (pages of 100, with
//! and without the variant filter) and fetches every game, printing the process's resident
//! memory (VmRSS, and its peak VmHWM) after each step.
//!
//! ```text
//! cargo run --release -p yonin-server --example store_rss -- fill DIR 10000
//! cargo run --release -p yonin-server --example store_rss -- read DIR 16     # cache in MiB
//! cargo run --release -p yonin-server --example store_rss -- read DIR 1024   # redb's default
//! ```
//!
//! Measured on the 2-core build machine (Linux, ext4), after every game was listed and fetched
//! twice (resident memory, MiB):
//!
//! | games  | file    | cache 1 GiB (redb's default) | cache 16 MiB (ours) | cache 4 MiB |
//! |--------|---------|------------------------------|---------------------|-------------|
//! | 10,000 | 34 MiB  | 29.6                         | 20.5                | 8.3         |
//! | 50,000 | 136 MiB | 133.3                        | 21.2                | —           |
//!
//! With redb's default the cache grows with the file (the 1.64 GB store of issue 31 took the
//! server to 1.18 GB); at 16 MiB it stays flat, and reading all 50,000 games took 3.96 s against
//! 3.57 s. Lists alone (every page of both filters) stay under 9 MiB at any cache size.

use std::sync::Arc;
use yonin_core::record::position_text;
use yonin_core::record::stored::{GameFilter, GameId, StoredGame, StoredPlayer, StoredSeat};
use yonin_core::{Action, TimeControl};
use yonin_core::{Game, Position, RuleSet, Variant};
use yonin_server::store::{Store, StoreOptions};

/// Resident and peak memory of this process, in MiB, from /proc (0 where there is none).
fn rss() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn report(step: &str) {
    let (now, peak) = rss();
    println!("{step:<40} RSS {now:7.1} MiB   peak {peak:7.1} MiB");
}

/// Game number `k`: random legal moves (10 to 300 plies), then a resignation or an abort.
fn game(k: u64) -> StoredGame {
    let mut rng = yonin_testkit::Rng::new(k.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED);
    let rules = if k.is_multiple_of(3) {
        RuleSet::yonin()
    } else {
        RuleSet::standard()
    };
    let start = Position::start(&rules);
    let mut game = Game::from_position(rules, start.clone());
    let mut actions = Vec::new();
    for _ in 0..10 + rng.below(290) {
        if game.is_over() {
            break;
        }
        let legal = game.position().legal_moves();
        let mv = legal.as_slice()[rng.below(legal.len())];
        let action = Action::Move {
            seat: game.to_move(),
            mv,
            millis: Some(rng.below(30_000) as u64),
        };
        action.apply(&mut game).expect("a legal move is played");
        actions.push(action);
    }
    if !game.is_over() {
        let action = match rules.variant {
            Variant::Standard => Action::Resign {
                seat: game.to_move(),
            },
            Variant::Yonin => Action::Abort,
        };
        action.apply(&mut game).expect("the game can end");
        actions.push(action);
    }
    let seats = rules
        .variant
        .seats()
        .iter()
        .map(|seat| StoredSeat {
            seat,
            player: StoredPlayer::Person {
                name: format!("player{}", rng.below(50)),
            },
            stand_in: None,
        })
        .collect();
    StoredGame {
        rules,
        time_control: TimeControl::None,
        room_name: format!("game {k}"),
        start: position_text(&start),
        seats,
        actions,
        outcome: game.outcome().expect("the game ended").clone(),
        started_ms: k,
        ended_ms: k,
        imported: false,
    }
}

fn fill(dir: &str, count: u64) {
    let store = Arc::new(Store::open(dir).expect("the store opens"));
    let have = store.len().expect("the store reads");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let journal = store.journal();
    runtime.block_on(async {
        // 64 writers at once, so the journal commits many games per fsync.
        let writers = 64;
        let mut tasks = Vec::new();
        for w in 0..writers {
            let journal = journal.clone();
            tasks.push(tokio::spawn(async move {
                let mut k = have + 1 + w;
                while k <= count {
                    journal.save(game(k)).await.expect("the game is saved");
                    k += writers;
                }
            }));
        }
        for t in tasks {
            t.await.expect("a writer");
        }
    });
    drop(journal);
    println!(
        "{} games, file {:.1} MiB",
        store.len().expect("the store reads"),
        store.embedded().expect("the embedded store").file_bytes() as f64 / (1 << 20) as f64
    );
    report("after filling");
}

fn read(dir: &str, cache_mib: usize) {
    report("start");
    let options = StoreOptions {
        cache_bytes: cache_mib << 20,
        ..StoreOptions::default()
    };
    let store = Store::open_with(dir, options).expect("the store opens");
    report(&format!("opened, cache {cache_mib} MiB"));
    for variant in [None, Some(Variant::Yonin)] {
        let mut before = None;
        let mut listed = 0;
        loop {
            let page = store
                .try_list(&GameFilter {
                    variant,
                    limit: 100,
                    before,
                    ..GameFilter::default()
                })
                .expect("the store lists");
            let Some(last) = page.last() else { break };
            before = Some(last.id);
            listed += page.len();
        }
        report(&format!("listed {listed} ({variant:?})"));
    }
    let count = store.len().expect("the store reads");
    let mut plies = 0u64;
    for id in 1..=count {
        let game = store.try_get(GameId(id)).expect("the store reads");
        plies += game.map_or(0, |g| g.actions.len() as u64);
    }
    report(&format!("fetched {count} games ({plies} actions)"));
    for id in (1..=count).rev() {
        store.try_get(GameId(id)).expect("the store reads");
    }
    report("fetched them all again");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["fill", dir, count] => fill(dir, count.parse().expect("a number of games")),
        ["read", dir, cache] => read(dir, cache.parse().expect("a cache size in MiB")),
        _ => eprintln!("usage: store_rss fill DIR COUNT | store_rss read DIR CACHE_MIB"),
    }
}
