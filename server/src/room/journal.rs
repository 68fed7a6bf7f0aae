//! A room's game in progress in the store: written as it goes (its start, each action with the
//! clocks, its seats when they change hands), durably before anyone hears of it, and read back
//! by a restarting server, which carries the game on where it stopped.

use super::*;
use crate::store::live::{LiveEntry, LiveGame, LiveId, LiveSeat};
use crate::store::StoreError;
use yonin_core::protocol::StoredPlayer;

/// A write the current command owes the store.
pub(super) enum Pending {
    /// The game started: its header.
    Start,
    /// An action, at its index in the game's action list, with the clocks after it.
    Append(u32, LiveEntry),
}

impl Room {
    /// The game's header as the store keeps it: settings, rules, start, seats.
    pub(super) fn live_game(&self) -> Option<LiveGame> {
        let m = self.game.as_ref()?;
        let seats = self
            .in_play
            .iter()
            .filter_map(|seat| {
                let (player, stand_in, token_hash) = match &self.seats[seat] {
                    Slot::Person(p) => (
                        StoredPlayer::Person {
                            name: p.name.clone(),
                        },
                        p.stand_in,
                        Some(p.token_hash),
                    ),
                    Slot::Bot(level) => (StoredPlayer::Bot { level: *level }, None, None),
                    Slot::Empty => return None,
                };
                Some(LiveSeat {
                    seat,
                    player,
                    stand_in,
                    token_hash,
                })
            })
            .collect();
        Some(LiveGame {
            settings: self.settings.clone(),
            join_code: self.join_code.clone(),
            rules: *m.game.rules(),
            start: m.start_text.clone(),
            seats,
            seed: m.seed,
            started_ms: m.started_ms,
        })
    }

    /// Notes that the action just applied (the last of the list) must reach the store.
    pub(super) fn journal_action(&mut self, action: Action, now: Instant) {
        if self.journal.is_none() {
            return;
        }
        let clocks = self.clocks(now);
        let Some(m) = self.game.as_ref() else {
            return;
        };
        let ply = m.actions.len().saturating_sub(1) as u32;
        self.pending_writes.push(Pending::Append(
            ply,
            LiveEntry {
                action,
                clocks,
                at_ms: crate::store::now_ms(),
            },
        ));
    }

    /// Writes what the command owes the store, and the seats when they changed hands; each
    /// write is durable when this returns. A failed write leaves the game playing in memory:
    /// the players are told, once, in words, that it is not being saved.
    pub(super) async fn write_journal(&mut self) {
        let writes = std::mem::take(&mut self.pending_writes);
        let Some(journal) = self.journal.clone() else {
            return;
        };
        let mut failure: Option<StoreError> = None;
        for write in writes {
            let result = match write {
                Pending::Start => match self.live_game() {
                    Some(game) => {
                        self.written_seats = Some(game.seats.clone());
                        journal.start(game).await.map(|id| {
                            if let Some(m) = self.game.as_mut() {
                                m.live = Some(id);
                            }
                        })
                    }
                    None => Ok(()),
                },
                Pending::Append(ply, entry) => match self.live_id() {
                    Some(id) => journal.append(id, ply, entry).await,
                    None => Ok(()),
                },
            };
            if let Err(e) = result {
                failure.get_or_insert(e);
            }
        }
        // The seats changed hands (a stand-in, a resume under another name): rewrite the header.
        if let (Some(id), Some(game)) = (self.live_id(), self.live_game()) {
            if self.written_seats.as_ref() != Some(&game.seats) && self.playing() {
                let seats = game.seats.clone();
                match journal.rewrite(id, game).await {
                    Ok(()) => self.written_seats = Some(seats),
                    Err(e) => {
                        failure.get_or_insert(e);
                    }
                }
            }
        }
        if let Some(e) = failure {
            self.not_saved(&e);
        }
    }

    fn live_id(&self) -> Option<LiveId> {
        self.game.as_ref().and_then(|m| m.live)
    }

    /// Tells the players once per game that the store failed, and logs every failure.
    pub(super) fn not_saved(&mut self, e: &StoreError) {
        tracing::error!(room = %self.id, "the game in progress was not written: {e}");
        let Some(m) = self.game.as_mut() else {
            return;
        };
        if std::mem::replace(&mut m.unsaved, true) {
            return;
        }
        self.broadcast(ServerMessage::error(
            ErrorCode::StoreUnavailable,
            format!(
                "this game is not being saved ({}); it goes on, but a restart of the server \
                 would lose it",
                short_reason(e)
            ),
        ));
    }
}

/// The words for players of why the store failed.
pub(super) fn short_reason(e: &StoreError) -> &'static str {
    if e.is_full() {
        "the game store is full"
    } else if e.is_io() {
        "the server's disk failed or is full"
    } else {
        "the game store failed"
    }
}
