//! What can go wrong in the game store, whichever database holds it.

use super::LiveId;
use std::path::PathBuf;
use std::sync::Arc;

/// The store could not be opened, read or written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot create the data directory {path}: {source}")]
    CreateDir {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot open the game store {path}: {source}")]
    OpenFile {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the game store {0} is in use by another process")]
    InUse(PathBuf),
    #[error("game store: {0}")]
    Database(#[from] redb::Error),
    /// The database is closed after a failed write and could not be opened again yet.
    #[error("the game store is closed after a disk error and could not be reopened yet")]
    Closed,
    #[error(
        "the game store is full ({} MB of {} MB); no new game can be saved until the server's \
         operator makes room or raises the limit",
        bytes >> 20,
        max >> 20
    )]
    Full { bytes: u64, max: u64 },
    #[error("there is no game in progress {0} in the store")]
    NoSuchLive(LiveId),
    #[error("game in progress {id}: move {ply} cannot be stored before move {expected}")]
    LiveGap { id: LiveId, ply: u32, expected: u32 },
    #[error("a stored value is damaged or from a newer version: {0}")]
    Decode(String),
    #[error("cannot encode the game: {0}")]
    Encode(String),
    #[error("the store task failed: {0}")]
    Task(String),
    /// The `--store` value is not a PostgreSQL URL the driver understands.
    #[error("bad PostgreSQL URL: {0}")]
    BadUrl(String),
    /// PostgreSQL could not be reached, refused a query, or lost the connection (`lost`).
    #[error("PostgreSQL store {at}: {reason}")]
    Postgres {
        at: String,
        reason: String,
        lost: bool,
    },
    /// A PostgreSQL operation took longer than its bound.
    #[error("PostgreSQL store {at}: no answer within {} s", after.as_secs())]
    Timeout {
        at: String,
        after: std::time::Duration,
    },
    /// The error of a whole journal batch, shared by every write in it.
    #[error(transparent)]
    Shared(Arc<StoreError>),
}

impl StoreError {
    /// Is this the disk (or the database's state after a disk error), so that reopening the
    /// database may help?
    pub fn is_io(&self) -> bool {
        match self {
            StoreError::Database(e) => matches!(
                e,
                redb::Error::Io(_)
                    | redb::Error::PreviousIo
                    | redb::Error::DatabaseClosed
                    | redb::Error::Backend(_)
            ),
            StoreError::Closed => true,
            StoreError::Shared(e) => e.is_io(),
            _ => false,
        }
    }

    /// Did a PostgreSQL operation lose its connection before it committed anything (so that it
    /// may be tried again on a new one)?
    pub fn is_lost(&self) -> bool {
        matches!(self, StoreError::Postgres { lost: true, .. })
    }

    /// Is the store full (see [`super::StoreOptions::max_bytes`])?
    pub fn is_full(&self) -> bool {
        match self {
            StoreError::Full { .. } => true,
            StoreError::Shared(e) => e.is_full(),
            _ => false,
        }
    }
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
