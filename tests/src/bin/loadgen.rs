//! `loadgen`: the server under load, on loopback only. Opens `--idle N` idle WebSocket clients
//! and `--games M` concurrent four-seat Yonin games (4·M clients, no bots: the clients choose
//! random legal moves from their own mirror of the game), runs for `--seconds`, then prints the
//! connections held, the server's memory (VmRSS/VmHWM), moves per second, and the fan-out
//! latency percentiles — from a move sent to its `GameEvents` received by all four seats.
//!
//! The server runs in-process on its own runtime thread (`--server-threads`, default 1 worker;
//! the clients get `--client-threads`, default 1), or is an external one (`--connect URL`, with
//! `--pid PID` to read its memory). Everything is bounded in count and time and stops by
//! itself; every socket is on 127.0.0.1 (an external URL must be a loopback address).
//!
//! ```text
//! cargo run --release -p yonin-tests --bin loadgen -- --idle 10000 --games 0 --seconds 10
//! cargo run --release -p yonin-tests --bin loadgen -- --games 2500 --seconds 30 --think-ms 1000
//! ```

use futures::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio::sync::{oneshot, watch, Semaphore};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use yonin_core::protocol::{
    self, ClientMessage, GameRequest, GameState, Occupant, RoomId, RoomSettings, ServerMessage,
    PROTOCOL_VERSION,
};
use yonin_core::Action;
use yonin_core::{Game, RuleSet, Seat};
use yonin_testkit::Rng;

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The most connections being opened at once.
const CONNECT_CONCURRENCY: usize = 256;
/// Upper bounds, so a typo cannot open a million sockets.
const MAX_CLIENTS: usize = 40_000;
const MAX_SECONDS: u64 = 600;

#[derive(Debug, Clone)]
struct Args {
    idle: usize,
    games: usize,
    seconds: u64,
    think_ms: u64,
    connect: Option<String>,
    pid: Option<u32>,
    server_threads: usize,
    client_threads: usize,
    seed: u64,
    setup: usize,
    /// A store folder for the in-process server: games in progress are written move by move.
    store: Option<std::path::PathBuf>,
}

const USAGE: &str = "usage: loadgen [--idle N] [--games M] [--seconds S] [--think-ms T]
               [--connect ws://127.0.0.1:PORT/ [--pid PID]]
               [--server-threads N] [--client-threads N] [--seed N] [--setup N] [--store DIR]
  --setup N: games being set up at once (default 64)
  --store DIR: the in-process server keeps its games (in progress too) in DIR";

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        idle: 0,
        games: 10,
        seconds: 10,
        think_ms: 1000,
        connect: None,
        pid: None,
        server_threads: 1,
        client_threads: 1,
        seed: 1,
        setup: 64,
        store: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "-h" || flag == "--help" {
            return Err(USAGE.into());
        }
        let value = it
            .next()
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        let num = |v: &str| -> Result<u64, String> {
            v.parse()
                .map_err(|_| format!("{flag}: `{v}` is not a number"))
        };
        match flag.as_str() {
            "--idle" => a.idle = num(&value)? as usize,
            "--games" => a.games = num(&value)? as usize,
            "--seconds" => a.seconds = num(&value)?,
            "--think-ms" => a.think_ms = num(&value)?,
            "--connect" => a.connect = Some(value),
            "--pid" => a.pid = Some(num(&value)? as u32),
            "--server-threads" => a.server_threads = num(&value)?.max(1) as usize,
            "--client-threads" => a.client_threads = num(&value)?.max(1) as usize,
            "--seed" => a.seed = num(&value)?,
            "--setup" => a.setup = num(&value)?.max(1) as usize,
            "--store" => a.store = Some(value.into()),
            _ => return Err(format!("unknown option {flag}\n{USAGE}")),
        }
    }
    if a.idle + 4 * a.games > MAX_CLIENTS {
        return Err(format!("at most {MAX_CLIENTS} clients"));
    }
    if a.seconds == 0 || a.seconds > MAX_SECONDS {
        return Err(format!("--seconds is 1 to {MAX_SECONDS}"));
    }
    if let Some(url) = &a.connect {
        let host = url
            .strip_prefix("ws://")
            .and_then(|r| r.split(['/', ':']).next())
            .unwrap_or("");
        let loopback = host == "localhost"
            || host
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback());
        if !loopback {
            return Err("--connect must name a loopback address (ws://127.0.0.1:PORT/)".into());
        }
    }
    Ok(a)
}

/// Raises the soft file-descriptor limit (and, where allowed, the hard one).
fn raise_fd_limit(wanted: u64) -> u64 {
    if let Ok((soft, hard)) = rlimit::getrlimit(rlimit::Resource::NOFILE) {
        if hard < wanted && rlimit::setrlimit(rlimit::Resource::NOFILE, wanted, wanted).is_ok() {
            return wanted;
        }
        if soft < wanted {
            return rlimit::increase_nofile_limit(wanted).unwrap_or(soft);
        }
        return soft;
    }
    0
}

/// VmRSS and VmHWM of a process, in KiB.
fn memory_kib(pid: Option<u32>) -> Option<(u64, u64)> {
    let path = match pid {
        Some(p) => format!("/proc/{p}/status"),
        None => "/proc/self/status".into(),
    };
    let text = std::fs::read_to_string(path).ok()?;
    let field = |name: &str| {
        text.lines()
            .find(|l| l.starts_with(name))?
            .split_whitespace()
            .nth(1)?
            .parse::<u64>()
            .ok()
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

/// What every client task shares.
struct Shared {
    url: String,
    think: Duration,
    /// Latencies are recorded only while this is set (after every game started).
    measuring: AtomicBool,
    /// Fan-out latencies in microseconds.
    latencies: Mutex<Vec<u32>>,
    /// The worst latency (µs) in each second of the measurement.
    worst_per_second: Mutex<Vec<u32>>,
    started: Mutex<Option<Instant>>,
    moves: AtomicU64,
    games_finished: AtomicU64,
    games_started: AtomicU64,
    connected: AtomicU64,
    errors: AtomicU64,
    rejected: AtomicU64,
    dropped: AtomicU64,
    connect_gate: Semaphore,
    /// Games being set up at once: a host holds a permit from connecting until its game has
    /// started, so few clients wait in the lobby at any time (each lobby client receives every
    /// room change).
    setup_gate: Arc<Semaphore>,
}

/// One game's moves in flight: action index → (sent at, seats that received it).
#[derive(Default)]
struct InFlight {
    sent: Mutex<HashMap<usize, (Instant, u8)>>,
}

fn ws_config() -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0)
}

async fn send(ws: &mut Ws, msg: &ClientMessage) -> bool {
    match protocol::to_bincode(msg) {
        Ok(bytes) => ws.send(Message::Binary(bytes.into())).await.is_ok(),
        Err(_) => false,
    }
}

/// Connects and says hello; `None` when the server refused or the socket failed.
async fn open(shared: &Shared, name: String) -> Option<Ws> {
    let _permit = shared.connect_gate.acquire().await.ok()?;
    let (mut ws, _) =
        tokio_tungstenite::connect_async_with_config(shared.url.as_str(), Some(ws_config()), true)
            .await
            .ok()?;
    let hello = ClientMessage::Hello {
        version: PROTOCOL_VERSION,
        name,
        resume: None,
    };
    if !send(&mut ws, &hello).await {
        return None;
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let frame = tokio::time::timeout_at(deadline, ws.next()).await.ok()??;
        match decode(frame.ok()?) {
            Some(ServerMessage::Welcome { .. }) => {
                shared.connected.fetch_add(1, Ordering::Relaxed);
                return Some(ws);
            }
            Some(ServerMessage::Error { .. }) => return None,
            _ => {}
        }
    }
}

fn decode(frame: Message) -> Option<ServerMessage> {
    match frame {
        Message::Binary(b) => protocol::from_bincode(&b).ok(),
        Message::Text(t) => protocol::from_json(&t).ok(),
        _ => None,
    }
}

/// An idle client: reads (and so answers pings) until told to stop.
async fn idle_client(shared: Arc<Shared>, n: usize, mut stop: watch::Receiver<bool>) {
    let Some(mut ws) = open(&shared, format!("idle{n}")).await else {
        shared.errors.fetch_add(1, Ordering::Relaxed);
        return;
    };
    loop {
        tokio::select! {
            frame = ws.next() => match frame {
                Some(Ok(_)) => {}
                _ => {
                    shared.dropped.fetch_add(1, Ordering::Relaxed);
                    shared.connected.fetch_sub(1, Ordering::Relaxed);
                    return;
                }
            },
            _ = stop.changed() => break,
        }
    }
    let _ = ws.close(None).await;
}

/// How a player gets into its game's room.
enum Role {
    /// Creates the room, tells the others its id, starts when the seats are full.
    Host(Vec<oneshot::Sender<RoomId>>),
    Guest(oneshot::Receiver<RoomId>),
    /// A guest that learnt its room.
    Joining(RoomId),
}

struct Player {
    ws: Ws,
    shared: Arc<Shared>,
    flight: Arc<InFlight>,
    rng: Rng,
    game: Option<Game>,
    seat: Option<Seat>,
    applied: usize,
    move_at: Option<tokio::time::Instant>,
}

impl Player {
    /// The game's state arrived: rebuild the mirror.
    fn started(&mut self, state: &GameState) {
        self.game = state.replay().ok();
        self.seat = state.you;
        self.applied = state.actions.len();
        self.shared.games_started.fetch_add(1, Ordering::Relaxed);
        self.plan_move();
    }

    fn plan_move(&mut self) {
        let mine = match (&self.game, self.seat) {
            (Some(g), Some(s)) => !g.is_over() && g.to_move() == s,
            _ => false,
        };
        // Think for 50–150 % of `--think-ms`, so games do not move in lockstep.
        let think = self
            .shared
            .think
            .mul_f64(0.5 + self.rng.below(1001) as f64 / 1000.0);
        self.move_at = mine.then(|| tokio::time::Instant::now() + think);
    }

    fn events(&mut self, action: &Action) {
        let index = self.applied;
        self.applied += 1;
        if let Action::Move { .. } = action {
            let mut sent = lock(&self.flight.sent);
            if let Some(entry) = sent.get_mut(&index) {
                entry.1 += 1;
                if entry.1 == 4 {
                    let latency = entry.0.elapsed();
                    sent.remove(&index);
                    drop(sent);
                    if self.shared.measuring.load(Ordering::Relaxed) {
                        self.shared.moves.fetch_add(1, Ordering::Relaxed);
                        let micros = latency.as_micros().min(u32::MAX as u128) as u32;
                        lock(&self.shared.latencies).push(micros);
                        if let Some(t0) = *lock(&self.shared.started) {
                            let sec = t0.elapsed().as_secs() as usize;
                            let mut worst = lock(&self.shared.worst_per_second);
                            if worst.len() <= sec {
                                worst.resize(sec + 1, 0);
                            }
                            worst[sec] = worst[sec].max(micros);
                        }
                    }
                }
            }
        }
        if let Some(g) = self.game.as_mut() {
            if action.apply(g).is_err() {
                self.shared.errors.fetch_add(1, Ordering::Relaxed);
                self.game = None;
            }
        }
        self.plan_move();
    }

    async fn move_now(&mut self) -> bool {
        self.move_at = None;
        let Some(g) = &self.game else { return true };
        let legal = g.position().legal_moves();
        if legal.is_empty() {
            return true;
        }
        let mv = legal.as_slice()[self.rng.below(legal.len())];
        lock(&self.flight.sent).insert(self.applied, (Instant::now(), 0));
        send(&mut self.ws, &ClientMessage::Game(GameRequest::Move(mv))).await
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// One seat of a game: joins, plays random legal moves after `think`, asks for a rematch
/// after each game, until told to stop.
async fn player(
    shared: Arc<Shared>,
    flight: Arc<InFlight>,
    name: String,
    seed: u64,
    role: Role,
    mut stop: watch::Receiver<bool>,
) {
    // Guests connect once their host's room exists; hosts wait for a setup slot.
    let (role, setup_permit) = match role {
        Role::Guest(rx) => match rx.await {
            Ok(room) => (Role::Joining(room), None),
            Err(_) => return,
        },
        host => (host, shared.setup_gate.clone().acquire_owned().await.ok()),
    };
    let mut setup_permit = setup_permit; // released when the game starts
    let Some(mut ws) = open(&shared, name.clone()).await else {
        shared.errors.fetch_add(1, Ordering::Relaxed);
        return;
    };
    let mut host_waiting = false;
    match role {
        Role::Host(tell) => {
            let settings = RoomSettings {
                host_seat: Some(Seat::South),
                ..RoomSettings::new(name.clone(), RuleSet::yonin())
            };
            if !send(&mut ws, &ClientMessage::CreateRoom { settings }).await {
                return;
            }
            let id = loop {
                match ws.next().await {
                    Some(Ok(frame)) => {
                        if let Some(ServerMessage::RoomState(s)) = decode(frame) {
                            break s.id;
                        }
                    }
                    _ => return,
                }
            };
            for t in tell {
                let _ = t.send(id);
            }
            host_waiting = true;
        }
        Role::Guest(_) => return,
        Role::Joining(room) => {
            let join = ClientMessage::Join {
                room,
                seat: None,
                code: None,
            };
            if !send(&mut ws, &join).await {
                return;
            }
        }
    }
    let mut p = Player {
        ws,
        shared,
        flight,
        rng: Rng::new(seed),
        game: None,
        seat: None,
        applied: 0,
        move_at: None,
    };
    loop {
        let move_at = p.move_at;
        tokio::select! {
            frame = p.ws.next() => {
                let frame = match frame {
                    Some(Ok(f)) => f,
                    _ => {
                        p.shared.dropped.fetch_add(1, Ordering::Relaxed);
                        p.shared.connected.fetch_sub(1, Ordering::Relaxed);
                        return;
                    }
                };
                let Some(msg) = decode(frame) else { continue };
                match msg {
                    ServerMessage::RoomState(s) if host_waiting => {
                        let full = s.seats.iter().all(|i| !matches!(i.occupant, Occupant::Empty));
                        if full {
                            host_waiting = false;
                            if !send(&mut p.ws, &ClientMessage::Start).await {
                                return;
                            }
                        }
                    }
                    ServerMessage::GameStarted(state) => {
                        drop(setup_permit.take());
                        p.started(&state)
                    }
                    ServerMessage::GameEvents { action, .. } => p.events(&action),
                    ServerMessage::GameOver { .. } => {
                        p.shared.games_finished.fetch_add(1, Ordering::Relaxed);
                        if !*stop.borrow() && !send(&mut p.ws, &ClientMessage::Game(GameRequest::Rematch)).await {
                            return;
                        }
                    }
                    ServerMessage::GameRefused { .. } => {
                        p.shared.rejected.fetch_add(1, Ordering::Relaxed);
                    }
                    ServerMessage::Error { .. } => {
                        p.shared.errors.fetch_add(1, Ordering::Relaxed);
                    }
                    _ => {}
                }
            }
            () = sleep_until(move_at) => {
                if !p.move_now().await {
                    return;
                }
            }
            _ = stop.changed() => break,
        }
    }
    let _ = p.ws.close(None).await;
}

async fn sleep_until(t: Option<tokio::time::Instant>) {
    match t {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

/// Starts the server on its own thread and runtime; returns its URL and a stop switch.
fn start_in_process(args: &Args) -> Result<(String, oneshot::Sender<()>), String> {
    let threads = args.server_threads;
    let store = match &args.store {
        Some(dir) => Some(std::sync::Arc::new(
            yonin_server::store::Store::open(dir)
                .map_err(|e| format!("cannot open the store in {}: {e}", dir.display()))?,
        )),
        None => None,
    };
    let config = yonin_server::Config {
        server_name: "loadgen".into(),
        max_connections: args.idle + 4 * args.games + 64,
        max_rooms: args.games + 16,
        // Every client is on 127.0.0.1: one address, so no per-address share applies here.
        shares: yonin_server::shares::ShareLimits::unlimited(),
        store,
        ..yonin_server::Config::default()
    };
    let (addr_tx, addr_rx) = std::sync::mpsc::channel::<Result<SocketAddr, String>>();
    let (stop_tx, stop_rx) = oneshot::channel::<()>();
    std::thread::Builder::new()
        .name("server".into())
        .spawn(move || {
            let runtime = match tokio::runtime::Builder::new_multi_thread()
                .worker_threads(threads)
                .thread_name("server-worker")
                .enable_all()
                .build()
            {
                Ok(r) => r,
                Err(e) => {
                    let _ = addr_tx.send(Err(e.to_string()));
                    return;
                }
            };
            runtime.block_on(async move {
                let listener = match tokio::net::TcpListener::bind("127.0.0.1:0").await {
                    Ok(l) => l,
                    Err(e) => {
                        let _ = addr_tx.send(Err(e.to_string()));
                        return;
                    }
                };
                let _ = addr_tx.send(listener.local_addr().map_err(|e| e.to_string()));
                let _ = yonin_server::run(listener, config, async {
                    let _ = stop_rx.await;
                })
                .await;
            });
        })
        .map_err(|e| e.to_string())?;
    let addr = addr_rx
        .recv()
        .map_err(|_| "the server thread ended".to_string())??;
    Ok((format!("ws://{addr}/"), stop_tx))
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let clients = args.idle + 4 * args.games;
    let wanted = (2 * clients + 1024) as u64;
    let fds = raise_fd_limit(wanted);
    if fds < wanted {
        eprintln!("warning: the file-descriptor limit is {fds}; {wanted} wanted");
    }
    let before = memory_kib(args.pid);
    let (url, server_stop) = match &args.connect {
        Some(url) => (url.clone(), None),
        None => match start_in_process(&args) {
            Ok((url, stop)) => (url, Some(stop)),
            Err(e) => {
                eprintln!("cannot start the server: {e}");
                std::process::exit(1);
            }
        },
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.client_threads)
        .thread_name("client-worker")
        .enable_all()
        .build()
        .expect("a runtime for the clients");
    let shared = Arc::new(Shared {
        url: url.clone(),
        think: Duration::from_millis(args.think_ms),
        measuring: AtomicBool::new(false),
        latencies: Mutex::new(Vec::new()),
        worst_per_second: Mutex::new(Vec::new()),
        started: Mutex::new(None),
        moves: AtomicU64::new(0),
        games_finished: AtomicU64::new(0),
        games_started: AtomicU64::new(0),
        connected: AtomicU64::new(0),
        errors: AtomicU64::new(0),
        rejected: AtomicU64::new(0),
        dropped: AtomicU64::new(0),
        connect_gate: Semaphore::new(CONNECT_CONCURRENCY),
        setup_gate: Arc::new(Semaphore::new(args.setup)),
    });
    println!(
        "loadgen: {} idle + {} games ({} players) against {url} for {} s; think {} ms; \
         server threads {}, client threads {}, fd limit {fds}",
        args.idle,
        args.games,
        4 * args.games,
        args.seconds,
        args.think_ms,
        if args.connect.is_some() {
            "external".to_string()
        } else {
            args.server_threads.to_string()
        },
        args.client_threads
    );
    runtime.block_on(async {
        let (stop_tx, stop) = watch::channel(false);
        let mut tasks = Vec::new();
        let setup_started = Instant::now();
        for n in 0..args.idle {
            tasks.push(tokio::spawn(idle_client(shared.clone(), n, stop.clone())));
        }
        for g in 0..args.games {
            let flight = Arc::new(InFlight::default());
            let mut tells = Vec::new();
            for s in 1..4 {
                let (tx, rx) = oneshot::channel();
                tells.push(tx);
                tasks.push(tokio::spawn(player(
                    shared.clone(),
                    flight.clone(),
                    format!("g{g}s{s}"),
                    args.seed ^ ((g as u64) << 8) ^ s as u64,
                    Role::Guest(rx),
                    stop.clone(),
                )));
            }
            tasks.push(tokio::spawn(player(
                shared.clone(),
                flight,
                format!("g{g}s0"),
                args.seed ^ ((g as u64) << 8),
                Role::Host(tells),
                stop.clone(),
            )));
        }
        // Wait until every client is connected and every game started (or a minute).
        let setup_limit = Instant::now() + Duration::from_secs(120);
        loop {
            let connected = shared.connected.load(Ordering::Relaxed) as usize;
            let started = shared.games_started.load(Ordering::Relaxed) as usize;
            let failed = shared.errors.load(Ordering::Relaxed) as usize;
            if (connected + failed >= clients && started >= 4 * args.games)
                || Instant::now() > setup_limit
            {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        println!(
            "setup: {} of {clients} connected, {} of {} seats in a game, in {:.1} s",
            shared.connected.load(Ordering::Relaxed),
            shared.games_started.load(Ordering::Relaxed),
            4 * args.games,
            setup_started.elapsed().as_secs_f64()
        );
        *lock(&shared.started) = Some(Instant::now());
        shared.measuring.store(true, Ordering::Relaxed);
        let measure_started = Instant::now();
        let mut peak_rss = 0;
        let end = Instant::now() + Duration::from_secs(args.seconds);
        while Instant::now() < end {
            tokio::time::sleep(Duration::from_millis(500)).await;
            if let Some((rss, _)) = memory_kib(args.pid) {
                peak_rss = peak_rss.max(rss);
            }
        }
        shared.measuring.store(false, Ordering::Relaxed);
        let elapsed = measure_started.elapsed().as_secs_f64();
        let held = shared.connected.load(Ordering::Relaxed);
        let after = memory_kib(args.pid);
        let moves = shared.moves.load(Ordering::Relaxed);
        let mut lat = std::mem::take(&mut *lock(&shared.latencies));
        lat.sort_unstable();
        println!("connections held: {held} of {clients}");
        match (before, after) {
            (Some((b, _)), Some((rss, hwm))) => println!(
                "{} memory: VmRSS {:.1} MiB (peak seen {:.1} MiB, VmHWM {:.1} MiB; {:.1} MiB \
                 before the clients){}",
                if args.connect.is_some() {
                    "server"
                } else {
                    "process (server + clients)"
                },
                mib(rss),
                mib(peak_rss),
                mib(hwm),
                mib(b),
                if held > 0 {
                    format!(
                        ", {:.1} KiB per connection",
                        (rss.saturating_sub(b)) as f64 / held as f64
                    )
                } else {
                    String::new()
                }
            ),
            _ => println!("memory: unknown (pass --pid for an external server)"),
        }
        println!(
            "moves: {moves} in {elapsed:.1} s = {:.0} moves/s; games finished {}",
            moves as f64 / elapsed,
            shared.games_finished.load(Ordering::Relaxed)
        );
        println!(
            "fan-out latency (move sent -> GameEvents at all 4 seats), ms: p50 {:.2}  p95 {:.2}  \
             p99 {:.2}  max {:.2}  (n = {})",
            percentile(&lat, 0.50),
            percentile(&lat, 0.95),
            percentile(&lat, 0.99),
            lat.last().map_or(0.0, |&m| m as f64 / 1000.0),
            lat.len()
        );
        let worst: Vec<String> = lock(&shared.worst_per_second)
            .iter()
            .map(|&w| format!("{}", w / 1000))
            .collect();
        println!("worst latency in each second, ms: {}", worst.join(" "));
        println!(
            "errors {}, rejected moves {}, dropped connections {}",
            shared.errors.load(Ordering::Relaxed),
            shared.rejected.load(Ordering::Relaxed),
            shared.dropped.load(Ordering::Relaxed)
        );
        stop_tx.send_replace(true);
        let _ =
            tokio::time::timeout(Duration::from_secs(20), futures::future::join_all(tasks)).await;
    });
    if let Some(stop) = server_stop {
        let _ = stop.send(());
        // Give the server a moment to close its sockets; the process exits right after.
        std::thread::sleep(Duration::from_millis(200));
    }
}
