//! The network thread: a tokio runtime of its own (never inside macroquad's executor) that
//! speaks the protocol over one WebSocket, and — for offline and LAN-host games — runs the
//! server library in-process and connects to it like any other client. The frame loop talks
//! to it through channels and never waits: commands go in through an unbounded channel,
//! events come out through a std channel it drains each frame.
//!
//! The in-process server may keep its games in a store folder (the app gives it one in its
//! data folder): a window that crashed and is started again carries its games on. A store
//! held by another window is left alone, and that server keeps no games.
//!
//! Usable without a window: the offline end-to-end test drives it directly.

pub(crate) mod hosting;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::mpsc as std_mpsc;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use yonin_core::protocol::{self, ClientMessage, ServerMessage};
use yonin_server::store::{Store, StoreError};

/// The port a dedicated server and a LAN host listen on by default.
pub(crate) const DEFAULT_PORT: u16 = 7878;

/// What the network thread reports.
#[derive(Clone, Debug)]
pub enum NetEvent {
    /// The embedded server listens here (offline and LAN-host games); `games_kept` says
    /// whether it keeps its games (false: no store was asked for, or another window holds it).
    Hosting {
        addr: SocketAddr,
        games_kept: bool,
    },
    /// The WebSocket is open.
    Connected {
        url: String,
    },
    Message(ServerMessage),
    /// The connection is gone (or never came up); the text says why, for people.
    Closed(String),
}

/// The frame loop's end of the network thread. Dropping it closes the connection and stops
/// the embedded server.
///
/// The thread outlives a lost connection: after `NetEvent::Closed` it waits for
/// [`NetHandle::reconnect`] (the session decides when, with its backoff) and keeps an
/// embedded server running meanwhile, so a seat can be taken back on the same server.
#[derive(Debug)]
pub struct NetHandle {
    commands: mpsc::UnboundedSender<Command>,
    events: std_mpsc::Receiver<NetEvent>,
}

/// What the frame loop asks of the network thread.
#[derive(Debug)]
enum Command {
    /// Send this message (dropped when no connection is open).
    Send(ClientMessage),
    /// Open a new connection to the same place (ignored while one is open).
    Reconnect,
    /// Close the connection and open one to this URL (a room on another node of a cluster);
    /// later reconnections go there too.
    Follow(String),
}

/// Where to connect.
#[derive(Clone, Debug)]
enum Target {
    Remote(String),
    /// Start the server library on `bind` and connect to it; with a name, also announce it
    /// on the local network; with a store folder, keep its games there.
    Host {
        bind: SocketAddr,
        lan: Option<String>,
        store: Option<PathBuf>,
    },
}

impl NetHandle {
    /// Connects to a server (`host:port` or a `ws://` URL).
    pub fn connect(address: &str) -> NetHandle {
        NetHandle::spawn(Target::Remote(ws_url(address)))
    }

    /// Starts the server in-process on loopback (port chosen by the system) and connects to
    /// it: the offline path. Its games are kept nowhere.
    pub fn offline() -> NetHandle {
        NetHandle::offline_with(None)
    }

    /// [`NetHandle::offline`] with the server's store in `store` (a folder): games in
    /// progress there are carried on when the server starts again.
    pub(crate) fn offline_with(store: Option<PathBuf>) -> NetHandle {
        NetHandle::spawn(Target::Host {
            bind: SocketAddr::from(([127, 0, 0, 1], 0)),
            lan: None,
            store,
        })
    }

    /// Starts the server in-process on `bind` (e.g. `0.0.0.0:7878` for a LAN party),
    /// announces it on the local network as `name`, and connects to it.
    pub fn host(bind: SocketAddr, name: &str) -> NetHandle {
        NetHandle::host_with(bind, name, None)
    }

    /// [`NetHandle::host`] with the server's store in `store` (a folder).
    pub(crate) fn host_with(bind: SocketAddr, name: &str, store: Option<PathBuf>) -> NetHandle {
        NetHandle::spawn(Target::Host {
            bind,
            lan: Some(name.to_string()),
            store,
        })
    }

    fn spawn(target: Target) -> NetHandle {
        let (cmd_tx, cmd_rx) = mpsc::unbounded_channel();
        let (ev_tx, ev_rx) = std_mpsc::channel();
        let ev_tx = EventSender(ev_tx);
        let spawned = std::thread::Builder::new().name("yonin-net".into()).spawn({
            let ev_tx = ev_tx.clone();
            move || run_thread(target, cmd_rx, ev_tx)
        });
        if let Err(e) = spawned {
            let _ = ev_tx.send(NetEvent::Closed(format!(
                "Could not start the network thread ({e})."
            )));
        }
        NetHandle {
            commands: cmd_tx,
            events: ev_rx,
        }
    }

    /// Queues a message; false when the network thread is gone. Messages queued while the
    /// connection is down are dropped, not kept for the next one.
    pub fn send(&self, msg: ClientMessage) -> bool {
        self.commands.send(Command::Send(msg)).is_ok()
    }

    /// Asks for a new connection after `NetEvent::Closed`; it answers with `Connected` or
    /// another `Closed`. False when the network thread is gone.
    pub fn reconnect(&self) -> bool {
        self.commands.send(Command::Reconnect).is_ok()
    }

    /// A handle with no thread behind it: nothing arrives and nothing is sent (scenes drawn
    /// without a server).
    pub fn detached() -> NetHandle {
        let (commands, _) = mpsc::unbounded_channel();
        let (_, events) = std_mpsc::channel();
        NetHandle { commands, events }
    }

    /// The next event, if one is waiting (never blocks).
    pub(crate) fn try_recv(&self) -> Option<NetEvent> {
        self.events.try_recv().ok()
    }

    /// Leaves the server for the one at `url` (a `Redirect`): the connection open now is
    /// closed, one to `url` opened (answered with `Connected` or `Closed`), and later
    /// reconnections go to `url`. False when the network thread is gone.
    pub(crate) fn follow(&self, url: &str) -> bool {
        self.commands.send(Command::Follow(url.to_string())).is_ok()
    }

    /// Waits up to `timeout` for an event (for tests and tools, not the frame loop).
    pub fn recv_timeout(&self, timeout: Duration) -> Option<NetEvent> {
        self.events.recv_timeout(timeout).ok()
    }
}

/// `host:port`, `host` or a URL → a `ws://` URL.
pub(crate) fn ws_url(address: &str) -> String {
    let a = address.trim();
    if a.starts_with("ws://") || a.starts_with("wss://") {
        return a.to_string();
    }
    let has_port = a
        .rsplit_once(':')
        .is_some_and(|(_, p)| p.parse::<u16>().is_ok());
    if has_port {
        format!("ws://{a}/")
    } else {
        format!("ws://{a}:{DEFAULT_PORT}/")
    }
}

/// The network thread's end of the event channel: every event also wakes the window.
#[derive(Clone)]
struct EventSender(std_mpsc::Sender<NetEvent>);

/// The frame loop dropped its handle: nobody reads events any more.
#[derive(Debug)]
struct HandleGone;

impl EventSender {
    fn send(&self, event: NetEvent) -> Result<(), HandleGone> {
        let sent = self.0.send(event).map_err(|_| HandleGone);
        crate::redraw::poke();
        sent
    }
}

fn run_thread(target: Target, mut commands: mpsc::UnboundedReceiver<Command>, events: EventSender) {
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("yonin-net-worker")
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            let _ = events.send(NetEvent::Closed(format!(
                "Could not start networking ({e})."
            )));
            return;
        }
    };
    rt.block_on(async move {
        let (url, server) = match target {
            Target::Remote(url) => (url, None),
            Target::Host { bind, lan, store } => match start_server(bind, lan, store).await {
                Ok((addr, server)) => {
                    let games_kept = server.games_kept;
                    let _ = events.send(NetEvent::Hosting { addr, games_kept });
                    (format!("ws://127.0.0.1:{}/", addr.port()), Some(server))
                }
                Err(e) => {
                    let _ = events.send(NetEvent::Closed(format!(
                        "Could not start the game server on {bind}: {e}."
                    )));
                    return;
                }
            },
        };
        // One connection after another, for as long as the frame loop holds the handle.
        let mut url = url;
        loop {
            match talk(&url, &mut commands, &events).await {
                Ended::HandleGone => break,
                Ended::Follow(to) => url = to,
                Ended::Lost(why) => {
                    if events.send(NetEvent::Closed(why)).is_err() {
                        break;
                    }
                    match wait_for_reconnect(&mut commands).await {
                        Some(Some(to)) => url = to,
                        Some(None) => {}
                        None => break,
                    }
                }
            }
        }
        if let Some(server) = server {
            server.stop().await;
        }
    });
    // Bots may still be thinking on blocking threads; do not wait for them.
    rt.shutdown_timeout(Duration::from_millis(500));
}

/// The in-process server and the way to stop it.
struct Server {
    shutdown: oneshot::Sender<()>,
    task: tokio::task::JoinHandle<()>,
    games_kept: bool,
}

impl Server {
    async fn stop(self) {
        let _ = self.shutdown.send(());
        let _ = tokio::time::timeout(Duration::from_secs(3), self.task).await;
    }
}

/// How long a store held by another server of this process is waited for: a window that
/// just closed its game (back to the menu, then "Rejoin") lets go of it within a second or
/// two, as its server stops.
const STORE_IN_USE_WAIT: Duration = Duration::from_secs(4);

/// Opens the in-process server's store in `dir`. Another window of the client may hold it
/// (two games at once): after [`STORE_IN_USE_WAIT`] that server runs without a store, and
/// says so in the log.
async fn open_store(dir: PathBuf) -> Option<Arc<Store>> {
    let shown = dir.display().to_string();
    let deadline = tokio::time::Instant::now() + STORE_IN_USE_WAIT;
    let opened = loop {
        let at = dir.clone();
        let opened = tokio::task::spawn_blocking(move || Store::open(at)).await;
        if matches!(opened, Ok(Err(StoreError::InUse(_)))) && tokio::time::Instant::now() < deadline
        {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        break opened;
    };
    match opened {
        Ok(Ok(store)) => Some(Arc::new(store)),
        Ok(Err(StoreError::InUse(path))) => {
            tracing::warn!(
                "the game store {} is in use by another window: this server keeps no games",
                path.display()
            );
            None
        }
        Ok(Err(e)) => {
            tracing::warn!("no game store in {shown}, this server keeps no games: {e}");
            None
        }
        Err(e) => {
            tracing::warn!("opening the game store in {shown} failed: {e}");
            None
        }
    }
}

async fn start_server(
    bind: SocketAddr,
    lan: Option<String>,
    store: Option<PathBuf>,
) -> std::io::Result<(SocketAddr, Server)> {
    let listener = tokio::net::TcpListener::bind(bind).await?;
    let addr = listener.local_addr()?;
    let store = match store {
        Some(dir) => open_store(dir).await,
        None => None,
    };
    let games_kept = store.is_some();
    let (shutdown, rx) = oneshot::channel::<()>();
    let config = yonin_server::Config {
        store,
        server_name: lan.clone().unwrap_or_else(|| "this computer".into()),
        shutdown_timeout: Duration::from_secs(1),
        // A LAN host tells the network it is there; an offline game on loopback does not.
        beacon: lan.map(|_| yonin_server::discovery::BeaconConfig::default()),
        ..yonin_server::Config::default()
    };
    let task = tokio::spawn(async move {
        let stop = async move {
            let _ = rx.await;
        };
        if let Err(e) = yonin_server::run(listener, config, stop).await {
            tracing::warn!("embedded server stopped: {e}");
        }
    });
    Ok((
        addr,
        Server {
            shutdown,
            task,
            games_kept,
        },
    ))
}

/// How one connection ended.
enum Ended {
    /// The frame loop let go of the handle: the thread stops.
    HandleGone,
    /// The connection failed or was closed; the text says why, for people.
    Lost(String),
    /// The frame loop asked for another server: connect there now.
    Follow(String),
}

/// Waits, between connections, for a reconnect request: `Some(None)` to connect to the same
/// place, `Some(Some(url))` to go to `url`, `None` when the handle is gone. Messages sent
/// meanwhile have nowhere to go and are dropped.
async fn wait_for_reconnect(
    commands: &mut mpsc::UnboundedReceiver<Command>,
) -> Option<Option<String>> {
    loop {
        match commands.recv().await {
            Some(Command::Reconnect) => return Some(None),
            Some(Command::Follow(url)) => return Some(Some(url)),
            Some(Command::Send(msg)) => tracing::debug!("not connected: dropped {msg:?}"),
            None => return None,
        }
    }
}

/// Runs one WebSocket session until either side ends it; says how it ended.
async fn talk(
    url: &str,
    commands: &mut mpsc::UnboundedReceiver<Command>,
    events: &EventSender,
) -> Ended {
    use futures::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;

    let connect = tokio_tungstenite::connect_async(url);
    let ws = match tokio::time::timeout(Duration::from_secs(10), connect).await {
        Ok(Ok((ws, _))) => ws,
        Ok(Err(e)) => {
            return Ended::Lost(format!(
                "Could not connect to {url}: {e}. Check the address and that the server runs."
            ))
        }
        Err(_) => {
            return Ended::Lost(format!(
                "No answer from {url} within 10 seconds. Check the address."
            ))
        }
    };
    if events
        .send(NetEvent::Connected {
            url: url.to_string(),
        })
        .is_err()
    {
        return Ended::HandleGone;
    }
    let (mut sink, mut stream) = ws.split();
    loop {
        tokio::select! {
            cmd = commands.recv() => match cmd {
                Some(Command::Reconnect) => {}
                Some(Command::Follow(to)) => {
                    let _ = tokio::time::timeout(Duration::from_secs(1), sink.close()).await;
                    return Ended::Follow(to);
                }
                Some(Command::Send(msg)) => {
                    let frame = match protocol::to_bincode(&msg) {
                        Ok(bytes) => Message::binary(bytes),
                        Err(e) => {
                            tracing::warn!("could not encode {msg:?}: {e}");
                            continue;
                        }
                    };
                    if let Err(e) = sink.send(frame).await {
                        return Ended::Lost(format!("The connection broke while sending ({e})."));
                    }
                }
                None => {
                    // The frame loop let go of the handle: close politely.
                    let _ = tokio::time::timeout(Duration::from_secs(1), sink.close()).await;
                    return Ended::HandleGone;
                }
            },
            frame = stream.next() => {
                let msg = match frame {
                    Some(Ok(Message::Binary(b))) => protocol::from_bincode::<ServerMessage>(&b),
                    Some(Ok(Message::Text(t))) => protocol::from_json::<ServerMessage>(t.as_str()),
                    Some(Ok(Message::Close(c))) => {
                        return Ended::Lost(match c {
                            Some(c) if !c.reason.is_empty() => format!("The server closed the connection: {}.", c.reason),
                            _ => "The server closed the connection.".into(),
                        });
                    }
                    Some(Ok(_)) => continue,
                    Some(Err(e)) => return Ended::Lost(format!("The connection broke ({e}).")),
                    None => return Ended::Lost("The server closed the connection.".into()),
                };
                match msg {
                    Ok(m) => {
                        if events.send(NetEvent::Message(m)).is_err() {
                            return Ended::HandleGone;
                        }
                    }
                    Err(e) => tracing::warn!("unreadable message from the server: {e}"),
                }
            }
        }
    }
}

/// Servers announcing themselves on the local network, heard by a small thread of its own.
/// Dropping it stops listening.
pub struct LanScan {
    heard: std::sync::Arc<std::sync::Mutex<Vec<LanServer>>>,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// Why listening failed, if it did.
    error: std::sync::Arc<std::sync::Mutex<Option<String>>>,
}

/// A server heard on the LAN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LanServer {
    pub name: String,
    /// What to type in the address field (`host:port`).
    pub address: String,
    pub rooms: u16,
    /// Rooms with open seats.
    pub open: usize,
    /// Speaks this program's protocol.
    pub compatible: bool,
}

impl LanScan {
    /// Starts listening for beacons on the usual UDP port.
    pub fn start() -> LanScan {
        use std::sync::atomic::Ordering;
        use std::sync::{Arc, Mutex};
        let heard: Arc<Mutex<Vec<LanServer>>> = Arc::default();
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let error: Arc<Mutex<Option<String>>> = Arc::default();
        let (h, st, er) = (heard.clone(), stop.clone(), error.clone());
        let spawned = std::thread::Builder::new()
            .name("yonin-lan-scan".into())
            .spawn(move || {
                let rt = match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(rt) => rt,
                    Err(e) => {
                        *er.lock().unwrap_or_else(|p| p.into_inner()) = Some(e.to_string());
                        return;
                    }
                };
                rt.block_on(async move {
                    use yonin_server::discovery;
                    let bind = SocketAddr::from(([0, 0, 0, 0], discovery::DEFAULT_PORT));
                    let listener = match discovery::Listener::bind(bind).await {
                        Ok(l) => l,
                        Err(e) => {
                            *er.lock().unwrap_or_else(|p| p.into_inner()) =
                                Some(format!("Cannot listen for games on the network ({e})."));
                            return;
                        }
                    };
                    while !st.load(Ordering::Relaxed) {
                        let list = listener
                            .servers()
                            .into_iter()
                            .map(|s| LanServer {
                                name: s.name.clone(),
                                address: s.addr.to_string(),
                                rooms: s.rooms,
                                open: s.open.len(),
                                compatible: s.compatible(),
                            })
                            .collect();
                        *h.lock().unwrap_or_else(|p| p.into_inner()) = list;
                        tokio::time::sleep(Duration::from_millis(300)).await;
                    }
                });
            });
        if let Err(e) = spawned {
            *error.lock().unwrap_or_else(|p| p.into_inner()) = Some(e.to_string());
        }
        LanScan { heard, stop, error }
    }

    /// The servers heard in the last few seconds.
    pub fn servers(&self) -> Vec<LanServer> {
        self.heard.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Why listening failed, if it did.
    pub fn error(&self) -> Option<String> {
        self.error.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

impl Drop for LanScan {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_become_websocket_urls() {
        assert_eq!(ws_url("example.org"), "ws://example.org:7878/");
        assert_eq!(ws_url(" 10.0.0.5:9000 "), "ws://10.0.0.5:9000/");
        assert_eq!(ws_url("ws://h:1/x"), "ws://h:1/x");
    }
}
