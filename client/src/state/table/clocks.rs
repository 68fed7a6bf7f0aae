//! The clocks as the player reads them: a seat's clock counted down locally, its text
//! (main time, byoyomi periods), and the time controls a room may choose.

use crate::i18n::{tr, Text};
use yonin_core::protocol::SeatClock;
use yonin_core::Seat;
use yonin_core::TimeControl;

use super::Table;

impl Table {
    /// A seat's clock as it stands now (the running clock counted down locally).
    pub(crate) fn clock_now(&self, seat: Seat, now: f64) -> Option<SeatClock> {
        let mut c = *self.clocks.seats.iter().find(|c| c.seat == seat)?;
        if self.clocks.running == Some(seat) && !self.is_over() {
            let mut spent = ((now - self.clocks_at).max(0.0) * 1000.0) as u64;
            let from_main = spent.min(c.main_ms);
            c.main_ms -= from_main;
            spent -= from_main;
            if spent > 0 {
                if let TimeControl::Byoyomi { byoyomi_ms, .. } = self.time_control {
                    // Periods used up while the clock ran.
                    while spent > 0 && c.periods > 0 {
                        if spent < c.period_ms {
                            c.period_ms -= spent;
                            spent = 0;
                        } else {
                            spent -= c.period_ms;
                            c.periods -= 1;
                            c.period_ms = if c.periods > 0 { byoyomi_ms } else { 0 };
                        }
                    }
                }
            }
        }
        Some(c)
    }
}

/// Minutes and seconds, with tenths under 10 s: `10:00`, `0:42`, `9.4`.
pub(crate) fn format_ms(ms: u64) -> String {
    if ms < 10_000 {
        return format!("{}.{}", ms / 1000, (ms % 1000) / 100);
    }
    let s = ms / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// Time spent on a move, in whole seconds: `7s`, `1:05`.
pub(crate) fn format_spent(secs: f64) -> String {
    let s = secs.max(0.0) as u64;
    if s < 60 {
        format!("{s}s")
    } else {
        format_ms(s * 1000)
    }
}

/// What a clock shows: the big line and the small line under it.
/// Byoyomi shows as `30s ×3` (under the main time while it lasts).
pub(crate) fn clock_text(c: &SeatClock, tc: TimeControl) -> (String, String) {
    match tc {
        TimeControl::None => (String::new(), String::new()),
        TimeControl::Fischer { increment_ms, .. } => {
            (format_ms(c.main_ms), format!("+{}s", increment_ms / 1000))
        }
        TimeControl::Byoyomi { byoyomi_ms, .. } => {
            let period = format!("{}s", byoyomi_ms / 1000);
            if c.main_ms > 0 {
                let sub = if c.periods > 0 {
                    format!("{period} ×{}", c.periods)
                } else {
                    String::new()
                };
                (format_ms(c.main_ms), sub)
            } else if c.periods > 0 {
                let left = if c.period_ms < 10_000 {
                    format!("{}s", format_ms(c.period_ms))
                } else {
                    format!("{}s", c.period_ms / 1000)
                };
                (left, format!("{period} ×{}", c.periods))
            } else {
                ("0.0".to_string(), String::new())
            }
        }
    }
}

/// The name of `TIME_CONTROLS[i]` in the current language.
pub(crate) fn time_control_label(i: usize) -> &'static str {
    const KEYS: [Text; 6] = [
        Text::NoClock,
        Text::Tc10Byo,
        Text::Tc5x3,
        Text::Tc30Only,
        Text::Tc3Plus2,
        Text::Tc15Plus10,
    ];
    KEYS.get(i).map_or(TIME_CONTROLS[0].0, |&k| tr(k))
}

/// The time-control choices offered when creating a game (English names; the screens use
/// [`time_control_label`]).
pub(crate) const TIME_CONTROLS: [(&str, TimeControl); 6] = [
    ("No clock", TimeControl::None),
    (
        "10 min + 30s byoyomi",
        TimeControl::Byoyomi {
            main_ms: 600_000,
            byoyomi_ms: 30_000,
            periods: 1,
        },
    ),
    (
        "5 min + 10s ×3",
        TimeControl::Byoyomi {
            main_ms: 300_000,
            byoyomi_ms: 10_000,
            periods: 3,
        },
    ),
    (
        "30s byoyomi only",
        TimeControl::Byoyomi {
            main_ms: 0,
            byoyomi_ms: 30_000,
            periods: 1,
        },
    ),
    (
        "3 min + 2s",
        TimeControl::Fischer {
            main_ms: 180_000,
            increment_ms: 2_000,
        },
    ),
    (
        "15 min + 10s",
        TimeControl::Fischer {
            main_ms: 900_000,
            increment_ms: 10_000,
        },
    ),
];

/// A describing name of a time control.
pub(crate) fn time_control_name(tc: TimeControl) -> String {
    if let Some(i) = TIME_CONTROLS.iter().position(|(_, t)| *t == tc) {
        return time_control_label(i).to_string();
    }
    match tc {
        TimeControl::None => tr(Text::NoClock).into(),
        TimeControl::Fischer {
            main_ms,
            increment_ms,
        } => format!("{} + {}s", format_ms(main_ms), increment_ms / 1000),
        TimeControl::Byoyomi {
            main_ms,
            byoyomi_ms,
            periods,
        } => format!("{} + {}s ×{periods}", format_ms(main_ms), byoyomi_ms / 1000),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yonin_core::protocol::Clocks;
    use yonin_core::{Game, RuleSet};

    #[test]
    fn clocks_read_like_a_shogi_clock() {
        let bt = TimeControl::Byoyomi {
            main_ms: 600_000,
            byoyomi_ms: 30_000,
            periods: 3,
        };
        let c = |main_ms, period_ms, periods| SeatClock {
            seat: Seat::South,
            main_ms,
            period_ms,
            periods,
        };
        assert_eq!(
            clock_text(&c(600_000, 30_000, 3), bt),
            ("10:00".into(), "30s ×3".into())
        );
        assert_eq!(
            clock_text(&c(0, 23_400, 3), bt),
            ("23s".into(), "30s ×3".into())
        );
        assert_eq!(
            clock_text(&c(0, 7_400, 1), bt),
            ("7.4s".into(), "30s ×1".into())
        );
        assert_eq!(format_ms(9_950), "9.9");
        assert_eq!(format_ms(65_000), "1:05");
        assert_eq!(format_spent(7.9), "7s");
        assert_eq!(format_spent(65.2), "1:05");
    }

    #[test]
    fn the_running_clock_counts_down_into_byoyomi() {
        let mut t = Table::from_game(Game::new(RuleSet::standard()), Some(Seat::South), 0.0);
        t.time_control = TimeControl::Byoyomi {
            main_ms: 1_000,
            byoyomi_ms: 10_000,
            periods: 2,
        };
        t.clocks = Clocks {
            seats: vec![SeatClock {
                seat: Seat::South,
                main_ms: 1_000,
                period_ms: 10_000,
                periods: 2,
            }],
            running: Some(Seat::South),
        };
        let c = t.clock_now(Seat::South, 12.5).unwrap();
        assert_eq!((c.main_ms, c.periods, c.period_ms), (0, 1, 8_500));
    }
}
