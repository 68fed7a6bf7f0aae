//! The bot worker (`yonin-bot-worker --nats <url>`): serves rooms' bot moves from the queue
//! group of its prefix, searching at most `--concurrency` moves at once, each within the time
//! its request allows. Whatever arrives is checked: a request that does not decode, of another
//! version or too large gets a `Refused` reply, never a panic; one that cannot start searching
//! in time gets `Refused` too, so its room falls back at once instead of waiting. Ctrl-C or
//! SIGTERM stops taking requests and lets the searches in progress answer (bounded).

use super::cache::BotCache;
use super::core_level;
use super::wire::{self, MoveReply, MoveRequest};
use futures::StreamExt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;
use yonin_core::bot::{GameHistory, Limits, SearchOptions};

/// Requests queued beyond the searches running, per unit of concurrency; more are refused.
const QUEUE_PER_SEARCH: usize = 2;
/// A request that would get less search time than this is refused (its room falls back).
const MIN_SEARCH: Duration = Duration::from_millis(5);
/// How long a stopping worker waits for its searches to answer.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(10);

/// The worker's command line.
#[derive(clap::Args, Debug, Clone)]
pub struct WorkerArgs {
    /// The NATS server, nats://host:port.
    #[arg(long, value_name = "URL")]
    pub nats: String,
    /// Subject prefix: requests come on <prefix>.bot.move, to the queue group
    /// <prefix>-bot-workers (the servers' --nats-prefix).
    #[arg(long, default_value = "yonin")]
    pub prefix: String,
    /// Threads one Hard search uses (the weaker levels use one).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Search table per game, in megabytes.
    #[arg(long, default_value_t = 4)]
    pub hash_mb: usize,
    /// Moves searched at once (default: the machine's cores).
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// Games whose search tables are kept between their moves.
    #[arg(long, default_value_t = 32)]
    pub cached_games: usize,
}

/// What a worker does, fixed at its start.
#[derive(Clone, Debug)]
pub struct WorkerOptions {
    pub threads: usize,
    pub hash_mb: usize,
    pub concurrency: usize,
    pub cached_games: usize,
}

impl WorkerArgs {
    pub fn options(&self) -> WorkerOptions {
        WorkerOptions {
            threads: super::bounded_threads(self.threads),
            hash_mb: self.hash_mb.clamp(1, 1024),
            concurrency: self
                .concurrency
                .unwrap_or_else(yonin_core::bot::all_cores)
                .clamp(1, 256),
            cached_games: self.cached_games.min(4096),
        }
    }
}

/// Counts of one worker's answers.
#[derive(Debug, Default)]
pub struct WorkerStats {
    pub answered: AtomicU64,
    pub refused: AtomicU64,
}

/// Answers one request that arrived at `received`: the move, or why not. Blocking (it
/// searches); `stop` ends the search early.
pub fn answer(
    bytes: &[u8],
    received: Instant,
    cache: &BotCache,
    options: &WorkerOptions,
    stop: Arc<AtomicBool>,
) -> MoveReply {
    let refuse = |reason: String| MoveReply::Refused { reason };
    let request: MoveRequest = match wire::decode(bytes) {
        Ok(r) => r,
        Err(e) => return refuse(format!("unreadable request: {e}")),
    };
    if request.version != wire::WIRE_VERSION {
        return refuse(format!(
            "version {} (this worker speaks {})",
            request.version,
            wire::WIRE_VERSION
        ));
    }
    let (start, position) = match request.positions() {
        Ok(p) => p,
        Err(e) => return refuse(e),
    };
    let budget = Duration::from_millis(request.budget_ms.min(wire::MAX_BUDGET_MS))
        .saturating_sub(received.elapsed());
    if budget < MIN_SEARCH {
        return refuse("busy: no time left to search".into());
    }
    let options_search = SearchOptions {
        history: GameHistory::from_moves(&start, &request.moves),
        max_depth: None,
    };
    let level = core_level(request.level);
    let mut bot = cache.take(request.game, level, request.seed, options.hash_mb);
    bot.set_threads(options.threads);
    bot.set_level(level);
    let result = bot.search(
        &position,
        Limits::time(budget),
        &options_search,
        stop,
        &mut |_| {},
    );
    cache.put(request.game, bot);
    MoveReply::Move {
        mv: result.best,
        depth: result.depth,
        nodes: result.nodes,
        millis: u64::try_from(result.time.as_millis()).unwrap_or(u64::MAX),
    }
}

/// Serves requests on `client` until `shutdown` completes, then drains.
pub async fn serve(
    client: async_nats::Client,
    prefix: &str,
    options: WorkerOptions,
    stats: Arc<WorkerStats>,
    shutdown: impl std::future::Future<Output = ()>,
) -> Result<(), String> {
    let subject = wire::move_subject(prefix);
    let mut requests = client
        .queue_subscribe(subject.clone(), wire::queue_group(prefix))
        .await
        .map_err(|e| format!("cannot subscribe to {subject}: {e}"))?;
    // Subscribed at the server before anyone is told the worker is ready.
    tokio::time::timeout(Duration::from_secs(5), client.flush())
        .await
        .map_err(|_| "NATS did not answer a flush in 5 s".to_string())?
        .map_err(|e| format!("flush: {e}"))?;
    tracing::info!(%subject, concurrency = options.concurrency, "bot worker ready");
    let searching = Arc::new(Semaphore::new(options.concurrency));
    let queued = Arc::new(Semaphore::new(options.concurrency * (1 + QUEUE_PER_SEARCH)));
    let cache = Arc::new(BotCache::new(options.cached_games));
    let stop = Arc::new(AtomicBool::new(false));
    let options = Arc::new(options);
    tokio::pin!(shutdown);
    loop {
        let message = tokio::select! {
            m = requests.next() => match m {
                Some(m) => m,
                None => break,
            },
            () = &mut shutdown => break,
        };
        let received = Instant::now();
        let Some(reply_to) = message.reply.clone() else {
            tracing::debug!("a request without a reply subject: ignored");
            continue;
        };
        let client = client.clone();
        let Ok(in_queue) = queued.clone().try_acquire_owned() else {
            stats.refused.fetch_add(1, Ordering::Relaxed);
            let busy = MoveReply::Refused {
                reason: "busy".into(),
            };
            publish(&client, reply_to, &busy).await;
            continue;
        };
        let (searching, cache, options, stop, stats) = (
            searching.clone(),
            cache.clone(),
            options.clone(),
            stop.clone(),
            stats.clone(),
        );
        tokio::spawn(async move {
            let _in_queue = in_queue;
            let reply = match searching.acquire_owned().await {
                Ok(permit) => {
                    let bytes = message.payload;
                    tokio::task::spawn_blocking(move || {
                        let _permit = permit;
                        answer(&bytes, received, &cache, &options, stop)
                    })
                    .await
                    .unwrap_or_else(|_| MoveReply::Refused {
                        reason: "the search failed".into(),
                    })
                }
                Err(_) => MoveReply::Refused {
                    reason: "stopping".into(),
                },
            };
            let counter = match &reply {
                MoveReply::Move { .. } => &stats.answered,
                MoveReply::Refused { reason } => {
                    tracing::debug!(%reason, "request refused");
                    &stats.refused
                }
            };
            counter.fetch_add(1, Ordering::Relaxed);
            publish(&client, reply_to, &reply).await;
        });
    }
    tracing::info!("bot worker stopping: no new requests; answering those in progress");
    let _ = requests.unsubscribe().await;
    let all = u32::try_from(options.concurrency * (1 + QUEUE_PER_SEARCH)).unwrap_or(u32::MAX);
    if tokio::time::timeout(DRAIN_TIMEOUT, queued.acquire_many(all))
        .await
        .is_err()
    {
        stop.store(true, Ordering::Relaxed);
        tracing::warn!("searches still running after {DRAIN_TIMEOUT:?}: stopped");
    }
    let _ = tokio::time::timeout(Duration::from_secs(2), client.flush()).await;
    tracing::info!(
        answered = stats.answered.load(Ordering::Relaxed),
        refused = stats.refused.load(Ordering::Relaxed),
        "bot worker stopped"
    );
    Ok(())
}

async fn publish(client: &async_nats::Client, to: async_nats::Subject, reply: &MoveReply) {
    match wire::encode(reply) {
        Ok(bytes) => {
            if let Err(e) = client.publish(to, bytes.into()).await {
                tracing::warn!("cannot send a reply: {e}");
            }
        }
        Err(e) => tracing::warn!("cannot encode a reply: {e}"),
    }
}

/// Runs a worker until Ctrl-C or SIGTERM (blocking; builds its own runtime).
pub fn main(args: WorkerArgs) -> Result<(), String> {
    crate::cli::init_tracing();
    if !wire::valid_prefix(&args.prefix) {
        return Err(format!("`{}` is not a usable subject prefix", args.prefix));
    }
    let options = args.options();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(options.concurrency + 4)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async {
        let client = async_nats::ConnectOptions::new()
            .name("yonin-bot-worker")
            .connection_timeout(Duration::from_secs(5))
            .retry_on_initial_connect()
            .connect(args.nats.as_str())
            .await
            .map_err(|e| format!("cannot connect to NATS at {}: {e}", args.nats))?;
        let stats = Arc::new(WorkerStats::default());
        serve(
            client,
            &args.prefix,
            options,
            stats,
            crate::cli::stop_signal(),
        )
        .await
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use yonin_core::BotLevel;
    use yonin_core::{Game, RuleSet};

    fn options() -> WorkerOptions {
        WorkerOptions {
            threads: 1,
            hash_mb: 1,
            concurrency: 1,
            cached_games: 2,
        }
    }

    fn ask(bytes: &[u8]) -> MoveReply {
        let cache = BotCache::new(2);
        let stop = Arc::new(AtomicBool::new(false));
        answer(bytes, Instant::now(), &cache, &options(), stop)
    }

    #[test]
    fn a_worker_answers_a_legal_move_in_both_variants() {
        for rules in [RuleSet::standard(), RuleSet::yonin()] {
            let mut game = Game::new(rules);
            let first = game.position().legal_moves().as_slice()[0];
            game.play(game.to_move(), first).unwrap();
            let request = MoveRequest::new(&game, BotLevel::Medium, 50, 1, 2);
            match ask(&wire::encode(&request).unwrap()) {
                MoveReply::Move { mv: Some(mv), .. } => {
                    assert!(game.position().is_legal(mv))
                }
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn a_worker_refuses_garbage_other_versions_bad_positions_and_no_time() {
        let refused = |bytes: &[u8]| matches!(ask(bytes), MoveReply::Refused { .. });
        assert!(refused(b""));
        assert!(refused(&[0xff; 300]));
        let game = Game::new(RuleSet::yonin());
        let good = MoveRequest::new(&game, BotLevel::Easy, 50, 1, 2);
        let mut other = good.clone();
        other.version = wire::WIRE_VERSION + 1;
        assert!(refused(&wire::encode(&other).unwrap()));
        let mut bad = good.clone();
        bad.position = "not a position".into();
        assert!(refused(&wire::encode(&bad).unwrap()));
        // A standard position under Yonin rules.
        let mut mixed = good.clone();
        mixed.start = "startpos".into();
        mixed.rules = RuleSet::standard();
        assert!(refused(&wire::encode(&mixed).unwrap()));
        let mut late = good;
        late.budget_ms = 0;
        assert!(refused(&wire::encode(&late).unwrap()));
    }
}
