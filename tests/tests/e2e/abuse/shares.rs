use std::net::IpAddr;
use std::time::{Duration, Instant};
use tokio::io::AsyncReadExt;
use yonin_core::protocol::{ClientMessage, Encoding, ErrorCode, RoomSettings, ServerMessage};
use yonin_core::{RuleSet, Seat};
use yonin_server::shares::ShareLimits;
use yonin_tests::*;

fn ip(last: u8) -> IpAddr {
    IpAddr::from([127, 0, 0, last])
}

/// Two people from 127.0.0.1 start a standard game and play a move each.
async fn a_game_goes_on(server: &RunningServer) {
    let mut ann = TestClient::connect(server, "Ann", Encoding::Json).await;
    let mut bob = TestClient::connect(server, "Bob", Encoding::Bincode).await;
    let _room = start_standard(&mut ann, &mut bob, "calm").await;
    ann.play("7g7f").await;
    bob.wait_turn_or_end().await;
    bob.play("3c3d").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_sockets_from_one_address_do_not_lock_out_another() {
    bounded(Duration::from_secs(60), async {
        let server = start_server(test_config()).await;
        let limits = ShareLimits::default();
        // 200 sockets from 127.0.0.2 that never say anything.
        let mut silent = Vec::new();
        for _ in 0..200 {
            silent.push(tcp_from(ip(2), server.addr).await.expect("TCP connect"));
        }
        // Past the address's share of handshakes, the server closes them at once.
        let mut closed = 0;
        for s in &mut silent {
            let mut b = [0u8; 16];
            let read = tokio::time::timeout(Duration::from_millis(300), s.read(&mut b)).await;
            if matches!(read, Ok(Ok(0)) | Ok(Err(_))) {
                closed += 1;
            }
        }
        assert!(
            closed >= 200 - limits.pending_per_address,
            "only {closed} of 200 silent sockets were refused"
        );
        // Meanwhile another machine connects and plays.
        a_game_goes_on(&server).await;
        drop(silent);
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_only_its_share_of_connections_and_rooms() {
    bounded(Duration::from_secs(60), async {
        // A short grace, so rooms whose host dropped close soon.
        let server = start_server(Config {
            grace: Duration::from_millis(300),
            ..test_config()
        })
        .await;
        let limits = ShareLimits::default();
        // Connections past Hello from 127.0.0.3: the share, then "server full" (1013).
        let mut held = Vec::new();
        for n in 0..limits.connections_per_address {
            held.push(
                TestClient::connect_from(&server, ip(3), &format!("c{n}"), Encoding::Json).await,
            );
        }
        let mut ws = connect_raw_from(&server, ip(3)).await;
        hello_raw(&mut ws, "one too many").await;
        let (code, seen) = read_until_close(&mut ws).await;
        assert_eq!(
            code,
            Some(tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode::Again)
        );
        assert_eq!(error_codes(&seen), vec![ErrorCode::ServerFull]);
        // Rooms: each held connection creates one, up to the address's share.
        for (n, c) in held.iter_mut().take(limits.rooms_per_address).enumerate() {
            c.create_room(RoomSettings::new(format!("room {n}"), RuleSet::standard()))
                .await;
        }
        let extra = &mut held[limits.rooms_per_address];
        extra
            .send(&ClientMessage::CreateRoom {
                settings: RoomSettings::new("one more", RuleSet::standard()),
            })
            .await;
        assert_eq!(extra.expect_error().await.0, ErrorCode::TooManyRooms);
        // Another address still gets a connection, a room and a game.
        a_game_goes_on(&server).await;
        // Closing the connections gives their shares back (rooms close with their last person).
        drop(held);
        let start = Instant::now();
        while server.stats().rooms() > 1 && start.elapsed() < Duration::from_secs(10) {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(server.stats().rooms(), 1, "only the game's room is left");
        let mut again = TestClient::connect_from(&server, ip(3), "back", Encoding::Json).await;
        again
            .create_room(RoomSettings::new("again", RuleSet::standard()))
            .await;
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn join_codes_cannot_be_guessed_and_are_read_without_case() {
    bounded(Duration::from_secs(60), async {
        let server = start_server(test_config()).await;
        let mut host = TestClient::connect(&server, "Host", Encoding::Json).await;
        let mut settings = RoomSettings::new("private", RuleSet::standard());
        settings.private = true;
        let room = host.create_room(settings).await;
        let code = room.join_code.clone().expect("a private room has a code");
        // One connection from 127.0.0.5 guesses: its own allowance runs out.
        let mut guesser = TestClient::connect_from(&server, ip(5), "Guess", Encoding::Json).await;
        let mut refusals = Vec::new();
        for n in 0..8 {
            let code = Some(format!("ZZZZZ{n}"));
            guesser
                .send(&ClientMessage::Spectate {
                    room: room.id,
                    code,
                })
                .await;
            refusals.push(guesser.expect_error().await.0);
        }
        assert_eq!(refusals[0], ErrorCode::WrongJoinCode);
        assert_eq!(refusals.last(), Some(&ErrorCode::RateLimited));
        // A new connection from the same address goes on with the address's allowance.
        let mut second = TestClient::connect_from(&server, ip(5), "Again", Encoding::Json).await;
        let mut last = ErrorCode::WrongJoinCode;
        for n in 0..8 {
            let code = Some(format!("YYYYY{n}"));
            second
                .send(&ClientMessage::Spectate {
                    room: room.id,
                    code,
                })
                .await;
            last = second.expect_error().await.0;
        }
        assert_eq!(last, ErrorCode::RateLimited, "the address ran out too");
        // The right code, typed in lower case, from another machine.
        let mut friend = TestClient::connect(&server, "Friend", Encoding::Json).await;
        friend
            .join(room.id, Some(Seat::North), Some(code.to_lowercase()))
            .await;
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_chat_from_many_senders_is_limited_as_a_whole_and_knocks_nobody_off() {
    bounded(Duration::from_secs(60), async {
        let server = start_server(test_config()).await;
        // 25 people in the lobby; each sends a burst of chat within its own limit, and nobody
        // reads for a while.
        let mut people = Vec::new();
        for n in 0..25u8 {
            people.push(
                TestClient::connect_from(&server, ip(10 + n), &format!("p{n}"), Encoding::Json)
                    .await,
            );
        }
        for p in &mut people {
            for line in 0..5 {
                p.send(&ClientMessage::Chat {
                    scope: yonin_core::protocol::ChatScope::Lobby,
                    text: format!("hello {line}"),
                })
                .await;
            }
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
        assert_eq!(server.stats().players(), 25, "no reader was dropped");
        // Some lines were refused as the lobby's chat as a whole was busy.
        let mut busy = 0;
        let mut heard = 0;
        for p in &mut people {
            for m in p.drain_for(Duration::from_millis(200)).await {
                match m {
                    ServerMessage::Error {
                        code: ErrorCode::RateLimited,
                        ..
                    } => busy += 1,
                    ServerMessage::Chat { .. } => heard += 1,
                    _ => {}
                }
            }
        }
        assert!(busy > 0, "the lobby chat's own limit refused lines");
        assert!(heard > 0, "chat still reaches readers");
        server.shutdown().await.unwrap();
    })
    .await;
}
