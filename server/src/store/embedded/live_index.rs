//! The embedded store's index in memory of its games in progress: each game's sequence
//! numbers in the action log, built from the tables when the store opens and kept in step
//! with each committed transaction.

use super::tables::{LIVE_GAMES, LIVE_LOG};
use crate::store::StoreError;
use redb::{Database, ReadableDatabase, ReadableTable};
use std::collections::HashMap;

/// Each game in progress (live id) and the log's sequence numbers of its actions, by ply.
pub(super) type LiveIndex = HashMap<u64, Vec<u64>>;
/// How a transaction changes the [`LiveIndex`]: a game's new list, or `None` when it is gone.
pub(super) type LiveChanges = HashMap<u64, Option<Vec<u64>>>;

/// Makes committed changes in the index.
pub(super) fn apply_changes(index: &mut LiveIndex, changes: LiveChanges) {
    for (id, seqs) in changes {
        match seqs {
            Some(seqs) => index.insert(id, seqs),
            None => index.remove(&id),
        };
    }
}

/// The index of the games in progress in `db`, from its tables.
pub(super) fn build(db: &Database) -> Result<LiveIndex, StoreError> {
    let txn = db.begin_read()?;
    let mut index = LiveIndex::new();
    for game in txn.open_table(LIVE_GAMES)?.iter()? {
        index.insert(game?.0.value(), Vec::new());
    }
    for record in txn.open_table(LIVE_LOG)?.iter()? {
        let (seq, value) = record?;
        let (id, ply, _) = value.value();
        // Records of no game in progress cannot be (they go with their game); skip them.
        if let Some(seqs) = index.get_mut(&id) {
            if ply as usize == seqs.len() {
                seqs.push(seq.value());
            } else {
                tracing::error!("game store: live{id} has action {ply} after {}", seqs.len());
            }
        }
    }
    Ok(index)
}
