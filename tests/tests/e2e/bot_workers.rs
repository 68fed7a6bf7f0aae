//! Bot workers over NATS: rooms whose bots ask `yonin-bot-worker` processes for moves, a worker
//! killed mid-move, no worker at all, and a misbehaving worker played by the test itself.
//! Each test has a subject prefix of its own on the shared test NATS server.

use futures::StreamExt;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};
use yonin_core::protocol::{ClientMessage, Encoding, RoomSettings, ServerMessage};
use yonin_core::BotLevel;
use yonin_core::{Game, RuleSet, Seat};
use yonin_server::bots::remote::RemoteBots;
use yonin_server::bots::stats::{Fallback, RemoteBotSnapshot, RemoteBotStats};
use yonin_server::bots::wire::{self, MoveReply};
use yonin_server::{BotEngine, CoreBots, RunningServer};
use yonin_tests::*;

/// The test NATS server's URL; `None` (the test is skipped, and says so) without
/// `YONIN_TEST_NATS`, except under `CI=true`, where that fails.
fn nats_url() -> Option<String> {
    match std::env::var("YONIN_TEST_NATS") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("CI=true but YONIN_TEST_NATS is not set: CI must test the bot workers")
        }
        _ => {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "skipped: source .ci/nats.sh && start_test_nats to test the bot workers"
            );
            None
        }
    }
}

/// A subject prefix no other test (or test run) uses.
fn prefix(tag: &str) -> String {
    format!("e2e-{tag}-{}-{:x}", std::process::id(), rand_bits())
}

fn rand_bits() -> u32 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    t.subsec_nanos()
}

/// A bot worker process, killed and reaped on drop.
struct WorkerProcess {
    child: Child,
}

impl WorkerProcess {
    /// Starts a worker and waits (bounded) until it has subscribed.
    async fn start(url: &str, prefix: &str) -> WorkerProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_test-bot-worker"))
            .args(["--nats", url, "--prefix", prefix, "--concurrency", "2"])
            .args(["--hash-mb", "2"])
            .env("RUST_LOG", "info")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the worker process starts");
        let stdout = child.stdout.take().expect("its stdout");
        let worker = WorkerProcess { child };
        // Reads its log on a thread of its own to the end (so it never blocks on a full pipe).
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if line.contains("bot worker ready") {
                    let _ = ready_tx.send(());
                }
            }
        });
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if ready_rx.try_recv().is_ok() {
                return worker;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("the worker did not say it was ready within 20 s");
    }

    fn kill(&mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("reaped");
    }
}

impl Drop for WorkerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A server whose bots ask the workers of `prefix`, thinking `think` a move.
async fn server_with_workers(
    url: &str,
    prefix: &str,
    think: Duration,
) -> (RunningServer, Arc<RemoteBotStats>) {
    let remote = RemoteBots::connect(url, prefix, CoreBots::default()).expect("NATS connects");
    let stats = remote.stats();
    let server = start_server(yonin_server::Config {
        bot_engine: Arc::new(remote),
        bot_worker_stats: Some(stats.clone()),
        bot_think: think,
        bot_threads: 1,
        ..test_config()
    })
    .await;
    (server, stats)
}

/// A spectating host's Yonin room of four bots of `level`, started.
async fn bot_room(server: &RunningServer, level: BotLevel) -> TestClient {
    let mut host = TestClient::connect(server, "Host", Encoding::Bincode).await;
    let mut settings = RoomSettings::new("workers", RuleSet::yonin());
    settings.host_seat = None;
    settings.bots = Seat::ALL.iter().map(|s| (*s, level)).collect();
    host.create_room(settings).await;
    host.send(&ClientMessage::Start).await;
    host.expect_game_started().await;
    host
}

/// Moves announced to `host` until `done` holds for the stats (or `limit` passes: then the
/// test fails with them). Returns the moves seen.
async fn moves_until(
    host: &mut TestClient,
    stats: &RemoteBotStats,
    limit: Duration,
    done: impl Fn(&RemoteBotSnapshot, usize) -> bool,
) -> usize {
    let deadline = Instant::now() + limit;
    let mut moves = 0;
    loop {
        for m in host.drain_for(Duration::from_millis(50)).await {
            if matches!(m, ServerMessage::GameEvents { .. }) {
                moves += 1;
            }
        }
        host.pending.clear();
        let s = stats.snapshot();
        if done(&s, moves) {
            return moves;
        }
        assert!(
            Instant::now() < deadline,
            "after {limit:?}: {moves} moves, {s}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_process_serves_a_rooms_bot_moves() {
    let Some(url) = nats_url() else { return };
    bounded(Duration::from_secs(90), async {
        let prefix = prefix("serve");
        let _worker = WorkerProcess::start(&url, &prefix).await;
        let (server, stats) = server_with_workers(&url, &prefix, Duration::from_secs(1)).await;
        let mut host = bot_room(&server, BotLevel::Easy).await;
        let limit = Duration::from_secs(60);
        let moves = moves_until(&mut host, &stats, limit, |s, n| {
            s.remote_moves >= 6 && n >= 6
        })
        .await;
        let s = stats.snapshot();
        assert!(moves >= 6);
        // Nothing but the worker's moves: it listens, answers, and answers legal moves. (A
        // timeout is not counted here: a loaded machine may make one answer late.)
        for reason in [
            Fallback::NoResponders,
            Fallback::Refused,
            Fallback::BadAnswer,
            Fallback::Disconnected,
        ] {
            assert_eq!(s.fallbacks(reason), 0, "{s}");
        }
        assert!(s.fallbacks(Fallback::Timeout) <= s.remote_moves / 2, "{s}");
        assert!(s.remote_nodes > 0, "{s}");
        server.shutdown().await.expect("the server stops");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_killed_mid_move_falls_back_and_the_game_goes_on() {
    let Some(url) = nats_url() else { return };
    bounded(Duration::from_secs(120), async {
        let prefix = prefix("kill");
        let mut worker = WorkerProcess::start(&url, &prefix).await;
        // Hard searches its whole budget: a worker is always in the middle of a move.
        let think = Duration::from_millis(1500);
        let (server, stats) = server_with_workers(&url, &prefix, think).await;
        let mut host = bot_room(&server, BotLevel::Hard).await;
        let limit = Duration::from_secs(60);
        moves_until(&mut host, &stats, limit, |s, _| s.remote_moves >= 2).await;
        // The next request left as that move was played; the worker is searching it.
        tokio::time::sleep(Duration::from_millis(500)).await;
        let before = stats.snapshot();
        worker.kill();
        let after_kill = moves_until(&mut host, &stats, limit, |s, n| {
            n >= 3 && s.fallbacks(Fallback::NoResponders) >= 1
        })
        .await;
        let s = stats.snapshot();
        assert!(after_kill >= 3, "the game goes on");
        // The killed search was waited for until its deadline, then played in-process; the
        // later ones found nobody listening.
        assert!(
            s.fallbacks(Fallback::Timeout) > before.fallbacks(Fallback::Timeout),
            "{s}"
        );
        assert!(s.remote_moves <= before.remote_moves + 1, "{before} / {s}");
        server.shutdown().await.expect("the server stops");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_worker_the_bots_play_in_process() {
    let Some(url) = nats_url() else { return };
    bounded(Duration::from_secs(60), async {
        let prefix = prefix("none");
        let think = Duration::from_millis(200);
        let (server, stats) = server_with_workers(&url, &prefix, think).await;
        let mut host = bot_room(&server, BotLevel::Easy).await;
        let limit = Duration::from_secs(40);
        let moves = moves_until(&mut host, &stats, limit, |_, n| n >= 4).await;
        let s = stats.snapshot();
        assert_eq!(s.remote_moves, 0, "{s}");
        assert!(
            moves >= 4 && s.fallbacks(Fallback::NoResponders) >= 4,
            "{s}"
        );
        assert_eq!(
            s.total_fallbacks(),
            s.fallbacks(Fallback::NoResponders),
            "{s}"
        );
        server.shutdown().await.expect("the server stops");
    })
    .await;
}

/// A worker played by the test: answers every request of `prefix` with `reply` (or never,
/// with `None`), until dropped.
async fn fake_worker(
    url: &str,
    prefix: &str,
    reply: Option<Vec<u8>>,
) -> tokio::task::JoinHandle<()> {
    let client = async_nats::connect(url).await.expect("NATS connects");
    let mut requests = client
        .queue_subscribe(wire::move_subject(prefix), wire::queue_group(prefix))
        .await
        .expect("subscribed");
    client.flush().await.expect("flushed");
    tokio::spawn(async move {
        while let Some(m) = requests.next().await {
            if let (Some(to), Some(bytes)) = (m.reply, reply.clone()) {
                let _ = client.publish(to, bytes.into()).await;
            }
        }
    })
}

/// One move of a fresh Yonin game by `engine`'s player, on a blocking thread as a room runs
/// it; `stop` is set after `stop_after`, if given.
async fn one_move(
    engine: &RemoteBots,
    budget: Duration,
    stop_after: Option<Duration>,
) -> (Option<yonin_core::Move>, Duration) {
    let mut player = engine.player(5, 1);
    let stop = Arc::new(AtomicBool::new(false));
    if let Some(after) = stop_after {
        let stop = stop.clone();
        tokio::spawn(async move {
            tokio::time::sleep(after).await;
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        });
    }
    let started = Instant::now();
    let game = Game::new(RuleSet::yonin());
    let mv =
        tokio::task::spawn_blocking(move || player.choose(&game, BotLevel::Easy, budget, stop))
            .await
            .expect("the player does not panic");
    (mv, started.elapsed())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_workers_illegal_or_garbage_answer_is_refused_and_the_fallback_plays() {
    let Some(url) = nats_url() else { return };
    bounded(Duration::from_secs(60), async {
        let legal = Game::new(RuleSet::yonin()).position().legal_moves();
        let illegal = MoveReply::Move {
            mv: Some(yonin_core::Move::from_usi("5e5d").expect("a USI move")),
            depth: 1,
            nodes: 1,
            millis: 1,
        };
        let refused = MoveReply::Refused {
            reason: "test".into(),
        };
        let cases = [
            (
                wire::encode(&illegal).expect("encodes"),
                Fallback::BadAnswer,
            ),
            (b"garbage".to_vec(), Fallback::BadAnswer),
            (wire::encode(&refused).expect("encodes"), Fallback::Refused),
        ];
        for (n, (reply, reason)) in cases.into_iter().enumerate() {
            let prefix = prefix(&format!("bad{n}"));
            let fake = fake_worker(&url, &prefix, Some(reply)).await;
            let engine = RemoteBots::connect(&url, &prefix, CoreBots::default()).expect("connects");
            let (mv, _) = one_move(&engine, Duration::from_millis(300), None).await;
            let mv = mv.expect("the fallback plays a move");
            assert!(legal.contains(mv), "{mv} is legal");
            let s = engine.stats().snapshot();
            assert_eq!((s.remote_moves, s.fallbacks(reason)), (0, 1), "{s}");
            assert_eq!(s.total_fallbacks(), 1, "{s}");
            fake.abort();
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_waiting_on_a_silent_worker_stops_when_told() {
    let Some(url) = nats_url() else { return };
    bounded(Duration::from_secs(60), async {
        let prefix = prefix("silent");
        let fake = fake_worker(&url, &prefix, None).await;
        let engine = RemoteBots::connect(&url, &prefix, CoreBots::default()).expect("connects");
        // A long budget, stopped early: the player gives up promptly, not at its deadline.
        let budget = Duration::from_secs(20);
        let (mv, took) = one_move(&engine, budget, Some(Duration::from_millis(200))).await;
        assert_eq!(mv, None);
        assert!(took < Duration::from_secs(10), "took {took:?}");
        // Not stopped, it waits for the answer until the deadline, then plays in-process.
        let (mv, _) = one_move(&engine, Duration::from_millis(300), None).await;
        assert!(mv.is_some());
        assert_eq!(engine.stats().snapshot().fallbacks(Fallback::Timeout), 1);
        fake.abort();
    })
    .await;
}
