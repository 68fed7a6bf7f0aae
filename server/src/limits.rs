//! Every fixed limit of the server, named in one place. Per-deployment numbers (rooms,
//! connections, grace period…) are fields of `Config` instead.

use std::time::Duration;
pub use yonin_core::protocol::{MAX_MESSAGE_BYTES, MAX_SERVER_MESSAGE_BYTES};

/// tungstenite's read buffer per connection: small, since messages are small.
pub const READ_BUFFER_BYTES: usize = 8 * 1024;
/// Bytes gathered before a write reaches the socket (0 writes every message at once).
pub const WRITE_BUFFER_BYTES: usize = 0;
/// The most bytes a connection's write buffer may hold while the socket does not take them:
/// room for the largest message the server sends (`MAX_SERVER_MESSAGE_BYTES`) and a little
/// more, so no message the server may send can fail to fit.
pub const MAX_WRITE_BUFFER_BYTES: usize = MAX_SERVER_MESSAGE_BYTES + 64 * 1024;
/// The largest WebSocket message accepted (frames are limited to the same).
pub const MAX_WS_MESSAGE_BYTES: usize = MAX_MESSAGE_BYTES;

/// Messages queued for one client before it counts as too slow and is disconnected.
pub const OUTBOX_CAPACITY: usize = 256;
/// The most rooms one `RoomList` names (waiting rooms first), so the list fits one message.
pub const MAX_LISTED_ROOMS: usize = 200;
/// Commands queued for the lobby actor.
pub const LOBBY_INBOX_CAPACITY: usize = 1024;
/// Commands queued for one room actor.
pub const ROOM_INBOX_CAPACITY: usize = 256;

/// Time allowed for the WebSocket handshake.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// Time allowed between the handshake and `Hello`.
pub const HELLO_TIMEOUT: Duration = Duration::from_secs(10);
/// The server pings an idle connection this often.
pub const PING_INTERVAL: Duration = Duration::from_secs(20);
/// A connection that sends nothing (not even a pong) for this long is dropped.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(60);
/// The longest one write may wait for the socket to take it. A client that stops reading is
/// closed when a write stalls this long (or its queue fills first), and its seat goes down the
/// grace path like any dropped seat.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(5);
/// The longest a connection waits for its room's or the lobby's answer.
pub const REPLY_TIMEOUT: Duration = Duration::from_secs(10);
/// Time given to a closing connection to flush and hear the peer's close frame.
pub const CLOSE_TIMEOUT: Duration = Duration::from_secs(2);

/// Message rate per connection: a bucket of `MESSAGE_BURST` refilled at `MESSAGES_PER_SEC`.
pub const MESSAGES_PER_SEC: f64 = 20.0;
pub const MESSAGE_BURST: f64 = 60.0;
/// Messages dropped for rate before the connection is closed (1008).
pub const MAX_RATE_STRIKES: u32 = 20;
/// Malformed messages tolerated (each answered with an error) before the connection is
/// closed (1007).
pub const MAX_MALFORMED: u32 = 5;

/// Chat rate per player: a bucket of `CHAT_BURST` lines refilled at `CHAT_LINES_PER_SEC`.
pub const CHAT_LINES_PER_SEC: f64 = 0.5;
pub const CHAT_BURST: f64 = 5.0;

/// Lobby chat as a whole (every sender together): a bucket of `LOBBY_CHAT_BURST` lines refilled
/// at `LOBBY_CHAT_LINES_PER_SEC`, so many senders each within their own limit cannot flood every
/// reader's queue.
pub const LOBBY_CHAT_LINES_PER_SEC: f64 = 4.0;
pub const LOBBY_CHAT_BURST: f64 = 12.0;
/// A chat line is not queued for a reader whose queue is fuller than this (it is dropped for
/// that reader, who is behind anyway), so chat never pushes a reader over `OUTBOX_CAPACITY`.
pub const CHAT_SHED_ABOVE: usize = OUTBOX_CAPACITY / 2;

/// Game imports per connection: a burst, then this many a minute (each address has its own
/// allowance too: `ShareLimits`).
pub const IMPORT_BURST: f64 = 10.0;
pub const IMPORTS_PER_MINUTE: f64 = 6.0;
/// Wrong join codes per connection: a burst, then this many a minute (and per address:
/// `ShareLimits`).
pub const CODE_GUESS_BURST: f64 = 5.0;
pub const CODE_GUESSES_PER_MINUTE: f64 = 2.0;

/// People in one room at most (seated and watching).
pub const MAX_ROOM_MEMBERS: usize = 64;
/// Bot think time when the room's clock leaves more: a share of the time left is used.
pub const BOT_CLOCK_SHARE: u32 = 30;
