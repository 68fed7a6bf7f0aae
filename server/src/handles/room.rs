//! A room's address (`RoomHandle`) and what it accepts (`RoomCmd`): from connections and from
//! its own bot tasks.

use super::Refusal;
use crate::bots::BotPlayer;
use crate::limits::REPLY_TIMEOUT;
use crate::outbox::Outbox;
use tokio::sync::{mpsc, oneshot};
use yonin_core::protocol::{ErrorCode, GameRequest, PlayerId, PlayerRef, ResumeToken, RoomId};
use yonin_core::BotLevel;
use yonin_core::{Move, Seat};

/// A person arriving in the room: who they are and where their messages go.
pub(crate) struct Visitor {
    pub player: PlayerRef,
    pub outbox: Outbox,
}

pub(crate) type Reply = oneshot::Sender<Result<(), Refusal>>;

pub(crate) enum RoomCmd {
    Join {
        who: Visitor,
        seat: Option<Seat>,
        code: Option<String>,
        reply: Reply,
    },
    Spectate {
        who: Visitor,
        code: Option<String>,
        reply: Reply,
    },
    Resume {
        who: Visitor,
        token: ResumeToken,
        reply: Reply,
    },
    Leave {
        player: PlayerId,
    },
    /// The player's connection dropped.
    Disconnected {
        player: PlayerId,
    },
    Rename {
        player: PlayerId,
        name: String,
    },
    Chat {
        player: PlayerId,
        text: String,
    },
    Host {
        player: PlayerId,
        action: HostAction,
    },
    Game {
        player: PlayerId,
        request: GameRequest,
    },
    /// A bot's answer (internal), with the player handed back for its next move.
    BotMoved {
        ticket: u64,
        seat: Seat,
        mv: Option<Move>,
        /// `None` when the bot panicked (a fresh one plays the next move).
        player: Option<Box<dyn BotPlayer>>,
    },
}

pub(crate) enum HostAction {
    AddBot { seat: Seat, level: BotLevel },
    RemoveFromSeat { seat: Seat },
    MoveSeat { from: Seat, to: Seat },
    Kick { player: PlayerId },
    Start,
    SetBotPace { ms: u32 },
}

/// A room's address: a bounded queue.
#[derive(Clone)]
pub(crate) struct RoomHandle {
    pub id: RoomId,
    tx: mpsc::Sender<RoomCmd>,
}

impl RoomHandle {
    /// The address of room `id`, reading `tx`'s queue.
    pub fn new(id: RoomId, tx: mpsc::Sender<RoomCmd>) -> RoomHandle {
        RoomHandle { id, tx }
    }

    /// Queues a command, waiting while the room is busy; `false` when the room is gone.
    pub async fn send(&self, cmd: RoomCmd) -> bool {
        self.tx.send(cmd).await.is_ok()
    }

    /// Sends a command with a reply channel and waits (at most `REPLY_TIMEOUT`) for the answer.
    pub async fn ask(&self, make: impl FnOnce(Reply) -> RoomCmd) -> Result<(), Refusal> {
        let gone = || Refusal::new(ErrorCode::NoSuchRoom, "that room is closed");
        let (tx, rx) = oneshot::channel();
        if !self.send(make(tx)).await {
            return Err(gone());
        }
        match tokio::time::timeout(REPLY_TIMEOUT, rx).await {
            Ok(answer) => answer.unwrap_or_else(|_| Err(gone())),
            Err(_) => Err(Refusal::new(
                ErrorCode::Internal,
                "the room did not answer in time; try again",
            )),
        }
    }

    /// Completes when the room has ended (closed, or stopped by a fault).
    pub async fn closed(&self) {
        self.tx.closed().await
    }
}
