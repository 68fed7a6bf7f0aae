//! A finished game as a store keeps it (`StoredGame`: the game log every stored, exported
//! and imported game goes through), its list lines and the filter that lists them.

use crate::game::{replay, Action, Game, ReplayError};
use crate::outcome::Outcome;
use crate::rules::{RuleSet, Variant};
use crate::seat::Seat;
use crate::terms::{BotLevel, TimeControl};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A finished game in the server's store, unique in that store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct GameId(pub u64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "g{}", self.0)
    }
}

/// The most games one `GameList` holds (a larger `GameFilter::limit` is cut to this).
pub const MAX_GAME_LIST: u32 = 100;

/// Who played a seat of a stored game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StoredPlayer {
    Person { name: String },
    Bot { level: BotLevel },
}

impl StoredPlayer {
    /// The name shown in records (`Medium bot` for a bot).
    pub fn display_name(&self) -> String {
        match self {
            StoredPlayer::Person { name } => name.clone(),
            StoredPlayer::Bot { level } => format!("{} bot", level.name()),
        }
    }
}

/// A seat of a stored game and who played it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredSeat {
    pub seat: Seat,
    pub player: StoredPlayer,
    /// A bot of this level played for the person for part of the game (they dropped or left).
    pub stand_in: Option<BotLevel>,
}

/// A finished game as the store keeps it: everything needed to replay it and to write it in any
/// record format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredGame {
    /// Variant and every house rule (a random first seat is already drawn).
    pub rules: RuleSet,
    pub time_control: TimeControl,
    /// The room's name (or the imported file's title).
    pub room_name: String,
    /// The start position: SFEN (standard) or YSFEN (Yonin).
    pub start: String,
    /// Every seat in play, clockwise from South.
    pub seats: Vec<StoredSeat>,
    /// Everything that changed the game, in order; moves carry the time they took.
    pub actions: Vec<Action>,
    /// The result: places, winner first.
    pub outcome: Outcome,
    /// When the game started and ended, in milliseconds since the Unix epoch (0: unknown).
    pub started_ms: u64,
    pub ended_ms: u64,
    /// Read from a record file rather than played on this server.
    pub imported: bool,
}

impl StoredGame {
    /// Rebuilds the game: the start position with every action applied.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        replay(self.rules, &self.start, &self.actions)
    }

    /// The number of moves played.
    pub fn plies(&self) -> u32 {
        let moves = self.actions.iter();
        moves.filter(|a| matches!(a, Action::Move { .. })).count() as u32
    }

    /// The player of `seat`.
    pub fn player(&self, seat: Seat) -> Option<&StoredPlayer> {
        self.seats
            .iter()
            .find(|s| s.seat == seat)
            .map(|s| &s.player)
    }

    /// The line a game list shows.
    pub fn summary(&self, id: GameId) -> GameSummary {
        GameSummary {
            id,
            variant: self.rules.variant,
            room_name: self.room_name.clone(),
            seats: self.seats.clone(),
            outcome: self.outcome.clone(),
            plies: self.plies(),
            started_ms: self.started_ms,
            ended_ms: self.ended_ms,
            imported: self.imported,
        }
    }
}

/// One line of a list of stored games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSummary {
    pub id: GameId,
    pub variant: Variant,
    pub room_name: String,
    pub seats: Vec<StoredSeat>,
    pub outcome: Outcome,
    pub plies: u32,
    pub started_ms: u64,
    pub ended_ms: u64,
    pub imported: bool,
}

/// Which stored games to list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameFilter {
    /// Only games in which a person of this name (compared without case) held a seat.
    pub player: Option<String>,
    pub variant: Option<Variant>,
    /// At most this many, newest first (0 or more than `MAX_GAME_LIST`: `MAX_GAME_LIST`).
    pub limit: u32,
    /// Only games with a smaller id (None: from the newest). To page through a long list, ask
    /// again with `before` set to the last (oldest) id of the page before.
    #[serde(default)]
    pub before: Option<GameId>,
}

impl GameFilter {
    /// The number of games to return.
    pub fn effective_limit(&self) -> usize {
        match self.limit {
            0 => MAX_GAME_LIST as usize,
            n => n.min(MAX_GAME_LIST) as usize,
        }
    }
}
