//! The operator's endpoint (`yonin-server --metrics ADDR`): a small HTTP/1.1 listener, apart
//! from the players' port, answering `GET /health` (is the lobby answering, is the store) and
//! `GET /metrics` (the Prometheus text of [`crate::metrics`]).
//!
//! Only what a scraper and a load balancer send is understood: one `GET` (or `HEAD`) per
//! connection, its head read within [`READ_LIMIT`] and [`IO_TIMEOUT`], the answer written within
//! [`IO_TIMEOUT`], then the connection closed. At most [`MAX_CLIENTS`] at once.

use crate::handles::{LobbyCmd, LobbyHandle};
use crate::metrics::{self, Gauges};
use crate::Ctx;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use yonin_core::protocol::RoomPhase;

/// The longest request head read, in bytes.
pub const READ_LIMIT: usize = 8 * 1024;
/// The longest a request may take to arrive, and its answer to be written.
pub const IO_TIMEOUT: Duration = Duration::from_secs(5);
/// Requests served at once; more wait for a slot (a scraper sends one at a time).
pub const MAX_CLIENTS: usize = 16;
/// How long the lobby and the store have to answer a health check.
pub const HEALTH_TIMEOUT: Duration = Duration::from_secs(2);

/// Serves the endpoint on `listener` until the server stops.
pub(crate) async fn serve(listener: TcpListener, ctx: Ctx, lobby: LobbyHandle) {
    let _alive = ctx.alive.clone();
    let slots = Arc::new(Semaphore::new(MAX_CLIENTS));
    let mut shutdown = ctx.shutdown.clone();
    if let Ok(addr) = listener.local_addr() {
        tracing::info!(%addr, "health and metrics endpoint listening");
    }
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let (stream, _) = match accepted {
                    Ok(s) => s,
                    Err(e) => {
                        tracing::warn!("metrics endpoint: accept failed: {e}");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                };
                let Ok(slot) = slots.clone().acquire_owned().await else { return };
                let ctx = ctx.clone();
                let lobby = lobby.clone();
                tokio::spawn(async move {
                    answer(stream, &ctx, &lobby).await;
                    drop(slot);
                });
            }
            changed = shutdown.changed() => {
                if changed.is_err() || *shutdown.borrow() {
                    return;
                }
            }
        }
    }
}

/// Reads one request and writes its answer; every failure just closes the connection.
async fn answer(mut stream: TcpStream, ctx: &Ctx, lobby: &LobbyHandle) {
    let head = match tokio::time::timeout(IO_TIMEOUT, read_head(&mut stream)).await {
        Ok(Some(head)) => head,
        _ => return,
    };
    let (status, content_type, body, head_only) = match parse_request_line(&head) {
        Err(status) => (status, "text/plain", status_text(status).to_string(), false),
        Ok((method, path)) => {
            let head_only = method == "HEAD";
            match path {
                "/health" => {
                    let (ok, body) = health(ctx, lobby).await;
                    (
                        if ok { 200 } else { 503 },
                        "application/json",
                        body,
                        head_only,
                    )
                }
                "/metrics" => (
                    200,
                    "text/plain; version=0.0.4",
                    metrics_page(ctx, lobby).await,
                    head_only,
                ),
                _ => (404, "text/plain", "not found".into(), head_only),
            }
        }
    };
    let response = format!(
        "HTTP/1.1 {status} {}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        status_text(status),
        body.len()
    );
    let write = async {
        stream.write_all(response.as_bytes()).await?;
        if !head_only {
            stream.write_all(body.as_bytes()).await?;
        }
        stream.shutdown().await
    };
    let _ = tokio::time::timeout(IO_TIMEOUT, write).await;
}

/// The request's head (up to the blank line), or `None` when it is longer than [`READ_LIMIT`]
/// or the connection ends first.
async fn read_head(stream: &mut TcpStream) -> Option<String> {
    let mut buf = Vec::with_capacity(512);
    let mut chunk = [0u8; 1024];
    loop {
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
        if let Some(end) = find_blank_line(&buf) {
            return Some(String::from_utf8_lossy(&buf[..end]).into_owned());
        }
        if buf.len() > READ_LIMIT {
            return None;
        }
    }
}

fn find_blank_line(buf: &[u8]) -> Option<usize> {
    buf.windows(4).position(|w| w == b"\r\n\r\n")
}

/// The method and path of a request head; an error status for anything else than a `GET` or
/// `HEAD` of an origin-form path over HTTP/1.x.
fn parse_request_line(head: &str) -> Result<(&str, &str), u16> {
    let line = head.lines().next().unwrap_or_default();
    let mut parts = line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(400);
    };
    if !version.starts_with("HTTP/1.") || !target.starts_with('/') {
        return Err(400);
    }
    if method != "GET" && method != "HEAD" {
        return Err(405);
    }
    // A query string (`/metrics?x`) names the same page.
    let path = target.split('?').next().unwrap_or(target);
    Ok((method, path))
}

fn status_text(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        503 => "Service Unavailable",
        _ => "Error",
    }
}

/// The lobby's rooms, if it answers within [`HEALTH_TIMEOUT`].
async fn lobby_rooms(lobby: &LobbyHandle) -> Option<Vec<yonin_core::protocol::RoomSummary>> {
    let ask = lobby.ask(|reply| LobbyCmd::Rooms { reply });
    tokio::time::timeout(HEALTH_TIMEOUT, ask)
        .await
        .ok()
        .flatten()
}

/// Healthy when the lobby answers and the store (if any) can count its games, both within
/// [`HEALTH_TIMEOUT`]; the body says which part failed.
async fn health(ctx: &Ctx, lobby: &LobbyHandle) -> (bool, String) {
    let lobby_ok = lobby_rooms(lobby).await.is_some();
    let store = match ctx.config.store.clone() {
        None => "none".to_string(),
        Some(store) => {
            let count = crate::store::read_blocking(store, |s| s.len());
            match tokio::time::timeout(HEALTH_TIMEOUT, count).await {
                Ok(Ok(Ok(_))) => "ok".to_string(),
                Ok(Ok(Err(e))) | Ok(Err(e)) => format!("failing: {e}"),
                Err(_) => "not answering".to_string(),
            }
        }
    };
    let ok = lobby_ok && (store == "ok" || store == "none");
    let body = serde_json::json!({
        "status": if ok { "ok" } else { "unhealthy" },
        "lobby": if lobby_ok { "ok" } else { "not answering" },
        "store": store,
        "players": ctx.stats.players(),
        "rooms": ctx.stats.rooms(),
    });
    (ok, body.to_string())
}

async fn metrics_page(ctx: &Ctx, lobby: &LobbyHandle) -> String {
    let stats = &ctx.stats;
    // Rooms in play come from the lobby's list (its summaries carry the phase); the other
    // gauges are the lobby's own counts, there even when it is slow to answer.
    let playing = lobby_rooms(lobby).await.map_or(0, |rooms| {
        rooms
            .iter()
            .filter(|r| r.phase == RoomPhase::Playing)
            .count()
    });
    let gauges = Gauges {
        players: stats.players(),
        rooms: stats.rooms(),
        playing,
        tokens: stats.tokens(),
        remote_rooms: stats.remote_rooms(),
    };
    let store = ctx.config.store.as_deref().map(|s| s.latency());
    let mut page = metrics::render(gauges, &stats.counters, store);
    ctx.config.bot_engine.render_metrics(&mut page);
    page
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_get_and_head_of_a_path_are_understood() {
        assert_eq!(
            parse_request_line("GET /metrics HTTP/1.1\r\nHost: x"),
            Ok(("GET", "/metrics"))
        );
        assert_eq!(
            parse_request_line("HEAD /health?verbose HTTP/1.0"),
            Ok(("HEAD", "/health"))
        );
        assert_eq!(parse_request_line("POST /metrics HTTP/1.1"), Err(405));
        assert_eq!(parse_request_line("GET metrics HTTP/1.1"), Err(400));
        assert_eq!(parse_request_line("GET /metrics"), Err(400));
        assert_eq!(parse_request_line("GET /a b HTTP/1.1"), Err(400));
        assert_eq!(parse_request_line("GET /metrics SPDY/3"), Err(400));
        assert_eq!(parse_request_line(""), Err(400));
    }

    #[test]
    fn the_head_ends_at_the_blank_line() {
        assert_eq!(
            find_blank_line(b"GET / HTTP/1.1\r\nA: b\r\n\r\nbody"),
            Some(20)
        );
        assert_eq!(find_blank_line(b"GET / HTTP/1.1\r\n"), None);
    }
}
