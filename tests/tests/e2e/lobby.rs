use std::time::Duration;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use yonin_core::protocol::{
    ChatScope, ClientMessage, Encoding, ErrorCode, RoomPhase, RoomSettings, ServerMessage,
};
use yonin_core::text::MAX_CHAT_CHARS;
use yonin_core::BotLevel;
use yonin_core::{RuleSet, Seat};
use yonin_tests::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_room_list_is_live_and_chat_reaches_everyone() {
    bounded(Duration::from_secs(20), async {
        let server = start_server(test_config()).await;
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
        let mut bob = TestClient::connect(&server, "Bob", Encoding::Bincode).await;
        let room = ann
            .create_room(RoomSettings::new("open", RuleSet::standard()))
            .await;
        let summary = bob
            .expect("RoomUpdated", |m| match m {
                ServerMessage::RoomUpdated { room } => Some(room.clone()),
                _ => None,
            })
            .await;
        assert_eq!((summary.id, summary.people, summary.seats), (room.id, 1, 2));
        assert_eq!(summary.host_name, "Ann");

        bob.send(&ClientMessage::Chat {
            scope: ChatScope::Lobby,
            text: " hi all ".into(),
        })
        .await;
        let (from, text) = ann
            .expect("Chat", |m| match m {
                ServerMessage::Chat {
                    scope: ChatScope::Lobby,
                    from,
                    text,
                } => Some((from.name.clone(), text.clone())),
                _ => None,
            })
            .await;
        assert_eq!((from.as_str(), text.as_str()), ("Bob", "hi all"));
        bob.send(&ClientMessage::Chat {
            scope: ChatScope::Lobby,
            text: "x".repeat(MAX_CHAT_CHARS + 1),
        })
        .await;
        assert_eq!(bob.expect_error().await.0, ErrorCode::BadChat);
        bob.send(&ClientMessage::SetName {
            name: "Bobby".into(),
        })
        .await;
        bob.expect("NameSet", |m| {
            matches!(m, ServerMessage::NameSet { .. }).then_some(())
        })
        .await;

        // A bot fills North and the game starts: the list shows it.
        ann.send(&ClientMessage::AddBot {
            seat: Seat::North,
            level: BotLevel::Easy,
        })
        .await;
        ann.send(&ClientMessage::Chat {
            scope: ChatScope::Room,
            text: "gl".into(),
        })
        .await;
        ann.expect("room chat", |m| {
            matches!(
                m,
                ServerMessage::Chat {
                    scope: ChatScope::Room,
                    ..
                }
            )
            .then_some(())
        })
        .await;
        // Someone who comes to watch later reads what was said before.
        let mut cy = TestClient::connect(&server, "Cy", Encoding::Bincode).await;
        cy.send(&ClientMessage::Spectate {
            room: room.id,
            code: None,
        })
        .await;
        let said = cy
            .expect("ChatHistory", |m| match m {
                ServerMessage::ChatHistory { room: r, lines } if *r == room.id => {
                    Some(lines.clone())
                }
                _ => None,
            })
            .await;
        assert_eq!(said.len(), 1);
        assert_eq!(
            (said[0].from.name.as_str(), said[0].text.as_str()),
            ("Ann", "gl")
        );
        cy.send(&ClientMessage::Leave).await;
        cy.expect("LeftRoom", |m| {
            matches!(m, ServerMessage::LeftRoom { .. }).then_some(())
        })
        .await;
        ann.send(&ClientMessage::Start).await;
        bob.expect("RoomUpdated (playing)", |m| match m {
            ServerMessage::RoomUpdated { room } if room.phase == RoomPhase::Playing => {
                assert_eq!(room.bots, 1);
                Some(())
            }
            _ => None,
        })
        .await;

        // The only person leaves: the room closes and leaves the list.
        ann.send(&ClientMessage::Leave).await;
        let gone = bob
            .expect("RoomRemoved", |m| match m {
                ServerMessage::RoomRemoved { room } => Some(*room),
                _ => None,
            })
            .await;
        assert_eq!(gone, room.id);
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_tells_every_client_and_closes() {
    bounded(Duration::from_secs(20), async {
        let server = start_server(test_config()).await;
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
        let mut bob = TestClient::connect(&server, "Bob", Encoding::Bincode).await;
        let room = ann
            .create_room(RoomSettings::new("r", RuleSet::standard()))
            .await;
        bob.join(room.id, None, None).await;
        ann.send(&ClientMessage::Start).await;
        ann.expect_game_started().await;
        let stopping = tokio::spawn(server.shutdown());
        for c in [&mut ann, &mut bob] {
            let (code, seen) = read_until_close(&mut c.ws).await;
            assert_eq!(code, Some(CloseCode::Away));
            assert!(
                seen.iter()
                    .any(|m| matches!(m, ServerMessage::ServerShutdown { .. })),
                "{seen:?}"
            );
        }
        tokio::time::timeout(Duration::from_secs(5), stopping)
            .await
            .expect("shutdown finishes in time")
            .unwrap()
            .unwrap();
    })
    .await;
}
