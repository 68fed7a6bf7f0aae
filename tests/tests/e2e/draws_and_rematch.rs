use std::time::Duration;
use yonin_core::impasse::ImpasseRefusal;
use yonin_core::protocol::{ClientMessage, Encoding, ErrorCode, GameRequest, ServerMessage};
use yonin_core::{EndReason, GameError, Seat};
use yonin_tests::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draw_offers_impasse_refusal_and_a_rematch_with_seats_rotated() {
    bounded(Duration::from_secs(20), async {
        let server = start_server(test_config()).await;
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
        let mut bob = TestClient::connect(&server, "Bob", Encoding::Bincode).await;
        let _room = start_standard(&mut ann, &mut bob, "draw").await;

        // An impasse declaration at the start is refused with its reason.
        ann.send(&ClientMessage::Game(GameRequest::DeclareImpasse))
            .await;
        let reason = ann
            .expect("GameRefused", |m| match m {
                ServerMessage::GameRefused { code, .. } => Some(*code),
                _ => None,
            })
            .await;
        assert_eq!(
            reason,
            ErrorCode::Rules(GameError::Impasse(ImpasseRefusal::KingNotInZone))
        );

        // Nothing to accept before an offer, nor for the one who made it.
        bob.send(&ClientMessage::Game(GameRequest::AcceptDraw))
            .await;
        let reason = bob
            .expect("GameRefused", |m| match m {
                ServerMessage::GameRefused { code, .. } => Some(*code),
                _ => None,
            })
            .await;
        assert_eq!(reason, ErrorCode::Rules(GameError::NoDrawOffer));
        ann.send(&ClientMessage::Game(GameRequest::OfferDraw)).await;
        bob.expect("DrawOffered", |m| {
            matches!(m, ServerMessage::DrawOffered { by: Seat::South }).then_some(())
        })
        .await;
        ann.send(&ClientMessage::Game(GameRequest::AcceptDraw))
            .await;
        let reason = ann
            .expect("GameRefused", |m| match m {
                ServerMessage::GameRefused { code, .. } => Some(*code),
                _ => None,
            })
            .await;
        assert_eq!(reason, ErrorCode::Rules(GameError::NoDrawOffer));
        bob.send(&ClientMessage::Game(GameRequest::DeclineDraw))
            .await;
        ann.expect("DrawDeclined", |m| {
            matches!(m, ServerMessage::DrawDeclined { by: Seat::North }).then_some(())
        })
        .await;
        ann.send(&ClientMessage::Game(GameRequest::OfferDraw)).await;
        bob.expect("DrawOffered", |m| {
            matches!(m, ServerMessage::DrawOffered { .. }).then_some(())
        })
        .await;
        bob.send(&ClientMessage::Game(GameRequest::AcceptDraw))
            .await;
        let outcome = ann
            .expect("GameOver", |m| match m {
                ServerMessage::GameOver { outcome, .. } => Some(outcome.clone()),
                _ => None,
            })
            .await;
        assert_eq!(outcome.reason, EndReason::Agreement);
        assert!(outcome.is_draw());

        // Both ask for a rematch: the seats rotate.
        ann.send(&ClientMessage::Game(GameRequest::Rematch)).await;
        bob.send(&ClientMessage::Game(GameRequest::Rematch)).await;
        let a = ann.expect_game_started().await;
        let b = bob.expect_game_started().await;
        assert_eq!((a.you, b.you), (Some(Seat::North), Some(Seat::South)));
        assert!(a.actions.is_empty() && a.outcome.is_none());
        bob.play("7g7f").await;
        server.shutdown().await.unwrap();
    })
    .await;
}
