use std::sync::Arc;
use std::time::Duration;
use yonin_core::protocol::{ClientMessage, Encoding, ErrorCode, GameRequest, ServerMessage};
use yonin_core::record::stored::GameFilter;
use yonin_core::Action;
use yonin_core::{EndReason, Seat};
use yonin_server::store::{Faults, LiveEntry, Store, StoreOptions};
use yonin_tests::*;

/// A server on a store whose disk the test can fill, with Ann and Bob in a started standard game.
async fn game_on_faulty_disk(
    dir: &TempDir,
) -> (RunningServer, Arc<Store>, Faults, TestClient, TestClient) {
    let (store, faults) =
        Store::open_with_faults(dir.path(), StoreOptions::default()).expect("the store opens");
    let store = Arc::new(store);
    let server = start_server(Config {
        store: Some(store.clone()),
        ..test_config()
    })
    .await;
    let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
    let mut bob = TestClient::connect(&server, "Bob", Encoding::Bincode).await;
    let _room = start_standard(&mut ann, &mut bob, "disk").await;
    (server, store, faults, ann, bob)
}

/// The `StoreUnavailable` errors among `seen`.
fn store_errors(seen: &[ServerMessage]) -> usize {
    error_codes(seen)
        .into_iter()
        .filter(|c| *c == ErrorCode::StoreUnavailable)
        .count()
}

/// The store holds one game, finished by resignation after `plies` moves, and no game in
/// progress.
fn assert_stored_resigned(store: &Store, plies: usize) {
    let games = store.list(&GameFilter::default());
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].plies as usize, plies);
    assert_eq!(games[0].outcome.reason, EndReason::Resignation);
    assert!(
        live_plies(store).is_empty(),
        "the finished game left the journal"
    );
}

/// Plays `usi` and waits for its events, counting the `StoreUnavailable` errors on the way.
async fn move_noting(c: &mut TestClient, usi: &str, told: &mut usize) {
    let mv = yonin_core::Move::from_usi(usi).expect("a USI move");
    c.send(&ClientMessage::Game(GameRequest::Move(mv))).await;
    c.expect("our move's events", |m| {
        *told += store_errors(std::slice::from_ref(m));
        match m {
            ServerMessage::GameEvents {
                action: Action::Move { mv: played, .. },
                ..
            } => (*played == mv).then_some(()),
            _ => None,
        }
    })
    .await
}

/// Waits for the next `GameEvents`, counting the `StoreUnavailable` errors on the way.
async fn events_noting(c: &mut TestClient, told: &mut usize) {
    c.expect("the other's move", |m| {
        *told += store_errors(std::slice::from_ref(m));
        matches!(m, ServerMessage::GameEvents { .. }).then_some(())
    })
    .await
}

/// The actions the store holds of its one game in progress.
fn live_plies(store: &Store) -> Vec<usize> {
    store
        .live_games()
        .expect("the store reads")
        .iter()
        .map(|(_, _, entries)| entries.len())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_is_told_once_and_the_game_is_written_whole_when_space_is_back() {
    bounded(Duration::from_secs(60), async {
        let dir = TempDir::new("disk-full");
        let (server, store, faults, mut ann, mut bob) = game_on_faulty_disk(&dir).await;
        ann.play("7g7f").await;
        bob.wait_turn_or_end().await;
        assert_eq!(
            live_plies(&store),
            vec![1],
            "each move is written before it is told"
        );

        // The disk fills: the game goes on, and both players are told once, in words.
        faults.set_disk_full(true);
        let (mut ann_told, mut bob_told) = (0, 0);
        move_noting(&mut bob, "3c3d", &mut bob_told).await;
        events_noting(&mut ann, &mut ann_told).await;
        move_noting(&mut ann, "2g2f", &mut ann_told).await;
        events_noting(&mut bob, &mut bob_told).await;
        ann_told += store_errors(&ann.drain_for(Duration::from_millis(300)).await);
        bob_told += store_errors(&bob.drain_for(Duration::from_millis(300)).await);
        assert_eq!((ann_told, bob_told), (1, 1), "told once each");
        assert!(faults.injected() > 0, "the fault was hit");

        // Space is back: the next move writes every action the store missed, in order.
        faults.set_disk_full(false);
        bob.play("8c8d").await;
        ann.wait_turn_or_end().await;
        assert_eq!(live_plies(&store), vec![4], "no gap is left in the game");

        ann.send(&ClientMessage::Game(GameRequest::Resign)).await;
        for c in [&mut ann, &mut bob] {
            c.expect("GameOver", |m| {
                matches!(m, ServerMessage::GameOver { .. }).then_some(())
            })
            .await;
        }
        assert_stored_resigned(&store, 4);
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_the_disk_refused_is_stored_when_space_is_back() {
    bounded(Duration::from_secs(60), async {
        let dir = TempDir::new("disk-finish");
        let (server, store, faults, mut ann, mut bob) = game_on_faulty_disk(&dir).await;
        ann.play("7g7f").await;
        bob.wait_turn_or_end().await;
        faults.set_disk_full(true);
        bob.send(&ClientMessage::Game(GameRequest::Resign)).await;
        // The result is announced all the same, with the reason it was not saved beside it
        // (and nothing before it: the game does not "go on").
        for c in [&mut ann, &mut bob] {
            let mut before = 0;
            c.expect("GameOver", |m| {
                before += store_errors(std::slice::from_ref(m));
                matches!(m, ServerMessage::GameOver { .. }).then_some(())
            })
            .await;
            assert_eq!(before, 0, "no word of the store before the result");
            let (code, text) = c.expect_error().await;
            assert_eq!(code, ErrorCode::StoreUnavailable);
            assert!(text.contains("save its record yourself"), "{text}");
        }
        assert!(store.list(&GameFilter::default()).is_empty());
        // A retry fails while the disk is still full: the players are not told again.
        tokio::time::sleep(Duration::from_millis(5_500)).await;
        assert_eq!(
            store_errors(&ann.drain_for(Duration::from_millis(200)).await),
            0
        );

        // Space is back: the room tries again by itself, within its retry period.
        faults.set_disk_full(false);
        let until = tokio::time::Instant::now() + Duration::from_secs(15);
        while store.list(&GameFilter::default()).is_empty() {
            assert!(
                tokio::time::Instant::now() < until,
                "the game was stored again"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_stored_resigned(&store, 1);
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_end_reached_only_the_journal_is_stored_on_restart() {
    bounded(Duration::from_secs(60), async {
        let dir = TempDir::new("disk-restart");
        let (server, store, _faults, mut ann, mut bob) = game_on_faulty_disk(&dir).await;
        ann.play("7g7f").await;
        bob.wait_turn_or_end().await;
        // The server stops with the game in progress, which stays in the journal.
        drop((ann, bob));
        server.shutdown().await.unwrap();
        let live = store.live_games().expect("the store reads");
        assert_eq!(live.len(), 1);
        let (id, _, entries) = &live[0];
        // Its last action ended it, but the finished game was never written (a server that
        // died between the two writes): the resignation is in the journal only.
        let resign = LiveEntry {
            action: Action::Resign { seat: Seat::North },
            ..entries[0].clone()
        };
        store
            .journal()
            .append(*id, 1, resign)
            .await
            .expect("written");

        // A new server on the store stores it as finished instead of carrying it on.
        let server = start_server(Config {
            store: Some(store.clone()),
            ..test_config()
        })
        .await;
        let mut carol = TestClient::connect(&server, "Carol", Encoding::Json).await;
        carol.send(&ClientMessage::ListRooms).await;
        let rooms = carol
            .expect("RoomList", |m| match m {
                ServerMessage::RoomList { rooms } => Some(rooms.len()),
                _ => None,
            })
            .await;
        assert_eq!(rooms, 0, "no room carries an ended game on");
        assert_stored_resigned(&store, 1);
        server.shutdown().await.unwrap();
    })
    .await;
}
