//! End-to-end test helpers: a server on `127.0.0.1:0` and a protocol test client that speaks
//! JSON or bincode over a real WebSocket, keeps a mirror of the game from the server's
//! messages (so every event the server sends is checked against the rules), and fails fast
//! with a timeout instead of hanging.

use futures::{SinkExt, StreamExt};
use std::collections::VecDeque;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use yonin_core::protocol::{
    self, ClientMessage, Encoding, ErrorCode, GameRequest, GameState, PlayerId, ResumeToken,
    RoomId, RoomSettings, RoomState, ServerMessage, PROTOCOL_VERSION,
};
use yonin_core::{Game, Move, RuleSet, Seat};
pub use yonin_server::{Config, RunningServer};

pub mod net_fit;
pub mod openings;
pub mod sprt;
pub mod usi_engine;

/// The temporary folder and seeded random source every crate's tests share.
pub use yonin_testkit::{Rng, TempDir};

/// How long a test waits for any one expected message.
pub const STEP_TIMEOUT: Duration = Duration::from_secs(10);

pub type RawWs = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A server config for tests: fast bots with a fixed seed, short timeouts.
pub fn test_config() -> Config {
    Config {
        server_name: "test".into(),
        bot_think: Duration::from_millis(20),
        bot_seed: Some(42),
        shutdown_timeout: Duration::from_secs(3),
        ..Config::default()
    }
}

/// Starts a server on a free loopback port.
pub async fn start_server(config: Config) -> RunningServer {
    let addr: SocketAddr = "127.0.0.1:0".parse().expect("a valid address");
    yonin_server::start(addr, config)
        .await
        .expect("the server starts")
}

/// Runs a test body with an overall time limit, so a hang fails instead of blocking CI.
pub async fn bounded<F: Future<Output = ()>>(limit: Duration, body: F) {
    if tokio::time::timeout(limit, body).await.is_err() {
        panic!("the test took longer than {limit:?}");
    }
}

/// Opens a raw WebSocket to the server.
pub async fn connect_raw(server: &RunningServer) -> RawWs {
    let (ws, _) = tokio_tungstenite::connect_async(server.url())
        .await
        .expect("WebSocket connect");
    ws
}

/// A TCP connection to `server` from the local address `local` (any of 127.0.0.0/8 works on
/// Linux without setup), so a test can be several machines at once.
pub async fn tcp_from(local: IpAddr, server: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = match local {
        IpAddr::V4(_) => TcpSocket::new_v4()?,
        IpAddr::V6(_) => TcpSocket::new_v6()?,
    };
    socket.bind(SocketAddr::new(local, 0))?;
    socket.connect(server).await
}

/// Opens a raw WebSocket to the server from the local address `local`.
pub async fn connect_raw_from(server: &RunningServer, local: IpAddr) -> RawWs {
    let tcp = tcp_from(local, server.addr).await.expect("TCP connect");
    let (ws, _) = tokio_tungstenite::client_async(server.url(), MaybeTlsStream::Plain(tcp))
        .await
        .expect("WebSocket handshake");
    ws
}

/// A raw connection that has said hello in JSON (and read nothing yet).
pub async fn hello_raw(ws: &mut RawWs, name: &str) {
    let hello = ClientMessage::Hello {
        version: PROTOCOL_VERSION,
        name: name.into(),
        resume: None,
    };
    ws.send(Message::Text(
        protocol::to_json(&hello).expect("encodes").into(),
    ))
    .await
    .expect("send Hello");
}

/// The error codes among `seen`, in order.
pub fn error_codes(seen: &[ServerMessage]) -> Vec<ErrorCode> {
    seen.iter()
        .filter_map(|m| match m {
            ServerMessage::Error { code, .. } => Some(*code),
            _ => None,
        })
        .collect()
}

/// Reads frames until the server closes; returns the close code (None if the socket just
/// ended) and the decoded messages seen on the way.
pub async fn read_until_close(ws: &mut RawWs) -> (Option<CloseCode>, Vec<ServerMessage>) {
    let mut seen = Vec::new();
    loop {
        let next = tokio::time::timeout(STEP_TIMEOUT, ws.next())
            .await
            .expect("the server closes in time");
        match next {
            None | Some(Err(_)) => return (None, seen),
            Some(Ok(Message::Close(frame))) => return (frame.map(|f| f.code), seen),
            Some(Ok(Message::Text(t))) => {
                seen.push(protocol::from_json(&t).expect("the server speaks the protocol"))
            }
            Some(Ok(Message::Binary(b))) => {
                seen.push(protocol::from_bincode(&b).expect("the server speaks the protocol"))
            }
            Some(Ok(_)) => {}
        }
    }
}

/// A protocol client for tests.
pub struct TestClient {
    pub ws: RawWs,
    pub encoding: Encoding,
    pub player_id: PlayerId,
    pub name: String,
    /// Messages received but not yet consumed by an `expect`.
    pub pending: VecDeque<ServerMessage>,
    /// The game as rebuilt from `GameStarted` and `GameEvents`.
    pub game: Option<Game>,
    pub seat: Option<Seat>,
    pub token: Option<ResumeToken>,
    pub room: Option<RoomId>,
}

impl TestClient {
    /// Connects and says hello; waits for `Welcome`.
    pub async fn connect(server: &RunningServer, name: &str, encoding: Encoding) -> TestClient {
        TestClient::connect_resuming(server, name, encoding, None).await
    }

    /// Connects presenting a resume token.
    pub async fn connect_resuming(
        server: &RunningServer,
        name: &str,
        encoding: Encoding,
        resume: Option<ResumeToken>,
    ) -> TestClient {
        TestClient::over(connect_raw(server).await, name, encoding, resume).await
    }

    /// Connects to a server by its URL (one running in another process), presenting a token.
    pub async fn connect_url(
        url: &str,
        name: &str,
        encoding: Encoding,
        resume: Option<ResumeToken>,
    ) -> TestClient {
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("WebSocket connect");
        TestClient::over(ws, name, encoding, resume).await
    }

    /// Connects from the local address `local` (another machine, as the server sees it).
    pub async fn connect_from(
        server: &RunningServer,
        local: IpAddr,
        name: &str,
        encoding: Encoding,
    ) -> TestClient {
        TestClient::over(connect_raw_from(server, local).await, name, encoding, None).await
    }

    /// Says hello over an open WebSocket and waits for `Welcome`.
    pub async fn over(
        ws: RawWs,
        name: &str,
        encoding: Encoding,
        resume: Option<ResumeToken>,
    ) -> TestClient {
        let mut c = TestClient {
            ws,
            encoding,
            player_id: PlayerId(0),
            name: name.into(),
            pending: VecDeque::new(),
            game: None,
            seat: None,
            token: None,
            room: None,
        };
        c.send(&ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            name: name.into(),
            resume,
        })
        .await;
        let (id, accepted) = c
            .expect("Welcome", |m| match m {
                ServerMessage::Welcome {
                    player_id, name, ..
                } => Some((*player_id, name.clone())),
                _ => None,
            })
            .await;
        c.player_id = id;
        c.name = accepted;
        c
    }

    pub async fn send(&mut self, msg: &ClientMessage) {
        let frame = match self.encoding {
            Encoding::Json => Message::Text(protocol::to_json(msg).expect("encodes").into()),
            Encoding::Bincode => {
                Message::Binary(protocol::to_bincode(msg).expect("encodes").into())
            }
        };
        self.ws.send(frame).await.expect("send to the server");
    }

    /// Sends without failing the test when the socket is gone; `false` then.
    pub async fn try_send(&mut self, msg: &ClientMessage) -> bool {
        let frame = match self.encoding {
            Encoding::Json => Message::Text(protocol::to_json(msg).expect("encodes").into()),
            Encoding::Bincode => {
                Message::Binary(protocol::to_bincode(msg).expect("encodes").into())
            }
        };
        self.ws.send(frame).await.is_ok()
    }

    /// Reads for up to `limit` until a message `pick` accepts arrives (kept ones first);
    /// `None` when none did.
    pub async fn wait_for<T>(
        &mut self,
        limit: Duration,
        mut pick: impl FnMut(&ServerMessage) -> Option<T>,
    ) -> Option<T> {
        let end = tokio::time::Instant::now() + limit;
        loop {
            while let Some(m) = self.pending.pop_front() {
                if let Some(t) = pick(&m) {
                    return Some(t);
                }
            }
            let left = end.saturating_duration_since(tokio::time::Instant::now());
            if left.is_zero() {
                return None;
            }
            self.drain_for(left.min(Duration::from_millis(500))).await;
        }
    }

    /// The next message from the socket (not from `pending`), tracked into the mirror.
    async fn read(&mut self) -> ServerMessage {
        loop {
            let next = tokio::time::timeout(STEP_TIMEOUT, self.ws.next())
                .await
                .unwrap_or_else(|_| panic!("{}: no message within {STEP_TIMEOUT:?}", self.name));
            let msg = match next {
                Some(Ok(Message::Text(t))) => {
                    assert_eq!(
                        self.encoding,
                        Encoding::Json,
                        "answered in the other encoding"
                    );
                    protocol::from_json::<ServerMessage>(&t).expect("valid JSON message")
                }
                Some(Ok(Message::Binary(b))) => {
                    assert_eq!(
                        self.encoding,
                        Encoding::Bincode,
                        "answered in the other encoding"
                    );
                    protocol::from_bincode::<ServerMessage>(&b).expect("valid bincode message")
                }
                Some(Ok(Message::Close(f))) => panic!("{}: the server closed: {f:?}", self.name),
                Some(Ok(_)) => continue,
                Some(Err(e)) => panic!("{}: socket error: {e}", self.name),
                None => panic!("{}: the socket ended", self.name),
            };
            self.track(&msg);
            return msg;
        }
    }

    /// Keeps the mirror game, seat and token up to date.
    fn track(&mut self, msg: &ServerMessage) {
        match msg {
            ServerMessage::GameStarted(state) => {
                self.game = Some(state.replay().expect("the game state replays"));
                self.seat = state.you;
                if state.token.is_some() {
                    self.token = state.token;
                }
                self.room = Some(state.room);
            }
            ServerMessage::GameEvents { action, events, .. } => {
                let game = self.game.as_mut().expect("events come after GameStarted");
                let mine = action.apply(game).expect("the server's action is legal");
                assert_eq!(&mine, events, "the mirror yields the server's events");
            }
            ServerMessage::SeatGranted { room, seat, token } => {
                self.seat = Some(*seat);
                self.token = Some(*token);
                self.room = Some(*room);
            }
            ServerMessage::RoomState(state) => {
                self.room = Some(state.id);
                self.seat = state.you;
            }
            ServerMessage::LeftRoom { .. } => {
                self.room = None;
                self.seat = None;
            }
            _ => {}
        }
    }

    /// Waits for the first message (pending ones first) that `pick` accepts; the messages
    /// before it are dropped.
    pub async fn expect<T>(
        &mut self,
        what: &str,
        mut pick: impl FnMut(&ServerMessage) -> Option<T>,
    ) -> T {
        while let Some(m) = self.pending.pop_front() {
            if let Some(t) = pick(&m) {
                return t;
            }
        }
        let deadline = tokio::time::Instant::now() + STEP_TIMEOUT;
        loop {
            if tokio::time::Instant::now() > deadline {
                panic!("{}: no {what} within {STEP_TIMEOUT:?}", self.name);
            }
            let m = self.read().await;
            if let Some(t) = pick(&m) {
                return t;
            }
        }
    }

    /// Waits for an `Error` and returns its code.
    pub async fn expect_error(&mut self) -> (ErrorCode, String) {
        self.expect("Error", |m| match m {
            ServerMessage::Error { code, message } => Some((*code, message.clone())),
            _ => None,
        })
        .await
    }

    /// Reads messages for `wait`, keeping them in `pending`; returns copies.
    pub async fn drain_for(&mut self, wait: Duration) -> Vec<ServerMessage> {
        let end = tokio::time::Instant::now() + wait;
        let mut got = Vec::new();
        while let Ok(Some(Ok(frame))) = tokio::time::timeout_at(end, self.ws.next()).await {
            let msg = match frame {
                Message::Text(t) => protocol::from_json::<ServerMessage>(&t).expect("JSON"),
                Message::Binary(b) => protocol::from_bincode::<ServerMessage>(&b).expect("bincode"),
                _ => continue,
            };
            self.track(&msg);
            got.push(msg.clone());
            self.pending.push_back(msg);
        }
        got
    }

    /// Creates a room; returns its state.
    pub async fn create_room(&mut self, settings: RoomSettings) -> RoomState {
        self.send(&ClientMessage::CreateRoom { settings }).await;
        self.expect("RoomState", |m| match m {
            ServerMessage::RoomState(s) => Some((**s).clone()),
            ServerMessage::Error { code, message } => panic!("create refused: {code:?} {message}"),
            _ => None,
        })
        .await
    }

    /// Joins a seat; returns the seat granted.
    pub async fn join(&mut self, room: RoomId, seat: Option<Seat>, code: Option<String>) -> Seat {
        self.send(&ClientMessage::Join { room, seat, code }).await;
        self.expect("SeatGranted", |m| match m {
            ServerMessage::SeatGranted { seat, .. } => Some(*seat),
            ServerMessage::Error { code, message } => panic!("join refused: {code:?} {message}"),
            _ => None,
        })
        .await
    }
}

/// A standard game between two connected clients: `host` creates the room `name` (South),
/// `guest` takes North, the host starts it, and both have the game. Returns the room's state.
pub async fn start_standard(
    host: &mut TestClient,
    guest: &mut TestClient,
    name: &str,
) -> RoomState {
    let room = host
        .create_room(RoomSettings::new(name, RuleSet::standard()))
        .await;
    guest.join(room.id, Some(Seat::North), None).await;
    host.send(&ClientMessage::Start).await;
    host.expect_game_started().await;
    guest.expect_game_started().await;
    room
}

impl TestClient {
    /// Waits for `GameStarted`.
    pub async fn expect_game_started(&mut self) -> GameState {
        self.expect("GameStarted", |m| match m {
            ServerMessage::GameStarted(s) => Some((**s).clone()),
            _ => None,
        })
        .await
    }

    /// Sends a move and waits until the server's `GameEvents` for it arrive (or panics on a
    /// rejection).
    pub async fn play(&mut self, usi: &str) {
        let mv = Move::from_usi(usi).expect("a USI move");
        let me = self.seat.expect("seated");
        self.send(&ClientMessage::Game(GameRequest::Move(mv))).await;
        self.expect("our move's events", |m| match m {
            ServerMessage::GameEvents {
                action:
                    yonin_core::Action::Move {
                        seat, mv: played, ..
                    },
                ..
            } if *seat == me && *played == mv => Some(()),
            ServerMessage::GameRefused { message, .. } => panic!("{usi} rejected: {message}"),
            ServerMessage::Error { code, message } => panic!("{usi} refused: {code:?} {message}"),
            _ => None,
        })
        .await
    }

    /// Waits until the mirror says the game is over or it is this client's turn.
    pub async fn wait_turn_or_end(&mut self) -> bool {
        loop {
            if let Some(g) = &self.game {
                if g.is_over() {
                    return false;
                }
                if Some(g.to_move()) == self.seat {
                    return true;
                }
            }
            let _ = self
                .expect("a game message", |m| {
                    matches!(
                        m,
                        ServerMessage::GameEvents { .. } | ServerMessage::GameStarted(_)
                    )
                    .then_some(())
                })
                .await;
        }
    }
}
