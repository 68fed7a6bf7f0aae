//! One task per connection: the WebSocket handshake (with deliberate limits), the `Hello`
//! exchange, decoding and rate-limiting what the client says, routing it to the lobby or its
//! room, and writing the client's queued messages in the encoding it speaks.
//!
//! The task owns its socket and its queue's receiver, and nothing else. It never holds a seat
//! itself: rooms know which player holds which seat, and the player id that goes with every
//! command is the one this task was given, never one the client sent.
//!
//! `wire.rs` reads and writes the socket; `route.rs` sends each request where it goes.

use crate::bucket::Bucket;
use crate::handles::{LobbyCmd, LobbyHandle, RoomCmd, RoomHandle};
use crate::limits::*;
use crate::outbox::{Outbox, Outgoing};
use crate::shares::ShareGuard;
use crate::Ctx;
use futures::stream::{SplitSink, SplitStream};
use futures::{FutureExt, StreamExt};
use std::net::{IpAddr, SocketAddr};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::Ordering;
use std::time::Instant;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::error::{CapacityError, Error as WsError};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;
use yonin_core::protocol::{
    ClientMessage, Encoding, ErrorCode, PlayerId, PlayerRef, ResumeToken, ServerMessage,
    PROTOCOL_VERSION,
};
use yonin_core::text::check_name;

mod route;
mod wire;

pub(crate) use wire::ws_config;
use wire::{close, decode, next_message, send_frame, write, Incoming};

type Ws = WebSocketStream<TcpStream>;

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
                match check_name(&name) {
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
}
