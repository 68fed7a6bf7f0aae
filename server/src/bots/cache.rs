//! A bot worker's bounded cache of bots by game, so that a game's search tables carry over
//! from one of its moves to the next when they come to the same worker. The least recently
//! used bot goes first; a bot being searched with is out of the cache meanwhile.

use std::sync::{Mutex, PoisonError};
use yonin_core::bot::{Bot, Level};

pub struct BotCache {
    capacity: usize,
    /// Most recently used last.
    bots: Mutex<Vec<(u64, Bot)>>,
}

impl BotCache {
    pub fn new(capacity: usize) -> BotCache {
        BotCache {
            capacity,
            bots: Mutex::new(Vec::new()),
        }
    }

    /// The bot of `game`, or a new one.
    pub fn take(&self, game: u64, level: Level, seed: u64, hash_mb: usize) -> Bot {
        let mut bots = self.bots.lock().unwrap_or_else(PoisonError::into_inner);
        match bots.iter().position(|(g, _)| *g == game) {
            Some(i) => bots.remove(i).1,
            None => {
                drop(bots);
                Bot::with_hash(level, seed, hash_mb)
            }
        }
    }

    /// Keeps `bot` for `game`'s next move, dropping the least recently used beyond capacity.
    pub fn put(&self, game: u64, bot: Bot) {
        if self.capacity == 0 {
            return;
        }
        let mut bots = self.bots.lock().unwrap_or_else(PoisonError::into_inner);
        bots.retain(|(g, _)| *g != game);
        bots.push((game, bot));
        while bots.len() > self.capacity {
            bots.remove(0);
        }
    }

    pub fn len(&self) -> usize {
        self.bots
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_keeps_at_most_its_capacity_dropping_the_oldest() {
        let cache = BotCache::new(2);
        for game in 1..=3 {
            let bot = cache.take(game, Level::Easy, 1, 1);
            cache.put(game, bot);
        }
        assert_eq!(cache.len(), 2);
        let bots = cache.bots.lock().unwrap();
        let games: Vec<u64> = bots.iter().map(|(g, _)| *g).collect();
        assert_eq!(games, [2, 3]);
        drop(bots);
        let _ = cache.take(2, Level::Easy, 1, 1);
        assert_eq!(cache.len(), 1);
        let none = BotCache::new(0);
        none.put(1, Bot::with_hash(Level::Easy, 1, 1));
        assert!(none.is_empty());
    }
}
