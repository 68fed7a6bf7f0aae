//! The terms a game is played under beside its rules: how time is kept (`TimeControl`) and
//! how strong each computer player is (`BotLevel`).

use serde::{Deserialize, Serialize};

/// Strength of a computer player. Same names as `yonin_core::bot::Level`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum BotLevel {
    Beginner,
    Easy,
    #[default]
    Medium,
    Hard,
}

impl BotLevel {
    pub const ALL: [BotLevel; 4] = [
        BotLevel::Beginner,
        BotLevel::Easy,
        BotLevel::Medium,
        BotLevel::Hard,
    ];
    pub const fn name(self) -> &'static str {
        match self {
            BotLevel::Beginner => "Beginner",
            BotLevel::Easy => "Easy",
            BotLevel::Medium => "Medium",
            BotLevel::Hard => "Hard",
        }
    }
}

/// How the server keeps time. All durations are in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TimeControl {
    /// No clock.
    #[default]
    None,
    /// Main time, plus `increment_ms` added after each of the seat's moves.
    Fischer { main_ms: u64, increment_ms: u64 },
    /// Main time, then `periods` periods of `byoyomi_ms` each: a move inside a period keeps
    /// it; a period that runs out is used up; the last one running out is a flag.
    Byoyomi {
        main_ms: u64,
        byoyomi_ms: u64,
        periods: u32,
    },
}
