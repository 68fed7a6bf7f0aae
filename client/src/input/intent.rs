//! What the player asked for this frame: the game view and its keyboard turn clicks and keys
//! into `Intent`s, and the game screen sends the game's requests to the session as they are.

use yonin_core::protocol::GameRequest;

/// What the player asked for this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    /// A request to the game (a move, resigning, a draw, a claim…), sent as it is:
    /// `ClientMessage::Game`.
    Game(GameRequest),
    ShowRules,
    /// Open the result again (rematch, replay, the way back) after Esc closed it.
    ShowResult,
    /// Out of the game (resigned, eliminated): the computers play the rest at once.
    SkipToResult,
    /// A click that does nothing: a soft sound.
    Refused,
}
