use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use yonin_core::protocol::{ClientMessage, Encoding, RoomSettings, ServerMessage};
use yonin_core::{Action, BotLevel, TimeControl};
use yonin_core::{Game, Move, RuleSet, Seat};
use yonin_server::{BotEngine, BotPlayer};
use yonin_tests::*;

/// Bots that think for a fixed time, whatever their budget (stopping early when told), and
/// play the first legal move: slow enough for a test to act while one is thinking.
struct SlowBots(Duration);

struct SlowBot(Duration);

impl BotEngine for SlowBots {
    fn player(&self, _seed: u64, _threads: usize) -> Box<dyn BotPlayer> {
        Box::new(SlowBot(self.0))
    }
}

/// Bots that answer at once with the first legal move and keep the thread count the room
/// made its player with.
struct ThreadCountingBots(Arc<AtomicUsize>);

impl BotEngine for ThreadCountingBots {
    fn player(&self, _seed: u64, threads: usize) -> Box<dyn BotPlayer> {
        self.0.store(threads, Ordering::Relaxed);
        Box::new(SlowBot(Duration::ZERO))
    }
}

impl BotPlayer for SlowBot {
    fn choose(
        &mut self,
        game: &Game,
        _level: BotLevel,
        _budget: Duration,
        stop: Arc<AtomicBool>,
    ) -> Option<Move> {
        // Deliberately past any budget: only `stop` cuts it short.
        let until = std::time::Instant::now() + self.0;
        while std::time::Instant::now() < until && !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(5));
        }
        game.position().legal_moves().as_slice().first().copied()
    }
}

/// A server whose bots think `think` per move, a seat's grace `grace`.
async fn server(think: Duration, grace: Duration) -> RunningServer {
    start_server(Config {
        bot_engine: Arc::new(SlowBots(think)),
        bot_think: Duration::from_secs(5),
        grace,
        ..test_config()
    })
    .await
}

/// Ann (South) against a bot (North) in a standard game.
async fn against_a_bot(server: &RunningServer, clock: TimeControl) -> TestClient {
    let mut ann = TestClient::connect(server, "Ann", Encoding::Json).await;
    let mut settings = RoomSettings::new("thinking", RuleSet::standard());
    settings.bots = vec![(Seat::North, BotLevel::Easy)];
    settings.time_control = clock;
    ann.create_room(settings).await;
    ann.send(&ClientMessage::Start).await;
    ann.expect_game_started().await;
    ann
}

/// Whose move each `GameEvents` was, in order.
fn movers(seen: &[ServerMessage]) -> Vec<Seat> {
    seen.iter()
        .filter_map(|m| match m {
            ServerMessage::GameEvents {
                action: Action::Move { seat, .. },
                ..
            } => Some(*seat),
            _ => None,
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resuming_while_another_seats_bot_thinks_leaves_that_bot_thinking() {
    bounded(Duration::from_secs(60), async {
        // The reported freeze: drop, the stand-in moves, resume while the opponent bot thinks.
        let server = server(Duration::from_millis(600), Duration::from_millis(200)).await;
        let ann = against_a_bot(&server, TimeControl::None).await;
        let token = ann.token;
        drop(ann);
        // The stand-in (South) moves after the grace, then North's bot thinks for 600 ms.
        let mut watcher = TestClient::connect(&server, "Watcher", Encoding::Json).await;
        watcher
            .send(&ClientMessage::Spectate {
                room: yonin_core::protocol::RoomId(1),
                code: None,
            })
            .await;
        watcher.expect_game_started().await;
        let south_moved = watcher
            .wait_for(Duration::from_secs(10), |m| {
                (movers(std::slice::from_ref(m)) == [Seat::South]).then_some(())
            })
            .await;
        assert!(south_moved.is_some(), "the stand-in played South's move");
        // Ann comes back while North's bot is thinking.
        let mut ann = TestClient::connect_resuming(&server, "Ann", Encoding::Json, token).await;
        ann.expect_game_started().await;
        // North's bot still answers, and it is Ann's turn: nobody is stuck.
        assert!(ann.wait_turn_or_end().await, "Ann gets her turn");
        ann.play("2g2f").await;
        assert!(
            ann.wait_turn_or_end().await,
            "the bot answers Ann's move too"
        );
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resuming_while_ones_own_stand_in_thinks_stops_it() {
    bounded(Duration::from_secs(60), async {
        // The stand-in thinks for 3 s; Ann comes back in the middle of it.
        let server = server(Duration::from_secs(3), Duration::from_millis(100)).await;
        let ann = against_a_bot(&server, TimeControl::None).await;
        let token = ann.token;
        drop(ann);
        tokio::time::sleep(Duration::from_millis(800)).await;
        let mut ann = TestClient::connect_resuming(&server, "Ann", Encoding::Json, token).await;
        let state = ann.expect_game_started().await;
        assert!(state.actions.is_empty(), "the stand-in had not moved yet");
        // The stand-in never plays now: the move is Ann's.
        let seen = ann.drain_for(Duration::from_secs(4)).await;
        assert!(movers(&seen).is_empty(), "no move was played for Ann");
        ann.play("7g7f").await;
        assert!(ann.wait_turn_or_end().await, "the bot answers");
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drop_while_the_bot_thinks_and_a_flag_leave_the_right_seat_to_move() {
    bounded(Duration::from_secs(60), async {
        // A bot slower than the clock: it flags while thinking, and the game ends there.
        let server = server(Duration::from_secs(20), Duration::from_secs(30)).await;
        let clock = TimeControl::Fischer {
            main_ms: 1500,
            increment_ms: 0,
        };
        let mut ann = against_a_bot(&server, clock).await;
        ann.play("7g7f").await;
        // Ann drops while North's bot thinks; her seat waits, the bot goes on thinking.
        let token = ann.token;
        drop(ann);
        let mut ann = TestClient::connect_resuming(&server, "Ann", Encoding::Json, token).await;
        ann.expect_game_started().await;
        let outcome = ann
            .wait_for(Duration::from_secs(10), |m| match m {
                ServerMessage::GameOver { outcome, .. } => Some(outcome.clone()),
                _ => None,
            })
            .await
            .expect("the game ends on North's flag");
        assert_eq!(outcome.places[0], vec![Seat::South], "{outcome:?}");
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rooms_bot_searches_on_the_configured_threads_at_most_every_core() {
    bounded(Duration::from_secs(60), async {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        for (wanted, given) in [(1, 1), (2, 2.min(cores)), (0, 1), (100_000, cores)] {
            let seen = Arc::new(AtomicUsize::new(0));
            let server = start_server(Config {
                bot_engine: Arc::new(ThreadCountingBots(seen.clone())),
                bot_threads: wanted,
                ..test_config()
            })
            .await;
            let mut ann = against_a_bot(&server, TimeControl::None).await;
            ann.play("7g7f").await;
            assert!(ann.wait_turn_or_end().await, "the bot answers");
            assert_eq!(
                seen.load(Ordering::Relaxed),
                given,
                "{wanted} threads asked for"
            );
            server.shutdown().await.unwrap();
        }
    })
    .await;
}
