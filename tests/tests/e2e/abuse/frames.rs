use futures::SinkExt;
use std::time::Duration;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;
use yonin_core::protocol::{
    self, ClientMessage, Encoding, ErrorCode, ServerMessage, MAX_MESSAGE_BYTES,
};
use yonin_tests::*;

/// A raw connection that has said hello (and read nothing yet).
async fn hello_raw(server: &RunningServer, name: &str) -> RawWs {
    let mut ws = connect_raw(server).await;
    yonin_tests::hello_raw(&mut ws, name).await;
    ws
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_closes_only_the_offender() {
    bounded(Duration::from_secs(30), async {
        let server = start_server(test_config()).await;
        // A game in another room, played through all of it.
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
        let mut bob = TestClient::connect(&server, "Bob", Encoding::Bincode).await;
        let _room = start_standard(&mut ann, &mut bob, "calm").await;
        ann.play("7g7f").await;

        // Malformed frames: each answered, then the connection is closed (1007).
        let mut ws = hello_raw(&server, "Mal").await;
        for junk in [
            "{",
            "null",
            "{\"Game\":{\"Move\":\"9z9z\"}}",
            "[1,2]",
            "\"NoSuch\"",
            "{}",
        ] {
            ws.send(Message::Text(junk.into())).await.unwrap();
        }
        let (code, seen) = read_until_close(&mut ws).await;
        assert_eq!(code, Some(CloseCode::Invalid));
        let codes = error_codes(&seen);
        assert_eq!(
            codes.iter().filter(|c| **c == ErrorCode::Malformed).count(),
            5
        );
        assert_eq!(codes.last(), Some(&ErrorCode::TooManyErrors));

        // Binary garbage counts the same.
        let mut ws = hello_raw(&server, "Bin").await;
        for _ in 0..6 {
            ws.send(Message::Binary(vec![0xff; 33].into()))
                .await
                .unwrap();
        }
        let (code, _) = read_until_close(&mut ws).await;
        assert_eq!(code, Some(CloseCode::Invalid));

        // An oversize message: closed with 1009.
        let mut ws = hello_raw(&server, "Big").await;
        ws.send(Message::Binary(vec![7u8; MAX_MESSAGE_BYTES + 1024].into()))
            .await
            .unwrap();
        let (code, _) = read_until_close(&mut ws).await;
        assert_eq!(code, Some(CloseCode::Size));

        // A flood: rate-limited, then closed with 1008.
        let mut ws = hello_raw(&server, "Flood").await;
        let ping = protocol::to_json(&ClientMessage::Ping { nonce: 1 }).unwrap();
        for _ in 0..300 {
            if ws.send(Message::Text(ping.clone().into())).await.is_err() {
                break;
            }
        }
        let (code, seen) = read_until_close(&mut ws).await;
        assert_eq!(code, Some(CloseCode::Policy));
        assert!(error_codes(&seen).contains(&ErrorCode::RateLimited));

        // The game goes on, and the server still takes newcomers.
        bob.wait_turn_or_end().await;
        bob.play("3c3d").await;
        ann.wait_turn_or_end().await;
        ann.play("2g2f").await;
        let mut cat = TestClient::connect(&server, "Cat", Encoding::Json).await;
        cat.send(&ClientMessage::ListRooms).await;
        let rooms = cat
            .expect("RoomList", |m| match m {
                ServerMessage::RoomList { rooms } => Some(rooms.clone()),
                _ => None,
            })
            .await;
        assert_eq!(rooms.len(), 1);
        server.shutdown().await.unwrap();
    })
    .await;
}
