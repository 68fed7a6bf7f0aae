use std::sync::Arc;
use std::time::Duration;
use yonin_core::protocol::{ClientMessage, Encoding, ErrorCode, RoomSettings, ServerMessage};
use yonin_core::record::stored::{GameFilter, GameId};
use yonin_core::{RuleSet, Seat};
use yonin_server::store::Store;
use yonin_tests::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seat_tokens_are_retired_when_their_seats_are_left() {
    bounded(Duration::from_secs(60), async {
        let server = start_server(test_config()).await;
        let mut host = TestClient::connect(&server, "Host", Encoding::Json).await;
        let room = host
            .create_room(RoomSettings::new("cycles", RuleSet::standard()))
            .await;
        let mut guest = TestClient::connect(&server, "Guest", Encoding::Bincode).await;
        for _ in 0..25 {
            guest.join(room.id, Some(Seat::North), None).await;
            guest.send(&ClientMessage::Leave).await;
            guest
                .expect("LeftRoom", |m| {
                    matches!(m, ServerMessage::LeftRoom { .. }).then_some(())
                })
                .await;
        }
        // The room tells the lobby after each command; give the last one a moment.
        let until = tokio::time::Instant::now() + Duration::from_secs(5);
        while server.stats().tokens() != 1 && tokio::time::Instant::now() < until {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(
            server.stats().tokens(),
            1,
            "only the host's seat token is left"
        );
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_plays_one_seat_of_a_room() {
    bounded(Duration::from_secs(60), async {
        let server = start_server(test_config()).await;
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
        let room = ann
            .create_room(RoomSettings::new("two seats", RuleSet::standard()))
            .await;
        let ann_token = ann.token.expect("the host holds a seat");
        let mut bob = TestClient::connect(&server, "Bob", Encoding::Json).await;
        bob.join(room.id, Some(Seat::North), None).await;
        ann.send(&ClientMessage::Start).await;
        ann.expect_game_started().await;
        bob.expect_game_started().await;
        // Bob's connection presents Ann's token too: refused, and Ann's seat stays hers.
        bob.send(&ClientMessage::Resume { token: ann_token }).await;
        let (code, _) = bob.expect_error().await;
        assert_eq!(code, ErrorCode::AlreadyInRoom);
        ann.play("7g7f").await;
        bob.wait_turn_or_end().await;
        bob.play("3c3d").await;
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_messages_over_256_kib_reach_the_client() {
    bounded(Duration::from_secs(60), async {
        let dir = TempDir::new("big-message");
        let store = Arc::new(Store::open(dir.path()).expect("the store opens"));
        let game = super::slow::bulky_game(600);
        let size = yonin_core::protocol::to_json(&game).expect("encodes").len();
        assert!(size > 256 * 1024 && size < 1024 * 1024, "{size} bytes");
        let id = store.save(&game).expect("saved");
        let server = start_server(Config {
            store: Some(store),
            ..test_config()
        })
        .await;
        for encoding in [Encoding::Json, Encoding::Bincode] {
            let mut c = TestClient::connect(&server, "Reader", encoding).await;
            c.send(&ClientMessage::GetGame { id }).await;
            let got = c
                .expect("StoredGame", |m| match m {
                    ServerMessage::StoredGame { game, .. } => Some(game.actions.len()),
                    ServerMessage::Error { message, .. } => panic!("refused: {message}"),
                    _ => None,
                })
                .await;
            assert_eq!(got, game.actions.len());
        }
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_import_that_once_panicked_is_refused_and_frees_the_room() {
    bounded(Duration::from_secs(60), async {
        let dir = TempDir::new("import-panic");
        let store = Arc::new(Store::open(dir.path()).expect("the store opens"));
        let server = start_server(Config {
            store: Some(store),
            grace: Duration::from_millis(200),
            ..test_config()
        })
        .await;
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
        ann.create_room(RoomSettings::new("import", RuleSet::standard()))
            .await;
        // A byte slice through 'é' used to panic the connection and leak its room.
        for text in ["+aaa\u{e9}12\n", "+\u{e9}", "PI\u{e9}"] {
            ann.send(&ClientMessage::ImportRecord {
                text: text.into(),
                format: None,
            })
            .await;
            let (code, _) = ann.expect_error().await;
            assert_eq!(code, ErrorCode::BadRecord, "{text:?}");
        }
        // The connection is alive, and once it goes its room goes too.
        ann.send(&ClientMessage::Ping { nonce: 5 }).await;
        ann.expect("Pong", |m| {
            matches!(m, ServerMessage::Pong { nonce: 5 }).then_some(())
        })
        .await;
        drop(ann);
        let until = tokio::time::Instant::now() + Duration::from_secs(10);
        while server.stats().rooms() > 0 && tokio::time::Instant::now() < until {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(server.stats().rooms(), 0, "the room was freed");
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_list_of_two_hundred_games_comes_in_pages() {
    bounded(Duration::from_secs(60), async {
        let dir = TempDir::new("pages");
        let store = Arc::new(Store::open(dir.path()).expect("the store opens"));
        let game = super::slow::bulky_game(1);
        for _ in 0..200 {
            store.save(&game).expect("saved");
        }
        let server = start_server(Config {
            store: Some(store),
            ..test_config()
        })
        .await;
        let mut c = TestClient::connect(&server, "Reader", Encoding::Bincode).await;
        let mut seen: Vec<GameId> = Vec::new();
        let mut before = None;
        loop {
            c.send(&ClientMessage::ListGames {
                filter: GameFilter {
                    before,
                    ..GameFilter::default()
                },
            })
            .await;
            let page = c
                .expect("GameList", |m| match m {
                    ServerMessage::GameList { games } => Some(games.clone()),
                    _ => None,
                })
                .await;
            seen.extend(page.iter().map(|g| g.id));
            match page.last() {
                Some(last) if page.len() == 100 => before = Some(last.id),
                _ => break,
            }
        }
        assert_eq!(seen.len(), 200, "every game, once");
        assert!(seen.windows(2).all(|w| w[0] > w[1]), "newest first");
        server.shutdown().await.unwrap();
    })
    .await;
}
