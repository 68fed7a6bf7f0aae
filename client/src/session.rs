//! A connection to a server as the screens see it: the lobby's rooms, the room we are in, the
//! game table, and messages for the player. It is fed by the network thread's events and
//! never waits for them: `pump` drains what has arrived.
//!
//! Offline play is a session too: the server runs in-process and the session creates a room
//! with bots in the other seats and starts it as soon as the server confirms the room.
//!
//! A connection lost while holding a seat is restored by the session itself: it asks the
//! network thread for new connections on the `reconnect` schedule, presents its resume token
//! in `Hello`, and is back in its seat when the server grants it again.

use crate::chat::{clean_line, ChatError, ChatLog};
use crate::i18n::{level_name, seat_name, tr, trf, Text};
use crate::net::{NetEvent, NetHandle};
use crate::reconnect::{sync_grace, Phase, Reconnect, Rejoin, DEFAULT_GRACE};
use crate::table::{Cue, Table};
use std::net::SocketAddr;
use yonin_core::protocol::{
    ChatScope, ClientMessage, ErrorCode, LeaveReason, Occupant, PlayerId, ResumeToken, RoomPhase,
    RoomSettings, RoomState, RoomSummary, ServerMessage, PROTOCOL_VERSION,
};
use yonin_core::Move;

/// The state of the connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    Connecting,
    Open,
    /// Gone, with the reason in words for people.
    Closed(String),
}

/// A line for the player, shown for a few seconds.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub text: String,
    pub at: f64,
    pub error: bool,
}

/// What the session does by itself once connected.
#[derive(Clone, Debug, PartialEq)]
enum Plan {
    Nothing,
    /// Offline: create this room, then start the game as soon as every seat is filled.
    CreateAndStart(RoomSettings),
}

pub struct Session {
    net: NetHandle,
    pub link: Link,
    /// The name we asked for, then the name the server accepted.
    pub name: String,
    pub player_id: Option<PlayerId>,
    pub server_name: String,
    /// The embedded server's address, when this process hosts.
    pub hosting: Option<SocketAddr>,
    pub offline: bool,
    pub rooms: Vec<RoomSummary>,
    pub room: Option<RoomState>,
    pub table: Option<Table>,
    pub token: Option<ResumeToken>,
    pub notices: Vec<Notice>,
    /// The chat of the room we are in.
    pub chat: ChatLog,
    /// The lobby's chat (everyone on the server), shown beside the list of rooms.
    pub lobby_chat: ChatLog,
    /// A lost connection being restored (None while connected, or when there was no seat
    /// to take back).
    pub reconnect: Option<Reconnect>,
    /// The server said it is stopping: do not try to come back.
    server_stopping: bool,
    plan: Plan,
    start_sent: bool,
}

impl Session {
    fn new(net: NetHandle, name: &str, plan: Plan, offline: bool) -> Session {
        Session {
            net,
            link: Link::Connecting,
            name: name.to_string(),
            player_id: None,
            server_name: String::new(),
            hosting: None,
            offline,
            rooms: Vec::new(),
            room: None,
            table: None,
            token: None,
            notices: Vec::new(),
            chat: ChatLog::default(),
            lobby_chat: ChatLog::default(),
            reconnect: None,
            server_stopping: false,
            plan,
            start_sent: false,
        }
    }

    /// An offline game: the server in-process, a room with these settings, started at once.
    pub fn offline(name: &str, settings: RoomSettings) -> Session {
        Session::new(
            NetHandle::offline(),
            name,
            Plan::CreateAndStart(settings),
            true,
        )
    }

    /// A session with a server elsewhere.
    pub fn online(address: &str, name: &str) -> Session {
        Session::new(NetHandle::connect(address), name, Plan::Nothing, false)
    }

    /// Hosts a server for the local network in this process (announced as "`name`'s
    /// games") and joins its lobby.
    pub fn host(bind: SocketAddr, name: &str) -> Session {
        let server = trf(Text::OwnServer, &[&name]);
        Session::new(NetHandle::host(bind, &server), name, Plan::Nothing, false)
    }

    /// A session with no server behind it, connected as far as the screens can tell: scenes
    /// drawn for screenshots fill in its room, table, chat and reconnection by hand.
    pub fn detached(name: &str) -> Session {
        let mut s = Session::new(NetHandle::detached(), name, Plan::Nothing, false);
        s.link = Link::Open;
        s.player_id = Some(PlayerId(1));
        s
    }

    pub fn send(&self, msg: ClientMessage) {
        if !self.net.send(msg) {
            tracing::debug!("message dropped: the connection is closed");
        }
    }

    pub fn play(&self, mv: Move) {
        self.send(ClientMessage::Move { mv });
    }

    /// Am I the host of the room I am in?
    pub fn is_host(&self) -> bool {
        matches!((&self.room, self.player_id), (Some(r), Some(me)) if r.host == me)
    }

    /// Handles everything that arrived; returns the cues to play.
    pub fn pump(&mut self, now: f64) -> Vec<Cue> {
        let mut cues = Vec::new();
        while let Some(ev) = self.net.try_recv() {
            cues.extend(self.handle(ev, now));
        }
        self.drive_reconnect(now);
        cues
    }

    /// Waits up to `timeout` for one event and handles it (tests and tools).
    pub fn pump_blocking(&mut self, now: f64, timeout: std::time::Duration) -> Vec<Cue> {
        let cues = match self.net.recv_timeout(timeout) {
            Some(ev) => self.handle(ev, now),
            None => Vec::new(),
        };
        self.drive_reconnect(now);
        cues
    }

    /// Says a line in the room's chat (players and spectators alike).
    pub fn say(&mut self, text: &str, now: f64) -> Result<(), ChatError> {
        self.say_in(ChatScope::Room, text, now)
    }

    /// Says a line in the lobby's chat (everyone on the server hears it).
    pub fn say_lobby(&mut self, text: &str, now: f64) -> Result<(), ChatError> {
        self.say_in(ChatScope::Lobby, text, now)
    }

    /// Sends a cleaned line to `scope`'s chat; a refused line is noted in that chat's log.
    fn say_in(&mut self, scope: ChatScope, text: &str, now: f64) -> Result<(), ChatError> {
        let cleaned = clean_line(text);
        let log = match scope {
            ChatScope::Lobby => &mut self.lobby_chat,
            ChatScope::Room => &mut self.chat,
        };
        let text = match cleaned {
            Ok(t) => t,
            Err(e) => {
                log.note_refusal(&e.to_string(), now);
                return Err(e);
            }
        };
        log.sent(now);
        self.send(ClientMessage::Chat { scope, text });
        Ok(())
    }

    /// What we could come back to if the connection dropped now: our seat, or the game we
    /// watch.
    fn resumable(&self) -> Option<Rejoin> {
        if self.server_stopping || self.player_id.is_none() {
            return None;
        }
        let seated = self.room.as_ref().is_some_and(|r| r.you.is_some())
            || self.table.as_ref().is_some_and(|t| t.me.is_some());
        if seated {
            return self.token.map(Rejoin::Seat);
        }
        // Watching a game (not only sitting in a room's audience before it starts).
        let room = self.room.as_ref().filter(|_| self.table.is_some())?;
        Some(Rejoin::Watch {
            room: room.id,
            code: room.join_code.clone(),
        })
    }

    /// Starts the next attempt when one is due.
    fn drive_reconnect(&mut self, now: f64) {
        let Some(r) = &mut self.reconnect else {
            return;
        };
        if r.due(now) {
            r.started();
            if !self.net.reconnect() {
                r.failed(now, tr(Text::NetworkGone).to_string());
            }
        }
        if r.phase == Phase::GaveUp && !matches!(self.link, Link::Closed(_)) {
            self.link = Link::Closed(r.last_error.clone());
        }
    }

    /// After giving up: another period of attempts.
    pub fn retry_reconnect(&mut self, now: f64) {
        if let Some(r) = &mut self.reconnect {
            r.retry(now);
            self.link = Link::Connecting;
        }
    }

    /// Stops trying to get the seat back and forgets the game: back to the lobby (when the
    /// server can be reached) or to the connect screen.
    pub fn abandon_seat(&mut self) {
        let connected =
            self.reconnect.as_ref().is_some_and(|r| !r.active()) && self.link == Link::Open;
        if let Some(r) = self.reconnect.take() {
            if !connected {
                // No connection and no more attempts: the lobby says why.
                self.link = Link::Closed(r.last_error);
            }
        }
        self.table = None;
        self.room = None;
        self.token = None;
        self.chat.clear();
        if connected {
            self.send(ClientMessage::ListRooms);
        }
    }

    fn notice(&mut self, text: impl Into<String>, now: f64, error: bool) {
        self.notices.push(Notice {
            text: text.into(),
            at: now,
            error,
        });
        if self.notices.len() > 20 {
            self.notices.remove(0);
        }
    }

    /// The newest notice still worth showing.
    pub fn current_notice(&self, now: f64) -> Option<&Notice> {
        self.notices.last().filter(|n| now - n.at < 6.0)
    }

    pub fn handle(&mut self, ev: NetEvent, now: f64) -> Vec<Cue> {
        match ev {
            NetEvent::Hosting(addr) => {
                self.hosting = Some(addr);
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
                    });
                self.send(ClientMessage::Hello {
                    version: PROTOCOL_VERSION,
                    name: self.name.clone(),
                    resume,
                });
                Vec::new()
            }
            NetEvent::Closed(why) => {
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

    fn on_message(&mut self, msg: ServerMessage, now: f64) -> Vec<Cue> {
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
                    t.seats = state.seats.clone();
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
            }
            ServerMessage::SeatGranted { token, .. } => {
                if self.reconnect.take().is_some() {
                    self.notice(tr(Text::Resumed), now, false);
                }
                self.token = Some(token);
            }
            ServerMessage::LeftRoom { reason, .. } => {
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
                let tc = self
                    .room
                    .as_ref()
                    .map(|r| r.settings.time_control)
                    .unwrap_or_default();
                if let Some(token) = state.token {
                    self.token = Some(token);
                }
                match Table::from_state(&state, tc, now) {
                    Ok(mut t) => {
                        sync_grace(&mut t, now);
                        if t.my_turn() {
                            cues.push(Cue::MyTurn);
                        }
                        self.table = Some(t);
                    }
                    Err(e) => self.notice(trf(Text::GameUnreadable, &[&e]), now, true),
                }
            }
            ServerMessage::GameEvents {
                action,
                events,
                clocks,
            } => {
                if let Some(t) = &mut self.table {
                    cues.extend(t.apply(&action, &events, clocks, now));
                    if t.desync {
                        t.desync = false;
                        if let Some(token) = self.token {
                            // Fetch the whole game again.
                            self.send(ClientMessage::Resume { token });
                        }
                    }
                }
            }
            ServerMessage::MoveRejected { message, .. } => {
                self.notice(message, now, true);
                cues.push(Cue::Illegal);
            }
            ServerMessage::GameOver { outcome, record } => {
                if let Some(t) = &mut self.table {
                    t.finish(outcome, record);
                }
            }
            ServerMessage::DrawOffered { by } => {
                if let Some(t) = &mut self.table {
                    t.draw_offer = Some(by);
                }
                self.notice(trf(Text::OffersDrawNotice, &[&seat_name(by)]), now, false);
            }
            ServerMessage::DrawDeclined { by } => {
                if let Some(t) = &mut self.table {
                    t.draw_offer = None;
                }
                self.notice(trf(Text::DeclinedDraw, &[&seat_name(by)]), now, false);
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
                        &[&seat_name(seat), &(grace_ms / 1000)],
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
                    t.grace_until[seat] = None;
                    t.claimable.retain(|s| *s != seat);
                }
                self.notice(trf(Text::IsBack, &[&seat_name(seat)]), now, false);
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
                    t.grace_until[seat] = None;
                    if claimable && !t.claimable.contains(&seat) {
                        t.claimable.push(seat);
                    }
                }
                self.notice(
                    trf(Text::BotNowPlays, &[&level_name(level), &seat_name(seat)]),
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
