//! `Outbox`: the handle through which actors send messages to one client. It wraps a bounded
//! queue drained by the client's connection task; actors never wait on it. A client whose queue
//! is full is too slow: it is marked and its connection closes itself (close code 1008), so a
//! slow reader never stalls a room or the lobby.

use crate::limits::{CHAT_SHED_ABOVE, OUTBOX_CAPACITY};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tokio::sync::{mpsc, Notify};
use yonin_core::protocol::{PlayerId, ServerMessage};

/// What the connection task writes to its socket.
pub type Outgoing = Arc<ServerMessage>;

/// The sending side of a client's queue. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Outbox {
    pub player: PlayerId,
    tx: mpsc::Sender<Outgoing>,
    overflow: Arc<Overflow>,
}

/// Raised once when the queue overflowed. An atomic flag plus a `Notify` rather than a lock:
/// many actors may set it, one connection task waits for it, and nothing else is shared.
#[derive(Debug, Default)]
pub struct Overflow {
    raised: AtomicBool,
    notify: Notify,
}

impl Overflow {
    /// Waits until the queue has overflowed.
    pub async fn wait(&self) {
        loop {
            if self.raised.load(Ordering::Acquire) {
                return;
            }
            self.notify.notified().await;
        }
    }
}

impl Outbox {
    /// A new queue for `player`: the handle, the receiver and the overflow signal.
    pub fn new(player: PlayerId) -> (Outbox, mpsc::Receiver<Outgoing>, Arc<Overflow>) {
        let (tx, rx) = mpsc::channel(OUTBOX_CAPACITY);
        let overflow = Arc::new(Overflow::default());
        (
            Outbox {
                player,
                tx,
                overflow: overflow.clone(),
            },
            rx,
            overflow,
        )
    }

    /// Queues a message without waiting. A full queue marks the client too slow.
    pub fn send(&self, msg: ServerMessage) {
        self.send_shared(Arc::new(msg));
    }

    /// Queues a message that may be shed: when the client's queue already holds more than
    /// `CHAT_SHED_ABOVE` messages it is dropped for this client (who is behind anyway) instead of
    /// pushing the queue towards overflow. For chat lines, never for game messages.
    pub fn send_sheddable(&self, msg: Outgoing) {
        if OUTBOX_CAPACITY - self.tx.capacity() > CHAT_SHED_ABOVE {
            tracing::debug!(player = %self.player, "chat line shed: the queue is filling");
            return;
        }
        self.send_shared(msg);
    }

    /// Queues a message shared with other receivers (broadcasts encode nothing twice here).
    pub fn send_shared(&self, msg: Outgoing) {
        match self.tx.try_send(msg) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(_)) => {
                if !self.overflow.raised.swap(true, Ordering::AcqRel) {
                    tracing::info!(player = %self.player, "client too slow: its queue is full");
                }
                self.overflow.notify.notify_one();
            }
            // The connection is gone; its tasks tell the lobby and rooms themselves.
            Err(mpsc::error::TrySendError::Closed(_)) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_queue_raises_the_overflow_without_waiting() {
        let (outbox, mut rx, overflow) = Outbox::new(PlayerId(1));
        for n in 0..OUTBOX_CAPACITY as u64 {
            outbox.send(ServerMessage::Pong { nonce: n });
        }
        assert!(!overflow.raised.load(Ordering::Acquire));
        outbox.send(ServerMessage::Pong { nonce: 0 });
        tokio::time::timeout(std::time::Duration::from_secs(1), overflow.wait())
            .await
            .expect("the overflow is signalled");
        assert!(rx.recv().await.is_some());
    }

    #[test]
    fn chat_is_shed_before_the_queue_fills() {
        let (outbox, _rx, overflow) = Outbox::new(PlayerId(1));
        let chat = Arc::new(ServerMessage::Pong { nonce: 7 });
        for _ in 0..OUTBOX_CAPACITY * 2 {
            outbox.send_sheddable(chat.clone());
        }
        assert!(
            !overflow.raised.load(Ordering::Acquire),
            "chat alone never overflows"
        );
        // Game messages still get the rest of the queue.
        for n in 0..(OUTBOX_CAPACITY - CHAT_SHED_ABOVE - 1) as u64 {
            outbox.send(ServerMessage::Pong { nonce: n });
        }
        assert!(!overflow.raised.load(Ordering::Acquire));
    }
}
