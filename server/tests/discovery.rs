//! LAN discovery over loopback only: beacons are encoded and read back, garbage datagrams are
//! ignored, a listener hears an announcing server and forgets it after the expiry, and a
//! loopback server never beacons to the LAN; where beacons go on a machine with several
//! networks. Every datagram here goes to 127.0.0.1.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};
use tokio::net::UdpSocket;
use tokio::sync::watch;
use yonin_core::protocol::{RoomId, RoomPhase, RoomSummary, PROTOCOL_VERSION};
use yonin_core::TimeControl;
use yonin_core::Variant;
use yonin_server::discovery::{
    self, announce, Beacon, BeaconConfig, BeaconError, Listener, BEACON_VERSION, MAGIC,
    MAX_BEACON_BYTES, MAX_BEACON_ROOMS,
};

fn room(id: u64, name: &str, variant: Variant, phase: RoomPhase, people: u8) -> RoomSummary {
    RoomSummary {
        id: RoomId(id),
        name: name.into(),
        variant,
        time_control: TimeControl::None,
        phase,
        seats: if variant == Variant::Yonin { 4 } else { 2 },
        people,
        bots: 0,
        spectators: 0,
        private: false,
        host_name: "host".into(),
        node: None,
    }
}

fn localhost(port: u16) -> SocketAddr {
    SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port)
}

#[test]
fn beacons_round_trip_and_list_open_rooms() {
    let mut private = room(4, "secret", Variant::Yonin, RoomPhase::Waiting, 1);
    private.private = true;
    let rooms = vec![
        room(1, "friday", Variant::Yonin, RoomPhase::Waiting, 1),
        room(2, "full", Variant::Standard, RoomPhase::Waiting, 2),
        room(3, "playing", Variant::Yonin, RoomPhase::Playing, 2),
        private,
        room(5, "duel", Variant::Standard, RoomPhase::Waiting, 1),
    ];
    let b = Beacon::new(
        "Ann's table",
        Some(IpAddr::V4(Ipv4Addr::LOCALHOST)),
        7878,
        &rooms,
    );
    assert_eq!(b.protocol, PROTOCOL_VERSION);
    assert_eq!(b.rooms, 5);
    let open: Vec<(&str, u8)> = b
        .open
        .iter()
        .map(|r| (r.name.as_str(), r.open_seats))
        .collect();
    assert_eq!(open, vec![("friday", 3), ("duel", 1)]);
    let bytes = b.encode();
    assert!(bytes.starts_with(MAGIC));
    assert_eq!(bytes[MAGIC.len()], BEACON_VERSION);
    assert_eq!(Beacon::decode(&bytes).unwrap(), b);
}

#[test]
fn a_crowded_server_still_fits_one_datagram() {
    let name = "名".repeat(40);
    let rooms: Vec<RoomSummary> = (0..200)
        .map(|i| room(i, &"棋".repeat(40), Variant::Yonin, RoomPhase::Waiting, 1))
        .collect();
    let b = Beacon::new(&"名".repeat(100), None, 1, &rooms);
    assert_eq!(b.name, name);
    assert_eq!(b.open.len(), MAX_BEACON_ROOMS);
    let bytes = b.encode();
    assert!(bytes.len() <= MAX_BEACON_BYTES, "{} bytes", bytes.len());
    let back = Beacon::decode(&bytes).unwrap();
    assert!(!back.open.is_empty() && back.open.len() <= MAX_BEACON_ROOMS);
    assert_eq!(back.rooms, 200);
}

#[test]
fn garbage_datagrams_are_errors_not_panics() {
    let good = Beacon::new(
        "host",
        None,
        7878,
        &[room(1, "r", Variant::Standard, RoomPhase::Waiting, 0)],
    )
    .encode();
    // Every prefix, and every single-byte change of a good beacon.
    for cut in 0..good.len() {
        assert!(Beacon::decode(&good[..cut]).is_err(), "prefix {cut}");
    }
    for i in 0..good.len() {
        for x in [0x00u8, 0x01, 0x7f, 0x80, 0xff] {
            let mut bad = good.clone();
            bad[i] ^= x;
            let _ = Beacon::decode(&bad);
        }
    }
    // Random datagrams, with and without the magic.
    let mut seed = 0x1234_5678_9abc_def0u64;
    for n in 0..3000 {
        let len = n % 300;
        let mut bytes: Vec<u8> = (0..len)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed as u8
            })
            .collect();
        if n % 2 == 0 {
            let mut framed = MAGIC.to_vec();
            framed.push(BEACON_VERSION);
            framed.append(&mut bytes);
            bytes = framed;
        }
        let _ = Beacon::decode(&bytes);
    }
    let mut wrong_version = good.clone();
    wrong_version[MAGIC.len()] = BEACON_VERSION + 1;
    assert_eq!(
        Beacon::decode(&wrong_version),
        Err(BeaconError::Version(BEACON_VERSION + 1))
    );
    assert_eq!(Beacon::decode(b"hello"), Err(BeaconError::NotABeacon));
    assert!(matches!(
        Beacon::decode(&vec![0u8; MAX_BEACON_BYTES + 1]),
        Err(BeaconError::TooLarge(_))
    ));
    let mut trailing = good.clone();
    trailing.push(0);
    assert!(Beacon::decode(&trailing).is_err());
}

#[test]
fn only_loopback_destinations_for_a_loopback_server() {
    let broadcast = BeaconConfig::default().destination;
    assert_eq!(broadcast, "255.255.255.255:47878".parse().unwrap());
    assert!(!discovery::should_announce(localhost(7878), broadcast));
    assert!(discovery::should_announce(
        localhost(7878),
        localhost(47878)
    ));
    let lan: SocketAddr = "0.0.0.0:7878".parse().unwrap();
    assert!(discovery::should_announce(lan, broadcast));
    assert_eq!(discovery::advertised_addr(lan), None);
    assert_eq!(
        discovery::advertised_addr(localhost(1)),
        Some(IpAddr::V4(Ipv4Addr::LOCALHOST))
    );
}

#[tokio::test]
async fn a_loopback_server_sends_no_beacon_to_the_lan() {
    // The default (broadcast) destination with a loopback server: `announce` must return at
    // once, before it opens any socket.
    let (_rooms_tx, rooms) = watch::channel(Vec::new());
    let (_stop_tx, stop) = watch::channel(false);
    let done = tokio::time::timeout(
        Duration::from_secs(2),
        announce(
            BeaconConfig::default(),
            "quiet".into(),
            localhost(7878),
            rooms,
            stop,
        ),
    )
    .await;
    assert!(matches!(done, Ok(Ok(()))));
}

/// Waits until `check` holds for the listener's servers, or panics after `limit`.
async fn wait_for(
    listener: &Listener,
    limit: Duration,
    check: impl Fn(&[discovery::DiscoveredServer]) -> bool,
) {
    let deadline = Instant::now() + limit;
    loop {
        if check(&listener.servers()) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "not heard as expected: {:?}",
            listener.servers()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_listener_hears_servers_and_forgets_them() {
    let listener = Listener::bind_with_expiry(localhost(0), Duration::from_millis(600))
        .await
        .unwrap();
    let dest = listener.local_addr();
    assert!(dest.ip().is_loopback());
    let config = BeaconConfig {
        destination: dest,
        interval: Duration::from_millis(100),
    };
    let (rooms_tx, rooms) =
        watch::channel(vec![room(1, "open", Variant::Yonin, RoomPhase::Waiting, 2)]);
    let (stop_tx, stop) = watch::channel(false);
    // One server bound to loopback (names its address), one on every interface (the listener
    // takes the datagram's source address) — both beacon to the loopback listener only.
    let a = tokio::spawn(announce(
        config.clone(),
        "alpha".into(),
        localhost(7001),
        rooms.clone(),
        stop.clone(),
    ));
    let b = tokio::spawn(announce(
        config,
        "beta".into(),
        "0.0.0.0:7002".parse().unwrap(),
        rooms,
        stop,
    ));

    // Garbage from another socket is ignored and does not stop the listener.
    let noise = UdpSocket::bind(localhost(0)).await.unwrap();
    for junk in [&b"junk"[..], &[0xff; 600][..], &MAGIC[..], &[]] {
        noise.send_to(junk, dest).await.unwrap();
    }

    wait_for(&listener, Duration::from_secs(5), |s| s.len() == 2).await;
    let servers = listener.servers();
    assert_eq!(servers[0].name, "alpha");
    assert_eq!(servers[0].addr, localhost(7001));
    assert_eq!(servers[0].url(), "ws://127.0.0.1:7001/");
    assert_eq!(servers[1].name, "beta");
    assert_eq!(servers[1].addr, localhost(7002));
    assert!(servers.iter().all(|s| s.compatible() && s.rooms == 1));
    assert_eq!(servers[0].open[0].open_seats, 2);

    // The room list changes: the next beacons say so.
    rooms_tx.send_replace(vec![
        room(1, "open", Variant::Yonin, RoomPhase::Waiting, 3),
        room(2, "duel", Variant::Standard, RoomPhase::Waiting, 1),
    ]);
    wait_for(&listener, Duration::from_secs(5), |s| {
        s.len() == 2 && s.iter().all(|s| s.rooms == 2 && s.open.len() == 2)
    })
    .await;

    // Stopped servers are forgotten after the expiry.
    stop_tx.send_replace(true);
    a.await.unwrap().unwrap();
    b.await.unwrap().unwrap();
    wait_for(&listener, Duration::from_secs(5), |s| s.is_empty()).await;
}

#[tokio::test]
async fn two_listeners_share_a_port() {
    let first = Listener::bind(localhost(0)).await.unwrap();
    let second = Listener::bind(first.local_addr()).await;
    assert!(second.is_ok(), "{second:?}");
}

fn iface(name: &str, ip: &str, broadcast: Option<&str>) -> discovery::LanInterface {
    discovery::LanInterface {
        name: name.into(),
        ip: ip.parse().unwrap(),
        broadcast: broadcast.map(|b| b.parse().unwrap()),
    }
}

#[test]
fn directed_broadcasts_come_from_the_netmask() {
    let b = |ip: &str, mask: &str| {
        discovery::directed_broadcast(ip.parse().unwrap(), mask.parse().unwrap())
            .map(|b| b.to_string())
    };
    assert_eq!(
        b("192.168.1.20", "255.255.255.0").as_deref(),
        Some("192.168.1.255")
    );
    assert_eq!(
        b("10.0.0.5", "255.0.0.0").as_deref(),
        Some("10.255.255.255")
    );
    assert_eq!(
        b("172.16.5.9", "255.255.240.0").as_deref(),
        Some("172.16.15.255")
    );
    // Point-to-point sized networks and an unknown mask have none.
    assert_eq!(b("10.0.0.1", "255.255.255.254"), None);
    assert_eq!(b("10.0.0.1", "255.255.255.255"), None);
    assert_eq!(b("10.0.0.1", "0.0.0.0"), None);
}

#[test]
fn beacons_go_to_every_network_then_the_limited_broadcast() {
    let ifaces = [
        iface("wlan0", "192.168.1.20", Some("192.168.1.255")),
        iface("eth0", "10.0.0.5", Some("10.0.0.255")),
        iface("eth0", "10.0.0.6", Some("10.0.0.255")),
        iface("tun0", "10.8.0.2", None),
        iface("eth0", "fd00::5", None),
    ];
    let all = |listen: &str| -> Vec<String> {
        discovery::beacon_targets(&ifaces, listen.parse().unwrap(), 47878)
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    assert_eq!(
        all("0.0.0.0"),
        [
            "192.168.1.255:47878",
            "10.0.0.255:47878",
            "255.255.255.255:47878"
        ]
    );
    assert_eq!(all("::"), all("0.0.0.0"));
    // A server bound to one address is announced on that address's network only.
    assert_eq!(
        all("10.0.0.6"),
        ["10.0.0.255:47878", "255.255.255.255:47878"]
    );
    assert_eq!(all("10.8.0.2"), ["255.255.255.255:47878"]);
    // No interface at all: the limited broadcast still, as before.
    let none = discovery::beacon_targets(&[], "0.0.0.0".parse().unwrap(), 1);
    assert_eq!(none, ["255.255.255.255:1".parse::<SocketAddr>().unwrap()]);
}

#[test]
fn loopback_destinations_stay_exactly_as_configured() {
    let listener = localhost(40000);
    for listen in [localhost(7878), "0.0.0.0:7878".parse().unwrap()] {
        assert_eq!(discovery::destinations(listener, listen), [listener]);
    }
    let other: SocketAddr = "192.168.1.255:47878".parse().unwrap();
    assert_eq!(
        discovery::destinations(other, "0.0.0.0:7878".parse().unwrap()),
        [other]
    );
    // A loopback server announces nothing to the LAN, not even its interfaces' networks.
    let broadcast = BeaconConfig::default().destination;
    assert!(discovery::destinations(broadcast, localhost(7878)).is_empty());
    // On every interface: the limited broadcast is always among them, last.
    let any = discovery::destinations(broadcast, "0.0.0.0:7878".parse().unwrap());
    assert_eq!(any.last(), Some(&broadcast));
    assert!(any
        .iter()
        .all(|d| d.port() == 47878 && !d.ip().is_loopback()));
}

#[test]
fn addresses_to_join_at_list_ipv4_first() {
    let ifaces = [
        iface("eth0", "fd00::5", None),
        iface("eth0", "169.254.3.4", Some("169.254.255.255")),
        iface("wlan0", "192.168.1.20", Some("192.168.1.255")),
        iface("eth1", "10.0.0.5", Some("10.0.0.255")),
        iface("eth1", "10.0.0.5", Some("10.0.0.255")),
    ];
    let got: Vec<String> = discovery::order_addresses(&ifaces)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(got, ["192.168.1.20", "10.0.0.5", "169.254.3.4", "fd00::5"]);
    // This machine's own list never has loopback or IPv6 link-local addresses.
    for ip in discovery::lan_addresses() {
        assert!(!ip.is_loopback() && !ip.is_unspecified(), "{ip}");
        assert!(!matches!(ip, IpAddr::V6(v6) if v6.segments()[0] & 0xffc0 == 0xfe80));
    }
}
