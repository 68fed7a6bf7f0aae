//! The game store: every finished game, and every game in progress move by move, written
//! durably before a result or a move is announced, and read back for game lists, replays,
//! record export and a restarting server.
//!
//! One trait, [`GameStore`], has two implementations: the embedded redb database of
//! [`embedded`] (the default everywhere: LAN, offline, `yonin server`, `yonin-server`), and
//! PostgreSQL ([`postgres`], `yonin-server --store postgres://…`) for servers that outgrow one
//! machine. [`Store`] is the one the server was started with; everything else (rooms, the
//! lobby, connections) uses it alone and never asks which it is.
//!
//! Reads and saves are synchronous and run on tokio's blocking pool ([`read_blocking`]);
//! games in progress are written through the [`Journal`], one writer thread that commits what
//! is queued in one transaction (group commit).

mod backend;
mod codec;
mod embedded;
mod error;
mod game_store;
pub mod live;
mod live_game;
pub mod postgres;
pub mod requests;

pub use backend::Faults;
pub use codec::{EncodedGame, MAX_VALUE_BYTES};
pub use embedded::{
    RedbStore, StoreOptions, APP_DIR, DB_FILE, DEFAULT_CACHE_BYTES, DEFAULT_LIVE_MARGIN_BYTES,
    DEFAULT_MAX_BYTES,
};
pub use error::StoreError;
pub use game_store::GameStore;
pub use live::Journal;
pub use live_game::{
    hash_token, JournalDone, JournalWrite, LiveEntry, LiveGame, LiveGameRecord, LiveId, LiveSeat,
    TokenHash,
};
pub use postgres::PgStore;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, Weak};
use yonin_core::record::stored::{GameFilter, GameId, GameSummary, StoredGame};

/// The user's data directory for Yonin (`~/.local/share/yonin` on Linux), if there is one.
pub fn default_data_dir() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join(APP_DIR))
}

/// The database behind a [`Store`].
enum Backend {
    Embedded(RedbStore),
    Postgres(PgStore),
}

/// The game store the server was started with. Cheap to share behind an `Arc`.
pub struct Store {
    backend: Backend,
    /// How long each kind of operation took (for `/metrics`).
    latency: crate::metrics::StoreLatency,
    /// The journal's writer while some handle to it lives (see [`Store::journal`]).
    journal: Mutex<Weak<live::JournalShared>>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("at", &self.backend().describe())
            .finish()
    }
}

impl Store {
    fn with(backend: Backend) -> Store {
        Store {
            backend,
            latency: crate::metrics::StoreLatency::default(),
            journal: Mutex::new(Weak::new()),
        }
    }

    /// Opens (or creates) the embedded store in the data directory `dir` with the default
    /// [`StoreOptions`], creating the directory too. A database left by a killed process is
    /// repaired on opening (redb rolls back to the last commit); a database held by another
    /// process is [`StoreError::InUse`].
    pub fn open(dir: impl AsRef<Path>) -> Result<Store, StoreError> {
        Store::open_with(dir, StoreOptions::default())
    }

    /// As [`Store::open`], with these options.
    pub fn open_with(dir: impl AsRef<Path>, options: StoreOptions) -> Result<Store, StoreError> {
        Ok(Store::with(Backend::Embedded(RedbStore::open_with(
            dir, options,
        )?)))
    }

    /// As [`Store::open_with`], with a switch that makes disk writes fail (for tests of the
    /// store's recovery, here and in other crates).
    #[doc(hidden)]
    pub fn open_with_faults(
        dir: impl AsRef<Path>,
        options: StoreOptions,
    ) -> Result<(Store, Faults), StoreError> {
        let (store, faults) = RedbStore::open_with_faults(dir, options)?;
        Ok((Store::with(Backend::Embedded(store)), faults))
    }

    /// Opens the PostgreSQL store at `url` (`postgres://user@host:port/database`) for the
    /// server node `node` (see [`PgStore::open`]).
    pub fn open_postgres(url: &str, node: &str) -> Result<Store, StoreError> {
        Ok(Store::with(Backend::Postgres(PgStore::open(url, node)?)))
    }

    /// The store's database, through the trait both implement.
    pub fn backend(&self) -> &dyn GameStore {
        match &self.backend {
            Backend::Embedded(store) => store,
            Backend::Postgres(store) => store,
        }
    }

    /// The embedded store, if this is one (for its file, options and test counters).
    pub fn embedded(&self) -> Option<&RedbStore> {
        match &self.backend {
            Backend::Embedded(store) => Some(store),
            Backend::Postgres(_) => None,
        }
    }

    /// How long its operations took so far.
    pub fn latency(&self) -> &crate::metrics::StoreLatency {
        &self.latency
    }

    /// Where the store is, for logs (never a password).
    pub fn describe(&self) -> String {
        self.backend().describe()
    }

    /// Saves a finished (or imported) game and returns its id. When this returns `Ok`, the game
    /// is durable. The embedded store refuses it with [`StoreError::Full`] when its file holds
    /// `max_bytes` or more.
    pub fn save(&self, game: &StoredGame) -> Result<GameId, StoreError> {
        self.latency.save.time(|| self.backend().save(game))
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
        self.latency.list.time(|| self.backend().try_list(filter))
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
        self.latency.get.time(|| self.backend().try_get(id))
    }

    /// The number of stored finished games.
    pub fn len(&self) -> Result<u64, StoreError> {
        self.backend().len()
    }

    /// Is the store empty (of finished games)?
    pub fn is_empty(&self) -> Result<bool, StoreError> {
        self.backend().is_empty()
    }

    /// Every game in progress this server left in the store, with its actions in order (see
    /// [`GameStore::live_games`]).
    pub fn live_games(&self) -> Result<Vec<LiveGameRecord>, StoreError> {
        self.backend().live_games()
    }
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
