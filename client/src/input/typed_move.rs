//! Moves typed on the keyboard, read by core's `record::typed` (USI or Japanese, resolved
//! against the position by core's KI2 reader), and their errors said in the player's language.

use crate::i18n::{tr, trf, Text};
use crate::state::table::Choice;
use yonin_core::record::notation;
pub use yonin_core::record::typed::TypedMoveError;
use yonin_core::record::typed::{self, TypedMove};
use yonin_core::{IllegalMove, Position, Seat, Square};

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

/// A square as the player typed squares: `7g` for USI text, `7六` for Japanese.
fn square_text(sq: Square, text: &str) -> String {
    if text.is_ascii() {
        sq.to_string()
    } else {
        notation::square_display(sq)
    }
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

/// Core's reason for an illegal move, in the player's language.
pub fn illegal_reason(why: &IllegalMove, text: &str) -> String {
    let sq = |s: &Square| square_text(*s, text);
    match why {
        IllegalMove::GameOver => tr(Text::IlGameOver).into(),
        IllegalMove::NoPiece(s) => trf(Text::IlNoPiece, &[&sq(s)]),
        IllegalMove::NotYourPiece(s) => trf(Text::IlNotYours, &[&sq(s)]),
        IllegalMove::CannotReach(a, b) => trf(Text::IlCannotReach, &[&sq(a), &sq(b)]),
        IllegalMove::OwnPiece(s) => trf(Text::IlOwnPiece, &[&sq(s)]),
        IllegalMove::KingOnSquare(s) => trf(Text::IlKingOnSquare, &[&sq(s)]),
        IllegalMove::CannotPromote => tr(Text::IlCannotPromote).into(),
        IllegalMove::MustPromote => tr(Text::IlMustPromote).into(),
        IllegalMove::NotInHand => tr(Text::IlNotInHand).into(),
        IllegalMove::DropOnOccupied => tr(Text::IlDropOnOccupied).into(),
        IllegalMove::NoFurtherMove => tr(Text::IlNoFurtherMove).into(),
        IllegalMove::DoublePawn => tr(Text::IlDoublePawn).into(),
        IllegalMove::PawnDropMate => tr(Text::IlPawnDropMate).into(),
        IllegalMove::PawnDropBeforeDeadKing => tr(Text::IlDeadKingPawn).into(),
        IllegalMove::KingInCheck => tr(Text::IlKingInCheck).into(),
        IllegalMove::PartnerInCheck => tr(Text::IlPartnerInCheck).into(),
    }
}
