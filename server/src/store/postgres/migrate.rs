//! The PostgreSQL store's schema: the migrations in `server/migrations/`, embedded in the
//! binary and applied when a store opens, in one transaction that also records their versions
//! in `yonin_schema`.
//!
//! A transaction-scoped advisory lock makes opening safe for several nodes starting on one
//! database at once: the first applies what is missing, the others then find it done. A
//! database whose schema is newer than this server knows is refused, never written.

use super::pool::{pg_error, Pool};
use crate::store::{now_ms, StoreError};
use std::sync::Arc;

/// Every migration, in order: (version, SQL). Append only; never edit an applied one.
const MIGRATIONS: &[(i32, &str)] = &[(1, include_str!("../../../migrations/0001_games.sql"))];

/// The advisory lock that serialises migrations on one database ("yonin" in ASCII).
const MIGRATION_LOCK: i64 = 0x79_6f_6e_69_6e;

/// The schema version this server writes.
pub(crate) fn newest() -> i32 {
    MIGRATIONS.last().map_or(0, |(version, _)| *version)
}

/// Brings the database's schema up to [`newest`], or refuses a newer one.
pub(crate) async fn migrate(pool: &Arc<Pool>) -> Result<(), StoreError> {
    let at = pool.at.as_str();
    let mut conn = pool.get().await?;
    let txn = conn.transaction().await.map_err(|e| pg_error(at, e))?;
    txn.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await
        .map_err(|e| pg_error(at, e))?;
    txn.batch_execute(
        "CREATE TABLE IF NOT EXISTS yonin_schema (
             version INTEGER PRIMARY KEY,
             applied_ms BIGINT NOT NULL
         )",
    )
    .await
    .map_err(|e| pg_error(at, e))?;
    let current: i32 = txn
        .query_one("SELECT coalesce(max(version), 0) FROM yonin_schema", &[])
        .await
        .map_err(|e| pg_error(at, e))?
        .try_get(0)
        .map_err(|e| pg_error(at, e))?;
    if current > newest() {
        return Err(StoreError::Postgres {
            at: at.to_string(),
            reason: format!(
                "the database's schema is version {current}, newer than this server's {}: \
                 run a newer server",
                newest()
            ),
            lost: false,
        });
    }
    for (version, sql) in MIGRATIONS.iter().filter(|(v, _)| *v > current) {
        txn.batch_execute(sql).await.map_err(|e| pg_error(at, e))?;
        txn.execute(
            "INSERT INTO yonin_schema (version, applied_ms) VALUES ($1, $2)",
            &[version, &i64::try_from(now_ms()).unwrap_or(i64::MAX)],
        )
        .await
        .map_err(|e| pg_error(at, e))?;
        tracing::info!("PostgreSQL store {at}: schema version {version} applied");
    }
    txn.commit().await.map_err(|e| pg_error(at, e))?;
    conn.release();
    Ok(())
}
