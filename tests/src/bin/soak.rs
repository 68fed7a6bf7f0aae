//! `soak`: games in progress through repeated `kill -9` of the server, on loopback only. Starts
//! a `yonin-server` process (the `test-server` built beside this binary, or `--server PATH`) on
//! a store folder, sets up `--games N` games (every fifth a four-person Yonin game, the others
//! standard games of two people), and while scripted clients play random legal moves it kills
//! the server with SIGKILL and starts it again `--cycles` times. Each client comes back with its
//! seat's token and checks that every action it had been told of is still in the game; at the
//! end the games are resigned, the server stopped with SIGTERM, and the store is read: every
//! game must be there, finished, holding every action any of its players acknowledged.
//!
//! ```text
//! cargo build --release -p yonin-tests --bin soak --bin test-server
//! target/release/soak --games 100 --cycles 20
//! ```
//!
//! Everything is bounded (each wait has a deadline) and the server is killed on any way out.

use futures::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use yonin_core::protocol::{
    self, ClientMessage, GameRequest, GameState, ResumeToken, RoomId, RoomSettings, ServerMessage,
    PROTOCOL_VERSION,
};
use yonin_core::record::stored::{GameFilter, GameId};
use yonin_core::Action;
use yonin_core::{Game, RuleSet, Seat};
use yonin_server::store::Store;
use yonin_tests::Rng;

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

const USAGE: &str = "usage: soak [--games N] [--cycles C] [--think-ms T] [--seed S]
            [--server PATH] [--data DIR] [--port P]
  runs N games (default 100) through C (default 20) kill -9s of the server";

struct Args {
    games: usize,
    cycles: usize,
    think: Duration,
    seed: u64,
    server: PathBuf,
    data: Option<PathBuf>,
    port: u16,
}

fn parse_args() -> Result<Args, String> {
    let server = std::env::current_exe()
        .map_err(|e| e.to_string())?
        .with_file_name("test-server");
    let mut a = Args {
        games: 100,
        cycles: 20,
        think: Duration::from_millis(300),
        seed: 1,
        server,
        data: None,
        port: 0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it
            .next()
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        let num = |v: &str| {
            v.parse::<u64>()
                .map_err(|_| format!("{flag}: not a number"))
        };
        match flag.as_str() {
            "--games" => a.games = num(&value)?.clamp(1, 400) as usize,
            "--cycles" => a.cycles = num(&value)?.min(1000) as usize,
            "--think-ms" => a.think = Duration::from_millis(num(&value)?.clamp(10, 10_000)),
            "--seed" => a.seed = num(&value)?,
            "--server" => a.server = PathBuf::from(value),
            "--data" => a.data = Some(PathBuf::from(value)),
            "--port" => a.port = num(&value)?.min(65535) as u16,
            _ => return Err(USAGE.into()),
        }
    }
    Ok(a)
}

// ---- The server process ---------------------------------------------------------------------

/// The server process; killed and reaped on drop, however the soak ends.
struct Server {
    child: Option<Child>,
}

impl Server {
    fn start(args: &Args, data: &Path, port: u16) -> Result<Server, String> {
        let child = Command::new(&args.server)
            .args(["--bind", &format!("127.0.0.1:{port}"), "--no-beacon"])
            .args(["--grace-secs", "300", "--max-connections", "2000"])
            .args(["--max-connections-per-address", "2000"])
            .args(["--max-pending-per-address", "512"])
            .args(["--max-rooms", "1000", "--max-rooms-per-address", "1000"])
            .arg("--data")
            .arg(data)
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", args.server.display()))?;
        Ok(Server { child: Some(child) })
    }

    /// Waits until it accepts connections.
    async fn ready(&self, port: u16) -> Result<(), String> {
        let until = Instant::now() + Duration::from_secs(20);
        while Instant::now() < until {
            if TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
                return Ok(());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Err(format!("the server did not listen on {port} within 20 s"))
    }

    fn kill(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// SIGTERM, then up to 15 s for the process to end (SIGKILL after that).
    fn terminate(&mut self) -> bool {
        let Some(mut c) = self.child.take() else {
            return false;
        };
        let pid = c.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        let until = Instant::now() + Duration::from_secs(15);
        while Instant::now() < until {
            if let Ok(Some(status)) = c.try_wait() {
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = c.kill();
        let _ = c.wait();
        false
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

// ---- What every client reports --------------------------------------------------------------

#[derive(Default)]
struct Tally {
    /// Resumes that found every action the client had been told of.
    resumes_ok: AtomicU64,
    /// Acknowledged actions missing from a resumed game (the number that must stay 0).
    actions_lost: AtomicU64,
    /// Seats not given back (BadToken) — a game lost.
    seats_lost: AtomicU64,
    moves: AtomicU64,
    refused_moves: AtomicU64,
    errors: AtomicU64,
    /// Each client's count of connections made (to see every client came back each cycle).
    reconnects: AtomicU64,
}

/// What the controller asks of the clients.
struct Control {
    /// Set once the cycles are done: clients resign (all but the game's last seat).
    finish: AtomicBool,
    tally: Tally,
    /// Per room name, the longest action list any of its players acknowledged.
    acked: Mutex<HashMap<String, Vec<Action>>>,
    /// Clients whose game is over.
    over: AtomicU64,
    url: String,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

// ---- A client -------------------------------------------------------------------------------

async fn send(ws: &mut Ws, msg: &ClientMessage) -> bool {
    match protocol::to_bincode(msg) {
        Ok(b) => tokio::time::timeout(Duration::from_secs(5), ws.send(Message::Binary(b.into())))
            .await
            .is_ok_and(|r| r.is_ok()),
        Err(_) => false,
    }
}

fn decode(frame: Message) -> Option<ServerMessage> {
    match frame {
        Message::Binary(b) => protocol::from_bincode(&b).ok(),
        Message::Text(t) => protocol::from_json(&t).ok(),
        _ => None,
    }
}

/// The next server message within `limit`; `None` when the socket ended or nothing came.
async fn next(ws: &mut Ws, limit: Duration) -> Option<ServerMessage> {
    let until = tokio::time::Instant::now() + limit;
    loop {
        let frame = tokio::time::timeout_at(until, ws.next())
            .await
            .ok()??
            .ok()?;
        if let Some(m) = decode(frame) {
            return Some(m);
        }
    }
}

/// Connects and says hello (with a token to resume); `None` if the server is not there.
async fn connect(url: &str, name: &str, resume: Option<ResumeToken>) -> Option<Ws> {
    let (mut ws, _) = tokio::time::timeout(
        Duration::from_secs(5),
        tokio_tungstenite::connect_async(url),
    )
    .await
    .ok()?
    .ok()?;
    let hello = ClientMessage::Hello {
        version: PROTOCOL_VERSION,
        name: name.to_string(),
        resume,
    };
    send(&mut ws, &hello).await.then_some(ws)
}

struct Client {
    name: String,
    room_name: String,
    ctl: Arc<Control>,
    rng: Rng,
    think: Duration,
    token: Option<ResumeToken>,
    seat: Option<Seat>,
    game: Option<Game>,
    /// Every action this client has been told of, in order.
    acked: Vec<Action>,
    /// This seat resigns at the end (all but one seat of each game do).
    resigns: bool,
    resigned: bool,
    over: bool,
}

impl Client {
    /// The game's state arrived (at the start, or on a resume): it must hold every action we
    /// were told of.
    fn state(&mut self, state: &GameState, resumed: bool) {
        let t = &self.ctl.tally;
        let kept = state.actions.len() >= self.acked.len()
            && state.actions[..self.acked.len()] == self.acked[..];
        if !kept {
            let common = self
                .acked
                .iter()
                .zip(&state.actions)
                .take_while(|(a, b)| a == b)
                .count();
            let lost = (self.acked.len() - common) as u64;
            t.actions_lost.fetch_add(lost, Ordering::Relaxed);
            eprintln!(
                "{}: {lost} acknowledged actions missing after a resume ({} known, {} back)",
                self.name,
                self.acked.len(),
                state.actions.len()
            );
        } else if resumed {
            t.resumes_ok.fetch_add(1, Ordering::Relaxed);
        }
        self.acked = state.actions.clone();
        self.note_acked();
        self.seat = state.you;
        if state.token.is_some() {
            self.token = state.token;
        }
        self.game = state.replay().ok();
        if self.game.is_none() {
            t.errors.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn event(&mut self, action: Action) {
        if let Some(g) = self.game.as_mut() {
            if action.apply(g).is_err() {
                self.ctl.tally.errors.fetch_add(1, Ordering::Relaxed);
                self.game = None;
            }
        }
        self.acked.push(action);
        self.note_acked();
    }

    fn note_acked(&self) {
        let mut all = lock(&self.ctl.acked);
        let known = all.entry(self.room_name.clone()).or_default();
        if self.acked.len() > known.len() {
            *known = self.acked.clone();
        }
    }

    fn my_turn(&self) -> bool {
        match (&self.game, self.seat) {
            (Some(g), Some(s)) => !g.is_over() && g.to_move() == s,
            _ => false,
        }
    }

    /// Plays (or resigns) on one connection until it drops or the game is over. True when
    /// the game is over for this client.
    async fn play(&mut self, ws: &mut Ws) -> bool {
        let mut move_at: Option<tokio::time::Instant> = None;
        loop {
            if self.over {
                return true;
            }
            if self.ctl.finish.load(Ordering::Relaxed) && self.resigns && !self.resigned {
                if !send(ws, &ClientMessage::Game(GameRequest::Resign)).await {
                    return false;
                }
                self.resigned = true;
            }
            if move_at.is_none() && self.my_turn() && !self.resigned {
                let think = self
                    .think
                    .mul_f64(0.5 + self.rng.below(1001) as f64 / 1000.0);
                move_at = Some(tokio::time::Instant::now() + think);
            }
            let wake =
                move_at.unwrap_or_else(|| tokio::time::Instant::now() + Duration::from_millis(200));
            tokio::select! {
                frame = ws.next() => {
                    let Some(Ok(frame)) = frame else { return false };
                    let Some(msg) = decode(frame) else { continue };
                    match msg {
                        ServerMessage::GameStarted(state) => {
                            self.state(&state, true);
                            move_at = None;
                        }
                        ServerMessage::SeatGranted { token, seat, .. } => {
                            self.token = Some(token);
                            self.seat = Some(seat);
                        }
                        ServerMessage::GameEvents { action, .. } => {
                            self.event(action);
                            move_at = None;
                        }
                        ServerMessage::GameOver { .. } => {
                            self.over = true;
                            self.ctl.over.fetch_add(1, Ordering::Relaxed);
                        }
                        ServerMessage::GameRefused { .. } => {
                            self.ctl.tally.refused_moves.fetch_add(1, Ordering::Relaxed);
                            move_at = None;
                        }
                        ServerMessage::Error { code, message } => {
                            if code == protocol::ErrorCode::BadToken {
                                eprintln!("{}: seat not given back: {message}", self.name);
                                self.ctl.tally.seats_lost.fetch_add(1, Ordering::Relaxed);
                                self.over = true;
                                self.ctl.over.fetch_add(1, Ordering::Relaxed);
                            } else {
                                self.ctl.tally.errors.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                        _ => {}
                    }
                }
                () = tokio::time::sleep_until(wake) => {
                    if move_at.is_some_and(|t| t <= tokio::time::Instant::now()) {
                        move_at = None;
                        let Some(g) = &self.game else { continue };
                        let legal = g.position().legal_moves();
                        if legal.is_empty() {
                            continue;
                        }
                        let mv = legal.as_slice()[self.rng.below(legal.len())];
                        if !send(ws, &ClientMessage::Game(GameRequest::Move(mv))).await {
                            return false;
                        }
                        self.ctl.tally.moves.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
        }
    }

    /// Plays to the end of the game, coming back with the token whenever the server goes.
    async fn run(mut self, mut ws: Ws) {
        let hard_stop = tokio::time::Instant::now() + Duration::from_secs(3600);
        loop {
            if self.play(&mut ws).await {
                let _ = ws.close(None).await;
                return;
            }
            // The server went away: come back with the seat's token until it answers.
            loop {
                if tokio::time::Instant::now() > hard_stop {
                    eprintln!("{}: gave up coming back", self.name);
                    return;
                }
                tokio::time::sleep(Duration::from_millis(50 + self.rng.below(100) as u64)).await;
                if let Some(w) = connect(&self.ctl.url, &self.name, self.token).await {
                    ws = w;
                    self.ctl.tally.reconnects.fetch_add(1, Ordering::Relaxed);
                    break;
                }
            }
        }
    }
}

// ---- Setting the games up -------------------------------------------------------------------

/// Waits for a message `pick` accepts on `ws` (15 s at most).
async fn wait<T>(ws: &mut Ws, mut pick: impl FnMut(&ServerMessage) -> Option<T>) -> Option<T> {
    let until = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let left = until.saturating_duration_since(tokio::time::Instant::now());
        let m = next(ws, left).await?;
        if let ServerMessage::Error { message, .. } = &m {
            eprintln!("setup: {message}");
        }
        if let Some(t) = pick(&m) {
            return Some(t);
        }
    }
}

/// One game: its host creates the room, the others join, the host starts; each client has
/// its game state. Returns the clients with their sockets.
async fn set_up(
    ctl: &Arc<Control>,
    g: usize,
    yonin: bool,
    args: &Args,
) -> Option<Vec<(Client, Ws)>> {
    let room_name = format!("soak {g}");
    let people = if yonin { 4 } else { 2 };
    let rules = if yonin {
        RuleSet::yonin()
    } else {
        RuleSet::standard()
    };
    let mut out = Vec::new();
    let mut room: Option<RoomId> = None;
    for k in 0..people {
        let name = format!("g{g}p{k}");
        let mut ws = connect(&ctl.url, &name, None).await?;
        wait(&mut ws, |m| {
            matches!(m, ServerMessage::Welcome { .. }).then_some(())
        })
        .await?;
        match room {
            None => {
                let settings = RoomSettings::new(room_name.clone(), rules);
                send(&mut ws, &ClientMessage::CreateRoom { settings }).await;
                room = Some(
                    wait(&mut ws, |m| match m {
                        ServerMessage::RoomState(s) => Some(s.id),
                        _ => None,
                    })
                    .await?,
                );
            }
            Some(id) => {
                let join = ClientMessage::Join {
                    room: id,
                    seat: None,
                    code: None,
                };
                send(&mut ws, &join).await;
                wait(&mut ws, |m| {
                    matches!(m, ServerMessage::SeatGranted { .. }).then_some(())
                })
                .await?;
            }
        }
        let client = Client {
            name,
            room_name: room_name.clone(),
            ctl: ctl.clone(),
            rng: Rng::new(args.seed ^ (g * 8 + k) as u64),
            think: args.think,
            token: None,
            seat: None,
            game: None,
            acked: Vec::new(),
            resigns: k + 1 < people,
            resigned: false,
            over: false,
        };
        out.push((client, ws));
    }
    send(&mut out[0].1, &ClientMessage::Start).await;
    for (c, ws) in out.iter_mut() {
        let state = wait(ws, |m| match m {
            ServerMessage::GameStarted(s) => Some(s.clone()),
            _ => None,
        })
        .await?;
        c.state(&state, false);
    }
    Some(out)
}

// ---- The soak -------------------------------------------------------------------------------

async fn soak(args: Args) -> Result<bool, String> {
    let data = match &args.data {
        Some(d) => d.clone(),
        None => std::env::temp_dir().join(format!("yonin-soak-{}", std::process::id())),
    };
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(&data).map_err(|e| format!("{}: {e}", data.display()))?;
    let port = match args.port {
        0 => std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| e.to_string())?
            .port(),
        p => p,
    };
    let ctl = Arc::new(Control {
        finish: AtomicBool::new(false),
        tally: Tally::default(),
        acked: Mutex::new(HashMap::new()),
        over: AtomicU64::new(0),
        url: format!("ws://127.0.0.1:{port}/"),
    });
    let mut server = Server::start(&args, &data, port)?;
    server.ready(port).await?;

    let t0 = Instant::now();
    let mut clients = Vec::new();
    for g in 0..args.games {
        let yonin = g % 5 == 4;
        let set = set_up(&ctl, g, yonin, &args)
            .await
            .ok_or_else(|| format!("game {g} could not be set up"))?;
        clients.extend(set);
    }
    let people = clients.len() as u64;
    println!(
        "soak: {} games ({} Yonin), {people} clients, set up in {:.1} s; {} cycles of kill -9",
        args.games,
        args.games / 5,
        t0.elapsed().as_secs_f64(),
        args.cycles
    );
    let tasks: Vec<_> = clients
        .into_iter()
        .map(|(c, ws)| tokio::spawn(c.run(ws)))
        .collect();

    let mut rng = Rng::new(args.seed);
    let mut back_ms = Vec::new();
    for cycle in 1..=args.cycles {
        tokio::time::sleep(Duration::from_millis(1500 + rng.below(2500) as u64)).await;
        let moves = ctl.tally.moves.load(Ordering::Relaxed);
        server.kill();
        let down = Instant::now();
        tokio::time::sleep(Duration::from_millis(rng.below(500) as u64)).await;
        let before = ctl.tally.reconnects.load(Ordering::Relaxed);
        server = Server::start(&args, &data, port)?;
        server.ready(port).await?;
        // Every client still playing comes back.
        let playing = people - ctl.over.load(Ordering::Relaxed);
        let until = Instant::now() + Duration::from_secs(60);
        while ctl.tally.reconnects.load(Ordering::Relaxed) - before < playing {
            if Instant::now() > until {
                return Err(format!(
                    "cycle {cycle}: not every client came back within 60 s"
                ));
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let back = down.elapsed();
        back_ms.push(back.as_millis() as u64);
        println!(
            "cycle {cycle:2}: killed after {moves} moves in all; {playing} clients back in {} ms",
            back.as_millis()
        );
    }

    // The end: all but one seat of each game resigns; every game ends.
    tokio::time::sleep(Duration::from_secs(2)).await;
    ctl.finish.store(true, Ordering::Relaxed);
    let until = Instant::now() + Duration::from_secs(120);
    while ctl.over.load(Ordering::Relaxed) < people && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let over = ctl.over.load(Ordering::Relaxed);
    let graceful = server.terminate();
    for t in tasks {
        t.abort();
    }

    // The store: every game finished, with every acknowledged action.
    let store = Store::open(&data).map_err(|e| format!("the store: {e}"))?;
    let mut stored = Vec::new();
    let mut before: Option<GameId> = None;
    loop {
        let page = store.list(&GameFilter {
            limit: 200,
            before,
            ..GameFilter::default()
        });
        let Some(last) = page.last() else { break };
        before = Some(last.id);
        stored.extend(page.into_iter().map(|s| s.id));
    }
    let mut by_name = HashMap::new();
    for id in stored {
        if let Some(g) = store.get(id) {
            by_name.insert(g.room_name.clone(), g);
        }
    }
    let acked = lock(&ctl.acked).clone();
    let (mut games_lost, mut actions_lost) = (0, 0u64);
    for (name, actions) in &acked {
        match by_name.get(name) {
            None => {
                games_lost += 1;
                eprintln!("{name}: not in the store");
            }
            Some(g) => {
                let common = actions
                    .iter()
                    .zip(&g.actions)
                    .take_while(|(a, b)| a == b)
                    .count();
                actions_lost += (actions.len() - common) as u64;
            }
        }
    }
    let live_left = store.live_games().map_or(usize::MAX, |l| l.len());
    let t = &ctl.tally;
    back_ms.sort_unstable();
    let median = back_ms.get(back_ms.len() / 2).copied().unwrap_or(0);
    let worst = back_ms.last().copied().unwrap_or(0);
    println!(
        "moves played {}, refused {}; resumes that found every action {}; clients' game over {over} \
         of {people}; the last stop graceful: {graceful}",
        t.moves.load(Ordering::Relaxed),
        t.refused_moves.load(Ordering::Relaxed),
        t.resumes_ok.load(Ordering::Relaxed),
    );
    println!("every client back after a kill: median {median} ms, worst {worst} ms");
    println!(
        "games lost {games_lost} of {}; acknowledged actions lost {} (at resumes) + \
         {actions_lost} (in the store); seats not given back {}; games still in progress in \
         the store {live_left}; other errors {}",
        acked.len(),
        t.actions_lost.load(Ordering::Relaxed),
        t.seats_lost.load(Ordering::Relaxed),
        t.errors.load(Ordering::Relaxed),
    );
    let ok = games_lost == 0
        && actions_lost == 0
        && t.actions_lost.load(Ordering::Relaxed) == 0
        && t.seats_lost.load(Ordering::Relaxed) == 0
        && acked.len() == args.games
        && over == people
        && live_left == 0;
    drop(store);
    if args.data.is_none() {
        let _ = std::fs::remove_dir_all(&data);
    }
    Ok(ok)
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("soak: {e}");
            std::process::exit(1);
        }
    };
    match runtime.block_on(soak(args)) {
        Ok(true) => println!("soak: PASS"),
        Ok(false) => {
            println!("soak: FAIL");
            std::process::exit(1);
        }
        Err(e) => {
            eprintln!("soak: {e}");
            std::process::exit(1);
        }
    }
}
