//! Game clocks kept by the server: Fischer (main time + increment) and byoyomi (main time, then
//! periods). Pure arithmetic over `Instant`s handed in by the room; the room owns the timer.

use std::time::{Duration, Instant};
use yonin_core::protocol::{Clocks, SeatClock};
use yonin_core::TimeControl;
use yonin_core::{BySeat, Seat, SeatSet};

/// One seat's time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct SeatTime {
    main_ms: u64,
    /// Byoyomi periods left, the current one included.
    periods: u32,
}

/// The clocks of one game.
#[derive(Clone, Debug)]
pub struct GameClock {
    control: TimeControl,
    seats: SeatSet,
    time: BySeat<SeatTime>,
    /// The seat whose clock runs, and since when.
    running: Option<(Seat, Instant)>,
}

/// The running seat's time ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flagged(pub Seat);

impl GameClock {
    /// `None` when the time control is `None`.
    pub fn new(control: TimeControl, seats: SeatSet) -> Option<GameClock> {
        let start = match control {
            TimeControl::None => return None,
            TimeControl::Fischer { main_ms, .. } => SeatTime {
                main_ms,
                periods: 0,
            },
            TimeControl::Byoyomi {
                main_ms, periods, ..
            } => SeatTime { main_ms, periods },
        };
        Some(GameClock {
            control,
            seats,
            time: BySeat([start; 4]),
            running: None,
        })
    }

    /// The clocks of a game carried on after a restart, from the snapshot stored with its last
    /// action: every seat's time as it was, no clock running (the room starts the clock of the
    /// seat to move when play resumes). `None` when the time control is `None`.
    pub fn restore(control: TimeControl, seats: SeatSet, saved: &Clocks) -> Option<GameClock> {
        let mut clock = GameClock::new(control, seats)?;
        for c in &saved.seats {
            if seats.contains(c.seat) {
                clock.time[c.seat] = SeatTime {
                    main_ms: c.main_ms,
                    periods: c.periods,
                };
            }
        }
        Some(clock)
    }

    fn byoyomi_ms(&self) -> u64 {
        match self.control {
            TimeControl::Byoyomi { byoyomi_ms, .. } => byoyomi_ms,
            _ => 0,
        }
    }

    /// The whole time `seat` may still use on one move.
    fn budget_ms(&self, seat: Seat) -> u64 {
        let t = self.time[seat];
        t.main_ms
            .saturating_add(self.byoyomi_ms().saturating_mul(u64::from(t.periods)))
    }

    /// `t` after `elapsed_ms` of thinking; `Err` when that is past the budget.
    fn charged(&self, t: SeatTime, elapsed_ms: u64) -> Result<(SeatTime, u64), ()> {
        if elapsed_ms < t.main_ms {
            return Ok((
                SeatTime {
                    main_ms: t.main_ms - elapsed_ms,
                    ..t
                },
                self.byoyomi_ms(),
            ));
        }
        let over = elapsed_ms - t.main_ms;
        let byo = self.byoyomi_ms();
        if byo == 0 || over >= byo.saturating_mul(u64::from(t.periods)) {
            return Err(());
        }
        let used = (over / byo) as u32;
        Ok((
            SeatTime {
                main_ms: 0,
                periods: t.periods - used,
            },
            byo - over % byo,
        ))
    }

    /// Starts `seat`'s clock at `now` (stopping any other without charging it).
    pub fn start(&mut self, seat: Seat, now: Instant) {
        self.running = Some((seat, now));
    }

    /// Stops the clocks without charging anyone (game over).
    pub fn stop(&mut self) {
        self.running = None;
    }

    pub fn running(&self) -> Option<Seat> {
        self.running.map(|(s, _)| s)
    }

    /// The running seat moved at `now`: charge it and add its increment. `Err` when its time
    /// had already run out (the move comes too late).
    pub fn on_move(&mut self, now: Instant) -> Result<(), Flagged> {
        let Some((seat, since)) = self.running.take() else {
            return Ok(());
        };
        let elapsed = now.saturating_duration_since(since).as_millis() as u64;
        match self.charged(self.time[seat], elapsed) {
            Ok((mut t, _)) => {
                if let TimeControl::Fischer { increment_ms, .. } = self.control {
                    t.main_ms = t.main_ms.saturating_add(increment_ms);
                }
                self.time[seat] = t;
                Ok(())
            }
            Err(()) => {
                self.time[seat] = SeatTime::default();
                Err(Flagged(seat))
            }
        }
    }

    /// When the running seat's time runs out.
    pub fn deadline(&self) -> Option<(Seat, Instant)> {
        let (seat, since) = self.running?;
        Some((seat, since + Duration::from_millis(self.budget_ms(seat))))
    }

    /// Marks the running seat's time as used up (its flag fell).
    pub fn flag(&mut self, seat: Seat) {
        self.time[seat] = SeatTime::default();
        if self.running() == Some(seat) {
            self.running = None;
        }
    }

    /// The clocks as of `now`, the running seat charged for its thinking so far.
    pub fn snapshot(&self, now: Instant) -> Clocks {
        let byo = self.byoyomi_ms();
        let seats = self
            .seats
            .iter()
            .map(|seat| {
                let t = self.time[seat];
                let (t, period_ms) = match self.running {
                    Some((s, since)) if s == seat => {
                        let elapsed = now.saturating_duration_since(since).as_millis() as u64;
                        self.charged(t, elapsed).unwrap_or((SeatTime::default(), 0))
                    }
                    _ => (t, if t.periods > 0 { byo } else { 0 }),
                };
                SeatClock {
                    seat,
                    main_ms: t.main_ms,
                    period_ms,
                    periods: t.periods,
                }
            })
            .collect();
        Clocks {
            seats,
            running: self.running(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn fischer_adds_the_increment_and_flags_at_zero() {
        let t0 = Instant::now();
        let mut c = GameClock::new(
            TimeControl::Fischer {
                main_ms: 1000,
                increment_ms: 100,
            },
            SeatSet::STANDARD,
        )
        .unwrap();
        c.start(Seat::South, t0);
        assert_eq!(c.deadline(), Some((Seat::South, t0 + ms(1000))));
        c.on_move(t0 + ms(400)).unwrap();
        assert_eq!(c.snapshot(t0).seats[0].main_ms, 700);
        c.start(Seat::North, t0);
        assert_eq!(c.on_move(t0 + ms(1000)), Err(Flagged(Seat::North)));
    }

    #[test]
    fn a_restored_clock_keeps_each_seats_time_and_waits() {
        let control = TimeControl::Byoyomi {
            main_ms: 60_000,
            byoyomi_ms: 10_000,
            periods: 3,
        };
        let t0 = Instant::now();
        let mut c = GameClock::new(control, SeatSet::STANDARD).unwrap();
        c.start(Seat::South, t0);
        c.on_move(t0 + ms(65_000)).unwrap();
        let saved = c.snapshot(t0 + ms(65_000));
        let r = GameClock::restore(control, SeatSet::STANDARD, &saved).unwrap();
        assert_eq!(r.running(), None, "nobody's time runs until play resumes");
        assert_eq!(r.snapshot(t0).seats, saved.seats);
        assert_eq!(r.snapshot(t0).seats[0].periods, 3);
        assert_eq!(r.snapshot(t0).seats[0].main_ms, 0);
    }

    #[test]
    fn byoyomi_uses_periods_after_main_time() {
        let t0 = Instant::now();
        let mut c = GameClock::new(
            TimeControl::Byoyomi {
                main_ms: 1000,
                byoyomi_ms: 500,
                periods: 3,
            },
            SeatSet::STANDARD,
        )
        .unwrap();
        c.start(Seat::South, t0);
        assert_eq!(c.deadline(), Some((Seat::South, t0 + ms(2500))));
        // 1000 main + one full period + 200 of the next.
        let snap = c.snapshot(t0 + ms(1700));
        assert_eq!(
            (
                snap.seats[0].main_ms,
                snap.seats[0].periods,
                snap.seats[0].period_ms
            ),
            (0, 2, 300)
        );
        c.on_move(t0 + ms(1700)).unwrap();
        let snap = c.snapshot(t0);
        assert_eq!((snap.seats[0].periods, snap.seats[0].period_ms), (2, 500));
        c.start(Seat::South, t0);
        assert_eq!(c.deadline(), Some((Seat::South, t0 + ms(1000))));
        assert_eq!(c.on_move(t0 + ms(1000)), Err(Flagged(Seat::South)));
    }

    #[test]
    fn sudden_death_byoyomi_without_periods() {
        let t0 = Instant::now();
        let mut c = GameClock::new(
            TimeControl::Byoyomi {
                main_ms: 0,
                byoyomi_ms: 300,
                periods: 1,
            },
            SeatSet::ALL,
        )
        .unwrap();
        c.start(Seat::West, t0);
        c.on_move(t0 + ms(299)).unwrap();
        c.start(Seat::West, t0);
        assert!(c.on_move(t0 + ms(300)).is_err());
        assert!(GameClock::new(TimeControl::None, SeatSet::ALL).is_none());
    }
}
