//! The game store: saving, listing with filters, fetching, reopening, and durability — a child
//! process saving games is killed with SIGKILL mid-stream, and every game it had acknowledged
//! must be intact when the store is reopened.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use yonin_core::record::stored::{GameFilter, GameId, StoredGame};
use yonin_core::BotLevel;
use yonin_core::Variant;
use yonin_server::store::{Store, StoreError};

use yonin_testkit::TempDir;

// The sample games, shared with the store suite.
#[path = "store_suite/samples.rs"]
mod samples;
use samples::{has_person, sample_game, sample_live, NAMES};

#[test]
fn saves_lists_filters_and_fetches() {
    let dir = TempDir::new("basic");
    let store = Store::open(dir.path()).unwrap();
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
            before: None,
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
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.len().unwrap(), 30);
    assert_eq!(store.save(&sample_game(31)).unwrap(), GameId(31));
}

#[test]
fn a_store_in_use_is_refused_clearly() {
    let dir = TempDir::new("inuse");
    let _first = Store::open(dir.path()).unwrap();
    match Store::open(dir.path()) {
        Err(StoreError::InUse(path)) => assert!(path.ends_with(yonin_server::store::DB_FILE)),
        other => panic!("expected InUse, got {other:?}"),
    }
}

#[test]
fn a_damaged_file_is_an_error_not_a_panic() {
    let dir = TempDir::new("damaged");
    std::fs::write(
        dir.path().join(yonin_server::store::DB_FILE),
        b"not a database at all",
    )
    .unwrap();
    assert!(Store::open(dir.path()).is_err());
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
            .env(CHILD_DIR, dir.path())
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
    let store = Store::open(dir.path()).expect("the store opens cleanly after SIGKILL");
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

// ---- Games in progress and the journal ----

use std::sync::Arc;
use yonin_core::protocol::ResumeToken;
use yonin_server::store::{hash_token, Journal, LiveEntry, LiveGame, LiveId, StoreOptions};

fn live_of(store: &Store, id: LiveId) -> Option<(LiveGame, Vec<LiveEntry>)> {
    store
        .live_games()
        .unwrap()
        .into_iter()
        .find(|(i, _, _)| *i == id)
        .map(|(_, g, e)| (g, e))
}

#[test]
fn a_token_hash_is_sha256_of_its_little_endian_bytes() {
    // SHA-256 of sixteen zero bytes.
    let zero = hash_token(ResumeToken(0));
    let hex: String = zero.0.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(
        hex,
        "374708fff7719dd5979ec875d56cd2286f6d3cf7ec317a3b25632aab28ec37bb"
    );
    let token = ResumeToken(0x0123_4567_89ab_cdef_0011_2233_4455_6677);
    assert!(hash_token(token).matches(token));
    assert!(!hash_token(token).matches(ResumeToken(token.0 ^ 1)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_progress_is_started_appended_rewritten_and_finished() {
    let dir = TempDir::new("live");
    let store = Arc::new(Store::open(dir.path()).unwrap());
    let journal = store.journal();
    let (live, entries) = sample_live(4);
    let id = journal.start(live.clone()).await.unwrap();
    for (ply, entry) in entries.iter().enumerate() {
        journal.append(id, ply as u32, entry.clone()).await.unwrap();
    }
    assert_eq!(live_of(&store, id), Some((live.clone(), entries.clone())));

    // The same ply again is harmless; a ply past the next one, or an unknown game, is refused.
    let n = entries.len() as u32;
    journal
        .append(id, n - 1, entries[n as usize - 1].clone())
        .await
        .unwrap();
    match journal.append(id, n + 1, entries[0].clone()).await {
        Err(StoreError::LiveGap { ply, expected, .. }) => assert_eq!((ply, expected), (n + 1, n)),
        other => panic!("expected LiveGap, got {other:?}"),
    }
    let nobody = LiveId(id.0 + 1000);
    assert!(matches!(
        journal.append(nobody, 0, entries[0].clone()).await,
        Err(StoreError::NoSuchLive(i)) if i == nobody
    ));
    assert!(matches!(
        journal.rewrite(nobody, live.clone()).await,
        Err(StoreError::NoSuchLive(_))
    ));
    assert_eq!(live_of(&store, id).unwrap().1.len(), entries.len());

    // A seat changes: the game is rewritten, its actions stay.
    let mut changed = live.clone();
    changed.seats[0].stand_in = Some(BotLevel::Hard);
    changed.seats[0].token_hash = None;
    journal.rewrite(id, changed.clone()).await.unwrap();
    assert_eq!(live_of(&store, id), Some((changed, entries.clone())));

    // A second game, and the first survives reopening the store.
    let (other, other_entries) = sample_live(5);
    let other_id = journal.start(other.clone()).await.unwrap();
    assert_ne!(other_id, id);
    journal
        .append(other_id, 0, other_entries[0].clone())
        .await
        .unwrap();
    drop(journal);
    drop(store);
    let store = Arc::new(Store::open(dir.path()).unwrap());
    assert_eq!(store.live_games().unwrap().len(), 2);
    let journal = store.journal();

    // Finishing stores the game and deletes the game in progress, in one step.
    let finished = sample_game(4);
    let game_id = journal.finish(id, finished.clone()).await.unwrap();
    assert_eq!(store.get(game_id), Some(finished));
    assert_eq!(live_of(&store, id), None);
    assert_eq!(
        live_of(&store, other_id),
        Some((other, vec![other_entries[0].clone()]))
    );
    // Discarding deletes the other; a third game gets a new id, never a used one.
    journal.discard(other_id).await.unwrap();
    journal.discard(other_id).await.unwrap();
    assert!(store.live_games().unwrap().is_empty());
    let third = journal.start(sample_live(6).0).await.unwrap();
    assert!(third.0 > other_id.0);
    // Saving through the journal, as an import does.
    let saved = journal.save(sample_game(7)).await.unwrap();
    assert_eq!(saved, GameId(game_id.0 + 1));
    assert_eq!(store.get(saved), Some(sample_game(7)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_rooms_append_at_once_and_every_move_lands_in_order() {
    const ROOMS: u64 = 40;
    let dir = TempDir::new("concurrent");
    let store = Arc::new(Store::open(dir.path()).unwrap());
    let journal = store.journal();
    let mut tasks = Vec::new();
    for k in 0..ROOMS {
        let journal: Journal = journal.clone();
        tasks.push(tokio::spawn(async move {
            let (live, entries) = sample_live(k);
            let id = journal.start(live).await.unwrap();
            for (ply, entry) in entries.iter().enumerate() {
                journal.append(id, ply as u32, entry.clone()).await.unwrap();
                // A refused write in the same batch does not hurt the others.
                if ply % 7 == 3 {
                    assert!(journal
                        .append(id, ply as u32 + 5, entry.clone())
                        .await
                        .is_err());
                }
            }
            (k, id)
        }));
    }
    let mut ids = Vec::new();
    for t in tasks {
        ids.push(t.await.unwrap());
    }
    let stored = store.live_games().unwrap();
    assert_eq!(stored.len(), ROOMS as usize);
    for (k, id) in ids {
        let (live, entries) = sample_live(k);
        assert_eq!(live_of(&store, id), Some((live, entries)), "room {k}");
    }
    // Ids are distinct.
    let mut seen: Vec<u64> = stored.iter().map(|(id, _, _)| id.0).collect();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), ROOMS as usize);
}

// ---- Recovery after a disk error ----

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_fails_writes_and_the_store_recovers_when_space_is_back() {
    let dir = TempDir::new("enospc");
    let (store, faults) = Store::open_with_faults(dir.path(), StoreOptions::default()).unwrap();
    let store = Arc::new(store);
    for k in 1..=5 {
        store.save(&sample_game(k)).unwrap();
    }
    let journal = store.journal();
    let (live, entries) = sample_live(9);
    let live_id = journal.start(live.clone()).await.unwrap();
    journal
        .append(live_id, 0, entries[0].clone())
        .await
        .unwrap();

    // The disk is full: writes fail with an error (after the store's reopen and retry failed
    // too), reads of what was stored still work.
    faults.set_disk_full(true);
    let err = store.save(&sample_game(6)).unwrap_err();
    assert!(err.is_io(), "{err}");
    let err = journal
        .append(live_id, 1, entries[1].clone())
        .await
        .unwrap_err();
    assert!(err.is_io(), "{err}");
    assert!(faults.injected() > 0);
    assert!(store.save(&sample_game(6)).is_err());

    // Space is back: the next writes work, and everything written before is intact.
    faults.set_disk_full(false);
    assert_eq!(store.save(&sample_game(6)).unwrap(), GameId(6));
    journal
        .append(live_id, 1, entries[1].clone())
        .await
        .unwrap();
    for k in 1..=6 {
        assert_eq!(
            store.try_get(GameId(k)).unwrap(),
            Some(sample_game(k)),
            "game {k}"
        );
    }
    assert_eq!(
        live_of(&store, live_id),
        Some((live, entries[..2].to_vec()))
    );

    // One failed write is retried on a reopened database, unseen by the caller.
    let before = faults.injected();
    faults.fail_next_writes(1);
    assert_eq!(store.save(&sample_game(7)).unwrap(), GameId(7));
    assert_eq!(faults.injected(), before + 1);
    faults.fail_next_writes(1);
    journal
        .append(live_id, 2, entries[2].clone())
        .await
        .unwrap();
    assert_eq!(live_of(&store, live_id).unwrap().1.len(), 3);

    // And the file is sound when opened afresh.
    drop(journal);
    drop(store);
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.len().unwrap(), 7);
    assert_eq!(store.live_games().unwrap().len(), 1);
}

// ---- Size ----

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_store_refuses_new_games_but_finishes_those_in_progress() {
    let dir = TempDir::new("full");
    let (live, entries) = sample_live(12);
    let live_id = {
        let store = Arc::new(Store::open(dir.path()).unwrap());
        let journal = store.journal();
        let id = journal.start(live).await.unwrap();
        journal.append(id, 0, entries[0].clone()).await.unwrap();
        id
    };
    // The cap is below what the file already holds; the margin for games in progress is not.
    let full = StoreOptions {
        max_bytes: 1,
        live_margin_bytes: 1 << 30,
        ..StoreOptions::default()
    };
    {
        let store = Arc::new(Store::open_with(dir.path(), full).unwrap());
        let err = store.save(&sample_game(1)).unwrap_err();
        assert!(err.is_full());
        assert!(err.to_string().contains("the game store is full"), "{err}");
        let journal = store.journal();
        assert!(journal.save(sample_game(1)).await.unwrap_err().is_full());
        assert!(journal
            .start(sample_live(13).0)
            .await
            .unwrap_err()
            .is_full());
        // The game in progress carries on and is stored when it ends.
        journal
            .append(live_id, 1, entries[1].clone())
            .await
            .unwrap();
        let id = journal.finish(live_id, sample_game(12)).await.unwrap();
        assert_eq!(store.get(id), Some(sample_game(12)));
        assert!(store.live_games().unwrap().is_empty());
    }
    // Past the margin too, even a game in progress is refused (but discarding works).
    let very_full = StoreOptions {
        max_bytes: 1,
        live_margin_bytes: 0,
        ..StoreOptions::default()
    };
    let store = Arc::new(Store::open_with(dir.path(), StoreOptions::default()).unwrap());
    let journal = store.journal();
    let id = journal.start(sample_live(14).0).await.unwrap();
    drop(journal);
    drop(store);
    let store = Arc::new(Store::open_with(dir.path(), very_full).unwrap());
    let journal = store.journal();
    let entry = sample_live(14).1[0].clone();
    assert!(journal.append(id, 0, entry).await.unwrap_err().is_full());
    assert!(journal
        .finish(id, sample_game(14))
        .await
        .unwrap_err()
        .is_full());
    journal.discard(id).await.unwrap();
    assert!(store.live_games().unwrap().is_empty());
}

// ---- Indexes and paging ----

#[test]
fn long_lists_page_with_before_and_filters_read_only_their_index() {
    let dir = TempDir::new("paging");
    let store = Store::open(dir.path()).unwrap();
    let games: Vec<StoredGame> = (1..=250).map(sample_game).collect();
    for g in &games {
        store.save(g).unwrap();
    }
    // Pages of 100, newest first, each asking for the ids before the last one seen.
    let mut before = None;
    let mut pages = Vec::new();
    loop {
        let page = store.list(&GameFilter {
            limit: 100,
            before,
            ..GameFilter::default()
        });
        if page.is_empty() {
            break;
        }
        before = page.last().map(|s| s.id);
        pages.push(page.iter().map(|s| s.id.0).collect::<Vec<_>>());
    }
    assert_eq!(pages.len(), 3);
    assert_eq!(pages[0], (151..=250).rev().collect::<Vec<_>>());
    assert_eq!(pages[1], (51..=150).rev().collect::<Vec<_>>());
    assert_eq!(pages[2], (1..=50).rev().collect::<Vec<_>>());

    // By variant, paged: exactly the Yonin games, and only their summaries are decoded.
    let yonin: Vec<u64> = (1..=250u64).rev().filter(|k| k % 3 == 0).collect();
    let decoded = store
        .embedded()
        .expect("the embedded store")
        .summaries_decoded();
    let first = store.list(&GameFilter {
        variant: Some(Variant::Yonin),
        limit: 50,
        ..GameFilter::default()
    });
    assert_eq!(
        first.iter().map(|s| s.id.0).collect::<Vec<_>>(),
        yonin[..50]
    );
    assert_eq!(
        store
            .embedded()
            .expect("the embedded store")
            .summaries_decoded()
            - decoded,
        50
    );
    let rest = store.list(&GameFilter {
        variant: Some(Variant::Yonin),
        before: first.last().map(|s| s.id),
        ..GameFilter::default()
    });
    assert_eq!(rest.iter().map(|s| s.id.0).collect::<Vec<_>>(), yonin[50..]);
    assert_eq!(
        store
            .embedded()
            .expect("the embedded store")
            .summaries_decoded()
            - decoded,
        yonin.len() as u64
    );

    // By player and variant: the player's games, checked against the variant index before any
    // summary is decoded.
    for name in NAMES {
        let decoded = store
            .embedded()
            .expect("the embedded store")
            .summaries_decoded();
        let listed = store.list(&GameFilter {
            player: Some(name.to_lowercase()),
            variant: Some(Variant::Yonin),
            before: Some(GameId(200)),
            limit: 0,
        });
        let expected: Vec<u64> = (1..200u64)
            .rev()
            .filter(|&k| k % 3 == 0 && has_person(&games[k as usize - 1], name))
            .take(100)
            .collect();
        assert_eq!(
            listed.iter().map(|s| s.id.0).collect::<Vec<_>>(),
            expected,
            "{name}"
        );
        assert_eq!(
            store
                .embedded()
                .expect("the embedded store")
                .summaries_decoded()
                - decoded,
            expected.len() as u64
        );
    }
}

#[test]
fn a_store_made_before_the_variant_index_is_indexed_when_opened() {
    let dir = TempDir::new("migrate");
    {
        let store = Store::open(dir.path()).unwrap();
        for k in 1..=12 {
            store.save(&sample_game(k)).unwrap();
        }
    }
    // Take the index away, as in a store written by the version before it.
    {
        let db = redb::Database::open(dir.path().join(yonin_server::store::DB_FILE)).unwrap();
        let txn = db.begin_write().unwrap();
        txn.delete_table(redb::TableDefinition::<(u8, u64), ()>::new("by_variant"))
            .unwrap();
        txn.delete_table(redb::TableDefinition::<&str, u64>::new("meta"))
            .unwrap();
        txn.commit().unwrap();
    }
    let store = Store::open(dir.path()).unwrap();
    let yonin = store.list(&GameFilter {
        variant: Some(Variant::Yonin),
        ..GameFilter::default()
    });
    assert_eq!(
        yonin.iter().map(|s| s.id.0).collect::<Vec<_>>(),
        vec![12, 9, 6, 3]
    );
}
