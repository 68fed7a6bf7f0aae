//! Pass and play: the other people at this computer, each on a connection of their own
//! ([`crate::state::together`]), seated when the room is ready, and the table following the
//! turn from one to the next.

use super::Session;
use crate::i18n::{trf, Text};
use crate::state::table::Cue;
use crate::state::together::{Companion, News};
use yonin_core::protocol::{Occupant, PlayerId, RoomPhase};
use yonin_core::Seat;

impl Session {
    /// The person at this computer (besides the first) sitting in `seat`.
    pub(super) fn companion_at(&self, seat: Seat) -> Option<&Companion> {
        let id = self.person_in(seat)?;
        self.companions.iter().find(|c| c.player_id == Some(id))
    }

    /// The person in `seat`, as the table (or else the room) knows it.
    pub(super) fn person_in(&self, seat: Seat) -> Option<PlayerId> {
        let seats = self
            .table
            .as_ref()
            .map(|t| &t.seats)
            .filter(|s| !s.is_empty())
            .or(self.room.as_ref().map(|r| &r.seats))?;
        match &seats.iter().find(|s| s.seat == seat)?.occupant {
            Occupant::Person(p) => Some(p.id),
            _ => None,
        }
    }

    /// The seats of the people at this computer (pass and play; empty otherwise).
    pub(super) fn seats_here(&self) -> Vec<Seat> {
        if self.companions.is_empty() {
            return Vec::new();
        }
        let ids: Vec<PlayerId> = self
            .player_id
            .into_iter()
            .chain(self.companions.iter().filter_map(|c| c.player_id))
            .collect();
        self.table
            .iter()
            .flat_map(|t| t.seats.iter())
            .filter(|s| matches!(&s.occupant, Occupant::Person(p) if ids.contains(&p.id)))
            .map(|s| s.seat)
            .collect()
    }

    /// Pass and play: the table shows the person at this computer whose turn it is (and,
    /// while the computers move, the last of them who is still in the game); the board turns
    /// with them unless the setting keeps it.
    pub(super) fn follow_turn(&mut self, now: f64) -> Vec<Cue> {
        let here = self.seats_here();
        let home = self.room.as_ref().and_then(|r| r.you);
        let turn_board = self.turn_board;
        let Some(t) = self.table.as_mut().filter(|_| !here.is_empty()) else {
            return Vec::new();
        };
        t.here = here.clone();
        t.view_from = if turn_board { None } else { home };
        let dead: Vec<Seat> = t.game.position().dead().collect();
        let next = match t.to_move() {
            Some(s) if here.contains(&s) => Some(s),
            _ if t.me.is_some_and(|m| dead.contains(&m)) => {
                here.iter().copied().find(|s| !dead.contains(s))
            }
            _ => None,
        };
        let Some(next) = next.filter(|&s| t.me != Some(s)) else {
            return Vec::new();
        };
        t.me = Some(next);
        if t.to_move() != Some(next) || here.len() < 2 {
            return Vec::new();
        }
        let text = trf(Text::PassTo, &[&t.name(next)]);
        self.notice(text, now, false);
        vec![Cue::MyTurn]
    }

    /// Takes the seats of the people at this computer once the room and the server's
    /// address are known (a new game), or their seats back (after a restart).
    pub(super) fn seat_companions(&mut self) {
        let Some(addr) = self.hosting else {
            return;
        };
        if let Some(saved) = self.saved.clone() {
            for c in std::mem::take(&mut self.companions_to_resume) {
                let back = Companion::resume(addr, saved.room, c.seat, &c.name, c.token);
                self.companions.push(back);
            }
        }
        let Some(room) = self
            .room
            .as_ref()
            .filter(|r| r.phase == RoomPhase::Waiting && Some(r.host) == self.player_id)
        else {
            return;
        };
        let room = room.id;
        for (i, seat) in std::mem::take(&mut self.people_to_seat)
            .into_iter()
            .enumerate()
        {
            let name = trf(Text::PersonNumber, &[&(i + 2)]);
            self.companions
                .push(Companion::join(addr, room, seat, &name));
        }
    }

    /// Handles what arrived on the other people's connections.
    pub(super) fn pump_companions(&mut self, now: f64) -> Vec<Cue> {
        let mut cues = Vec::new();
        let mut news = Vec::new();
        for c in &mut self.companions {
            news.extend(c.pump(now));
        }
        for n in news {
            match n {
                News::Refused(text) => {
                    self.notice(text, now, true);
                    cues.push(Cue::Illegal);
                }
                News::Token => self.save_seat(),
            }
        }
        cues.extend(self.follow_turn(now));
        cues
    }
}
