//! A room on another node of a cluster: the session follows a `Redirect` to the room's server,
//! says `Hello` there and asks again; refuses a URL that is not `ws://` or `wss://`; and goes
//! back to the lobby it came from when the room's server cannot be reached. "Node B" here is
//! a stand-in speaking just enough of the protocol (no NATS needed); node A is a real server.

use crate::common;

use common::server::start_server;
use futures::{SinkExt, StreamExt};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use yonin_client::state::seats::ServerPlace;
use yonin_client::state::session::{Link, Session};
use yonin_core::protocol::{
    self, ClientMessage, PlayerId, RoomSettings, ServerMessage, PROTOCOL_VERSION,
};
use yonin_core::{RuleSet, Seat};

/// A stand-in lobby node on a loopback port that answers every `Join` with a `Redirect` to
/// `to`. Stops with the test process.
fn redirecting_node(to: String) -> String {
    let (addr_tx, addr_rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("a loopback port");
            addr_tx
                .send(listener.local_addr().expect("an address"))
                .expect("the test waits");
            while let Ok((tcp, _)) = listener.accept().await {
                let to = to.clone();
                tokio::spawn(async move {
                    let Ok(mut ws) = tokio_tungstenite::accept_async(tcp).await else {
                        return;
                    };
                    while let Some(Ok(Message::Binary(b))) = ws.next().await {
                        let reply = match protocol::from_bincode::<ClientMessage>(&b) {
                            Ok(ClientMessage::Hello { name, .. }) => ServerMessage::Welcome {
                                version: PROTOCOL_VERSION,
                                player_id: PlayerId(1),
                                server_name: "node B".into(),
                                name,
                            },
                            Ok(ClientMessage::Join { room, seat, code }) => {
                                ServerMessage::Redirect(Box::new(protocol::Redirect {
                                    url: to.clone(),
                                    room,
                                    watch: false,
                                    seat,
                                    code,
                                }))
                            }
                            _ => continue,
                        };
                        let bytes = protocol::to_bincode(&reply).expect("encodes");
                        if ws.send(Message::binary(bytes)).await.is_err() {
                            return;
                        }
                    }
                });
            }
        });
    });
    let addr = addr_rx
        .recv_timeout(Duration::from_secs(10))
        .expect("the stand-in starts");
    format!("ws://{addr}/")
}

/// Pumps the sessions until `done` holds (20 s at most).
fn pump_until(sessions: &mut [&mut Session], what: &str, done: impl Fn(&[&mut Session]) -> bool) {
    let start = Instant::now();
    while !done(sessions) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "timed out waiting for {what}"
        );
        for s in sessions.iter_mut() {
            s.pump(start.elapsed().as_secs_f64());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_join_redirected_to_another_node_is_followed_and_seated_there() {
    let a = start_server(yonin_server::Config::default());
    let a_url = format!("ws://{}/", a.addr);
    let b_url = redirecting_node(a_url.clone());
    let mut ann = Session::online(&a_url, "Ann");
    let mut bob = Session::online(&b_url, "Bob");
    pump_until(&mut [&mut ann, &mut bob], "both welcomed", |s| {
        s.iter().all(|s| s.link == Link::Open)
    });
    ann.send(ClientMessage::CreateRoom {
        settings: RoomSettings::new("on A", RuleSet::standard()),
    });
    pump_until(&mut [&mut ann], "Ann's room", |s| s[0].room.is_some());
    let room = ann.room.as_ref().map(|r| r.id).expect("a room");

    bob.send(ClientMessage::Join {
        room,
        seat: Some(Seat::North),
        code: None,
    });
    pump_until(&mut [&mut ann, &mut bob], "Bob seated on A", |s| {
        s[1].room.as_ref().is_some_and(|r| r.id == room) && s[1].my_seat() == Some(Seat::North)
    });
    assert_eq!(bob.server_name, ann.server_name, "Bob is on A now");
    // A dropped connection later comes back to A, and a saved seat names A.
    assert_eq!(bob.place, ServerPlace::Remote { url: a_url });
}

#[test]
fn a_redirect_to_anything_but_a_websocket_url_is_refused() {
    let b_url = redirecting_node("http://127.0.0.1:1/".into());
    let mut bob = Session::online(&b_url, "Bob");
    pump_until(&mut [&mut bob], "welcomed", |s| s[0].link == Link::Open);
    bob.send(ClientMessage::Join {
        room: protocol::RoomId(7),
        seat: None,
        code: None,
    });
    pump_until(&mut [&mut bob], "a notice", |s| !s[0].notices.is_empty());
    let notice = bob.notices.last().expect("a notice");
    assert!(notice.error && notice.text.contains("http://127.0.0.1:1/"));
    assert_eq!(bob.link, Link::Open, "still in B's lobby");
    assert_eq!(bob.place, ServerPlace::Remote { url: b_url });
}

#[test]
fn a_room_server_out_of_reach_sends_the_player_back_to_the_lobby() {
    // A port nobody listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let dead = format!("ws://{}/", closed.local_addr().expect("an address"));
    drop(closed);
    let b_url = redirecting_node(dead);
    let mut bob = Session::online(&b_url, "Bob");
    pump_until(&mut [&mut bob], "welcomed", |s| s[0].link == Link::Open);
    bob.send(ClientMessage::Join {
        room: protocol::RoomId(7),
        seat: None,
        code: None,
    });
    pump_until(&mut [&mut bob], "back in B's lobby", |s| {
        !s[0].notices.is_empty() && s[0].link == Link::Open
    });
    assert!(bob.notices.last().is_some_and(|n| n.error));
    assert_eq!(bob.place, ServerPlace::Remote { url: b_url });
}
