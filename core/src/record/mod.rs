//! Game records: SFEN, YSFEN, USI, KIF, KI2 and CSA, record files in any of them, and moves
//! typed by a player.

pub mod csa;
pub mod files;
pub mod game_record;
pub mod ki2;
pub mod kif;
pub mod notation;
pub mod sfen;
pub mod typed;
pub mod usi;
pub mod ysfen;

use crate::setup::InvalidPosition;

/// A position text that could not be read or describes an impossible position.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, thiserror::Error)]
pub enum ParseError {
    #[error(transparent)]
    Syntax(#[from] sfen::ParseSfenError),
    #[error(transparent)]
    Invalid(#[from] InvalidPosition),
}
