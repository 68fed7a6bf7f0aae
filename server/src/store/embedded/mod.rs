//! The embedded game store (the default): every finished game, and every game in progress move
//! by move, in a redb database, written durably (committed and fsynced) before a result or a move is announced,
//! and read back for game lists, replays, record export and a restarting server.
//!
//! redb is pure Rust (it builds in seconds on two cores, where SQLite's bundled C build takes
//! minutes), ACID, copy-on-write, and syncs the file on every commit (`Durability::Immediate`,
//! stated on every write): a write that returned is on the disk, and a process killed at any
//! point leaves a database that opens with every committed write intact.
//!
//! Writes: [`GameStore::save`] and the journal's batches ([`GameStore::commit_journal`], one
//! transaction each: group commit, see [`super::live`]). A write that fails with an I/O error (a
//! full disk, say) closes and reopens the database and tries once more, so the store works
//! again as soon as the disk does (redb itself refuses every write after one I/O error until it
//! is reopened).
//!
//! Space: [`StoreOptions::max_bytes`] caps the file. Over it, new games (imports, saves, games
//! starting) are refused with [`StoreError::Full`]; games already in progress may still write
//! their moves and their end up to [`StoreOptions::live_margin_bytes`] beyond it.
//!
//! Tables (all values are a format byte followed by bincode 2 of the serde type):
//! - `games`: id → [`yonin_core::record::stored::StoredGame`];
//! - `summaries`: id → [`GameSummary`] (what lists read, so a list never decodes whole games);
//! - `by_player`: (lower-case person name, id) → () — the index behind the player filter;
//! - `by_variant`: (variant number, id) → () — the index behind the variant filter;
//! - `live_games`: live id → [`super::LiveGame`]; `live_log`: sequence → (live id, ply,
//!   [`super::LiveEntry`]), with an index in memory from each game to its sequence numbers;
//! - `meta`: name → number (the next live id; which indexes are built).

mod live;
mod live_index;
mod tables;

use crate::store::backend::{Faults, StoreBackend};
use crate::store::codec::{decode, encode, name_key, variant_key, EncodedGame};
use crate::store::game_store::GameStore;
use crate::store::live_game::Refusable;
use crate::store::StoreError;
use crate::store::{JournalDone, JournalWrite, LiveGameRecord};
use live_index::{LiveChanges, LiveIndex};
use redb::backends::FileBackend;
use redb::{
    Builder, Database, Durability, ReadTransaction, ReadableDatabase, ReadableTable,
    ReadableTableMetadata, WriteTransaction,
};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError, RwLock};
use tables::*;
use yonin_core::record::stored::{GameFilter, GameId, GameSummary, StoredGame, StoredPlayer};

/// The database file inside the data directory.
pub const DB_FILE: &str = "games.redb";
/// The data directory's name inside the user's data directory.
pub const APP_DIR: &str = "yonin";

/// The default cap on the database file: 2 GiB, about 200,000 long games (a finished game takes
/// 2–10 KB) — far more than a LAN party or a small public server makes, and small enough that an
/// importing client cannot fill an ordinary disk.
pub const DEFAULT_MAX_BYTES: u64 = 2 << 30;
/// The default room games in progress have beyond [`StoreOptions::max_bytes`]: 64 MiB, enough
/// for the moves and ends of thousands of games that started before the store filled.
pub const DEFAULT_LIVE_MARGIN_BYTES: u64 = 64 << 20;
/// The default size of redb's page cache: 16 MiB (redb's own default is 1 GiB). The store's
/// reads are lists of at most `MAX_GAME_LIST` summaries and single games, and its writes are
/// small; what they touch again (the B-tree's upper pages, the newest summaries) is a few MiB.
/// Measured with `examples/store_rss.rs` (every game listed and fetched): 21 MiB resident with
/// 50,000 games (136 MiB file) where redb's default took 133 MiB and grows with the file, for
/// 10% more time reading them all; see that file's comment.
pub const DEFAULT_CACHE_BYTES: usize = 16 << 20;

/// How much room the store has, and how much memory it may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoreOptions {
    /// The database file may grow to this many bytes through new games
    /// ([`DEFAULT_MAX_BYTES`]); past it, saves, imports and new games in progress are refused.
    pub max_bytes: u64,
    /// Games already in progress may still store their moves and their end this far past
    /// `max_bytes` ([`DEFAULT_LIVE_MARGIN_BYTES`]), so that a game that was being played when
    /// the store filled is still kept.
    pub live_margin_bytes: u64,
    /// redb's page cache ([`DEFAULT_CACHE_BYTES`]).
    pub cache_bytes: usize,
}

impl Default for StoreOptions {
    fn default() -> StoreOptions {
        StoreOptions {
            max_bytes: DEFAULT_MAX_BYTES,
            live_margin_bytes: DEFAULT_LIVE_MARGIN_BYTES,
            cache_bytes: DEFAULT_CACHE_BYTES,
        }
    }
}

/// The open database, what is known of its games in progress, and how many times it has been
/// opened (so that two writers that both failed reopen it once, not twice).
struct Open {
    db: Option<Database>,
    /// Each game in progress and the log's sequence numbers of its actions, as committed. Locked
    /// by a write for its whole transaction (writes are serialised by redb anyway).
    live: Mutex<LiveIndex>,
    generation: u64,
}

/// What a write may take: new games stop at `max_bytes`, games in progress at the margin past it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Admission {
    /// A finished or imported game saved on its own, or a game in progress starting.
    New,
    /// A move, a change of seats, or the end of a game already in progress.
    Live,
    /// Frees space (discarding a game in progress): always allowed.
    Free,
}

/// The embedded game store. Cheap to share behind an `Arc`: reads run beside a write, writes are
/// serialised by redb.
pub struct RedbStore {
    /// The database, behind a lock only so that a failed write can close and reopen it: reads
    /// and writes take it shared (they run side by side), a reopen takes it exclusively.
    open: RwLock<Open>,
    path: PathBuf,
    options: StoreOptions,
    faults: Option<Faults>,
    /// How many summaries lists have decoded (a test counts what an index saves).
    summaries_decoded: AtomicU64,
    /// How many transactions the journal has committed (a bench counts fsyncs).
    journal_commits: AtomicU64,
}

impl std::fmt::Debug for RedbStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedbStore")
            .field("path", &self.path)
            .finish()
    }
}

/// Writes a finished game in `txn` under the next id: the game, its summary and its index keys.
/// The inner error refuses this game before anything was written; the outer one is the
/// transaction's.
pub(crate) fn insert_game(txn: &WriteTransaction, game: &EncodedGame) -> Refusable<GameId> {
    let mut games = txn.open_table(GAMES)?;
    let last = games.last()?.map(|(k, _)| k.value());
    let id = GameId(last.map_or(1, |k| k + 1));
    // Encoded first: an error here leaves the transaction untouched.
    let summary = match encode(&game.game.summary(id)) {
        Ok(summary) => summary,
        Err(refused) => return Ok(Err(refused)),
    };
    games.insert(id.0, game.bytes.as_slice())?;
    txn.open_table(SUMMARIES)?
        .insert(id.0, summary.as_slice())?;
    let mut by_player = txn.open_table(BY_PLAYER)?;
    for seat in &game.game.seats {
        if let StoredPlayer::Person { name } = &seat.player {
            by_player.insert((name_key(name).as_str(), id.0), ())?;
        }
    }
    txn.open_table(BY_VARIANT)?
        .insert((variant_key(game.game.rules.variant), id.0), ())?;
    Ok(Ok(id))
}

/// Opens the database file through the store's backend (with `faults`, if any).
fn open_database(
    path: &Path,
    options: &StoreOptions,
    faults: Option<&Faults>,
) -> Result<(Database, LiveIndex), StoreError> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|source| StoreError::OpenFile {
            path: path.to_path_buf(),
            source,
        })?;
    let database_error = |e: redb::DatabaseError| match e {
        redb::DatabaseError::DatabaseAlreadyOpen => StoreError::InUse(path.to_path_buf()),
        e => StoreError::Database(e.into()),
    };
    let backend = StoreBackend::new(
        FileBackend::new(file).map_err(database_error)?,
        faults.cloned(),
    );
    let db = Builder::new()
        .set_cache_size(options.cache_bytes)
        .create_with_backend(backend)
        .map_err(database_error)?;
    prepare(&db)?;
    let index = live_index::build(&db)?;
    Ok((db, index))
}

/// Creates the tables (so that readers never meet a missing one) and builds any index a store
/// made by an older version lacks.
fn prepare(db: &Database) -> Result<(), StoreError> {
    let mut txn = db.begin_write()?;
    txn.set_durability(Durability::Immediate)?;
    {
        txn.open_table(GAMES)?;
        txn.open_table(BY_PLAYER)?;
        txn.open_table(LIVE_GAMES)?;
        txn.open_table(LIVE_LOG)?;
        let mut by_variant = txn.open_table(BY_VARIANT)?;
        let mut meta = txn.open_table(META)?;
        let summaries = txn.open_table(SUMMARIES)?;
        if meta.get(META_BY_VARIANT)?.is_none() {
            for entry in summaries.iter()? {
                let (id, bytes) = entry?;
                let summary: GameSummary = decode(bytes.value())?;
                by_variant.insert((variant_key(summary.variant), id.value()), ())?;
            }
            meta.insert(META_BY_VARIANT, 1)?;
        }
    }
    txn.commit()?;
    Ok(())
}

impl RedbStore {
    /// Opens (or creates) the store in the data directory `dir` with the default
    /// [`StoreOptions`], creating the directory too. A database left by a killed process is
    /// repaired on opening (redb rolls back to the last commit); a database held by another
    /// process is [`StoreError::InUse`].
    pub fn open(dir: impl AsRef<Path>) -> Result<RedbStore, StoreError> {
        RedbStore::open_with(dir, StoreOptions::default())
    }

    /// As [`RedbStore::open`], with these options.
    pub fn open_with(
        dir: impl AsRef<Path>,
        options: StoreOptions,
    ) -> Result<RedbStore, StoreError> {
        RedbStore::open_inner(dir.as_ref(), options, None)
    }

    /// As [`RedbStore::open_with`], with a switch that makes disk writes fail (for tests of the
    /// store's recovery, here and in other crates).
    #[doc(hidden)]
    pub fn open_with_faults(
        dir: impl AsRef<Path>,
        options: StoreOptions,
    ) -> Result<(RedbStore, Faults), StoreError> {
        let faults = Faults::default();
        let store = RedbStore::open_inner(dir.as_ref(), options, Some(faults.clone()))?;
        Ok((store, faults))
    }

    fn open_inner(
        dir: &Path,
        options: StoreOptions,
        faults: Option<Faults>,
    ) -> Result<RedbStore, StoreError> {
        std::fs::create_dir_all(dir).map_err(|source| StoreError::CreateDir {
            path: dir.to_path_buf(),
            source,
        })?;
        let path = dir.join(DB_FILE);
        let (db, index) = open_database(&path, &options, faults.as_ref())?;
        Ok(RedbStore {
            open: RwLock::new(Open {
                db: Some(db),
                live: Mutex::new(index),
                generation: 0,
            }),
            path,
            options,
            faults,
            summaries_decoded: AtomicU64::new(0),
            journal_commits: AtomicU64::new(0),
        })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The options the store was opened with.
    pub fn options(&self) -> StoreOptions {
        self.options
    }

    /// The size of the database file in bytes (0 if it cannot be read).
    pub fn file_bytes(&self) -> u64 {
        std::fs::metadata(&self.path).map_or(0, |m| m.len())
    }

    /// May a write of this kind go ahead, with the file at `bytes`?
    pub(crate) fn admit(&self, admission: Admission, bytes: u64) -> Result<(), StoreError> {
        let max = match admission {
            Admission::New => self.options.max_bytes,
            Admission::Live => self
                .options
                .max_bytes
                .saturating_add(self.options.live_margin_bytes),
            Admission::Free => return Ok(()),
        };
        if bytes > max {
            Err(StoreError::Full { bytes, max })
        } else {
            Ok(())
        }
    }

    /// Closes the database and opens it again, unless another caller already did since
    /// `generation`. After a failed reopen the store holds no database, and the next read or
    /// write tries again.
    fn reopen(&self, generation: u64) -> Result<(), StoreError> {
        let mut open = self.open.write().unwrap_or_else(PoisonError::into_inner);
        if open.generation != generation && open.db.is_some() {
            return Ok(());
        }
        if let Some(db) = open.db.take() {
            if let Err(e) = db.close() {
                tracing::warn!("game store: closing after a disk error: {e}");
            }
        }
        open.generation += 1;
        let (db, index) = open_database(&self.path, &self.options, self.faults.as_ref())?;
        open.db = Some(db);
        open.live = Mutex::new(index);
        tracing::info!("game store reopened after a disk error");
        Ok(())
    }

    /// Runs `body` in a durable write transaction and commits it; after an I/O error, reopens
    /// the database and runs it once more in a new transaction.
    pub(crate) fn write<R>(
        &self,
        mut body: impl FnMut(&WriteTransaction) -> Result<R, StoreError>,
    ) -> Result<R, StoreError> {
        self.write_live(|txn, _| Ok((body(txn)?, LiveChanges::new())))
    }

    /// As [`RedbStore::write`], for a body that also reads the index of games in progress and
    /// says how it changes: the changes are made once the transaction is committed.
    pub(crate) fn write_live<R>(
        &self,
        mut body: impl FnMut(&WriteTransaction, &LiveIndex) -> Result<(R, LiveChanges), StoreError>,
    ) -> Result<R, StoreError> {
        let (first, generation) = self.write_once(&mut body);
        match first {
            Err(e) if e.is_io() => {
                tracing::warn!("game store write failed ({e}); reopening and trying again");
                self.reopen(generation)?;
                self.write_once(&mut body).0
            }
            other => other,
        }
    }

    fn write_once<R>(
        &self,
        body: &mut impl FnMut(&WriteTransaction, &LiveIndex) -> Result<(R, LiveChanges), StoreError>,
    ) -> (Result<R, StoreError>, u64) {
        let open = self.open.read().unwrap_or_else(PoisonError::into_inner);
        let result = (|| {
            let db = open.db.as_ref().ok_or(StoreError::Closed)?;
            let mut index = open.live.lock().unwrap_or_else(PoisonError::into_inner);
            let mut txn = db.begin_write()?;
            // Redb's default, stated: the commit returns once the file is synced.
            txn.set_durability(Durability::Immediate)?;
            let (value, changes) = body(&txn, &index)?;
            txn.commit()?;
            live_index::apply_changes(&mut index, changes);
            Ok(value)
        })();
        (result, open.generation)
    }

    /// Runs `body` in a read transaction; after an I/O error, reopens the database and runs it
    /// once more.
    pub(crate) fn read<R>(
        &self,
        mut body: impl FnMut(&ReadTransaction) -> Result<R, StoreError>,
    ) -> Result<R, StoreError> {
        let (first, generation) = self.read_once(&mut body);
        match first {
            Err(e) if e.is_io() => {
                tracing::warn!("game store read failed ({e}); reopening and trying again");
                self.reopen(generation)?;
                self.read_once(&mut body).0
            }
            other => other,
        }
    }

    fn read_once<R>(
        &self,
        body: &mut impl FnMut(&ReadTransaction) -> Result<R, StoreError>,
    ) -> (Result<R, StoreError>, u64) {
        let open = self.open.read().unwrap_or_else(PoisonError::into_inner);
        let result = (|| {
            let db = open.db.as_ref().ok_or(StoreError::Closed)?;
            let txn = db.begin_read()?;
            body(&txn)
        })();
        (result, open.generation)
    }

    /// How many game summaries lists have decoded since the store was opened (a test hook that
    /// shows what an index saves).
    #[doc(hidden)]
    pub fn summaries_decoded(&self) -> u64 {
        self.summaries_decoded.load(Ordering::Relaxed)
    }

    /// How many batches the journal has committed since the store was opened (each one
    /// fsync; a bench divides the writes by it).
    #[doc(hidden)]
    pub fn journal_commits(&self) -> u64 {
        self.journal_commits.load(Ordering::Relaxed)
    }

    /// Counts one committed journal batch.
    pub(crate) fn count_journal_commit(&self) {
        self.journal_commits.fetch_add(1, Ordering::Relaxed);
    }
}

impl GameStore for RedbStore {
    fn describe(&self) -> String {
        self.path.display().to_string()
    }

    /// Refused with [`StoreError::Full`] when the store
    /// holds `max_bytes` or more.
    fn save(&self, game: &StoredGame) -> Result<GameId, StoreError> {
        self.admit(Admission::New, self.file_bytes())?;
        let encoded = EncodedGame::new(game.clone())?;
        self.write(|txn| insert_game(txn, &encoded))?
    }

    /// Each filter reads its index: the player index (with the variant index looked up per game
    /// when both are given), the variant index, or the summaries themselves; only the summaries
    /// listed (or checked against the filter) are decoded.
    fn try_list(&self, filter: &GameFilter) -> Result<Vec<GameSummary>, StoreError> {
        let limit = filter.effective_limit();
        // Only ids below `before` (all when there is none).
        let below = filter.before.map_or(u64::MAX, |id| id.0);
        self.read(|txn| {
            let summaries = txn.open_table(SUMMARIES)?;
            let mut out = Vec::new();
            // Decodes one summary into the list; true when the list is full.
            let mut push = |bytes: &[u8]| -> Result<bool, StoreError> {
                self.summaries_decoded.fetch_add(1, Ordering::Relaxed);
                out.push(decode::<GameSummary>(bytes)?);
                Ok(out.len() >= limit)
            };
            let variant = filter.variant.map(variant_key);
            match (filter.player.as_deref().map(name_key), variant) {
                (Some(name), variant) => {
                    let by_player = txn.open_table(BY_PLAYER)?;
                    let by_variant = txn.open_table(BY_VARIANT)?;
                    let range = by_player.range((name.as_str(), 0)..(name.as_str(), below))?;
                    for entry in range.rev() {
                        let id = entry?.0.value().1;
                        if let Some(v) = variant {
                            if by_variant.get((v, id))?.is_none() {
                                continue;
                            }
                        }
                        if let Some(bytes) = summaries.get(id)? {
                            if push(bytes.value())? {
                                break;
                            }
                        }
                    }
                }
                (None, Some(v)) => {
                    let by_variant = txn.open_table(BY_VARIANT)?;
                    for entry in by_variant.range((v, 0)..(v, below))?.rev() {
                        let id = entry?.0.value().1;
                        if let Some(bytes) = summaries.get(id)? {
                            if push(bytes.value())? {
                                break;
                            }
                        }
                    }
                }
                (None, None) => {
                    for entry in summaries.range(..below)?.rev() {
                        if push(entry?.1.value())? {
                            break;
                        }
                    }
                }
            }
            Ok(out)
        })
    }

    fn try_get(&self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        self.read(|txn| {
            let games = txn.open_table(GAMES)?;
            let found = games.get(id.0)?;
            found.map(|bytes| decode(bytes.value())).transpose()
        })
    }

    fn len(&self) -> Result<u64, StoreError> {
        self.read(|txn| Ok(txn.open_table(GAMES)?.len()?))
    }

    fn live_games(&self) -> Result<Vec<LiveGameRecord>, StoreError> {
        self.read_live_games()
    }

    fn commit_journal(&self, writes: Vec<JournalWrite>) -> Vec<Result<JournalDone, StoreError>> {
        self.commit_live(&writes)
    }
}
