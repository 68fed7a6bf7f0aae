//! The server's command line, shared by `yonin-server` and `yonin server`.

use crate::{Config, DEFAULT_PORT};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Options of a dedicated server.
#[derive(clap::Args, Debug, Clone)]
pub struct ServerArgs {
    /// Address and port to listen on.
    #[arg(long, default_value_t = SocketAddr::from(([127, 0, 0, 1], DEFAULT_PORT)))]
    pub bind: SocketAddr,
    /// The server's name, shown to players.
    #[arg(long, default_value = "yonin")]
    pub name: String,
    /// Seconds a dropped player's seat waits before a bot takes it.
    #[arg(long, default_value_t = 60)]
    pub grace_secs: u64,
    /// Most rooms at once.
    #[arg(long, default_value_t = Config::default().max_rooms)]
    pub max_rooms: usize,
    /// Most connections at once.
    #[arg(long, default_value_t = Config::default().max_connections)]
    pub max_connections: usize,
    /// Connections one network address may hold at once (past the handshake).
    #[arg(long, default_value_t = crate::shares::ShareLimits::default().connections_per_address)]
    pub max_connections_per_address: usize,
    /// Handshakes one network address may have in progress at once.
    #[arg(long, default_value_t = crate::shares::ShareLimits::default().pending_per_address)]
    pub max_pending_per_address: usize,
    /// Rooms one network address may have open at once.
    #[arg(long, default_value_t = crate::shares::ShareLimits::default().rooms_per_address)]
    pub max_rooms_per_address: usize,
    /// Longest bot thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 2000)]
    pub bot_think_ms: u64,
    /// Threads a room's Hard bot searches on (at most the machine's cores). One by default,
    /// so that a server's rooms share its cores; the game window's own server uses them all.
    #[arg(long, default_value_t = 1)]
    pub bot_threads: usize,
    /// Directory of the finished-games store (default: the user's data directory, e.g.
    /// ~/.local/share/yonin).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Where games are kept: a directory for the embedded store (as --data), or a PostgreSQL
    /// URL, postgres://user:password@host:port/database, for nodes that share one database.
    #[arg(long, value_name = "DIR|postgres://…", conflicts_with = "data")]
    pub store: Option<String>,
    /// This server's name among the nodes that share one PostgreSQL store: each carries on
    /// only its own games in progress after a restart. In a cluster it also starts the node's
    /// id in the shared directory (with a random part for each run).
    #[arg(long, value_name = "NAME", default_value = "default")]
    pub node: String,
    /// Keep no record of finished games.
    #[arg(long, conflicts_with_all = ["data", "store"])]
    pub no_store: bool,
    /// Where the LAN beacon goes (only sent when --bind is not a loopback address). The
    /// default 255.255.255.255 also sends it to each IPv4 network's own broadcast address.
    #[arg(long, value_name = "ADDR:PORT", default_value_t = crate::discovery::BeaconConfig::default().destination)]
    pub beacon_to: SocketAddr,
    /// Announce nothing on the LAN.
    #[arg(long)]
    pub no_beacon: bool,
    /// Be a node of a cluster through this NATS server (nats://host:port, JetStream on): the
    /// lobby lists every node's rooms, and players asking for another node's room are sent
    /// there. Needs --public-url.
    #[arg(long, value_name = "NATS-URL", requires = "public_url")]
    pub cluster: Option<String>,
    /// Where players reach this node (ws://host:port/ or wss://…): the address other nodes
    /// send them to.
    #[arg(long, value_name = "WS-URL", requires = "cluster")]
    pub public_url: Option<String>,
    /// The cluster's name: nodes of one name share a lobby (several clusters may share one
    /// NATS server).
    #[arg(long, value_name = "NAME", default_value = "yonin")]
    pub cluster_name: String,
    /// Serve GET /health and GET /metrics (Prometheus text) on this address, for an operator's
    /// load balancer and scraper; keep it off the public network (e.g. 127.0.0.1:9878).
    #[arg(long, value_name = "ADDR:PORT")]
    pub metrics: Option<SocketAddr>,
    /// Ask bot workers (`yonin-bot-worker`) for bot moves over this NATS server,
    /// nats://host:port; without an answer in time the bot plays in-process as usual.
    #[arg(long, value_name = "URL")]
    pub bot_workers: Option<String>,
    /// Prefix of this deployment's NATS subjects (bot moves on <prefix>.bot.move), so that
    /// several deployments may share one NATS server.
    #[arg(long, value_name = "NAME", default_value = "yonin", value_parser = nats_prefix)]
    pub nats_prefix: String,
}

fn nats_prefix(s: &str) -> Result<String, String> {
    if crate::bots::wire::valid_prefix(s) {
        Ok(s.to_string())
    } else {
        Err("letters, digits, '-' and '_', in tokens separated by dots".into())
    }
}

impl ServerArgs {
    pub fn config(&self) -> Config {
        Config {
            server_name: self.name.clone(),
            grace: Duration::from_secs(self.grace_secs),
            max_rooms: self.max_rooms,
            max_connections: self.max_connections,
            shares: crate::shares::ShareLimits {
                connections_per_address: self.max_connections_per_address,
                pending_per_address: self.max_pending_per_address,
                rooms_per_address: self.max_rooms_per_address,
                ..crate::shares::ShareLimits::default()
            },
            bot_think: Duration::from_millis(self.bot_think_ms),
            bot_threads: self.bot_threads,
            beacon: (!self.no_beacon).then(|| crate::discovery::BeaconConfig {
                destination: self.beacon_to,
                ..Default::default()
            }),
            metrics: self.metrics,
            cluster: self.cluster_config(),
            ..Config::default()
        }
    }

    /// With `--bot-workers`, connects to NATS and makes the config's bots ask the workers
    /// first (their counts in `bot_worker_stats`).
    pub fn connect_bot_workers(&self, config: &mut Config) -> Result<(), String> {
        if let Some(url) = &self.bot_workers {
            let remote = crate::bots::remote::RemoteBots::connect(
                url,
                &self.nats_prefix,
                Default::default(),
            )?;
            config.bot_worker_stats = Some(remote.stats());
            config.bot_engine = Arc::new(remote);
        }
        Ok(())
    }

    /// The cluster this node joins (`None` without --cluster).
    pub fn cluster_config(&self) -> Option<crate::cluster::ClusterConfig> {
        Some(crate::cluster::ClusterConfig {
            nats_url: self.cluster.clone()?,
            public_url: self.public_url.clone().unwrap_or_default(),
            name: self.cluster_name.clone(),
            node: self.node.clone(),
        })
    }

    /// Opens the game store: PostgreSQL for a `--store` URL, else the embedded store in the
    /// `--store` or `--data` directory, else in the user's data directory; `None` with
    /// `--no-store`.
    pub fn open_store(&self) -> Result<Option<Arc<crate::store::Store>>, String> {
        if self.no_store {
            return Ok(None);
        }
        if let Some(url) = self
            .store
            .as_deref()
            .filter(|s| crate::store::postgres::is_postgres_url(s))
        {
            let store = crate::store::Store::open_postgres(url, &self.node)
                .map_err(|e| format!("cannot open the game store: {e}"))?;
            tracing::info!(at = %store.describe(), "game store open");
            return Ok(Some(Arc::new(store)));
        }
        let dir = match self.store.as_ref().map(PathBuf::from).or(self.data.clone()) {
            Some(d) => d,
            None => crate::store::default_data_dir().ok_or(
                "no user data directory is known here; name one with --data <dir> (or --no-store)",
            )?,
        };
        let store = crate::store::Store::open(&dir)
            .map_err(|e| format!("cannot open the game store in {}: {e}", dir.display()))?;
        tracing::info!(at = %store.describe(), "game store open");
        Ok(Some(Arc::new(store)))
    }
}

/// Sets up logging from `RUST_LOG` (default `info`); harmless when already set up.
pub fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).try_init();
}

/// Completes on Ctrl-C (SIGINT) or, on Unix, SIGTERM — what systemd, Docker and `kill` send.
/// Either way the server stops as gracefully: games in progress are kept, clients told (1001).
pub async fn stop_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::error!("cannot wait for Ctrl-C: {e}");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(e) => {
                tracing::error!("cannot wait for SIGTERM: {e}");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => tracing::info!("Ctrl-C: stopping"),
        () = term => tracing::info!("SIGTERM: stopping"),
    }
}

/// Runs a dedicated server until Ctrl-C or SIGTERM (blocking; builds its own runtime).
pub fn main(args: ServerArgs) -> Result<(), String> {
    init_tracing();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    let mut config = args.config();
    if let Some(cluster) = &config.cluster {
        cluster.check()?;
    }
    config.store = args.open_store()?;
    args.connect_bot_workers(&mut config)?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.bind)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", args.bind))?;
        crate::run(listener, config, stop_signal())
            .await
            .map_err(|e| format!("server error: {e}"))
    })
}
