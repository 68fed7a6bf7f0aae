//! What a room and a bot worker say to each other over NATS: one [`MoveRequest`] on the
//! subject `<prefix>.bot.move` (served by the queue group `<prefix>-bot-workers`), one
//! [`MoveReply`] back on the request's inbox.
//!
//! Both are bincode 2 (serde), as the client protocol's binary encoding: a Yonin game of a
//! few hundred plies is a few kilobytes (several times that as JSON), decoding is bounded by
//! [`MAX_MESSAGE_BYTES`] and trailing bytes are an error. A request carries [`WIRE_VERSION`]
//! first, so a worker of another version refuses it instead of misreading it.

use serde::{Deserialize, Serialize};
use yonin_core::record::position_text;
use yonin_core::{parse_start, BotLevel};
use yonin_core::{Game, Move, Position, RuleSet};

/// The version of these messages; a worker refuses requests of any other.
pub const WIRE_VERSION: u16 = 1;
/// The largest request or reply either side encodes or decodes. A request is mostly its moves
/// (a few bytes each): this is room for games far longer than any move limit.
pub const MAX_MESSAGE_BYTES: usize = 256 * 1024;
/// The longest search a worker does for one request, whatever it asks.
pub const MAX_BUDGET_MS: u64 = 60_000;

/// The subject that bot-move requests are sent on.
pub fn move_subject(prefix: &str) -> String {
    format!("{prefix}.bot.move")
}

/// The queue group the workers of `prefix` share: each request goes to one of them.
pub fn queue_group(prefix: &str) -> String {
    format!("{prefix}-bot-workers")
}

/// Is `prefix` usable in subjects and queue group names (letters, digits, `-`, `_`, and dots
/// between non-empty tokens; at most 64 bytes)?
pub fn valid_prefix(prefix: &str) -> bool {
    prefix.len() <= 64
        && prefix.split('.').all(|token| {
            !token.is_empty()
                && token
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
}

/// A room asks for a move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRequest {
    pub version: u16,
    pub rules: RuleSet,
    /// The game's start position (SFEN or YSFEN).
    pub start: String,
    /// The moves played from `start`, in order: the search's history (repetitions).
    pub moves: Vec<Move>,
    /// The position to search (SFEN or YSFEN). Sent besides the moves because a Yonin seat
    /// that resigned or forfeited changed the position without a move.
    pub position: String,
    pub level: BotLevel,
    /// How long the worker may search, from when it receives the request.
    pub budget_ms: u64,
    /// The bot's seed (its choices among equal moves).
    pub seed: u64,
    /// Names the game (not its room): a worker may keep the game's search tables under it.
    pub game: u64,
}

impl MoveRequest {
    /// The request for the seat to move in `game`.
    pub fn new(game: &Game, level: BotLevel, budget_ms: u64, seed: u64, key: u64) -> Self {
        MoveRequest {
            version: WIRE_VERSION,
            rules: *game.rules(),
            start: position_text(game.start()),
            moves: game.moves().iter().map(|p| p.mv).collect(),
            position: position_text(game.position()),
            level,
            budget_ms,
            seed,
            game: key,
        }
    }

    /// The start and searched positions, each parsed and checked by the core's parser.
    pub fn positions(&self) -> Result<(Position, Position), String> {
        let start = parse_start(&self.rules, &self.start).map_err(|e| format!("start: {e}"))?;
        let position =
            parse_start(&self.rules, &self.position).map_err(|e| format!("position: {e}"))?;
        Ok((start, position))
    }
}

/// A worker's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveReply {
    /// The move found (`None`: the seat has no legal move), with what the search did.
    Move {
        mv: Option<Move>,
        depth: i32,
        nodes: u64,
        millis: u64,
    },
    /// The worker will not search this request (malformed, another version, too busy…).
    Refused { reason: String },
}

fn config() -> bincode::config::Configuration<
    bincode::config::LittleEndian,
    bincode::config::Varint,
    bincode::config::Limit<MAX_MESSAGE_BYTES>,
> {
    bincode::config::standard().with_limit::<MAX_MESSAGE_BYTES>()
}

/// Encodes a request or reply; `Err` past [`MAX_MESSAGE_BYTES`].
pub fn encode<T: Serialize>(message: &T) -> Result<Vec<u8>, String> {
    let bytes = bincode::serde::encode_to_vec(message, config()).map_err(|e| e.to_string())?;
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(format!("{} bytes is too large", bytes.len()));
    }
    Ok(bytes)
}

/// Decodes a request or reply: bounded, and trailing bytes are an error.
pub fn decode<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(format!("{} bytes is too large", bytes.len()));
    }
    let (message, read) =
        bincode::serde::decode_from_slice(bytes, config()).map_err(|e| e.to_string())?;
    if read != bytes.len() {
        return Err(format!("{} bytes after the message", bytes.len() - read));
    }
    Ok(message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_round_trips_and_rebuilds_its_positions() {
        let mut game = Game::new(RuleSet::yonin());
        for _ in 0..6 {
            let mv = game.position().legal_moves().as_slice()[0];
            game.play(game.to_move(), mv).unwrap();
        }
        let request = MoveRequest::new(&game, BotLevel::Easy, 500, 7, 9);
        let back: MoveRequest = decode(&encode(&request).unwrap()).unwrap();
        assert_eq!(back, request);
        let (start, position) = back.positions().unwrap();
        assert_eq!(start.hash(), game.start().hash());
        assert_eq!(position.hash(), game.position().hash());
        assert_eq!(back.moves.len(), 6);
    }

    #[test]
    fn garbage_and_trailing_bytes_do_not_decode() {
        assert!(decode::<MoveRequest>(b"").is_err());
        assert!(decode::<MoveRequest>(&[0xff; 64]).is_err());
        let mut bytes = encode(&MoveReply::Refused { reason: "x".into() }).unwrap();
        bytes.push(0);
        assert!(decode::<MoveReply>(&bytes).is_err());
        assert!(decode::<MoveReply>(&vec![0; MAX_MESSAGE_BYTES + 1]).is_err());
    }

    #[test]
    fn prefixes_are_subject_tokens() {
        assert!(valid_prefix("yonin"));
        assert!(valid_prefix("test-1.a_b"));
        for bad in ["", "a..b", "a b", "a.*", ">", "a.", &"x".repeat(65)] {
            assert!(!valid_prefix(bad), "{bad:?}");
        }
    }
}
