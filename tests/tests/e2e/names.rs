use std::sync::Arc;
use std::time::Duration;
use yonin_core::protocol::{ClientMessage, Encoding, GameRequest, Occupant, ServerMessage};
use yonin_core::record::stored::{GameFilter, StoredPlayer};
use yonin_core::Seat;
use yonin_server::store::Store;
use yonin_tests::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forfeited_seat_keeps_its_persons_name() {
    bounded(Duration::from_secs(60), async {
        let dir = TempDir::new("names");
        let store = Arc::new(Store::open(dir.path()).expect("the store opens"));
        let server = start_server(Config {
            grace: Duration::from_millis(200),
            store: Some(store.clone()),
            ..test_config()
        })
        .await;
        let mut ann = TestClient::connect(&server, "Alice", Encoding::Json).await;
        let mut bob = TestClient::connect(&server, "Bob", Encoding::Json).await;
        let _room = start_standard(&mut ann, &mut bob, "names").await;
        ann.play("7g7f").await;
        drop(bob);
        // Bob's grace runs out, a bot stands in, and Alice claims the win.
        ann.expect("BotTookOver", |m| {
            matches!(
                m,
                ServerMessage::BotTookOver {
                    seat: Seat::North,
                    ..
                }
            )
            .then_some(())
        })
        .await;
        ann.send(&ClientMessage::Game(GameRequest::ClaimWin)).await;
        ann.expect("GameOver", |m| {
            matches!(m, ServerMessage::GameOver { .. }).then_some(())
        })
        .await;
        // The room's state after the result still names Bob, with the stand-in.
        let north = ann
            .expect("RoomState", |m| match m {
                ServerMessage::RoomState(s) => {
                    s.seats.iter().find(|i| i.seat == Seat::North).cloned()
                }
                _ => None,
            })
            .await;
        assert!(
            matches!(&north.occupant, Occupant::Person(p) if p.name == "Bob"),
            "{north:?}"
        );
        assert!(north.stand_in.is_some(), "{north:?}");
        // And so does the stored game.
        let games = store.list(&GameFilter::default());
        let game = store.get(games[0].id).expect("stored");
        let seat = game
            .seats
            .iter()
            .find(|s| s.seat == Seat::North)
            .expect("North");
        assert_eq!(seat.player, StoredPlayer::Person { name: "Bob".into() });
        assert!(seat.stand_in.is_some());
        server.shutdown().await.unwrap();
    })
    .await;
}
