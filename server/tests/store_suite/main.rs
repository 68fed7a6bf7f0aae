//! One suite for both game stores: every test of `finished.rs` and `live.rs` here runs against
//! the embedded redb store (in a temporary directory) and against PostgreSQL (in a schema of
//! its own in the database named by `YONIN_TEST_POSTGRES`); `postgres.rs` holds
//! what only PostgreSQL has. Without `YONIN_TEST_POSTGRES` the PostgreSQL tests say they are
//! skipped and pass, except under `CI=true`, where they fail: CI must test PostgreSQL (.ci/run
//! starts a server for them).
//!
//! By hand: `source .ci/postgres.sh && start_test_postgres`, then
//! `cargo test --release -p yonin-server --test store_suite`, then `stop_test_postgres`.

mod finished;
mod live;
mod place;
mod postgres;
mod samples;

/// Instantiates each test function, `fn(Place)`, once per store.
macro_rules! suite {
    (both: $($both:ident),* ; postgres: $($pg:ident),* $(,)?) => {
        mod redb {
            $(
                #[test]
                fn $both() {
                    super::$both(super::place::Place::redb(stringify!($both)));
                }
            )*
        }
        mod pg {
            $(
                #[test]
                fn $both() {
                    if let Some(place) = super::place::Place::postgres(stringify!($both)) {
                        super::$both(place);
                    }
                }
            )*
            $(
                #[test]
                fn $pg() {
                    if let Some(place) = super::place::Place::postgres(stringify!($pg)) {
                        super::$pg(place);
                    }
                }
            )*
        }
    };
}

use finished::*;
use live::*;
use postgres::*;

suite! {
    both:
        saves_gets_lists_filters_and_counts,
        a_second_opening_is_refused_or_shares_the_games,
        damaged_values_are_errors_not_panics,
        a_game_in_progress_is_started_appended_rewritten_and_finished,
        many_rooms_at_once_and_a_refusal_fails_alone,
        a_damaged_game_in_progress_is_left_out;
    postgres:
        two_nodes_migrate_one_database_at_once,
        a_newer_schema_is_refused,
        lost_connections_are_replaced,
        each_node_keeps_its_own_games_in_progress,
}
