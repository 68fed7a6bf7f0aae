//! Games in progress in PostgreSQL: a batch of journal writes in one transaction, and the
//! games a restarting node reads back.
//!
//! Each write is checked by its own statement (an append inserts only when its game is in
//! progress and its ply is at most the next one), so a refused write changes nothing, breaks
//! nothing else in the transaction, and the rest of the batch commits.

use super::pool::{explain, pg_error, Pool};
use super::{column, insert_game, stored_id};
use crate::store::codec::decode;
use crate::store::StoreError;
use crate::store::{JournalDone, JournalWrite, LiveGameRecord};
use crate::store::{LiveEntry, LiveGame, LiveId};
use std::collections::HashMap;
use std::sync::Arc;
use tokio_postgres::{IsolationLevel, Statement, Transaction};

/// The error of a commit: never `lost`, because a commit whose answer was lost may have been
/// made, and must not be made twice.
pub(crate) fn commit_error(at: &str, e: tokio_postgres::Error) -> StoreError {
    StoreError::Postgres {
        at: at.to_string(),
        reason: format!("the commit failed or its answer was lost: {}", explain(&e)),
        lost: false,
    }
}

/// Appends an action if its game is in progress and its ply is at most the next one; the same
/// ply again is written over.
const APPEND: &str = "INSERT INTO live_actions (live_id, ply, entry) \
     SELECT $1, $2, $3 FROM live_games g WHERE g.id = $1 \
       AND $2 <= (SELECT coalesce(max(ply) + 1, 0) FROM live_actions WHERE live_id = $1) \
     ON CONFLICT (live_id, ply) DO UPDATE SET entry = EXCLUDED.entry";

/// Why an append was refused: is the game in progress, and which ply comes next.
const APPEND_STATE: &str = "SELECT EXISTS (SELECT 1 FROM live_games WHERE id = $1), \
     (SELECT coalesce(max(ply) + 1, 0) FROM live_actions WHERE live_id = $1)";

/// A live id as a database id (`None`: no such game can exist).
fn live_db(id: LiveId) -> Option<i64> {
    i64::try_from(id.0).ok()
}

/// Applies one write in the batch's transaction (`append`: [`APPEND`], prepared once for the
/// batch). The inner error refuses this write alone.
async fn apply(
    txn: &Transaction<'_>,
    at: &str,
    node: &str,
    append: &Statement,
    write: &JournalWrite,
) -> Result<Result<JournalDone, StoreError>, StoreError> {
    let db = |e| pg_error(at, e);
    let no_such = |id: LiveId| Ok(Err(StoreError::NoSuchLive(id)));
    match write {
        JournalWrite::Start(bytes) => {
            let row = txn
                .query_one(
                    "INSERT INTO live_games (node, game) VALUES ($1, $2) RETURNING id",
                    &[&node, bytes],
                )
                .await
                .map_err(db)?;
            Ok(Ok(JournalDone::Live(LiveId(stored_id(column(&row, 0)?)?))))
        }
        JournalWrite::Rewrite(id, bytes) => {
            let Some(live) = live_db(*id) else {
                return no_such(*id);
            };
            let changed = txn
                .execute(
                    "UPDATE live_games SET game = $2 WHERE id = $1",
                    &[&live, bytes],
                )
                .await
                .map_err(db)?;
            if changed == 0 {
                return no_such(*id);
            }
            Ok(Ok(JournalDone::Unit))
        }
        JournalWrite::Append(id, ply, bytes) => {
            let (Some(live), Ok(at_ply)) = (live_db(*id), i32::try_from(*ply)) else {
                return no_such(*id);
            };
            let added = txn
                .execute(append, &[&live, &at_ply, bytes])
                .await
                .map_err(db)?;
            if added == 1 {
                return Ok(Ok(JournalDone::Unit));
            }
            let state = txn.query_one(APPEND_STATE, &[&live]).await.map_err(db)?;
            if !column::<bool>(&state, 0)? {
                return no_such(*id);
            }
            let expected = column::<i32>(&state, 1)?;
            Ok(Err(StoreError::LiveGap {
                id: *id,
                ply: *ply,
                expected: u32::try_from(expected).unwrap_or(0),
            }))
        }
        JournalWrite::Finish(id, game) => {
            let game_id = match insert_game(txn, at, game).await? {
                Ok(game_id) => game_id,
                Err(refused) => return Ok(Err(refused)),
            };
            delete(txn, at, *id).await?;
            Ok(Ok(JournalDone::Game(game_id)))
        }
        JournalWrite::Discard(id) => {
            delete(txn, at, *id).await?;
            Ok(Ok(JournalDone::Unit))
        }
        JournalWrite::Save(game) => Ok(insert_game(txn, at, game).await?.map(JournalDone::Game)),
    }
}

/// Deletes a game in progress and (by cascade) its actions; nothing if there is none.
async fn delete(txn: &Transaction<'_>, at: &str, id: LiveId) -> Result<(), StoreError> {
    if let Some(live) = live_db(id) {
        txn.execute("DELETE FROM live_games WHERE id = $1", &[&live])
            .await
            .map_err(|e| pg_error(at, e))?;
    }
    Ok(())
}

/// Commits a batch of journal writes in one transaction; the outer error is the transaction's
/// (every write failed), the inner ones each write's refusal.
pub(super) async fn commit(
    pool: Arc<Pool>,
    node: Arc<str>,
    writes: Arc<Vec<JournalWrite>>,
) -> Result<Vec<Result<JournalDone, StoreError>>, StoreError> {
    let at = pool.at.as_str();
    let mut conn = pool.get().await?;
    let txn = conn.transaction().await.map_err(|e| pg_error(at, e))?;
    // Prepared once, so that each of a batch's moves costs one round trip, not two (most of
    // a batch's writes are moves).
    let append = txn.prepare(APPEND).await.map_err(|e| pg_error(at, e))?;
    let mut answers = Vec::with_capacity(writes.len());
    for write in writes.iter() {
        answers.push(apply(&txn, at, &node, &append, write).await?);
    }
    txn.commit().await.map_err(|e| commit_error(at, e))?;
    conn.release();
    Ok(answers)
}

/// An action read back (or why it could not be).
type Decoded = Result<LiveEntry, StoreError>;

/// Every game in progress of `node`, with its actions in order, read in one snapshot. A game
/// whose stored value is damaged is left out (and logged); a damaged or missing action ends
/// its game's list there.
pub(super) async fn live_games(
    pool: Arc<Pool>,
    node: Arc<str>,
) -> Result<Vec<LiveGameRecord>, StoreError> {
    let at = pool.at.as_str();
    let node: &str = &node;
    let mut conn = pool.get().await?;
    let txn = conn
        .build_transaction()
        .isolation_level(IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
        .await
        .map_err(|e| pg_error(at, e))?;
    let games = txn
        .query(
            "SELECT id, game FROM live_games WHERE node = $1 ORDER BY id",
            &[&node],
        )
        .await
        .map_err(|e| pg_error(at, e))?;
    let actions = txn
        .query(
            "SELECT a.live_id, a.ply, a.entry FROM live_actions a \
             JOIN live_games g ON g.id = a.live_id WHERE g.node = $1 \
             ORDER BY a.live_id, a.ply",
            &[&node],
        )
        .await
        .map_err(|e| pg_error(at, e))?;
    txn.commit().await.map_err(|e| pg_error(at, e))?;
    conn.release();
    let mut by_game: HashMap<i64, Vec<(i32, Decoded)>> = HashMap::new();
    for row in &actions {
        let id: i64 = column(row, 0)?;
        let ply: i32 = column(row, 1)?;
        by_game
            .entry(id)
            .or_default()
            .push((ply, decode(column::<&[u8]>(row, 2)?)));
    }
    let mut out = Vec::with_capacity(games.len());
    for row in &games {
        let db: i64 = column(row, 0)?;
        let id = LiveId(stored_id(db)?);
        let game: LiveGame = match decode(column::<&[u8]>(row, 1)?) {
            Ok(game) => game,
            Err(e) => {
                tracing::error!("game store: game in progress {id} is damaged: {e}");
                continue;
            }
        };
        let mut entries = Vec::new();
        for (ply, entry) in by_game.remove(&db).unwrap_or_default() {
            match entry {
                Ok(entry) if usize::try_from(ply).is_ok_and(|p| p == entries.len()) => {
                    entries.push(entry)
                }
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
}
