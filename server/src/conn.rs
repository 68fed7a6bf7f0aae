//! One task per connection: the WebSocket handshake (with deliberate limits), the `Hello`
//! exchange, decoding and rate-limiting what the client says, routing it to the lobby or its
//! room, and writing the client's queued messages in the encoding it speaks.
//!
//! The task owns its socket and its queue's receiver, and nothing else. It never holds a seat
//! itself: rooms know which player holds which seat, and the player id that goes with every
//! command is the one this task was given, never one the client sent.

use crate::bucket::Bucket;
use crate::limits::*;
use crate::lobby::{Found, LobbyCmd, LobbyHandle, Refusal};
use crate::outbox::{Outbox, Outgoing};
use crate::room::{GameRequest, HostAction, RoomCmd, RoomHandle, Visitor};
use crate::shares::ShareGuard;
use crate::Ctx;
use futures::stream::{SplitSink, SplitStream};
use futures::{FutureExt, SinkExt, StreamExt};
use std::net::{IpAddr, SocketAddr};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::Ordering;
use std::time::Instant;
use tokio::net::TcpStream;
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
    /// Where the connection comes from (its address's shares).
    addr: IpAddr,
    /// Game imports this connection may still make (its address has its own allowance).
    imports: Bucket,
    /// Wrong join codes this connection may still send (likewise per address).
    guesses: Bucket,
    rate_strikes: u32,
    malformed: u32,
    /// What the lobby was last told: in a room or not (see `sync_presence`).
    told_in_room: bool,
}

/// Serves one TCP connection to its end. `pending` is the address's share of handshakes in
/// progress, held until `Hello`; then the connection takes a server slot and its address's
/// share of connections, or is told the server is full.
pub(crate) async fn serve(
    stream: TcpStream,
    peer: SocketAddr,
    ctx: Ctx,
    lobby: LobbyHandle,
    pending: ShareGuard,
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
    if ctx.is_shutting_down() {
        return;
    }
    let Some((name, resume, encoding)) = hello(&mut sink, &mut stream).await else {
        return;
    };
    drop(pending);
    // Only now does the connection count against the server's slots and its address's share.
    let permit = ctx.connections.clone().try_acquire_owned().ok();
    let share = ctx.shares.connection(peer.ip());
    let (Some(_permit), Some(_share)) = (permit, share) else {
        tracing::warn!(%peer, "refused: the server (or this address's share of it) is full");
        let msg = ServerMessage::error(
            ErrorCode::ServerFull,
            "the server has as many players as it can take; try again later",
        );
        let _ = write(&mut sink, &msg, encoding).await;
        close(&mut sink, &mut stream, CloseCode::Again, "server full").await;
        return;
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
        addr: peer.ip(),
        encoding,
        messages: Bucket::new(MESSAGES_PER_SEC, MESSAGE_BURST),
        chat: Bucket::new(CHAT_LINES_PER_SEC, CHAT_BURST),
        imports: Bucket::new(IMPORTS_PER_MINUTE / 60.0, IMPORT_BURST),
        guesses: Bucket::new(CODE_GUESSES_PER_MINUTE / 60.0, CODE_GUESS_BURST),
        rate_strikes: 0,
        malformed: 0,
        told_in_room: false,
    };
    // Whatever happens inside — a close, an error, a panic in a handler — the room and the
    // lobby hear that this player is gone, so the seat goes down the grace path and no slot or
    // room is left behind.
    let session = AssertUnwindSafe(conn.session(resume, &mut sink, &mut stream, rx, &overflow));
    let end = match session.catch_unwind().await {
        Ok(end) => end,
        Err(_) => {
            tracing::error!(player = %id, "a connection handler panicked; closing it");
            End::Close(CloseCode::Error, "server error")
        }
    };
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

/// The `Hello` exchange: the first message must be `Hello` with our protocol version and a
/// good name. `None` when it was not (the client has been told why and the socket closed).
async fn hello(
    sink: &mut SplitSink<Ws, Message>,
    stream: &mut SplitStream<Ws>,
) -> Option<(String, Option<ResumeToken>, Encoding)> {
    let first = tokio::time::timeout(HELLO_TIMEOUT, next_message(stream)).await;
    let (refusal, encoding, code, reason) = match first {
        Err(_) => (
            ServerMessage::error(ErrorCode::HelloFirst, "say Hello first"),
            Encoding::Json,
            CloseCode::Policy,
            "no hello",
        ),
        Ok(Incoming::Gone) => return None,
        Ok(Incoming::TooLarge) => (
            ServerMessage::error(ErrorCode::TooLarge, "that message is too large"),
            Encoding::Json,
            CloseCode::Size,
            "message too large",
        ),
        Ok(Incoming::Bad(encoding, e)) => (
            ServerMessage::error(ErrorCode::HelloFirst, format!("say Hello first ({e})")),
            encoding,
            CloseCode::Protocol,
            "no hello",
        ),
        Ok(Incoming::Message(
            ClientMessage::Hello {
                version,
                name,
                resume,
            },
            encoding,
        )) => {
            if version != PROTOCOL_VERSION {
                (
                    ServerMessage::error(
                        ErrorCode::VersionMismatch,
                        format!(
                            "this server speaks protocol version {PROTOCOL_VERSION}, you spoke \
                             {version}: update the program"
                        ),
                    ),
                    encoding,
                    CloseCode::Protocol,
                    "version mismatch",
                )
            } else {
                match validate_name(&name) {
                    Ok(name) => return Some((name, resume, encoding)),
                    Err(why) => (
                        ServerMessage::error(ErrorCode::BadName, why.to_string()),
                        encoding,
                        CloseCode::Policy,
                        "bad name",
                    ),
                }
            }
        }
        Ok(Incoming::Message(_, encoding)) => (
            ServerMessage::error(ErrorCode::HelloFirst, "the first message is Hello"),
            encoding,
            CloseCode::Protocol,
            "no hello",
        ),
    };
    let _ = write(sink, &refusal, encoding).await;
    close(sink, stream, code, reason).await;
    None
}

/// Completes when `room` has ended; never when there is none.
async fn room_gone(room: &Option<RoomHandle>) {
    match room {
        Some(r) => r.closed().await,
        None => std::future::pending().await,
    }
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

/// Encodes and writes one message, waiting at most `WRITE_TIMEOUT` for the socket to take it.
/// `Err` when the socket failed or stalled (a peer that stopped reading): the connection ends
/// and its seat goes down the grace path.
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
        Ok(frame) => send_frame(sink, frame).await,
        Err(e) => {
            // Only a message over MAX_SERVER_MESSAGE_BYTES fails here; skip it.
            tracing::error!("cannot encode a message: {e}");
            Ok(())
        }
    }
}

/// Sends one frame within `WRITE_TIMEOUT`.
async fn send_frame(sink: &mut SplitSink<Ws, Message>, frame: Message) -> Result<(), WsError> {
    match tokio::time::timeout(WRITE_TIMEOUT, sink.send(frame)).await {
        Ok(r) => r,
        Err(_) => {
            tracing::info!("a client stopped reading: its write stalled for {WRITE_TIMEOUT:?}");
            Err(WsError::Io(std::io::ErrorKind::TimedOut.into()))
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

    /// The connection's life after `Hello`: its seat back first when it came with a token,
    /// then the message loop.
    async fn session(
        &mut self,
        resume: Option<ResumeToken>,
        sink: &mut SplitSink<Ws, Message>,
        stream: &mut SplitStream<Ws>,
        rx: tokio::sync::mpsc::Receiver<Outgoing>,
        overflow: &crate::outbox::Overflow,
    ) -> End {
        if let Some(token) = resume {
            self.resume(token).await;
            self.sync_presence().await;
        }
        self.run(sink, stream, rx, overflow).await
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
                () = room_gone(&self.room) => {
                    // The room ended without letting us go (a fault inside it).
                    if let Some(room) = self.room.take() {
                        self.send(ServerMessage::LeftRoom {
                            room: room.id,
                            reason: yonin_core::protocol::LeaveReason::RoomClosed,
                        });
                    }
                    self.sync_presence().await;
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
                    if send_frame(sink, Message::Ping(Vec::new().into())).await.is_err() {
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
                let Some(share) = self.ctx.shares.room(self.addr) else {
                    return self.refuse(
                        ErrorCode::TooManyRooms,
                        format!(
                            "your address has {} rooms open, its most; close one first",
                            self.ctx.shares.limits().rooms_per_address
                        ),
                    );
                };
                let (host, outbox) = (self.player.clone(), self.outbox.clone());
                let settings = Box::new(settings);
                match self
                    .lobby
                    .ask(|reply| LobbyCmd::CreateRoom {
                        host,
                        outbox,
                        settings,
                        share,
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
                if !self.may_guess() {
                    return;
                }
                let redirect = |url| {
                    ServerMessage::Redirect(Box::new(protocol::Redirect {
                        url,
                        room,
                        watch: false,
                        seat,
                        code: echo_code(&code),
                    }))
                };
                let Some(handle) = self.find_room(room, redirect).await else {
                    return;
                };
                let who = self.visitor();
                let answer = handle
                    .ask(|reply| RoomCmd::Join {
                        who,
                        seat,
                        code,
                        reply,
                    })
                    .await;
                self.entered(handle, answer);
            }
            ClientMessage::Spectate { room, code } => {
                if self.room.is_some() {
                    return self.refuse(
                        ErrorCode::AlreadyInRoom,
                        "leave your room before watching another",
                    );
                }
                if !self.may_guess() {
                    return;
                }
                let redirect = |url| {
                    ServerMessage::Redirect(Box::new(protocol::Redirect {
                        url,
                        room,
                        watch: true,
                        seat: None,
                        code: echo_code(&code),
                    }))
                };
                let Some(handle) = self.find_room(room, redirect).await else {
                    return;
                };
                let who = self.visitor();
                let answer = handle
                    .ask(|reply| RoomCmd::Spectate { who, code, reply })
                    .await;
                self.entered(handle, answer);
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
                // One check for every chat line, room or lobby (core's `check_chat`).
                let text = match protocol::check_chat(&text) {
                    Ok(text) => text,
                    Err(why) => return self.refuse(ErrorCode::BadChat, why.to_string()),
                };
                match scope {
                    ChatScope::Room => {
                        self.send_to_room(|player| RoomCmd::Chat { player, text })
                            .await
                    }
                    ChatScope::Lobby => {
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
            ClientMessage::SetBotPace { ms } => self.host(HostAction::SetBotPace { ms }).await,
            ClientMessage::Move { mv } => self.game(GameRequest::Move(mv)).await,
            ClientMessage::Resign => self.game(GameRequest::Resign).await,
            ClientMessage::OfferDraw => self.game(GameRequest::OfferDraw).await,
            ClientMessage::AcceptDraw => self.game(GameRequest::AcceptDraw).await,
            ClientMessage::DeclineDraw => self.game(GameRequest::DeclineDraw).await,
            ClientMessage::DeclareImpasse => self.game(GameRequest::DeclareImpasse).await,
            ClientMessage::ClaimWin => self.game(GameRequest::ClaimWin).await,
            ClientMessage::Rematch => self.game(GameRequest::Rematch).await,
            msg if crate::store::requests::is_store_request(&msg) => {
                if matches!(msg, ClientMessage::ImportRecord { .. }) && !self.may_import() {
                    return self.refuse(
                        ErrorCode::RateLimited,
                        "too many imports: wait a minute before the next",
                    );
                }
                let store = self.ctx.config.store.clone();
                self.send(crate::store::requests::answer(store, msg).await);
            }
            _ => self.refuse(
                ErrorCode::NotAllowed,
                "this server does not handle that message",
            ),
        }
    }

    /// May this connection try to enter a room now? Wrong join codes are limited per connection
    /// and per address, so a private room's code cannot be guessed by trying them all.
    fn may_guess(&mut self) -> bool {
        if self.guesses.has() && self.ctx.shares.may_guess(self.addr) {
            return true;
        }
        self.refuse(
            ErrorCode::RateLimited,
            "too many wrong join codes: wait a minute before trying again",
        );
        false
    }

    /// The room's answer to a Join or Spectate: in, or told why not (a wrong code counts).
    fn entered(&mut self, handle: RoomHandle, answer: Result<(), Refusal>) {
        match answer {
            Ok(()) => self.room = Some(handle),
            Err(r) => {
                if r.code == ErrorCode::WrongJoinCode {
                    self.guesses.take();
                    self.ctx.shares.wrong_guess(self.addr);
                }
                self.send(r.to_message());
            }
        }
    }

    /// Takes one import from this connection's and its address's allowances.
    fn may_import(&mut self) -> bool {
        self.imports.has() && self.ctx.shares.import(self.addr) && self.imports.take()
    }

    /// The room to enter; `None` when it is on another node (the client is sent there with
    /// `redirect(url)`) or nowhere (the client is told).
    async fn find_room(
        &mut self,
        room: yonin_core::protocol::RoomId,
        redirect: impl FnOnce(String) -> ServerMessage,
    ) -> Option<RoomHandle> {
        let found = self
            .lobby
            .ask(|reply| LobbyCmd::FindRoom { room, reply })
            .await;
        match found {
            Some(Found::Here(handle)) => Some(handle),
            Some(Found::There(url)) => {
                self.send(redirect(url));
                None
            }
            Some(Found::Nowhere) | None => {
                self.send(
                    Refusal::new(ErrorCode::NoSuchRoom, format!("there is no room {room}"))
                        .to_message(),
                );
                None
            }
        }
    }
}

/// A join code as a `Redirect` gives it back (bounded: a real code is `JOIN_CODE_CHARS` long).
fn echo_code(code: &Option<String>) -> Option<String> {
    code.as_ref()
        .map(|c| c.chars().take(4 * protocol::JOIN_CODE_CHARS).collect())
}
