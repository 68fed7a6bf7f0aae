//! What the person hosting a LAN game is told: the addresses others join at, from this
//! machine's network interfaces (`yonin_server::discovery::lan_addresses`, IPv4 first). They
//! come and go (a cable plugged in, Wi-Fi joined), so the lobby reads them again every few
//! seconds.

use crate::i18n::{tr, trf, Text};
use std::net::{IpAddr, SocketAddr};

/// The most addresses the lobby's line shows (a machine with many has "…" after them).
pub(crate) const MAX_SHOWN: usize = 3;
/// How often the addresses are read again, in seconds.
pub(crate) const REFRESH_SECS: f64 = 5.0;

/// Where others join a server listening on `bind`: at its own address when it is bound to
/// one, at each of this machine's LAN addresses (`lan`) when it listens on every interface,
/// nowhere when it listens on loopback only.
pub(crate) fn join_addresses(bind: SocketAddr, lan: &[IpAddr]) -> Vec<SocketAddr> {
    let ip = bind.ip();
    if ip.is_loopback() {
        Vec::new()
    } else if ip.is_unspecified() {
        lan.iter()
            .filter(|a| !a.is_loopback() && !a.is_unspecified())
            .map(|&a| SocketAddr::new(a, bind.port()))
            .collect()
    } else {
        vec![bind]
    }
}

/// The lobby's line for the host: name, port, and where others join ("… 192.168.1.20:7878 or
/// 10.0.0.5:7878"), or that no one else can.
pub(crate) fn hosting_line(name: &str, bind: SocketAddr, at: &[SocketAddr]) -> String {
    if at.is_empty() {
        return trf(Text::HostingAlone, &[&name, &bind.port()]);
    }
    let shown: Vec<String> = at.iter().take(MAX_SHOWN).map(ToString::to_string).collect();
    let mut list = shown.join(tr(Text::AddressOr));
    if at.len() > MAX_SHOWN {
        list.push_str(" …");
    }
    trf(Text::HostingOn, &[&name, &bind.port(), &list])
}

/// The join addresses of a hosted server, kept between frames and read again every
/// [`REFRESH_SECS`] (or when the server's address changes).
#[derive(Debug, Default)]
pub(crate) struct JoinAddresses {
    at: Vec<SocketAddr>,
    /// The server address and the time (`now` of the frame) they were read for.
    read: Option<(SocketAddr, f64)>,
}

impl JoinAddresses {
    /// The addresses for a server on `bind`, read from the system when stale.
    pub(crate) fn get(&mut self, bind: SocketAddr, now: f64) -> &[SocketAddr] {
        let fresh = self
            .read
            .is_some_and(|(b, t)| b == bind && (0.0..REFRESH_SECS).contains(&(now - t)));
        if !fresh {
            let lan = if bind.ip().is_unspecified() {
                yonin_server::discovery::lan_addresses()
            } else {
                Vec::new()
            };
            self.at = join_addresses(bind, &lan);
            self.read = Some((bind, now));
        }
        &self.at
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{set_lang, Lang};

    fn ips(list: &[&str]) -> Vec<IpAddr> {
        list.iter().map(|s| s.parse().unwrap()).collect()
    }

    #[test]
    fn a_host_on_every_interface_is_joined_at_each_lan_address() {
        let lan = ips(&["192.168.1.20", "10.0.0.5", "fd00::5"]);
        let at = join_addresses("0.0.0.0:7878".parse().unwrap(), &lan);
        let at: Vec<String> = at.iter().map(ToString::to_string).collect();
        assert_eq!(at, ["192.168.1.20:7878", "10.0.0.5:7878", "[fd00::5]:7878"]);
        let one: SocketAddr = "10.0.0.5:7000".parse().unwrap();
        assert_eq!(join_addresses(one, &lan), [one]);
        assert!(join_addresses("127.0.0.1:7878".parse().unwrap(), &lan).is_empty());
    }

    #[test]
    fn the_line_lists_the_addresses_or_says_there_is_none() {
        set_lang(Lang::En);
        let bind: SocketAddr = "0.0.0.0:7878".parse().unwrap();
        let at: Vec<SocketAddr> = ["192.168.1.20:7878", "10.0.0.5:7878"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        assert_eq!(
            hosting_line("Ann", bind, &at),
            "Ann · hosting on port 7878 — others join at 192.168.1.20:7878 or 10.0.0.5:7878"
        );
        let alone = hosting_line("Ann", bind, &[]);
        assert!(
            alone.starts_with("Ann · hosting on port 7878 — "),
            "{alone}"
        );
        assert!(!alone.contains("{"), "{alone}");
        let many = vec![at[0]; 5];
        assert!(hosting_line("Ann", bind, &many).ends_with(" …"));
        // Every language puts the addresses in, and says plainly when there are none.
        for lang in Lang::ALL {
            assert!(lang.text(Text::HostingOn).contains("{2}"), "{lang:?}");
            let alone = lang.text(Text::HostingAlone);
            assert!(alone.contains("{1}") && !alone.contains("{2}"), "{lang:?}");
            assert!(!lang.text(Text::AddressOr).trim().is_empty(), "{lang:?}");
        }
    }
}
