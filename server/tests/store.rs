//! The game store: saving, listing with filters, fetching, reopening, and durability — a child
//! process saving games is killed with SIGKILL mid-stream, and every game it had acknowledged
//! must be intact when the store is reopened.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use yonin_core::protocol::{
    format_position, Action, BotLevel, GameFilter, GameId, StoredGame, StoredPlayer, StoredSeat,
    TimeControl,
};
use yonin_core::{Game, Position, RuleSet, Variant};
use yonin_server::store::{Store, StoreError};

/// A fresh directory under the system's temporary directory, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir =
            std::env::temp_dir().join(format!("yonin-store-{tag}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory can be created");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A small deterministic generator (the store tests need no real randomness).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const NAMES: [&str; 5] = ["Ann", "Bo", "Chie", "Daiki", "Emi"];

/// Game number `k`: its variant, players, random legal moves with times, and an ending, all
/// decided by `k`.
fn sample_game(k: u64) -> StoredGame {
    let mut rng = Lcg(k.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED);
    let rules = if k.is_multiple_of(3) {
        RuleSet::yonin()
    } else {
        RuleSet::standard()
    };
    let start = Position::start(&rules);
    let mut game = Game::from_position(rules, start.clone());
    let mut actions = Vec::new();
    let plies = 10 + rng.below(60);
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        let legal = game.position().legal_moves();
        let mv = legal.as_slice()[rng.below(legal.len())];
        let action = Action::Move {
            seat: game.to_move(),
            mv,
            millis: Some(rng.next() % 30_000),
        };
        action.apply(&mut game).expect("a legal move is played");
        actions.push(action);
    }
    if !game.is_over() {
        let action = if rules.variant == Variant::Standard {
            Action::Resign {
                seat: game.to_move(),
            }
        } else {
            Action::Abort
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
            player: if rng.below(4) == 0 {
                StoredPlayer::Bot {
                    level: BotLevel::ALL[rng.below(4)],
                }
            } else {
                StoredPlayer::Person {
                    name: NAMES[rng.below(NAMES.len())].to_string(),
                }
            },
            stand_in: None,
        })
        .collect();
    StoredGame {
        rules,
        time_control: TimeControl::Fischer {
            main_ms: 300_000,
            increment_ms: 5_000,
        },
        room_name: format!("game {k}"),
        start: format_position(&start),
        seats,
        actions,
        outcome: game.outcome().expect("the game ended").clone(),
        started_ms: 1_700_000_000_000 + k * 1000,
        ended_ms: 1_700_000_000_000 + k * 1000 + 600_000,
        imported: false,
    }
}

fn has_person(game: &StoredGame, name: &str) -> bool {
    game.seats.iter().any(
        |s| matches!(&s.player, StoredPlayer::Person { name: n } if n.eq_ignore_ascii_case(name)),
    )
}

#[test]
fn saves_lists_filters_and_fetches() {
    let dir = TempDir::new("basic");
    let store = Store::open(&dir.0).unwrap();
    assert!(store.is_empty().unwrap());
    let games: Vec<StoredGame> = (1..=30).map(sample_game).collect();
    let mut ids = Vec::new();
    for g in &games {
        ids.push(store.save(g).unwrap());
    }
    // Ids are increasing from 1.
    assert_eq!(ids, (1..=30).map(GameId).collect::<Vec<_>>());
    for (id, g) in ids.iter().zip(&games) {
        let back = store.get(*id).unwrap();
        assert_eq!(&back, g);
        // The stored game replays to its outcome.
        assert_eq!(back.replay().unwrap().outcome(), Some(&g.outcome));
    }
    assert_eq!(store.get(GameId(999)), None);

    // Newest first, limited.
    let all = store.list(&GameFilter {
        limit: 10,
        ..GameFilter::default()
    });
    assert_eq!(
        all.iter().map(|s| s.id.0).collect::<Vec<_>>(),
        (21..=30).rev().collect::<Vec<_>>()
    );
    assert_eq!(all[0], games[29].summary(GameId(30)));

    // By variant.
    let yonin = store.list(&GameFilter {
        variant: Some(Variant::Yonin),
        ..GameFilter::default()
    });
    let expected: Vec<u64> = (1..=30u64).rev().filter(|k| k % 3 == 0).collect();
    assert_eq!(yonin.iter().map(|s| s.id.0).collect::<Vec<_>>(), expected);

    // By player, without case, and with the variant.
    for name in NAMES {
        let listed = store.list(&GameFilter {
            player: Some(name.to_uppercase()),
            variant: Some(Variant::Standard),
            limit: 0,
        });
        let expected: Vec<u64> = (1..=30u64)
            .rev()
            .filter(|&k| {
                let g = &games[k as usize - 1];
                g.rules.variant == Variant::Standard && has_person(g, name)
            })
            .collect();
        assert_eq!(
            listed.iter().map(|s| s.id.0).collect::<Vec<_>>(),
            expected,
            "{name}"
        );
    }
    let nobody = store.list(&GameFilter {
        player: Some("nobody".into()),
        ..GameFilter::default()
    });
    assert!(nobody.is_empty());

    // Reopened, everything is still there and ids go on.
    drop(store);
    let store = Store::open(&dir.0).unwrap();
    assert_eq!(store.len().unwrap(), 30);
    assert_eq!(store.save(&sample_game(31)).unwrap(), GameId(31));
}

#[test]
fn a_store_in_use_is_refused_clearly() {
    let dir = TempDir::new("inuse");
    let _first = Store::open(&dir.0).unwrap();
    match Store::open(&dir.0) {
        Err(StoreError::InUse(path)) => assert!(path.ends_with(yonin_server::store::DB_FILE)),
        other => panic!("expected InUse, got {other:?}"),
    }
}

#[test]
fn a_damaged_file_is_an_error_not_a_panic() {
    let dir = TempDir::new("damaged");
    std::fs::write(
        dir.0.join(yonin_server::store::DB_FILE),
        b"not a database at all",
    )
    .unwrap();
    assert!(Store::open(&dir.0).is_err());
}

/// The environment variable that turns `child_writer` into the writing child process.
const CHILD_DIR: &str = "YONIN_STORE_CHILD_DIR";
const CHILD_FIRST: &str = "YONIN_STORE_CHILD_FIRST";

/// Not a test on its own: run by `survives_sigkill_mid_stream` as a child process. Saves games
/// `first, first + 1, …` forever, printing `ack <id> <k>` after each save returns.
#[test]
fn child_writer() {
    let Ok(dir) = std::env::var(CHILD_DIR) else {
        return;
    };
    let first: u64 = std::env::var(CHILD_FIRST)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let store = Store::open(&dir).expect("the child opens the store");
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    writeln!(out, "open").unwrap();
    out.flush().unwrap();
    for k in first.. {
        let id = store.save(&sample_game(k)).expect("the child saves");
        writeln!(out, "ack {} {k}", id.0).unwrap();
        out.flush().unwrap();
    }
}

#[test]
fn survives_sigkill_mid_stream() {
    let dir = TempDir::new("kill9");
    let exe = std::env::current_exe().unwrap();
    let mut acked: Vec<(u64, u64)> = Vec::new();
    let mut next_k = 1;
    // Several rounds: each child reopens the store left by a killed one.
    for round in 0..4 {
        let mut child = Command::new(&exe)
            .args(["--exact", "child_writer", "--nocapture", "--test-threads=1"])
            .env(CHILD_DIR, &dir.0)
            .env(CHILD_FIRST, next_k.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let mut lines = BufReader::new(stdout).lines();
        // Kill after a different number of acknowledged saves each round.
        let target = 5 + round * 7;
        let mut got = 0;
        let deadline = Instant::now() + Duration::from_secs(60);
        while got < target && Instant::now() < deadline {
            let Some(Ok(line)) = lines.next() else { break };
            let mut parts = line.split_whitespace();
            if parts.next() == Some("ack") {
                let id: u64 = parts.next().unwrap().parse().unwrap();
                let k: u64 = parts.next().unwrap().parse().unwrap();
                acked.push((id, k));
                next_k = k + 1;
                got += 1;
            }
        }
        assert_eq!(got, target, "round {round}: the child saved too few games");
        // SIGKILL (std's `kill` on Unix) while the child is in the middle of further saves.
        child.kill().unwrap();
        let status = child.wait().unwrap();
        assert!(!status.success());
        // Drain what the child printed before dying: those saves were acknowledged too.
        for line in lines.map_while(Result::ok) {
            let mut parts = line.split_whitespace();
            if parts.next() == Some("ack") {
                let id: u64 = parts.next().unwrap().parse().unwrap();
                let k: u64 = parts.next().unwrap().parse().unwrap();
                acked.push((id, k));
                next_k = k + 1;
            }
        }
    }
    let store = Store::open(&dir.0).expect("the store opens cleanly after SIGKILL");
    for &(id, k) in &acked {
        let got = store
            .try_get(GameId(id))
            .expect("the store reads")
            .unwrap_or_else(|| panic!("acknowledged game {id} is missing"));
        assert_eq!(got, sample_game(k), "game {id} is damaged");
    }
    // Ids are dense: at most one save per round committed without its acknowledgement.
    let len = store.len().unwrap();
    assert!(len >= acked.len() as u64 && len <= acked.len() as u64 + 4);
    assert_eq!(
        store
            .list(&GameFilter {
                limit: 1,
                ..GameFilter::default()
            })
            .first()
            .map(|s| s.id.0),
        Some(len)
    );
    // And it still takes writes.
    assert_eq!(store.save(&sample_game(0)).unwrap(), GameId(len + 1));
}
