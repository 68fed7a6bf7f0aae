//! Several nodes, one lobby: server processes of one cluster (`--cluster`) on a throwaway NATS
//! server (`YONIN_TEST_NATS`, from `.ci/nats.sh`), each test with a cluster name of its own.
//! Bounds are generous: these tests say what happens, never how fast.

use crate::restart::{free_port, ServerProcess};
use std::ffi::OsStr;
use std::time::Duration;
use yonin_core::protocol::{
    ChatScope, ClientMessage, Encoding, RoomId, RoomSettings, RoomSummary, ServerMessage,
};
use yonin_core::{RuleSet, Seat};
use yonin_server::cluster::REMOTE_EXPIRY;
use yonin_tests::*;

/// How long a room may take to reach another node's lobby here (the target is 1 s).
const LISTED_WITHIN: Duration = Duration::from_secs(15);

/// The NATS server's URL; `None` (the test is skipped, and says so) without
/// `YONIN_TEST_NATS`, except under `CI=true`, where that fails.
fn test_nats() -> Option<String> {
    match std::env::var("YONIN_TEST_NATS") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("CI=true but YONIN_TEST_NATS is not set: CI must test the cluster")
        }
        _ => {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "skipped: `source .ci/nats.sh && start_test_nats` to test the cluster"
            );
            None
        }
    }
}

/// A cluster name no other test (or run) uses.
fn cluster_name(tag: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    format!("e2e-{tag}-{}-{nanos:x}", std::process::id())
}

/// A node of `cluster` as a process of its own (killed on drop).
async fn node(nats: &str, cluster: &str, name: &str) -> ServerProcess {
    let port = free_port();
    let public = format!("ws://127.0.0.1:{port}/");
    let args = [
        "--no-store",
        "--cluster",
        nats,
        "--public-url",
        &public,
        "--cluster-name",
        cluster,
        "--node",
        name,
    ];
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    ServerProcess::start_with(&args, port).await
}

/// Waits until `room` is in the client's lobby (a `RoomList` or `RoomUpdated` naming it).
async fn listed(c: &mut TestClient, room: RoomId) -> RoomSummary {
    c.wait_for(LISTED_WITHIN, |m| match m {
        ServerMessage::RoomList { rooms } => rooms.iter().find(|r| r.id == room).cloned(),
        ServerMessage::RoomUpdated { room: r } if r.id == room => Some(r.clone()),
        _ => None,
    })
    .await
    .unwrap_or_else(|| panic!("room {room} was not listed within {LISTED_WITHIN:?}"))
}

/// The `Redirect` answering a `Join` or `Spectate`: its URL, seat and `watch`.
async fn redirected(c: &mut TestClient) -> (String, Option<Seat>, bool) {
    c.expect("Redirect", |m| match m {
        ServerMessage::Redirect(r) => Some((r.url.clone(), r.seat, r.watch)),
        ServerMessage::Error { code, message } => panic!("refused: {code:?} {message}"),
        _ => None,
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_on_one_node_is_listed_joined_and_played_from_another() {
    let Some(nats) = test_nats() else { return };
    bounded(Duration::from_secs(90), async {
        let cluster = cluster_name("play");
        let a = node(&nats, &cluster, "a").await;
        let b = node(&nats, &cluster, "b").await;
        let mut ann = TestClient::connect_url(&a.url, "Ann", Encoding::Json, None).await;
        let room = ann
            .create_room(RoomSettings::new("across", RuleSet::standard()))
            .await;

        // Bob is in B's lobby: A's room is there, saying where it lives.
        let mut bob_at_b = TestClient::connect_url(&b.url, "Bob", Encoding::Bincode, None).await;
        let summary = listed(&mut bob_at_b, room.id).await;
        assert_eq!(summary.node.as_deref(), Some(a.url.as_str()));
        assert_eq!(summary.host_name, "Ann");
        // A's own lobby lists it as its own.
        let mut cy = TestClient::connect_url(&a.url, "Cy", Encoding::Json, None).await;
        assert_eq!(listed(&mut cy, room.id).await.node, None);

        // Joining from B: sent to A, with the seat asked for.
        bob_at_b
            .send(&ClientMessage::Join {
                room: room.id,
                seat: Some(Seat::North),
                code: None,
            })
            .await;
        let (url, seat, watch) = redirected(&mut bob_at_b).await;
        assert_eq!(
            (url.as_str(), seat, watch),
            (a.url.as_str(), Some(Seat::North), false)
        );
        let mut bob = TestClient::connect_url(&url, "Bob", Encoding::Bincode, None).await;
        assert_eq!(bob.join(room.id, seat, None).await, Seat::North);

        // Watching from B: sent to A as well.
        let mut di_at_b = TestClient::connect_url(&b.url, "Di", Encoding::Json, None).await;
        listed(&mut di_at_b, room.id).await;
        di_at_b
            .send(&ClientMessage::Spectate {
                room: room.id,
                code: None,
            })
            .await;
        let (url, _, watch) = redirected(&mut di_at_b).await;
        assert_eq!((url.as_str(), watch), (a.url.as_str(), true));

        // And they play.
        ann.send(&ClientMessage::Start).await;
        ann.expect_game_started().await;
        bob.expect_game_started().await;
        ann.play("7g7f").await;
        bob.play("3c3d").await;
        ann.play("2g2f").await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_chat_crosses_nodes() {
    let Some(nats) = test_nats() else { return };
    bounded(Duration::from_secs(60), async {
        let cluster = cluster_name("chat");
        let a = node(&nats, &cluster, "a").await;
        let b = node(&nats, &cluster, "b").await;
        let mut ann = TestClient::connect_url(&a.url, "Ann", Encoding::Json, None).await;
        let mut bob = TestClient::connect_url(&b.url, "Bob", Encoding::Bincode, None).await;
        // Both nodes are in the cluster once a room of A's shows in B's lobby (each node
        // subscribes to the chat before it watches the directory).
        let mut host = TestClient::connect_url(&a.url, "Host", Encoding::Json, None).await;
        let room = host
            .create_room(RoomSettings::new("sync", RuleSet::standard()))
            .await;
        listed(&mut bob, room.id).await;

        bob.send(&ClientMessage::Chat {
            scope: ChatScope::Lobby,
            text: " hello from B ".into(),
        })
        .await;
        let (name, text) = ann
            .wait_for(LISTED_WITHIN, |m| match m {
                ServerMessage::Chat {
                    scope: ChatScope::Lobby,
                    from,
                    text,
                } => Some((from.name.clone(), text.clone())),
                _ => None,
            })
            .await
            .expect("B's lobby chat reaches A's lobby");
        assert_eq!((name.as_str(), text.as_str()), ("Bob", "hello from B"));
        // Said once: B's own lobby has it once, not echoed back from the cluster.
        let echoes = bob
            .drain_for(Duration::from_millis(1500))
            .await
            .into_iter()
            .filter(|m| matches!(m, ServerMessage::Chat { text, .. } if text == "hello from B"))
            .count();
        assert_eq!(echoes, 1);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_nodes_rooms_leave_the_other_lobbies_within_the_expiry() {
    let Some(nats) = test_nats() else { return };
    bounded(Duration::from_secs(90), async {
        let cluster = cluster_name("kill");
        let mut a = node(&nats, &cluster, "a").await;
        let b = node(&nats, &cluster, "b").await;
        let mut ann = TestClient::connect_url(&a.url, "Ann", Encoding::Json, None).await;
        let room = ann
            .create_room(RoomSettings::new("doomed", RuleSet::standard()))
            .await;
        let mut bob = TestClient::connect_url(&b.url, "Bob", Encoding::Bincode, None).await;
        listed(&mut bob, room.id).await;

        a.kill();
        let limit = REMOTE_EXPIRY + Duration::from_secs(10);
        let gone = bob
            .wait_for(limit, |m| match m {
                ServerMessage::RoomRemoved { room: r } if *r == room.id => Some(()),
                _ => None,
            })
            .await;
        assert!(
            gone.is_some(),
            "A's room still listed on B {limit:?} after A died"
        );
        // A newcomer to B's lobby does not see it either.
        let mut cy = TestClient::connect_url(&b.url, "Cy", Encoding::Json, None).await;
        let rooms = cy
            .expect("RoomList", |m| match m {
                ServerMessage::RoomList { rooms } => Some(rooms.clone()),
                _ => None,
            })
            .await;
        assert!(rooms.iter().all(|r| r.id != room.id));
    })
    .await;
}
