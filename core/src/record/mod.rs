//! Game records: SFEN, YSFEN, USI, KIF, KI2 and CSA, record files in any of them, and moves
//! typed by a player.

pub mod csa;
pub mod files;
pub mod game_record;
pub mod ki2;
pub mod kif;
pub mod notation;
mod setup_text;
pub mod sfen;
pub mod stored;
pub mod typed;
pub mod usi;
pub mod ysfen;

pub use setup_text::position_text;

use crate::setup::InvalidPosition;
use serde::{Deserialize, Serialize};

/// A position text that could not be read or describes an impossible position.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, thiserror::Error)]
pub enum ParseError {
    #[error(transparent)]
    Syntax(#[from] sfen::ParseSfenError),
    #[error(transparent)]
    Invalid(#[from] InvalidPosition),
}

/// A game-record text format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RecordFormat {
    /// Kakinoki format (UTF-8); Yonin games use the seat arrows (`↑5六歩(57)`).
    Kif,
    /// KI2 display notation (`▲7六歩 △3四歩`).
    Ki2,
    /// CSA (`+7776FU`), standard only.
    Csa,
    /// A USI `position` line, standard only.
    Usi,
    /// The start position (YSFEN, or SFEN for standard) and the seat-annotated moves
    /// (`s 5g5f`), one per line.
    Ysfen,
}

impl RecordFormat {
    pub const ALL: [RecordFormat; 5] = [
        RecordFormat::Kif,
        RecordFormat::Ki2,
        RecordFormat::Csa,
        RecordFormat::Usi,
        RecordFormat::Ysfen,
    ];
    /// The lower-case name, also the usual file extension.
    pub const fn name(self) -> &'static str {
        match self {
            RecordFormat::Kif => "kif",
            RecordFormat::Ki2 => "ki2",
            RecordFormat::Csa => "csa",
            RecordFormat::Usi => "usi",
            RecordFormat::Ysfen => "ysfen",
        }
    }
    /// The format of a name or file extension (any case; `kifu` too).
    pub fn from_name(name: &str) -> Option<RecordFormat> {
        match name.to_ascii_lowercase().as_str() {
            "kif" | "kifu" => Some(RecordFormat::Kif),
            "ki2" | "ki2u" => Some(RecordFormat::Ki2),
            "csa" => Some(RecordFormat::Csa),
            "usi" | "sfen" => Some(RecordFormat::Usi),
            "ysfen" | "yonin" => Some(RecordFormat::Ysfen),
            _ => None,
        }
    }
}

impl std::fmt::Display for RecordFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
