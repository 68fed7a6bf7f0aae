//! The embedded store's side of games in progress: how a batch of journal writes lands in redb,
//! and how a restarting server reads the games back.
//!
//! A game in progress is its [`LiveGame`] in `live_games` (written when it starts, rewritten
//! when its seats change) and its [`LiveEntry`]s, one per action, in one log of every game's
//! actions in the order they came (sequence number → live id, ply, entry). A batch's moves from
//! many rooms thus go to the end of one B-tree, a page or two per commit, where a table keyed by
//! (live id, ply) dirtied a leaf per room and made each fsync several times dearer. The store
//! keeps in memory, for each game in progress, the sequence numbers of its actions (8 bytes an
//! action), built when the database is opened; it answers "which ply comes next" and "what to
//! delete".
//!
//! Each write is checked before the batch's transaction; a write that is refused (an unknown
//! id, a move out of order, a full store) is answered with its error and changes nothing, and
//! the rest of the batch commits. Only a failure of the transaction itself (the disk) fails
//! every write of the batch, after the store has reopened the database and tried the batch once
//! more.

use super::live_index::{LiveChanges, LiveIndex};
use super::tables::{LIVE_GAMES, LIVE_LOG, META, META_NEXT_LIVE};
use super::{insert_game, Admission, RedbStore};
use crate::store::codec::decode;
use crate::store::live_game::{LiveEntry, LiveGame, LiveId, Refusable};
use crate::store::StoreError;
use crate::store::{JournalDone, JournalWrite, LiveGameRecord};
use redb::{ReadableTable, WriteTransaction};
use std::collections::HashMap;
use std::sync::Arc;

/// An action read back from the log (or why it could not be).
type Decoded = Result<LiveEntry, StoreError>;

/// A batch's view of the games in progress: the committed index and what the batch changed.
struct Batch<'a> {
    index: &'a LiveIndex,
    changes: LiveChanges,
}

impl Batch<'_> {
    /// The number of actions of game `id`, if it is in progress.
    fn len_of(&self, id: LiveId) -> Option<usize> {
        match self.changes.get(&id.0) {
            Some(seqs) => seqs.as_ref().map(Vec::len),
            None => self.index.get(&id.0).map(Vec::len),
        }
    }

    /// The sequence numbers of game `id`'s actions, to change (None if it is not in progress).
    fn seqs(&mut self, id: LiveId) -> Option<&mut Vec<u64>> {
        if !self.changes.contains_key(&id.0) {
            let current = self.index.get(&id.0)?.clone();
            self.changes.insert(id.0, Some(current));
        }
        self.changes.get_mut(&id.0)?.as_mut()
    }

    /// Deletes game `id` and its actions (nothing if it is not in progress).
    fn delete(&mut self, txn: &WriteTransaction, id: LiveId) -> Result<(), StoreError> {
        txn.open_table(LIVE_GAMES)?.remove(id.0)?;
        if let Some(seqs) = self.seqs(id) {
            let mut log = txn.open_table(LIVE_LOG)?;
            for &seq in seqs.iter() {
                log.remove(seq)?;
            }
        }
        self.changes.insert(id.0, None);
        Ok(())
    }
}

/// Applies one write in the batch's transaction.
fn apply(
    txn: &WriteTransaction,
    batch: &mut Batch<'_>,
    write: &JournalWrite,
) -> Refusable<JournalDone> {
    match write {
        JournalWrite::Start(bytes) => {
            let mut meta = txn.open_table(META)?;
            let next = meta.get(META_NEXT_LIVE)?.map_or(1, |v| v.value());
            meta.insert(META_NEXT_LIVE, next + 1)?;
            txn.open_table(LIVE_GAMES)?.insert(next, bytes.as_slice())?;
            batch.changes.insert(next, Some(Vec::new()));
            Ok(Ok(JournalDone::Live(LiveId(next))))
        }
        JournalWrite::Rewrite(id, bytes) => {
            if batch.len_of(*id).is_none() {
                return Ok(Err(StoreError::NoSuchLive(*id)));
            }
            txn.open_table(LIVE_GAMES)?.insert(id.0, bytes.as_slice())?;
            Ok(Ok(JournalDone::Unit))
        }
        JournalWrite::Append(id, ply, bytes) => {
            let Some(len) = batch.len_of(*id) else {
                return Ok(Err(StoreError::NoSuchLive(*id)));
            };
            let at = *ply as usize;
            if at > len {
                return Ok(Err(StoreError::LiveGap {
                    id: *id,
                    ply: *ply,
                    expected: len as u32,
                }));
            }
            let mut log = txn.open_table(LIVE_LOG)?;
            let Some(seqs) = batch.seqs(*id) else {
                return Ok(Err(StoreError::NoSuchLive(*id)));
            };
            let seq = match seqs.get(at) {
                // The same ply again: written over, in place.
                Some(&seq) => seq,
                None => {
                    // After every record there is: later than this game's earlier actions, so
                    // the log's order is each game's ply order.
                    let seq = log.last()?.map_or(1, |(k, _)| k.value() + 1);
                    seqs.push(seq);
                    seq
                }
            };
            log.insert(seq, (id.0, *ply, bytes.as_slice()))?;
            Ok(Ok(JournalDone::Unit))
        }
        JournalWrite::Finish(id, game) => {
            let game_id = match insert_game(txn, game)? {
                Ok(game_id) => game_id,
                Err(refused) => return Ok(Err(refused)),
            };
            batch.delete(txn, *id)?;
            Ok(Ok(JournalDone::Game(game_id)))
        }
        JournalWrite::Discard(id) => {
            batch.delete(txn, *id)?;
            Ok(Ok(JournalDone::Unit))
        }
        JournalWrite::Save(game) => Ok(insert_game(txn, game)?.map(JournalDone::Game)),
    }
}

impl RedbStore {
    /// Commits one batch of journal writes in one transaction (see
    /// [`crate::store::GameStore::commit_journal`]).
    pub(super) fn commit_live(
        &self,
        writes: &[JournalWrite],
    ) -> Vec<Result<JournalDone, StoreError>> {
        let store = self;
        let bytes = store.file_bytes();
        // Refusals for a full store, decided before the transaction.
        let admitted: Vec<Result<(), StoreError>> = writes
            .iter()
            .map(|w| store.admit(admission(w), bytes))
            .collect();
        let committed = store.write_live(|txn, index| {
            let mut view = Batch {
                index,
                changes: LiveChanges::new(),
            };
            let mut results = Vec::with_capacity(writes.len());
            for (write, admitted) in writes.iter().zip(&admitted) {
                results.push(match admitted {
                    Ok(()) => Some(apply(txn, &mut view, write)?),
                    Err(_) => None,
                });
            }
            Ok((results, view.changes))
        });
        match committed {
            Ok(results) => {
                store.count_journal_commit();
                admitted
                    .into_iter()
                    .zip(results)
                    .map(|(admitted, result)| match (admitted, result) {
                        (Err(full), _) => Err(full),
                        (Ok(()), Some(result)) => result,
                        (Ok(()), None) => Err(StoreError::Task("a write was skipped".into())),
                    })
                    .collect()
            }
            Err(e) => {
                tracing::error!(
                    "game store journal: a batch of {} failed: {e}",
                    writes.len()
                );
                let shared = Arc::new(e);
                admitted
                    .into_iter()
                    .map(|admitted| match admitted {
                        Err(full) => Err(full),
                        Ok(()) => Err(StoreError::Shared(shared.clone())),
                    })
                    .collect()
            }
        }
    }
}

/// What a write may take of a store near full.
fn admission(write: &JournalWrite) -> Admission {
    match write {
        JournalWrite::Start(_) | JournalWrite::Save(_) => Admission::New,
        JournalWrite::Rewrite(..) | JournalWrite::Append(..) | JournalWrite::Finish(..) => {
            Admission::Live
        }
        JournalWrite::Discard(_) => Admission::Free,
    }
}

impl RedbStore {
    /// Every game in progress in the store, with its actions in order: what a restarting server
    /// carries on. A game whose stored value is damaged is left out (and logged); a damaged
    /// action ends its game's list there (the actions after it cannot be replayed without it).
    pub(super) fn read_live_games(&self) -> Result<Vec<LiveGameRecord>, StoreError> {
        self.read(|txn| {
            // Every action in the log, by game.
            let mut actions: HashMap<u64, Vec<(u32, Decoded)>> = HashMap::new();
            for record in txn.open_table(LIVE_LOG)?.iter()? {
                let (_, value) = record?;
                let (id, ply, bytes) = value.value();
                actions.entry(id).or_default().push((ply, decode(bytes)));
            }
            let mut out = Vec::new();
            for game in txn.open_table(LIVE_GAMES)?.iter()? {
                let (id, bytes) = game?;
                let id = LiveId(id.value());
                let game: LiveGame = match decode(bytes.value()) {
                    Ok(game) => game,
                    Err(e) => {
                        tracing::error!("game store: game in progress {id} is damaged: {e}");
                        continue;
                    }
                };
                let mut list = actions.remove(&id.0).unwrap_or_default();
                list.sort_by_key(|(ply, _)| *ply);
                let mut entries = Vec::with_capacity(list.len());
                for (ply, entry) in list {
                    match entry {
                        Ok(entry) if ply as usize == entries.len() => entries.push(entry),
                        Ok(_) => {
                            tracing::error!("game store: {id} lacks action {}", entries.len());
                            break;
                        }
                        Err(e) => {
                            tracing::error!("game store: {id} action {ply} is damaged: {e}");
                            break;
                        }
                    }
                }
                out.push((id, game, entries));
            }
            Ok(out)
        })
    }
}
