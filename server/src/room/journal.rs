//! A room's game in progress in the store: written as it goes (its start, each action with the
//! clocks, its seats when they change hands), durably before anyone hears of it, and read back
//! by a restarting server, which carries the game on where it stopped.

use super::*;
use crate::store::StoreError;
use crate::store::{LiveEntry, LiveGame, LiveId, LiveSeat};
use yonin_core::record::stored::{GameId, StoredGame, StoredPlayer};

/// How often writes the store refused are tried again while the room has nothing else to do.
pub(super) const JOURNAL_RETRY: Duration = Duration::from_secs(5);

/// A write the current command owes the store.
#[derive(Clone)]
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
        Some(LiveGame {
            settings: self.settings.clone(),
            join_code: self.join_code.clone(),
            rules: *m.game.rules(),
            start: m.start_text.clone(),
            seats: self.live_seats(),
            seed: m.seed,
            started_ms: m.started_ms,
        })
    }

    /// The seats in play as the store keeps them: who plays each, a stand-in, a token's hash.
    fn live_seats(&self) -> Vec<LiveSeat> {
        self.in_play
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
            .collect()
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
    /// the players are told, once, in words, that it is not being saved, and the writes not
    /// yet made stay queued, in order, and are tried again every [`JOURNAL_RETRY`] and with
    /// the next command — so a disk that works again gets the whole game back, with no gap.
    pub(super) async fn write_journal(&mut self) {
        let Some(journal) = self.journal.clone() else {
            self.pending_writes.clear();
            return;
        };
        let mut failure: Option<StoreError> = None;
        if let Some((live, game)) = self.unstored.take() {
            // A finished game the store refused before (it has every action already).
            match end_write(&journal, live, game.clone()).await {
                Ok(id) => tracing::info!(room = %self.id, game = ?id, "game stored on a retry"),
                Err(e) => {
                    self.unstored = Some((live, game));
                    failure = Some(e);
                }
            }
        }
        let mut writes = std::mem::take(&mut self.pending_writes).into_iter();
        while failure.is_none() {
            let Some(write) = writes.next() else {
                break;
            };
            let result = match &write {
                Pending::Start => match self.live_game() {
                    Some(game) => {
                        let seats = game.seats.clone();
                        journal.start(game).await.map(|id| {
                            self.written_seats = Some(seats);
                            if let Some(m) = self.game.as_mut() {
                                m.live = Some(id);
                            }
                        })
                    }
                    None => Ok(()),
                },
                Pending::Append(ply, entry) => match self.live_id() {
                    Some(id) => journal.append(id, *ply, entry.clone()).await,
                    None => Ok(()),
                },
            };
            if let Err(e) = result {
                // This write and every later one wait for the next try, in order.
                self.pending_writes.push(write);
                failure = Some(e);
            }
        }
        self.pending_writes.extend(writes);
        // The seats changed hands (a stand-in, a resume under another name): rewrite the header.
        if failure.is_none() && self.playing() {
            if let Some(id) = self.live_id() {
                if self.written_seats.as_ref() != Some(&self.live_seats()) {
                    if let Some(game) = self.live_game() {
                        let seats = game.seats.clone();
                        match journal.rewrite(id, game).await {
                            Ok(()) => self.written_seats = Some(seats),
                            Err(e) => failure = Some(e),
                        }
                    }
                }
            }
        }
        match failure {
            Some(e) => {
                self.journal_retry_at = Some(Instant::now() + JOURNAL_RETRY);
                if self.pending_end.is_some() {
                    // The game just ended: `announce_end` stores it whole, and says so if it
                    // cannot, beside the result.
                    tracing::error!(room = %self.id, "the game's last action was not written: {e}");
                } else {
                    self.not_saved(&e);
                }
            }
            None => {
                if self.journal_retry_at.take().is_some() {
                    tracing::info!(room = %self.id, "the store works again: the game is saved");
                }
            }
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

/// The store's last word on a game that ended: stored as finished (`stored`: the game to keep)
/// or dropped (None: a game not worth keeping), out of the journal either way.
pub(crate) async fn end_write(
    journal: &Journal,
    live: Option<LiveId>,
    stored: Option<StoredGame>,
) -> Result<Option<GameId>, StoreError> {
    match (stored, live) {
        (Some(game), Some(id)) => journal.finish(id, game).await.map(Some),
        (Some(game), None) => journal.save(game).await.map(Some),
        (None, Some(id)) => journal.discard(id).await.map(|()| None),
        (None, None) => Ok(None),
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
