//! Getting a dropped seat back: the backoff schedule of reconnection attempts within the
//! seat's grace period, and what the plates of other players' dropped seats say (the grace
//! countdown, then the bot playing for them). The overlay over the board is
//! `crate::view::reconnect`.
//! Spectators come back the same way, to watch the same room again.
//!
//! The state machine has no clock and no socket of its own: the session feeds it the frame
//! time and the network events, so it is tested without either.

use crate::i18n::{level_name, tr, trf, Text};
use crate::state::table::Table;
use macroquad::prelude::*;
use yonin_core::protocol::{Occupant, ResumeToken, RoomId};
use yonin_core::Seat;

/// The wait before the first attempt, in seconds; each failed attempt doubles it.
pub(crate) const FIRST_DELAY: f64 = 0.5;
/// The longest wait between two attempts, in seconds.
pub(crate) const MAX_DELAY: f64 = 8.0;
/// The grace period of a server that does not say (the server's default), in seconds.
pub(crate) const DEFAULT_GRACE: f64 = 60.0;

/// The wait before attempt `n` (counted from 0): 0.5 s, 1 s, 2 s, 4 s, 8 s, 8 s …
pub fn backoff(n: u32) -> f64 {
    (FIRST_DELAY * f64::from(1u32 << n.min(16))).min(MAX_DELAY)
}

/// What a new connection asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejoin {
    /// The seat this secret holds (presented in `Hello`).
    Seat(ResumeToken),
    /// Watching this room again (with its join code, if private).
    Watch { room: RoomId, code: Option<String> },
}

/// Where an attempt is.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// Waiting for the next attempt.
    Waiting,
    /// Connecting, or connected and waiting for the server to give the seat back.
    Trying,
    /// The grace period ended without a connection: a computer plays the seat now (it can
    /// still be taken back with another try).
    GaveUp,
    /// The server does not know the seat any more; its words.
    Refused(String),
}

/// A dropped connection being restored.
#[derive(Clone, Debug, PartialEq)]
pub struct Reconnect {
    /// The seat to take back, or the room to watch again.
    pub target: Rejoin,
    pub phase: Phase,
    /// Attempts started so far.
    pub attempts: u32,
    /// Local time (seconds) of the next attempt, while `Waiting`.
    pub next_at: f64,
    /// Local time at which the grace period ends: no more attempts after it.
    pub deadline: f64,
    /// The grace period, in seconds.
    pub grace: f64,
    /// Why the last connection ended (for people).
    pub last_error: String,
}

impl Reconnect {
    /// The connection just dropped at `now`; the seat waits `grace` seconds (a spectator
    /// tries for as long).
    pub fn new(target: Rejoin, now: f64, grace: f64, why: String) -> Reconnect {
        Reconnect {
            target,
            phase: Phase::Waiting,
            attempts: 0,
            next_at: now + backoff(0),
            deadline: now + grace,
            grace,
            last_error: why,
        }
    }

    /// Is an attempt due now? (Moves to `GaveUp` when the grace period is over.)
    pub(crate) fn due(&mut self, now: f64) -> bool {
        if self.phase != Phase::Waiting {
            return false;
        }
        if now >= self.deadline {
            self.phase = Phase::GaveUp;
            return false;
        }
        // The window wakes for the next attempt, the end of the period and the countdown.
        crate::redraw::at(self.next_at.min(self.deadline));
        crate::redraw::at(crate::redraw::next_tick(now, self.deadline - now, 1.0));
        now >= self.next_at
    }

    /// An attempt starts.
    pub fn started(&mut self) {
        self.phase = Phase::Trying;
        self.attempts += 1;
    }

    /// The attempt failed at `now`: wait, then try again (never past the deadline).
    pub fn failed(&mut self, now: f64, why: String) {
        if self.phase != Phase::Trying {
            return;
        }
        self.last_error = why;
        if now >= self.deadline {
            self.phase = Phase::GaveUp;
            return;
        }
        self.phase = Phase::Waiting;
        self.next_at = (now + backoff(self.attempts)).min(self.deadline);
    }

    /// The server refused the token (or the room to watch).
    pub fn refused(&mut self, message: String) {
        self.phase = Phase::Refused(message);
    }

    /// The player asks to try again after giving up: a fresh period of attempts.
    pub(crate) fn retry(&mut self, now: f64) {
        self.phase = Phase::Waiting;
        self.attempts = 0;
        self.next_at = now;
        self.deadline = now + self.grace;
    }

    /// Seconds left of the grace period.
    pub(crate) fn time_left(&self, now: f64) -> f64 {
        (self.deadline - now).max(0.0)
    }

    /// Still trying (not given up, not refused).
    pub fn active(&self) -> bool {
        matches!(self.phase, Phase::Waiting | Phase::Trying)
    }
}

/// Keeps each seat's grace deadline (local time) in step with what the server said: a
/// dropped person's seat carries the grace left when the message was sent.
pub(crate) fn sync_grace(table: &mut Table, now: f64) {
    for info in &table.seats {
        table.grace_until[info.seat] = match info.grace_ms {
            Some(ms) if !info.connected && info.stand_in.is_none() => {
                Some(now + ms as f64 / 1000.0)
            }
            _ => None,
        };
    }
}

/// What a seat's plate says about its connection: "disconnected · 42 s" while its grace
/// runs, "disconnected" without one, the bot once one plays for the person ("Bot (Medium)":
/// the name above it already says "Bob — a bot stands in"); None when the person is there
/// (or the seat is a bot's).
pub fn plate_status(table: &Table, seat: Seat, now: f64) -> Option<String> {
    let info = table.seat_info(seat)?;
    if let Some(level) = info.stand_in {
        return Some(trf(Text::BotName, &[&level_name(level)]));
    }
    if info.connected || !matches!(info.occupant, Occupant::Person(_)) {
        return None;
    }
    Some(match table.grace_until[seat] {
        Some(until) => {
            crate::redraw::at(crate::redraw::next_tick(now, until - now, 1.0));
            trf(Text::GraceLeft, &[&((until - now).max(0.0).ceil() as u64)])
        }
        None => tr(Text::Disconnected).to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token() -> Rejoin {
        Rejoin::Seat(ResumeToken(7))
    }

    #[test]
    fn backoff_doubles_up_to_its_cap() {
        let waits: Vec<f64> = (0..7).map(backoff).collect();
        assert_eq!(waits, vec![0.5, 1.0, 2.0, 4.0, 8.0, 8.0, 8.0]);
        assert_eq!(backoff(u32::MAX), MAX_DELAY);
    }

    #[test]
    fn attempts_follow_the_schedule_and_stop_at_the_deadline() {
        let mut r = Reconnect::new(token(), 10.0, 6.0, "gone".into());
        assert!(!r.due(10.2), "the first attempt waits half a second");
        assert!(r.due(10.5));
        r.started();
        assert!(!r.due(10.6), "one attempt at a time");
        r.failed(10.7, "refused".into());
        assert_eq!(r.next_at, 10.7 + 1.0);
        assert!(r.due(11.7));
        r.started();
        r.failed(12.0, "refused".into());
        assert_eq!(r.next_at, 14.0);
        r.started();
        r.failed(14.0, "refused".into());
        // The next wait (4 s) would pass the deadline (16.0): the last try is at it.
        assert_eq!(r.next_at, 16.0);
        assert!(!r.due(16.0));
        assert_eq!(r.phase, Phase::GaveUp);
        assert_eq!(r.attempts, 3);
        assert_eq!(r.last_error, "refused");
        r.retry(20.0);
        assert!(r.due(20.0) && r.active());
        assert_eq!(r.time_left(21.0), 5.0);
    }

    #[test]
    fn a_refusal_ends_the_attempts() {
        let mut r = Reconnect::new(token(), 0.0, 60.0, String::new());
        r.started();
        r.refused("that token holds no seat".into());
        assert!(!r.active());
        assert!(!r.due(1.0));
        // A late "closed" does not bring the attempts back.
        r.failed(2.0, "closed".into());
        assert_eq!(r.phase, Phase::Refused("that token holds no seat".into()));
    }
}
