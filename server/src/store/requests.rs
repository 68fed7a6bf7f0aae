//! The store's side of the protocol: `ListGames`, `GetGame`, `ExportGame` and `ImportRecord`
//! answered from the game store, on tokio's blocking pool (a connection task awaits the
//! answer; the runtime's workers never touch the disk).

use super::{read_blocking, Store, StoreError};
use std::sync::Arc;
use yonin_core::protocol::{self, ClientMessage, ErrorCode, ServerMessage};
use yonin_core::record::files as records;
use yonin_core::record::stored::GameId;

/// Is this one of the messages [`answer`] handles?
pub fn is_store_request(msg: &ClientMessage) -> bool {
    matches!(
        msg,
        ClientMessage::ListGames { .. }
            | ClientMessage::GetGame { .. }
            | ClientMessage::ExportGame { .. }
            | ClientMessage::ImportRecord { .. }
    )
}

fn no_store() -> ServerMessage {
    ServerMessage::error(
        ErrorCode::StoreUnavailable,
        "this server keeps no record of finished games",
    )
}

fn failed(e: impl std::fmt::Display) -> ServerMessage {
    tracing::error!("game store: {e}");
    ServerMessage::error(ErrorCode::StoreUnavailable, "the game store failed")
}

/// The answer when a save failed: a full store says so in words a player can act on; any other
/// failure is logged and reported plainly.
fn store_failed(e: StoreError) -> ServerMessage {
    if e.is_full() {
        tracing::warn!("game store: {e}");
        ServerMessage::error(ErrorCode::StoreUnavailable, e.to_string())
    } else {
        failed(e)
    }
}

fn no_such_game(id: GameId) -> ServerMessage {
    ServerMessage::error(ErrorCode::NoSuchGame, format!("there is no game {id}"))
}

/// A reply that fits the protocol's message size in both encodings, or an error saying what
/// to do instead.
fn fits(reply: ServerMessage, instead: &str) -> ServerMessage {
    // JSON is the larger encoding: if it fits, both do.
    match protocol::to_json(&reply) {
        Ok(_) => reply,
        Err(_) => ServerMessage::error(
            ErrorCode::TooLarge,
            format!("the answer is larger than a message may be; {instead}"),
        ),
    }
}

/// The answer to a store request (`store` is `None` when the server keeps no store). Any other
/// message is answered `NotAllowed`.
pub async fn answer(store: Option<Arc<Store>>, msg: ClientMessage) -> ServerMessage {
    let Some(store) = store else {
        return no_store();
    };
    match msg {
        ClientMessage::ListGames { filter } => {
            match read_blocking(store, move |s| s.try_list(&filter)).await {
                Ok(Ok(games)) => fits(
                    ServerMessage::GameList { games },
                    "ask for fewer games (a smaller limit)",
                ),
                Ok(Err(e)) => failed(e),
                Err(e) => failed(e),
            }
        }
        ClientMessage::GetGame { id } => match read_blocking(store, move |s| s.try_get(id)).await {
            Ok(Ok(Some(game))) => fits(
                ServerMessage::StoredGame {
                    id,
                    game: Box::new(game),
                },
                "export it as a record instead",
            ),
            Ok(Ok(None)) => no_such_game(id),
            Ok(Err(e)) => failed(e),
            Err(e) => failed(e),
        },
        ClientMessage::ExportGame { id, format } => {
            let got = read_blocking(store, move |s| {
                s.try_get(id)
                    .map(|g| g.map(|g| records::export(&g, format)))
            })
            .await;
            match got {
                Ok(Ok(Some(Ok(text)))) => fits(
                    ServerMessage::GameExport { id, format, text },
                    "try a shorter format (USI or YSFEN)",
                ),
                Ok(Ok(Some(Err(e)))) => ServerMessage::error(ErrorCode::BadRecord, e.to_string()),
                Ok(Ok(None)) => no_such_game(id),
                Ok(Err(e)) => failed(e),
                Err(e) => failed(e),
            }
        }
        ClientMessage::ImportRecord { text, format } => {
            // Parsing a long record is real work: it runs on the blocking pool with the save,
            // never on a runtime worker.
            let imported = read_blocking(store, move |s| {
                // The refusal boxed: a `ServerMessage` is large (clippy's result_large_err).
                let game = records::import(text.as_bytes(), format, "imported").map_err(|e| {
                    Box::new(ServerMessage::error(ErrorCode::BadRecord, e.to_string()))
                })?;
                let id = s.save(&game).map_err(|e| Box::new(store_failed(e)))?;
                Ok::<_, Box<ServerMessage>>(ServerMessage::GameImported {
                    summary: game.summary(id),
                })
            })
            .await;
            match imported {
                Ok(Ok(reply)) => reply,
                Ok(Err(reply)) => *reply,
                Err(e) => failed(e),
            }
        }
        _ => ServerMessage::error(ErrorCode::NotAllowed, "not a game-store request"),
    }
}
