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

use crate::i18n::words::refusal_words;
use crate::i18n::{level_name, side_name, tr, trf, Text};
use crate::net::{ws_url, NetEvent, NetHandle};
use crate::state::chat::{clean_line, ChatError, ChatLog};
use crate::state::reconnect::{sync_grace, Phase, Reconnect, Rejoin, DEFAULT_GRACE};
use crate::state::seats::{now_secs, SavedCompanion, SavedSeat, SeatBook, ServerPlace};
use crate::state::table::{Cue, Table};
use crate::state::together::{people_here, Companion, News};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use yonin_core::protocol::{
    self, ChatScope, ClientMessage, ErrorCode, FirstDraw, LeaveReason, Occupant, PlayerId,
    ResumeToken, RoomId, RoomPhase, RoomSettings, RoomState, RoomSummary, ServerMessage,
    StoredPlayer, PROTOCOL_VERSION,
};
use yonin_core::{Move, Seat, Variant};

/// The in-process server's store folders inside [`Storage::server_store`]: offline games
/// and LAN parties apart, so a restarted offline server does not carry on a party its guests
/// can no longer reach (it listens on loopback only).
pub const OFFLINE_STORE: &str = "offline";
pub const LAN_STORE: &str = "lan";

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
        self.send_as_player(ClientMessage::Move { mv });
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
    pub fn ask_rematch(&self) {
        self.send(ClientMessage::Rematch);
        for c in &self.companions {
            c.send(ClientMessage::Rematch);
        }
    }

    /// The person at this computer (besides the first) sitting in `seat`.
    fn companion_at(&self, seat: Seat) -> Option<&Companion> {
        let id = self.person_in(seat)?;
        self.companions.iter().find(|c| c.player_id == Some(id))
    }

    /// The person in `seat`, as the table (or else the room) knows it.
    fn person_in(&self, seat: Seat) -> Option<PlayerId> {
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
    fn seats_here(&self) -> Vec<Seat> {
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
    fn follow_turn(&mut self, now: f64) -> Vec<Cue> {
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
    fn seat_companions(&mut self) {
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
    fn pump_companions(&mut self, now: f64) -> Vec<Cue> {
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

    // --- saved seats ---

    /// The seat we hold as it should be saved, from what we know of its room and table;
    /// None when there is none, or when its game is over (a rematch saves it again).
    fn seat_to_save(&self) -> Option<SavedSeat> {
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
    fn save_seat(&mut self) {
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
    fn forget_token(&mut self, token: ResumeToken) {
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
    pub fn forget_seat(&mut self) {
        if let Some(token) = self.token {
            self.forget_token(token);
        }
    }

    /// The saved seats of this server other than the one we hold.
    fn refresh_rejoinable(&mut self) {
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
    pub fn is_resuming(&self) -> bool {
        self.resuming.is_some()
    }

    /// Takes a saved seat of this server back (the lobby's "Rejoin your game").
    pub fn rejoin_saved(&mut self, saved: &SavedSeat) {
        self.refused = None;
        self.resuming = Some(saved.token);
        self.send(ClientMessage::Resume { token: saved.token });
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

    /// Goes to the node of a cluster that holds a room (a `Redirect`) and asks for `ask` there:
    /// only a `ws://` or `wss://` URL, only from a server elsewhere (not this computer's own).
    /// The place follows too, so a dropped connection later comes back to the room's node.
    fn follow(&mut self, url: &str, ask: ClientMessage) -> Result<(), String> {
        let ServerPlace::Remote { url: here } = &self.place else {
            return Err(trf(Text::RedirectRefused, &[&url]));
        };
        if !protocol::is_redirect_url(url) || self.following.is_some() {
            return Err(trf(Text::RedirectRefused, &[&url]));
        }
        self.following = Some(Following {
            ask,
            back: here.clone(),
        });
        self.place = ServerPlace::Remote {
            url: url.to_string(),
        };
        self.link = Link::Connecting;
        self.player_id = None;
        self.net.follow(url);
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
        self.forget_seat();
        self.table = None;
        self.room = None;
        self.token = None;
        self.seat_room = None;
        self.chat.clear();
        if connected {
            self.send(ClientMessage::ListRooms);
        }
    }

    /// A seat in a notice: in Yonin its name ("West"); in standard shogi its person and side
    /// ("Bob (Gote △)"), as compass seats mean nothing there.
    fn seat_words(&self, seat: Seat) -> String {
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
            ServerMessage::MoveRejected {
                mv,
                reason,
                message,
            } => {
                self.notice(refusal_words(mv, &reason, message), now, true);
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
