//! Yonin core: the rules of standard shogi and Yonin shogi (四人将棋), records, bots and the
//! wire protocol's types. No I/O lives here: the server and the client build on it.
//!
//! The types every user needs are at the crate root (`Game`, `Position`, `Move`, `Seat`,
//! `RuleSet`, `Action`…); the namespaces are `record` (every record format), `bot` (the
//! engine), `protocol` (the messages between client and server), `text` (the check for every
//! name and chat line), `furigoma`, `impasse` and `perft`. The rule book is `docs/rules.md`.
//!
//! A game changes only through `Game`, which checks every rule and says what happened:
//!
//! ```
//! use yonin_core::{Action, Event, Game, GameError, IllegalMove, Move, RuleSet, Seat};
//!
//! let mut game = Game::new(RuleSet::standard());
//! let events = game.play(Seat::South, Move::from_usi("7g7f").unwrap()).unwrap();
//! assert!(matches!(events[0], Event::Moved { seat: Seat::South, .. }));
//! // Out of turn, or against a rule, is refused with the rule's name.
//! assert_eq!(
//!     game.play(Seat::South, Move::from_usi("3g3f").unwrap()),
//!     Err(GameError::NotYourTurn(Seat::South))
//! );
//! assert_eq!(
//!     game.play(Seat::North, Move::from_usi("P*5e").unwrap()),
//!     Err(GameError::Illegal(IllegalMove::NotInHand))
//! );
//! // The same command the server journals and a client replays.
//! Action::Resign { seat: Seat::North }.apply(&mut game).unwrap();
//! assert!(game.is_over());
//! ```
//!
//! Yonin shogi is the same `Game` with four seats, clockwise from South:
//!
//! ```
//! use yonin_core::{Game, RuleSet, Seat};
//!
//! let mut game = Game::new(RuleSet::yonin());
//! let first = game.to_move();
//! let mv = *game.position().legal_moves().iter().next().unwrap();
//! game.play(first, mv).unwrap();
//! assert_eq!(game.to_move(), first.clockwise());
//! // The game's text, as a record keeps it: the YSFEN start and one seat-annotated move.
//! let text = yonin_core::record::usi::game_text(&game);
//! assert_eq!(text.lines().count(), 2);
//! ```
//!
//! Positions and records are read and written in every format:
//!
//! ```
//! use yonin_core::record::{position_text, sfen};
//! use yonin_core::{Position, RuleSet};
//!
//! let start = Position::start(&RuleSet::standard());
//! assert_eq!(position_text(&start), sfen::START);
//! let same = sfen::position("startpos", &RuleSet::standard()).unwrap();
//! assert_eq!(same.hash(), start.hash());
//! ```

pub mod attacks;
pub mod bot;
pub mod cpu;
pub mod furigoma;
mod game;
mod hand;
pub mod impasse;
mod legality;
mod movegen;
mod moves;
mod outcome;
pub mod perft;
mod piece;
mod position;
pub mod protocol;
pub mod record;
mod rules;
mod seat;
mod setup;
mod square;
mod square_set;
mod terms;
pub mod text;
mod turn;
mod zobrist;

pub use game::{
    parse_start, replay, Action, DrawAnswer, Event, Game, GameError, PlayedMove, ReplayError,
};
pub use hand::Hand;
pub use legality::IllegalMove;
pub use moves::{Move, MoveList, ParseMoveError, MAX_MOVES};
pub use outcome::{EndReason, Outcome};
pub use piece::{Piece, PieceKind};
pub use position::{Elimination, EliminationReason, Position};
pub use rules::{
    DeadKingPawnDrop, FirstSeat, Handicap, ImpasseRule, MateTiming, MatedArmy, MatedHand,
    PawnPromotion, RuleSet, Variant,
};
pub use seat::{BySeat, Seat, SeatSet};
pub use setup::{InvalidPosition, Setup};
pub use square::Square;
pub use square_set::SquareSet;
pub use terms::{BotLevel, TimeControl};
