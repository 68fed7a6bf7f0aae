//! Sentences built from the words: a game's result, a handicap's name, why a move is illegal
//! or a request was refused. Shared by the state (saved games, refusals) and the screens.

use super::{seat_name, side_name, tr, trf, Text};
use yonin_core::protocol::{ErrorCode, GameRequest};
use yonin_core::record::notation;
use yonin_core::Handicap;
use yonin_core::{EndReason, Outcome};
use yonin_core::{GameError, IllegalMove, Square, Variant};

/// The result in one line: "South wins by checkmate", "Draw by repetition".
pub fn outcome_line(o: &Outcome, variant: Variant) -> String {
    let why = reason_text(o.reason);
    if o.is_draw() {
        return trf(Text::DrawBy, &[&why]);
    }
    match (o.winners(), variant) {
        ([w], Variant::Standard) => trf(Text::SideWins, &[&side_name(*w, variant), &why]),
        ([w], Variant::Yonin) => trf(
            Text::SeatWins,
            &[&format!("{} {}", w.arrow(), seat_name(*w)), &why],
        ),
        (ws, _) => {
            let names: Vec<String> = ws.iter().map(|s| side_name(*s, variant)).collect();
            trf(Text::SeatsWin, &[&names.join(tr(Text::And)), &why])
        }
    }
}

pub(crate) fn reason_text(r: EndReason) -> &'static str {
    tr(match r {
        EndReason::Checkmate => Text::ReasonCheckmate,
        EndReason::NoLegalMove => Text::ReasonNoLegalMove,
        EndReason::Resignation => Text::ReasonResignation,
        EndReason::Time => Text::ReasonTime,
        EndReason::Forfeit => Text::ReasonForfeit,
        EndReason::Repetition => Text::ReasonRepetition,
        EndReason::PerpetualCheck => Text::ReasonPerpetualCheck,
        EndReason::ImpasseDeclaration => Text::ReasonImpasse,
        EndReason::MoveLimit => Text::ReasonMoveLimit,
        EndReason::Agreement => Text::ReasonAgreement,
        EndReason::LastSurvivor => Text::ReasonLastSurvivor,
        EndReason::TeamElimination => Text::ReasonTeamElimination,
        EndReason::Aborted => Text::ReasonAborted,
    })
}

/// The name of a handicap.
pub(crate) fn handicap_name(h: Handicap) -> &'static str {
    tr(match h {
        Handicap::Even => Text::HcEven,
        Handicap::Lance => Text::HcLance,
        Handicap::Bishop => Text::HcBishop,
        Handicap::Rook => Text::HcRook,
        Handicap::RookLance => Text::HcRookLance,
        Handicap::TwoPieces => Text::HcTwo,
        Handicap::FourPieces => Text::HcFour,
        Handicap::SixPieces => Text::HcSix,
        Handicap::EightPieces => Text::HcEight,
    })
}

/// A square as the player typed squares: `7g` for USI text, `7六` for Japanese.
pub(crate) fn square_text(sq: Square, text: &str) -> String {
    if text.is_ascii() {
        sq.to_string()
    } else {
        notation::square_display(sq)
    }
}

/// Core's reason for an illegal move, in the player's language.
pub(crate) fn illegal_reason(why: &IllegalMove, text: &str) -> String {
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

/// A refused move or request in the player's language: a rule core names is translated here
/// (as for a typed move); anything else keeps the server's words.
pub(crate) fn refusal_words(request: GameRequest, code: ErrorCode, message: String) -> String {
    match code {
        ErrorCode::Rules(GameError::Illegal(why)) => {
            let usi = request.mv().map(|m| m.to_string()).unwrap_or_default();
            illegal_reason(&why, &usi)
        }
        ErrorCode::Rules(GameError::NotYourTurn(_)) => tr(Text::TypedNotYourTurn).into(),
        ErrorCode::Rules(GameError::GameOver) => tr(Text::IlGameOver).into(),
        ErrorCode::Rules(GameError::NoDrawOffer) => tr(Text::NoOfferToAnswer).into(),
        ErrorCode::Rules(GameError::NothingToClaim) => tr(Text::NothingToClaim).into(),
        ErrorCode::Rules(GameError::StandardOnly) => tr(Text::StandardOnlyRequest).into(),
        _ => message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yonin_core::Move;
    use yonin_core::Seat;

    #[test]
    fn a_refused_move_is_said_in_the_players_words_not_the_servers() {
        crate::i18n::set_lang(crate::i18n::Lang::En);
        let mv = GameRequest::Move(Move::from_usi("P*5e").unwrap());
        let nifu = ErrorCode::Rules(GameError::Illegal(IllegalMove::DoublePawn));
        let said = refusal_words(mv, nifu, "server words".into());
        assert_eq!(said, tr(Text::IlDoublePawn));
        let turn = ErrorCode::Rules(GameError::NotYourTurn(Seat::North));
        assert_eq!(
            refusal_words(mv, turn, "server words".into()),
            tr(Text::TypedNotYourTurn)
        );
        // What the client has no words for keeps the server's.
        let limit = ErrorCode::RateLimited;
        assert_eq!(refusal_words(mv, limit, "slow down".into()), "slow down");
    }
}
