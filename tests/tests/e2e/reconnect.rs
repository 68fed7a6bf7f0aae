use std::time::Duration;
use yonin_core::protocol::{
    ClientMessage, Encoding, ErrorCode, GameRequest, Occupant, RoomSettings, ServerMessage,
};
use yonin_core::{EndReason, GameError, RuleSet, Seat};
use yonin_tests::*;

/// Ann (South) and Bob (North) start a standard game with the given grace period.
async fn game_with_grace(server: &RunningServer, grace_ms: u64) -> (TestClient, TestClient) {
    let mut ann = TestClient::connect(server, "Ann", Encoding::Json).await;
    let mut bob = TestClient::connect(server, "Bob", Encoding::Bincode).await;
    let settings = RoomSettings {
        grace_ms: Some(grace_ms),
        ..RoomSettings::new("reconnect", RuleSet::standard())
    };
    let room = ann.create_room(settings).await;
    bob.join(room.id, Some(Seat::North), None).await;
    ann.send(&ClientMessage::Start).await;
    ann.expect_game_started().await;
    bob.expect_game_started().await;
    ann.play("7g7f").await;
    bob.wait_turn_or_end().await;
    (ann, bob)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_player_resumes_inside_the_grace_period() {
    bounded(Duration::from_secs(20), async {
        let server = start_server(test_config()).await;
        let (ann, mut bob) = game_with_grace(&server, 30_000).await;
        let token = ann.token.expect("Ann holds a token");
        drop(ann); // The connection drops without a goodbye.
        let (seat, grace_ms) = bob
            .expect("SeatDisconnected", |m| match m {
                ServerMessage::SeatDisconnected { seat, grace_ms } => Some((*seat, *grace_ms)),
                _ => None,
            })
            .await;
        assert_eq!(seat, Seat::South);
        assert!(grace_ms > 1_000 && grace_ms <= 30_000);
        // Bob's move while Ann is away is fine.
        bob.play("3c3d").await;

        let mut ann =
            TestClient::connect_resuming(&server, "Ann", Encoding::Bincode, Some(token)).await;
        let state = ann.expect_game_started().await;
        assert_eq!(state.you, Some(Seat::South));
        assert_eq!(state.token, Some(token));
        assert_eq!(state.actions.len(), 2, "both moves are in the state");
        assert_eq!(ann.game.as_ref().unwrap().to_move(), Seat::South);
        bob.expect("SeatReconnected", |m| {
            matches!(m, ServerMessage::SeatReconnected { seat: Seat::South }).then_some(())
        })
        .await;
        ann.play("2g2f").await;
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_the_grace_period_a_bot_plays_and_the_win_may_be_claimed() {
    bounded(Duration::from_secs(20), async {
        let server = start_server(test_config()).await;
        let (mut ann, bob) = game_with_grace(&server, 300).await;
        // Bob drops on his own turn; a bot takes North after 300 ms and moves.
        let token = bob.token.expect("Bob holds a token");
        drop(bob);
        let claimable = ann
            .expect("BotTookOver", |m| match m {
                ServerMessage::BotTookOver {
                    seat: Seat::North,
                    claimable,
                    ..
                } => Some(*claimable),
                _ => None,
            })
            .await;
        assert!(claimable);
        assert!(
            ann.wait_turn_or_end().await,
            "the stand-in bot moved for North"
        );
        assert_eq!(ann.game.as_ref().unwrap().moves().len(), 2);

        // Bob reclaims the seat with his token: the claim is gone.
        let mut bob =
            TestClient::connect_resuming(&server, "Bob", Encoding::Json, Some(token)).await;
        let state = bob.expect_game_started().await;
        assert_eq!(state.you, Some(Seat::North));
        let north = state.seats.iter().find(|s| s.seat == Seat::North).unwrap();
        assert_eq!(north.stand_in, None);
        assert!(matches!(north.occupant, Occupant::Person(_)));
        ann.expect("SeatReconnected", |m| {
            matches!(m, ServerMessage::SeatReconnected { seat: Seat::North }).then_some(())
        })
        .await;
        ann.send(&ClientMessage::Game(GameRequest::ClaimWin)).await;
        let reason = ann
            .expect("GameRefused", |m| match m {
                ServerMessage::GameRefused { code, .. } => Some(*code),
                _ => None,
            })
            .await;
        assert_eq!(reason, ErrorCode::Rules(GameError::NothingToClaim));

        // Bob leaves for good: a bot stands in at once, and Ann claims the win.
        bob.send(&ClientMessage::Leave).await;
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
        let outcome = ann
            .expect("GameOver", |m| match m {
                ServerMessage::GameOver { outcome, .. } => Some(outcome.clone()),
                _ => None,
            })
            .await;
        assert_eq!(outcome.reason, EndReason::Forfeit);
        assert_eq!(outcome.winner(), Some(Seat::South));
        server.shutdown().await.unwrap();
    })
    .await;
}
