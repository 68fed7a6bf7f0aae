use futures::SinkExt;
use std::time::Duration;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;
use yonin_core::protocol::{
    self, ClientMessage, Encoding, ErrorCode, GameRequest, LeaveReason, ResumeToken, RoomSettings,
    ServerMessage,
};
use yonin_core::BotLevel;
use yonin_core::{RuleSet, Seat};
use yonin_tests::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_token_gets_no_seat() {
    bounded(Duration::from_secs(20), async {
        let server = start_server(test_config()).await;
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
        let room = ann
            .create_room(RoomSettings::new("r", RuleSet::standard()))
            .await;
        let real = ann.token.unwrap();
        let forged = ResumeToken(real.0 ^ 1);
        let mut eve =
            TestClient::connect_resuming(&server, "Eve", Encoding::Json, Some(forged)).await;
        assert_eq!(eve.expect_error().await.0, ErrorCode::BadToken);
        eve.send(&ClientMessage::Resume { token: forged }).await;
        assert_eq!(eve.expect_error().await.0, ErrorCode::BadToken);
        // Eve is in no room: she cannot act there.
        eve.send(&ClientMessage::Start).await;
        assert_eq!(eve.expect_error().await.0, ErrorCode::NotInRoom);
        // Nor as a spectator of it.
        eve.send(&ClientMessage::Spectate {
            room: room.id,
            code: None,
        })
        .await;
        eve.expect("RoomState", |m| {
            matches!(m, ServerMessage::RoomState(_)).then_some(())
        })
        .await;
        eve.send(&ClientMessage::AddBot {
            seat: Seat::North,
            level: BotLevel::Easy,
        })
        .await;
        assert_eq!(eve.expect_error().await.0, ErrorCode::NotHost);
        eve.send(&ClientMessage::Game(GameRequest::Resign)).await;
        let refused = eve
            .expect("GameRefused", |m| match m {
                ServerMessage::GameRefused { code, .. } => Some(*code),
                _ => None,
            })
            .await;
        assert_eq!(refused, ErrorCode::NotSeated);
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn version_mismatch_and_hello_first_close_the_connection() {
    bounded(Duration::from_secs(20), async {
        let server = start_server(test_config()).await;
        let mut ws = connect_raw(&server).await;
        let hello = ClientMessage::Hello {
            version: protocol::PROTOCOL_VERSION + 1,
            name: "Old".into(),
            resume: None,
        };
        ws.send(Message::Text(protocol::to_json(&hello).unwrap().into()))
            .await
            .unwrap();
        let (code, seen) = read_until_close(&mut ws).await;
        assert_eq!(code, Some(CloseCode::Protocol));
        assert!(matches!(
            seen.as_slice(),
            [ServerMessage::Error {
                code: ErrorCode::VersionMismatch,
                ..
            }]
        ));

        let mut ws = connect_raw(&server).await;
        let list = protocol::to_bincode(&ClientMessage::ListRooms).unwrap();
        ws.send(Message::Binary(list.into())).await.unwrap();
        let (code, seen) = read_until_close(&mut ws).await;
        assert_eq!(code, Some(CloseCode::Protocol));
        assert!(matches!(
            seen.as_slice(),
            [ServerMessage::Error {
                code: ErrorCode::HelloFirst,
                ..
            }]
        ));

        let mut ws = connect_raw(&server).await;
        let hello = ClientMessage::Hello {
            version: protocol::PROTOCOL_VERSION,
            name: "   ".into(),
            resume: None,
        };
        ws.send(Message::Text(protocol::to_json(&hello).unwrap().into()))
            .await
            .unwrap();
        let (code, seen) = read_until_close(&mut ws).await;
        assert_eq!(code, Some(CloseCode::Policy));
        assert!(matches!(
            seen.as_slice(),
            [ServerMessage::Error {
                code: ErrorCode::BadName,
                ..
            }]
        ));
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_rooms_need_their_code_and_hosts_rule_their_rooms() {
    bounded(Duration::from_secs(20), async {
        let server = start_server(test_config()).await;
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
        let mut bob = TestClient::connect(&server, "Bob", Encoding::Bincode).await;
        let settings = RoomSettings {
            private: true,
            ..RoomSettings::new("private", RuleSet::yonin())
        };
        let room = ann.create_room(settings).await;
        let code = room.join_code.clone().expect("a private room has a code");
        bob.send(&ClientMessage::Join {
            room: room.id,
            seat: None,
            code: None,
        })
        .await;
        assert_eq!(bob.expect_error().await.0, ErrorCode::WrongJoinCode);
        bob.send(&ClientMessage::Join {
            room: room.id,
            seat: Some(Seat::South),
            code: Some(code.clone()),
        })
        .await;
        assert_eq!(bob.expect_error().await.0, ErrorCode::SeatTaken);
        assert_eq!(bob.join(room.id, None, Some(code)).await, Seat::West);
        bob.send(&ClientMessage::Start).await;
        assert_eq!(bob.expect_error().await.0, ErrorCode::NotHost);
        ann.send(&ClientMessage::Start).await;
        assert_eq!(
            ann.expect_error().await.0,
            ErrorCode::NotAllowed,
            "empty seats"
        );
        ann.send(&ClientMessage::Kick {
            player: bob.player_id,
        })
        .await;
        let reason = bob
            .expect("LeftRoom", |m| match m {
                ServerMessage::LeftRoom { reason, .. } => Some(*reason),
                _ => None,
            })
            .await;
        assert_eq!(reason, LeaveReason::Kicked);
        bob.send(&ClientMessage::Start).await;
        assert_eq!(bob.expect_error().await.0, ErrorCode::NotInRoom);
        server.shutdown().await.unwrap();
    })
    .await;
}
