//! A room and its game as the wire shows them: settings, seats, clocks, the room list's
//! lines and the whole state of a game in play.

use super::ids::{PlayerId, ResumeToken, RoomId};
use crate::game::{replay, Action, Game, ReplayError};
use crate::outcome::Outcome;
use crate::rules::{RuleSet, Variant};
use crate::seat::Seat;
use crate::terms::{BotLevel, TimeControl};
use serde::{Deserialize, Serialize};

/// One seat's clock. `main_ms` is the main time left; in byoyomi, once it is 0, the seat
/// plays in periods of `period_ms` with `periods` of them left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatClock {
    pub seat: Seat,
    pub main_ms: u64,
    /// Time left in the current byoyomi period (0 under Fischer).
    pub period_ms: u64,
    /// Byoyomi periods left (0 under Fischer).
    pub periods: u32,
}

/// The clocks as the server saw them when it sent the message.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// One entry per seat in play, clockwise from South. Empty when the room has no clock.
    pub seats: Vec<SeatClock>,
    /// The seat whose clock is running (None before the start, after the end, or no clock).
    pub running: Option<Seat>,
}

/// What a room is created with. `seats` follow from `rules.variant` (2 or 4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomSettings {
    /// Shown in the lobby (1..=`MAX_ROOM_NAME_CHARS` characters).
    pub name: String,
    pub rules: RuleSet,
    pub time_control: TimeControl,
    /// A bot for each seat listed, at its level, from the start (the host may change them).
    pub bots: Vec<(Seat, BotLevel)>,
    /// The level of the bot that plays for a person whose grace period ran out.
    pub takeover_level: BotLevel,
    /// A private room is listed but needs its join code to join or spectate; the server
    /// makes the code and shows it to the room's members.
    pub private: bool,
    /// How long a dropped player's seat waits for them (None: the server's default).
    pub grace_ms: Option<u64>,
    /// Start from this SFEN (standard) or YSFEN (Yonin) instead of the rule set's start
    /// position (for problems, teaching and tests).
    pub start_position: Option<String>,
    /// The seat the creator takes (None: the creator only watches and hosts).
    pub host_seat: Option<Seat>,
}

impl RoomSettings {
    /// A public room with the given rules, no clock, no bots, creator in South.
    pub fn new(name: impl Into<String>, rules: RuleSet) -> RoomSettings {
        RoomSettings {
            name: name.into(),
            rules,
            time_control: TimeControl::None,
            bots: Vec::new(),
            takeover_level: BotLevel::Medium,
            private: false,
            grace_ms: None,
            start_position: None,
            host_seat: Some(Seat::South),
        }
    }
    /// The number of seats (2 or 4).
    pub fn seat_count(&self) -> usize {
        self.rules.variant.seats().len() as usize
    }
}

/// Where a room is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RoomPhase {
    /// Seats are being filled.
    Waiting,
    Playing,
    /// The game is over; a rematch may start a new one.
    Finished,
}

/// One line of the lobby's room list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomSummary {
    pub id: RoomId,
    pub name: String,
    pub variant: Variant,
    pub time_control: TimeControl,
    pub phase: RoomPhase,
    /// Seats in play (2 or 4).
    pub seats: u8,
    /// Seats held by people.
    pub people: u8,
    /// Seats held by bots.
    pub bots: u8,
    pub spectators: u16,
    pub private: bool,
    pub host_name: String,
    /// Where the room lives: `None` on this server; another node's public WebSocket URL in a
    /// cluster (a `Join` or `Spectate` of it is answered with `Redirect`).
    pub node: Option<String>,
}

/// A person as others see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerRef {
    pub id: PlayerId,
    pub name: String,
}

/// Who holds a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Occupant {
    Empty,
    Person(PlayerRef),
    Bot(BotLevel),
}

/// A seat of a room as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    pub seat: Seat,
    pub occupant: Occupant,
    /// Is the person's connection up? (Always true for bots and empty seats.)
    pub connected: bool,
    /// A dropped person's grace left, in milliseconds at the time of sending.
    pub grace_ms: Option<u64>,
    /// A bot plays for the absent person (their grace ran out or they left); the person may
    /// reclaim the seat with their token.
    pub stand_in: Option<BotLevel>,
}

/// The full state of a room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomState {
    pub id: RoomId,
    pub settings: RoomSettings,
    /// Only sent to the room's members (it is what lets others in).
    pub join_code: Option<String>,
    pub host: PlayerId,
    pub phase: RoomPhase,
    /// Seats in play, clockwise from South.
    pub seats: Vec<SeatInfo>,
    pub spectators: Vec<PlayerRef>,
    /// The receiver's seat, if any.
    pub you: Option<Seat>,
    /// Seats that asked for a rematch since the last game ended.
    pub rematch: Vec<Seat>,
}

/// The whole state of a game, sent when it starts and to anyone who arrives or comes back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    pub room: RoomId,
    /// The rules in force (a random first seat is already drawn: `FirstSeat::Fixed`).
    pub rules: RuleSet,
    /// The start position: SFEN (standard) or YSFEN (Yonin).
    pub start: String,
    /// Everything played so far, in order.
    pub actions: Vec<Action>,
    pub seats: Vec<SeatInfo>,
    pub clocks: Clocks,
    /// The receiver's seat (None for a spectator).
    pub you: Option<Seat>,
    /// The receiver's secret for that seat (never sent to anyone else).
    pub token: Option<ResumeToken>,
    /// A standing draw offer (standard).
    pub draw_offer: Option<Seat>,
    /// Seats whose opponent may claim the win (their grace ran out; standard).
    pub claimable: Vec<Seat>,
    pub outcome: Option<Outcome>,
    /// The game was carried on after the server restarted and waits for its first person to
    /// come back: no clock runs and no bot thinks until then (`PlayResumed`).
    pub paused: bool,
}

impl GameState {
    /// Rebuilds the game: the start position with every action applied.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        replay(self.rules, &self.start, &self.actions)
    }
}
