//! The one trait both game stores implement (the embedded redb [`super::RedbStore`] and
//! [`super::PgStore`]), and the journal's writes that cross it.
//!
//! The trait is synchronous, as the server has always called its store: reads and saves run on
//! tokio's blocking pool ([`super::read_blocking`]) and the journal's batches on its own writer
//! thread ([`super::Journal`]). The PostgreSQL store keeps its async driver on a runtime of its
//! own behind these calls.

use super::live_game::{JournalDone, JournalWrite, LiveGameRecord};
use super::StoreError;
use yonin_core::record::stored::{GameFilter, GameId, GameSummary, StoredGame};

/// A game store: finished games (save, get, list, count) and the journal of games in progress.
/// Every method returns once its work is durable in the database, or failed; none panics on
/// what the database holds.
pub trait GameStore: Send + Sync {
    /// Where the store is, for logs (a file, or a PostgreSQL host and database; never a
    /// password).
    fn describe(&self) -> String;

    /// Saves a finished (or imported) game and returns its id.
    fn save(&self, game: &StoredGame) -> Result<GameId, StoreError>;

    /// One finished game, `None` when there is no such game.
    fn try_get(&self, id: GameId) -> Result<Option<StoredGame>, StoreError>;

    /// The finished games matching `filter`, newest first, at most its limit.
    fn try_list(&self, filter: &GameFilter) -> Result<Vec<GameSummary>, StoreError>;

    /// The number of stored finished games.
    fn len(&self) -> Result<u64, StoreError>;

    /// Are there no finished games?
    fn is_empty(&self) -> Result<bool, StoreError> {
        Ok(self.len()? == 0)
    }

    /// Every game in progress this store's server left, with its actions in order: what a
    /// restarting server carries on. A game whose stored value is damaged is left out (and
    /// logged); a damaged action ends its game's list there.
    fn live_games(&self) -> Result<Vec<LiveGameRecord>, StoreError>;

    /// Commits a batch of journal writes in one transaction and answers each, in order. A
    /// write that is refused (an unknown id, a move out of order, a full store) gets its error
    /// and changes nothing, and the rest commit; when the transaction itself fails, every write
    /// gets that error.
    fn commit_journal(&self, writes: Vec<JournalWrite>) -> Vec<Result<JournalDone, StoreError>>;
}
