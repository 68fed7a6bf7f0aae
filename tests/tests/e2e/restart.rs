use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use yonin_core::protocol::{ClientMessage, Encoding, GameRequest, RoomSettings, ServerMessage};
use yonin_core::record::stored::GameFilter;
use yonin_core::{Action, BotLevel, TimeControl};
use yonin_core::{RuleSet, Seat};
use yonin_tests::*;

/// A `yonin-server` process on a store and a fixed loopback port.
pub(crate) struct ServerProcess {
    child: Child,
    pub(crate) url: String,
}

/// A loopback port nobody listens on now.
pub(crate) fn free_port() -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").expect("bind a free port");
    l.local_addr().expect("an address").port()
}

impl ServerProcess {
    async fn start(data: &Path, port: u16) -> ServerProcess {
        ServerProcess::start_with(&["--data".as_ref(), data.as_os_str()], port).await
    }

    /// A server with these store options (`--data DIR`, `--store URL --node NAME`…).
    pub(crate) async fn start_with(store: &[&std::ffi::OsStr], port: u16) -> ServerProcess {
        let child = Command::new(env!("CARGO_BIN_EXE_test-server"))
            .args(["--bind", &format!("127.0.0.1:{port}"), "--no-beacon"])
            .args(["--bot-think-ms", "20", "--grace-secs", "60"])
            .args(store)
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .spawn()
            .expect("the server process starts");
        // Owned at once, so that any way out of here kills and reaps it (`Drop`).
        let server = ServerProcess {
            child,
            url: format!("ws://127.0.0.1:{port}/"),
        };
        // Ready once it accepts connections.
        for _ in 0..200 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                return server;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the server process did not listen on {port}");
    }

    /// SIGKILL: no chance to save anything.
    pub(crate) fn kill(&mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("reaped");
    }

    /// SIGTERM, as systemd or Docker send it; returns the exit status's success.
    async fn terminate(&mut self) -> bool {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status();
        assert!(sent.is_ok_and(|s| s.success()), "kill -TERM {pid}");
        for _ in 0..200 {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status.success();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        self.kill();
        false
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The actions a client has seen announced.
pub(crate) fn seen(c: &TestClient) -> usize {
    c.game.as_ref().map_or(0, |g| g.moves().len())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_standard_game_survives_sigkill_of_the_server() {
    bounded(Duration::from_secs(90), async {
        let data = TempDir::new("sigkill-standard");
        let port = free_port();
        let mut server = ServerProcess::start(data.path(), port).await;
        let mut ann = TestClient::connect_url(&server.url, "Ann", Encoding::Json, None).await;
        let mut bob = TestClient::connect_url(&server.url, "Bob", Encoding::Bincode, None).await;
        let mut settings = RoomSettings::new("kept", RuleSet::standard());
        settings.time_control = TimeControl::Fischer {
            main_ms: 300_000,
            increment_ms: 0,
        };
        let room = ann.create_room(settings).await;
        bob.join(room.id, Some(Seat::North), None).await;
        ann.send(&ClientMessage::Start).await;
        ann.expect_game_started().await;
        bob.expect_game_started().await;
        ann.play("7g7f").await;
        bob.wait_turn_or_end().await;
        bob.play("3c3d").await;
        let announced = seen(&bob);
        let (ann_token, bob_token) = (ann.token, bob.token);
        server.kill();
        drop((ann, bob));

        let server = ServerProcess::start(data.path(), port).await;
        let mut ann = TestClient::connect_url(&server.url, "Ann", Encoding::Json, ann_token).await;
        let state = ann.expect_game_started().await;
        assert_eq!(
            state.actions.len(),
            announced,
            "every announced move is back"
        );
        assert_eq!(state.you, Some(Seat::South));
        // Ann's clock kept its time (no clock ran while the server was down).
        let south = state.clocks.seats.iter().find(|c| c.seat == Seat::South);
        assert!(south.is_some_and(|c| c.main_ms > 290_000 && c.main_ms <= 300_000));
        ann.play("2g2f").await;
        let mut bob =
            TestClient::connect_url(&server.url, "Bob", Encoding::Bincode, bob_token).await;
        bob.expect_game_started().await;
        bob.send(&ClientMessage::Game(GameRequest::Resign)).await;
        ann.expect("GameOver", |m| {
            matches!(m, ServerMessage::GameOver { .. }).then_some(())
        })
        .await;
        // The finished game is in the store, with every move.
        ann.send(&ClientMessage::ListGames {
            filter: GameFilter::default(),
        })
        .await;
        let games = ann
            .expect("GameList", |m| match m {
                ServerMessage::GameList { games } => Some(games.clone()),
                _ => None,
            })
            .await;
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].plies as usize, announced + 1);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_yonin_game_with_three_bots_survives_sigkill_and_finishes() {
    bounded(Duration::from_secs(120), async {
        let data = TempDir::new("sigkill-yonin");
        let port = free_port();
        let mut server = ServerProcess::start(data.path(), port).await;
        let mut mei = TestClient::connect_url(&server.url, "Mei", Encoding::Json, None).await;
        let mut settings = RoomSettings::new("bots", RuleSet::yonin());
        settings.bots = vec![
            (Seat::East, BotLevel::Beginner),
            (Seat::North, BotLevel::Beginner),
            (Seat::West, BotLevel::Beginner),
        ];
        mei.create_room(settings).await;
        mei.send(&ClientMessage::Start).await;
        mei.expect_game_started().await;
        // Mei plays a few moves, the bots answer each time.
        for _ in 0..3 {
            assert!(mei.wait_turn_or_end().await, "Mei is still playing");
            let game = mei.game.as_ref().expect("a game");
            let mv = game.position().legal_moves().as_slice()[0];
            mei.play(&mv.to_string()).await;
        }
        let announced = seen(&mei);
        let token = mei.token;
        server.kill();
        drop(mei);

        let server = ServerProcess::start(data.path(), port).await;
        let mut mei = TestClient::connect_url(&server.url, "Mei", Encoding::Json, token).await;
        let state = mei.expect_game_started().await;
        assert!(
            state.actions.len() >= announced,
            "{} actions back, {announced} were announced",
            state.actions.len()
        );
        // The bots play on; Mei resigns and the bots finish the game among themselves.
        mei.send(&ClientMessage::Game(GameRequest::Resign)).await;
        let outcome = mei
            .wait_for(Duration::from_secs(90), |m| match m {
                ServerMessage::GameOver { outcome, .. } => Some(outcome.clone()),
                _ => None,
            })
            .await;
        assert!(outcome.is_some(), "the restored game finished");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_server_gracefully_and_keeps_the_game() {
    bounded(Duration::from_secs(60), async {
        let data = TempDir::new("sigterm");
        let port = free_port();
        let mut server = ServerProcess::start(data.path(), port).await;
        let mut ann = TestClient::connect_url(&server.url, "Ann", Encoding::Json, None).await;
        let mut bob = TestClient::connect_url(&server.url, "Bob", Encoding::Json, None).await;
        let _room = start_standard(&mut ann, &mut bob, "term").await;
        ann.play("7g7f").await;
        let token = bob.token;
        assert!(
            server.terminate().await,
            "the server exits cleanly on SIGTERM"
        );
        // Each client was told, then closed with 1001 ("going away").
        for c in [&mut ann, &mut bob] {
            let (code, msgs) = read_until_close(&mut c.ws).await;
            assert_eq!(code, Some(CloseCode::Away));
            let told = msgs
                .iter()
                .any(|m| matches!(m, ServerMessage::ServerShutdown { .. }));
            let told = told
                || c.pending
                    .iter()
                    .any(|m| matches!(m, ServerMessage::ServerShutdown { .. }));
            assert!(told, "{} heard the server stop", c.name);
        }
        // A new process carries the game on.
        let server = ServerProcess::start(data.path(), port).await;
        let mut bob = TestClient::connect_url(&server.url, "Bob", Encoding::Json, token).await;
        let state = bob.expect_game_started().await;
        assert_eq!(state.actions.len(), 1);
        assert!(matches!(state.actions[0], Action::Move { .. }));
        bob.play("3c3d").await;
    })
    .await;
}
