//! What the player asked for this frame: the game view and its keyboard turn clicks and keys
//! into `Intent`s, and the game screen sends them to the session.

use yonin_core::Move;

/// What the player asked for this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    Play(Move),
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    DeclareImpasse,
    ClaimWin,
    ShowRules,
    /// Open the result again (rematch, replay, the way back) after Esc closed it.
    ShowResult,
    /// Out of the game (resigned, eliminated): the computers play the rest at once.
    SkipToResult,
    /// A click that does nothing: a soft sound.
    Refused,
}
