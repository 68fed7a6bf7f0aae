//! The server's messages as the session takes them: the network thread's events, then each
//! `ServerMessage` changing the lobby, the room, the table and the notices.

use super::{Link, Plan, Session};
use crate::i18n::words::refusal_words;
use crate::i18n::{level_name, side_name, tr, trf, Text};
use crate::net::NetEvent;
use crate::state::reconnect::{sync_grace, Reconnect, Rejoin, DEFAULT_GRACE};
use crate::state::seats::ServerPlace;
use crate::state::table::{Cue, Table};
use yonin_core::protocol::{
    self, ChatScope, ClientMessage, ErrorCode, LeaveReason, Occupant, RoomPhase, ServerMessage,
    PROTOCOL_VERSION,
};
use yonin_core::{Seat, Variant};

impl Session {
    /// A seat in a notice: in Yonin its name ("West"); in standard shogi its person and side
    /// ("Bob (Gote △)"), as compass seats mean nothing there.
    pub(super) fn seat_words(&self, seat: Seat) -> String {
        let variant = self
            .table
            .as_ref()
            .map(|t| t.variant())
            .or(self.room.as_ref().map(|r| r.settings.rules.variant))
            .unwrap_or(Variant::Yonin);
        let side = side_name(seat, variant);
        if variant == Variant::Yonin {
            return side;
        }
        let person = self
            .table
            .as_ref()
            .and_then(|t| t.person(seat))
            .map(|(n, _)| n);
        let person = person.or_else(|| {
            let room = self.room.as_ref()?;
            let info = room.seats.iter().find(|s| s.seat == seat)?;
            match &info.occupant {
                Occupant::Person(p) => Some(p.name.clone()),
                _ => None,
            }
        });
        match person {
            Some(name) => format!("{name} ({side})"),
            None => side,
        }
    }

    pub fn handle(&mut self, ev: NetEvent, now: f64) -> Vec<Cue> {
        match ev {
            NetEvent::Hosting { addr, games_kept } => {
                self.hosting = Some(addr);
                if let ServerPlace::Hosted { port } = &mut self.place {
                    *port = addr.port();
                }
                if !games_kept && self.resuming.is_some() {
                    // Our server could not open its store (another window of the game holds
                    // it): it does not know the seat. Keep the seat on disk for that window,
                    // and do not present its token here.
                    self.resuming = None;
                    self.seat_room = None;
                    self.saved = None;
                    let text = tr(Text::SavedSeatElsewhere).to_string();
                    self.refused = Some(text.clone());
                    self.notice(text, now, true);
                    return vec![Cue::Illegal];
                }
                self.seat_companions();
                Vec::new()
            }
            NetEvent::Connected { .. } => {
                // Coming back: the token in Hello gives the seat back at once.
                let resume = self
                    .reconnect
                    .as_ref()
                    .filter(|r| r.active())
                    .and_then(|r| match r.target {
                        Rejoin::Seat(token) => Some(token),
                        Rejoin::Watch { .. } => None,
                    })
                    .or(self.resuming);
                self.send(ClientMessage::Hello {
                    version: PROTOCOL_VERSION,
                    name: self.name.clone(),
                    resume,
                });
                Vec::new()
            }
            NetEvent::Closed(why) => {
                if let Some(f) = self.following.take() {
                    // The room's node cannot be reached: back to the lobby we came from.
                    self.notice(trf(Text::RedirectFailed, &[&why]), now, true);
                    self.place = ServerPlace::Remote {
                        url: f.back.clone(),
                    };
                    self.link = Link::Connecting;
                    if !self.net.follow(&f.back) {
                        self.link = Link::Closed(why);
                    }
                    return vec![Cue::Illegal];
                }
                if let Some(r) = &mut self.reconnect {
                    r.failed(now, why.clone());
                    self.link = if r.active() {
                        Link::Connecting
                    } else {
                        Link::Closed(why)
                    };
                } else if let Some(target) = self.resumable() {
                    let grace = self
                        .room
                        .as_ref()
                        .and_then(|r| r.settings.grace_ms)
                        .map_or(DEFAULT_GRACE, |ms| ms as f64 / 1000.0);
                    self.reconnect = Some(Reconnect::new(target, now, grace, why));
                    self.link = Link::Connecting;
                } else if !matches!(self.link, Link::Closed(_)) {
                    self.link = Link::Closed(why);
                }
                self.drive_reconnect(now);
                Vec::new()
            }
            NetEvent::Message(m) => self.on_message(m, now),
        }
    }

    pub(super) fn on_message(&mut self, msg: ServerMessage, now: f64) -> Vec<Cue> {
        let mut cues = Vec::new();
        match msg {
            ServerMessage::Welcome {
                player_id,
                server_name,
                name,
                ..
            } => {
                self.link = Link::Open;
                self.player_id = Some(player_id);
                self.server_name = server_name;
                self.name = name;
                self.refresh_rejoinable();
                // Sent here by another node: ask for the room again, here.
                if let Some(f) = self.following.take() {
                    self.send(f.ask);
                    return cues;
                }
                // Back after a lost connection: the seat comes back by itself (its token was
                // in Hello), a spectator asks to watch again; no new room either way.
                if let Some(r) = self.reconnect.as_ref().filter(|r| r.active()) {
                    if let Rejoin::Watch { room, code } = r.target.clone() {
                        self.send(ClientMessage::Spectate { room, code });
                    }
                    return cues;
                }
                if let Plan::CreateAndStart(settings) = &self.plan {
                    let settings = settings.clone();
                    self.send(ClientMessage::CreateRoom { settings });
                }
            }
            ServerMessage::Error { code, message } => {
                if code == ErrorCode::BadToken {
                    // The seat this token held is gone: forget it on disk as well.
                    let active = self
                        .reconnect
                        .as_ref()
                        .filter(|r| r.active())
                        .map(|r| r.target.clone());
                    let presented = match &active {
                        Some(Rejoin::Seat(t)) => Some(*t),
                        Some(Rejoin::Watch { .. }) => None,
                        None => self.resuming.or(self.token),
                    };
                    if let Some(t) = presented {
                        self.forget_token(t);
                    }
                    if active.is_none() {
                        if let Some(t) = self.resuming.take() {
                            // A saved seat: say so in words.
                            if self.token == Some(t) {
                                self.token = None;
                            }
                            let text = trf(Text::SavedSeatGone, &[&message]);
                            self.refused = Some(text.clone());
                            self.notice(text, now, true);
                            cues.push(Cue::Illegal);
                            return cues;
                        }
                    }
                }
                let watching = self
                    .reconnect
                    .as_ref()
                    .is_some_and(|r| matches!(r.target, Rejoin::Watch { .. }));
                // A refused token, or any refusal while asking to watch again.
                if code == ErrorCode::BadToken || watching {
                    if let Some(r) = self.reconnect.as_mut().filter(|r| r.active()) {
                        r.refused(message.clone());
                        self.token = None;
                        if self.table.is_none() {
                            // Only a room was waiting (no board to show the refusal over):
                            // back to the lobby at once, with the reason.
                            self.abandon_seat();
                            self.notice(trf(Text::SeatRefused, &[&message]), now, true);
                        }
                        return cues;
                    }
                }
                // A refused line: the room's chat in a room, else the lobby's.
                let log = if self.room.is_some() {
                    &mut self.chat
                } else {
                    &mut self.lobby_chat
                };
                if matches!(code, ErrorCode::RateLimited | ErrorCode::BadChat)
                    && log.refused(&message, now)
                {
                    cues.push(Cue::Illegal);
                    return cues;
                }
                let text = match code {
                    ErrorCode::VersionMismatch => trf(Text::VersionMismatch, &[&message]),
                    ErrorCode::ServerFull => tr(Text::ServerFull).into(),
                    _ => message,
                };
                self.notice(text, now, true);
                cues.push(Cue::Illegal);
            }
            ServerMessage::NameSet { name } => self.name = name,
            ServerMessage::Redirect(to) => {
                let protocol::Redirect {
                    url,
                    room,
                    watch,
                    seat,
                    code,
                } = *to;
                let ask = if watch {
                    ClientMessage::Spectate { room, code }
                } else {
                    ClientMessage::Join { room, seat, code }
                };
                if let Err(text) = self.follow(&url, ask) {
                    self.notice(text, now, true);
                    cues.push(Cue::Illegal);
                }
            }
            ServerMessage::RoomList { rooms } => self.rooms = rooms,
            ServerMessage::RoomUpdated { room } => {
                match self.rooms.iter_mut().find(|r| r.id == room.id) {
                    Some(r) => *r = room,
                    None => self.rooms.push(room),
                }
            }
            ServerMessage::RoomRemoved { room } => self.rooms.retain(|r| r.id != room),
            ServerMessage::Chat {
                scope: ChatScope::Room,
                from,
                text,
            } => {
                self.chat
                    .heard(&from, text, self.room.as_ref(), self.player_id, now);
            }
            ServerMessage::ChatHistory { room, lines }
                if self.room.as_ref().is_some_and(|r| r.id == room) =>
            {
                self.chat
                    .replace_with(&lines, self.room.as_ref(), self.player_id, now);
            }
            ServerMessage::ChatHistory { .. } => {}
            ServerMessage::FirstDrawn { room, draw }
                if self.room.as_ref().is_some_and(|r| r.id == room) =>
            {
                self.first_draw = Some((draw, now));
            }
            ServerMessage::FirstDrawn { .. } => {}
            ServerMessage::Chat {
                scope: ChatScope::Lobby,
                from,
                text,
            } => self
                .lobby_chat
                .heard_in_lobby(&from, text, self.player_id, now),
            ServerMessage::RoomState(state) => {
                let state = *state;
                let back = self.reconnect.as_ref().is_some_and(
                    |r| matches!(r.target, Rejoin::Watch { room, .. } if room == state.id),
                );
                if back {
                    self.reconnect = None;
                    self.notice(tr(Text::ResumedWatching), now, false);
                }
                if let Some(t) = &mut self.table {
                    t.set_seats(state.seats.clone());
                    t.time_control = state.settings.time_control;
                    sync_grace(t, now);
                }
                let ready = state.phase == RoomPhase::Waiting
                    && Some(state.host) == self.player_id
                    && state
                        .seats
                        .iter()
                        .all(|s| !matches!(s.occupant, Occupant::Empty));
                if ready && matches!(self.plan, Plan::CreateAndStart(_)) && !self.start_sent {
                    self.start_sent = true;
                    self.send(ClientMessage::Start);
                }
                self.room = Some(state);
                self.seat_companions();
                self.save_seat();
                self.tell_pace();
            }
            ServerMessage::SeatGranted { room, token, .. } => {
                // A new seat (or the same after a restart): the host tells the pace again.
                self.pace_told = None;
                let resumed = self.resuming.take().is_some();
                if self.reconnect.take().is_some() || resumed {
                    self.notice(tr(Text::Resumed), now, false);
                }
                self.refused = None;
                self.token = Some(token);
                self.seat_room = Some(room);
                self.rejoinable.retain(|s| s.token != token);
                self.save_seat();
            }
            ServerMessage::LeftRoom { room, reason } => {
                if self.seat_room == Some(room) {
                    // Left on purpose, moved, kicked or closed: the seat is gone either way.
                    self.forget_seat();
                    self.seat_room = None;
                }
                self.room = None;
                self.token = None;
                self.chat.clear();
                if !self.table.as_ref().is_some_and(|t| t.is_over()) {
                    self.table = None;
                }
                let text = match reason {
                    LeaveReason::Left => None,
                    LeaveReason::Kicked => Some(tr(Text::Kicked)),
                    LeaveReason::RoomClosed => Some(tr(Text::RoomClosed)),
                    LeaveReason::Moved => None,
                };
                if let Some(t) = text {
                    self.notice(t, now, true);
                }
            }
            ServerMessage::GameStarted(state) => {
                // A skip lasts one game.
                self.hurried = false;
                let tc = self
                    .room
                    .as_ref()
                    .map(|r| r.settings.time_control)
                    .unwrap_or_default();
                if let Some(token) = state.token {
                    self.token = Some(token);
                    if state.you.is_some() {
                        self.seat_room = Some(state.room);
                    }
                }
                match Table::from_state(&state, tc, now) {
                    Ok(mut t) => {
                        sync_grace(&mut t, now);
                        if t.my_turn() {
                            cues.push(Cue::MyTurn);
                        }
                        self.table = Some(t);
                        self.save_seat();
                    }
                    Err(e) => self.notice(trf(Text::GameUnreadable, &[&e.to_string()]), now, true),
                }
            }
            ServerMessage::GameEvents {
                action,
                events,
                clocks,
            } => {
                if let Some(t) = &mut self.table {
                    let was_over = t.is_over();
                    cues.extend(t.apply(&action, &events, clocks, now));
                    let ended = !was_over && t.is_over();
                    if t.desync {
                        t.desync = false;
                        if let Some(token) = self.token {
                            // Fetch the whole game again.
                            self.send(ClientMessage::Resume { token });
                        }
                    }
                    if ended {
                        // These events ended the game: GameOver follows with the record, but
                        // the seat is already nothing to come back to (forgotten once, here).
                        self.forget_seat();
                    }
                }
            }
            ServerMessage::GameRefused {
                request,
                code,
                message,
            } => {
                self.notice(refusal_words(request, code, message), now, true);
                cues.push(Cue::Illegal);
            }
            ServerMessage::GameOver { outcome, record } => {
                if let Some(t) = &mut self.table {
                    t.finish(outcome, record);
                }
                // Nothing left to come back to.
                self.forget_seat();
            }
            ServerMessage::DrawOffered { by } => {
                if let Some(t) = &mut self.table {
                    // The mirror keeps the offer as the room does (a stale one is harmless).
                    let _ = t.game.offer_draw(by, false);
                }
                self.notice(
                    trf(Text::OffersDrawNotice, &[&self.seat_words(by)]),
                    now,
                    false,
                );
            }
            ServerMessage::DrawDeclined { by } => {
                if let Some(t) = &mut self.table {
                    let _ = t.game.decline_draw(by);
                }
                self.notice(trf(Text::DeclinedDraw, &[&self.seat_words(by)]), now, false);
            }
            ServerMessage::SeatDisconnected { seat, grace_ms } => {
                if let Some(t) = &mut self.table {
                    if let Some(s) = t.seats.iter_mut().find(|s| s.seat == seat) {
                        s.connected = false;
                        s.grace_ms = Some(grace_ms);
                    }
                    t.grace_until[seat] = Some(now + grace_ms as f64 / 1000.0);
                }
                self.notice(
                    trf(
                        Text::LostConnection,
                        &[&self.seat_words(seat), &(grace_ms / 1000)],
                    ),
                    now,
                    false,
                );
            }
            ServerMessage::SeatReconnected { seat } => {
                if let Some(t) = &mut self.table {
                    if let Some(s) = t.seats.iter_mut().find(|s| s.seat == seat) {
                        s.connected = true;
                        s.grace_ms = None;
                        s.stand_in = None;
                    }
                    t.learn_people();
                    t.grace_until[seat] = None;
                    t.game.seat_back(seat);
                }
                self.notice(trf(Text::IsBack, &[&self.seat_words(seat)]), now, false);
            }
            ServerMessage::BotTookOver {
                seat,
                level,
                claimable,
            } => {
                if let Some(t) = &mut self.table {
                    if let Some(s) = t.seats.iter_mut().find(|s| s.seat == seat) {
                        s.stand_in = Some(level);
                        s.grace_ms = None;
                    }
                    t.learn_people();
                    t.grace_until[seat] = None;
                    if claimable {
                        t.game.stand_in(seat);
                    }
                }
                self.notice(
                    trf(
                        Text::BotNowPlays,
                        &[&level_name(level), &self.seat_words(seat)],
                    ),
                    now,
                    false,
                );
            }
            ServerMessage::Pong { .. } => {}
            ServerMessage::ServerShutdown { message } => {
                self.server_stopping = true;
                self.notice(trf(Text::ServerStopping, &[&message]), now, true);
            }
            // Messages this client does not use (game archive listings and the like).
            _ => {}
        }
        cues
    }
}
