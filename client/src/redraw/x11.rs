//! The X11 alarm clock: a thread with its own X connection that wakes the window's sleeping
//! event loop by sending it a pointer-motion event where the pointer already is.
//!
//! miniquad's X11 loop, when it may block, sleeps in `XNextEvent` until an event arrives for
//! the window; macroquad then draws a frame for any pointer motion. Nothing else can end that
//! sleep from another thread, so this thread finds the window (named by a class unique to this
//! process, then renamed to plain `yonin`), and on each alarm sends a synthetic `MotionNotify`
//! with the pointer's real position: the window sees no change but draws. It also watches the
//! window's exposures (another window moved off it) so the uncovered part is drawn again.

use std::sync::atomic::Ordering;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};
use x11rb::connection::Connection;
use x11rb::protocol::xproto::{
    AtomEnum, ChangeWindowAttributesAux, ConnectionExt as _, EventMask, Motion, MotionNotifyEvent,
    PropMode, Window, MOTION_NOTIFY_EVENT,
};
use x11rb::protocol::Event;
use x11rb::rust_connection::RustConnection;
use x11rb::wrapper::ConnectionExt as _;

/// How long to look for the window before giving up (the loop then never sleeps).
const FIND_FOR: Duration = Duration::from_secs(10);
/// How often to look while it is not mapped yet.
const FIND_EVERY: Duration = Duration::from_millis(20);

/// What the alarm clock is told.
pub(super) enum Alarm {
    /// Wake the window now.
    Now,
    /// Wake the window at this time (the earliest asked for wins).
    At(Instant),
}

/// The window class this process gives its window until the alarm clock has found it.
pub(crate) fn unique_class() -> String {
    format!("yonin-{}", std::process::id())
}

/// Starts the alarm clock; it sets `ready` once it has found the window.
pub(super) fn start(alarms: Receiver<Alarm>, wake: Sender<Alarm>) {
    let spawned = std::thread::Builder::new()
        .name("yonin-redraw".into())
        .spawn(move || {
            if let Err(e) = run(alarms, wake) {
                // The loop keeps drawing every frame, as it did before it could sleep.
                super::READY.store(false, Ordering::SeqCst);
                tracing::debug!("the window cannot sleep when idle: {e}");
            }
        });
    if let Err(e) = spawned {
        tracing::debug!("no redraw thread: {e}");
    }
}

fn run(alarms: Receiver<Alarm>, wake: Sender<Alarm>) -> Result<(), String> {
    let (conn, screen) = x11rb::connect(None).map_err(|e| format!("X connection: {e}"))?;
    let conn = Arc::new(conn);
    let root = conn.setup().roots.get(screen).ok_or("no X screen")?.root;
    let class = unique_class();
    let window = find_window(&conn, root, &class)?;
    adopt(&conn, window)?;
    super::READY.store(true, Ordering::SeqCst);
    // A second thread waits for the exposures; this one keeps the alarms.
    let events = Arc::clone(&conn);
    std::thread::Builder::new()
        .name("yonin-expose".into())
        .spawn(move || watch_exposures(&events, wake))
        .map_err(|e| format!("expose thread: {e}"))?;
    let mut due: Option<Instant> = None;
    loop {
        let got = match due {
            Some(t) => alarms.recv_timeout(t.saturating_duration_since(Instant::now())),
            None => alarms.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        match got {
            Ok(Alarm::At(t)) => {
                due = Some(due.map_or(t, |d| d.min(t)));
                if due.is_some_and(|d| d > Instant::now()) {
                    continue;
                }
            }
            Ok(Alarm::Now) => {}
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return Ok(()),
        }
        due = None;
        // Several alarms at once make one wake.
        while let Ok(a) = alarms.try_recv() {
            if let Alarm::At(t) = a {
                if t > Instant::now() {
                    due = Some(due.map_or(t, |d| d.min(t)));
                }
            }
        }
        poke_window(&conn, root, window)?;
    }
}

/// Finds the top-level window (or the one a window manager framed) with this class.
fn find_window(conn: &RustConnection, root: Window, class: &str) -> Result<Window, String> {
    let until = Instant::now() + FIND_FOR;
    loop {
        if let Some(w) = search(conn, root, class.as_bytes(), 3)? {
            return Ok(w);
        }
        if Instant::now() >= until {
            return Err(format!("no window of class {class}"));
        }
        std::thread::sleep(FIND_EVERY);
    }
}

fn search(
    conn: &RustConnection,
    under: Window,
    class: &[u8],
    depth: u8,
) -> Result<Option<Window>, String> {
    let tree = conn
        .query_tree(under)
        .map_err(|e| e.to_string())?
        .reply()
        .map_err(|e| e.to_string())?;
    for &w in &tree.children {
        if class_of(conn, w).is_some_and(|c| c.split(|&b| b == 0).any(|part| part == class)) {
            return Ok(Some(w));
        }
    }
    if depth > 1 {
        for &w in &tree.children {
            if let Some(found) = search(conn, w, class, depth - 1)? {
                return Ok(Some(found));
            }
        }
    }
    Ok(None)
}

fn class_of(conn: &RustConnection, w: Window) -> Option<Vec<u8>> {
    let reply = conn
        .get_property(false, w, AtomEnum::WM_CLASS, AtomEnum::STRING, 0, 64)
        .ok()?
        .reply()
        .ok()?;
    Some(reply.value)
}

/// Gives the window its ordinary class and this process's id, and listens for its exposures.
fn adopt(conn: &RustConnection, window: Window) -> Result<(), String> {
    let e = |e: x11rb::errors::ConnectionError| e.to_string();
    conn.change_property8(
        PropMode::REPLACE,
        window,
        AtomEnum::WM_CLASS,
        AtomEnum::STRING,
        b"yonin\0Yonin\0",
    )
    .map_err(e)?;
    let pid_atom = conn
        .intern_atom(false, b"_NET_WM_PID")
        .map_err(e)?
        .reply()
        .map_err(|e| e.to_string())?
        .atom;
    conn.change_property32(
        PropMode::REPLACE,
        window,
        pid_atom,
        AtomEnum::CARDINAL,
        &[std::process::id()],
    )
    .map_err(e)?;
    conn.change_window_attributes(
        window,
        &ChangeWindowAttributesAux::new().event_mask(EventMask::EXPOSURE),
    )
    .map_err(e)?;
    conn.flush().map_err(e)?;
    Ok(())
}

/// Sends the window a motion event at the pointer's real position.
fn poke_window(conn: &RustConnection, root: Window, window: Window) -> Result<(), String> {
    let e = |e: x11rb::errors::ConnectionError| e.to_string();
    let (x, y, rx, ry, state) = match conn.query_pointer(window).map_err(e)?.reply() {
        Ok(p) => (p.win_x, p.win_y, p.root_x, p.root_y, p.mask),
        // The window is gone: the program is closing.
        Err(err) => return Err(err.to_string()),
    };
    let event = MotionNotifyEvent {
        response_type: MOTION_NOTIFY_EVENT,
        detail: Motion::NORMAL,
        sequence: 0,
        time: x11rb::CURRENT_TIME,
        root,
        event: window,
        child: x11rb::NONE,
        root_x: rx,
        root_y: ry,
        event_x: x,
        event_y: y,
        state,
        same_screen: true,
    };
    // With no event mask the event goes to the client that made the window: the game.
    conn.send_event(false, window, EventMask::NO_EVENT, event)
        .map_err(e)?;
    conn.flush().map_err(e)?;
    Ok(())
}

fn watch_exposures(conn: &RustConnection, wake: Sender<Alarm>) {
    while let Ok(event) = conn.wait_for_event() {
        if matches!(event, Event::Expose(_)) && wake.send(Alarm::Now).is_err() {
            return;
        }
    }
}
