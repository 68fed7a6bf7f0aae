//! Yonin game server library: a WebSocket lobby with rooms, seats, bots, clocks and
//! reconnection. `run` is the whole server; the `yonin-server` binary and `yonin server` only
//! parse a command line and call it, and the client starts it in-process for offline games.
//!
//! Structure (actors, bounded queues, no channel cycles):
//! - one task per connection (`conn`), owning its socket and its outbound queue;
//! - one lobby actor (`lobby`): players, the room list, resume tokens;
//! - one actor per room (`room`): its `Game`, seats, clocks and bots;
//! - in a cluster (`--cluster`), one task for the NATS side (`cluster`).
//!
//! Connections send to the lobby and to their room and wait for replies on `oneshot`s; rooms
//! send to the lobby; nobody sends *to* a connection except through its `Outbox`, which never
//! waits. So every wait points "inward" (connection → room → lobby) and no cycle can deadlock.

pub mod bots;
mod bucket;
pub mod cli;
pub mod clock;
pub mod cluster;
mod conn;
pub mod discovery;
mod handles;
mod http_endpoint;
pub mod limits;
mod lobby;
pub mod metrics;
mod outbox;
mod room;
mod secret;
pub mod shares;
pub mod store;

use futures::FutureExt;
use std::fmt;
use std::future::Future;
use std::net::SocketAddr;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot, watch, Semaphore};

pub use bots::{BotEngine, BotPlayer, CoreBots};

/// The default port of `yonin-server`.
pub const DEFAULT_PORT: u16 = 7878;

/// Everything a deployment may tune. `Config::default()` is a sensible local server.
#[derive(Clone)]
pub struct Config {
    /// Shown to clients in `Welcome`.
    pub server_name: String,
    /// How long a dropped player's seat waits for them (a room may choose its own).
    pub grace: Duration,
    /// The longest grace period a room may choose.
    pub max_grace: Duration,
    /// Connections past `Hello` at most; more are told `ServerFull` and closed (1013).
    pub max_connections: usize,
    /// Each address's share of handshakes, connections, rooms, imports and join-code guesses.
    pub shares: shares::ShareLimits,
    /// Rooms at most.
    pub max_rooms: usize,
    /// The longest a bot thinks on one move (less when its clock is short).
    pub bot_think: Duration,
    /// Seed for bots' choices (`None`: random per game). Tests fix it.
    pub bot_seed: Option<u64>,
    /// The random bits of a random first seat (furigoma's five pawns, Yonin's draw);
    /// `None`: fresh ones from the system each game. Tests fix it.
    pub draw_bits: Option<u64>,
    /// What plays for bots.
    pub bot_engine: Arc<dyn BotEngine>,
    /// Threads a room's Hard bot searches on (the weaker levels search on one), bounded by
    /// the machine's cores ([`bots::bounded_threads`]). The default, every core, suits the
    /// game window's own server (an offline or LAN game: one room, the player waiting for
    /// the bot); a dedicated server of many rooms keeps it low (`--bot-threads`, default 1),
    /// so that one room's bot cannot take every core.
    pub bot_threads: usize,
    /// The counts of moves served by bot workers and of fallbacks, when `bot_engine` asks
    /// workers (`--bot-workers`).
    pub bot_worker_stats: Option<Arc<bots::stats::RemoteBotStats>>,
    /// A game with no person connected is stopped after this long.
    pub abandoned_game: Duration,
    /// How long shutdown waits for tasks to finish.
    pub shutdown_timeout: Duration,
    /// Where finished games are kept (`None`: nowhere). A room saves its game here, durably,
    /// before it announces the result; connections answer `ListGames` and friends from it.
    pub store: Option<Arc<store::Store>>,
    /// The LAN beacon (`None`: no beacon). Never sent by a loopback server, except to a
    /// loopback destination (see `discovery::should_announce`).
    pub beacon: Option<discovery::BeaconConfig>,
    /// Where the operator's health and metrics endpoint listens (`None`: nowhere); see
    /// `http_endpoint`. Keep it off the public network: it is for scrapers.
    pub metrics: Option<SocketAddr>,
    /// The cluster this server is a node of (`None`: a single server, as on a LAN).
    pub cluster: Option<cluster::ClusterConfig>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            server_name: "yonin".into(),
            grace: Duration::from_secs(60),
            max_grace: Duration::from_secs(600),
            max_connections: 512,
            shares: shares::ShareLimits::default(),
            max_rooms: 128,
            bot_think: Duration::from_secs(2),
            bot_seed: None,
            draw_bits: None,
            bot_engine: bots::default_engine(),
            bot_threads: yonin_core::bot::all_cores(),
            bot_worker_stats: None,
            abandoned_game: Duration::from_secs(600),
            shutdown_timeout: Duration::from_secs(5),
            store: None,
            beacon: None,
            metrics: None,
            cluster: None,
        }
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("server_name", &self.server_name)
            .field("grace", &self.grace)
            .field("max_connections", &self.max_connections)
            .field("shares", &self.shares)
            .field("max_rooms", &self.max_rooms)
            .field("bot_think", &self.bot_think)
            .field("bot_threads", &self.bot_threads)
            .field("store", &self.store)
            .field("beacon", &self.beacon)
            .field("metrics", &self.metrics)
            .field("cluster", &self.cluster)
            .finish_non_exhaustive()
    }
}

/// Live counts of what a server holds, kept up to date by the lobby (for tests, operators and
/// metrics). Atomics: written by one actor, read by anyone without asking it.
#[derive(Debug, Default)]
pub struct Stats {
    /// Connections that said `Hello` and are still open.
    pub players: std::sync::atomic::AtomicUsize,
    /// Rooms open.
    pub rooms: std::sync::atomic::AtomicUsize,
    /// Seat tokens the lobby can resume.
    pub tokens: std::sync::atomic::AtomicUsize,
    /// What only grows: sockets, games, moves (see `metrics`).
    pub counters: metrics::Counters,
    /// Other nodes' rooms listed (in a cluster).
    pub remote_rooms: std::sync::atomic::AtomicUsize,
}

impl Stats {
    fn get(n: &std::sync::atomic::AtomicUsize) -> usize {
        n.load(std::sync::atomic::Ordering::Relaxed)
    }
    pub fn players(&self) -> usize {
        Stats::get(&self.players)
    }
    pub fn rooms(&self) -> usize {
        Stats::get(&self.rooms)
    }
    pub fn tokens(&self) -> usize {
        Stats::get(&self.tokens)
    }
    pub fn remote_rooms(&self) -> usize {
        Stats::get(&self.remote_rooms)
    }
}

/// What every task of a server shares.
#[derive(Clone)]
pub(crate) struct Ctx {
    pub config: Arc<Config>,
    /// Becomes `true` when the server stops.
    pub shutdown: watch::Receiver<bool>,
    /// Held by every task; shutdown waits until all clones are dropped.
    pub alive: mpsc::Sender<()>,
    /// The next player id. An atomic counter, not a lock: it is the only shared mutable value.
    pub next_player: Arc<AtomicU64>,
    /// Connection slots (`max_connections`), taken after `Hello`.
    pub connections: Arc<Semaphore>,
    /// Each address's share of the server.
    pub shares: Arc<shares::Shares>,
    /// Live counts (see `Stats`).
    pub stats: Arc<Stats>,
}

impl Ctx {
    pub fn is_shutting_down(&self) -> bool {
        *self.shutdown.borrow()
    }
}

/// Runs the server on `listener` until `shutdown` completes; then stops accepting, tells
/// every client (`ServerShutdown` and a close frame), and waits for every task to end (at most
/// `config.shutdown_timeout`).
pub async fn run(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    run_counted(listener, config, shutdown, Arc::default()).await
}

/// As [`run`], keeping `stats` up to date.
pub async fn run_counted(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()>,
    stats: Arc<Stats>,
) -> std::io::Result<()> {
    // The operator's endpoint first: a port that cannot be had stops the start, before any
    // player is accepted.
    let metrics = match config.metrics {
        Some(addr) => Some(bind_metrics(addr).await?),
        None => None,
    };
    serve(listener, metrics, config, shutdown, stats).await
}

async fn bind_metrics(addr: SocketAddr) -> std::io::Result<TcpListener> {
    TcpListener::bind(addr).await.map_err(|e| {
        std::io::Error::new(
            e.kind(),
            format!("cannot listen for metrics on {addr}: {e}"),
        )
    })
}

/// The server on bound listeners.
async fn serve(
    listener: TcpListener,
    metrics_listener: Option<TcpListener>,
    config: Config,
    shutdown: impl Future<Output = ()>,
    stats: Arc<Stats>,
) -> std::io::Result<()> {
    let (shutdown_tx, shutdown_rx) = watch::channel(false);
    let (alive_tx, mut alive_rx) = mpsc::channel::<()>(1);
    let shutdown_timeout = config.shutdown_timeout;
    let ctx = Ctx {
        connections: Arc::new(Semaphore::new(config.max_connections)),
        shares: shares::Shares::new(config.shares),
        stats,
        config: Arc::new(config),
        shutdown: shutdown_rx,
        alive: alive_tx,
        next_player: Arc::new(AtomicU64::new(1)),
    };
    let (cluster_link, cluster_rx) = handles::cluster_channel();
    let cluster = ctx.config.cluster.clone();
    let lobby = lobby::spawn(ctx.clone(), cluster.as_ref().map(|_| cluster_link));
    if let Some(config) = cluster {
        tokio::spawn(cluster::run(ctx.clone(), lobby.clone(), config, cluster_rx));
    }
    if let Some(metrics_listener) = metrics_listener {
        tokio::spawn(http_endpoint::serve(
            metrics_listener,
            ctx.clone(),
            lobby.clone(),
        ));
    }
    if let Ok(addr) = listener.local_addr() {
        tracing::info!(%addr, name = %ctx.config.server_name, "server listening");
        if let Some(beacon) = ctx.config.beacon.clone() {
            if discovery::should_announce(addr, beacon.destination) {
                tokio::spawn(beacon_task(ctx.clone(), lobby.clone(), beacon, addr));
            }
        }
    }
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    metrics::Counters::bump(&ctx.stats.counters.sockets);
                    // A socket beyond its address's share of handshakes (or the total) is
                    // closed at once: silent sockets from one machine cannot fill the server.
                    let Some(pending) = ctx.shares.pending(peer.ip()) else {
                        tracing::debug!(%peer, "refused: too many handshakes in progress");
                        continue;
                    };
                    let ctx = ctx.clone();
                    let lobby = lobby.clone();
                    tokio::spawn(async move {
                        let serve = AssertUnwindSafe(conn::serve(stream, peer, ctx, lobby, pending));
                        if serve.catch_unwind().await.is_err() {
                            tracing::error!(%peer, "a connection task panicked");
                        }
                    });
                }
                Err(e) => {
                    // Out of file descriptors and the like: wait a little, keep serving.
                    tracing::warn!("accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            },
            () = &mut shutdown => break,
        }
    }
    tracing::info!("shutting down");
    drop(listener);
    shutdown_tx.send_replace(true);
    drop(lobby);
    drop(ctx);
    // Every task holds a clone of `alive`; `recv` returns `None` once all are gone.
    if tokio::time::timeout(shutdown_timeout, alive_rx.recv())
        .await
        .is_err()
    {
        tracing::warn!("some tasks did not finish within {shutdown_timeout:?}");
    }
    tracing::info!("server stopped");
    Ok(())
}

/// Announces the server on the LAN (see `discovery`), with the lobby's room list fetched at
/// each beat, until the server stops.
async fn beacon_task(
    ctx: Ctx,
    lobby: handles::LobbyHandle,
    beacon: discovery::BeaconConfig,
    addr: SocketAddr,
) {
    let _alive = ctx.alive.clone();
    let (rooms_tx, rooms_rx) = watch::channel(Vec::new());
    let every = beacon.interval;
    let name = ctx.config.server_name.clone();
    let announce = discovery::announce(beacon, name, addr, rooms_rx, ctx.shutdown.clone());
    let refresh = async {
        loop {
            match lobby.ask(|reply| handles::LobbyCmd::Rooms { reply }).await {
                Some(rooms) => rooms_tx.send_replace(rooms),
                None => return,
            };
            tokio::time::sleep(every).await;
        }
    };
    tokio::select! {
        r = announce => if let Err(e) = r {
            tracing::warn!("no LAN beacon: {e}");
        },
        () = refresh => {}
    }
}

/// A server running on a task of the current runtime (tests, and the client's offline and
/// LAN games).
#[derive(Debug)]
pub struct RunningServer {
    /// Where it listens (with the real port when bound to port 0).
    pub addr: SocketAddr,
    /// Where its health and metrics endpoint listens, when `Config::metrics` asked for one
    /// (with the real port).
    pub metrics_addr: Option<SocketAddr>,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
    stats: Arc<Stats>,
}

impl RunningServer {
    /// The WebSocket URL of the server (`ws://ip:port/`).
    pub fn url(&self) -> String {
        format!("ws://{}/", self.addr)
    }

    /// What the server holds now.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Stops the server gracefully and waits for it.
    pub async fn shutdown(mut self) -> std::io::Result<()> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        (&mut self.task)
            .await
            .map_err(|e| std::io::Error::other(e.to_string()))?
    }
}

/// Binds `addr` and starts a server on the current runtime; returns at once.
pub async fn start(addr: SocketAddr, config: Config) -> std::io::Result<RunningServer> {
    let listener = TcpListener::bind(addr).await?;
    let addr = listener.local_addr()?;
    let metrics = match config.metrics {
        Some(at) => Some(bind_metrics(at).await?),
        None => None,
    };
    let metrics_addr = match &metrics {
        Some(l) => Some(l.local_addr()?),
        None => None,
    };
    let (stop, stopped) = oneshot::channel::<()>();
    let stats = Arc::new(Stats::default());
    let shutdown = async move {
        let _ = stopped.await;
    };
    let task = tokio::spawn(serve(listener, metrics, config, shutdown, stats.clone()));
    Ok(RunningServer {
        addr,
        metrics_addr,
        stop: Some(stop),
        task,
        stats,
    })
}
