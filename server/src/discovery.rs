//! LAN discovery: a server hosting on a LAN announces itself with a small UDP beacon about
//! every 1.5 s, and a [`Listener`] collects the servers heard in the last few seconds.
//!
//! A beacon datagram is `MAGIC` (6 bytes), the beacon format version (1 byte), then bincode 2
//! (standard configuration) of a [`Beacon`]: protocol version, server name, the address and port
//! to connect to, the number of rooms, and the rooms with open seats (name, variant, open
//! seats). It is at most [`MAX_BEACON_BYTES`], so it fits one unfragmented Ethernet frame.
//! Datagrams are read defensively: anything that is not a well-formed beacon of this version
//! is ignored, never a panic.
//!
//! Where beacons go is configurable ([`BeaconConfig::destination`]). The default, the limited
//! broadcast `255.255.255.255:47878`, means every LAN: each round the beacon goes to the
//! directed broadcast address of every IPv4 network the server is on (read afresh: interfaces
//! come and go), then to `255.255.255.255`, so it is heard on a network without a default
//! route and on every network of a host with several ([`destinations`]). Any other
//! destination is used alone. A server bound to a loopback address announces nothing, except
//! to a loopback destination (which cannot leave the machine; tests use it: they beacon to
//! `127.0.0.1:<port the test listener bound>`).
//!
//! [`lan_addresses`] lists the addresses others can join this machine at.

mod lan;

pub use lan::{
    beacon_targets, directed_broadcast, interfaces, lan_addresses, order_addresses, LanInterface,
};

use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::UdpSocket;
use tokio::sync::watch;
use yonin_core::protocol::{RoomPhase, RoomSummary, PROTOCOL_VERSION};
use yonin_core::text::MAX_ROOM_NAME_CHARS;
use yonin_core::Variant;

/// The first bytes of every beacon.
pub const MAGIC: &[u8; 6] = b"YONINB";
/// The beacon layout version (the byte after the magic).
pub const BEACON_VERSION: u8 = 1;
/// The UDP port beacons go to and listeners bind by default.
pub const DEFAULT_PORT: u16 = 47878;
/// How often a server announces itself.
pub const DEFAULT_INTERVAL: Duration = Duration::from_millis(1500);
/// How long a listener remembers a server it no longer hears.
pub const DEFAULT_EXPIRY: Duration = Duration::from_secs(5);
/// The largest beacon datagram, sent or accepted.
pub const MAX_BEACON_BYTES: usize = 1200;
/// The most rooms a beacon lists (the largest fit first; more are only counted).
pub const MAX_BEACON_ROOMS: usize = 16;
/// The most servers a listener keeps (the oldest are forgotten first).
pub const MAX_SERVERS: usize = 64;
/// The longest server name a beacon carries, in characters.
pub const MAX_SERVER_NAME_CHARS: usize = 40;

/// A room with open seats, as a beacon lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BeaconRoom {
    pub name: String,
    pub variant: Variant,
    pub open_seats: u8,
}

/// What a server announces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Beacon {
    /// The server's protocol version (`PROTOCOL_VERSION`).
    pub protocol: u32,
    pub name: String,
    /// The address to connect to; `None` when the server listens on every interface (the
    /// listener then uses the datagram's source address).
    pub addr: Option<IpAddr>,
    /// The WebSocket port.
    pub port: u16,
    /// Rooms on the server.
    pub rooms: u16,
    /// Rooms waiting for players, with their open seats.
    pub open: Vec<BeaconRoom>,
}

/// A datagram that is not a beacon.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BeaconError {
    #[error("the datagram has {0} bytes; a beacon has at most {MAX_BEACON_BYTES}")]
    TooLarge(usize),
    #[error("not a Yonin beacon")]
    NotABeacon,
    #[error("beacon version {0}; this program reads version {BEACON_VERSION}")]
    Version(u8),
    #[error("a damaged beacon: {0}")]
    Malformed(String),
}

fn clip(s: &str, n: usize) -> String {
    s.chars().filter(|c| !c.is_control()).take(n).collect()
}

impl Beacon {
    /// A beacon for a server with these rooms: the waiting, public rooms with open seats are
    /// listed (most open seats first, at most `MAX_BEACON_ROOMS`).
    pub fn new(name: &str, addr: Option<IpAddr>, port: u16, rooms: &[RoomSummary]) -> Beacon {
        let mut open: Vec<BeaconRoom> = rooms
            .iter()
            .filter(|r| r.phase == RoomPhase::Waiting && !r.private)
            .filter_map(|r| {
                let taken = r.people.saturating_add(r.bots);
                let open_seats = r.seats.saturating_sub(taken);
                (open_seats > 0).then(|| BeaconRoom {
                    name: clip(&r.name, MAX_ROOM_NAME_CHARS),
                    variant: r.variant,
                    open_seats,
                })
            })
            .collect();
        open.sort_by_key(|r| std::cmp::Reverse(r.open_seats));
        open.truncate(MAX_BEACON_ROOMS);
        Beacon {
            protocol: PROTOCOL_VERSION,
            name: clip(name, MAX_SERVER_NAME_CHARS),
            addr,
            port,
            rooms: u16::try_from(rooms.len()).unwrap_or(u16::MAX),
            open,
        }
    }

    /// The datagram; rooms are dropped from the end until it fits `MAX_BEACON_BYTES`.
    pub fn encode(&self) -> Vec<u8> {
        let mut beacon = self.clone();
        loop {
            let mut bytes = MAGIC.to_vec();
            bytes.push(BEACON_VERSION);
            // Encoding a plain struct into a Vec cannot fail; an empty body would be ignored
            // by listeners, which is the safe fallback.
            if let Ok(body) = bincode::serde::encode_to_vec(&beacon, bincode::config::standard()) {
                bytes.extend_from_slice(&body);
            }
            if bytes.len() <= MAX_BEACON_BYTES || beacon.open.is_empty() {
                return bytes;
            }
            beacon.open.pop();
        }
    }

    /// Reads a datagram; anything but a well-formed beacon of this version is an error.
    pub fn decode(bytes: &[u8]) -> Result<Beacon, BeaconError> {
        if bytes.len() > MAX_BEACON_BYTES {
            return Err(BeaconError::TooLarge(bytes.len()));
        }
        let rest = bytes.strip_prefix(MAGIC).ok_or(BeaconError::NotABeacon)?;
        let (&version, body) = rest.split_first().ok_or(BeaconError::NotABeacon)?;
        if version != BEACON_VERSION {
            return Err(BeaconError::Version(version));
        }
        // The limit bounds what decoding may allocate (bincode counts in-memory sizes, larger
        // than the wire's); the datagram itself is already at most `MAX_BEACON_BYTES`.
        let config = bincode::config::standard().with_limit::<{ 16 * 1024 }>();
        let (beacon, read): (Beacon, usize) = bincode::serde::decode_from_slice(body, config)
            .map_err(|e| BeaconError::Malformed(clip(&e.to_string(), 100)))?;
        if read != body.len() {
            return Err(BeaconError::Malformed("trailing bytes".into()));
        }
        let bad_name = |s: &str, n: usize| s.chars().count() > n || s.chars().any(char::is_control);
        if beacon.name.trim().is_empty() || bad_name(&beacon.name, MAX_SERVER_NAME_CHARS) {
            return Err(BeaconError::Malformed("bad server name".into()));
        }
        if beacon.port == 0 {
            return Err(BeaconError::Malformed("port 0".into()));
        }
        if beacon.open.len() > MAX_BEACON_ROOMS
            || beacon
                .open
                .iter()
                .any(|r| bad_name(&r.name, MAX_ROOM_NAME_CHARS) || r.open_seats > 4)
        {
            return Err(BeaconError::Malformed("bad room list".into()));
        }
        // A beacon naming an address it cannot be reached at is not believed.
        if let Some(ip) = beacon.addr {
            if ip.is_unspecified() || ip.is_multicast() || is_broadcast(ip) {
                return Err(BeaconError::Malformed("bad address".into()));
            }
        }
        Ok(beacon)
    }
}

fn is_broadcast(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_broadcast(),
        IpAddr::V6(_) => false,
    }
}

// ---------------------------------------------------------------------------------------------
// Announcing

/// Where and how often a server announces itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BeaconConfig {
    /// Where beacons go (default: the limited broadcast `255.255.255.255:47878`, which means
    /// every LAN: see [`destinations`]).
    pub destination: SocketAddr,
    pub interval: Duration,
}

impl Default for BeaconConfig {
    fn default() -> BeaconConfig {
        BeaconConfig {
            destination: SocketAddr::new(IpAddr::V4(Ipv4Addr::BROADCAST), DEFAULT_PORT),
            interval: DEFAULT_INTERVAL,
        }
    }
}

/// Should a server listening on `listen` announce itself to `destination`? Never for a
/// loopback-only server, except to a loopback destination (which cannot leave the machine).
pub fn should_announce(listen: SocketAddr, destination: SocketAddr) -> bool {
    !listen.ip().is_loopback() || destination.ip().is_loopback()
}

/// The address a beacon names for a server listening on `listen`: none when it listens on
/// every interface (listeners use the datagram's source address).
pub fn advertised_addr(listen: SocketAddr) -> Option<IpAddr> {
    (!listen.ip().is_unspecified()).then_some(listen.ip())
}

/// Where the beacons of a server listening on `listen` go this round, for the configured
/// `destination`: none for a loopback server (unless the destination is loopback too); the
/// limited broadcast `255.255.255.255` means every LAN ([`beacon_targets`] of this machine's
/// interfaces, read now); any other destination means exactly that one.
pub fn destinations(destination: SocketAddr, listen: SocketAddr) -> Vec<SocketAddr> {
    if !should_announce(listen, destination) {
        Vec::new()
    } else if destination.ip() == IpAddr::V4(Ipv4Addr::BROADCAST) {
        beacon_targets(&interfaces(), listen.ip(), destination.port())
    } else {
        vec![destination]
    }
}

/// Announces the server every `config.interval` until `shutdown` turns `true` (or its sender
/// is dropped). `rooms` is the lobby's current room list. Returns at once (`Ok`) when
/// [`should_announce`] says no. Each round goes to [`destinations`]; a destination that
/// fails is logged (at debug, once until it works again) and does not stop the others.
pub async fn announce(
    config: BeaconConfig,
    name: String,
    listen: SocketAddr,
    rooms: watch::Receiver<Vec<RoomSummary>>,
    mut shutdown: watch::Receiver<bool>,
) -> io::Result<()> {
    if !should_announce(listen, config.destination) {
        tracing::debug!(%listen, "loopback server: no LAN beacon");
        return Ok(());
    }
    let dest = config.destination;
    let bind: SocketAddr = match (dest.ip().is_loopback(), dest.is_ipv4()) {
        (true, true) => (Ipv4Addr::LOCALHOST, 0).into(),
        (true, false) => (std::net::Ipv6Addr::LOCALHOST, 0).into(),
        (false, true) => (Ipv4Addr::UNSPECIFIED, 0).into(),
        (false, false) => (std::net::Ipv6Addr::UNSPECIFIED, 0).into(),
    };
    let socket = UdpSocket::bind(bind).await?;
    if dest.is_ipv4() && !dest.ip().is_loopback() {
        // Directed broadcasts (192.168.1.255) need it as much as 255.255.255.255 does.
        socket.set_broadcast(true)?;
    }
    tracing::info!(%dest, every = ?config.interval, "announcing the server on the LAN");
    let addr = advertised_addr(listen);
    let mut beat = tokio::time::interval(config.interval.max(Duration::from_millis(100)));
    beat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut sender = Sender::default();
    loop {
        tokio::select! {
            _ = beat.tick() => {
                let datagram = {
                    let rooms = rooms.borrow();
                    Beacon::new(&name, addr, listen.port(), &rooms).encode()
                };
                sender.round(&socket, &datagram, destinations(dest, listen)).await;
            }
            changed = shutdown.changed() => {
                if changed.is_err() || *shutdown.borrow() {
                    return Ok(());
                }
            }
        }
    }
}

/// Sends each round's beacons and remembers what failed, so that logs say what changed
/// rather than repeat themselves every 1.5 s.
#[derive(Default)]
struct Sender {
    targets: Vec<SocketAddr>,
    failing: HashSet<SocketAddr>,
    warned: bool,
}

impl Sender {
    async fn round(&mut self, socket: &UdpSocket, datagram: &[u8], targets: Vec<SocketAddr>) {
        if targets != self.targets {
            tracing::debug!(?targets, "beacon destinations");
            self.failing.retain(|t| targets.contains(t));
            self.targets = targets;
        }
        let mut sent = 0usize;
        for &target in &self.targets {
            match socket.send_to(datagram, target).await {
                Ok(_) => {
                    sent += 1;
                    if self.failing.remove(&target) {
                        tracing::debug!(%target, "beacon sent again");
                    }
                }
                Err(e) => {
                    if self.failing.insert(target) {
                        tracing::debug!(%target, "beacon not sent: {e}");
                    }
                }
            }
        }
        if sent == 0 && !self.warned {
            tracing::warn!(targets = ?self.targets, "no LAN beacon could be sent (no network?)");
            self.warned = true;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Listening

/// A server heard on the LAN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiscoveredServer {
    pub name: String,
    /// Where to connect (`ws://{addr}/`).
    pub addr: SocketAddr,
    pub protocol: u32,
    pub rooms: u16,
    pub open: Vec<BeaconRoom>,
    /// When the last beacon came.
    pub heard: Instant,
}

impl DiscoveredServer {
    /// Does it speak this program's protocol?
    pub fn compatible(&self) -> bool {
        self.protocol == PROTOCOL_VERSION
    }
    /// The WebSocket URL.
    pub fn url(&self) -> String {
        format!("ws://{}/", self.addr)
    }
}

/// The servers heard, by address. A `std` mutex: it is held only to copy or insert a few
/// entries, never across an `.await`, and read from a client's frame loop without a runtime.
type Heard = Arc<Mutex<HashMap<SocketAddr, DiscoveredServer>>>;

/// Listens for beacons on a UDP port and keeps the servers heard within the expiry. The
/// receiving task runs on the runtime `bind` was called on and stops when the listener is
/// dropped.
#[derive(Debug)]
pub struct Listener {
    local: SocketAddr,
    heard: Heard,
    expiry: Duration,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Listener {
    /// Binds `addr` (the client binds `0.0.0.0:47878`; tests `127.0.0.1:0`) with address reuse,
    /// so several programs on one machine can listen on the same port.
    pub async fn bind(addr: SocketAddr) -> io::Result<Listener> {
        Listener::bind_with_expiry(addr, DEFAULT_EXPIRY).await
    }

    /// As [`Listener::bind`], forgetting a server not heard for `expiry`.
    pub async fn bind_with_expiry(addr: SocketAddr, expiry: Duration) -> io::Result<Listener> {
        let socket = reusable_udp_socket(addr)?;
        let local = socket.local_addr()?;
        let heard: Heard = Arc::default();
        let task = tokio::spawn(receive(socket, heard.clone(), expiry));
        Ok(Listener {
            local,
            heard,
            expiry,
            task,
        })
    }

    /// The address bound (with the real port when bound to port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.local
    }

    /// The servers heard within the expiry, by name then address.
    pub fn servers(&self) -> Vec<DiscoveredServer> {
        let now = Instant::now();
        let mut heard = lock(&self.heard);
        heard.retain(|_, s| now.duration_since(s.heard) < self.expiry);
        let mut list: Vec<DiscoveredServer> = heard.values().cloned().collect();
        drop(heard);
        list.sort_by(|a, b| a.name.cmp(&b.name).then(a.addr.cmp(&b.addr)));
        list
    }
}

/// Locks the table; a poisoned lock (a panic elsewhere while holding it) still holds a
/// usable table of plain values.
fn lock(heard: &Heard) -> std::sync::MutexGuard<'_, HashMap<SocketAddr, DiscoveredServer>> {
    heard.lock().unwrap_or_else(|p| p.into_inner())
}

fn reusable_udp_socket(addr: SocketAddr) -> io::Result<UdpSocket> {
    use socket2::{Domain, Protocol, Socket, Type};
    let socket = Socket::new(Domain::for_address(addr), Type::DGRAM, Some(Protocol::UDP))?;
    socket.set_reuse_address(true)?;
    #[cfg(unix)]
    socket.set_reuse_port(true)?;
    socket.set_nonblocking(true)?;
    socket.bind(&addr.into())?;
    UdpSocket::from_std(socket.into())
}

async fn receive(socket: UdpSocket, heard: Heard, expiry: Duration) {
    // One byte more than a beacon may have, so an oversized datagram is seen as such.
    let mut buf = vec![0u8; MAX_BEACON_BYTES + 1];
    loop {
        let (n, from) = match socket.recv_from(&mut buf).await {
            Ok(x) => x,
            Err(e) => {
                // ICMP errors and the like: keep listening.
                tracing::debug!("beacon receive: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(beacon) = Beacon::decode(&buf[..n]) else {
            continue;
        };
        let addr = SocketAddr::new(beacon.addr.unwrap_or(from.ip()), beacon.port);
        let now = Instant::now();
        let mut table = lock(&heard);
        table.retain(|_, s| now.duration_since(s.heard) < expiry);
        if table.len() >= MAX_SERVERS && !table.contains_key(&addr) {
            if let Some(oldest) = table.values().min_by_key(|s| s.heard).map(|s| s.addr) {
                table.remove(&oldest);
            }
        }
        table.insert(
            addr,
            DiscoveredServer {
                name: beacon.name,
                addr,
                protocol: beacon.protocol,
                rooms: beacon.rooms,
                open: beacon.open,
                heard: now,
            },
        );
    }
}
