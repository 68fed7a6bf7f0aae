//! The PostgreSQL store's connections: a small fixed pool driven by a runtime of the store's
//! own, every operation (waiting for a connection, connecting, the queries) bounded by one
//! timeout, and a lost connection replaced by a new one on the next use.
//!
//! The store's callers are synchronous (tokio's blocking pool, the journal's writer thread):
//! [`Runtime::run`] spawns the operation on the store's runtime and blocks the calling thread
//! until it ends. It blocks with `futures`' executor, not tokio's `block_on`, so that a call
//! from inside some other runtime waits like any blocking call instead of panicking.

use crate::store::StoreError;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_postgres::{Client, Config, NoTls};

/// Connections one store keeps at most: the journal's writer, and reads from the blocking
/// pool beside it. PostgreSQL's own default is 100 connections for every client of the
/// database; a few nodes of four each leave most of them to others.
pub const POOL_SIZE: usize = 4;
/// How long connecting may take, unless the URL says otherwise (`connect_timeout=`).
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// The longest one operation may take, from waiting for a connection to its commit: a
/// journal batch of [`crate::store::live::JOURNAL_BATCH`] writes takes milliseconds on a
/// healthy database.
pub const OPERATION_TIMEOUT: Duration = Duration::from_secs(15);

/// The driver's error with its causes ("error connecting to server: Connection refused…"):
/// its own text names only the kind.
pub(crate) fn explain(e: &tokio_postgres::Error) -> String {
    let mut text = e.to_string();
    let mut cause = std::error::Error::source(e);
    while let Some(c) = cause {
        text.push_str(": ");
        text.push_str(&c.to_string());
        cause = c.source();
    }
    text
}

/// A PostgreSQL error as a store error: `lost` when the connection is gone (so the operation,
/// if it had not reached its commit, can be tried once more on a new one): closed, or ended
/// by the server with a connection error (SQLSTATE class 08) or an operator's shutdown or
/// termination (57P01–57P03), which may come as the answer to the query that was on its way.
pub(crate) fn pg_error(at: &str, e: tokio_postgres::Error) -> StoreError {
    let ended = e
        .code()
        .is_some_and(|c| c.code().starts_with("08") || c.code().starts_with("57P"));
    StoreError::Postgres {
        at: at.to_string(),
        reason: explain(&e),
        lost: e.is_closed() || ended,
    }
}

/// The store's connections.
pub(crate) struct Pool {
    config: Config,
    /// Where the database is, for errors and logs.
    pub(crate) at: String,
    /// Connections not in use. A plain mutex: held only to push or pop.
    idle: Mutex<Vec<Client>>,
    /// One permit per connection that may exist.
    permits: Arc<Semaphore>,
}

/// A connection taken from the pool. [`Conn::release`] gives it back once an operation ended
/// well; dropped without it (an error, a timeout), the connection is closed instead, so no
/// connection in the middle of something is ever reused.
pub(crate) struct Conn {
    client: Client,
    pool: Arc<Pool>,
    _permit: OwnedSemaphorePermit,
}

impl std::ops::Deref for Conn {
    type Target = Client;
    fn deref(&self) -> &Client {
        &self.client
    }
}

impl std::ops::DerefMut for Conn {
    fn deref_mut(&mut self) -> &mut Client {
        &mut self.client
    }
}

impl Conn {
    /// Gives the connection back to the pool.
    pub(crate) fn release(self) {
        if !self.client.is_closed() {
            let pool = self.pool.clone();
            pool.idle
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(self.client);
        }
    }
}

impl Pool {
    pub(crate) fn new(config: Config, at: String) -> Pool {
        Pool {
            config,
            at,
            idle: Mutex::new(Vec::with_capacity(POOL_SIZE)),
            permits: Arc::new(Semaphore::new(POOL_SIZE)),
        }
    }

    /// A connection: an idle one that is still open, or a new one.
    pub(crate) async fn get(self: &Arc<Self>) -> Result<Conn, StoreError> {
        let permit = self
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| StoreError::Task(e.to_string()))?;
        let idle = {
            let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
            // Connections that closed while idle (the database restarted, say) go.
            idle.retain(|c| !c.is_closed());
            idle.pop()
        };
        let client = match idle {
            Some(client) => client,
            None => self.connect().await?,
        };
        Ok(Conn {
            client,
            pool: self.clone(),
            _permit: permit,
        })
    }

    async fn connect(&self) -> Result<Client, StoreError> {
        let (client, connection) =
            self.config
                .connect(NoTls)
                .await
                .map_err(|e| StoreError::Postgres {
                    at: self.at.clone(),
                    reason: format!("cannot connect: {}", explain(&e)),
                    lost: false,
                })?;
        let at = self.at.clone();
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::warn!("PostgreSQL store {at}: a connection ended: {e}");
            }
        });
        Ok(client)
    }
}

/// The store's own tokio runtime: one worker that drives the connections. Shut down without
/// waiting when the store goes (a runtime dropped the usual way inside another runtime's task
/// would panic).
pub(crate) struct Runtime(Option<tokio::runtime::Runtime>);

impl Runtime {
    pub(crate) fn new() -> Result<Runtime, StoreError> {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("yonin-postgres")
            .enable_all()
            .build()
            .map(|rt| Runtime(Some(rt)))
            .map_err(|e| StoreError::Task(format!("cannot start the PostgreSQL runtime: {e}")))
    }

    /// Runs `operation` on the store's runtime within [`OPERATION_TIMEOUT`] and waits for it.
    pub(crate) fn run<T: Send + 'static>(
        &self,
        at: &str,
        operation: impl Future<Output = Result<T, StoreError>> + Send + 'static,
    ) -> Result<T, StoreError> {
        let runtime = self
            .0
            .as_ref()
            .ok_or_else(|| StoreError::Task("the PostgreSQL runtime stopped".into()))?;
        // The timer is made inside the task: it needs the runtime's context, which the caller's
        // thread may not have.
        let task =
            runtime.spawn(async move { tokio::time::timeout(OPERATION_TIMEOUT, operation).await });
        match futures::executor::block_on(task) {
            Ok(Ok(result)) => result,
            Ok(Err(_elapsed)) => Err(StoreError::Timeout {
                at: at.to_string(),
                after: OPERATION_TIMEOUT,
            }),
            Err(e) => Err(StoreError::Task(e.to_string())),
        }
    }
}

impl Drop for Runtime {
    fn drop(&mut self) {
        if let Some(runtime) = self.0.take() {
            runtime.shutdown_background();
        }
    }
}

/// Runs `operation`, and once more on a new connection if the first try lost its connection
/// before it committed anything (`lost`): what makes a restarted database or a connection
/// killed by its operator cost one retry instead of an error.
pub(crate) async fn retrying<T, F, Fut>(at: &str, mut operation: F) -> Result<T, StoreError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, StoreError>>,
{
    match operation().await {
        Err(e) if e.is_lost() => {
            tracing::warn!("PostgreSQL store {at}: {e}; trying again on a new connection");
            operation().await
        }
        other => other,
    }
}
