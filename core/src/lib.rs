//! Yonin core: rules for standard shogi and Yonin shogi, records, bots and protocol types.
//!
//! No I/O lives here: the server and the client build on these types.

pub mod attacks;
pub mod bot;
pub mod cpu;
pub mod furigoma;
pub mod game;
pub mod hand;
pub mod impasse;
mod legality;
pub mod movegen;
pub mod moves;
pub mod outcome;
pub mod perft;
pub mod piece;
pub mod position;
pub mod protocol;
pub mod record;
pub mod rules;
pub mod seat;
pub mod setup;
pub mod square;
pub mod square_set;
pub mod terms;
pub mod text;
mod turn;
mod zobrist;

pub use game::{DrawAnswer, Event, Game, GameError, PlayedMove};
pub use hand::Hand;
pub use legality::IllegalMove;
pub use moves::{Move, MoveList};
pub use outcome::{EndReason, Outcome};
pub use piece::{Piece, PieceKind};
pub use position::{Elimination, EliminationReason, Position};
pub use rules::{RuleSet, Variant};
pub use seat::{BySeat, Seat, SeatSet};
pub use setup::{InvalidPosition, Setup};
pub use square::Square;
pub use square_set::SquareSet;
