use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpSocket;
use tokio_tungstenite::MaybeTlsStream;
use yonin_core::protocol::{ClientMessage, Encoding, ServerMessage};
use yonin_core::record::position_text;
use yonin_core::record::stored::{GameId, StoredGame, StoredPlayer, StoredSeat};
use yonin_core::{Action, TimeControl};
use yonin_core::{Game, Move, Position, RuleSet, Seat};
use yonin_server::store::Store;
use yonin_tests::*;

/// A stored game whose JSON is about `kib` KiB: a finished game padded with many (unchecked)
/// move actions, so that answering `GetGame` sends a large message.
pub(super) fn bulky_game(kib: usize) -> StoredGame {
    let rules = RuleSet::standard();
    let start = Position::start(&rules);
    let mut game = Game::from_position(rules, start.clone());
    let resign = Action::Resign { seat: Seat::South };
    resign.apply(&mut game).expect("South may resign");
    let mv = Move::from_usi("7g7f").expect("a USI move");
    let one = Action::Move {
        seat: Seat::South,
        mv,
        millis: Some(1234),
    };
    let per = yonin_core::protocol::to_json(&one).expect("encodes").len() + 1;
    let mut actions = vec![one; kib * 1024 / per];
    actions.push(resign);
    StoredGame {
        rules,
        time_control: TimeControl::None,
        room_name: "bulky".into(),
        start: position_text(&start),
        seats: vec![
            StoredSeat {
                seat: Seat::South,
                player: StoredPlayer::Person { name: "Ann".into() },
                stand_in: None,
            },
            StoredSeat {
                seat: Seat::North,
                player: StoredPlayer::Person { name: "Bob".into() },
                stand_in: None,
            },
        ],
        actions,
        outcome: game.outcome().expect("over").clone(),
        started_ms: 0,
        ended_ms: 0,
        imported: true,
    }
}

/// A client whose socket takes almost nothing until read (a 4 KiB receive buffer).
async fn small_buffer_client(server: &RunningServer, name: &str) -> TestClient {
    let socket = TcpSocket::new_v4().expect("a socket");
    socket.set_recv_buffer_size(4096).expect("SO_RCVBUF");
    let tcp = socket.connect(server.addr).await.expect("TCP connect");
    let (ws, _) = tokio_tungstenite::client_async(server.url(), MaybeTlsStream::Plain(tcp))
        .await
        .expect("WebSocket handshake");
    TestClient::over(ws, name, Encoding::Json, None).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reader_that_stops_reading_is_dropped_and_its_seat_waits_for_it() {
    bounded(Duration::from_secs(60), async {
        let dir = TempDir::new("slow-reader");
        let store = Arc::new(Store::open(dir.path()).expect("the store opens"));
        let id: GameId = store.save(&bulky_game(300)).expect("saved");
        let server = start_server(Config {
            store: Some(store),
            ..test_config()
        })
        .await;
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
        let mut slow = small_buffer_client(&server, "Slow").await;
        let _room = start_standard(&mut ann, &mut slow, "slow").await;
        // The slow player asks for a large game again and again and never reads the answers
        // (within its message rate, so only its reading is at fault).
        let asked = Instant::now();
        let asking = tokio::spawn(async move {
            for _ in 0..300 {
                if !slow.try_send(&ClientMessage::GetGame { id }).await {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(70)).await;
            }
            slow
        });
        // Its seat goes down the grace path: the others hear it dropped.
        let seat = ann
            .wait_for(Duration::from_secs(40), |m| match m {
                ServerMessage::SeatDisconnected { seat, .. } => Some(*seat),
                _ => None,
            })
            .await;
        assert_eq!(
            seat,
            Some(Seat::North),
            "the slow reader's seat was dropped"
        );
        let took = asked.elapsed();
        assert!(
            took < Duration::from_secs(30),
            "the slow reader held its seat for {took:?}"
        );
        asking.abort();
        // The game goes on for Ann.
        ann.play("7g7f").await;
        server.shutdown().await.unwrap();
    })
    .await;
}
