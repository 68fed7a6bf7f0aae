//! A server on a PostgreSQL store: a game played, the server killed, a new process of the same
//! node on the same database carrying the game on, and the finished game in PostgreSQL.

use crate::restart::{free_port, seen, ServerProcess};
use std::time::Duration;
use yonin_core::protocol::{ClientMessage, Encoding, GameRequest, ServerMessage};
use yonin_core::record::stored::GameFilter;
use yonin_tests::*;

/// A schema of its own in the database of `YONIN_TEST_POSTGRES`, dropped on drop.
struct Schema {
    url: String,
    name: String,
}

impl Schema {
    /// A new schema; `None` (the test is skipped, and says so) without `YONIN_TEST_POSTGRES`,
    /// except under `CI=true`, where that fails.
    async fn new(tag: &str) -> Option<Schema> {
        let url = match std::env::var("YONIN_TEST_POSTGRES") {
            Ok(url) if !url.is_empty() => url,
            _ if std::env::var("CI").is_ok_and(|v| v == "true") => {
                panic!("CI=true but YONIN_TEST_POSTGRES is not set: CI must test PostgreSQL")
            }
            _ => {
                use std::io::Write;
                let _ = writeln!(
                    std::io::stderr(),
                    "skipped: set YONIN_TEST_POSTGRES=postgres://… to test the PostgreSQL store"
                );
                return None;
            }
        };
        let name = format!("yonin_e2e_{tag}_{}", std::process::id());
        run_sql(&url, &format!("CREATE SCHEMA {name}"))
            .await
            .expect("the schema is made");
        Some(Schema { url, name })
    }

    /// The server's `--store` URL: this schema on the search path.
    fn store_url(&self) -> String {
        let sep = if self.url.contains('?') { '&' } else { '?' };
        format!("{}{sep}options=-c%20search_path%3D{}", self.url, self.name)
    }
}

impl Drop for Schema {
    fn drop(&mut self) {
        // On a thread of its own: a runtime cannot be started inside the test's.
        let (url, sql) = (
            self.url.clone(),
            format!("DROP SCHEMA IF EXISTS {} CASCADE", self.name),
        );
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| e.to_string())?;
            runtime.block_on(run_sql(&url, &sql))
        })
        .join();
        if !matches!(dropped, Ok(Ok(()))) {
            eprintln!("the test schema {} was not dropped", self.name);
        }
    }
}

/// The number of finished games in the schema's `games` table (which exists only if the
/// server really kept its store here).
async fn games_in(schema: &Schema) -> i64 {
    let (client, connection) = tokio_postgres::connect(&schema.url, tokio_postgres::NoTls)
        .await
        .expect("connect to YONIN_TEST_POSTGRES");
    let connection = tokio::spawn(connection);
    let sql = format!("SELECT count(*) FROM {}.games", schema.name);
    let count = client
        .query_one(&sql, &[])
        .await
        .and_then(|row| row.try_get(0))
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    drop(client);
    let _ = connection.await;
    count
}

async fn run_sql(url: &str, sql: &str) -> Result<(), String> {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .map_err(|e| format!("cannot connect to YONIN_TEST_POSTGRES: {e}"))?;
    let connection = tokio::spawn(connection);
    let done = client.batch_execute(sql).await.map_err(|e| e.to_string());
    drop(client);
    let _ = connection.await;
    done
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_on_postgres_survives_sigkill_and_is_stored() {
    let Some(schema) = Schema::new("sigkill").await else {
        return;
    };
    bounded(Duration::from_secs(90), async {
        let url = schema.store_url();
        let store = ["--store", url.as_str(), "--node", "n1"].map(std::ffi::OsStr::new);
        let port = free_port();
        let mut server = ServerProcess::start_with(&store, port).await;
        let mut ann = TestClient::connect_url(&server.url, "Ann", Encoding::Json, None).await;
        let mut bob = TestClient::connect_url(&server.url, "Bob", Encoding::Bincode, None).await;
        let _room = start_standard(&mut ann, &mut bob, "kept").await;
        ann.play("7g7f").await;
        bob.wait_turn_or_end().await;
        bob.play("3c3d").await;
        let announced = seen(&bob);
        let (ann_token, bob_token) = (ann.token, bob.token);
        server.kill();
        drop((ann, bob));

        // A new process of the same node on the same database carries the game on.
        let server = ServerProcess::start_with(&store, port).await;
        let mut ann = TestClient::connect_url(&server.url, "Ann", Encoding::Json, ann_token).await;
        let state = ann.expect_game_started().await;
        assert_eq!(
            state.actions.len(),
            announced,
            "every announced move is back"
        );
        ann.play("2g2f").await;
        let mut bob =
            TestClient::connect_url(&server.url, "Bob", Encoding::Bincode, bob_token).await;
        bob.expect_game_started().await;
        bob.send(&ClientMessage::Game(GameRequest::Resign)).await;
        ann.expect("GameOver", |m| {
            matches!(m, ServerMessage::GameOver { .. }).then_some(())
        })
        .await;
        // The finished game is in PostgreSQL, with every move, listed over the wire.
        ann.send(&ClientMessage::ListGames {
            filter: GameFilter {
                player: Some("bob".into()),
                ..GameFilter::default()
            },
        })
        .await;
        let games = ann
            .expect("GameList", |m| match m {
                ServerMessage::GameList { games } => Some(games.clone()),
                _ => None,
            })
            .await;
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].plies as usize, announced + 1);
        assert_eq!(games_in(&schema).await, 1, "the game is in PostgreSQL");
    })
    .await;
}
