//! The game store in PostgreSQL (`yonin-server --store postgres://…`): finished games and games
//! in progress, for servers that outgrow one machine. Several server nodes may share one
//! database: finished games are everyone's; each game in progress belongs to the node that
//! plays it (its `node` name), which alone carries it on after a restart.
//!
//! The schema lives in `server/migrations/` ([`migrate`]); values are encoded as the embedded
//! store encodes them, with the columns that lists filter on beside them. Connections, timeouts
//! and reconnection are in [`pool`]; the journal and games in progress in [`journal`].

mod journal;
mod migrate;
pub mod pool;

use super::codec::{decode, encode, name_key, variant_key, EncodedGame};
use super::game_store::GameStore;
use super::StoreError;
use super::{JournalDone, JournalWrite, LiveGameRecord};
use pool::{pg_error, retrying, Pool, Runtime, CONNECT_TIMEOUT};
use std::sync::Arc;
use tokio_postgres::{Config, GenericClient, Row};
use yonin_core::record::stored::{GameFilter, GameId, GameSummary, StoredGame, StoredPlayer};

/// Is `location` a PostgreSQL URL (rather than a directory for the embedded store)?
pub fn is_postgres_url(location: &str) -> bool {
    location.starts_with("postgres://") || location.starts_with("postgresql://")
}

/// The game store in a PostgreSQL database.
pub struct PgStore {
    pool: Arc<Pool>,
    /// The server node whose games in progress these are.
    node: Arc<str>,
    /// Last, so that the connections' tasks stop after everything that uses them.
    runtime: Runtime,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore")
            .field("at", &self.pool.at)
            .field("node", &self.node)
            .finish()
    }
}

/// Where `config` points, without its password: `user@host:port/database`.
fn describe(config: &Config) -> String {
    let hosts: Vec<String> = config
        .get_hosts()
        .iter()
        .zip(config.get_ports().iter().chain(std::iter::repeat(&5432)))
        .map(|(host, port)| match host {
            tokio_postgres::config::Host::Tcp(name) => format!("{name}:{port}"),
            tokio_postgres::config::Host::Unix(path) => format!("{}:{port}", path.display()),
        })
        .collect();
    format!(
        "{}@{}/{}",
        config.get_user().unwrap_or("?"),
        hosts.join(","),
        config.get_dbname().unwrap_or("?")
    )
}

/// A column of a row, or a [`StoreError::Decode`] (never the driver's panic).
pub(crate) fn column<'a, T: tokio_postgres::types::FromSql<'a>>(
    row: &'a Row,
    index: usize,
) -> Result<T, StoreError> {
    row.try_get(index)
        .map_err(|e| StoreError::Decode(format!("column {index}: {e}")))
}

/// A stored id as a database id (ids past `i64::MAX` cannot be stored).
fn db_id(id: u64) -> Option<i64> {
    i64::try_from(id).ok()
}

/// A database id as a stored id.
pub(crate) fn stored_id(id: i64) -> Result<u64, StoreError> {
    u64::try_from(id).map_err(|_| StoreError::Decode(format!("negative id {id}")))
}

/// Writes a finished game in the transaction under a new id: the game, its summary and its
/// players. The inner error refuses this game before anything was written; the outer one is
/// the transaction's.
pub(crate) async fn insert_game(
    txn: &impl GenericClient,
    at: &str,
    game: &EncodedGame,
) -> Result<Result<GameId, StoreError>, StoreError> {
    let next = txn
        .query_one("SELECT nextval(pg_get_serial_sequence('games', 'id'))", &[])
        .await
        .map_err(|e| pg_error(at, e))?;
    let id = GameId(stored_id(column(&next, 0)?)?);
    let summary = match encode(&game.game.summary(id)) {
        Ok(summary) => summary,
        Err(refused) => return Ok(Err(refused)),
    };
    let db = db_id(id.0).unwrap_or(i64::MAX);
    let variant = i16::from(variant_key(game.game.rules.variant));
    txn.execute(
        "INSERT INTO games (id, variant, game, summary) VALUES ($1, $2, $3, $4)",
        &[&db, &variant, &game.bytes, &summary],
    )
    .await
    .map_err(|e| pg_error(at, e))?;
    for seat in &game.game.seats {
        if let StoredPlayer::Person { name } = &seat.player {
            txn.execute(
                "INSERT INTO game_players (name, game_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                &[&name_key(name), &db],
            )
            .await
            .map_err(|e| pg_error(at, e))?;
        }
    }
    Ok(Ok(id))
}

/// The lists' queries, one per filter, each reading its index newest first. Parameters: $1
/// ids below, $2 limit, then the name and/or the variant.
const LIST_ALL: &str = "SELECT summary FROM games WHERE id < $1 ORDER BY id DESC LIMIT $2";
const LIST_VARIANT: &str =
    "SELECT summary FROM games WHERE variant = $3 AND id < $1 ORDER BY id DESC LIMIT $2";
const LIST_PLAYER: &str = "SELECT g.summary FROM game_players p JOIN games g ON g.id = p.game_id \
     WHERE p.name = $3 AND p.game_id < $1 ORDER BY p.game_id DESC LIMIT $2";
const LIST_PLAYER_VARIANT: &str = "SELECT g.summary FROM game_players p \
     JOIN games g ON g.id = p.game_id \
     WHERE p.name = $3 AND g.variant = $4 AND p.game_id < $1 ORDER BY p.game_id DESC LIMIT $2";

async fn list(pool: Arc<Pool>, filter: GameFilter) -> Result<Vec<GameSummary>, StoreError> {
    let at = pool.at.as_str();
    let below = filter
        .before
        .map_or(i64::MAX, |id| db_id(id.0).unwrap_or(i64::MAX));
    let limit = i64::try_from(filter.effective_limit()).unwrap_or(i64::MAX);
    let variant = filter.variant.map(|v| i16::from(variant_key(v)));
    let name = filter.player.as_deref().map(name_key);
    let conn = pool.get().await?;
    let rows = match (&name, &variant) {
        (None, None) => conn.query(LIST_ALL, &[&below, &limit]).await,
        (None, Some(v)) => conn.query(LIST_VARIANT, &[&below, &limit, v]).await,
        (Some(n), None) => conn.query(LIST_PLAYER, &[&below, &limit, n]).await,
        (Some(n), Some(v)) => {
            conn.query(LIST_PLAYER_VARIANT, &[&below, &limit, n, v])
                .await
        }
    }
    .map_err(|e| pg_error(at, e))?;
    conn.release();
    rows.iter()
        .map(|row| decode(column::<&[u8]>(row, 0)?))
        .collect()
}

async fn get(pool: Arc<Pool>, id: GameId) -> Result<Option<StoredGame>, StoreError> {
    let Some(db) = db_id(id.0) else {
        return Ok(None);
    };
    let conn = pool.get().await?;
    let row = conn
        .query_opt("SELECT game FROM games WHERE id = $1", &[&db])
        .await
        .map_err(|e| pg_error(&pool.at, e))?;
    conn.release();
    row.map(|row| decode(column::<&[u8]>(&row, 0)?)).transpose()
}

async fn count(pool: Arc<Pool>) -> Result<u64, StoreError> {
    let conn = pool.get().await?;
    let row = conn
        .query_one("SELECT count(*) FROM games", &[])
        .await
        .map_err(|e| pg_error(&pool.at, e))?;
    conn.release();
    stored_id(column(&row, 0)?)
}

async fn save(pool: Arc<Pool>, game: Arc<EncodedGame>) -> Result<GameId, StoreError> {
    let at = pool.at.as_str();
    let mut conn = pool.get().await?;
    let txn = conn.transaction().await.map_err(|e| pg_error(at, e))?;
    let id = insert_game(&txn, at, &game).await??;
    txn.commit()
        .await
        .map_err(|e| journal::commit_error(at, e))?;
    conn.release();
    Ok(id)
}

impl PgStore {
    /// Opens the store at `url` (`postgres://user:password@host:port/database`; the driver's
    /// key=value parameters after `?` are understood too) for the server node `node`,
    /// connecting once and bringing the schema up to date. A URL the driver cannot read is
    /// [`StoreError::BadUrl`]; a database that cannot be reached, or refuses, is
    /// [`StoreError::Postgres`] or [`StoreError::Timeout`].
    pub fn open(url: &str, node: &str) -> Result<PgStore, StoreError> {
        let mut config: Config = url
            .parse()
            .map_err(|e: tokio_postgres::Error| StoreError::BadUrl(pool::explain(&e)))?;
        if config.get_hosts().is_empty() {
            return Err(StoreError::BadUrl("the URL names no host".into()));
        }
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        if config.get_application_name().is_none() {
            config.application_name("yonin-server");
        }
        let pool = Arc::new(Pool::new(config.clone(), describe(&config)));
        let runtime = Runtime::new()?;
        let migrating = pool.clone();
        runtime.run(&pool.at, async move { migrate::migrate(&migrating).await })?;
        tracing::info!(
            "PostgreSQL store {} open (schema version {}), node {node}",
            pool.at,
            migrate::newest()
        );
        Ok(PgStore {
            pool,
            node: node.into(),
            runtime,
        })
    }

    /// Runs a read or a whole transaction on the store's runtime, once more if it lost its
    /// connection before committing.
    fn run<T, F, Fut>(&self, operation: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnMut() -> Fut + Send + 'static,
        Fut: std::future::Future<Output = Result<T, StoreError>> + Send,
    {
        let at = self.pool.at.clone();
        self.runtime
            .run(&self.pool.at, async move { retrying(&at, operation).await })
    }
}

impl GameStore for PgStore {
    fn describe(&self) -> String {
        format!("postgres {} (node {})", self.pool.at, self.node)
    }

    fn save(&self, game: &StoredGame) -> Result<GameId, StoreError> {
        let game = Arc::new(EncodedGame::new(game.clone())?);
        let pool = self.pool.clone();
        self.run(move || save(pool.clone(), game.clone()))
    }

    fn try_get(&self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        let pool = self.pool.clone();
        self.run(move || get(pool.clone(), id))
    }

    fn try_list(&self, filter: &GameFilter) -> Result<Vec<GameSummary>, StoreError> {
        let (pool, filter) = (self.pool.clone(), filter.clone());
        self.run(move || list(pool.clone(), filter.clone()))
    }

    fn len(&self) -> Result<u64, StoreError> {
        let pool = self.pool.clone();
        self.run(move || count(pool.clone()))
    }

    fn live_games(&self) -> Result<Vec<LiveGameRecord>, StoreError> {
        let (pool, node) = (self.pool.clone(), self.node.clone());
        self.run(move || journal::live_games(pool.clone(), node.clone()))
    }

    fn commit_journal(&self, writes: Vec<JournalWrite>) -> Vec<Result<JournalDone, StoreError>> {
        let count = writes.len();
        let (pool, node, writes) = (self.pool.clone(), self.node.clone(), Arc::new(writes));
        match self.run(move || journal::commit(pool.clone(), node.clone(), writes.clone())) {
            Ok(answers) => answers,
            Err(e) => {
                tracing::error!("game store journal: a batch of {count} failed: {e}");
                let shared = Arc::new(e);
                (0..count)
                    .map(|_| Err(StoreError::Shared(shared.clone())))
                    .collect()
            }
        }
    }
}
