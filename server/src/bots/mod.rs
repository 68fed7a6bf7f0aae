//! Computer players as the server sees them. A `BotEngine` makes one `BotPlayer` for a room's
//! game, which plays every seat a computer plays there, at each seat's level (only one seat
//! thinks at a time, so one set of search tables serves them all and is kept from move to
//! move); the room runs the player's `choose` on `spawn_blocking` with a time budget and plays
//! its answer through the same checks as a person's move. The default engine is
//! `yonin_core::bot`, whose Hard level searches on the threads the server's config allows;
//! a dedicated server may ask bot workers over NATS first ([`remote`], [`worker`]).

mod cache;
pub mod remote;
pub mod stats;
pub mod wire;
pub mod worker;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;
use yonin_core::bot::{Bot, GameHistory, Level, Limits, SearchOptions};
use yonin_core::BotLevel;
use yonin_core::{Game, Move};

/// Makes computer players.
pub trait BotEngine: Send + Sync + 'static {
    /// The computer player of one game, its choices drawn from `seed`, searching on at most
    /// `threads` threads (already [`bounded_threads`]).
    fn player(&self, seed: u64, threads: usize) -> Box<dyn BotPlayer>;

    /// Appends the engine's own metrics, in the Prometheus text format, to the server's
    /// `/metrics` page (nothing by default).
    fn render_metrics(&self, _out: &mut String) {}
}

/// A game's computer player. `choose` must return soon after `stop` is set.
pub trait BotPlayer: Send + 'static {
    /// A legal move at `level` for the seat to move in `game`, within `budget`; `None` when it
    /// finds none.
    fn choose(
        &mut self,
        game: &Game,
        level: BotLevel,
        budget: Duration,
        stop: Arc<AtomicBool>,
    ) -> Option<Move>;
}

/// The bots of `yonin_core::bot`.
#[derive(Clone, Copy, Debug)]
pub struct CoreBots {
    /// Transposition table per room, in megabytes: the room's bots share it (Yonin keys each
    /// searching seat's entries apart, see `yonin_core::bot`).
    pub hash_mb: usize,
}

impl Default for CoreBots {
    fn default() -> Self {
        CoreBots { hash_mb: 4 }
    }
}

/// The core bot's level for a protocol level (the same four names).
pub fn core_level(level: BotLevel) -> Level {
    match level {
        BotLevel::Beginner => Level::Beginner,
        BotLevel::Easy => Level::Easy,
        BotLevel::Medium => Level::Medium,
        BotLevel::Hard => Level::Hard,
    }
}

impl BotEngine for CoreBots {
    fn player(&self, seed: u64, threads: usize) -> Box<dyn BotPlayer> {
        let mut bot = Bot::with_hash(Level::Medium, seed, self.hash_mb);
        // Only the Hard level uses more than one.
        bot.set_threads(threads);
        Box::new(CoreBot(bot))
    }
}

/// The threads a bot may search on when `wanted` are asked for: at least one, at most the
/// machine's cores.
pub fn bounded_threads(wanted: usize) -> usize {
    wanted.clamp(1, yonin_core::bot::all_cores())
}

struct CoreBot(Bot);

impl BotPlayer for CoreBot {
    fn choose(
        &mut self,
        game: &Game,
        level: BotLevel,
        budget: Duration,
        stop: Arc<AtomicBool>,
    ) -> Option<Move> {
        self.0.set_level(core_level(level));
        let moves: Vec<Move> = game.moves().iter().map(|p| p.mv).collect();
        let options = SearchOptions {
            history: GameHistory::from_moves(game.start(), &moves),
            max_depth: None,
        };
        self.0
            .search(
                game.position(),
                Limits::time(budget),
                &options,
                stop,
                &mut |_| {},
            )
            .best
    }
}

/// One step of SplitMix64 (mixes seeds; not for secrets).
pub fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The engine a server uses unless its config says otherwise.
pub fn default_engine() -> Arc<dyn BotEngine> {
    Arc::new(CoreBots::default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use yonin_core::RuleSet;

    #[test]
    fn core_bots_play_legal_moves_in_both_variants_on_one_and_two_threads() {
        for (rules, threads) in [RuleSet::standard(), RuleSet::yonin()]
            .into_iter()
            .flat_map(|r| [(r, 1), (r, 2)])
        {
            let game = Game::new(rules);
            let mut p = CoreBots::default().player(7, threads);
            for level in BotLevel::ALL {
                let stop = Arc::new(AtomicBool::new(false));
                let budget = Duration::from_millis(50);
                let m = p.choose(&game, level, budget, stop).unwrap();
                assert!(game.position().is_legal(m));
            }
        }
    }

    #[test]
    fn a_bot_gets_at_least_one_thread_and_at_most_every_core() {
        let cores = yonin_core::bot::all_cores();
        assert_eq!(bounded_threads(0), 1);
        assert_eq!(bounded_threads(1), 1);
        assert_eq!(bounded_threads(cores), cores);
        assert_eq!(bounded_threads(10_000), cores);
    }
}
