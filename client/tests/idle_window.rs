//! An idle window sleeps: on the main menu it draws a frame about once a second (its
//! safety tick) instead of every frame, and still wakes for that tick. Runs the built `yonin`
//! binary under its own Xvfb (or `$DISPLAY`) with `YONIN_TRACE_FRAMES`, which logs each frame.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long the window is watched after it settles (seconds).
const WATCH: f64 = 4.0;
/// When the watch starts: the first frames (sounds loading, the first layout) are over.
const SETTLED: f64 = 1.0;

/// An X server of the test's own (killed on drop), or the one in `$DISPLAY`.
struct Display {
    name: String,
    server: Option<Child>,
}

impl Drop for Display {
    fn drop(&mut self) {
        if let Some(s) = &mut self.server {
            let _ = s.kill();
            let _ = s.wait();
        }
    }
}

fn display() -> Option<Display> {
    if let Ok(mut server) = Command::new("Xvfb")
        .args([
            "-displayfd",
            "1",
            "-screen",
            "0",
            "1280x800x24",
            "-nolisten",
            "tcp",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    {
        let mut line = String::new();
        let out = server.stdout.take()?;
        let read = BufReader::new(out).read_line(&mut line);
        if read.is_ok() && !line.trim().is_empty() {
            return Some(Display {
                name: format!(":{}", line.trim()),
                server: Some(server),
            });
        }
        let _ = server.kill();
        let _ = server.wait();
    }
    let name = std::env::var("DISPLAY").ok().filter(|d| !d.is_empty())?;
    Some(Display { name, server: None })
}

#[test]
fn the_idle_main_menu_draws_about_once_a_second() {
    let Some(display) = display() else {
        eprintln!("NOTICE: idle-window test skipped: no X display and no Xvfb");
        return;
    };
    let home = std::env::temp_dir().join(format!("yonin-idle-{}", std::process::id()));
    std::fs::create_dir_all(&home).expect("a temporary folder");
    let mut child = Command::new(env!("CARGO_BIN_EXE_yonin"))
        .env("DISPLAY", &display.name)
        .env("YONIN_HOME", &home)
        .env("YONIN_TRACE_FRAMES", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the yonin binary runs");
    let stderr = child.stderr.take().expect("standard error");
    // Read frame times until the window's clock passes the end of the watch (bounded).
    let deadline = Instant::now() + Duration::from_secs(30);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(t) = line.strip_prefix("yonin-frame ") {
                if let Ok(t) = t.trim().parse::<f64>() {
                    if tx.send(t).is_err() {
                        return;
                    }
                }
            }
        }
    });
    let mut frames = Vec::new();
    while Instant::now() < deadline {
        match rx.recv_timeout(Duration::from_millis(200)) {
            Ok(t) => {
                frames.push(t);
                if t > SETTLED + WATCH {
                    break;
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(_) => break,
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    drop(display);
    let _ = std::fs::remove_dir_all(&home);
    assert!(!frames.is_empty(), "the window drew no frame");
    let watched = frames
        .iter()
        .filter(|&&t| t > SETTLED && t <= SETTLED + WATCH)
        .count();
    // A window drawing every frame draws hundreds here; a sleeping one wakes for its
    // one-second tick (4, give or take the edges), and a broken alarm clock would never wake.
    assert!(
        (2..=8).contains(&watched),
        "{watched} frames in {WATCH} s of an idle menu (all frames: {frames:?})"
    );
}
