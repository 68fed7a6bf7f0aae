use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use yonin_core::protocol::{ClientMessage, Encoding, RoomSettings};
use yonin_core::BotLevel;
use yonin_core::{RuleSet, Seat};
use yonin_tests::*;

/// Sends `request` as it is and reads the whole answer (the endpoint closes after one).
async fn http(addr: SocketAddr, request: &[u8]) -> String {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(request).await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out)).await;
    String::from_utf8_lossy(&out).into_owned()
}

async fn get(addr: SocketAddr, path: &str) -> String {
    http(
        addr,
        format!("GET {path} HTTP/1.1\r\nHost: test\r\n\r\n").as_bytes(),
    )
    .await
}

/// The value of the sample line `name` (no labels) on a metrics page.
fn sample(page: &str, name: &str) -> f64 {
    page.lines()
        .find_map(|l| l.strip_prefix(&format!("{name} ")))
        .unwrap_or_else(|| panic!("no {name} in\n{page}"))
        .parse()
        .unwrap()
}

/// A server with `--metrics`: `/health` says the lobby and the store answer, `/metrics` counts
/// the players, the room in play, the moves, the bots' moves and the store's latency as a game
/// runs; anything but a GET of a known path gets its HTTP error; a silent or endless client
/// does not hold the endpoint up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_metrics_follow_a_game() {
    bounded(Duration::from_secs(60), async {
        let dir = TempDir::new("operator");
        let store = yonin_server::store::Store::open(dir.path()).unwrap();
        let config = yonin_server::Config {
            metrics: Some(SocketAddr::from(([127, 0, 0, 1], 0))),
            store: Some(std::sync::Arc::new(store)),
            ..test_config()
        };
        let server = start_server(config).await;
        let at = server.metrics_addr.expect("the endpoint's address");

        let health = get(at, "/health").await;
        assert!(health.starts_with("HTTP/1.1 200 OK\r\n"), "{health}");
        assert!(
            health.contains("Content-Type: application/json"),
            "{health}"
        );
        assert!(health.contains("\"status\":\"ok\""), "{health}");
        assert!(health.contains("\"store\":\"ok\""), "{health}");

        let before = get(at, "/metrics").await;
        assert!(before.starts_with("HTTP/1.1 200 OK\r\n"), "{before}");
        assert_eq!(sample(&before, "yonin_players"), 0.0);
        assert_eq!(sample(&before, "yonin_moves_total"), 0.0);

        // A person and three Beginner bots: the bots move at once, the person when told.
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
        let settings = RoomSettings {
            bots: vec![
                (Seat::West, BotLevel::Beginner),
                (Seat::North, BotLevel::Beginner),
                (Seat::East, BotLevel::Beginner),
            ],
            ..RoomSettings::new("metered", RuleSet::yonin())
        };
        ann.create_room(settings).await;
        ann.send(&ClientMessage::Start).await;
        ann.expect_game_started().await;
        for _ in 0..2 {
            assert!(ann.wait_turn_or_end().await);
            let game = ann.game.as_ref().unwrap();
            let mv = game.position().legal_moves().as_slice()[0];
            ann.play(&mv.to_string()).await;
        }
        // The bots' three replies to the second move, then Ann's turn again.
        assert!(ann.wait_turn_or_end().await);

        let page = get(at, "/metrics").await;
        assert_eq!(sample(&page, "yonin_players"), 1.0, "{page}");
        assert_eq!(sample(&page, "yonin_rooms"), 1.0, "{page}");
        assert_eq!(sample(&page, "yonin_rooms_playing"), 1.0, "{page}");
        assert_eq!(sample(&page, "yonin_games_started_total"), 1.0, "{page}");
        assert!(sample(&page, "yonin_moves_total") >= 8.0, "{page}");
        assert!(sample(&page, "yonin_bot_moves_total") >= 6.0, "{page}");
        assert_eq!(sample(&page, "yonin_bot_failures_total"), 0.0, "{page}");
        assert!(sample(&page, "yonin_sockets_total") >= 1.0, "{page}");
        // The journal wrote the game's moves as they came.
        let journal = page
            .lines()
            .find_map(|l| l.strip_prefix("yonin_store_seconds_count{op=\"journal\"} "))
            .unwrap_or_else(|| panic!("no journal latency in\n{page}"));
        assert!(journal.parse::<u64>().unwrap() >= 1, "{page}");

        // HEAD: the head alone.
        let head = http(at, b"HEAD /health HTTP/1.1\r\n\r\n").await;
        assert!(head.starts_with("HTTP/1.1 200 OK\r\n"), "{head}");
        assert!(head.ends_with("\r\n\r\n"), "a body after HEAD: {head}");
        // What the endpoint does not serve.
        for (request, status) in [
            (&b"POST /metrics HTTP/1.1\r\n\r\n"[..], "405"),
            (b"GET /players HTTP/1.1\r\n\r\n", "404"),
            (b"GET metrics HTTP/1.1\r\n\r\n", "400"),
            (b"\x16\x03\x01garbage\r\n\r\n", "400"),
        ] {
            let answer = http(at, request).await;
            assert!(
                answer.starts_with(&format!("HTTP/1.1 {status} ")),
                "{answer}"
            );
        }
        // A head longer than the endpoint reads is cut off without an answer, and a silent
        // client holds only its own connection: the next scrape is answered meanwhile.
        let endless = [b'a'; 64 * 1024];
        let mut long = TcpStream::connect(at).await.unwrap();
        let _ = long.write_all(b"GET /metrics HTTP/1.1\r\nX: ").await;
        let _ = long.write_all(&endless).await;
        let mut out = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(10), long.read_to_end(&mut out)).await;
        assert!(out.is_empty(), "{}", String::from_utf8_lossy(&out));
        let _silent = silent_clients(at, 8).await;
        let again = get(at, "/health").await;
        assert!(again.starts_with("HTTP/1.1 200 OK\r\n"), "{again}");

        server.shutdown().await.unwrap();
    })
    .await;
}

/// `n` connections that send nothing.
async fn silent_clients(at: SocketAddr, n: usize) -> Vec<TcpStream> {
    let mut out = Vec::new();
    for _ in 0..n {
        out.push(TcpStream::connect(at).await.unwrap());
    }
    out
}
