//! This machine's network interfaces as LAN discovery sees them: the addresses other
//! computers can reach a host at (shown to the person hosting), and the directed broadcast
//! address of each IPv4 network, where beacons go.
//!
//! The interfaces are read from the system each time (`getifaddrs` through the `if-addrs`
//! crate: one cheap call), because they come and go: a cable plugged in, Wi-Fi joined.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// One address of an interface that is up and not loopback.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LanInterface {
    /// The interface's name (`eth0`, `wlan0`, `en0`…), for logs.
    pub name: String,
    pub ip: IpAddr,
    /// The network's directed broadcast address (IPv4 networks that have one).
    pub broadcast: Option<Ipv4Addr>,
}

/// The addresses of this machine's interfaces that are up (running), loopback left out.
/// IPv6 link-local addresses (`fe80::/10`) are left out too: they need a zone to be used.
/// A system that cannot list its interfaces gives none (logged at debug).
pub fn interfaces() -> Vec<LanInterface> {
    let all = match if_addrs::get_if_addrs() {
        Ok(all) => all,
        Err(e) => {
            tracing::debug!("cannot list the network interfaces: {e}");
            return Vec::new();
        }
    };
    all.into_iter()
        .filter(|i| i.is_oper_up() && !i.is_loopback())
        .map(|i| LanInterface {
            ip: i.ip(),
            broadcast: match &i.addr {
                if_addrs::IfAddr::V4(v4) if !i.is_p2p() => directed_broadcast(v4.ip, v4.netmask),
                _ => None,
            },
            name: i.name,
        })
        .filter(|i| !is_ipv6_link_local(i.ip))
        .collect()
}

/// The broadcast address of the network of `ip` with `netmask`: `192.168.1.255` for
/// `192.168.1.20/24`. Computed rather than taken from the interface, where it is often not set
/// (`ip addr add 10.0.0.5/24` sets none) although the kernel still has the broadcast route.
/// None for `/31` and `/32` networks, which have no broadcast address.
pub fn directed_broadcast(ip: Ipv4Addr, netmask: Ipv4Addr) -> Option<Ipv4Addr> {
    let mask = u32::from(netmask);
    (mask.count_ones() < 31 && mask != 0).then(|| Ipv4Addr::from(u32::from(ip) | !mask))
}

fn is_ipv6_link_local(ip: IpAddr) -> bool {
    matches!(ip, IpAddr::V6(v6) if v6.segments()[0] & 0xffc0 == 0xfe80)
}

/// The addresses others on the network can join this machine at: IPv4 first (self-assigned
/// `169.254.x.x` ones last among them), then IPv6; each once.
pub fn lan_addresses() -> Vec<IpAddr> {
    order_addresses(&interfaces())
}

/// [`lan_addresses`] of a given list of interfaces.
pub fn order_addresses(interfaces: &[LanInterface]) -> Vec<IpAddr> {
    let rank = |ip: &IpAddr| match ip {
        IpAddr::V4(v4) if v4.is_link_local() => 1,
        IpAddr::V4(_) => 0,
        IpAddr::V6(_) => 2,
    };
    let mut out: Vec<IpAddr> = Vec::new();
    for i in interfaces {
        if !i.ip.is_loopback() && !i.ip.is_unspecified() && !out.contains(&i.ip) {
            out.push(i.ip);
        }
    }
    // A stable sort: the system's order within each kind.
    out.sort_by_key(rank);
    out
}

/// Where a server listening on `listen` sends its beacons, to `port`: the directed broadcast
/// address of every IPv4 network it can be reached on (all of them when it listens on every
/// interface, else the one with its address), then the limited broadcast
/// `255.255.255.255`. Each once. The limited broadcast alone fails where there is no default
/// route (two laptops on a cable, an offline switch) and leaves by one interface only; a
/// directed broadcast leaves by its own network's interface.
pub fn beacon_targets(interfaces: &[LanInterface], listen: IpAddr, port: u16) -> Vec<SocketAddr> {
    let mut out: Vec<SocketAddr> = Vec::new();
    for i in interfaces {
        let reachable = listen.is_unspecified() || i.ip == listen;
        let Some(b) = i.broadcast.filter(|_| reachable) else {
            continue;
        };
        let target = SocketAddr::new(IpAddr::V4(b), port);
        if !b.is_broadcast() && !b.is_unspecified() && !b.is_loopback() && !out.contains(&target) {
            out.push(target);
        }
    }
    out.push(SocketAddr::new(IpAddr::V4(Ipv4Addr::BROADCAST), port));
    out
}
