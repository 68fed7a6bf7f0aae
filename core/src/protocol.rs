//! The wire protocol between clients and the server: versioned serde messages
//! (`ClientMessage`, `ServerMessage`), the types they carry, and pure encode/decode helpers.
//!
//! Binary WebSocket frames carry bincode 2 (`config::standard()` with a size limit); text
//! frames carry the same messages as JSON. A connection is answered in the encoding it spoke
//! last. The first message of a connection must be [`ClientMessage::Hello`]; it is answered by
//! [`ServerMessage::Welcome`], or by an [`ServerMessage::Error`] with
//! [`ErrorCode::VersionMismatch`] followed by a close frame. `docs/protocol.md` walks through a
//! whole session.
//!
//! Every enum is externally tagged (serde's default), which both encodings support: in JSON a
//! unit variant is a string (`"Resign"`) and a variant with fields an object with one key
//! (`{"Move":{"mv":"7g7f"}}`).

use crate::game::{Event, Game, GameError};
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::record::{sfen, ysfen, ParseError};
use crate::rules::{RuleSet, Variant};
use crate::seat::Seat;
pub use crate::text::{check_chat, check_name, check_room_name, TextError};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The protocol version. A change to any message's shape bumps it; `Hello` carries the
/// client's and a mismatch is refused.
pub const PROTOCOL_VERSION: u32 = 4;

/// The largest message a client may send, in bytes (bincode or JSON); the server closes the
/// connection on a larger one.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;
/// The largest message the server sends (a long game's full state can pass 64 KiB in JSON).
/// Clients should accept messages up to this size.
pub const MAX_SERVER_MESSAGE_BYTES: usize = 1024 * 1024;
/// Longest player name, in characters (names are trimmed first; 1 character at least).
pub const MAX_NAME_CHARS: usize = 24;
/// Longest room name, in characters.
pub const MAX_ROOM_NAME_CHARS: usize = 40;
/// Longest chat message, in characters.
pub const MAX_CHAT_CHARS: usize = 280;
/// Longest decoder error text kept, in bytes (cut on a character boundary): serde's message
/// repeats the sender's text, which should not travel back in full.
pub const MAX_DECODE_ERROR_BYTES: usize = 200;
/// Length of a private room's join code (upper-case letters and digits).
pub const JOIN_CODE_CHARS: usize = 6;

/// A connected player, unique for the server's lifetime.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlayerId(pub u64);

/// A room, unique for the server's lifetime.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RoomId(pub u64);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "p{}", self.0)
    }
}

impl fmt::Display for RoomId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}", self.0)
    }
}

/// The 128-bit secret that proves a connection holds a seat. Given once, when the seat is
/// taken (and again in `GameStarted` for that seat only); presented in `Hello` or `Resume`
/// to get the seat back after a dropped connection. Written as 32 lower-case hex digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ResumeToken(pub u128);

impl ResumeToken {
    /// The hex text (32 digits).
    pub fn to_hex(self) -> String {
        format!("{:032x}", self.0)
    }
    /// Parses exactly 32 hex digits.
    pub fn from_hex(s: &str) -> Option<ResumeToken> {
        if s.len() != 32 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        u128::from_str_radix(s, 16).ok().map(ResumeToken)
    }
}

impl fmt::Debug for ResumeToken {
    /// Never prints the secret itself (logs must not leak it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ResumeToken(…)")
    }
}

impl Serialize for ResumeToken {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for ResumeToken {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ResumeToken, D::Error> {
        let s = String::deserialize(d)?;
        ResumeToken::from_hex(&s)
            .ok_or_else(|| serde::de::Error::custom("a resume token is 32 hex digits"))
    }
}

/// Strength of a computer player. Same names as `yonin_core::bot::Level`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum BotLevel {
    Beginner,
    Easy,
    #[default]
    Medium,
    Hard,
}

impl BotLevel {
    pub const ALL: [BotLevel; 4] = [
        BotLevel::Beginner,
        BotLevel::Easy,
        BotLevel::Medium,
        BotLevel::Hard,
    ];
    pub const fn name(self) -> &'static str {
        match self {
            BotLevel::Beginner => "Beginner",
            BotLevel::Easy => "Easy",
            BotLevel::Medium => "Medium",
            BotLevel::Hard => "Hard",
        }
    }
}

/// How the server keeps time. All durations are in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TimeControl {
    /// No clock.
    #[default]
    None,
    /// Main time, plus `increment_ms` added after each of the seat's moves.
    Fischer { main_ms: u64, increment_ms: u64 },
    /// Main time, then `periods` periods of `byoyomi_ms` each: a move inside a period keeps
    /// it; a period that runs out is used up; the last one running out is a flag.
    Byoyomi {
        main_ms: u64,
        byoyomi_ms: u64,
        periods: u32,
    },
}

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

/// Everything that changed the game, in order. A client rebuilds the game by parsing
/// `start` and applying every action (`GameState::replay`); the server does the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    Move {
        seat: Seat,
        mv: Move,
        millis: Option<u64>,
    },
    Resign {
        seat: Seat,
    },
    /// The seat's clock ran out.
    Flag {
        seat: Seat,
    },
    /// The seat is out for good (the opponent claimed the win after its grace ran out).
    Forfeit {
        seat: Seat,
    },
    DeclareImpasse {
        seat: Seat,
    },
    /// A draw offer was accepted (standard).
    AgreeDraw,
    /// The game was stopped without a result (the room closed).
    Abort,
}

impl Action {
    /// Applies the action to `game`, through the same checks for everyone.
    pub fn apply(&self, game: &mut Game) -> Result<Vec<Event>, GameError> {
        match *self {
            Action::Move { seat, mv, millis } => game.play_timed(seat, mv, millis),
            Action::Resign { seat } => game.resign(seat),
            Action::Flag { seat } => game.flag(seat),
            Action::Forfeit { seat } => game.forfeit(seat),
            Action::DeclareImpasse { seat } => game.declare_impasse(seat),
            Action::AgreeDraw => game.agree_draw(),
            Action::Abort => Ok(game.abort()),
        }
    }
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

/// Rebuilds a game from its rules, its start position's text and every action, in order: the
/// one replay behind live, stored, saved and restored games.
pub fn replay(rules: RuleSet, start: &str, actions: &[Action]) -> Result<Game, ReplayError> {
    let start = parse_start(&rules, start)?;
    let mut game = Game::from_position(rules, start);
    for (index, action) in actions.iter().enumerate() {
        action
            .apply(&mut game)
            .map_err(|error| ReplayError::Action { index, error })?;
    }
    Ok(game)
}

/// A game that does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("bad start position: {0}")]
    Start(#[from] ParseError),
    #[error("action {index} was refused: {error}")]
    Action { index: usize, error: GameError },
}

/// Parses a start position in the rule set's notation (SFEN or YSFEN; `startpos` too).
pub fn parse_start(rules: &RuleSet, text: &str) -> Result<Position, ParseError> {
    match rules.variant {
        Variant::Standard => sfen::position(text, rules),
        Variant::Yonin => ysfen::position(text, rules),
    }
}

/// Writes a position in its variant's notation (SFEN or YSFEN), as records do.
pub fn format_position(pos: &Position) -> String {
    crate::record::game_record::position_text(pos)
}

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

/// A game-record text format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RecordFormat {
    /// Kakinoki format (UTF-8); Yonin games use the seat arrows (`↑5六歩(57)`).
    Kif,
    /// KI2 display notation (`▲7六歩 △3四歩`).
    Ki2,
    /// CSA (`+7776FU`), standard only.
    Csa,
    /// A USI `position` line, standard only.
    Usi,
    /// The start position (YSFEN, or SFEN for standard) and the seat-annotated moves
    /// (`s 5g5f`), one per line.
    Ysfen,
}

impl RecordFormat {
    pub const ALL: [RecordFormat; 5] = [
        RecordFormat::Kif,
        RecordFormat::Ki2,
        RecordFormat::Csa,
        RecordFormat::Usi,
        RecordFormat::Ysfen,
    ];
    /// The lower-case name, also the usual file extension.
    pub const fn name(self) -> &'static str {
        match self {
            RecordFormat::Kif => "kif",
            RecordFormat::Ki2 => "ki2",
            RecordFormat::Csa => "csa",
            RecordFormat::Usi => "usi",
            RecordFormat::Ysfen => "ysfen",
        }
    }
    /// The format of a name or file extension (any case; `kifu` too).
    pub fn from_name(name: &str) -> Option<RecordFormat> {
        match name.to_ascii_lowercase().as_str() {
            "kif" | "kifu" => Some(RecordFormat::Kif),
            "ki2" | "ki2u" => Some(RecordFormat::Ki2),
            "csa" => Some(RecordFormat::Csa),
            "usi" | "sfen" => Some(RecordFormat::Usi),
            "ysfen" | "yonin" => Some(RecordFormat::Ysfen),
            _ => None,
        }
    }
}

impl fmt::Display for RecordFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which chat a line belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ChatScope {
    Lobby,
    /// The room the receiver is in.
    Room,
}

/// Why the receiver is no longer in a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LeaveReason {
    /// They asked to.
    Left,
    /// The host removed them.
    Kicked,
    /// The room was closed (everyone left, or the server is stopping).
    RoomClosed,
    /// They took a seat in another room, or resumed one.
    Moved,
}

/// What a client says. The first message must be `Hello`. New messages may be added within a
/// protocol version's lifetime only as new variants, so matches outside core need a `_` arm.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum ClientMessage {
    /// Opens the session. `resume` presents a seat token from an earlier connection.
    Hello {
        version: u32,
        name: String,
        resume: Option<ResumeToken>,
    },
    /// Asks for a fresh `RoomList` (the lobby also sends live updates unasked).
    ListRooms,
    SetName {
        name: String,
    },
    /// Creates a room; the creator becomes its host and joins it.
    CreateRoom {
        settings: RoomSettings,
    },
    /// Takes a seat (`None`: the first empty one). `code` is needed for private rooms.
    Join {
        room: RoomId,
        seat: Option<Seat>,
        code: Option<String>,
    },
    /// Watches a room without a seat.
    Spectate {
        room: RoomId,
        code: Option<String>,
    },
    /// Gets a seat back with its token (any time; also possible in `Hello`).
    Resume {
        token: ResumeToken,
    },
    /// Leaves the current room. During a game a bot of the room's takeover level plays the
    /// seat at once; the token still reclaims it.
    Leave,
    /// A chat line; `Room` goes to the receiver's current room.
    Chat {
        scope: ChatScope,
        text: String,
    },
    // --- host only, before a game starts (or after it ended) ---
    /// Puts a bot in an empty seat (or changes a bot's level).
    AddBot {
        seat: Seat,
        level: BotLevel,
    },
    /// Empties a seat: a bot is removed, a person becomes a spectator.
    RemoveFromSeat {
        seat: Seat,
    },
    /// Moves whoever is in `from` to `to` (swapping when `to` is held).
    MoveSeat {
        from: Seat,
        to: Seat,
    },
    /// Removes a person from the room.
    Kick {
        player: PlayerId,
    },
    /// Starts the game (every seat must hold a person or a bot).
    Start,
    // --- in a game, for the sender's own seat ---
    Move {
        mv: Move,
    },
    Resign,
    /// Standard only.
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// Standard only: the impasse declaration 入玉宣言.
    #[doc(alias = "nyugyoku")]
    DeclareImpasse,
    /// Standard only: wins when the opponent's grace ran out.
    ClaimWin,
    /// Asks for another game with the seats rotated (starts when every person asked).
    Rematch,
    /// Answered by `Pong` with the same number.
    Ping {
        nonce: u64,
    },
    // --- stored games (any time, in or out of a room) ---
    /// Lists finished games, newest first: answered by `GameList`.
    ListGames {
        filter: GameFilter,
    },
    /// Fetches one finished game: answered by `StoredGame`, or `Error { NoSuchGame }`.
    GetGame {
        id: GameId,
    },
    /// A finished game as record text: answered by `GameExport`, or `Error` (`NoSuchGame`;
    /// `BadRecord` when the format cannot hold the game, e.g. USI for Yonin).
    ExportGame {
        id: GameId,
        format: RecordFormat,
    },
    /// Stores a record read from text (`format: None` guesses it from the content): answered
    /// by `GameImported`, or `Error { BadRecord }` naming the line and the cause.
    ImportRecord {
        text: String,
        format: Option<RecordFormat>,
    },
    /// Host: each computer move takes at least `ms` milliseconds (at most `MAX_BOT_PACE_MS`),
    /// so people can follow the moves one by one; 0 plays them as soon as they are chosen
    /// (also "skip to the result" after one's own resignation). Kept while the room lives.
    SetBotPace {
        ms: u32,
    },
}

/// The longest a room may make each computer move take (`SetBotPace`).
pub const MAX_BOT_PACE_MS: u32 = 3_000;

/// Why a request failed. The `Error` message carries the code and a human text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ErrorCode {
    /// `Hello` carried another protocol version; the connection is closed.
    VersionMismatch,
    /// The first message was not `Hello`, or `Hello` came twice.
    HelloFirst,
    /// A frame that is not a message of this protocol.
    Malformed,
    /// A message over `MAX_MESSAGE_BYTES`.
    TooLarge,
    /// Too many messages or chat lines too fast.
    RateLimited,
    /// The connection is closed for repeated bad input.
    TooManyErrors,
    /// The server holds as many connections as it may.
    ServerFull,
    /// The server holds as many rooms as it may.
    TooManyRooms,
    /// The server is stopping.
    ShuttingDown,
    BadName,
    BadChat,
    BadSettings,
    NoSuchRoom,
    WrongJoinCode,
    NoSuchSeat,
    SeatTaken,
    /// The sender must leave their current room first.
    AlreadyInRoom,
    NotInRoom,
    NotHost,
    /// The sender holds no seat in this game.
    NotSeated,
    NoGame,
    GameInProgress,
    /// The token matches no seat (or the game it belonged to is gone).
    BadToken,
    /// The action is not possible now (e.g. accepting a draw nobody offered).
    NotAllowed,
    Internal,
    /// No stored game has that id.
    NoSuchGame,
    /// A record that cannot be read, or a format that cannot hold the game.
    BadRecord,
    /// The server keeps no game store, or it failed.
    StoreUnavailable,
}

/// Why a game request was refused (beyond the rules themselves).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rejection {
    /// The rules refused it: an illegal move (naming the rule), not your turn, game over…
    Game(GameError),
    /// A server rule refused it: the code says which.
    Room(ErrorCode),
}

/// What the server says. Matches outside core need a `_` arm (see `ClientMessage`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum ServerMessage {
    Welcome {
        version: u32,
        player_id: PlayerId,
        server_name: String,
        /// The name the server accepted (trimmed).
        name: String,
    },
    Error {
        code: ErrorCode,
        message: String,
    },
    NameSet {
        name: String,
    },
    // --- lobby ---
    RoomList {
        rooms: Vec<RoomSummary>,
    },
    RoomUpdated {
        room: RoomSummary,
    },
    RoomRemoved {
        room: RoomId,
    },
    Chat {
        scope: ChatScope,
        from: PlayerRef,
        text: String,
    },
    // --- rooms ---
    /// The full room (sent on entering and on every change of seats, phase or host).
    RoomState(Box<RoomState>),
    /// The receiver holds `seat` in `room`; keep `token` to get it back.
    SeatGranted {
        room: RoomId,
        seat: Seat,
        token: ResumeToken,
    },
    LeftRoom {
        room: RoomId,
        reason: LeaveReason,
    },
    // --- games ---
    /// A game started, or the receiver arrived in (or came back to) a game.
    GameStarted(Box<GameState>),
    /// What an action did, with the clocks after it.
    GameEvents {
        action: Action,
        events: Vec<Event>,
        clocks: Clocks,
    },
    /// The sender's move or game request was refused; the game goes on.
    MoveRejected {
        mv: Option<Move>,
        reason: Rejection,
        /// The reason in plain words, naming the rule (e.g. "nifu (二歩): …").
        message: String,
    },
    GameOver {
        outcome: Outcome,
        /// The game as a record: a USI `position` line (standard) or a seat-annotated move
        /// list after the YSFEN start (Yonin).
        record: String,
    },
    DrawOffered {
        by: Seat,
    },
    DrawDeclined {
        by: Seat,
    },
    SeatDisconnected {
        seat: Seat,
        /// How long the seat waits for its player, from the time of sending.
        grace_ms: u64,
    },
    SeatReconnected {
        seat: Seat,
    },
    /// A game that waited after a restart of the server plays on (its first person is back):
    /// the clock of the seat to move runs from now.
    PlayResumed {
        clocks: Clocks,
    },
    /// A bot now plays for the absent person. In standard games `claimable` says the
    /// opponent may instead end the game with `ClaimWin`.
    BotTookOver {
        seat: Seat,
        level: BotLevel,
        claimable: bool,
    },
    Pong {
        nonce: u64,
    },
    /// The server is stopping; a close frame follows.
    ServerShutdown {
        message: String,
    },
    // --- stored games ---
    /// Finished games matching a `ListGames` filter, newest first.
    GameList {
        games: Vec<GameSummary>,
    },
    /// One finished game (answer to `GetGame`).
    StoredGame {
        id: GameId,
        game: Box<StoredGame>,
    },
    /// A finished game as record text (answer to `ExportGame`).
    GameExport {
        id: GameId,
        format: RecordFormat,
        text: String,
    },
    /// A record was read and stored (answer to `ImportRecord`).
    GameImported {
        summary: GameSummary,
    },
    /// The room's recent chat, oldest first (at most `ROOM_CHAT_KEPT` lines), sent to whoever
    /// enters the room (a player joining or coming back, a spectator): it replaces the chat
    /// the client shows for the room.
    ChatHistory {
        room: RoomId,
        lines: Vec<ChatEntry>,
    },
    /// How the first player of the game about to start was chosen, when its rules leave it
    /// to chance (`FirstSeat::Random`); sent to the room just before `GameStarted`.
    FirstDrawn {
        room: RoomId,
        draw: FirstDraw,
    },
    /// The room of a `Join` (`watch: false`) or `Spectate` (`watch: true`) lives on another
    /// node of the cluster: connect to `url` (a `ws://` or `wss://` URL), say `Hello` there,
    /// and ask again with the same `room`, `seat` and `code` (echoed here).
    Redirect(Box<Redirect>),
}

/// Where a room of another node is (see `ServerMessage::Redirect`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Redirect {
    pub url: String,
    pub room: RoomId,
    pub watch: bool,
    pub seat: Option<Seat>,
    pub code: Option<String>,
}

/// The longest URL a `Redirect` carries, in bytes.
pub const MAX_REDIRECT_URL_BYTES: usize = 256;

/// Is `url` a URL a client may be sent to: `ws://` or `wss://`, at most
/// `MAX_REDIRECT_URL_BYTES`, a host after the scheme, and no spaces or control characters?
pub fn is_redirect_url(url: &str) -> bool {
    let rest = url
        .strip_prefix("ws://")
        .or_else(|| url.strip_prefix("wss://"));
    let Some(rest) = rest else {
        return false;
    };
    url.len() <= MAX_REDIRECT_URL_BYTES
        && !rest.is_empty()
        && !rest.starts_with('/')
        && url.chars().all(|c| c.is_ascii_graphic())
}

/// How chance chose who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FirstDraw {
    /// Standard (even game): the player now in `tosser` tossed five pawns (the host, or
    /// Sente's player when the host only watches); the seats were swapped if the toss said so.
    Furigoma {
        toss: crate::furigoma::Toss,
        tosser: Seat,
    },
    /// Yonin: this seat was drawn to move first.
    Seat(Seat),
}

/// The most chat lines a room keeps for those who enter later.
pub const ROOM_CHAT_KEPT: usize = 50;

/// One line of a room's chat history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatEntry {
    pub from: PlayerRef,
    pub text: String,
}

impl ServerMessage {
    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerMessage {
        ServerMessage::Error {
            code,
            message: message.into(),
        }
    }
}

/// The two encodings of the protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Encoding {
    /// Text frames.
    Json,
    /// Binary frames: bincode 2, standard configuration.
    Bincode,
}

/// A message that could not be encoded or decoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodecError {
    #[error("the message is too large")]
    TooLarge,
    #[error("not a message of this protocol: {0}")]
    Malformed(String),
}

/// bincode's configuration: standard (varint) with the largest message size as its limit.
/// (Client messages are held to `MAX_MESSAGE_BYTES` by the server's WebSocket settings.)
const fn bincode_config() -> bincode::config::Configuration<
    bincode::config::LittleEndian,
    bincode::config::Varint,
    bincode::config::Limit<MAX_SERVER_MESSAGE_BYTES>,
> {
    bincode::config::standard().with_limit::<MAX_SERVER_MESSAGE_BYTES>()
}

/// Encodes a message as bincode.
pub fn to_bincode<T: Serialize>(msg: &T) -> Result<Vec<u8>, CodecError> {
    // Encoding is not limited by the configuration: the length is checked below.
    let bytes = bincode::serde::encode_to_vec(msg, bincode_config())
        .map_err(|e| CodecError::Malformed(e.to_string()))?;
    if bytes.len() > MAX_SERVER_MESSAGE_BYTES {
        return Err(CodecError::TooLarge);
    }
    Ok(bytes)
}

/// Decodes a bincode message; trailing bytes are an error.
pub fn from_bincode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, CodecError> {
    if bytes.len() > MAX_SERVER_MESSAGE_BYTES {
        return Err(CodecError::TooLarge);
    }
    let (msg, read) =
        bincode::serde::decode_from_slice(bytes, bincode_config()).map_err(|e| match e {
            bincode::error::DecodeError::LimitExceeded => CodecError::TooLarge,
            e => CodecError::Malformed(e.to_string()),
        })?;
    if read != bytes.len() {
        return Err(CodecError::Malformed(format!(
            "{} bytes after the message",
            bytes.len() - read
        )));
    }
    Ok(msg)
}

/// Encodes a message as JSON.
pub fn to_json<T: Serialize>(msg: &T) -> Result<String, CodecError> {
    let text = serde_json::to_string(msg).map_err(|e| CodecError::Malformed(e.to_string()))?;
    if text.len() > MAX_SERVER_MESSAGE_BYTES {
        return Err(CodecError::TooLarge);
    }
    Ok(text)
}

/// Decodes a JSON message.
pub fn from_json<T: DeserializeOwned>(text: &str) -> Result<T, CodecError> {
    if text.len() > MAX_SERVER_MESSAGE_BYTES {
        return Err(CodecError::TooLarge);
    }
    serde_json::from_str(text).map_err(|e| {
        let mut s = e.to_string();
        crate::text::truncate_bytes(&mut s, MAX_DECODE_ERROR_BYTES);
        CodecError::Malformed(s)
    })
}

/// Checks and tidies a player name: trimmed, 1..=`MAX_NAME_CHARS` characters, nothing that
/// hides or disguises text (see [`crate::text::check`]).
pub fn validate_name(name: &str) -> Result<String, TextError> {
    check_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples() -> Vec<ClientMessage> {
        vec![
            ClientMessage::Hello {
                version: PROTOCOL_VERSION,
                name: "Ann".into(),
                resume: Some(ResumeToken(0x0123_4567_89ab_cdef_0123_4567_89ab_cdef)),
            },
            ClientMessage::CreateRoom {
                settings: RoomSettings {
                    time_control: TimeControl::Byoyomi {
                        main_ms: 60_000,
                        byoyomi_ms: 10_000,
                        periods: 3,
                    },
                    bots: vec![(Seat::West, BotLevel::Easy)],
                    start_position: Some("startpos".into()),
                    ..RoomSettings::new("room", RuleSet::yonin())
                },
            },
            ClientMessage::Move {
                mv: Move::from_usi("7g7f").unwrap(),
            },
            ClientMessage::Resign,
            ClientMessage::ListGames {
                filter: GameFilter {
                    player: Some("Ann".into()),
                    variant: Some(Variant::Yonin),
                    limit: 20,
                    before: Some(GameId(40)),
                },
            },
            ClientMessage::ExportGame {
                id: GameId(7),
                format: RecordFormat::Kif,
            },
            ClientMessage::ImportRecord {
                text: "position startpos moves 7g7f".into(),
                format: None,
            },
        ]
    }

    #[test]
    fn stored_games_round_trip_and_replay() {
        let game = StoredGame {
            rules: RuleSet::standard(),
            time_control: TimeControl::None,
            room_name: "r".into(),
            start: format_position(&Position::start(&RuleSet::standard())),
            seats: vec![StoredSeat {
                seat: Seat::South,
                player: StoredPlayer::Bot {
                    level: BotLevel::Easy,
                },
                stand_in: None,
            }],
            actions: vec![
                Action::Move {
                    seat: Seat::South,
                    mv: Move::from_usi("7g7f").unwrap(),
                    millis: Some(1200),
                },
                Action::Resign { seat: Seat::North },
            ],
            outcome: Outcome::win(Seat::South, Seat::North, crate::EndReason::Resignation),
            started_ms: 1,
            ended_ms: 2,
            imported: false,
        };
        let msg = ServerMessage::StoredGame {
            id: GameId(3),
            game: Box::new(game.clone()),
        };
        assert_eq!(
            from_bincode::<ServerMessage>(&to_bincode(&msg).unwrap()).unwrap(),
            msg
        );
        assert_eq!(
            from_json::<ServerMessage>(&to_json(&msg).unwrap()).unwrap(),
            msg
        );
        assert_eq!(game.replay().unwrap().outcome(), Some(&game.outcome));
        assert_eq!(game.summary(GameId(3)).plies, 1);
        for f in RecordFormat::ALL {
            assert_eq!(RecordFormat::from_name(f.name()), Some(f));
        }
    }

    #[test]
    fn both_encodings_round_trip() {
        for m in samples() {
            let b = to_bincode(&m).unwrap();
            assert_eq!(from_bincode::<ClientMessage>(&b).unwrap(), m);
            let j = to_json(&m).unwrap();
            assert_eq!(from_json::<ClientMessage>(&j).unwrap(), m);
        }
    }

    #[test]
    fn json_shape_is_externally_tagged() {
        let j = to_json(&ClientMessage::Move {
            mv: Move::from_usi("P*5e").unwrap(),
        })
        .unwrap();
        assert_eq!(j, r#"{"Move":{"mv":"P*5e"}}"#);
        assert_eq!(to_json(&ClientMessage::Resign).unwrap(), r#""Resign""#);
    }

    #[test]
    fn game_state_replays() {
        let mut game = Game::new(RuleSet::standard());
        let mut actions = Vec::new();
        for t in ["7g7f", "3c3d"] {
            let a = Action::Move {
                seat: game.to_move(),
                mv: Move::from_usi(t).unwrap(),
                millis: None,
            };
            a.apply(&mut game).unwrap();
            actions.push(a);
        }
        let state = GameState {
            room: RoomId(1),
            rules: RuleSet::standard(),
            start: format_position(game.start()),
            actions,
            seats: vec![],
            clocks: Clocks::default(),
            you: None,
            token: None,
            draw_offer: None,
            claimable: vec![],
            outcome: None,
            paused: false,
        };
        let back: ServerMessage = from_bincode(
            &to_bincode(&ServerMessage::GameStarted(Box::new(state.clone()))).unwrap(),
        )
        .unwrap();
        assert_eq!(back, ServerMessage::GameStarted(Box::new(state.clone())));
        let replayed = state.replay().unwrap();
        assert_eq!(replayed.position().hash(), game.position().hash());
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        assert!(from_json::<ClientMessage>("{").is_err());
        assert!(from_json::<ClientMessage>(r#"{"Move":{"mv":"9z9z"}}"#).is_err());
        assert!(from_bincode::<ClientMessage>(&[0xff; 40]).is_err());
        assert!(from_bincode::<ClientMessage>(&[]).is_err());
        let big = vec![0u8; MAX_SERVER_MESSAGE_BYTES + 1];
        assert_eq!(
            from_bincode::<ClientMessage>(&big),
            Err(CodecError::TooLarge)
        );
        // A string length claiming far more than the limit.
        let mut lie = vec![0u8];
        lie.extend_from_slice(&[0xfc, 0xff, 0xff, 0xff, 0x7f]);
        assert!(from_bincode::<ClientMessage>(&lie).is_err());
        assert!(ResumeToken::from_hex("xyz").is_none());
        assert!(from_json::<ResumeToken>(r#""0123""#).is_err());
    }

    #[test]
    fn names_are_validated() {
        assert_eq!(validate_name("  Ann ").unwrap(), "Ann");
        assert!(validate_name("   ").is_err());
        assert!(validate_name("a\u{7}b").is_err());
        assert!(validate_name(&"x".repeat(MAX_NAME_CHARS + 1)).is_err());
        assert!(validate_name(&"将".repeat(MAX_NAME_CHARS)).is_ok());
        // The one text check: direction overrides and invisible-only names are refused too.
        assert!(validate_name("ab\u{202E}cd").is_err());
        assert!(validate_name("\u{200B}\u{200B}").is_err());
    }

    #[test]
    fn a_redirect_round_trips_and_only_websocket_urls_are_taken() {
        let msg = ServerMessage::Redirect(Box::new(Redirect {
            url: "ws://10.0.0.2:7878/".into(),
            room: RoomId(1 << 40),
            watch: false,
            seat: Some(Seat::North),
            code: Some("ABC123".into()),
        }));
        assert_eq!(
            from_bincode::<ServerMessage>(&to_bincode(&msg).unwrap()).unwrap(),
            msg
        );
        assert_eq!(
            from_json::<ServerMessage>(&to_json(&msg).unwrap()).unwrap(),
            msg
        );
        assert!(is_redirect_url("ws://10.0.0.2:7878/"));
        assert!(is_redirect_url("wss://play.example.org/yonin"));
        for bad in [
            "http://example.org/",
            "file:///etc/passwd",
            "ws://",
            "ws:///path",
            "ws://a b/",
            "ws://a\nb/",
            "javascript:alert(1)",
            "",
        ] {
            assert!(!is_redirect_url(bad), "{bad}");
        }
        assert!(!is_redirect_url(&format!("ws://{}/", "a".repeat(300))));
    }
}
