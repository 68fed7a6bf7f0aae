use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use yonin_core::protocol::{
    ClientMessage, Encoding, ErrorCode, GameRequest, RoomSettings, ServerMessage,
};
use yonin_core::record::stored::{GameFilter, StoredPlayer};
use yonin_core::record::RecordFormat;
use yonin_core::{EndReason, RuleSet, Seat, Variant};
use yonin_server::discovery::DiscoveredServer;
use yonin_server::discovery::{BeaconConfig, Listener};
use yonin_server::store::Store;
use yonin_tests::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_stored_before_its_result_is_announced() {
    bounded(Duration::from_secs(30), async {
        let dir = TempDir::new("store");
        let store = Arc::new(Store::open(dir.path()).unwrap());
        let server = start_server(Config {
            store: Some(store.clone()),
            ..test_config()
        })
        .await;
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
        let mut bob = TestClient::connect(&server, "Bob", Encoding::Bincode).await;
        let _room = start_standard(&mut ann, &mut bob, "stored").await;
        ann.play("7g7f").await;
        bob.wait_turn_or_end().await;
        bob.play("3c3d").await;
        ann.wait_turn_or_end().await;
        ann.send(&ClientMessage::Game(GameRequest::Resign)).await;
        for c in [&mut ann, &mut bob] {
            let outcome = c
                .expect("GameOver", |m| match m {
                    ServerMessage::GameOver { outcome, .. } => Some(outcome.clone()),
                    _ => None,
                })
                .await;
            assert_eq!(outcome.reason, EndReason::Resignation);
            // The result is heard only once the game is on the disk.
            let listed = store.list(&GameFilter::default());
            assert_eq!(listed.len(), 1);
            assert_eq!(listed[0].outcome, outcome);
        }

        // Over the wire: list with filters, fetch, export in every format, import.
        ann.send(&ClientMessage::ListGames {
            filter: GameFilter {
                player: Some("bob".into()),
                variant: Some(Variant::Standard),
                limit: 10,
                before: None,
            },
        })
        .await;
        let games = ann
            .expect("GameList", |m| match m {
                ServerMessage::GameList { games } => Some(games.clone()),
                _ => None,
            })
            .await;
        assert_eq!(games.len(), 1);
        let id = games[0].id;
        assert_eq!(games[0].plies, 2);
        assert_eq!(
            games[0].seats[1].player,
            StoredPlayer::Person { name: "Bob".into() }
        );
        ann.send(&ClientMessage::ListGames {
            filter: GameFilter {
                variant: Some(Variant::Yonin),
                ..GameFilter::default()
            },
        })
        .await;
        let empty = ann
            .expect("empty GameList", |m| match m {
                ServerMessage::GameList { games } => Some(games.is_empty()),
                _ => None,
            })
            .await;
        assert!(empty);

        bob.send(&ClientMessage::GetGame { id }).await;
        let game = bob
            .expect("StoredGame", |m| match m {
                ServerMessage::StoredGame { game, .. } => Some(game.clone()),
                _ => None,
            })
            .await;
        assert_eq!(game.actions.len(), 3);
        assert_eq!(game.replay().unwrap().outcome(), Some(&game.outcome));

        let mut texts = Vec::new();
        for format in RecordFormat::ALL {
            ann.send(&ClientMessage::ExportGame { id, format }).await;
            let text = ann
                .expect("GameExport", |m| match m {
                    ServerMessage::GameExport { text, .. } => Some(text.clone()),
                    ServerMessage::Error { message, .. } => panic!("{format}: {message}"),
                    _ => None,
                })
                .await;
            texts.push((format, text));
        }
        assert!(texts[0].1.contains("投了"), "{}", texts[0].1);
        assert_eq!(texts[3].1, "position startpos moves 7g7f 3c3d\n");

        let kif = texts[0].1.clone();
        bob.send(&ClientMessage::ImportRecord {
            text: kif,
            format: None,
        })
        .await;
        let summary = bob
            .expect("GameImported", |m| match m {
                ServerMessage::GameImported { summary } => Some(summary.clone()),
                ServerMessage::Error { message, .. } => panic!("import: {message}"),
                _ => None,
            })
            .await;
        assert!(summary.imported);
        assert_eq!(summary.plies, 2);
        assert_eq!(summary.outcome.reason, EndReason::Resignation);
        assert_eq!(summary.outcome.places[0], vec![Seat::North]);
        assert_eq!(store.len().unwrap(), 2);

        // Bad requests get clear errors.
        bob.send(&ClientMessage::GetGame {
            id: yonin_core::record::stored::GameId(999),
        })
        .await;
        assert_eq!(bob.expect_error().await.0, ErrorCode::NoSuchGame);
        bob.send(&ClientMessage::ImportRecord {
            text: "position startpos moves 7g7f 7g7f".into(),
            format: None,
        })
        .await;
        let (code, message) = bob.expect_error().await;
        assert_eq!(code, ErrorCode::BadRecord);
        assert!(message.contains("illegal"), "{message}");
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_without_a_store_says_so() {
    bounded(Duration::from_secs(20), async {
        let server = start_server(test_config()).await;
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
        ann.send(&ClientMessage::ListGames {
            filter: GameFilter::default(),
        })
        .await;
        assert_eq!(ann.expect_error().await.0, ErrorCode::StoreUnavailable);
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_beacon_lists_open_rooms_on_loopback() {
    bounded(Duration::from_secs(30), async {
        // Loopback only: the listener binds 127.0.0.1 and the beacon goes to it.
        let listener = Listener::bind_with_expiry(
            "127.0.0.1:0".parse::<SocketAddr>().unwrap(),
            Duration::from_millis(800),
        )
        .await
        .unwrap();
        let server = start_server(Config {
            beacon: Some(BeaconConfig {
                destination: listener.local_addr(),
                interval: Duration::from_millis(100),
            }),
            ..test_config()
        })
        .await;
        until(&listener, |s| s.len() == 1 && s[0].addr == server.addr).await;
        assert_eq!(listener.servers()[0].name, "test");
        assert_eq!(listener.servers()[0].rooms, 0);

        let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
        ann.create_room(RoomSettings::new("come play", RuleSet::yonin()))
            .await;
        until(&listener, |s| {
            s.len() == 1 && s[0].open.len() == 1 && s[0].open[0].open_seats == 3
        })
        .await;
        assert_eq!(listener.servers()[0].open[0].name, "come play");

        // Stopped, the server falls silent and is forgotten.
        server.shutdown().await.unwrap();
        until(&listener, |s| s.is_empty()).await;
    })
    .await;
}

/// Waits until the listener's servers pass `check` (at most 10 s).
async fn until(listener: &Listener, check: impl Fn(&[DiscoveredServer]) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !check(&listener.servers()) {
        assert!(
            Instant::now() < deadline,
            "not heard as expected: {:?}",
            listener.servers()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
