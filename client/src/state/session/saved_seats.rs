//! The seat book: the seat this session holds, written to the saved seats when granted and
//! forgotten when its game ends, when the player leaves or when the server refuses it.

use super::Session;
use crate::state::seats::{now_secs, SavedCompanion, SavedSeat};
use yonin_core::protocol::{ClientMessage, Occupant, ResumeToken, RoomPhase};
use yonin_core::record::stored::StoredPlayer;
use yonin_core::Variant;

impl Session {
    /// The seat we hold as it should be saved, from what we know of its room and table;
    /// None when there is none, or when its game is over (a rematch saves it again).
    pub(super) fn seat_to_save(&self) -> Option<SavedSeat> {
        let token = self.token?;
        let room = self.seat_room?;
        let state = self.room.as_ref().filter(|r| r.id == room);
        let table = self.table.as_ref();
        if state.is_some_and(|r| r.phase == RoomPhase::Finished)
            || table.is_some_and(|t| t.is_over())
        {
            return None;
        }
        let prev = self.saved.as_ref().filter(|s| s.room == room);
        // The room's `you` first: in pass and play the table shows whoever moves.
        let seat = state
            .and_then(|r| r.you)
            .or(table.and_then(|t| t.me))
            .or(prev.map(|s| s.seat))?;
        let summary = self.rooms.iter().find(|r| r.id == room);
        let room_name = state
            .map(|r| r.settings.name.clone())
            .or(summary.map(|r| r.name.clone()))
            .or(prev.map(|s| s.room_name.clone()))
            .unwrap_or_default();
        let variant = state
            .map(|r| r.settings.rules.variant)
            .or(summary.map(|r| r.variant))
            .or(prev.map(|s| s.variant))
            .unwrap_or(Variant::Standard);
        let seats = table.map(|t| &t.seats).or(state.map(|r| &r.seats));
        let mut others: Vec<StoredPlayer> = seats
            .into_iter()
            .flatten()
            .filter(|s| s.seat != seat)
            .filter_map(|s| match &s.occupant {
                Occupant::Person(p) => Some(StoredPlayer::Person {
                    name: p.name.clone(),
                }),
                Occupant::Bot(level) => Some(StoredPlayer::Bot { level: *level }),
                Occupant::Empty => None,
            })
            .collect();
        if others.is_empty() {
            others = prev.map(|s| s.others.clone()).unwrap_or_default();
        }
        Some(SavedSeat {
            server: self.place.clone(),
            room,
            room_name,
            seat,
            token,
            variant,
            name: self.name.clone(),
            others,
            companions: self
                .companions
                .iter()
                .filter_map(|c| {
                    Some(SavedCompanion {
                        name: c.name.clone(),
                        seat: c.seat,
                        token: c.token?,
                    })
                })
                .collect(),
            saved_at: now_secs(),
        })
    }

    /// Writes the seat we hold to the saved seats, when it changed.
    pub(super) fn save_seat(&mut self) {
        let Some(book) = &self.seat_book else {
            return;
        };
        let Some(seat) = self.seat_to_save() else {
            return;
        };
        if self.saved.as_ref().is_some_and(|s| s.same_as(&seat)) {
            return;
        }
        if let Err(e) = book.keep(seat.clone()) {
            tracing::warn!("could not save the seat: {e}");
        }
        self.saved = Some(seat);
    }

    /// Forgets the seat `token` holds, on disk too.
    pub(super) fn forget_token(&mut self, token: ResumeToken) {
        if self.saved.as_ref().is_some_and(|s| s.token == token) {
            self.saved = None;
        }
        self.rejoinable.retain(|s| s.token != token);
        if let Some(book) = &self.seat_book {
            if let Err(e) = book.forget(token) {
                tracing::warn!("could not forget a saved seat: {e}");
            }
        }
    }

    /// Forgets the seat we hold from the saved seats: its game ended, or the player leaves it
    /// on purpose. (The connection keeps it until the server says otherwise.)
    pub(crate) fn forget_seat(&mut self) {
        if let Some(token) = self.token {
            self.forget_token(token);
        }
    }

    /// The saved seats of this server other than the one we hold.
    pub(super) fn refresh_rejoinable(&mut self) {
        self.rejoinable = match &self.seat_book {
            Some(book) => book
                .list()
                .into_iter()
                .filter(|s| s.server == self.place)
                .filter(|s| Some(s.token) != self.token && Some(s.token) != self.resuming)
                .collect(),
            None => Vec::new(),
        };
    }

    /// A saved seat's token was presented and the server has not answered yet.
    pub(crate) fn is_resuming(&self) -> bool {
        self.resuming.is_some()
    }

    /// Takes a saved seat of this server back (the lobby's "Rejoin your game").
    pub fn rejoin_saved(&mut self, saved: &SavedSeat) {
        self.refused = None;
        self.resuming = Some(saved.token);
        self.send(ClientMessage::Resume { token: saved.token });
    }
}
