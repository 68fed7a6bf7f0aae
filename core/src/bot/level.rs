//! Playing levels (Beginner … Hard), what each one searches, and the seeded random source
//! that makes the weaker levels err like people do.

use crate::rules::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How strong a computer player is.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum Level {
    /// Scores every move 1 ply deep plus captures, skips the reply for 30 % of the moves (so
    /// it misses some hanging pieces), then picks by a softmax (70 cp) among the moves within
    /// 350 cp of the best. At most 12 000 nodes. Yonin: a move and the captures after it, blind
    /// to half of them (a blind move does not notice what it leaves hanging), softmax 150 cp
    /// within 500 cp.
    Beginner,
    /// The same 2 plies deep, blind to 10 % of the replies, softmax 25 cp within 150 cp. At
    /// most 60 000 nodes. Yonin: a move and the best reply of the next seat only (the one that
    /// can chain checks), blind to 2 %, softmax 10 cp within 80 cp.
    Easy,
    /// The real search to depth 5 (Yonin: 2, the move and the best reply of any opponent) on
    /// half the time, at most 400 000 nodes, a short mate search (3 plies) and a small df-pn
    /// mate solve (20 000 positions).
    Medium,
    /// The whole budget, no depth cap, mate search to 7 plies and df-pn mate solving (up to
    /// 300 000 positions; Yonin: once two seats are left). Yonin: every opponent's reply is
    /// weighed right after its move, deeper only the next opponent's (the one that can chain
    /// checks), which searches deeper and fears less; and forward pruning near the horizon
    /// (quiet moves that cannot reach the window, opponents' quiet moves that leave the
    /// searching seat alone), which buys about one ply more. The only level that searches on
    /// all the bot's threads ([`Bot::set_threads`](super::Bot::set_threads)).
    #[default]
    Hard,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Easy, Level::Medium, Level::Hard];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
        }
    }

    /// Parses a name, ignoring case.
    pub fn from_name(s: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
    }

    /// The search settings of this level in a game of `variant`. In Yonin the Beginner chooses
    /// more loosely (three opponents punish fewer of its mistakes than one does) and Easy
    /// more tightly.
    pub(crate) fn params_for(self, variant: Variant) -> LevelParams {
        let mut p = self.params();
        if variant == Variant::Yonin && self == Level::Beginner {
            p.temperature = 150;
            p.window = 500;
            p.blunder_chance = 0.5;
        }
        if variant == Variant::Yonin && self == Level::Easy {
            p.temperature = 10;
            p.window = 80;
            p.blunder_chance = 0.02;
        }
        p
    }

    /// The search settings of this level (standard shogi's soft choice).
    fn params(self) -> LevelParams {
        match self {
            Level::Beginner => LevelParams {
                max_depth: 1,
                yonin_depth: 1,
                node_cap: Some(12_000),
                time_share: 0.25,
                temperature: 70,
                window: 350,
                blunder_chance: 0.3,
                mate_search: 0,
                mate_nodes: 0,
                dfpn_nodes: 0,
                hand_on_plies: usize::MAX,
                selective: false,
                parallel: false,
            },
            Level::Easy => LevelParams {
                max_depth: 2,
                yonin_depth: 2,
                node_cap: Some(60_000),
                time_share: 0.4,
                temperature: 25,
                window: 150,
                blunder_chance: 0.1,
                mate_search: 0,
                mate_nodes: 0,
                dfpn_nodes: 0,
                hand_on_plies: 0,
                selective: false,
                parallel: false,
            },
            Level::Medium => LevelParams {
                max_depth: 5,
                yonin_depth: 2,
                node_cap: Some(400_000),
                time_share: 0.5,
                temperature: 0,
                window: 0,
                blunder_chance: 0.0,
                mate_search: 3,
                mate_nodes: 20_000,
                dfpn_nodes: 20_000,
                hand_on_plies: usize::MAX,
                selective: false,
                parallel: false,
            },
            Level::Hard => LevelParams {
                max_depth: 64,
                yonin_depth: 64,
                node_cap: None,
                time_share: 1.0,
                temperature: 0,
                window: 0,
                blunder_chance: 0.0,
                mate_search: 7,
                mate_nodes: 200_000,
                dfpn_nodes: 300_000,
                hand_on_plies: 3,
                selective: true,
                parallel: true,
            },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::from_name(s).ok_or_else(|| UnknownLevel(s.chars().take(32).collect()))
    }
}

/// A level name that is not one of Beginner, Easy, Medium, Hard.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level `{0}` (Beginner, Easy, Medium or Hard)")]
pub struct UnknownLevel(pub String);

/// What a level searches and how it chooses.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LevelParams {
    /// Deepest iteration in standard shogi.
    pub max_depth: i32,
    /// Deepest iteration in Yonin (one unit per root move and per best-reply layer).
    pub yonin_depth: i32,
    /// Nodes per move at most, whatever the caller allows.
    pub node_cap: Option<u64>,
    /// Share of the caller's time budget used.
    pub time_share: f64,
    /// Softmax temperature in centipawns (0: always the best move).
    pub temperature: i32,
    /// Only moves within this many centipawns of the best are candidates.
    pub window: i32,
    /// Chance that a candidate move's reply is not looked at (a missed hanging piece).
    pub blunder_chance: f64,
    /// Checks-only mate search depth at the root (plies; 0 = none).
    pub mate_search: i32,
    /// Node budget of that search (at most an eighth of a node-limited move's budget).
    pub mate_nodes: u64,
    /// Node budget of the df-pn mate solver run after it (0 = none).
    pub dfpn_nodes: u64,
    /// Yonin: up to this ply every opponent may branch (the first ones pass the branch on);
    /// deeper only the next opponent to move does, the others play their ordering move.
    pub hand_on_plies: usize,
    /// Yonin: forward pruning (futility, opponents' moves that leave the root alone, deeper
    /// reductions) for a deeper search, and opponents' checks on the root extended; the
    /// depth-capped levels search full width.
    pub selective: bool,
    /// Whether the search uses the bot's threads (Lazy SMP); the other levels are tuned to
    /// their node and depth caps and search on one thread.
    pub parallel: bool,
}

/// A small seeded generator (SplitMix64): deterministic, no dependency.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x6a09_e667_f3bc_c908)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Picks an index from `(score, index)` candidates with a softmax of the given temperature
/// among those within `window` of the best; temperature 0 picks the best.
pub(crate) fn soft_choice(scores: &[i32], temperature: i32, window: i32, rng: &mut Rng) -> usize {
    let Some(best) = scores.iter().copied().max() else {
        return 0;
    };
    if temperature <= 0 || scores.len() == 1 {
        return scores.iter().position(|&s| s == best).unwrap_or(0);
    }
    let t = temperature as f64;
    let weights: Vec<f64> = scores
        .iter()
        .map(|&s| {
            if s >= best - window {
                ((s - best) as f64 / t).exp()
            } else {
                0.0
            }
        })
        .collect();
    let total: f64 = weights.iter().sum();
    let mut x = rng.next_f64() * total;
    for (i, w) in weights.iter().enumerate() {
        if x < *w {
            return i;
        }
        x -= w;
    }
    scores.iter().position(|&s| s == best).unwrap_or(0)
}
