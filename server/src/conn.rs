//! One task per connection: the WebSocket handshake (with deliberate limits), the `Hello`
//! exchange, decoding and rate-limiting what the client says, routing it to the lobby or its
//! room, and writing the client's queued messages in the encoding it speaks.
//!
//! The task owns its socket and its queue's receiver, and nothing else. It never holds a seat
//! itself: rooms know which player holds which seat, and the player id that goes with every
//! command is the one this task was given, never one the client sent.

use crate::limits::*;
use crate::lobby::{LobbyCmd, LobbyHandle, Refusal};
use crate::outbox::{Outbox, Outgoing};
use crate::room::{GameRequest, HostAction, RoomCmd, RoomHandle, Visitor};
use crate::Ctx;
use futures::stream::{SplitSink, SplitStream};
use futures::{SinkExt, StreamExt};
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::time::Instant;
use tokio::net::TcpStream;
use tokio::sync::OwnedSemaphorePermit;
use tokio_tungstenite::tungstenite::error::{CapacityError, Error as WsError};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, WebSocketConfig};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;
use yonin_core::protocol::{
    self, validate_name, ChatScope, ClientMessage, CodecError, Encoding, ErrorCode, PlayerId,
    PlayerRef, ResumeToken, ServerMessage, PROTOCOL_VERSION,
};

type Ws = WebSocketStream<TcpStream>;

/// The WebSocket limits every connection gets.
pub(crate) fn ws_config() -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(WRITE_BUFFER_BYTES)
        .max_write_buffer_size(MAX_WRITE_BUFFER_BYTES)
        .max_message_size(Some(MAX_WS_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_WS_MESSAGE_BYTES))
}

/// A token bucket: `burst` tokens, refilled at `rate` per second.
struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Instant,
}

impl Bucket {
    fn new(rate: f64, burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            rate,
            burst,
            last: Instant::now(),
        }
    }
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let dt = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// How a connection ends.
enum End {
    /// The peer closed or the socket failed: nothing more to say.
    Gone,
    /// We close with this code and reason (after any message already queued).
    Close(CloseCode, &'static str),
}

struct Conn {
    ctx: Ctx,
    lobby: LobbyHandle,
    player: PlayerRef,
    outbox: Outbox,
    room: Option<RoomHandle>,
    encoding: Encoding,
    messages: Bucket,
    chat: Bucket,
    rate_strikes: u32,
    malformed: u32,
    /// What the lobby was last told: in a room or not (see `sync_presence`).
    told_in_room: bool,
}

/// Serves one TCP connection to its end.
pub(crate) async fn serve(
    stream: TcpStream,
    peer: SocketAddr,
    ctx: Ctx,
    lobby: LobbyHandle,
    permit: Option<OwnedSemaphorePermit>,
) {
    let _alive = ctx.alive.clone();
    let _ = stream.set_nodelay(true);
    let ws = match tokio::time::timeout(
        HANDSHAKE_TIMEOUT,
        tokio_tungstenite::accept_async_with_config(stream, Some(ws_config())),
    )
    .await
    {
        Ok(Ok(ws)) => ws,
        Ok(Err(e)) => {
            tracing::debug!(%peer, "handshake failed: {e}");
            return;
        }
        Err(_) => {
            tracing::debug!(%peer, "handshake timed out");
            return;
        }
    };
    let (mut sink, mut stream) = ws.split();
    if permit.is_none() {
        tracing::warn!(%peer, "refused: the server is full");
        let msg = ServerMessage::error(
            ErrorCode::ServerFull,
            "the server has as many players as it can take; try again later",
        );
        let _ = write(&mut sink, &msg, Encoding::Json).await;
        close(&mut sink, &mut stream, CloseCode::Again, "server full").await;
        return;
    }
    let _permit = permit;
    if ctx.is_shutting_down() {
        return;
    }
    // --- Hello ---
    let first = tokio::time::timeout(HELLO_TIMEOUT, next_message(&mut stream)).await;
    let (hello, encoding) = match first {
        Err(_) => {
            let msg = ServerMessage::error(ErrorCode::HelloFirst, "say Hello first");
            let _ = write(&mut sink, &msg, Encoding::Json).await;
            close(&mut sink, &mut stream, CloseCode::Policy, "no hello").await;
            return;
        }
        Ok(Incoming::Gone) => return,
        Ok(Incoming::TooLarge) => {
            let msg = ServerMessage::error(ErrorCode::TooLarge, "that message is too large");
            let _ = write(&mut sink, &msg, Encoding::Json).await;
            close(&mut sink, &mut stream, CloseCode::Size, "message too large").await;
            return;
        }
        Ok(Incoming::Bad(encoding, e)) => {
            let msg = ServerMessage::error(ErrorCode::HelloFirst, format!("say Hello first ({e})"));
            let _ = write(&mut sink, &msg, encoding).await;
            close(&mut sink, &mut stream, CloseCode::Protocol, "no hello").await;
            return;
        }
        Ok(Incoming::Message(m, enc)) => (m, enc),
    };
    let (name, resume) = match hello {
        ClientMessage::Hello {
            version,
            name,
            resume,
        } => {
            if version != PROTOCOL_VERSION {
                let msg = ServerMessage::error(
                    ErrorCode::VersionMismatch,
                    format!(
                        "this server speaks protocol version {PROTOCOL_VERSION}, you spoke \
                         {version}: update the program"
                    ),
                );
                let _ = write(&mut sink, &msg, encoding).await;
                close(
                    &mut sink,
                    &mut stream,
                    CloseCode::Protocol,
                    "version mismatch",
                )
                .await;
                return;
            }
            match validate_name(&name) {
                Ok(n) => (n, resume),
                Err(why) => {
                    let msg = ServerMessage::error(ErrorCode::BadName, why);
                    let _ = write(&mut sink, &msg, encoding).await;
                    close(&mut sink, &mut stream, CloseCode::Policy, "bad name").await;
                    return;
                }
            }
        }
        _ => {
            let msg = ServerMessage::error(ErrorCode::HelloFirst, "the first message is Hello");
            let _ = write(&mut sink, &msg, encoding).await;
            close(&mut sink, &mut stream, CloseCode::Protocol, "no hello").await;
            return;
        }
    };
    let id = PlayerId(ctx.next_player.fetch_add(1, Ordering::Relaxed));
    let (outbox, rx, overflow) = Outbox::new(id);
    let player = PlayerRef { id, name };
    tracing::info!(%peer, player = %id, name = %player.name, "player connected");
    if !lobby
        .send(LobbyCmd::Register {
            player: player.clone(),
            outbox: outbox.clone(),
        })
        .await
    {
        return;
    }
    let mut conn = Conn {
        ctx,
        lobby,
        player,
        outbox,
        room: None,
        encoding,
        messages: Bucket::new(MESSAGES_PER_SEC, MESSAGE_BURST),
        chat: Bucket::new(CHAT_LINES_PER_SEC, CHAT_BURST),
        rate_strikes: 0,
        malformed: 0,
        told_in_room: false,
    };
    if let Some(token) = resume {
        conn.resume(token).await;
        conn.sync_presence().await;
    }
    let end = conn.run(&mut sink, &mut stream, rx, &overflow).await;
    // Tell the room and the lobby first, so the seat's grace starts at once.
    if let Some(room) = conn.room.take() {
        room.send(RoomCmd::Disconnected { player: id }).await;
    }
    conn.lobby.send(LobbyCmd::Unregister { player: id }).await;
    if let End::Close(code, reason) = end {
        close(&mut sink, &mut stream, code, reason).await;
    }
    tracing::info!(player = %id, "player disconnected");
}

/// What the socket gave.
enum Incoming {
    Message(ClientMessage, Encoding),
    Bad(Encoding, String),
    TooLarge,
    Gone,
}

/// Reads until a data frame (answering pings on the way) and decodes it.
async fn next_message(stream: &mut SplitStream<Ws>) -> Incoming {
    loop {
        match stream.next().await {
            None => return Incoming::Gone,
            Some(Err(WsError::Capacity(_))) => return Incoming::TooLarge,
            Some(Err(_)) => return Incoming::Gone,
            Some(Ok(msg)) => {
                if let Some(decoded) = decode(msg) {
                    return decoded;
                }
            }
        }
    }
}

/// Decodes a data frame; `None` for control frames.
fn decode(msg: Message) -> Option<Incoming> {
    let (result, encoding) = match msg {
        Message::Text(t) => (protocol::from_json::<ClientMessage>(&t), Encoding::Json),
        Message::Binary(b) => (
            protocol::from_bincode::<ClientMessage>(&b),
            Encoding::Bincode,
        ),
        Message::Close(_) => return Some(Incoming::Gone),
        Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => return None,
    };
    Some(match result {
        Ok(m) => Incoming::Message(m, encoding),
        Err(CodecError::TooLarge) => Incoming::TooLarge,
        Err(CodecError::Malformed(e)) => Incoming::Bad(encoding, e),
    })
}

/// Encodes and writes one message. `Err` when the socket failed.
async fn write(
    sink: &mut SplitSink<Ws, Message>,
    msg: &ServerMessage,
    encoding: Encoding,
) -> Result<(), WsError> {
    let frame = match encoding {
        Encoding::Json => protocol::to_json(msg).map(|t| Message::Text(t.into())),
        Encoding::Bincode => protocol::to_bincode(msg).map(|b| Message::Binary(b.into())),
    };
    match frame {
        Ok(frame) => sink.send(frame).await,
        Err(e) => {
            // Only a message over MAX_SERVER_MESSAGE_BYTES fails here; skip it.
            tracing::error!("cannot encode a message: {e}");
            Ok(())
        }
    }
}

/// Sends a close frame and waits (briefly) for the peer's.
async fn close(
    sink: &mut SplitSink<Ws, Message>,
    stream: &mut SplitStream<Ws>,
    code: CloseCode,
    reason: &'static str,
) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    let _ = tokio::time::timeout(CLOSE_TIMEOUT, async {
        if sink.send(Message::Close(Some(frame))).await.is_err() {
            return;
        }
        while let Some(Ok(_)) = stream.next().await {}
    })
    .await;
}

impl Conn {
    fn id(&self) -> PlayerId {
        self.player.id
    }

    fn send(&self, msg: ServerMessage) {
        self.outbox.send(msg);
    }

    /// Tells the lobby when this player enters a room or comes back: live room-list updates
    /// go only to players in the lobby (else every room change would cost a message to every
    /// connected player — rooms × players under load).
    async fn sync_presence(&mut self) {
        let in_room = self.room.is_some();
        if in_room != self.told_in_room {
            self.told_in_room = in_room;
            let player = self.id();
            self.lobby.send(LobbyCmd::InRoom { player, in_room }).await;
        }
    }

    fn refuse(&self, code: ErrorCode, message: impl Into<String>) {
        self.send(ServerMessage::error(code, message));
    }

    async fn run(
        &mut self,
        sink: &mut SplitSink<Ws, Message>,
        stream: &mut SplitStream<Ws>,
        mut rx: tokio::sync::mpsc::Receiver<Outgoing>,
        overflow: &crate::outbox::Overflow,
    ) -> End {
        let mut shutdown = self.ctx.shutdown.clone();
        let mut ping = tokio::time::interval(PING_INTERVAL);
        ping.reset();
        let mut last_heard = Instant::now();
        loop {
            tokio::select! {
                // Our queue first: replies go out before more input is read.
                biased;
                out = rx.recv() => {
                    let Some(msg) = out else { return End::Gone };
                    // The room let us go (kicked, closed, or the seat resumed elsewhere).
                    if let ServerMessage::LeftRoom { room, .. } = &*msg {
                        if self.room.as_ref().is_some_and(|r| r.id == *room) {
                            self.room = None;
                        }
                        self.sync_presence().await;
                    }
                    if write(sink, &msg, self.encoding).await.is_err() {
                        return End::Gone;
                    }
                }
                () = overflow.wait() => {
                    return End::Close(CloseCode::Policy, "too slow: messages piled up");
                }
                changed = shutdown.changed() => {
                    if changed.is_err() || *shutdown.borrow() {
                        // What is queued goes first, then the goodbye.
                        while let Ok(msg) = rx.try_recv() {
                            if write(sink, &msg, self.encoding).await.is_err() {
                                return End::Gone;
                            }
                        }
                        let bye = ServerMessage::ServerShutdown {
                            message: "the server is shutting down".into(),
                        };
                        let _ = write(sink, &bye, self.encoding).await;
                        return End::Close(CloseCode::Away, "server shutting down");
                    }
                }
                _ = ping.tick() => {
                    if last_heard.elapsed() > IDLE_TIMEOUT {
                        return End::Close(CloseCode::Policy, "idle");
                    }
                    if sink.send(Message::Ping(Vec::new().into())).await.is_err() {
                        return End::Gone;
                    }
                }
                frame = stream.next() => {
                    last_heard = Instant::now();
                    let incoming = match frame {
                        None => return End::Gone,
                        Some(Err(WsError::Capacity(CapacityError::MessageTooLong { .. })))
                        | Some(Err(WsError::Capacity(_))) => Incoming::TooLarge,
                        Some(Err(WsError::Utf8)) => {
                            return End::Close(CloseCode::Invalid, "text frames must be UTF-8")
                        }
                        Some(Err(WsError::Protocol(_))) => {
                            return End::Close(CloseCode::Protocol, "WebSocket protocol error")
                        }
                        Some(Err(_)) => return End::Gone,
                        Some(Ok(msg)) => match decode(msg) {
                            Some(i) => i,
                            None => continue,
                        },
                    };
                    if let Some(end) = self.on_incoming(incoming).await {
                        // Flush what is queued (the error that explains the close) first.
                        while let Ok(msg) = rx.try_recv() {
                            if write(sink, &msg, self.encoding).await.is_err() {
                                return End::Gone;
                            }
                        }
                        return end;
                    }
                }
            }
        }
    }

    /// Handles one frame; `Some` ends the connection.
    async fn on_incoming(&mut self, incoming: Incoming) -> Option<End> {
        match incoming {
            Incoming::Gone => Some(End::Gone),
            Incoming::TooLarge => {
                self.refuse(
                    ErrorCode::TooLarge,
                    format!("messages are limited to {MAX_MESSAGE_BYTES} bytes"),
                );
                Some(End::Close(CloseCode::Size, "message too large"))
            }
            Incoming::Bad(encoding, e) => {
                self.encoding = encoding;
                self.malformed += 1;
                if self.malformed > MAX_MALFORMED {
                    self.refuse(ErrorCode::TooManyErrors, "too many malformed messages");
                    return Some(End::Close(
                        CloseCode::Invalid,
                        "too many malformed messages",
                    ));
                }
                self.refuse(ErrorCode::Malformed, format!("not a protocol message: {e}"));
                None
            }
            Incoming::Message(msg, encoding) => {
                self.encoding = encoding;
                if !self.messages.take() {
                    self.rate_strikes += 1;
                    if self.rate_strikes > MAX_RATE_STRIKES {
                        self.refuse(ErrorCode::TooManyErrors, "too many messages: flooding");
                        return Some(End::Close(CloseCode::Policy, "flooding"));
                    }
                    self.refuse(ErrorCode::RateLimited, "too many messages: slow down");
                    return None;
                }
                self.on_message(msg).await;
                self.sync_presence().await;
                None
            }
        }
    }

    async fn send_to_room(&mut self, make: impl FnOnce(PlayerId) -> RoomCmd) {
        let id = self.id();
        let Some(room) = &self.room else {
            return self.refuse(ErrorCode::NotInRoom, "you are not in a room");
        };
        if !room.send(make(id)).await {
            self.room = None;
            self.refuse(ErrorCode::NoSuchRoom, "that room is closed");
        }
    }

    async fn host(&mut self, action: HostAction) {
        self.send_to_room(|player| RoomCmd::Host { player, action })
            .await;
    }

    async fn game(&mut self, request: GameRequest) {
        self.send_to_room(|player| RoomCmd::Game { player, request })
            .await;
    }

    fn visitor(&self) -> Visitor {
        Visitor {
            player: self.player.clone(),
            outbox: self.outbox.clone(),
        }
    }

    /// Leaves the current room unless it is `keep`.
    async fn leave_room_unless(&mut self, keep: Option<yonin_core::protocol::RoomId>) {
        if let Some(room) = self.room.take() {
            if Some(room.id) == keep {
                self.room = Some(room);
                return;
            }
            room.send(RoomCmd::Leave { player: self.id() }).await;
        }
    }

    async fn resume(&mut self, token: ResumeToken) {
        let Some(room) = self
            .lobby
            .ask(|reply| LobbyCmd::FindToken { token, reply })
            .await
            .flatten()
        else {
            return self.refuse(
                ErrorCode::BadToken,
                "that token holds no seat (the game may be over)",
            );
        };
        self.leave_room_unless(Some(room.id)).await;
        let who = self.visitor();
        match room
            .ask(|reply| RoomCmd::Resume { who, token, reply })
            .await
        {
            Ok(()) => self.room = Some(room),
            Err(r) => self.send(r.to_message()),
        }
    }

    async fn on_message(&mut self, msg: ClientMessage) {
        match msg {
            ClientMessage::Hello { .. } => {
                self.refuse(ErrorCode::HelloFirst, "Hello comes once, first");
            }
            ClientMessage::Ping { nonce } => self.send(ServerMessage::Pong { nonce }),
            ClientMessage::ListRooms => {
                let player = self.id();
                self.lobby.send(LobbyCmd::ListRooms { player }).await;
            }
            ClientMessage::SetName { name } => match validate_name(&name) {
                Err(why) => self.refuse(ErrorCode::BadName, why),
                Ok(name) => {
                    self.player.name = name.clone();
                    let player = self.id();
                    self.lobby
                        .send(LobbyCmd::Rename {
                            player,
                            name: name.clone(),
                        })
                        .await;
                    if let Some(room) = &self.room {
                        room.send(RoomCmd::Rename { player, name }).await;
                    }
                }
            },
            ClientMessage::CreateRoom { settings } => {
                if self.room.is_some() {
                    return self.refuse(
                        ErrorCode::AlreadyInRoom,
                        "leave your room before creating another",
                    );
                }
                let (host, outbox) = (self.player.clone(), self.outbox.clone());
                let settings = Box::new(settings);
                match self
                    .lobby
                    .ask(|reply| LobbyCmd::CreateRoom {
                        host,
                        outbox,
                        settings,
                        reply,
                    })
                    .await
                {
                    Some(Ok(room)) => self.room = Some(room),
                    Some(Err(r)) => self.send(r.to_message()),
                    None => self.refuse(ErrorCode::ShuttingDown, "the server is shutting down"),
                }
            }
            ClientMessage::Join { room, seat, code } => {
                if self.room.as_ref().is_some_and(|r| r.id != room) {
                    return self.refuse(
                        ErrorCode::AlreadyInRoom,
                        "leave your room before joining another",
                    );
                }
                let Some(handle) = self.find_room(room).await else {
                    return;
                };
                let who = self.visitor();
                match handle
                    .ask(|reply| RoomCmd::Join {
                        who,
                        seat,
                        code,
                        reply,
                    })
                    .await
                {
                    Ok(()) => self.room = Some(handle),
                    Err(r) => self.send(r.to_message()),
                }
            }
            ClientMessage::Spectate { room, code } => {
                if self.room.is_some() {
                    return self.refuse(
                        ErrorCode::AlreadyInRoom,
                        "leave your room before watching another",
                    );
                }
                let Some(handle) = self.find_room(room).await else {
                    return;
                };
                let who = self.visitor();
                match handle
                    .ask(|reply| RoomCmd::Spectate { who, code, reply })
                    .await
                {
                    Ok(()) => self.room = Some(handle),
                    Err(r) => self.send(r.to_message()),
                }
            }
            ClientMessage::Resume { token } => self.resume(token).await,
            ClientMessage::Leave => {
                if self.room.is_none() {
                    return self.refuse(ErrorCode::NotInRoom, "you are not in a room");
                }
                self.leave_room_unless(None).await;
            }
            ClientMessage::Chat { scope, text } => {
                if !self.chat.take() {
                    return self.refuse(ErrorCode::RateLimited, "you are chatting too fast");
                }
                match scope {
                    ChatScope::Room => {
                        self.send_to_room(|player| RoomCmd::Chat { player, text })
                            .await
                    }
                    ChatScope::Lobby => {
                        let text = text.trim().to_string();
                        if text.is_empty()
                            || text.chars().count() > MAX_CHAT_CHARS
                            || text.chars().any(|c| c.is_control() && c != '\n')
                        {
                            return self.refuse(
                                ErrorCode::BadChat,
                                format!("a chat line has 1 to {MAX_CHAT_CHARS} characters"),
                            );
                        }
                        let from = self.player.clone();
                        self.lobby.send(LobbyCmd::Chat { from, text }).await;
                    }
                }
            }
            ClientMessage::AddBot { seat, level } => {
                self.host(HostAction::AddBot { seat, level }).await
            }
            ClientMessage::RemoveFromSeat { seat } => {
                self.host(HostAction::RemoveFromSeat { seat }).await
            }
            ClientMessage::MoveSeat { from, to } => {
                self.host(HostAction::MoveSeat { from, to }).await
            }
            ClientMessage::Kick { player } => self.host(HostAction::Kick { player }).await,
            ClientMessage::Start => self.host(HostAction::Start).await,
            ClientMessage::Move { mv } => self.game(GameRequest::Move(mv)).await,
            ClientMessage::Resign => self.game(GameRequest::Resign).await,
            ClientMessage::OfferDraw => self.game(GameRequest::OfferDraw).await,
            ClientMessage::AcceptDraw => self.game(GameRequest::AcceptDraw).await,
            ClientMessage::DeclineDraw => self.game(GameRequest::DeclineDraw).await,
            ClientMessage::DeclareImpasse => self.game(GameRequest::DeclareImpasse).await,
            ClientMessage::ClaimWin => self.game(GameRequest::ClaimWin).await,
            ClientMessage::Rematch => self.game(GameRequest::Rematch).await,
            msg if crate::store::requests::is_store_request(&msg) => {
                let store = self.ctx.config.store.clone();
                self.send(crate::store::requests::answer(store, msg).await);
            }
            _ => self.refuse(
                ErrorCode::NotAllowed,
                "this server does not handle that message",
            ),
        }
    }

    async fn find_room(&mut self, room: yonin_core::protocol::RoomId) -> Option<RoomHandle> {
        let found = self
            .lobby
            .ask(|reply| LobbyCmd::FindRoom { room, reply })
            .await
            .flatten();
        if found.is_none() {
            self.send(
                Refusal::new(ErrorCode::NoSuchRoom, format!("there is no room {room}"))
                    .to_message(),
            );
        }
        found
    }
}
