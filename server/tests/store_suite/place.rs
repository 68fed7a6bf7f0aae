//! Where one test's database lives: a temporary directory for the embedded store, or a schema
//! of its own in the PostgreSQL database of `YONIN_TEST_POSTGRES` (dropped afterwards), so
//! tests run side by side and leave nothing behind.

use yonin_server::store::{Store, StoreError};

/// The variable that names the PostgreSQL server the tests may use.
pub const URL_VAR: &str = "YONIN_TEST_POSTGRES";

/// A test's database, of either kind.
pub enum Place {
    Redb(TempDir),
    Postgres(Schema),
}

impl Place {
    /// A fresh embedded store's directory.
    pub fn redb(tag: &str) -> Place {
        Place::Redb(TempDir::new(tag))
    }

    /// A fresh schema in the test PostgreSQL database; `None` (the test is skipped, and says
    /// so) when `YONIN_TEST_POSTGRES` is not set, except under `CI=true`, where that fails:
    /// CI must really test PostgreSQL.
    pub fn postgres(tag: &str) -> Option<Place> {
        match std::env::var(URL_VAR) {
            Ok(url) if !url.is_empty() => Some(Place::Postgres(Schema::new(&url, tag))),
            _ if std::env::var("CI").is_ok_and(|v| v == "true") => {
                panic!("CI=true but {URL_VAR} is not set: CI must test the PostgreSQL store")
            }
            _ => {
                // Straight to stderr, past the test harness's capture, once per run.
                static SAID: std::sync::Once = std::sync::Once::new();
                SAID.call_once(|| {
                    use std::io::Write;
                    let _ = writeln!(
                        std::io::stderr(),
                        "skipped: set {URL_VAR}=postgres://… to test the PostgreSQL store"
                    );
                });
                None
            }
        }
    }

    /// Opens the store here as server node `node` (the embedded store has no nodes).
    pub fn try_open_as(&self, node: &str) -> Result<Store, StoreError> {
        match self {
            Place::Redb(dir) => Store::open(dir.path()),
            Place::Postgres(schema) => Store::open_postgres(&schema.store_url(), node),
        }
    }

    /// Opens the store here as node "a".
    pub fn open(&self) -> Store {
        self.try_open_as("a").expect("the store opens")
    }

    /// Does a second opening of the same database fail while the first is open (the embedded
    /// store's file lock), rather than share it (PostgreSQL, several nodes)?
    pub fn exclusive(&self) -> bool {
        matches!(self, Place::Redb(_))
    }

    /// Writes `bytes` over the stored value of row `id` of `table` ("games", "summaries" or
    /// "live_games"), as damage on the disk or an older or newer version would. The store must
    /// be closed (the embedded store's file is locked while open).
    pub fn damage(&self, table: &str, id: u64, bytes: &[u8]) {
        match self {
            Place::Redb(dir) => damage_redb(dir.path(), table, id, bytes),
            Place::Postgres(schema) => {
                let (table, column) = match table {
                    "summaries" => ("games", "summary"),
                    other => (other, "game"),
                };
                let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
                schema.sql(&format!(
                    "UPDATE {table} SET {column} = '\\x{hex}'::bytea WHERE id = {id}"
                ));
            }
        }
    }
}

fn damage_redb(dir: &std::path::Path, table: &str, id: u64, bytes: &[u8]) {
    let db = redb::Database::open(dir.join(yonin_server::store::DB_FILE)).expect("redb opens");
    let txn = db.begin_write().expect("a write transaction");
    {
        let definition: redb::TableDefinition<u64, &[u8]> = redb::TableDefinition::new(table);
        let mut rows = txn.open_table(definition).expect("the table");
        rows.insert(id, bytes).expect("the row is written");
    }
    txn.commit().expect("committed");
}

pub use yonin_testkit::TempDir;

/// A name no other test of any run uses (the kit's `unique`), at most 60 characters in all:
/// PostgreSQL cuts names at 63.
fn unique(tag: &str) -> String {
    yonin_testkit::unique(tag, 24)
}

/// A schema of its own in the test database, dropped (with everything in it) on drop.
pub struct Schema {
    url: String,
    pub name: String,
}

impl Schema {
    fn new(url: &str, tag: &str) -> Schema {
        let schema = Schema {
            url: url.to_string(),
            name: format!("yonin_test_{}", unique(tag)),
        };
        schema.sql(&format!("CREATE SCHEMA {}", schema.name));
        schema
    }

    /// The URL a store opens: the test database with this schema first on the search path,
    /// and the schema's name as the connections' application name (so a test can find them).
    pub fn store_url(&self) -> String {
        let sep = if self.url.contains('?') { '&' } else { '?' };
        format!(
            "{}{sep}options=-c%20search_path%3D{}&application_name={}",
            self.url, self.name, self.name
        )
    }

    /// Runs `sql` in this schema on a connection of its own.
    pub fn sql(&self, sql: &str) {
        let sql = format!("SET search_path TO {}; {sql}", self.name);
        run_sql(&self.url, &sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
}

impl Drop for Schema {
    fn drop(&mut self) {
        let drop = format!("DROP SCHEMA IF EXISTS {} CASCADE", self.name);
        if let Err(e) = run_sql(&self.url, &drop) {
            eprintln!("{drop}: {e}");
        }
    }
}

/// Runs `sql` on a new connection to `url`, on a runtime of its own.
pub fn run_sql(url: &str, sql: &str) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .map_err(|e| format!("cannot connect to {URL_VAR}: {e}"))?;
        let connection = tokio::spawn(connection);
        let done = client.batch_execute(sql).await.map_err(|e| e.to_string());
        drop(client);
        let _ = connection.await;
        done
    })
}
