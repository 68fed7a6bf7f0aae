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

mod play;
mod record;
mod seats;
mod settings;
mod thinking;
mod timers;
mod views;

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
    let start_position = settings::validate(&mut settings, &ctx)?;
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

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}
