//! Bots served by bot workers over NATS (`yonin-server --bot-workers <url>`): a room's bot sends
//! its position to the workers' queue group and plays the move that comes back, checked for
//! legality. Whenever that fails (no worker, no answer in time, a refusal, a bad answer, no
//! connection) the in-process bot plays instead, in the time that is left, so a game never
//! stalls and a bot never loses on time. The NATS connection lives on a small runtime of its
//! own and reconnects by itself.

use super::stats::{Fallback, RemoteBotStats};
use super::wire::{self, MoveReply, MoveRequest};
use super::{BotEngine, BotPlayer, CoreBots};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use yonin_core::BotLevel;
use yonin_core::{Game, Move};

/// The part of a move's budget kept for the network: the worker searches the rest.
const NETWORK_SHARE: u32 = 10;
const MAX_NETWORK_MARGIN: Duration = Duration::from_millis(50);
/// How much longer than the budget a room waits for a worker's answer, and the least time the
/// in-process bot then gets: at most a tenth of the budget, so a move takes at most 1.2 times
/// its budget (the room's budget is a thirtieth of the clock, `limits::BOT_CLOCK_SHARE`).
const LATE_SHARE: u32 = 10;
const MAX_LATE_MARGIN: Duration = Duration::from_millis(100);
/// How often a waiting request looks at the room's stop flag.
const STOP_POLL: Duration = Duration::from_millis(10);
/// How long connecting may take before the server starts anyway (then it keeps trying).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// The runtime that drives the NATS connection; shut down in the background when dropped (a
/// config may be dropped inside the server's runtime, where blocking is not allowed).
struct NatsRuntime(Option<tokio::runtime::Runtime>);

impl Drop for NatsRuntime {
    fn drop(&mut self) {
        if let Some(runtime) = self.0.take() {
            runtime.shutdown_background();
        }
    }
}

struct Shared {
    client: async_nats::Client,
    subject: String,
    stats: Arc<RemoteBotStats>,
    handle: tokio::runtime::Handle,
    /// Mixed into each player's game key, so that two servers' games do not share a key.
    nonce: u64,
    next_game: AtomicU64,
    /// Last, so that the connection stops after everything that uses it.
    _runtime: NatsRuntime,
}

/// A [`BotEngine`] whose players ask bot workers first and fall back to `local`.
#[derive(Clone)]
pub struct RemoteBots {
    shared: Arc<Shared>,
    local: CoreBots,
}

impl std::fmt::Debug for RemoteBots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RemoteBots")
            .field("subject", &self.shared.subject)
            .finish_non_exhaustive()
    }
}

impl RemoteBots {
    /// Connects to the NATS server at `url` (`nats://host:port`) for the workers of `prefix`.
    /// A server that is not up yet is not an error: the client keeps trying, and bots play
    /// in-process meanwhile. Safe to call from anywhere (it waits on a runtime of its own).
    pub fn connect(url: &str, prefix: &str, local: CoreBots) -> Result<RemoteBots, String> {
        if !wire::valid_prefix(prefix) {
            return Err(format!("`{prefix}` is not a usable NATS subject prefix"));
        }
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("yonin-nats")
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the NATS runtime: {e}"))?;
        let handle = runtime.handle().clone();
        let options = async_nats::ConnectOptions::new()
            .name("yonin-server")
            .connection_timeout(CONNECT_TIMEOUT)
            .retry_on_initial_connect();
        let url_owned = url.to_string();
        let connecting = handle.spawn(async move { options.connect(url_owned).await });
        let client = futures::executor::block_on(connecting)
            .map_err(|e| format!("cannot connect to NATS: {e}"))?
            .map_err(|e| format!("cannot connect to NATS at {url}: {e}"))?;
        // The client connects in the background; the first rooms' bots should find it up.
        let probe = client.clone();
        let connected = handle.spawn(async move {
            let up = async {
                while probe.connection_state() != async_nats::connection::State::Connected {
                    tokio::time::sleep(STOP_POLL).await;
                }
            };
            tokio::time::timeout(CONNECT_TIMEOUT, up).await.is_ok()
        });
        if !futures::executor::block_on(connected).unwrap_or(false) {
            tracing::warn!(%url, "NATS is not up yet: bots play in-process until it is");
        }
        let nonce = rand::random::<u64>();
        tracing::info!(%url, subject = %wire::move_subject(prefix), "bot workers over NATS");
        Ok(RemoteBots {
            shared: Arc::new(Shared {
                client,
                subject: wire::move_subject(prefix),
                stats: Arc::default(),
                handle,
                nonce,
                next_game: AtomicU64::new(1),
                _runtime: NatsRuntime(Some(runtime)),
            }),
            local,
        })
    }

    /// The counts of remote moves and fallbacks of every player this engine made.
    pub fn stats(&self) -> Arc<RemoteBotStats> {
        self.shared.stats.clone()
    }
}

impl BotEngine for RemoteBots {
    fn render_metrics(&self, out: &mut String) {
        self.shared.stats.render(out);
    }

    fn player(&self, seed: u64, threads: usize) -> Box<dyn BotPlayer> {
        let n = self.shared.next_game.fetch_add(1, Ordering::Relaxed);
        Box::new(RemotePlayer {
            shared: self.shared.clone(),
            local: self.local,
            fallback: None,
            seed,
            threads,
            game: super::splitmix(self.shared.nonce ^ n),
        })
    }
}

struct RemotePlayer {
    shared: Arc<Shared>,
    local: CoreBots,
    /// The in-process player, made at the first fallback (its search tables cost memory).
    fallback: Option<Box<dyn BotPlayer>>,
    seed: u64,
    threads: usize,
    game: u64,
}

/// What a worker's reply means for `game`: its move when it is legal there (`None` only when
/// there is none), else the reason to fall back. Never trusts the bytes.
pub fn check_reply(game: &Game, bytes: &[u8]) -> Result<(Option<Move>, u64), Fallback> {
    match wire::decode::<MoveReply>(bytes) {
        Ok(MoveReply::Move { mv, nodes, .. }) => {
            let legal = game.position().legal_moves();
            let ok = match mv {
                Some(mv) => legal.contains(mv),
                None => legal.is_empty(),
            };
            if ok {
                Ok((mv, nodes))
            } else {
                Err(Fallback::BadAnswer)
            }
        }
        Ok(MoveReply::Refused { .. }) => Err(Fallback::Refused),
        Err(_) => Err(Fallback::BadAnswer),
    }
}

/// The worker's search time and how long to wait for its answer, for a move of `budget`.
fn split(budget: Duration) -> (Duration, Duration) {
    let network = (budget / NETWORK_SHARE).min(MAX_NETWORK_MARGIN);
    (budget - network, budget + late_margin(budget))
}

fn late_margin(budget: Duration) -> Duration {
    (budget / LATE_SHARE).min(MAX_LATE_MARGIN)
}

enum Asked {
    Reply(Vec<u8>),
    Failed(Fallback),
    Stopped,
}

impl RemotePlayer {
    /// Sends `request` and waits for the answer, at most `wait`, giving up when `stop` is set.
    fn ask(&self, request: &MoveRequest, wait: Duration, stop: &Arc<AtomicBool>) -> Asked {
        if self.shared.client.connection_state() != async_nats::connection::State::Connected {
            return Asked::Failed(Fallback::Disconnected);
        }
        let Ok(payload) = wire::encode(request) else {
            // A game too long to send: the in-process bot plays it.
            return Asked::Failed(Fallback::Refused);
        };
        let client = self.shared.client.clone();
        let subject = self.shared.subject.clone();
        let stop = stop.clone();
        let asking = self.shared.handle.spawn(async move {
            let request = async_nats::Request::new()
                .payload(payload.into())
                .timeout(Some(wait));
            let sent = tokio::time::timeout(wait, client.send_request(subject, request));
            let stopped = async {
                while !stop.load(Ordering::Relaxed) {
                    tokio::time::sleep(STOP_POLL).await;
                }
            };
            tokio::select! {
                r = sent => match r {
                    Ok(Ok(message)) => Asked::Reply(message.payload.to_vec()),
                    Ok(Err(e)) => Asked::Failed(match e.kind() {
                        async_nats::client::RequestErrorKind::NoResponders => Fallback::NoResponders,
                        async_nats::client::RequestErrorKind::TimedOut => Fallback::Timeout,
                        _ => Fallback::Disconnected,
                    }),
                    Err(_) => Asked::Failed(Fallback::Timeout),
                },
                () = stopped => Asked::Stopped,
            }
        });
        // Bounded: the task ends by `wait` or by the stop flag.
        match futures::executor::block_on(asking) {
            Ok(asked) => asked,
            Err(_) => Asked::Failed(Fallback::Disconnected),
        }
    }
}

impl BotPlayer for RemotePlayer {
    fn choose(
        &mut self,
        game: &Game,
        level: BotLevel,
        budget: Duration,
        stop: Arc<AtomicBool>,
    ) -> Option<Move> {
        let started = Instant::now();
        let (search, wait) = split(budget);
        let millis = u64::try_from(search.as_millis()).unwrap_or(u64::MAX);
        let request = MoveRequest::new(game, level, millis, self.seed, self.game);
        let reason = match self.ask(&request, wait, &stop) {
            Asked::Stopped => return None,
            Asked::Reply(bytes) => match check_reply(game, &bytes) {
                Ok((mv, nodes)) => {
                    self.shared.stats.remote(started.elapsed(), nodes);
                    return mv;
                }
                Err(reason) => reason,
            },
            Asked::Failed(reason) => reason,
        };
        self.shared.stats.fallback(reason);
        tracing::debug!(%reason, "bot move played in-process");
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let left = budget
            .saturating_sub(started.elapsed())
            .max(late_margin(budget));
        let (local, seed, threads) = (self.local, self.seed, self.threads);
        let player = self
            .fallback
            .get_or_insert_with(|| local.player(seed, threads));
        player.choose(game, level, left, stop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_split_into_search_and_wait_within_a_fifth_more_than_its_budget() {
        for ms in [10u64, 100, 1000, 30_000] {
            let budget = Duration::from_millis(ms);
            let (search, wait) = split(budget);
            assert!(search < budget && search >= budget * 9 / 10 - Duration::from_millis(1));
            assert!(wait > budget && wait + late_margin(budget) <= budget * 6 / 5);
        }
    }

    #[test]
    fn only_a_legal_move_from_a_worker_is_played() {
        let game = Game::new(yonin_core::RuleSet::yonin());
        let legal = game.position().legal_moves().as_slice()[0];
        let reply = |mv: Option<&str>| {
            wire::encode(&MoveReply::Move {
                mv: mv.map(|m| Move::from_usi(m).unwrap()),
                depth: 1,
                nodes: 5,
                millis: 1,
            })
            .unwrap()
        };
        let good = reply(Some(&legal.to_string()));
        assert_eq!(check_reply(&game, &good), Ok((Some(legal), 5)));
        // A move of the wrong seat, a move onto nothing, no move while moves exist.
        for bad in [Some("5e5d"), Some("1a1b"), None] {
            assert_eq!(check_reply(&game, &reply(bad)), Err(Fallback::BadAnswer));
        }
        assert_eq!(check_reply(&game, b"garbage"), Err(Fallback::BadAnswer));
        let refused = wire::encode(&MoveReply::Refused {
            reason: "busy".into(),
        })
        .unwrap();
        assert_eq!(check_reply(&game, &refused), Err(Fallback::Refused));
    }
}
