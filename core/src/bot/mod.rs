//! Computer players for both variants: [`Bot`] with four [`Level`]s, searching with PVS
//! (standard) or Best-Reply Search (Yonin), and the USI engine logic in [`usi`].
//!
//! ```no_run
//! use std::sync::{atomic::AtomicBool, Arc};
//! use std::time::Duration;
//! use yonin_core::bot::{Bot, Level, Limits};
//! use yonin_core::{Position, RuleSet};
//!
//! let pos = Position::start(&RuleSet::standard());
//! let mut bot = Bot::new(Level::Medium, 7);
//! let limits = Limits::time(Duration::from_millis(300));
//! let m = bot.choose(&pos, limits, Arc::new(AtomicBool::new(false)));
//! assert!(m.is_some_and(|m| pos.is_legal(m)));
//! ```

mod brs;
mod cont_history;
mod control;
mod correction;
mod dfpn;
mod eval_cache;
mod eval_standard;
mod eval_weights;
mod eval_yonin;
mod history;
mod lazy_smp;
mod level;
mod mate;
mod mate1;
mod move_change;
mod ordering;
mod pv;
pub mod random_games;
mod residual;
pub mod review;
mod root_mate;
mod score;
mod search;
mod search_core;
mod see;
mod tt;
pub mod tuning;
pub mod usi;

pub use dfpn::{solve_mate, MateVerdict};
pub use lazy_smp::MAX_THREADS;
pub use level::{Level, UnknownLevel};
pub use mate::{find_mate, MateFound};

use crate::moves::Move;
use crate::position::Position;
use crate::rules::Variant;
use crate::square::Square;
use level::{soft_choice, Rng};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// A placeholder move for fixed-size tables (never played).
pub(crate) const NO_MOVE: Move = {
    let sq = match Square::new(0) {
        Some(s) => s,
        None => panic!("square 0 exists"),
    };
    Move::normal(sq, sq, false)
};

/// How long and how far a bot may think about one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock budget; the search returns within it (plus a few milliseconds).
    pub time: Duration,
    /// Node budget: with it binding (time ample), the search is exactly repeatable.
    pub nodes: Option<u64>,
    /// The part of `time` that is lost if the search does not use it (a fixed time a move, or
    /// the byoyomi when no other time is left): the search goes on deepening until at least
    /// this much is spent. Of the rest (a clock's bank) it starts no new iteration after 60 %.
    pub spend: Duration,
}

impl Limits {
    /// A budget that may be left partly unused (the search stops deepening after 60 % of it).
    pub fn time(time: Duration) -> Limits {
        Limits {
            time,
            nodes: None,
            spend: Duration::ZERO,
        }
    }
    /// A fixed time for the move, spent in full.
    pub fn fixed(time: Duration) -> Limits {
        Limits {
            time,
            nodes: None,
            spend: time,
        }
    }
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            time: Duration::from_secs(3600),
            nodes: Some(nodes),
            spend: Duration::ZERO,
        }
    }
}

/// A score as USI reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move (standard) or the searching seat (Yonin).
    Cp(i32),
    /// Mate (standard) or elimination (Yonin) in this many plies; negative when against.
    Mate(i32),
}

/// Progress of a search, once per finished iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    pub depth: i32,
    pub seldepth: i32,
    pub score: Score,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
}

/// The outcome of [`Bot::search`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `None` only when there is no legal move.
    pub best: Option<Move>,
    pub score: Score,
    pub depth: i32,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
}

/// The positions of the game before the one searched, for repetition (and perpetual
/// check) detection, and the last two moves, for the move ordering near the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameHistory {
    /// Hash and "the side to move is in check" of each earlier position, oldest first.
    entries: Vec<(u64, bool)>,
    /// Continuation-history keys of the last move and the one before it.
    last_moves: [u16; 2],
}

impl Default for GameHistory {
    fn default() -> Self {
        GameHistory {
            entries: Vec::new(),
            last_moves: [cont_history::NO_KEY; 2],
        }
    }
}

impl GameHistory {
    pub fn new() -> Self {
        Self::default()
    }
    /// Records `pos` as played from with `m` (a move legal in it).
    pub fn push(&mut self, pos: &Position, m: Move) {
        self.entries.push((pos.hash(), pos.in_check(pos.to_move())));
        self.last_moves = [cont_history::key(pos, m), self.last_moves[0]];
    }
    /// The positions from `start` through each move but the last (the searched position is
    /// not part of its own history); stops at a move that cannot be played.
    pub fn from_moves(start: &Position, moves: &[Move]) -> Self {
        let mut h = GameHistory::new();
        let mut pos = start.clone();
        for &m in moves {
            let before = pos.clone();
            if pos.play(m).is_err() {
                break;
            }
            h.push(&before, m);
        }
        h
    }
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// What to search beyond the limits.
#[derive(Clone, Debug, Default)]
pub struct SearchOptions {
    pub history: GameHistory,
    /// Deepest iteration (the level's own cap applies too).
    pub max_depth: Option<i32>,
}

/// A computer player: a level, a seeded random source, its search tables and how many
/// threads it searches on.
pub struct Bot {
    level: Level,
    rng: Rng,
    /// Shared by every thread of a search.
    tt: tt::Tt,
    ord: ordering::Ordering,
    /// The move-ordering tables of the helper threads, one each, kept from move to move.
    helpers: Vec<ordering::Ordering>,
    threads: usize,
}

/// The number of threads the machine runs at once (1 when it cannot tell): the thread count
/// for a bot that may take the whole machine.
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Transposition table size of a new bot, in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;

impl Bot {
    pub fn new(level: Level, seed: u64) -> Bot {
        Bot::with_hash(level, seed, DEFAULT_HASH_MB)
    }

    /// A bot with a transposition table of `mb` megabytes.
    pub fn with_hash(level: Level, seed: u64, mb: usize) -> Bot {
        Bot {
            level,
            rng: Rng::new(seed),
            tt: tt::Tt::new(mb),
            ord: ordering::Ordering::new(),
            helpers: Vec::new(),
            threads: 1,
        }
    }

    /// Searches on `threads` threads from now on (1 to [`MAX_THREADS`]; a new bot has 1).
    /// Only the Hard level uses more than one (Lazy SMP: helpers share the transposition
    /// table; the calling thread keeps the time and decides the move).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
        self.helpers.truncate(self.threads - 1);
    }
    pub fn threads(&self) -> usize {
        self.threads
    }

    pub fn level(&self) -> Level {
        self.level
    }
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }
    /// Resizes (and clears) the transposition table.
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.tt = tt::Tt::new(mb);
    }
    pub fn hash_mb(&self) -> usize {
        self.tt.megabytes()
    }
    /// Forgets what earlier searches learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ord.clear();
        self.helpers.iter_mut().for_each(ordering::Ordering::clear);
    }

    /// Picks a legal move for the seat to move; `None` only when there is none.
    pub fn choose(
        &mut self,
        pos: &Position,
        limits: Limits,
        stop: Arc<AtomicBool>,
    ) -> Option<Move> {
        self.search(pos, limits, &SearchOptions::default(), stop, &mut |_| {})
            .best
    }

    /// Searches `pos` and reports each finished iteration through `info`.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: Limits,
        options: &SearchOptions,
        stop: Arc<AtomicBool>,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let params = self.level.params_for(pos.variant());
        let legal = pos.legal_moves();
        let empty = SearchResult {
            best: None,
            score: Score::Mate(0),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
        };
        if legal.is_empty() {
            return empty;
        }
        let time = limits.time.mul_f64(params.time_share);
        let mut node_limit = limits.nodes.unwrap_or(u64::MAX);
        if let Some(cap) = params.node_cap {
            node_limit = node_limit.min(cap);
        }
        let level_depth = match pos.variant() {
            Variant::Standard => params.max_depth,
            Variant::Yonin => params.yonin_depth,
        };
        let max_depth = options.max_depth.unwrap_or(64).min(level_depth).max(1);
        // Soft limit: no new iteration after 60 % of the budget (a partial one still counts),
        // unless more of it is lost when not spent.
        let soft = time
            .mul_f64(0.6)
            .max(limits.spend.mul_f64(params.time_share))
            .min(time);
        let mut ctl = control::Control::new(soft, time, node_limit, stop.clone());
        self.tt.new_search();
        let threads = if params.parallel { self.threads } else { 1 };
        // About a million nodes a second a thread: a table slot for each node the search can
        // visit.
        let expected = (time.as_secs_f64() * 1e6 * threads as f64) as u64;
        self.tt
            .focus(expected.min(node_limit).min(1 << 40) as usize);
        self.ord.age();

        if legal.len() == 1 {
            let m = legal.as_slice()[0];
            return SearchResult {
                best: Some(m),
                score: Score::Cp(0),
                pv: vec![m],
                ..empty
            };
        }

        let hashes: Vec<u64> = options.history.entries.iter().map(|e| e.0).collect();
        // A mate search first (stronger levels): short mates exhaustively, longer ones by
        // df-pn (Yonin: df-pn once two seats are left).
        {
            if let Some((m, plies)) =
                root_mate::mate_at_root(pos, &params, limits, time, &hashes, &stop)
            {
                let score = Score::Mate(plies);
                let result = SearchResult {
                    best: Some(m),
                    score,
                    depth: plies,
                    nodes: 0,
                    time: ctl.elapsed(),
                    pv: vec![m],
                };
                info(&SearchInfo {
                    depth: plies,
                    seldepth: plies,
                    score,
                    nodes: 0,
                    time: result.time,
                    pv: vec![m],
                });
                return result;
            }
        }

        if params.temperature > 0 {
            return self.soft_search(pos, &legal.to_vec(), &mut ctl, options, params);
        }

        let mut last: Option<SearchInfo> = None;
        let mut report = |i: &SearchInfo| {
            last = Some(i.clone());
            info(i);
        };
        while self.helpers.len() < threads - 1 {
            self.helpers.push(ordering::Ordering::new());
        }
        let helpers = &mut self.helpers[..threads - 1];
        helpers.iter_mut().for_each(ordering::Ordering::age);
        let job = lazy_smp::Job {
            pos,
            max_depth,
            history: &options.history,
            hashes: &hashes,
            params,
        };
        let main = (&mut ctl, &mut self.ord);
        let (best, helper_nodes) =
            lazy_smp::search(&job, &self.tt, main, helpers, time, &mut report);
        let (m, score) = best.unwrap_or((legal.as_slice()[0], 0));
        // Never hand back an illegal move, whatever happened above.
        let m = if legal.contains(m) {
            m
        } else {
            legal.as_slice()[0]
        };
        let (depth, pv) = match last {
            Some(i) if i.pv.first() == Some(&m) => (i.depth, i.pv),
            Some(i) => (i.depth, vec![m]),
            None => (0, vec![m]),
        };
        SearchResult {
            best: Some(m),
            score: score::report_score(score),
            depth,
            nodes: ctl.nodes + helper_nodes,
            time: ctl.elapsed(),
            pv,
        }
    }

    /// The weaker levels: score every move shallowly (some without looking at the reply) and
    /// pick softly among the good ones.
    fn soft_search(
        &mut self,
        pos: &Position,
        moves: &[Move],
        ctl: &mut control::Control,
        options: &SearchOptions,
        params: level::LevelParams,
    ) -> SearchResult {
        let blind: Vec<bool> = moves
            .iter()
            .map(|_| self.rng.next_f64() < params.blunder_chance)
            .collect();
        let scores = if pos.variant() == Variant::Standard {
            let mut s = search::StdSearch::new(ctl, &self.tt, &mut self.ord, &options.history);
            s.score_root_moves(pos, moves, params.max_depth, &blind, params.window)
        } else {
            let hashes: Vec<u64> = options.history.entries.iter().map(|e| e.0).collect();
            let mut s = brs::Brs::new(ctl, &self.tt, &mut self.ord, pos.to_move(), &hashes);
            s.hand_on_plies = params.hand_on_plies;
            s.score_root_moves(pos, moves, params.yonin_depth, &blind, params.window)
        };
        let i = soft_choice(&scores, params.temperature, params.window, &mut self.rng);
        let m = moves[i.min(moves.len() - 1)];
        SearchResult {
            best: Some(m),
            score: score::report_score(scores.get(i).copied().unwrap_or(0)),
            depth: if pos.variant() == Variant::Standard {
                params.max_depth
            } else {
                params.yonin_depth
            },
            nodes: ctl.nodes,
            time: ctl.elapsed(),
            pv: vec![m],
        }
    }
}
