//! `Action`: the one command that changes a game, and the replay that rebuilds a game from
//! its start and its actions.

use super::{Event, Game, GameError};
use crate::moves::Move;
use crate::position::Position;
use crate::record::{sfen, ysfen, ParseError};
use crate::rules::{RuleSet, Variant};
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

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
    /// `index` counts from 0; the message counts from 1, as a player does.
    #[error("action {} was refused: {error}", .index + 1)]
    Action { index: usize, error: GameError },
}

/// Parses a start position in the rule set's notation (SFEN or YSFEN; `startpos` too).
pub fn parse_start(rules: &RuleSet, text: &str) -> Result<Position, ParseError> {
    match rules.variant {
        Variant::Standard => sfen::position(text, rules),
        Variant::Yonin => ysfen::position(text, rules),
    }
}
