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
//!
//! With a [`Storage`], the seat also outlives the client: it is written to the saved seats
//! (`seats`) when granted, forgotten when its game ends, when the player leaves or when the
//! server refuses its token, and [`Start::Rejoin`] takes it back after a restart (starting the
//! in-process server again for an offline game or a LAN party hosted here).
//!
//! Pass and play: the other people at this computer of an offline game sit on connections of
//! their own ([`crate::state::together`]); the table follows the turn from one to the next.

mod companions;
mod messages;
mod reconnecting;
mod saved_seats;

use crate::i18n::{trf, Text};
use crate::net::{ws_url, NetHandle};
use crate::state::chat::{clean_line, ChatError, ChatLog};
use crate::state::reconnect::Reconnect;
use crate::state::seats::{SavedCompanion, SavedSeat, SeatBook, ServerPlace};
use crate::state::table::{Cue, Table};
use crate::state::together::{people_here, Companion};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use yonin_core::furigoma::FirstDraw;
use yonin_core::protocol::{
    ChatScope, ClientMessage, GameRequest, PlayerId, ResumeToken, RoomId, RoomSettings, RoomState,
    RoomSummary,
};
use yonin_core::{Move, Seat};

/// The in-process server's store folders inside [`Storage::server_store`]: offline games
/// and LAN parties apart, so a restarted offline server does not carry on a party its guests
/// can no longer reach (it listens on loopback only).
pub(crate) const OFFLINE_STORE: &str = "offline";
pub(crate) const LAN_STORE: &str = "lan";

/// What a session keeps on disk. The app keeps both in the user's data folder; tests give a
/// folder of their own, and scenes keep nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Storage {
    /// The saved seats (None: seats are not saved).
    pub seats: Option<SeatBook>,
    /// The folder of the in-process server's stores (None: its games are kept nowhere).
    pub server_store: Option<PathBuf>,
}

impl Storage {
    /// Nothing is kept.
    pub fn none() -> Storage {
        Storage::default()
    }

    /// Seats in `dir/seats.json`, the in-process server's games in `dir/server/`.
    pub fn in_dir(dir: &Path) -> Storage {
        Storage {
            seats: Some(SeatBook::in_dir(dir)),
            server_store: Some(dir.join("server")),
        }
    }

    /// The user's data folder (nothing without a home folder).
    pub fn user() -> Storage {
        crate::state::settings::data_dir()
            .map(|d| Storage::in_dir(&d))
            .unwrap_or_default()
    }

    fn store(&self, which: &str) -> Option<PathBuf> {
        self.server_store.as_ref().map(|d| d.join(which))
    }
}

/// How a session begins.
#[derive(Clone, Debug)]
pub enum Start {
    /// An offline game: the server in-process, a room with these settings, started at once.
    Offline(RoomSettings),
    /// A server elsewhere (`host:port` or a `ws://` URL).
    Online(String),
    /// A server for the local network in this process, on this address.
    Host(SocketAddr),
    /// A saved seat taken back: its server is reached (or started again here) and the token
    /// presented in `Hello`.
    Rejoin(SavedSeat),
}

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

/// A room on another node of the server's cluster, being followed: what to ask there, and
/// the server to go back to if that one cannot be reached.
#[derive(Clone, Debug, PartialEq)]
struct Following {
    ask: ClientMessage,
    back: String,
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
    /// Which server this is, as the saved seats name it.
    pub place: ServerPlace,
    /// Where seats are saved (None: nowhere).
    seat_book: Option<SeatBook>,
    /// The room of the seat we hold (from `SeatGranted`).
    seat_room: Option<RoomId>,
    /// What was last written for the seat we hold.
    saved: Option<SavedSeat>,
    /// A saved seat's token presented and not answered yet.
    resuming: Option<ResumeToken>,
    /// Saved seats on this server other than the one held (the lobby offers them).
    pub rejoinable: Vec<SavedSeat>,
    /// A saved seat the server did not give back, and its words.
    pub refused: Option<String>,
    /// The least time a computer move takes in rooms this player hosts (ms).
    pub bot_pace_ms: u32,
    /// The pace last told, and to which room.
    pace_told: Option<(RoomId, u32)>,
    /// The player skipped to the result: computers play the rest of this game at once.
    pub hurried: bool,
    /// How chance chose who moves first in this game, and when it was told (local time).
    pub first_draw: Option<(FirstDraw, f64)>,
    /// Pass and play: the other people at this computer, each on a connection of their own.
    companions: Vec<Companion>,
    /// Pass and play: seats for people at this computer, taken once the room exists.
    people_to_seat: Vec<Seat>,
    /// Pass and play after a restart: the other people's saved seats, taken back once the
    /// in-process server listens.
    companions_to_resume: Vec<SavedCompanion>,
    /// Pass and play: the board turns to the person to move (the setting).
    pub turn_board: bool,
    /// A `Redirect` being followed (see [`Following`]).
    following: Option<Following>,
}

impl Session {
    fn new(net: NetHandle, name: &str, plan: Plan, offline: bool, place: ServerPlace) -> Session {
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
            place,
            seat_book: None,
            seat_room: None,
            saved: None,
            resuming: None,
            rejoinable: Vec::new(),
            refused: None,
            bot_pace_ms: 0,
            pace_told: None,
            hurried: false,
            first_draw: None,
            companions: Vec::new(),
            people_to_seat: Vec::new(),
            companions_to_resume: Vec::new(),
            turn_board: true,
            following: None,
        }
    }

    /// Begins a session as `name`, keeping what `storage` says.
    pub fn start(start: Start, name: &str, storage: Storage) -> Session {
        let lan_name = || trf(Text::OwnServer, &[&name]);
        let mut s = match start {
            Start::Offline(settings) => {
                let people = people_here(&settings);
                let mut s = Session::new(
                    NetHandle::offline_with(storage.store(OFFLINE_STORE)),
                    name,
                    Plan::CreateAndStart(settings),
                    true,
                    ServerPlace::InProcess,
                );
                s.people_to_seat = people;
                s
            }
            Start::Online(address) => {
                let url = ws_url(&address);
                Session::new(
                    NetHandle::connect(&url),
                    name,
                    Plan::Nothing,
                    false,
                    ServerPlace::Remote { url },
                )
            }
            Start::Host(bind) => Session::new(
                NetHandle::host_with(bind, &lan_name(), storage.store(LAN_STORE)),
                name,
                Plan::Nothing,
                false,
                ServerPlace::Hosted { port: bind.port() },
            ),
            Start::Rejoin(saved) => {
                let (net, offline) = match &saved.server {
                    ServerPlace::Remote { url } => (NetHandle::connect(url), false),
                    ServerPlace::InProcess => {
                        (NetHandle::offline_with(storage.store(OFFLINE_STORE)), true)
                    }
                    ServerPlace::Hosted { port } => {
                        let bind = SocketAddr::from(([0, 0, 0, 0], *port));
                        let store = storage.store(LAN_STORE);
                        (NetHandle::host_with(bind, &lan_name(), store), false)
                    }
                };
                let mut s = Session::new(net, name, Plan::Nothing, offline, saved.server.clone());
                s.resuming = Some(saved.token);
                s.seat_room = Some(saved.room);
                s.companions_to_resume = saved.companions.clone();
                s.saved = Some(saved);
                s
            }
        };
        s.seat_book = storage.seats;
        s
    }

    /// An offline game: the server in-process, a room with these settings, started at once.
    /// Nothing is kept on disk.
    pub fn offline(name: &str, settings: RoomSettings) -> Session {
        Session::start(Start::Offline(settings), name, Storage::none())
    }

    /// An offline room whose open seats stay open: nobody at this computer takes them, so it
    /// waits in the room (the `room` scene; `offline` would seat a person there and start).
    pub fn offline_waiting(name: &str, settings: RoomSettings) -> Session {
        let mut s = Session::offline(name, settings);
        s.people_to_seat.clear();
        s
    }

    /// A session with a server elsewhere (nothing kept on disk).
    pub fn online(address: &str, name: &str) -> Session {
        Session::start(Start::Online(address.to_string()), name, Storage::none())
    }

    /// Hosts a server for the local network in this process (announced as "`name`'s
    /// games") and joins its lobby (nothing kept on disk).
    pub fn host(bind: SocketAddr, name: &str) -> Session {
        Session::start(Start::Host(bind), name, Storage::none())
    }

    /// A session with no server behind it, connected as far as the screens can tell: scenes
    /// drawn for screenshots fill in its room, table, chat and reconnection by hand.
    pub fn detached(name: &str) -> Session {
        let mut s = Session::new(
            NetHandle::detached(),
            name,
            Plan::Nothing,
            false,
            ServerPlace::InProcess,
        );
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
        self.send_as_player(ClientMessage::Game(GameRequest::Move(mv)));
    }

    /// Sends a game request (a move, a resignation, a draw…) for the player at the table:
    /// in pass and play, on the connection of the person whose seat the table shows.
    pub fn send_as_player(&self, msg: ClientMessage) {
        let seat = self.table.as_ref().and_then(|t| t.me);
        match seat.and_then(|s| self.companion_at(s)) {
            Some(c) => c.send(msg),
            None => self.send(msg),
        }
    }

    /// Asks for a rematch for every person at this computer.
    pub(crate) fn ask_rematch(&self) {
        self.send(ClientMessage::Game(GameRequest::Rematch));
        for c in &self.companions {
            c.send(ClientMessage::Game(GameRequest::Rematch));
        }
    }

    /// The seat this session holds, if any (for tests and the screens).
    pub fn my_seat(&self) -> Option<Seat> {
        self.table
            .as_ref()
            .and_then(|t| t.me)
            .or(self.room.as_ref().and_then(|r| r.you))
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
        cues.extend(self.pump_companions(now));
        self.drive_reconnect(now);
        cues
    }

    /// Waits up to `timeout` for one event and handles it (tests and tools).
    pub fn pump_blocking(&mut self, now: f64, timeout: std::time::Duration) -> Vec<Cue> {
        let mut cues = match self.net.recv_timeout(timeout) {
            Some(ev) => self.handle(ev, now),
            None => Vec::new(),
        };
        cues.extend(self.pump_companions(now));
        self.drive_reconnect(now);
        cues
    }

    /// Computer moves in the rooms this player hosts take at least `ms` (the setting); told
    /// to the room whenever it or the pace changes.
    pub fn set_bot_pace(&mut self, ms: u32) {
        self.bot_pace_ms = ms;
        self.tell_pace();
    }

    /// After one's own resignation or elimination: the computers play the rest at once.
    pub fn hurry_bots(&mut self) {
        self.hurried = true;
        self.tell_pace();
    }

    /// Whether this player may hurry the computers (they host the room).
    pub fn hosts_room(&self) -> bool {
        self.room
            .as_ref()
            .is_some_and(|r| Some(r.host) == self.player_id)
    }

    fn tell_pace(&mut self) {
        let Some(room) = self.room.as_ref().filter(|_| self.hosts_room()) else {
            return;
        };
        let ms = if self.hurried { 0 } else { self.bot_pace_ms };
        if self.pace_told == Some((room.id, ms)) {
            return;
        }
        self.pace_told = Some((room.id, ms));
        self.send(ClientMessage::SetBotPace { ms });
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
        let n = self.notices.last().filter(|n| now - n.at < 6.0)?;
        crate::redraw::at(n.at + 6.0);
        Some(n)
    }
}
