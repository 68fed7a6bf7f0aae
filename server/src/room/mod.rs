//! A room actor: it owns its seats, its `Game`, the clocks and the bots, and is the only place
//! where a seat's actions are checked and applied. Connections and bot tasks send it commands;
//! it answers through outboxes (never waiting) and tells the lobby about changes.

use crate::bots::{self, BotPlayer};
use crate::clock::GameClock;
use crate::handles::{HostAction, LobbyCmd, LobbyHandle, Refusal, RoomCmd, RoomHandle, Visitor};
use crate::limits::{BOT_CLOCK_SHARE, MAX_ROOM_MEMBERS};
use crate::outbox::Outbox;
use crate::shares::ShareGuard;
use crate::store::live::Journal;
use crate::store::{hash_token, LiveId, LiveSeat, TokenHash};
use crate::{secret, Ctx};
use futures::FutureExt;
use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;
use yonin_core::furigoma::FirstDraw;
use yonin_core::protocol::GameRequest;
use yonin_core::protocol::{
    ChatEntry, ChatScope, ErrorCode, GameState, LeaveReason, Occupant, PlayerId, PlayerRef,
    ResumeToken, RoomId, RoomPhase, RoomSettings, RoomState, RoomSummary, SeatInfo, ServerMessage,
    MAX_BOT_PACE_MS, ROOM_CHAT_KEPT,
};
use yonin_core::RuleSet;
use yonin_core::{parse_start, Action, BotLevel, TimeControl};
use yonin_core::{BySeat, Game, GameError, Move, Position, Seat, SeatSet};

/// A person's hold on a seat.
struct PersonSeat {
    player: PlayerId,
    name: String,
    /// The seat's token, once a connection received or presented it (after a restart the
    /// room knows only its hash until the person comes back).
    token: Option<ResumeToken>,
    /// What proves the seat: the token's hash, all the store keeps.
    token_hash: TokenHash,
    connected: bool,
    /// Set while the seat waits for its dropped player.
    grace_until: Option<Instant>,
    /// A bot plays for the absent person.
    stand_in: Option<BotLevel>,
}

impl PersonSeat {
    /// A seat just taken by a connected person, with its token.
    fn taken(player: PlayerId, name: String, token: ResumeToken) -> PersonSeat {
        PersonSeat {
            player,
            name,
            token: Some(token),
            token_hash: hash_token(token),
            connected: true,
            grace_until: None,
            stand_in: None,
        }
    }
}

enum Slot {
    Empty,
    Bot(BotLevel),
    Person(PersonSeat),
}

impl Slot {
    fn person(&self) -> Option<&PersonSeat> {
        match self {
            Slot::Person(p) => Some(p),
            _ => None,
        }
    }
    fn person_mut(&mut self) -> Option<&mut PersonSeat> {
        match self {
            Slot::Person(p) => Some(p),
            _ => None,
        }
    }
    /// The level of the bot that moves for this seat, if a bot does.
    fn bot_level(&self) -> Option<BotLevel> {
        match self {
            Slot::Bot(l) => Some(*l),
            Slot::Person(p) => p.stand_in,
            Slot::Empty => None,
        }
    }
}

/// A person in the room with a live connection (seated or watching).
struct Member {
    name: String,
    outbox: Outbox,
    seat: Option<Seat>,
}

/// A message waiting for the end of the command that made it (see `Room::flush_outgoing`).
enum Out {
    All(Arc<ServerMessage>),
    Chat(Arc<ServerMessage>),
    /// Each member's own `RoomState`, as of the flush.
    States,
    One(PlayerId, ServerMessage),
}

/// A bot thinking now.
struct BotJob {
    ticket: u64,
    /// The seat it plays, at what level, and the number of actions of the position it reads.
    seat: Seat,
    level: BotLevel,
    ply: usize,
    stop: Arc<AtomicBool>,
}

/// The current (or last) game.
struct Match {
    game: Game,
    start_text: String,
    actions: Vec<Action>,
    clock: Option<GameClock>,
    /// When the seat to move started thinking.
    turn_started: Instant,
    seed: u64,
    /// When the game started (ms since the Unix epoch), for the store.
    started_ms: u64,
    /// The game's computer player, for every seat a bot plays (out while it thinks).
    bot_player: Option<Box<dyn BotPlayer>>,
    /// The game in the store's journal, once written.
    live: Option<LiveId>,
    /// The players were told the store failed (told once a game).
    unsaved: bool,
    /// Carried on after a restart and waiting for its first person: no clock runs and no bot
    /// thinks until someone is back.
    paused: bool,
}

struct Room {
    id: RoomId,
    ctx: Ctx,
    lobby: LobbyHandle,
    me: mpsc::Sender<RoomCmd>,
    settings: RoomSettings,
    start_position: Option<Position>,
    join_code: Option<String>,
    grace: Duration,
    host: Option<PlayerId>,
    members: HashMap<PlayerId, Member>,
    /// The least time a computer move takes, in milliseconds (`SetBotPace`); read by the
    /// bots' tasks while they wait, so lowering it hurries a move already chosen.
    bot_pace_ms: Arc<AtomicU32>,
    /// The room's last chat lines, for those who enter later (`ROOM_CHAT_KEPT`).
    recent_chat: VecDeque<ChatEntry>,
    in_play: SeatSet,
    seats: BySeat<Slot>,
    phase: RoomPhase,
    game: Option<Match>,
    rematch: SeatSet,
    bot: Option<BotJob>,
    next_ticket: u64,
    /// Since when no person has been connected.
    empty_since: Option<Instant>,
    last_summary: Option<RoomSummary>,
    closed: bool,
    /// The last `GameEvents` of a game, held until the game is stored.
    final_events: Option<ServerMessage>,
    /// A finished game waiting to be stored before its result is announced.
    pending_end: Option<PendingEnd>,
    /// Messages made by the command being handled, sent once its writes are durable. A
    /// `RefCell` so that the many `&self` helpers that send can queue: only the room's own
    /// task touches it, never across an `.await`.
    outgoing: RefCell<Vec<Out>>,
    /// The seat tokens (their hashes) the lobby knows for this room (see `sync_tokens`).
    known_tokens: Vec<TokenHash>,
    /// Where the game in progress is written as it goes (`None`: the server keeps no store).
    journal: Option<Journal>,
    /// What the command being handled owes the journal (see `write_journal`).
    pending_writes: Vec<journal::Pending>,
    /// The seats as last written to the journal (a change is written again).
    written_seats: Option<Vec<LiveSeat>>,
    /// The end of a game the store refused (its live id, if it had one, and the game to keep,
    /// if any: see `journal::end_write`): tried again with the journal's writes.
    unstored: Option<(
        Option<LiveId>,
        Option<yonin_core::record::stored::StoredGame>,
    )>,
    /// When writes the store refused are tried again (None: nothing waits).
    journal_retry_at: Option<Instant>,
    /// The creator's address's share of rooms, given back when the room ends (none for a room
    /// restored after a restart).
    _share: Option<ShareGuard>,
}

/// A game that ended: what the store keeps, and the messages that announce it (sent once the
/// store has it, by `announce_end`).
struct PendingEnd {
    stored: Option<yonin_core::record::stored::StoredGame>,
    messages: Vec<ServerMessage>,
}

fn refuse(code: ErrorCode, message: impl Into<String>) -> Result<(), Refusal> {
    Err(Refusal::new(code, message))
}

mod journal;
mod play;
mod record;
mod restore;
mod seats;
mod settings;
mod thinking;
mod timers;
mod views;

pub(crate) use journal::end_write;
pub(crate) use restore::{restore, Restored};

/// Creates a room with its host inside, and starts its actor. Returns its handle, its first
/// summary and the tokens issued (the host's seat).
pub(crate) fn spawn(
    ctx: Ctx,
    lobby: LobbyHandle,
    id: RoomId,
    mut settings: RoomSettings,
    host: PlayerRef,
    outbox: Outbox,
    share: ShareGuard,
) -> Result<(RoomHandle, RoomSummary, Vec<ResumeToken>), Refusal> {
    let start_position = settings::validate(&mut settings, &ctx)?;
    let (tx, rx) = mpsc::channel(crate::limits::ROOM_INBOX_CAPACITY);
    let mut room = Room::new(
        ctx,
        lobby,
        id,
        tx.clone(),
        settings,
        start_position,
        Some(share),
    );
    let mut tokens = Vec::new();
    if let Some(seat) = room.settings.host_seat {
        let token = secret::token();
        tokens.push(token);
        room.seats[seat] = Slot::Person(PersonSeat::taken(host.id, host.name.clone(), token));
    }
    room.known_tokens = tokens.iter().copied().map(hash_token).collect();
    room.host = Some(host.id);
    let host_seat = room.settings.host_seat;
    room.admit(host.id, host.name.clone(), outbox.clone(), host_seat);
    if let (Some(seat), Some(token)) = (room.settings.host_seat, tokens.first()) {
        outbox.send(ServerMessage::SeatGranted {
            room: id,
            seat,
            token: *token,
        });
    }
    outbox.send(ServerMessage::RoomState(Box::new(room.state_for(host.id))));
    tracing::info!(room = %id, name = %room.settings.name, variant = room.settings.rules.variant.name(), "room created");
    let summary = room.launch(rx);
    Ok((RoomHandle::new(id, tx), summary, tokens))
}

impl Room {
    /// A room with its settings and no one in it yet.
    fn new(
        ctx: Ctx,
        lobby: LobbyHandle,
        id: RoomId,
        me: mpsc::Sender<RoomCmd>,
        settings: RoomSettings,
        start_position: Option<Position>,
        share: Option<ShareGuard>,
    ) -> Room {
        let grace = settings
            .grace_ms
            .map(Duration::from_millis)
            .unwrap_or(ctx.config.grace);
        let mut seats = BySeat([Slot::Empty, Slot::Empty, Slot::Empty, Slot::Empty]);
        for (seat, level) in &settings.bots {
            seats[*seat] = Slot::Bot(*level);
        }
        Room {
            id,
            lobby,
            me,
            join_code: settings.private.then(secret::join_code),
            in_play: settings.rules.variant.seats(),
            settings,
            start_position,
            grace,
            host: None,
            members: HashMap::new(),
            bot_pace_ms: Arc::new(AtomicU32::new(0)),
            recent_chat: VecDeque::new(),
            seats,
            phase: RoomPhase::Waiting,
            game: None,
            rematch: SeatSet::EMPTY,
            bot: None,
            next_ticket: 1,
            empty_since: None,
            last_summary: None,
            closed: false,
            final_events: None,
            pending_end: None,
            outgoing: RefCell::new(Vec::new()),
            known_tokens: Vec::new(),
            journal: ctx.config.store.as_ref().map(|s| s.journal()),
            pending_writes: Vec::new(),
            unstored: None,
            journal_retry_at: None,
            written_seats: None,
            _share: share,
            ctx,
        }
    }

    /// Starts the room's actor; returns its first summary. A panic inside the room ends it
    /// like a close: the lobby forgets it (and its tokens), and its members' connections see
    /// the room gone (`RoomHandle::closed`).
    fn launch(mut self, rx: mpsc::Receiver<RoomCmd>) -> RoomSummary {
        let summary = self.summary();
        self.last_summary = Some(summary.clone());
        let (id, lobby) = (self.id, self.lobby.clone());
        tokio::spawn(async move {
            if AssertUnwindSafe(self.run(rx)).catch_unwind().await.is_err() {
                tracing::error!(room = %id, "the room panicked; it is closed");
                lobby.send(LobbyCmd::RoomClosed { room: id }).await;
            }
        });
        summary
    }
}

impl Room {
    async fn run(mut self, mut rx: mpsc::Receiver<RoomCmd>) {
        let _alive = self.ctx.alive.clone();
        let mut shutdown = self.ctx.shutdown.clone();
        while !self.closed {
            let deadline = self.next_deadline();
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.handle(cmd).await,
                    None => break,
                },
                () = sleep_until(deadline) => self.on_timer(Instant::now()).await,
                changed = shutdown.changed() => {
                    if changed.is_err() || *shutdown.borrow() {
                        self.close("the server is shutting down").await;
                        break;
                    }
                }
            }
            self.refresh_thinking();
            self.settle().await;
            if !self.closed {
                self.maybe_close().await;
                self.report().await;
                self.sync_tokens().await;
            }
        }
        self.settle().await;
        self.stop_bot();
        tracing::info!(room = %self.id, "room closed");
    }

    /// The end of every command: what it wrote to the store is made durable, then its
    /// messages go out, then a game that just ended is stored and announced.
    async fn settle(&mut self) {
        self.write_journal().await;
        self.flush_outgoing();
        // A game that just ended is stored before anyone hears the result.
        self.announce_end().await;
        self.flush_outgoing();
    }

    // --- commands --------------------------------------------------------------------------

    async fn handle(&mut self, cmd: RoomCmd) {
        match cmd {
            RoomCmd::Join {
                who,
                seat,
                code,
                reply,
            } => {
                let r = self.join(who, seat, code).await;
                let _ = reply.send(r);
            }
            RoomCmd::Spectate { who, code, reply } => {
                let r = self.spectate(who, code);
                let _ = reply.send(r);
            }
            RoomCmd::Resume { who, token, reply } => {
                let r = self.resume(who, token);
                let _ = reply.send(r);
            }
            RoomCmd::Leave { player } => self.remove_member(player, LeaveReason::Left),
            RoomCmd::Disconnected { player } => self.disconnected(player),
            RoomCmd::Rename { player, name } => {
                if let Some(m) = self.members.get_mut(&player) {
                    m.name = name.clone();
                    if let Some(seat) = m.seat {
                        if let Some(p) = self.seats[seat].person_mut() {
                            p.name = name;
                        }
                    }
                    self.broadcast_state();
                }
            }
            RoomCmd::Chat { player, text } => self.chat(player, text),
            RoomCmd::Host { player, action } => {
                if let Err(r) = self.host_action(player, action).await {
                    self.send_to(player, r.to_message());
                }
            }
            RoomCmd::Game { player, request } => self.game_request(player, request),
            RoomCmd::BotMoved {
                ticket,
                seat,
                mv,
                player,
            } => self.bot_moved(ticket, seat, mv, player),
        }
    }

    // --- closing ---------------------------------------------------------------------------

    /// Closes the room when no person is left (a running game first waits for its players'
    /// grace periods and, with stand-ins only, for `abandoned_game`).
    async fn maybe_close(&mut self) {
        let anyone = !self.members.is_empty();
        if anyone {
            self.empty_since = None;
            return;
        }
        let waiting_for_someone = self.in_play.iter().any(|s| {
            self.seats[s]
                .person()
                .is_some_and(|p| p.grace_until.is_some())
        });
        if waiting_for_someone {
            return;
        }
        let has_person_seat = self
            .in_play
            .iter()
            .any(|s| self.seats[s].person().is_some());
        if self.playing() && has_person_seat {
            // Bots play on for absent people, who may come back with their tokens.
            self.empty_since.get_or_insert_with(Instant::now);
            return;
        }
        self.close("nobody is left in the room").await;
    }

    async fn close(&mut self, why: &str) {
        if self.closed {
            return;
        }
        self.closed = true;
        self.stop_bot();
        // A server stopping keeps a game in progress that the store holds: the next start
        // carries it on. Otherwise (or when nobody is left) the game ends here, aborted.
        let kept =
            self.ctx.is_shutting_down() && self.game.as_ref().is_some_and(|m| m.live.is_some());
        if self.playing() && !kept {
            let now = Instant::now();
            let _ = self.apply(Action::Abort, now);
        }
        tracing::debug!(room = %self.id, "closing: {why}");
        self.settle().await;
        // Players of a kept game are not let go: their seats wait for them in the store, and
        // their connections end with the server's goodbye (1001), so they reconnect.
        if !kept {
            for m in self.members.values() {
                m.outbox.send(ServerMessage::LeftRoom {
                    room: self.id,
                    reason: LeaveReason::RoomClosed,
                });
            }
        }
        self.members.clear();
        self.lobby
            .send(LobbyCmd::RoomClosed { room: self.id })
            .await;
    }
}

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}
