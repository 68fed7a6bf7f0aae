//! The actors' addresses and what each accepts: the lobby (`lobby.rs`), a room (`room.rs`),
//! the cluster's NATS side (`cluster.rs`); and `Refusal`, a request refused. Actors import
//! these, never one another's insides, so the lobby, the rooms and the cluster import no cycle.

mod cluster;
mod lobby;
mod room;

pub(crate) use cluster::{channel as cluster_channel, ClusterCmd, ClusterLink};
pub(crate) use lobby::{Found, LobbyCmd, LobbyHandle, Remote};
pub(crate) use room::{HostAction, RoomCmd, RoomHandle, Visitor};

use yonin_core::protocol::{ErrorCode, ServerMessage};

/// A refused request: the code and the words for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Refusal {
    pub code: ErrorCode,
    pub message: String,
}

impl Refusal {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
    pub fn to_message(&self) -> ServerMessage {
        ServerMessage::error(self.code, self.message.clone())
    }
}
