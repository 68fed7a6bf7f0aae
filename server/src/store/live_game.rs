//! A game in progress as a store keeps it (`LiveGame`, its seats, its `LiveEntry` per
//! action, the hash that stands for each seat's token) and the journal's writes and answers
//! that carry it to a store.

use super::codec::EncodedGame;
use super::StoreError;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use yonin_core::protocol::{Clocks, ResumeToken, RoomSettings};
use yonin_core::record::stored::{GameId, StoredPlayer};
use yonin_core::{Action, BotLevel};
use yonin_core::{RuleSet, Seat};

/// A game in progress in the store, unique in that store (never reused).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct LiveId(pub u64);

impl std::fmt::Display for LiveId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "live{}", self.0)
    }
}

/// The SHA-256 of a resume token: what the store keeps instead of the token, so a copy of the
/// store file does not hand out seats. See [`hash_token`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TokenHash(pub [u8; 32]);

impl TokenHash {
    /// Is this the hash of `token`?
    pub fn matches(&self, token: ResumeToken) -> bool {
        hash_token(token) == *self
    }
}

/// The SHA-256 of the token's 16 bytes, little-endian (`ResumeToken.0.to_le_bytes()`).
pub fn hash_token(token: ResumeToken) -> TokenHash {
    TokenHash(Sha256::digest(token.0.to_le_bytes()).into())
}

/// A seat of a game in progress: who holds it, and the proof of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveSeat {
    pub seat: Seat,
    /// The person or bot in the seat (a person keeps their name through a drop).
    pub player: StoredPlayer,
    /// A bot of this level plays for the person for now.
    pub stand_in: Option<BotLevel>,
    /// The hash of the seat's resume token (None for a bot's seat).
    pub token_hash: Option<TokenHash>,
}

/// A game in progress: everything needed to carry it on after a restart, but its actions.
/// Written when the game starts and rewritten when its seats change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveGame {
    /// The room's settings (name, rules, clock, private…).
    pub settings: RoomSettings,
    pub join_code: Option<String>,
    /// The game's rules (a random first seat already drawn).
    pub rules: RuleSet,
    /// The start position: SFEN (standard) or YSFEN (Yonin).
    pub start: String,
    pub seats: Vec<LiveSeat>,
    pub seed: u64,
    pub started_ms: u64,
}

/// One action of a game in progress, with the clocks after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveEntry {
    pub action: Action,
    /// The clocks after the action.
    pub clocks: Clocks,
    /// When it was played, in milliseconds since the Unix epoch.
    pub at_ms: u64,
}

/// A game in progress read back from a store, with its actions in order.
pub type LiveGameRecord = (LiveId, LiveGame, Vec<LiveEntry>);

/// One write of the journal, checked and encoded before it reaches the store.
pub enum JournalWrite {
    /// A game in progress starts (its encoded [`LiveGame`]).
    Start(Vec<u8>),
    /// A game in progress changed its seats (the new encoded [`LiveGame`]).
    Rewrite(LiveId, Vec<u8>),
    /// Action number `ply` of a game in progress (an encoded [`LiveEntry`]).
    Append(LiveId, u32, Vec<u8>),
    /// A game in progress ended: the finished game replaces it.
    Finish(LiveId, Box<EncodedGame>),
    /// A game in progress ended without a record.
    Discard(LiveId),
    /// A finished or imported game that was not in progress here.
    Save(Box<EncodedGame>),
}

/// What a journal write gives back.
#[derive(Debug)]
pub enum JournalDone {
    /// The id of the game in progress that started.
    Live(LiveId),
    /// The id of the finished game stored.
    Game(GameId),
    /// Done.
    Unit,
}

/// A write's result inside a transaction: the outer error fails the transaction (the disk), the
/// inner one refuses this write alone, before it changed anything.
pub(crate) type Refusable<T> = Result<Result<T, StoreError>, StoreError>;
