//! What only the PostgreSQL store has: URLs, a schema made by migrations (also by two nodes at
//! once, also newer than this server), connections that can be lost, and server nodes that
//! share one database but each keep their own games in progress.

use super::place::{Place, Schema};
use super::samples::{sample_game, sample_live};
use futures::executor::block_on;
use std::sync::Arc;
use yonin_core::record::stored::GameId;
use yonin_server::store::{Store, StoreError};

fn schema(place: &Place) -> &Schema {
    match place {
        Place::Postgres(schema) => schema,
        Place::Redb(_) => unreachable!("a PostgreSQL test on the embedded store"),
    }
}

/// A URL the driver cannot read, or a server that is not there, is an error that says so; no
/// panic, no hang. (Needs no database.)
#[test]
fn bad_and_unreachable_urls_are_clear_errors() {
    for url in [
        "postgres://host:notaport/db",
        "postgres://[::1/db",
        "postgres:///db",
    ] {
        match Store::open_postgres(url, "a") {
            Err(StoreError::BadUrl(reason)) => assert!(!reason.is_empty()),
            other => panic!("{url}: expected BadUrl, got {other:?}"),
        }
    }
    // Port 1 on loopback: nothing listens there.
    match Store::open_postgres("postgres://yonin:secret@127.0.0.1:1/yonin", "a") {
        Err(e @ StoreError::Postgres { .. }) => {
            let said = e.to_string();
            assert!(said.contains("cannot connect"), "{said}");
            assert!(said.contains("127.0.0.1:1"), "{said}");
            assert!(
                !said.contains("secret"),
                "the password is never shown: {said}"
            );
        }
        other => panic!("expected a connection error, got {other:?}"),
    }
}

/// Two nodes that start at once on a new database both open it; the schema is made once.
pub fn two_nodes_migrate_one_database_at_once(place: Place) {
    let schema = schema(&place);
    let url = schema.store_url();
    let openings: Vec<_> = ["a", "b"]
        .into_iter()
        .map(|node| {
            let url = url.clone();
            std::thread::spawn(move || Store::open_postgres(&url, node).map(|_| ()))
        })
        .collect();
    for opening in openings {
        opening.join().expect("no panic").expect("the store opens");
    }
    // Exactly one version row: a second migration would have failed on its primary key.
    schema.sql(
        "DO $$ BEGIN IF (SELECT count(*) FROM yonin_schema) <> 1 THEN \
         RAISE EXCEPTION 'schema versions: %', (SELECT count(*) FROM yonin_schema); END IF; END $$",
    );
}

/// A database migrated by a newer server is refused, not written.
pub fn a_newer_schema_is_refused(place: Place) {
    drop(place.open());
    schema(&place).sql("INSERT INTO yonin_schema (version, applied_ms) VALUES (9999, 0)");
    match place.try_open_as("a") {
        Err(e @ StoreError::Postgres { .. }) => assert!(e.to_string().contains("newer"), "{e}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// Every connection of the store killed by the database's operator: the next reads and
/// writes work on new connections.
pub fn lost_connections_are_replaced(place: Place) {
    let store = Arc::new(place.open());
    let journal = store.journal();
    store.save(&sample_game(1)).unwrap();
    let live = block_on(journal.start(sample_live(1).0)).unwrap();
    let schema = schema(&place);
    let kill = format!(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE application_name = '{}'",
        schema.name
    );
    schema.sql(&kill);
    assert_eq!(store.try_get(GameId(1)).unwrap(), Some(sample_game(1)));
    schema.sql(&kill);
    assert_eq!(store.save(&sample_game(2)).unwrap(), GameId(2));
    schema.sql(&kill);
    block_on(journal.append(live, 0, sample_live(1).1[0].clone())).unwrap();
    schema.sql(&kill);
    assert_eq!(store.live_games().unwrap()[0].2.len(), 1);
}

/// Nodes share finished games, but each carries on only its own games in progress.
pub fn each_node_keeps_its_own_games_in_progress(place: Place) {
    let a = Arc::new(place.try_open_as("a").unwrap());
    let b = Arc::new(place.try_open_as("b").unwrap());
    let on_a = block_on(a.journal().start(sample_live(1).0)).unwrap();
    let on_b = block_on(b.journal().start(sample_live(2).0)).unwrap();
    assert_ne!(on_a, on_b);
    let ids = |s: &Store| -> Vec<_> { s.live_games().unwrap().iter().map(|g| g.0).collect() };
    assert_eq!(ids(&a), vec![on_a]);
    assert_eq!(ids(&b), vec![on_b]);
    // Node a restarts: its game comes back, b's stays b's.
    drop(a);
    let a = place.try_open_as("a").unwrap();
    assert_eq!(ids(&a), vec![on_a]);
    // b finishes its game: a sees the finished game.
    let game = block_on(b.journal().finish(on_b, sample_game(2))).unwrap();
    assert_eq!(a.try_get(game).unwrap(), Some(sample_game(2)));
    assert!(b.live_games().unwrap().is_empty());
}
