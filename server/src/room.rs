//! A room actor: it owns its seats, its `Game`, the clocks and the bots, and is the only place
//! where a seat's actions are checked and applied. Connections and bot tasks send it commands;
//! it answers through outboxes (never waiting) and tells the lobby about changes.

use crate::bots::{self, BotPlayer};
use crate::clock::GameClock;
use crate::limits::{BOT_CLOCK_SHARE, MAX_CHAT_CHARS, MAX_ROOM_MEMBERS, MAX_ROOM_NAME_CHARS};
use crate::lobby::{LobbyCmd, LobbyHandle, Refusal};
use crate::outbox::Outbox;
use crate::{secret, Ctx};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use yonin_core::protocol::{
    parse_start, Action, BotLevel, ChatScope, ErrorCode, GameState, LeaveReason, Occupant,
    PlayerId, PlayerRef, Rejection, ResumeToken, RoomId, RoomPhase, RoomSettings, RoomState,
    RoomSummary, SeatInfo, ServerMessage, TimeControl,
};
use yonin_core::rules::FirstSeat;
use yonin_core::{BySeat, Event, Game, GameError, Move, Position, Seat, SeatSet, Variant};

/// A person arriving in the room: who they are and where their messages go.
pub(crate) struct Visitor {
    pub player: PlayerRef,
    pub outbox: Outbox,
}

pub(crate) type Reply = oneshot::Sender<Result<(), Refusal>>;

pub(crate) enum RoomCmd {
    Join {
        who: Visitor,
        seat: Option<Seat>,
        code: Option<String>,
        reply: Reply,
    },
    Spectate {
        who: Visitor,
        code: Option<String>,
        reply: Reply,
    },
    Resume {
        who: Visitor,
        token: ResumeToken,
        reply: Reply,
    },
    Leave {
        player: PlayerId,
    },
    /// The player's connection dropped.
    Disconnected {
        player: PlayerId,
    },
    Rename {
        player: PlayerId,
        name: String,
    },
    Chat {
        player: PlayerId,
        text: String,
    },
    Host {
        player: PlayerId,
        action: HostAction,
    },
    Game {
        player: PlayerId,
        request: GameRequest,
    },
    /// A bot's answer (internal), with the player handed back for its next move.
    BotMoved {
        ticket: u64,
        seat: Seat,
        mv: Option<Move>,
        /// `None` when the bot panicked (a fresh one plays the next move).
        player: Option<Box<dyn BotPlayer>>,
    },
}

pub(crate) enum HostAction {
    AddBot { seat: Seat, level: BotLevel },
    RemoveFromSeat { seat: Seat },
    MoveSeat { from: Seat, to: Seat },
    Kick { player: PlayerId },
    Start,
}

pub(crate) enum GameRequest {
    Move(Move),
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    DeclareImpasse,
    ClaimWin,
    Rematch,
}

/// A room's address: a bounded queue.
#[derive(Clone)]
pub(crate) struct RoomHandle {
    pub id: RoomId,
    tx: mpsc::Sender<RoomCmd>,
}

impl RoomHandle {
    /// Queues a command, waiting while the room is busy; `false` when the room is gone.
    pub async fn send(&self, cmd: RoomCmd) -> bool {
        self.tx.send(cmd).await.is_ok()
    }

    /// Sends a command with a reply channel and waits for the answer.
    pub async fn ask(&self, make: impl FnOnce(Reply) -> RoomCmd) -> Result<(), Refusal> {
        let gone = || Refusal::new(ErrorCode::NoSuchRoom, "that room is closed");
        let (tx, rx) = oneshot::channel();
        if !self.send(make(tx)).await {
            return Err(gone());
        }
        rx.await.unwrap_or_else(|_| Err(gone()))
    }
}

/// A person's hold on a seat.
struct PersonSeat {
    player: PlayerId,
    name: String,
    token: ResumeToken,
    connected: bool,
    /// Set while the seat waits for its dropped player.
    grace_until: Option<Instant>,
    /// A bot plays for the absent person.
    stand_in: Option<BotLevel>,
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

/// A bot thinking now.
struct BotJob {
    ticket: u64,
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
    draw_offer: Option<Seat>,
    /// Standard: seats whose opponent may claim the win.
    claimable: SeatSet,
    seed: u64,
    /// When the game started (ms since the Unix epoch), for the store.
    started_ms: u64,
    /// Each seat's computer player once one has moved there (out while it thinks).
    bots: BySeat<Option<Box<dyn BotPlayer>>>,
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
}

/// A game that ended: what the store keeps, and the messages that announce it (sent once the
/// store has it, by `announce_end`).
struct PendingEnd {
    stored: Option<yonin_core::protocol::StoredGame>,
    messages: Vec<ServerMessage>,
}

fn refuse(code: ErrorCode, message: impl Into<String>) -> Result<(), Refusal> {
    Err(Refusal::new(code, message))
}

/// Checks room settings and parses the start position.
fn validate(settings: &mut RoomSettings, ctx: &Ctx) -> Result<Option<Position>, Refusal> {
    let bad = |m: String| Refusal::new(ErrorCode::BadSettings, m);
    let name = settings.name.trim().to_string();
    if name.is_empty() || name.chars().count() > MAX_ROOM_NAME_CHARS {
        return Err(bad(format!(
            "a room name has 1 to {MAX_ROOM_NAME_CHARS} characters"
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(bad("a room name may not hold control characters".into()));
    }
    settings.name = name;
    let in_play = settings.rules.variant.seats();
    for (seat, _) in &settings.bots {
        if !in_play.contains(*seat) {
            return Err(bad(format!("{seat} does not play in this variant")));
        }
    }
    if let Some(seat) = settings.host_seat {
        if !in_play.contains(seat) {
            return Err(bad(format!("{seat} does not play in this variant")));
        }
        if settings.bots.iter().any(|(s, _)| *s == seat) {
            return Err(bad(format!("{seat} cannot hold both the host and a bot")));
        }
    }
    match settings.time_control {
        TimeControl::None => {}
        TimeControl::Fischer {
            main_ms,
            increment_ms,
        } => {
            if main_ms == 0 && increment_ms == 0 {
                return Err(bad("a Fischer clock needs main time or an increment".into()));
            }
        }
        TimeControl::Byoyomi {
            main_ms,
            byoyomi_ms,
            periods,
        } => {
            if main_ms == 0 && (byoyomi_ms == 0 || periods == 0) {
                return Err(bad("a byoyomi clock needs main time or periods".into()));
            }
        }
    }
    let day = 24 * 3600 * 1000;
    let too_long = match settings.time_control {
        TimeControl::None => false,
        TimeControl::Fischer {
            main_ms,
            increment_ms,
        } => main_ms > day || increment_ms > day,
        TimeControl::Byoyomi {
            main_ms,
            byoyomi_ms,
            periods,
        } => main_ms > day || byoyomi_ms > day || periods > 100,
    };
    if too_long {
        return Err(bad("that clock is longer than a day".into()));
    }
    if let Some(g) = settings.grace_ms {
        if Duration::from_millis(g) > ctx.config.max_grace {
            return Err(bad(format!(
                "the grace period may be at most {} s",
                ctx.config.max_grace.as_secs()
            )));
        }
    }
    match &settings.start_position {
        None => Ok(None),
        Some(text) => {
            if text.len() > 256 {
                return Err(bad("that start position is too long".into()));
            }
            let pos = parse_start(&settings.rules, text)
                .map_err(|e| bad(format!("bad start position: {e}")))?;
            Ok(Some(pos))
        }
    }
}

/// Creates a room with its host inside, and starts its actor. Returns its handle, its first
/// summary and the tokens issued (the host's seat).
pub(crate) fn spawn(
    ctx: Ctx,
    lobby: LobbyHandle,
    id: RoomId,
    mut settings: RoomSettings,
    host: PlayerRef,
    outbox: Outbox,
) -> Result<(RoomHandle, RoomSummary, Vec<ResumeToken>), Refusal> {
    let start_position = validate(&mut settings, &ctx)?;
    let (tx, rx) = mpsc::channel(crate::limits::ROOM_INBOX_CAPACITY);
    let grace = settings
        .grace_ms
        .map(Duration::from_millis)
        .unwrap_or(ctx.config.grace);
    let mut seats = BySeat([Slot::Empty, Slot::Empty, Slot::Empty, Slot::Empty]);
    for (seat, level) in &settings.bots {
        seats[*seat] = Slot::Bot(*level);
    }
    let mut tokens = Vec::new();
    if let Some(seat) = settings.host_seat {
        let token = secret::token();
        tokens.push(token);
        seats[seat] = Slot::Person(PersonSeat {
            player: host.id,
            name: host.name.clone(),
            token,
            connected: true,
            grace_until: None,
            stand_in: None,
        });
    }
    let mut room = Room {
        id,
        lobby,
        me: tx.clone(),
        join_code: settings.private.then(secret::join_code),
        in_play: settings.rules.variant.seats(),
        settings,
        start_position,
        grace,
        host: Some(host.id),
        members: HashMap::new(),
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
        ctx,
    };
    room.members.insert(
        host.id,
        Member {
            name: host.name.clone(),
            outbox: outbox.clone(),
            seat: room.settings.host_seat,
        },
    );
    if let (Some(seat), Some(token)) = (room.settings.host_seat, tokens.first()) {
        outbox.send(ServerMessage::SeatGranted {
            room: id,
            seat,
            token: *token,
        });
    }
    outbox.send(ServerMessage::RoomState(Box::new(room.state_for(host.id))));
    let summary = room.summary();
    room.last_summary = Some(summary.clone());
    tracing::info!(room = %id, name = %room.settings.name, variant = room.settings.rules.variant.name(), "room created");
    tokio::spawn(room.run(rx));
    Ok((RoomHandle { id, tx }, summary, tokens))
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
            // A game that just ended is stored before anyone hears the result.
            self.announce_end().await;
            if !self.closed {
                self.maybe_close().await;
                self.report().await;
            }
        }
        self.announce_end().await;
        self.stop_bot();
        tracing::info!(room = %self.id, "room closed");
    }

    // --- views -----------------------------------------------------------------------------

    fn seat_infos(&self, now: Instant) -> Vec<SeatInfo> {
        self.in_play
            .iter()
            .map(|seat| match &self.seats[seat] {
                Slot::Empty => SeatInfo {
                    seat,
                    occupant: Occupant::Empty,
                    connected: true,
                    grace_ms: None,
                    stand_in: None,
                },
                Slot::Bot(level) => SeatInfo {
                    seat,
                    occupant: Occupant::Bot(*level),
                    connected: true,
                    grace_ms: None,
                    stand_in: None,
                },
                Slot::Person(p) => SeatInfo {
                    seat,
                    occupant: Occupant::Person(PlayerRef {
                        id: p.player,
                        name: p.name.clone(),
                    }),
                    connected: p.connected,
                    grace_ms: p
                        .grace_until
                        .map(|g| g.saturating_duration_since(now).as_millis() as u64),
                    stand_in: p.stand_in,
                },
            })
            .collect()
    }

    fn state_for(&self, player: PlayerId) -> RoomState {
        let mut spectators: Vec<PlayerRef> = self
            .members
            .iter()
            .filter(|(_, m)| m.seat.is_none())
            .map(|(id, m)| PlayerRef {
                id: *id,
                name: m.name.clone(),
            })
            .collect();
        spectators.sort_by_key(|p| p.id);
        RoomState {
            id: self.id,
            settings: self.settings.clone(),
            join_code: self.join_code.clone(),
            host: self.host.unwrap_or(PlayerId(0)),
            phase: self.phase,
            seats: self.seat_infos(Instant::now()),
            spectators,
            you: self.members.get(&player).and_then(|m| m.seat),
            rematch: self.rematch.iter().collect(),
        }
    }

    fn game_state_for(&self, player: PlayerId) -> Option<GameState> {
        let m = self.game.as_ref()?;
        let now = Instant::now();
        let you = self.members.get(&player).and_then(|mem| mem.seat);
        let token = you
            .and_then(|s| self.seats[s].person())
            .filter(|p| p.player == player)
            .map(|p| p.token);
        Some(GameState {
            room: self.id,
            rules: *m.game.rules(),
            start: m.start_text.clone(),
            actions: m.actions.clone(),
            seats: self.seat_infos(now),
            clocks: self.clocks(now),
            you,
            token,
            draw_offer: m.draw_offer,
            claimable: m.claimable.iter().collect(),
            outcome: m.game.outcome().cloned(),
        })
    }

    fn clocks(&self, now: Instant) -> yonin_core::protocol::Clocks {
        self.game
            .as_ref()
            .and_then(|m| m.clock.as_ref())
            .map(|c| c.snapshot(now.into_std()))
            .unwrap_or_default()
    }

    fn summary(&self) -> RoomSummary {
        let mut people = 0;
        let mut bots = 0;
        for seat in self.in_play.iter() {
            match self.seats[seat] {
                Slot::Person(_) => people += 1,
                Slot::Bot(_) => bots += 1,
                Slot::Empty => {}
            }
        }
        let host_name = self
            .host
            .and_then(|h| self.members.get(&h))
            .map(|m| m.name.clone())
            .unwrap_or_default();
        RoomSummary {
            id: self.id,
            name: self.settings.name.clone(),
            variant: self.settings.rules.variant,
            time_control: self.settings.time_control,
            phase: self.phase,
            seats: self.in_play.len() as u8,
            people,
            bots,
            spectators: self.members.values().filter(|m| m.seat.is_none()).count() as u16,
            private: self.settings.private,
            host_name,
        }
    }

    /// Tells the lobby when the summary changed.
    async fn report(&mut self) {
        let summary = self.summary();
        if self.last_summary.as_ref() != Some(&summary) {
            self.last_summary = Some(summary.clone());
            self.lobby.send(LobbyCmd::RoomChanged(summary)).await;
        }
    }

    fn broadcast(&self, msg: ServerMessage) {
        let msg = Arc::new(msg);
        for m in self.members.values() {
            m.outbox.send_shared(msg.clone());
        }
    }

    fn broadcast_state(&self) {
        for (id, m) in &self.members {
            m.outbox
                .send(ServerMessage::RoomState(Box::new(self.state_for(*id))));
        }
    }

    fn send_to(&self, player: PlayerId, msg: ServerMessage) {
        if let Some(m) = self.members.get(&player) {
            m.outbox.send(msg);
        }
    }

    fn send_game_state(&self, player: PlayerId) {
        if let Some(state) = self.game_state_for(player) {
            self.send_to(player, ServerMessage::GameStarted(Box::new(state)));
        }
    }

    fn playing(&self) -> bool {
        self.phase == RoomPhase::Playing
    }

    /// The seat `player` holds here, with a live connection.
    fn seat_of(&self, player: PlayerId) -> Option<Seat> {
        self.members.get(&player).and_then(|m| m.seat)
    }

    // --- timers ----------------------------------------------------------------------------

    fn next_deadline(&self) -> Option<Instant> {
        let mut next: Option<Instant> = None;
        let mut consider = |t: Instant| {
            next = Some(next.map_or(t, |n| n.min(t)));
        };
        if let Some(m) = &self.game {
            if let Some((_, t)) = m.clock.as_ref().and_then(|c| c.deadline()) {
                consider(Instant::from_std(t));
            }
        }
        for seat in self.in_play.iter() {
            if let Some(t) = self.seats[seat].person().and_then(|p| p.grace_until) {
                consider(t);
            }
        }
        if let Some(t) = self.empty_since {
            if self.playing() {
                consider(t + self.ctx.config.abandoned_game);
            }
        }
        next
    }

    async fn on_timer(&mut self, now: Instant) {
        // A flag.
        let flagged = self.game.as_ref().and_then(|m| {
            let (seat, t) = m.clock.as_ref()?.deadline()?;
            (Instant::from_std(t) <= now).then_some(seat)
        });
        if let Some(seat) = flagged {
            if let Some(c) = self.game.as_mut().and_then(|m| m.clock.as_mut()) {
                c.flag(seat);
            }
            tracing::debug!(room = %self.id, %seat, "flag");
            let _ = self.apply(Action::Flag { seat }, now);
        }
        // Grace periods that ran out.
        for seat in self.in_play.iter() {
            let expired = self.seats[seat]
                .person()
                .and_then(|p| p.grace_until)
                .is_some_and(|t| t <= now);
            if expired {
                self.grace_expired(seat);
            }
        }
        // A game nobody watches any more.
        if let Some(t) = self.empty_since {
            if self.playing() && t + self.ctx.config.abandoned_game <= now {
                self.close("nobody is left in the room").await;
            }
        }
    }

    fn grace_expired(&mut self, seat: Seat) {
        let level = self.settings.takeover_level;
        let playing = self.playing();
        let Some(p) = self.seats[seat].person_mut() else {
            return;
        };
        p.grace_until = None;
        if !playing {
            self.seats[seat] = Slot::Empty;
            self.broadcast_state();
            return;
        }
        p.stand_in = Some(level);
        self.bot_took_over(seat);
    }

    /// A bot of the takeover level now plays `seat` (already set as its stand-in).
    fn bot_took_over(&mut self, seat: Seat) {
        let standard = self.settings.rules.variant == Variant::Standard;
        if standard {
            if let Some(m) = self.game.as_mut() {
                m.claimable.insert(seat);
            }
        }
        self.broadcast(ServerMessage::BotTookOver {
            seat,
            level: self.settings.takeover_level,
            claimable: standard,
        });
        self.broadcast_state();
        self.schedule_bot();
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

    fn check_code(&self, code: Option<&str>) -> Result<(), Refusal> {
        match &self.join_code {
            Some(expected) if code.map(str::trim) != Some(expected.as_str()) => refuse(
                ErrorCode::WrongJoinCode,
                "this room is private: ask its host for the join code",
            ),
            _ => Ok(()),
        }
    }

    fn check_room_for(&self, player: PlayerId) -> Result<(), Refusal> {
        if !self.members.contains_key(&player) && self.members.len() >= MAX_ROOM_MEMBERS {
            return refuse(ErrorCode::NotAllowed, "this room is full");
        }
        Ok(())
    }

    async fn join(
        &mut self,
        who: Visitor,
        seat: Option<Seat>,
        code: Option<String>,
    ) -> Result<(), Refusal> {
        self.check_code(code.as_deref())?;
        self.check_room_for(who.player.id)?;
        if self.playing() {
            return refuse(
                ErrorCode::GameInProgress,
                "a game is being played here: watch it, or wait for the next",
            );
        }
        let seat = match seat {
            Some(s) if !self.in_play.contains(s) => {
                return refuse(ErrorCode::NoSuchSeat, format!("{s} does not play here"))
            }
            Some(s) => s,
            None => self
                .in_play
                .iter()
                .find(|s| matches!(self.seats[*s], Slot::Empty))
                .ok_or_else(|| Refusal::new(ErrorCode::SeatTaken, "every seat is taken"))?,
        };
        if !matches!(self.seats[seat], Slot::Empty) {
            return refuse(ErrorCode::SeatTaken, format!("{seat} is taken"));
        }
        // Already seated here: move to the new seat, keeping the token.
        let id = who.player.id;
        let old = self.seat_of(id);
        let token = match old.map(|s| std::mem::replace(&mut self.seats[s], Slot::Empty)) {
            Some(Slot::Person(p)) => p.token,
            _ => {
                let t = secret::token();
                self.lobby
                    .send(LobbyCmd::TokenIssued {
                        token: t,
                        room: self.id,
                    })
                    .await;
                t
            }
        };
        self.seats[seat] = Slot::Person(PersonSeat {
            player: id,
            name: who.player.name.clone(),
            token,
            connected: true,
            grace_until: None,
            stand_in: None,
        });
        self.members.insert(
            id,
            Member {
                name: who.player.name,
                outbox: who.outbox,
                seat: Some(seat),
            },
        );
        self.rematch = SeatSet::EMPTY;
        self.send_to(
            id,
            ServerMessage::SeatGranted {
                room: self.id,
                seat,
                token,
            },
        );
        self.broadcast_state();
        if self.phase == RoomPhase::Finished {
            self.send_game_state(id);
        }
        Ok(())
    }

    fn spectate(&mut self, who: Visitor, code: Option<String>) -> Result<(), Refusal> {
        self.check_code(code.as_deref())?;
        self.check_room_for(who.player.id)?;
        let id = who.player.id;
        if self.seat_of(id).is_some() {
            return refuse(
                ErrorCode::AlreadyInRoom,
                "you hold a seat here: leave it first",
            );
        }
        self.members.insert(
            id,
            Member {
                name: who.player.name,
                outbox: who.outbox,
                seat: None,
            },
        );
        self.send_to(id, ServerMessage::RoomState(Box::new(self.state_for(id))));
        self.send_game_state(id);
        self.broadcast_state();
        Ok(())
    }

    fn resume(&mut self, who: Visitor, token: ResumeToken) -> Result<(), Refusal> {
        let Some(seat) = self
            .in_play
            .iter()
            .find(|s| self.seats[*s].person().is_some_and(|p| p.token == token))
        else {
            return refuse(
                ErrorCode::BadToken,
                "that token holds no seat here any more",
            );
        };
        let id = who.player.id;
        let Some(p) = self.seats[seat].person_mut() else {
            return refuse(ErrorCode::BadToken, "that token holds no seat");
        };
        let old = std::mem::replace(&mut p.player, id);
        p.name = who.player.name.clone();
        p.connected = true;
        p.grace_until = None;
        let had_stand_in = p.stand_in.take().is_some();
        // The seat's earlier connection, if still here, loses it.
        if old != id {
            if let Some(m) = self.members.remove(&old) {
                m.outbox.send(ServerMessage::LeftRoom {
                    room: self.id,
                    reason: LeaveReason::Moved,
                });
            }
        }
        self.members.insert(
            id,
            Member {
                name: who.player.name,
                outbox: who.outbox,
                seat: Some(seat),
            },
        );
        if let Some(m) = self.game.as_mut() {
            m.claimable.remove(seat);
        }
        if had_stand_in {
            // The bot may be thinking for this seat: the person plays now.
            self.stop_bot();
        }
        tracing::info!(room = %self.id, %seat, "seat resumed");
        self.send_to(
            id,
            ServerMessage::SeatGranted {
                room: self.id,
                seat,
                token,
            },
        );
        self.broadcast(ServerMessage::SeatReconnected { seat });
        self.broadcast_state();
        self.send_game_state(id);
        Ok(())
    }

    /// A member leaves (or is kicked): a seated person's seat empties, or in a game a bot
    /// plays it from now on.
    fn remove_member(&mut self, player: PlayerId, reason: LeaveReason) {
        let Some(m) = self.members.remove(&player) else {
            // A kicked person who had dropped: they may hold a seat without a connection.
            if reason == LeaveReason::Kicked {
                if let Some(seat) = self
                    .in_play
                    .iter()
                    .find(|s| self.seats[*s].person().is_some_and(|p| p.player == player))
                {
                    self.vacate(seat);
                    self.broadcast_state();
                }
            }
            return;
        };
        m.outbox.send(ServerMessage::LeftRoom {
            room: self.id,
            reason,
        });
        if let Some(seat) = m.seat {
            self.vacate(seat);
        }
        self.pass_host(player);
        self.broadcast_state();
    }

    /// The person in `seat` is gone for good: empty it, or hand it to a bot during a game.
    fn vacate(&mut self, seat: Seat) {
        let level = self.settings.takeover_level;
        if self.playing() {
            if let Some(p) = self.seats[seat].person_mut() {
                p.connected = false;
                p.grace_until = None;
                if p.stand_in.is_none() {
                    p.stand_in = Some(level);
                    self.bot_took_over(seat);
                }
            }
        } else {
            self.seats[seat] = Slot::Empty;
            self.rematch.remove(seat);
        }
    }

    fn pass_host(&mut self, leaving: PlayerId) {
        if self.host != Some(leaving) {
            return;
        }
        // Prefer a seated person, then anyone, the longest here (lowest id) first.
        let mut ids: Vec<(bool, PlayerId)> = self
            .members
            .iter()
            .map(|(id, m)| (m.seat.is_none(), *id))
            .collect();
        ids.sort();
        self.host = ids.first().map(|(_, id)| *id);
    }

    fn disconnected(&mut self, player: PlayerId) {
        let Some(m) = self.members.remove(&player) else {
            return;
        };
        if let Some(seat) = m.seat {
            let grace_until = Instant::now() + self.grace;
            if let Some(p) = self.seats[seat].person_mut() {
                p.connected = false;
                if p.stand_in.is_none() {
                    p.grace_until = Some(grace_until);
                }
            }
            if self.playing() {
                self.broadcast(ServerMessage::SeatDisconnected {
                    seat,
                    grace_ms: self.grace.as_millis() as u64,
                });
            }
        }
        self.pass_host(player);
        self.broadcast_state();
    }

    fn chat(&mut self, player: PlayerId, text: String) {
        let Some(m) = self.members.get(&player) else {
            return;
        };
        let text = text.trim().to_string();
        if text.is_empty()
            || text.chars().count() > MAX_CHAT_CHARS
            || text.chars().any(|c| c.is_control() && c != '\n')
        {
            m.outbox.send(ServerMessage::error(
                ErrorCode::BadChat,
                format!("a chat line has 1 to {MAX_CHAT_CHARS} characters"),
            ));
            return;
        }
        let from = PlayerRef {
            id: player,
            name: m.name.clone(),
        };
        self.broadcast(ServerMessage::Chat {
            scope: ChatScope::Room,
            from,
            text,
        });
    }

    async fn host_action(&mut self, player: PlayerId, action: HostAction) -> Result<(), Refusal> {
        if self.host != Some(player) {
            return refuse(ErrorCode::NotHost, "only the room's host may do that");
        }
        let seat_ok = |s: Seat| -> Result<(), Refusal> {
            if self.in_play.contains(s) {
                Ok(())
            } else {
                refuse(ErrorCode::NoSuchSeat, format!("{s} does not play here"))
            }
        };
        let not_playing = || -> Result<(), Refusal> {
            if self.playing() {
                refuse(
                    ErrorCode::GameInProgress,
                    "not while a game is being played",
                )
            } else {
                Ok(())
            }
        };
        match action {
            HostAction::AddBot { seat, level } => {
                not_playing()?;
                seat_ok(seat)?;
                match self.seats[seat] {
                    Slot::Person(_) => {
                        return refuse(ErrorCode::SeatTaken, format!("a person holds {seat}"))
                    }
                    _ => self.seats[seat] = Slot::Bot(level),
                }
                self.broadcast_state();
            }
            HostAction::RemoveFromSeat { seat } => {
                not_playing()?;
                seat_ok(seat)?;
                if let Some(p) = self.seats[seat].person() {
                    if let Some(m) = self.members.get_mut(&p.player) {
                        m.seat = None;
                    }
                }
                self.seats[seat] = Slot::Empty;
                self.rematch.remove(seat);
                self.broadcast_state();
            }
            HostAction::MoveSeat { from, to } => {
                not_playing()?;
                seat_ok(from)?;
                seat_ok(to)?;
                self.seats.0.swap(from.index(), to.index());
                for seat in [from, to] {
                    self.grant_seat_to_occupant(seat);
                }
                self.rematch = SeatSet::EMPTY;
                self.broadcast_state();
            }
            HostAction::Kick { player: target } => {
                if target == player {
                    return refuse(ErrorCode::NotAllowed, "use Leave to leave");
                }
                self.remove_member(target, LeaveReason::Kicked);
            }
            HostAction::Start => {
                not_playing()?;
                if let Some(seat) = self
                    .in_play
                    .iter()
                    .find(|s| matches!(self.seats[*s], Slot::Empty))
                {
                    return refuse(
                        ErrorCode::NotAllowed,
                        format!("{seat} is empty: seat a person or a bot there first"),
                    );
                }
                self.start_game();
            }
        }
        Ok(())
    }

    // --- the game --------------------------------------------------------------------------

    fn start_game(&mut self) {
        let mut rules = self.settings.rules;
        let seed = self.ctx.config.bot_seed.unwrap_or_else(secret::u64);
        if rules.first_seat == FirstSeat::Random {
            let seats: Vec<Seat> = self.in_play.iter().collect();
            let pick = seats[(secret::u64() % seats.len() as u64) as usize];
            rules.first_seat = FirstSeat::Fixed(pick);
        }
        let start = match &self.start_position {
            Some(p) => p.clone(),
            None => Position::start(&rules),
        };
        let game = Game::from_position(rules, start);
        let now = Instant::now();
        let mut clock = GameClock::new(self.settings.time_control, self.in_play);
        if let Some(c) = clock.as_mut() {
            if !game.is_over() {
                c.start(game.to_move(), now.into_std());
            }
        }
        self.game = Some(Match {
            start_text: yonin_core::protocol::format_position(game.start()),
            game,
            actions: Vec::new(),
            clock,
            turn_started: now,
            draw_offer: None,
            claimable: SeatSet::EMPTY,
            seed,
            started_ms: crate::store::now_ms(),
            bots: BySeat([None, None, None, None]),
        });
        self.phase = RoomPhase::Playing;
        self.rematch = SeatSet::EMPTY;
        tracing::info!(room = %self.id, "game started");
        self.broadcast_state();
        let ids: Vec<PlayerId> = self.members.keys().copied().collect();
        for id in ids {
            self.send_game_state(id);
        }
        if self.game.as_ref().is_some_and(|m| m.game.is_over()) {
            self.finish_game();
        } else {
            self.schedule_bot();
        }
    }

    /// Applies an action through the game's checks; on success tells everyone what happened,
    /// moves the clocks on, and hands the turn to a bot when one must move.
    fn apply(&mut self, action: Action, now: Instant) -> Result<(), GameError> {
        let Some(m) = self.game.as_mut() else {
            return Err(GameError::GameOver);
        };
        let before = m.game.to_move();
        let events = action.apply(&mut m.game)?;
        m.actions.push(action);
        let moved = matches!(action, Action::Move { .. });
        if moved {
            // The mover's clock was checked before the move (see `person_move`).
            if let Some(c) = m.clock.as_mut() {
                let _ = c.on_move(now.into_std());
            }
            // A move answers any offer made by the other side.
            if let Action::Move { seat, .. } = action {
                if m.draw_offer.is_some_and(|s| s != seat) {
                    m.draw_offer = None;
                }
            }
        }
        let over = m.game.is_over();
        let after = m.game.to_move();
        if over {
            if let Some(c) = m.clock.as_mut() {
                c.stop();
            }
        } else if moved || after != before {
            m.turn_started = now;
            if let Some(c) = m.clock.as_mut() {
                c.start(after, now.into_std());
            }
        }
        if let Some(c) = m.clock.as_mut() {
            // Eliminated seats' clocks do not run.
            if c.running().is_some_and(|s| !m.game.position().is_live(s)) {
                c.stop();
            }
        }
        let clocks = self.clocks(now);
        let msg = ServerMessage::GameEvents {
            action,
            events: events.clone(),
            clocks,
        };
        if over {
            // Sent by `announce_end`, after the game is stored.
            self.final_events = Some(msg);
        } else {
            self.broadcast(msg);
        }
        if over {
            self.finish_game();
        } else if moved || after != before || events.iter().any(|e| matches!(e, Event::Turn { .. }))
        {
            self.schedule_bot();
        }
        Ok(())
    }

    fn finish_game(&mut self) {
        self.stop_bot();
        self.phase = RoomPhase::Finished;
        let Some(m) = self.game.as_mut() else {
            return;
        };
        m.claimable = SeatSet::EMPTY;
        m.draw_offer = None;
        if let Some(c) = m.clock.as_mut() {
            c.stop();
        }
        let Some(outcome) = m.game.outcome().cloned() else {
            return;
        };
        let record = record_text(m);
        let stored = stored_game(&self.settings, &self.seats, self.in_play, m, &outcome);
        tracing::info!(room = %self.id, reason = ?outcome.reason, "game over");
        // People a bot stood in for are gone: their seats empty for the next game.
        for seat in self.in_play.iter() {
            let gone = self.seats[seat]
                .person()
                .is_some_and(|p| !p.connected && p.grace_until.is_none());
            if gone {
                self.seats[seat] = Slot::Empty;
            }
        }
        let mut messages: Vec<ServerMessage> = self.final_events.take().into_iter().collect();
        messages.push(ServerMessage::GameOver { outcome, record });
        self.pending_end = Some(PendingEnd { stored, messages });
    }

    /// Stores a game that just ended (durably, when the server keeps a store), then announces
    /// its result: the last `GameEvents`, `GameOver` and the room's state.
    async fn announce_end(&mut self) {
        let Some(end) = self.pending_end.take() else {
            return;
        };
        if let (Some(store), Some(game)) = (self.ctx.config.store.clone(), end.stored) {
            match crate::store::save_blocking(store, game).await {
                Ok(id) => tracing::info!(room = %self.id, game = %id, "game stored"),
                Err(e) => tracing::error!(room = %self.id, "the game was not stored: {e}"),
            }
        }
        for msg in end.messages {
            self.broadcast(msg);
        }
        self.broadcast_state();
    }

    fn game_request(&mut self, player: PlayerId, request: GameRequest) {
        let now = Instant::now();
        let mv = match request {
            GameRequest::Move(mv) => Some(mv),
            _ => None,
        };
        let reject = |room: &Room, reason: Rejection| {
            let message = match &reason {
                Rejection::Game(e) => e.to_string(),
                Rejection::Room(code) => room_rejection_text(*code).to_string(),
            };
            room.send_to(
                player,
                ServerMessage::MoveRejected {
                    mv,
                    reason,
                    message,
                },
            );
        };
        let Some(seat) = self.seat_of(player) else {
            return reject(self, Rejection::Room(ErrorCode::NotSeated));
        };
        if request_needs_game(&request) && (self.game.is_none() || !self.playing()) {
            return reject(self, Rejection::Room(ErrorCode::NoGame));
        }
        let standard = self.settings.rules.variant == Variant::Standard;
        let result: Result<(), Rejection> = match request {
            GameRequest::Move(mv) => self.person_move(seat, mv, now),
            GameRequest::Resign => self
                .apply(Action::Resign { seat }, now)
                .map_err(Rejection::Game),
            GameRequest::DeclareImpasse => self
                .apply(Action::DeclareImpasse { seat }, now)
                .map_err(Rejection::Game),
            GameRequest::OfferDraw if !standard => Err(Rejection::Game(GameError::StandardOnly)),
            GameRequest::OfferDraw => {
                let opponent = seat.opposite();
                let bot_opponent = self.seats[opponent].bot_level().is_some();
                if let Some(m) = self.game.as_mut() {
                    m.draw_offer = Some(seat);
                }
                self.broadcast(ServerMessage::DrawOffered { by: seat });
                if bot_opponent {
                    // Bots do not take draws.
                    if let Some(m) = self.game.as_mut() {
                        m.draw_offer = None;
                    }
                    self.broadcast(ServerMessage::DrawDeclined { by: opponent });
                }
                Ok(())
            }
            GameRequest::AcceptDraw | GameRequest::DeclineDraw if !standard => {
                Err(Rejection::Game(GameError::StandardOnly))
            }
            GameRequest::AcceptDraw => {
                let offered = self.game.as_ref().and_then(|m| m.draw_offer);
                if offered == Some(seat.opposite()) {
                    self.apply(Action::AgreeDraw, now).map_err(Rejection::Game)
                } else {
                    Err(Rejection::Room(ErrorCode::NotAllowed))
                }
            }
            GameRequest::DeclineDraw => {
                let m = self.game.as_mut();
                match m {
                    Some(m) if m.draw_offer == Some(seat.opposite()) => {
                        m.draw_offer = None;
                        self.broadcast(ServerMessage::DrawDeclined { by: seat });
                        Ok(())
                    }
                    _ => Err(Rejection::Room(ErrorCode::NotAllowed)),
                }
            }
            GameRequest::ClaimWin if !standard => Err(Rejection::Game(GameError::StandardOnly)),
            GameRequest::ClaimWin => {
                let opponent = seat.opposite();
                let claimable = self
                    .game
                    .as_ref()
                    .is_some_and(|m| m.claimable.contains(opponent));
                if claimable {
                    self.apply(Action::Forfeit { seat: opponent }, now)
                        .map_err(Rejection::Game)
                } else {
                    Err(Rejection::Room(ErrorCode::NotAllowed))
                }
            }
            GameRequest::Rematch => self.rematch_vote(seat),
        };
        if let Err(reason) = result {
            reject(self, reason);
        }
    }

    fn person_move(&mut self, seat: Seat, mv: Move, now: Instant) -> Result<(), Rejection> {
        let Some(m) = self.game.as_ref() else {
            return Err(Rejection::Room(ErrorCode::NoGame));
        };
        // A move that comes after the mover's time ran out is a flag, not a move.
        if m.game.to_move() == seat {
            if let Some((s, t)) = m.clock.as_ref().and_then(|c| c.deadline()) {
                if s == seat && Instant::from_std(t) <= now {
                    if let Some(c) = self.game.as_mut().and_then(|m| m.clock.as_mut()) {
                        c.flag(seat);
                    }
                    let _ = self.apply(Action::Flag { seat }, now);
                    return Err(Rejection::Game(GameError::GameOver));
                }
            }
        }
        let millis = Some(now.saturating_duration_since(m.turn_started).as_millis() as u64);
        self.apply(Action::Move { seat, mv, millis }, now)
            .map_err(Rejection::Game)
    }

    fn rematch_vote(&mut self, seat: Seat) -> Result<(), Rejection> {
        if self.phase != RoomPhase::Finished {
            return Err(Rejection::Room(ErrorCode::NotAllowed));
        }
        self.rematch.insert(seat);
        let waiting = self.in_play.iter().any(|s| {
            matches!(&self.seats[s], Slot::Person(p) if p.connected && !self.rematch.contains(s))
        });
        let empty = self
            .in_play
            .iter()
            .any(|s| matches!(self.seats[s], Slot::Empty));
        if waiting || empty {
            self.broadcast_state();
            return Ok(());
        }
        // Everyone agreed: rotate the seats clockwise and start.
        let mut rotated = BySeat([Slot::Empty, Slot::Empty, Slot::Empty, Slot::Empty]);
        for s in self.in_play.iter() {
            let to = self.in_play.next_after(s).unwrap_or(s);
            rotated[to] = std::mem::replace(&mut self.seats[s], Slot::Empty);
        }
        self.seats = rotated;
        for s in self.in_play.iter() {
            self.grant_seat_to_occupant(s);
        }
        self.start_game();
        Ok(())
    }

    /// Tells the person now sitting in `seat` (if any) that the seat is theirs, with its token.
    fn grant_seat_to_occupant(&mut self, seat: Seat) {
        if let Some(p) = self.seats[seat].person() {
            let (id, token) = (p.player, p.token);
            if let Some(m) = self.members.get_mut(&id) {
                m.seat = Some(seat);
            }
            self.send_to(
                id,
                ServerMessage::SeatGranted {
                    room: self.id,
                    seat,
                    token,
                },
            );
        }
    }

    // --- bots ------------------------------------------------------------------------------

    fn stop_bot(&mut self) {
        if let Some(job) = self.bot.take() {
            job.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Starts a bot thinking when the seat to move is played by one.
    fn schedule_bot(&mut self) {
        self.stop_bot();
        if !self.playing() {
            return;
        }
        let Some(m) = self.game.as_mut() else {
            return;
        };
        if m.game.is_over() {
            return;
        }
        let seat = m.game.to_move();
        let Some(level) = self.seats[seat].bot_level() else {
            return;
        };
        let mut budget = self.ctx.config.bot_think;
        if let Some(c) = &m.clock {
            if let Some((_, t)) = c.deadline() {
                let left = t.saturating_duration_since(std::time::Instant::now());
                budget = budget.min(left / BOT_CLOCK_SHARE);
            }
        }
        let ticket = self.next_ticket;
        self.next_ticket += 1;
        let stop = Arc::new(AtomicBool::new(false));
        self.bot = Some(BotJob {
            ticket,
            stop: stop.clone(),
        });
        let game = m.game.clone();
        let mut player = m.bots[seat].take().unwrap_or_else(|| {
            let seed = bots::splitmix(m.seed ^ seat.index() as u64);
            self.ctx.config.bot_engine.player(level, seed)
        });
        let me = self.me.clone();
        let alive = self.ctx.alive.clone();
        tokio::spawn(async move {
            let _alive = alive;
            let thinking = tokio::task::spawn_blocking(move || {
                let mv = player.choose(&game, budget, stop);
                (mv, player)
            });
            // A bot that panicked is dropped; the room then plays a fallback move.
            let (mv, player) = match thinking.await {
                Ok((mv, player)) => (mv, Some(player)),
                Err(_) => (None, None),
            };
            // The room may be gone (closed or shutting down): then nobody needs the move.
            let _ = me
                .send(RoomCmd::BotMoved {
                    ticket,
                    seat,
                    mv,
                    player,
                })
                .await;
        });
    }

    fn bot_moved(
        &mut self,
        ticket: u64,
        seat: Seat,
        mv: Option<Move>,
        player: Option<Box<dyn BotPlayer>>,
    ) {
        if let Some(m) = self.game.as_mut() {
            if m.bots[seat].is_none() {
                m.bots[seat] = player;
            }
        }
        if self.bot.as_ref().map(|j| j.ticket) != Some(ticket) {
            return; // A stale answer: the position changed since.
        }
        self.bot = None;
        let Some(m) = self.game.as_ref() else {
            return;
        };
        if m.game.is_over() || m.game.to_move() != seat || self.seats[seat].bot_level().is_none() {
            return;
        }
        let now = Instant::now();
        let legal = m.game.position().legal_moves();
        let mv = match mv {
            Some(mv) if legal.contains(mv) => Some(mv),
            other => {
                if other.is_some() {
                    tracing::warn!(room = %self.id, %seat, "the bot chose an illegal move");
                }
                legal.as_slice().first().copied()
            }
        };
        let result = match mv {
            Some(mv) => self
                .person_move(seat, mv, now)
                .map_err(|e| format!("{e:?}")),
            None => self
                .apply(Action::Resign { seat }, now)
                .map_err(|e| e.to_string()),
        };
        if let Err(e) = result {
            tracing::warn!(room = %self.id, %seat, "bot move refused: {e}");
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
        if self.playing() {
            let now = Instant::now();
            let _ = self.apply(Action::Abort, now);
        }
        tracing::debug!(room = %self.id, "closing: {why}");
        for m in self.members.values() {
            m.outbox.send(ServerMessage::LeftRoom {
                room: self.id,
                reason: LeaveReason::RoomClosed,
            });
        }
        self.members.clear();
        self.lobby
            .send(LobbyCmd::RoomClosed { room: self.id })
            .await;
    }
}

fn request_needs_game(r: &GameRequest) -> bool {
    !matches!(r, GameRequest::Rematch)
}

fn room_rejection_text(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::NotSeated => "you hold no seat in this game",
        ErrorCode::NoGame => "no game is being played",
        ErrorCode::NotAllowed => "that is not possible now",
        _ => "refused",
    }
}

/// The game's record: a USI `position` line (standard), or the YSFEN start and the
/// seat-annotated moves (Yonin).
/// The game as the store keeps it; `None` for a game stopped before any move.
fn stored_game(
    settings: &RoomSettings,
    seats: &BySeat<Slot>,
    in_play: SeatSet,
    m: &Match,
    outcome: &yonin_core::Outcome,
) -> Option<yonin_core::protocol::StoredGame> {
    use yonin_core::protocol::{StoredGame, StoredPlayer, StoredSeat};
    if outcome.reason == yonin_core::EndReason::Aborted && m.game.moves().is_empty() {
        return None;
    }
    let seats = in_play
        .iter()
        .filter_map(|seat| {
            let (player, stand_in) = match &seats[seat] {
                Slot::Person(p) => (
                    StoredPlayer::Person {
                        name: p.name.clone(),
                    },
                    p.stand_in,
                ),
                Slot::Bot(level) => (StoredPlayer::Bot { level: *level }, None),
                Slot::Empty => return None,
            };
            Some(StoredSeat {
                seat,
                player,
                stand_in,
            })
        })
        .collect();
    Some(StoredGame {
        rules: *m.game.rules(),
        time_control: settings.time_control,
        room_name: settings.name.clone(),
        start: m.start_text.clone(),
        seats,
        actions: m.actions.clone(),
        outcome: outcome.clone(),
        started_ms: m.started_ms,
        ended_ms: crate::store::now_ms(),
        imported: false,
    })
}

fn record_text(m: &Match) -> String {
    let moves: Vec<(Seat, Move)> = m.game.moves().iter().map(|p| (p.seat, p.mv)).collect();
    match m.game.rules().variant {
        Variant::Standard => {
            let mvs: Vec<Move> = moves.iter().map(|(_, mv)| *mv).collect();
            yonin_core::record::usi::position_line(m.game.start(), &mvs)
        }
        Variant::Yonin => {
            let mut s = m.start_text.clone();
            for (seat, mv) in moves {
                s.push('\n');
                s.push(seat.letter());
                s.push(' ');
                s.push_str(&mv.to_string());
            }
            s
        }
    }
}

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}
