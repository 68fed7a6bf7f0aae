//! What an unfriendly or careless client can do, one module per kind of attack; in each, the
//! attacker is refused or dropped and a normal game on another connection goes on.

/// A full disk: the players are told once, the game goes on and is written whole when space is
/// back; a finished game the disk refused is stored later, or on the next start.
mod disk;

/// Malformed and oversize frames and floods close the offending connection with the right code.
mod frames;

/// Each address's share: silent sockets, connections and rooms from one address do not lock
/// out another; wrong join codes run out; lower-case codes are accepted.
mod shares;

/// A reader that stops reading is dropped within seconds and its seat goes down the grace path;
/// lobby chat from many senders does not knock readers off.
mod slow;

/// The resume-token map does not grow with join/leave cycles; a connection holds one seat of
/// a room; messages over 256 KiB from the server reach the client.
mod state;
