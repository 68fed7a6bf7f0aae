//! The messages: what a client says (`ClientMessage`), what the server says
//! (`ServerMessage`), and the error codes.

use super::ids::*;
use super::room::*;
use crate::furigoma::FirstDraw;
use crate::game::{Action, Event, GameError};
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::record::stored::{GameFilter, GameId, GameSummary, StoredGame};
use crate::record::RecordFormat;
use crate::seat::Seat;
use crate::terms::BotLevel;
use serde::{Deserialize, Serialize};

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
    /// A request to the game, for the sender's own seat: answered by what it changed
    /// (`GameEvents`, `DrawOffered`, …) or by `GameRefused`.
    Game(GameRequest),
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

/// What a seated player asks of the game (`ClientMessage::Game`). The room checks it through
/// core's `Game` and answers with what changed, or with `GameRefused`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameRequest {
    /// Plays a move (on the sender's turn).
    Move(Move),
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
}

impl GameRequest {
    /// The move asked for, if this is a move.
    pub fn mv(self) -> Option<Move> {
        match self {
            GameRequest::Move(mv) => Some(mv),
            _ => None,
        }
    }
}

/// The longest a room may make each computer move take (`SetBotPace`).
pub const MAX_BOT_PACE_MS: u32 = 3_000;

/// Why a request failed: the one vocabulary of refusals on the wire. `Error` carries it for
/// any request, `GameRefused` for a game request; both add a text in English for logs and old
/// clients (a client shows its own words for the code).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ErrorCode {
    /// The rules refused a game request: an illegal move (naming the rule), not your turn,
    /// the game is over, no draw offer to answer…
    Rules(GameError),
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
    /// The sender's game request was refused; the game goes on.
    GameRefused {
        request: GameRequest,
        code: ErrorCode,
        /// The reason in plain English, naming the rule (e.g. "nifu (二歩): …").
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
