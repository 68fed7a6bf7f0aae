use std::time::Duration;
use yonin_core::protocol::{
    ClientMessage, Encoding, ErrorCode, GameRequest, RoomSettings, ServerMessage,
};
use yonin_core::{EndReason, GameError, IllegalMove, Move, RuleSet, Seat};
use yonin_tests::*;

/// ```text
///   9 8 7 6 5 4 3 2 1
///   . . . . k . . . .  a      Sente (South) has G and P in hand.
///   . . . . . . . . .  b      5d5c, 1c1d, then P*5e is nifu,
///   . . . . . . . . p  c      and G*5b is mate: the gold is
///   . . . . P . . . .  d      guarded by the pawn on 5c.
///   . . . . . . . . .  e
///   …
///   . . . . K . . . .  i
/// ```
const MATE_IN_TWO: &str = "4k4/9/8p/4P4/9/9/9/9/4K4 b GP 1";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_to_checkmate_in_both_encodings() {
    bounded(Duration::from_secs(20), async {
        let server = start_server(test_config()).await;
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
        let mut bob = TestClient::connect(&server, "Bob", Encoding::Bincode).await;
        let mut cat = TestClient::connect(&server, "Cat", Encoding::Json).await;
        let settings = RoomSettings {
            start_position: Some(MATE_IN_TWO.into()),
            ..RoomSettings::new("mate", RuleSet::standard())
        };
        let room = ann.create_room(settings).await;
        assert_eq!(ann.seat, Some(Seat::South));
        assert_eq!(bob.join(room.id, None, None).await, Seat::North);
        cat.send(&ClientMessage::Spectate {
            room: room.id,
            code: None,
        })
        .await;
        ann.send(&ClientMessage::Start).await;
        for c in [&mut ann, &mut bob, &mut cat] {
            let state = c.expect_game_started().await;
            assert_eq!(state.start, MATE_IN_TWO);
        }
        assert_eq!(cat.seat, None);

        // Out of turn: North tries to move first.
        bob.send(&ClientMessage::Game(GameRequest::Move(
            Move::from_usi("1c1d").unwrap(),
        )))
        .await;
        let reason = bob
            .expect("GameRefused", |m| match m {
                ServerMessage::GameRefused { code, .. } => Some(*code),
                _ => None,
            })
            .await;
        assert_eq!(
            reason,
            ErrorCode::Rules(GameError::NotYourTurn(Seat::North))
        );
        // A spectator cannot act for anyone.
        cat.send(&ClientMessage::Game(GameRequest::Move(
            Move::from_usi("5d5c").unwrap(),
        )))
        .await;
        let reason = cat
            .expect("GameRefused", |m| match m {
                ServerMessage::GameRefused { code, .. } => Some(*code),
                _ => None,
            })
            .await;
        assert_eq!(reason, ErrorCode::NotSeated);

        ann.play("5d5c").await;
        bob.wait_turn_or_end().await;
        bob.play("1c1d").await;
        ann.wait_turn_or_end().await;

        // Nifu: a second unpromoted pawn on file 5.
        ann.send(&ClientMessage::Game(GameRequest::Move(
            Move::from_usi("P*5e").unwrap(),
        )))
        .await;
        let (reason, message) = ann
            .expect("GameRefused", |m| match m {
                ServerMessage::GameRefused { code, message, .. } => Some((*code, message.clone())),
                _ => None,
            })
            .await;
        assert_eq!(
            reason,
            ErrorCode::Rules(GameError::Illegal(IllegalMove::DoublePawn))
        );
        assert!(message.contains("nifu"), "{message}");

        ann.play("G*5b").await;
        for c in [&mut ann, &mut bob, &mut cat] {
            let (outcome, record) = c
                .expect("GameOver", |m| match m {
                    ServerMessage::GameOver { outcome, record } => {
                        Some((outcome.clone(), record.clone()))
                    }
                    _ => None,
                })
                .await;
            assert_eq!(outcome.reason, EndReason::Checkmate);
            assert_eq!(outcome.winner(), Some(Seat::South));
            assert!(record.ends_with("moves 5d5c 1c1d G*5b"), "{record}");
            assert!(c.game.as_ref().unwrap().is_over(), "the mirror agrees");
        }
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resignation_from_the_start_position() {
    bounded(Duration::from_secs(20), async {
        let server = start_server(test_config()).await;
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Bincode).await;
        let mut bob = TestClient::connect(&server, "Bob", Encoding::Json).await;
        let _room = start_standard(&mut ann, &mut bob, "even").await;
        ann.play("7g7f").await;
        bob.wait_turn_or_end().await;
        bob.play("3c3d").await;
        ann.wait_turn_or_end().await;
        ann.play("8h2b+").await;
        bob.wait_turn_or_end().await;
        bob.send(&ClientMessage::Game(GameRequest::Resign)).await;
        let (outcome, record) = ann
            .expect("GameOver", |m| match m {
                ServerMessage::GameOver { outcome, record } => {
                    Some((outcome.clone(), record.clone()))
                }
                _ => None,
            })
            .await;
        assert_eq!(outcome.reason, EndReason::Resignation);
        assert_eq!(outcome.winner(), Some(Seat::South));
        assert_eq!(record, "position startpos moves 7g7f 3c3d 8h2b+");
        server.shutdown().await.unwrap();
    })
    .await;
}
