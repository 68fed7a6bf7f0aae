//! The wire protocol between clients and the server: versioned serde messages
//! (`ClientMessage`, `ServerMessage`), the types they carry, and pure encode/decode helpers.
//!
//! Binary WebSocket frames carry bincode 2 (`config::standard()` with a size limit); text
//! frames carry the same messages as JSON. A connection is answered in the encoding it spoke
//! last. The first message of a connection must be [`ClientMessage::Hello`]; it is answered by
//! [`ServerMessage::Welcome`], or by an [`ServerMessage::Error`] with
//! [`ErrorCode::VersionMismatch`] followed by a close frame. `docs/protocol.md` walks through a
//! whole session.
//!
//! Every enum is externally tagged (serde's default), which both encodings support: in JSON a
//! unit variant is a string (`"Resign"`) and a variant with fields an object with one key
//! (`{"Move":{"mv":"7g7f"}}`).
//!
//! `ids.rs` holds the identities (players, rooms, resume tokens), `room.rs` what a room and a
//! game look like on the wire, `messages.rs` the two message enums, `codec.rs` the encodings.

mod codec;
mod ids;
mod messages;
mod room;

pub use codec::*;
pub use ids::*;
pub use messages::*;
pub use room::*;

/// The protocol version. A change to any message's shape bumps it; `Hello` carries the
/// client's and a mismatch is refused.
pub const PROTOCOL_VERSION: u32 = 5;

/// The largest message a client may send, in bytes (bincode or JSON); the server closes the
/// connection on a larger one.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;
/// The largest message the server sends (a long game's full state can pass 64 KiB in JSON).
/// Clients should accept messages up to this size.
pub const MAX_SERVER_MESSAGE_BYTES: usize = 1024 * 1024;
/// Longest decoder error text kept, in bytes (cut on a character boundary): serde's message
/// repeats the sender's text, which should not travel back in full.
pub const MAX_DECODE_ERROR_BYTES: usize = 200;
/// Length of a private room's join code (upper-case letters and digits).
pub const JOIN_CODE_CHARS: usize = 6;

#[cfg(test)]
mod tests;
