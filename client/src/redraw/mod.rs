//! When the window draws: at once after input, news from the network or a change of screen,
//! while something moves, and at the times the screens ask for (a clock's next second, a
//! notice that ends); otherwise the event loop sleeps and the window costs no CPU.
//!
//! Screens say what they need while they draw ([`soon`] for an animation, [`at`] for a time);
//! the frame loop ([`Pacer`]) turns that into the next wake. Other threads (the network) call
//! [`poke`]. Where the window cannot sleep (no X11 alarm clock: another platform, Wayland, a
//! failure), every frame is drawn as before.

#[cfg(target_os = "linux")]
mod x11;

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
#[cfg(target_os = "linux")]
use std::sync::mpsc::Sender;
#[cfg(target_os = "linux")]
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The longest the window sleeps without drawing, whatever the screens asked: anything that
/// changes with time and forgot to say so is at most this late.
pub(crate) const MAX_SLEEP: f64 = 1.0;
/// How late a timed frame may come so that nearby times share it (seconds).
const COALESCE: f64 = 0.03;
/// The most frames a second while something moves (the loop has no vsync under Xvfb).
const MAX_FPS: f64 = 60.0;

/// The alarm clock has found the window: the loop may sleep.
static READY: AtomicBool = AtomicBool::new(false);
/// Something happened on another thread since the last frame.
static POKED: AtomicBool = AtomicBool::new(false);

/// The alarm clock's mailbox, once it runs.
#[cfg(target_os = "linux")]
static ALARMS: OnceLock<Mutex<Sender<x11::Alarm>>> = OnceLock::new();

thread_local! {
    /// The earliest time (window clock, seconds) a screen asked to be drawn again this frame.
    static DUE: Cell<f64> = const { Cell::new(f64::INFINITY) };
}

/// Draw again at `t` (seconds on the window's clock, `ctx.now`) or soon after.
pub(crate) fn at(t: f64) {
    if t.is_finite() {
        DUE.with(|d| d.set(d.get().min(t)));
    }
}

/// Draw the next frame at once: something is moving.
pub(crate) fn soon() {
    DUE.with(|d| d.set(f64::NEG_INFINITY));
}

/// The next time a value shown to whole units of `step` seconds changes, for a value that
/// was `left` seconds at `now` and runs down (a clock) or up (`left` negative: time spent).
pub(crate) fn next_tick(now: f64, left: f64, step: f64) -> f64 {
    let step = step.max(0.05);
    let into = left.rem_euclid(step);
    now + if into < 1e-3 { step } else { into }
}

/// Draw again when the caret's blink turns (it blinks twice a second on the window clock).
pub(crate) fn caret_blink(now: f64) {
    at(next_tick(now, -now, 0.5));
}

/// News arrived on another thread (the network): wake the window.
pub(crate) fn poke() {
    POKED.store(true, Ordering::SeqCst);
    #[cfg(target_os = "linux")]
    if let Some(alarms) = ALARMS.get() {
        if let Ok(tx) = alarms.lock() {
            let _ = tx.send(x11::Alarm::Now);
        }
    }
}

/// The connection that found the display, held for the life of the program.
#[cfg(target_os = "linux")]
static PROBE: Mutex<Option<x11rb::rust_connection::RustConnection>> = Mutex::new(None);

/// Why no window can open here (Linux without a reachable X display), in words for the
/// player; None when one can (or on other platforms).
pub(crate) fn no_display() -> Option<String> {
    #[cfg(target_os = "linux")]
    {
        let why = match std::env::var("DISPLAY") {
            Ok(d) if !d.is_empty() => match x11rb::connect(None) {
                Ok((conn, _)) => {
                    // Kept open: were it the server's only client, closing it would make
                    // Xvfb reset just as the window connects (XOpenDisplay then fails).
                    if let Ok(mut kept) = PROBE.lock() {
                        *kept = Some(conn);
                    }
                    return None;
                }
                Err(e) => format!("the X display {d} cannot be reached ({e})"),
            },
            _ => "DISPLAY is not set".to_string(),
        };
        return Some(format!(
            "no window can open: {why}. Run it in a desktop session, or under xvfb-run."
        ));
    }
    #[allow(unreachable_code)]
    None
}

/// Whether the window's event loop may sleep on this platform: the window is then made with
/// a blocking event loop and a class the alarm clock can find it by.
pub(crate) fn can_sleep() -> bool {
    cfg!(target_os = "linux") && std::env::var_os("DISPLAY").is_some()
}

/// The class to make the window with (unique to this process where the loop may sleep).
pub(crate) fn window_class() -> &'static str {
    #[cfg(target_os = "linux")]
    if can_sleep() {
        return Box::leak(x11::unique_class().into_boxed_str());
    }
    "yonin"
}

/// Decides after each frame whether the next comes at once or after a sleep.
pub(crate) struct Pacer {
    sleeping_allowed: bool,
    /// `YONIN_TRACE_FRAMES`: each frame's time on standard error (tests count them).
    trace: bool,
    last_frame: Option<Instant>,
}

impl Pacer {
    /// Starts the alarm clock (if the loop may sleep here).
    pub(crate) fn start(sleeping_allowed: bool) -> Pacer {
        #[cfg(target_os = "linux")]
        if sleeping_allowed {
            let (tx, rx) = std::sync::mpsc::channel();
            x11::start(rx, tx.clone());
            let _ = ALARMS.set(Mutex::new(tx));
        }
        Pacer {
            sleeping_allowed,
            trace: std::env::var_os("YONIN_TRACE_FRAMES").is_some(),
            last_frame: None,
        }
    }

    /// Whether news came from another thread since the last call.
    pub(crate) fn take_poked(&self) -> bool {
        POKED.swap(false, Ordering::SeqCst)
    }

    /// Ends a frame drawn at `now`: `busy` when something happened in it (input, news, a new
    /// screen), so the next frame settles it at once. Returns whether the loop will sleep.
    pub(crate) fn end_frame(&mut self, now: f64, busy: bool) -> bool {
        let due = DUE.with(|d| d.replace(f64::INFINITY));
        if self.trace {
            eprintln!("yonin-frame {now:.3}");
        }
        if !self.sleeping_allowed {
            return false;
        }
        let frame_gap = 1.0 / MAX_FPS;
        if !READY.load(Ordering::SeqCst) || busy || due <= now + frame_gap {
            self.cap_rate();
            macroquad::miniquad::window::schedule_update();
            return false;
        }
        // Times a few milliseconds apart (a clock's second and the move's) make one frame.
        let wait = (due - now + COALESCE).clamp(0.0, MAX_SLEEP);
        #[cfg(target_os = "linux")]
        if let Some(alarms) = ALARMS.get() {
            if let Ok(tx) = alarms.lock() {
                let when = Instant::now() + Duration::from_secs_f64(wait);
                if tx.send(x11::Alarm::At(when)).is_err() {
                    macroquad::miniquad::window::schedule_update();
                    return false;
                }
            }
        }
        self.last_frame = None;
        true
    }

    /// Keeps a moving window to `MAX_FPS` frames a second.
    fn cap_rate(&mut self) {
        let gap = Duration::from_secs_f64(1.0 / MAX_FPS);
        if let Some(last) = self.last_frame {
            let spent = last.elapsed();
            if spent < gap {
                std::thread::sleep(gap - spent);
            }
        }
        self.last_frame = Some(Instant::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_running_clock_is_drawn_when_its_second_turns() {
        // 12.3 s left at t=100: the shown "12" becomes "11" at 100.3.
        assert!((next_tick(100.0, 12.3, 1.0) - 100.3).abs() < 1e-9);
        // Exactly on a second: the next change is a whole second away.
        assert!((next_tick(100.0, 12.0, 1.0) - 101.0).abs() < 1e-9);
        // Time spent, counting up from 4.25 s: it shows 5 at +0.75.
        assert!((next_tick(10.0, -4.25, 1.0) - 10.75).abs() < 1e-9);
    }

    #[test]
    fn the_earliest_request_of_a_frame_wins() {
        at(5.0);
        at(3.0);
        at(f64::INFINITY);
        at(4.0);
        assert_eq!(DUE.with(|d| d.replace(f64::INFINITY)), 3.0);
    }
}
