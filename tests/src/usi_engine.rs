//! A USI engine in a child process for the test-only tools (`strength`, `tune`): started,
//! spoken to line by line, and read with timeouts so that a stuck engine never hangs a match.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// The lines a child writes to stdout, read on a thread of their own.
pub fn line_reader(child: &mut Child) -> Receiver<String> {
    let out = child.stdout.take().expect("piped stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// A running USI engine, past `usiok`, its options set and `readyok` seen.
pub struct UsiEngine {
    /// What the engine calls itself (`id name`), else its command line.
    pub name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl UsiEngine {
    /// Starts `command` ("PATH ARG…", e.g. `yonin usi`) and sets `options`.
    pub fn start(command: &str, options: &[(String, String)]) -> Result<UsiEngine, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("an empty engine command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {command}: {e}"))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let lines = line_reader(&mut child);
        let mut e = UsiEngine {
            name: command.into(),
            child,
            stdin,
            lines,
        };
        e.send("usi");
        if let Some(l) = e.wait_for(|l| l.starts_with("id name "), Duration::from_secs(10)) {
            e.name = l.trim_start_matches("id name ").to_string();
        }
        e.wait_for(|l| l == "usiok", Duration::from_secs(10))
            .ok_or_else(|| format!("{command}: no usiok"))?;
        for (n, v) in options {
            e.send(&format!("setoption name {n} value {v}"));
        }
        e.send("isready");
        e.wait_for(|l| l == "readyok", Duration::from_secs(60))
            .ok_or_else(|| format!("{command}: no readyok"))?;
        Ok(e)
    }

    /// Writes one line to the engine.
    pub fn send(&mut self, line: &str) {
        let _ = writeln!(self.stdin, "{line}");
        let _ = self.stdin.flush();
    }

    /// The first line (trimmed) for which `f` holds, skipping the others; `None` after `t`.
    pub fn wait_for(&mut self, f: impl Fn(&str) -> bool, t: Duration) -> Option<String> {
        self.wait_seeing(f, t, |_| {})
    }

    /// As [`UsiEngine::wait_for`], showing every line read on the way to `seen`.
    pub fn wait_seeing(
        &mut self,
        f: impl Fn(&str) -> bool,
        t: Duration,
        mut seen: impl FnMut(&str),
    ) -> Option<String> {
        let end = Instant::now() + t;
        loop {
            let left = end.checked_duration_since(Instant::now())?;
            match self.lines.recv_timeout(left) {
                Ok(l) if f(l.trim()) => return Some(l.trim().to_string()),
                Ok(l) => seen(l.trim()),
                Err(_) => return None,
            }
        }
    }
}

impl Drop for UsiEngine {
    fn drop(&mut self) {
        self.send("quit");
        std::thread::sleep(Duration::from_millis(50));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
