//! The game store: every finished game in an embedded redb database, written durably
//! (committed and fsynced) before its result is announced, and read back for game lists,
//! replays and record export.
//!
//! redb is pure Rust (it builds in seconds on two cores, where SQLite's bundled C build takes
//! minutes), ACID, copy-on-write, and syncs the file on every commit (`Durability::Immediate`,
//! its default): a game `save` returned is on the disk, and a process killed at any point leaves
//! a database that opens with every committed game intact.
//!
//! The API is synchronous; the server calls it through [`save_blocking`] (which uses
//! `spawn_blocking`), and awaits the save before it broadcasts `GameOver`.
//!
//! Tables (all values are a format byte followed by bincode 2 of the serde type):
//! - `games`: id → [`StoredGame`];
//! - `summaries`: id → [`GameSummary`] (what lists read, so a list never decodes whole games);
//! - `by_player`: (lower-case person name, id) → () — the index behind the player filter.

pub mod records;
pub mod requests;

use redb::{
    Database, Durability, ReadableDatabase, ReadableTable, ReadableTableMetadata, TableDefinition,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use yonin_core::protocol::{GameFilter, GameId, GameSummary, StoredGame, StoredPlayer};

/// The database file inside the data directory.
pub const DB_FILE: &str = "games.redb";
/// The data directory's name inside the user's data directory.
pub const APP_DIR: &str = "yonin";
/// The first byte of every stored value: the layout of what follows.
const FORMAT: u8 = 1;
/// The largest value the store decodes (a guard against a damaged file).
const MAX_VALUE_BYTES: usize = 16 << 20;

const GAMES: TableDefinition<u64, &[u8]> = TableDefinition::new("games");
const SUMMARIES: TableDefinition<u64, &[u8]> = TableDefinition::new("summaries");
const BY_PLAYER: TableDefinition<(&str, u64), ()> = TableDefinition::new("by_player");

/// The store could not be opened, read or written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot create the data directory {path}: {source}")]
    CreateDir {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the game store {0} is in use by another process")]
    InUse(PathBuf),
    #[error("game store: {0}")]
    Database(#[from] redb::Error),
    #[error("a stored value is damaged or from a newer version: {0}")]
    Decode(String),
    #[error("cannot encode the game: {0}")]
    Encode(String),
    #[error("the store task failed: {0}")]
    Task(String),
}

macro_rules! from_redb {
    ($($t:ty),*) => {$(
        impl From<$t> for StoreError {
            fn from(e: $t) -> StoreError {
                StoreError::Database(e.into())
            }
        }
    )*};
}
from_redb!(
    redb::TransactionError,
    redb::TableError,
    redb::StorageError,
    redb::CommitError,
    redb::SetDurabilityError
);

/// The user's data directory for Yonin (`~/.local/share/yonin` on Linux), if there is one.
pub fn default_data_dir() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join(APP_DIR))
}

/// The game store. Cheap to share behind an `Arc`: reads run beside a write, writes are
/// serialised by redb.
pub struct Store {
    db: Database,
    path: PathBuf,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("path", &self.path).finish()
    }
}

fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, StoreError> {
    let mut bytes = vec![FORMAT];
    let body = bincode::serde::encode_to_vec(value, bincode::config::standard())
        .map_err(|e| StoreError::Encode(e.to_string()))?;
    bytes.extend_from_slice(&body);
    Ok(bytes)
}

fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, StoreError> {
    match bytes.split_first() {
        Some((&FORMAT, body)) => {
            let config = bincode::config::standard().with_limit::<MAX_VALUE_BYTES>();
            let (value, read) = bincode::serde::decode_from_slice(body, config)
                .map_err(|e| StoreError::Decode(e.to_string()))?;
            if read != body.len() {
                return Err(StoreError::Decode("trailing bytes".into()));
            }
            Ok(value)
        }
        Some((other, _)) => Err(StoreError::Decode(format!("unknown format {other}"))),
        None => Err(StoreError::Decode("empty value".into())),
    }
}

/// The index key of a person's name: trimmed and lower-case.
fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

impl Store {
    /// Opens (or creates) the store in the data directory `dir`, creating the directory too.
    /// A database left by a killed process is repaired on opening (redb rolls back to the last
    /// commit); a database held by another process is [`StoreError::InUse`].
    pub fn open(dir: impl AsRef<Path>) -> Result<Store, StoreError> {
        let dir = dir.as_ref();
        std::fs::create_dir_all(dir).map_err(|source| StoreError::CreateDir {
            path: dir.to_path_buf(),
            source,
        })?;
        let path = dir.join(DB_FILE);
        let db = match Database::create(&path) {
            Ok(db) => db,
            Err(redb::DatabaseError::DatabaseAlreadyOpen) => return Err(StoreError::InUse(path)),
            Err(e) => return Err(StoreError::Database(e.into())),
        };
        // Create the tables so that readers never meet a missing one.
        let txn = db.begin_write()?;
        {
            txn.open_table(GAMES)?;
            txn.open_table(SUMMARIES)?;
            txn.open_table(BY_PLAYER)?;
        }
        txn.commit()?;
        Ok(Store { db, path })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Saves a finished game and returns its id. When this returns `Ok`, the game is committed
    /// and synced to the disk.
    pub fn save(&self, game: &StoredGame) -> Result<GameId, StoreError> {
        let mut txn = self.db.begin_write()?;
        // Redb's default, stated: the commit returns once the file is synced.
        txn.set_durability(Durability::Immediate)?;
        let id;
        {
            let mut games = txn.open_table(GAMES)?;
            let last = games.last()?.map(|(k, _)| k.value());
            id = GameId(last.map_or(1, |k| k + 1));
            games.insert(id.0, encode(game)?.as_slice())?;
            let mut summaries = txn.open_table(SUMMARIES)?;
            summaries.insert(id.0, encode(&game.summary(id))?.as_slice())?;
            let mut by_player = txn.open_table(BY_PLAYER)?;
            for seat in &game.seats {
                if let StoredPlayer::Person { name } = &seat.player {
                    by_player.insert((name_key(name).as_str(), id.0), ())?;
                }
            }
        }
        txn.commit()?;
        Ok(id)
    }

    /// The finished games matching `filter`, newest first; an empty list when the store cannot
    /// be read (the error is logged).
    pub fn list(&self, filter: &GameFilter) -> Vec<GameSummary> {
        self.try_list(filter).unwrap_or_else(|e| {
            tracing::error!("game store list failed: {e}");
            Vec::new()
        })
    }

    /// As [`Store::list`], with the error.
    pub fn try_list(&self, filter: &GameFilter) -> Result<Vec<GameSummary>, StoreError> {
        let limit = filter.effective_limit();
        let txn = self.db.begin_read()?;
        let summaries = txn.open_table(SUMMARIES)?;
        let mut out = Vec::new();
        let mut take = |bytes: &[u8]| -> Result<bool, StoreError> {
            let summary: GameSummary = decode(bytes)?;
            if filter.variant.is_none_or(|v| v == summary.variant) {
                out.push(summary);
            }
            Ok(out.len() >= limit)
        };
        match filter.player.as_deref().map(name_key) {
            Some(name) => {
                let by_player = txn.open_table(BY_PLAYER)?;
                let range = by_player.range((name.as_str(), 0)..=(name.as_str(), u64::MAX))?;
                for entry in range.rev() {
                    let (key, _) = entry?;
                    let id = key.value().1;
                    if let Some(bytes) = summaries.get(id)? {
                        if take(bytes.value())? {
                            break;
                        }
                    }
                }
            }
            None => {
                for entry in summaries.iter()?.rev() {
                    let (_, bytes) = entry?;
                    if take(bytes.value())? {
                        break;
                    }
                }
            }
        }
        Ok(out)
    }

    /// One finished game; `None` when there is no such game or the store cannot be read (the
    /// error is logged).
    pub fn get(&self, id: GameId) -> Option<StoredGame> {
        self.try_get(id).unwrap_or_else(|e| {
            tracing::error!("game store get {id} failed: {e}");
            None
        })
    }

    /// As [`Store::get`], with the error.
    pub fn try_get(&self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        let txn = self.db.begin_read()?;
        let games = txn.open_table(GAMES)?;
        let found = games.get(id.0)?;
        found.map(|bytes| decode(bytes.value())).transpose()
    }

    /// The number of stored games.
    pub fn len(&self) -> Result<u64, StoreError> {
        let txn = self.db.begin_read()?;
        Ok(txn.open_table(GAMES)?.len()?)
    }

    /// Is the store empty?
    pub fn is_empty(&self) -> Result<bool, StoreError> {
        Ok(self.len()? == 0)
    }
}

/// Saves `game` on tokio's blocking pool and waits for the durable commit. The room actor calls
/// this (and awaits it) before it broadcasts `GameOver`, so an announced result is always on
/// the disk.
pub async fn save_blocking(store: Arc<Store>, game: StoredGame) -> Result<GameId, StoreError> {
    tokio::task::spawn_blocking(move || store.save(&game))
        .await
        .map_err(|e| StoreError::Task(e.to_string()))?
}

/// Runs a read on tokio's blocking pool (lists and fetches for connections).
pub async fn read_blocking<T: Send + 'static>(
    store: Arc<Store>,
    read: impl FnOnce(&Store) -> T + Send + 'static,
) -> Result<T, StoreError> {
    tokio::task::spawn_blocking(move || read(&store))
        .await
        .map_err(|e| StoreError::Task(e.to_string()))
}

/// Now, in milliseconds since the Unix epoch (0 if the clock is before it).
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}
