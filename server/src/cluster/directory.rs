//! The other nodes' rooms as this node's lobby lists them: a bounded table filled from the
//! shared directory, where an entry not heard again within [`REMOTE_EXPIRY`] is dropped (a
//! node that died stops refreshing its entries; no message says so).

use std::collections::HashMap;
use std::time::{Duration, Instant};
use yonin_core::protocol::{RoomId, RoomSummary};

/// How long another node's room stays listed without being heard again. Nodes put their
/// rooms again every [`super::REFRESH_EVERY`], and the key-value bucket drops entries older
/// than this too.
pub const REMOTE_EXPIRY: Duration = Duration::from_secs(10);

/// Other nodes' rooms kept at most (the lobby lists at most `MAX_LISTED_ROOMS` of all).
pub(crate) const MAX_REMOTE_ROOMS: usize = 2048;

struct RemoteRoom {
    node: String,
    summary: RoomSummary,
    heard: Instant,
}

/// Other nodes' rooms by id.
#[derive(Default)]
pub(crate) struct Directory {
    rooms: HashMap<RoomId, RemoteRoom>,
    /// Entries refused because the table was full, since the last log line about it.
    refused: u64,
}

impl Directory {
    /// Takes a room heard from `node` (`heard`: when its entry was written, as well as known).
    /// Returns the summary when it is new or changed (the lobby tells its players), `None`
    /// when nothing changed, the table is full, or another node holds that id.
    pub fn heard(
        &mut self,
        node: &str,
        summary: RoomSummary,
        heard: Instant,
    ) -> Option<RoomSummary> {
        if let Some(r) = self.rooms.get_mut(&summary.id) {
            if r.node != node {
                tracing::warn!(room = %summary.id, node, other = %r.node, "two nodes claim one room id: the first is kept");
                return None;
            }
            r.heard = r.heard.max(heard);
            if r.summary == summary {
                return None;
            }
            r.summary = summary.clone();
            return Some(summary);
        }
        if self.rooms.len() >= MAX_REMOTE_ROOMS {
            self.refused += 1;
            if self.refused.is_power_of_two() {
                tracing::warn!(
                    refused = self.refused,
                    "other nodes list more than {MAX_REMOTE_ROOMS} rooms: the rest are not shown"
                );
            }
            return None;
        }
        self.rooms.insert(
            summary.id,
            RemoteRoom {
                node: node.to_string(),
                summary: summary.clone(),
                heard,
            },
        );
        Some(summary)
    }

    /// `node` withdrew `room`; true when it was listed (and is no more).
    pub fn withdrawn(&mut self, node: &str, room: RoomId) -> bool {
        if self.rooms.get(&room).is_some_and(|r| r.node == node) {
            self.rooms.remove(&room);
            return true;
        }
        false
    }

    /// Drops the rooms not heard for `REMOTE_EXPIRY`; returns their ids.
    pub fn expire(&mut self, now: Instant) -> Vec<RoomId> {
        let old: Vec<RoomId> = self
            .rooms
            .iter()
            .filter(|(_, r)| now.saturating_duration_since(r.heard) >= REMOTE_EXPIRY)
            .map(|(id, _)| *id)
            .collect();
        for id in &old {
            self.rooms.remove(id);
        }
        old
    }

    /// Where clients reach the node that holds `room`.
    pub fn url(&self, room: RoomId) -> Option<String> {
        self.rooms.get(&room).and_then(|r| r.summary.node.clone())
    }

    pub fn summaries(&self) -> impl Iterator<Item = &RoomSummary> {
        self.rooms.values().map(|r| &r.summary)
    }

    pub fn len(&self) -> usize {
        self.rooms.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yonin_core::protocol::RoomPhase;
    use yonin_core::TimeControl;
    use yonin_core::Variant;

    fn room(id: u64, spectators: u16) -> RoomSummary {
        RoomSummary {
            id: RoomId(id),
            name: "r".into(),
            variant: Variant::Standard,
            time_control: TimeControl::None,
            phase: RoomPhase::Waiting,
            seats: 2,
            people: 1,
            bots: 0,
            spectators,
            private: false,
            host_name: "h".into(),
            node: Some("ws://a/".into()),
        }
    }

    #[test]
    fn rooms_are_listed_changed_withdrawn_and_expired() {
        let t0 = Instant::now();
        let mut d = Directory::default();
        assert!(d.heard("a", room(1, 0), t0).is_some());
        assert!(d.heard("a", room(1, 0), t0).is_none(), "unchanged");
        assert!(d.heard("a", room(1, 1), t0).is_some(), "changed");
        assert!(
            d.heard("b", room(1, 0), t0).is_none(),
            "another node's id clash"
        );
        assert_eq!(d.url(RoomId(1)).as_deref(), Some("ws://a/"));
        assert!(!d.withdrawn("b", RoomId(1)), "only its node withdraws it");
        assert!(d.heard("a", room(2, 0), t0).is_some());
        assert!(d.withdrawn("a", RoomId(2)));
        // Heard again later: it lives on; not heard: it goes.
        assert!(d.heard("a", room(3, 0), t0).is_some());
        d.heard("a", room(1, 1), t0 + Duration::from_secs(8));
        assert_eq!(d.expire(t0 + Duration::from_secs(11)), vec![RoomId(3)]);
        assert_eq!(d.len(), 1);
        assert_eq!(d.expire(t0 + Duration::from_secs(18)), vec![RoomId(1)]);
        assert_eq!(d.len(), 0);
    }

    #[test]
    fn the_table_is_bounded() {
        let t0 = Instant::now();
        let mut d = Directory::default();
        for id in 0..MAX_REMOTE_ROOMS as u64 + 10 {
            d.heard("a", room(id, 0), t0);
        }
        assert_eq!(d.len(), MAX_REMOTE_ROOMS);
    }
}
