//! A connection to a server as the screens see it: the lobby's rooms, the room we are in, the
//! game table, and messages for the player. It is fed by the network thread's events and
//! never waits for them: `pump` drains what has arrived.
//!
//! Offline play is a session too: the server runs in-process and the session creates a room
//! with bots in the other seats and starts it as soon as the server confirms the room.

use crate::i18n::{level_name, seat_name, tr, trf, Text};
use crate::net::{NetEvent, NetHandle};
use crate::table::{Cue, Table};
use std::net::SocketAddr;
use yonin_core::protocol::{
    ClientMessage, ErrorCode, LeaveReason, Occupant, PlayerId, ResumeToken, RoomPhase,
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
    pub chat: Vec<String>,
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
            chat: Vec::new(),
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
        cues
    }

    /// Waits up to `timeout` for one event and handles it (tests and tools).
    pub fn pump_blocking(&mut self, now: f64, timeout: std::time::Duration) -> Vec<Cue> {
        match self.net.recv_timeout(timeout) {
            Some(ev) => self.handle(ev, now),
            None => Vec::new(),
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
                self.send(ClientMessage::Hello {
                    version: PROTOCOL_VERSION,
                    name: self.name.clone(),
                    resume: None,
                });
                Vec::new()
            }
            NetEvent::Closed(why) => {
                if !matches!(self.link, Link::Closed(_)) {
                    self.link = Link::Closed(why);
                }
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
                if let Plan::CreateAndStart(settings) = &self.plan {
                    let settings = settings.clone();
                    self.send(ClientMessage::CreateRoom { settings });
                }
            }
            ServerMessage::Error { code, message } => {
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
            ServerMessage::Chat { from, text, .. } => {
                self.chat.push(format!("{}: {text}", from.name));
                if self.chat.len() > 200 {
                    self.chat.remove(0);
                }
            }
            ServerMessage::RoomState(state) => {
                let state = *state;
                if let Some(t) = &mut self.table {
                    t.seats = state.seats.clone();
                    t.time_control = state.settings.time_control;
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
            ServerMessage::SeatGranted { token, .. } => self.token = Some(token),
            ServerMessage::LeftRoom { reason, .. } => {
                self.room = None;
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
                    Ok(t) => {
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
                self.set_connected(seat, false);
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
                self.set_connected(seat, true);
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
                    }
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
                self.notice(trf(Text::ServerStopping, &[&message]), now, true);
            }
            // Messages this client does not use (game archive listings and the like).
            _ => {}
        }
        cues
    }

    fn set_connected(&mut self, seat: yonin_core::Seat, up: bool) {
        if let Some(t) = &mut self.table {
            if let Some(s) = t.seats.iter_mut().find(|s| s.seat == seat) {
                s.connected = up;
            }
        }
    }
}
