//! Each network address's share of what the server has — handshakes in progress, connections,
//! rooms, game imports and join-code guesses — so that one machine cannot take them all.
//!
//! A share that is held (a handshake, a connection, a room) is a guard: dropping it gives the
//! share back, however its holder ends (a close, an error, a panic unwinding through it). Rates
//! (imports, wrong join codes) are token buckets kept per address while they matter.

use crate::bucket::Bucket;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};

/// How much of the server one address may hold. `ShareLimits::default()` suits a public
/// server; a LAN party or a single machine never comes near it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShareLimits {
    /// Connections one address may have between the TCP accept and its `Hello`.
    pub pending_per_address: usize,
    /// Such connections from all addresses together.
    pub pending_total: usize,
    /// Connections past `Hello` one address may hold.
    pub connections_per_address: usize,
    /// Rooms one address may have created and still open.
    pub rooms_per_address: usize,
    /// Game imports one address may make: a burst, then this many per minute.
    pub imports_burst: u32,
    pub imports_per_minute: f64,
    /// Wrong join codes one address may send: a burst, then this many per minute.
    pub code_guesses_burst: u32,
    pub code_guesses_per_minute: f64,
}

impl Default for ShareLimits {
    fn default() -> ShareLimits {
        ShareLimits {
            pending_per_address: 8,
            pending_total: 512,
            connections_per_address: 32,
            rooms_per_address: 8,
            imports_burst: 20,
            imports_per_minute: 10.0,
            code_guesses_burst: 10,
            code_guesses_per_minute: 2.0,
        }
    }
}

impl ShareLimits {
    /// Limits that one address never reaches (load tests that open thousands of connections
    /// from 127.0.0.1; never a public server).
    pub fn unlimited() -> ShareLimits {
        ShareLimits {
            pending_per_address: usize::MAX,
            pending_total: usize::MAX,
            connections_per_address: usize::MAX,
            rooms_per_address: usize::MAX,
            imports_burst: u32::MAX,
            imports_per_minute: f64::MAX,
            code_guesses_burst: u32::MAX,
            code_guesses_per_minute: f64::MAX,
        }
    }
}

/// What one address holds now.
struct Use {
    pending: usize,
    connections: usize,
    rooms: usize,
    imports: Bucket,
    guesses: Bucket,
}

impl Use {
    fn new(limits: &ShareLimits) -> Use {
        Use {
            pending: 0,
            connections: 0,
            rooms: 0,
            imports: Bucket::new(
                limits.imports_per_minute / 60.0,
                f64::from(limits.imports_burst),
            ),
            guesses: Bucket::new(
                limits.code_guesses_per_minute / 60.0,
                f64::from(limits.code_guesses_burst),
            ),
        }
    }

    /// Nothing held and nothing to remember: the entry may go.
    fn forgettable(&mut self) -> bool {
        self.pending == 0
            && self.connections == 0
            && self.rooms == 0
            && self.imports.is_full()
            && self.guesses.is_full()
    }
}

/// A kind of held share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Held {
    Pending,
    Connection,
    Room,
}

#[derive(Default)]
struct Table {
    by_addr: HashMap<IpAddr, Use>,
    pending_total: usize,
}

/// Every address's share. One per server, shared by the accept loop, connections and rooms.
///
/// A `std` mutex, not an actor: each use is a few arithmetic steps with no `.await` inside, taken
/// at a connection's start and end and on rare requests, so a lock costs less than a message.
pub struct Shares {
    limits: ShareLimits,
    table: Mutex<Table>,
}

/// The most addresses remembered only for their rates before the forgettable ones are swept.
const SWEEP_ABOVE: usize = 4096;

impl Shares {
    pub fn new(limits: ShareLimits) -> Arc<Shares> {
        Arc::new(Shares {
            limits,
            table: Mutex::new(Table::default()),
        })
    }

    pub fn limits(&self) -> &ShareLimits {
        &self.limits
    }

    fn lock(&self) -> MutexGuard<'_, Table> {
        // A panic while the lock was held left only counters behind: keep using them.
        self.table.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn entry<'a>(&self, table: &'a mut Table, addr: IpAddr) -> &'a mut Use {
        if table.by_addr.len() > SWEEP_ABOVE && !table.by_addr.contains_key(&addr) {
            table.by_addr.retain(|_, u| !u.forgettable());
        }
        let limits = self.limits;
        table
            .by_addr
            .entry(addr)
            .or_insert_with(|| Use::new(&limits))
    }

    fn take(self: &Arc<Self>, addr: IpAddr, held: Held) -> Option<ShareGuard> {
        let mut table = self.lock();
        if held == Held::Pending && table.pending_total >= self.limits.pending_total {
            return None;
        }
        let limits = self.limits;
        let u = self.entry(&mut table, addr);
        let (count, most) = match held {
            Held::Pending => (&mut u.pending, limits.pending_per_address),
            Held::Connection => (&mut u.connections, limits.connections_per_address),
            Held::Room => (&mut u.rooms, limits.rooms_per_address),
        };
        if *count >= most {
            return None;
        }
        *count += 1;
        if held == Held::Pending {
            table.pending_total += 1;
        }
        Some(ShareGuard {
            shares: self.clone(),
            addr,
            held,
        })
    }

    /// A handshake in progress (from the TCP accept to `Hello`); `None`: refuse the socket.
    pub fn pending(self: &Arc<Self>, addr: IpAddr) -> Option<ShareGuard> {
        self.take(addr, Held::Pending)
    }

    /// A connection that said `Hello`; `None`: this address holds its share already.
    pub fn connection(self: &Arc<Self>, addr: IpAddr) -> Option<ShareGuard> {
        self.take(addr, Held::Connection)
    }

    /// A room, held until the room closes; `None`: this address has its share of rooms open.
    pub fn room(self: &Arc<Self>, addr: IpAddr) -> Option<ShareGuard> {
        self.take(addr, Held::Room)
    }

    /// Takes one import from the address's allowance; `false`: none left for now.
    pub fn import(&self, addr: IpAddr) -> bool {
        let mut table = self.lock();
        self.entry(&mut table, addr).imports.take()
    }

    /// May this address try a join code now?
    pub fn may_guess(&self, addr: IpAddr) -> bool {
        let mut table = self.lock();
        self.entry(&mut table, addr).guesses.has()
    }

    /// Counts a wrong join code against the address.
    pub fn wrong_guess(&self, addr: IpAddr) {
        let mut table = self.lock();
        self.entry(&mut table, addr).guesses.take();
    }

    fn give_back(&self, addr: IpAddr, held: Held) {
        let mut table = self.lock();
        if held == Held::Pending {
            table.pending_total = table.pending_total.saturating_sub(1);
        }
        let Some(u) = table.by_addr.get_mut(&addr) else {
            return;
        };
        let count = match held {
            Held::Pending => &mut u.pending,
            Held::Connection => &mut u.connections,
            Held::Room => &mut u.rooms,
        };
        *count = count.saturating_sub(1);
        if u.forgettable() {
            table.by_addr.remove(&addr);
        }
    }

    /// How many addresses are remembered (for tests: the table does not only grow).
    pub fn addresses(&self) -> usize {
        self.lock().by_addr.len()
    }
}

/// A held share; dropping it gives the share back.
pub struct ShareGuard {
    shares: Arc<Shares>,
    addr: IpAddr,
    held: Held,
}

impl std::fmt::Debug for ShareGuard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ShareGuard({:?} of {})", self.held, self.addr)
    }
}

impl Drop for ShareGuard {
    fn drop(&mut self) {
        self.shares.give_back(self.addr, self.held);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, last])
    }

    #[test]
    fn one_address_cannot_take_another_addresss_share() {
        let shares = Shares::new(ShareLimits {
            pending_per_address: 2,
            pending_total: 3,
            ..ShareLimits::default()
        });
        let a1 = shares.pending(ip(2)).expect("first");
        let _a2 = shares.pending(ip(2)).expect("second");
        assert!(shares.pending(ip(2)).is_none(), "over the address's share");
        let _b1 = shares
            .pending(ip(1))
            .expect("another address still gets in");
        assert!(shares.pending(ip(3)).is_none(), "over the total");
        drop(a1);
        assert!(
            shares.pending(ip(3)).is_some(),
            "a dropped guard gives its share back"
        );
    }

    #[test]
    fn entries_are_forgotten_once_nothing_is_held() {
        let shares = Shares::new(ShareLimits::default());
        let guards: Vec<_> = (1..=50).filter_map(|n| shares.connection(ip(n))).collect();
        assert_eq!(shares.addresses(), 50);
        drop(guards);
        assert_eq!(shares.addresses(), 0);
    }

    #[test]
    fn wrong_guesses_run_out() {
        let shares = Shares::new(ShareLimits {
            code_guesses_burst: 3,
            code_guesses_per_minute: 0.001,
            ..ShareLimits::default()
        });
        for _ in 0..3 {
            assert!(shares.may_guess(ip(9)));
            shares.wrong_guess(ip(9));
        }
        assert!(!shares.may_guess(ip(9)));
        assert!(shares.may_guess(ip(8)));
    }
}
