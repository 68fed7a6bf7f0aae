//! The lobby's address (`LobbyHandle`) and what it accepts (`LobbyCmd`): from connections,
//! from rooms and from the cluster's NATS side.

use super::{Refusal, RoomHandle};
use crate::outbox::Outbox;
use crate::shares::ShareGuard;
use crate::store::TokenHash;
use std::time::Instant;
use tokio::sync::{mpsc, oneshot};
use yonin_core::protocol::{PlayerId, PlayerRef, ResumeToken, RoomId, RoomSettings, RoomSummary};

pub(crate) enum LobbyCmd {
    /// A connection said `Hello`: the lobby answers `Welcome` and the room list.
    Register {
        player: PlayerRef,
        outbox: Outbox,
    },
    Unregister {
        player: PlayerId,
    },
    Rename {
        player: PlayerId,
        name: String,
    },
    ListRooms {
        player: PlayerId,
    },
    Chat {
        from: PlayerRef,
        text: String,
    },
    CreateRoom {
        host: PlayerRef,
        outbox: Outbox,
        settings: Box<RoomSettings>,
        /// The creator's address's share of rooms, held by the room until it closes.
        share: ShareGuard,
        reply: oneshot::Sender<Result<RoomHandle, Refusal>>,
    },
    FindRoom {
        room: RoomId,
        reply: oneshot::Sender<Found>,
    },
    FindToken {
        token: ResumeToken,
        reply: oneshot::Sender<Option<RoomHandle>>,
    },
    // --- from rooms ---
    RoomChanged(RoomSummary),
    TokenIssued {
        token: TokenHash,
        room: RoomId,
    },
    /// The token no longer holds a seat (left, emptied, taken over).
    TokenRetired {
        token: TokenHash,
    },
    RoomClosed {
        room: RoomId,
    },
    /// The room list (for the LAN beacon).
    Rooms {
        reply: oneshot::Sender<Vec<RoomSummary>>,
    },
    /// The player entered a room (`true`) or came back to the lobby (`false`). Live room-list
    /// updates go only to players in the lobby; one coming back gets a fresh list.
    InRoom {
        player: PlayerId,
        in_room: bool,
    },
    /// From the cluster's NATS side.
    Remote(Remote),
}

/// What the cluster heard, for the lobby.
pub(crate) enum Remote {
    /// Another node's room, new, changed or only refreshed; `heard` is when it was written.
    Room {
        node: String,
        summary: RoomSummary,
        heard: Instant,
    },
    /// Another node's room closed.
    Gone { node: String, room: RoomId },
    /// A lobby chat line said on another node (checked there and again here).
    Chat { name: String, text: String },
    /// Time to drop the other nodes' rooms not heard for a while (a node died).
    Sweep,
}

/// Where a room is.
pub(crate) enum Found {
    Here(RoomHandle),
    /// On another node, reached at this URL.
    There(String),
    Nowhere,
}

/// The lobby's address: a bounded queue.
#[derive(Clone)]
pub(crate) struct LobbyHandle {
    tx: mpsc::Sender<LobbyCmd>,
}

impl LobbyHandle {
    /// The address of the lobby reading `tx`'s queue.
    pub fn new(tx: mpsc::Sender<LobbyCmd>) -> LobbyHandle {
        LobbyHandle { tx }
    }

    /// Queues a command, waiting while the lobby is busy. `false` once the lobby is gone
    /// (the server is stopping).
    pub async fn send(&self, cmd: LobbyCmd) -> bool {
        self.tx.send(cmd).await.is_ok()
    }

    /// Sends a command built around a reply channel and waits (at most `REPLY_TIMEOUT`) for the
    /// answer; `None` when the lobby is gone or did not answer in time.
    pub async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> LobbyCmd) -> Option<T> {
        let (tx, rx) = oneshot::channel();
        if !self.send(make(tx)).await {
            return None;
        }
        tokio::time::timeout(crate::limits::REPLY_TIMEOUT, rx)
            .await
            .ok()?
            .ok()
    }
}
