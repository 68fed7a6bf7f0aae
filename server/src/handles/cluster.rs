//! The lobby's link to the cluster's NATS side (`ClusterLink`) and what it tells it
//! (`ClusterCmd`).

use tokio::sync::mpsc;
use yonin_core::protocol::{RoomId, RoomSummary};

/// What the lobby may queue for the NATS side (more is dropped; the next refresh repairs it).
const QUEUE: usize = 1024;

/// What the lobby tells the NATS side.
#[derive(Debug)]
pub(crate) enum ClusterCmd {
    /// One of this node's rooms, new or changed.
    Publish(RoomSummary),
    /// One of this node's rooms closed.
    Withdraw(RoomId),
    /// A lobby chat line said here (already checked and rate-limited).
    Chat { name: String, text: String },
}

/// The lobby's end: it never waits.
#[derive(Clone)]
pub(crate) struct ClusterLink {
    tx: mpsc::Sender<ClusterCmd>,
}

impl ClusterLink {
    pub fn tell(&self, cmd: ClusterCmd) {
        if let Err(e) = self.tx.try_send(cmd) {
            tracing::debug!("cluster queue full or gone, dropped: {e}");
        }
    }
}

pub(crate) fn channel() -> (ClusterLink, mpsc::Receiver<ClusterCmd>) {
    let (tx, rx) = mpsc::channel(QUEUE);
    (ClusterLink { tx }, rx)
}
