//! Moves typed on the keyboard, read by core's `record::typed` (USI or Japanese, resolved
//! against the position by core's KI2 reader), and their errors said in the player's language.

use crate::i18n::words::{illegal_reason, square_text};
use crate::i18n::{tr, trf, Text};
use crate::state::table::Choice;
pub use yonin_core::record::typed::TypedMoveError;
use yonin_core::record::typed::{self, TypedMove};
use yonin_core::{Position, Seat, Square};

/// Reads `text` as a move of `me` in `pos`; `prev` is the previous move's destination (同).
///
/// USI is exact (`2b3c` does not promote). Japanese text without 成 or 不成 for a move that
/// may promote or not gives [`Choice::AskPromotion`], as a click does.
pub fn parse_typed_move(
    pos: &Position,
    me: Option<Seat>,
    prev: Option<Square>,
    text: &str,
) -> Result<Choice, TypedMoveError> {
    Ok(match typed::parse_typed_move(pos, me, prev, text)? {
        TypedMove::Play(m) => Choice::Play(m),
        TypedMove::AskPromotion { plain, promoted } => Choice::AskPromotion { plain, promoted },
    })
}

/// A typed move's error said to the player.
pub trait TypedMoveMessage {
    /// What went wrong, in the player's language.
    fn message(&self) -> String;
}

impl TypedMoveMessage for TypedMoveError {
    fn message(&self) -> String {
        match self {
            TypedMoveError::Empty => tr(Text::TypeMoveHint).to_string(),
            TypedMoveError::NotAMove { text, .. } => trf(Text::TypedNotAMove, &[text]),
            TypedMoveError::NotYourTurn => tr(Text::TypedNotYourTurn).to_string(),
            TypedMoveError::WrongSeatMark { text } => trf(Text::TypedWrongMark, &[text]),
            TypedMoveError::Ambiguous {
                text,
                piece,
                count,
                square,
            } => trf(
                Text::TypedAmbiguous,
                &[text, count, piece, &square_text(*square, text)],
            ),
            TypedMoveError::NoSuchPiece {
                text,
                piece,
                square,
            } => trf(
                Text::TypedNoPiece,
                &[text, piece, &square_text(*square, text)],
            ),
            TypedMoveError::Illegal { text, why } => {
                trf(Text::TypedIllegal, &[text, &illegal_reason(why, text)])
            }
        }
    }
}
