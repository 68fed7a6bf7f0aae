//! The standard-shogi players of the harness: a bot in this process, a USI engine in a child
//! process, and gnushogi in its own line protocol.

use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::sync::{atomic::AtomicBool, Arc};
use std::time::{Duration, Instant};
use yonin_core::bot::{Bot, GameHistory, Limits, SearchOptions};
use yonin_core::record::usi::position_line;
use yonin_core::{Move, Position};
use yonin_tests::usi_engine::{line_reader, UsiEngine};

use crate::timing::{Timing, TIMING};

/// Something that plays standard shogi moves.
pub trait Player {
    fn name(&self) -> String;
    fn new_game(&mut self) {}
    /// The reply to `pos` (reached from `start` by `moves`): a move, a resignation, or a win
    /// declared by impasse.
    fn play(&mut self, start: &Position, moves: &[Move], pos: &Position) -> Reply;
}

pub enum Reply {
    Move(Move),
    Resign,
    Win,
}

pub struct BotPlayer {
    bot: Bot,
    limits: Limits,
}

impl BotPlayer {
    pub fn new(bot: Bot, limits: Limits) -> BotPlayer {
        BotPlayer { bot, limits }
    }
}

impl Player for BotPlayer {
    fn name(&self) -> String {
        match self.bot.threads() {
            1 => format!("yonin {}", self.bot.level()),
            n => format!("yonin {} on {n} threads", self.bot.level()),
        }
    }
    fn new_game(&mut self) {
        self.bot.clear();
    }
    fn play(&mut self, start: &Position, moves: &[Move], pos: &Position) -> Reply {
        let rule = yonin_core::ImpasseRule::Points27;
        if matches!(
            yonin_core::impasse::declaration(pos, pos.to_move(), rule),
            Ok(yonin_core::impasse::ImpasseVerdict::Win { .. })
        ) {
            return Reply::Win;
        }
        let options = SearchOptions {
            history: GameHistory::from_moves(start, moves),
            max_depth: None,
        };
        let started = Instant::now();
        let r = self.bot.search(
            pos,
            self.limits,
            &options,
            Arc::new(AtomicBool::new(false)),
            &mut |_| {},
        );
        TIMING.record(started.elapsed(), self.limits.time);
        match r.best {
            Some(m) => Reply::Move(m),
            None => Reply::Resign,
        }
    }
}

/// A USI engine in a child process, given `movetime` milliseconds a move (as byoyomi) and,
/// when set, a node budget a move (`go nodes`, the time then a backstop); how long it takes
/// over each move is counted in `timing`.
pub struct UsiPlayer {
    engine: UsiEngine,
    movetime: u64,
    nodes: Option<u64>,
    timing: &'static Timing,
}

impl UsiPlayer {
    /// Starts the engine of `command` with `options`; its name is `name` when given, else
    /// what the engine calls itself; its moves' times are counted in `timing`.
    pub fn start(
        command: &str,
        options: &[(String, String)],
        (movetime, nodes): (u64, Option<u64>),
        name: Option<String>,
        timing: &'static Timing,
    ) -> Result<UsiPlayer, String> {
        let mut engine = UsiEngine::start(command, options)?;
        if let Some(name) = name {
            engine.name = name;
        }
        Ok(UsiPlayer {
            engine,
            movetime,
            nodes,
            timing,
        })
    }
}

impl Player for UsiPlayer {
    fn name(&self) -> String {
        self.engine.name.clone()
    }
    fn new_game(&mut self) {
        self.engine.send("usinewgame");
        self.engine.send("isready");
        let _ = self
            .engine
            .wait_for(|l| l == "readyok", Duration::from_secs(60));
    }
    fn play(&mut self, start: &Position, moves: &[Move], _pos: &Position) -> Reply {
        self.engine.send(&position_line(start, moves));
        let nodes = self
            .nodes
            .map(|n| format!("nodes {n} "))
            .unwrap_or_default();
        let go = format!("go {nodes}btime 0 wtime 0 byoyomi {}", self.movetime);
        let started = Instant::now();
        self.engine.send(&go);
        let limit = Duration::from_millis(self.movetime * 3 + 5000);
        let bestmove = self.engine.wait_for(|l| l.starts_with("bestmove"), limit);
        let time = Duration::from_millis(self.movetime);
        self.timing.record(started.elapsed(), time);
        let Some(l) = bestmove else {
            eprintln!("{}: no bestmove in time", self.engine.name);
            return Reply::Resign;
        };
        let word = l.split_whitespace().nth(1).unwrap_or("resign");
        match word {
            "resign" => Reply::Resign,
            "win" => Reply::Win,
            w => match Move::from_usi(w) {
                Ok(m) => Reply::Move(m),
                Err(_) => Reply::Resign,
            },
        }
    }
}

/// gnushogi in its xshogi line mode: moves in, `N. ... move` out. A new process per game.
pub struct GnuPlayer {
    bin: String,
    seconds: u64,
    proc: Option<(Child, ChildStdin, Receiver<String>)>,
    /// Moves already sent to (or received from) the process.
    synced: usize,
}

impl GnuPlayer {
    /// gnushogi at `bin`, given `seconds` a move; started once here to see that it starts,
    /// then afresh at each new game.
    pub fn start(bin: &str, seconds: u64) -> Result<GnuPlayer, String> {
        let mut gnu = GnuPlayer {
            bin: bin.into(),
            seconds,
            proc: None,
            synced: 0,
        };
        gnu.restart()?;
        Ok(gnu)
    }
    fn restart(&mut self) -> Result<(), String> {
        self.stop();
        let mut child = Command::new(&self.bin)
            .arg("-X")
            .arg(self.seconds.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", self.bin))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let rx = line_reader(&mut child);
        self.proc = Some((child, stdin, rx));
        self.synced = 0;
        // One move per `seconds` seconds (its command-line time arguments are ignored in
        // this mode; `level MOVES MINUTES:SECONDS` sets the clock).
        self.send(&format!("level 1 0:{:02}", self.seconds));
        Ok(())
    }
    fn stop(&mut self) {
        if let Some((mut c, mut i, _)) = self.proc.take() {
            let _ = writeln!(i, "quit");
            let _ = i.flush();
            std::thread::sleep(Duration::from_millis(30));
            let _ = c.kill();
            let _ = c.wait();
        }
    }
    fn send(&mut self, line: &str) {
        if let Some((_, i, _)) = self.proc.as_mut() {
            let _ = writeln!(i, "{line}");
            let _ = i.flush();
        }
    }
}

impl Player for GnuPlayer {
    fn name(&self) -> String {
        format!("gnushogi {} s/move", self.seconds)
    }
    fn new_game(&mut self) {
        // Without a process it resigns each move, and the game lines show it.
        if let Err(e) = self.restart() {
            eprintln!("strength: {e}");
        }
    }
    fn play(&mut self, _start: &Position, moves: &[Move], _pos: &Position) -> Reply {
        // Moves it has not seen: the opening (in force mode) or the bot's last move.
        let missing: Vec<String> = moves[self.synced..].iter().map(|m| m.to_string()).collect();
        let first = self.synced == 0;
        if first && !missing.is_empty() {
            self.send("force");
            for m in &missing {
                self.send(m);
            }
            self.send("force");
            self.send("go");
        } else if first {
            self.send("go");
        } else {
            for m in &missing {
                self.send(m);
            }
        }
        self.synced = moves.len();
        let limit = Duration::from_secs(self.seconds * 4 + 20);
        let end = Instant::now() + limit;
        let Some((_, _, rx)) = self.proc.as_ref() else {
            return Reply::Resign;
        };
        loop {
            let Some(left) = end.checked_duration_since(Instant::now()) else {
                eprintln!("gnushogi: no move in time");
                return Reply::Resign;
            };
            let Ok(line) = rx.recv_timeout(left) else {
                eprintln!("gnushogi: no move in time");
                return Reply::Resign;
            };
            let line = line.trim().to_string();
            if line.contains("Illegal") || line.contains("illegal") {
                eprintln!("gnushogi says: {line}");
            }
            let mut w = line.split_whitespace();
            let (Some(num), Some("..."), Some(text)) = (w.next(), w.next(), w.next()) else {
                if line.to_ascii_lowercase().contains("resign") {
                    return Reply::Resign;
                }
                continue;
            };
            if !num.ends_with('.') {
                continue;
            }
            if text.to_ascii_lowercase().contains("resign") {
                return Reply::Resign;
            }
            match Move::from_usi(text) {
                Ok(m) => {
                    self.synced += 1;
                    return Reply::Move(m);
                }
                Err(_) => {
                    eprintln!("gnushogi move not understood: {line}");
                    return Reply::Resign;
                }
            }
        }
    }
}

impl Drop for GnuPlayer {
    fn drop(&mut self) {
        self.stop();
    }
}
