//! The USI protocol as pure logic: lines in, lines out through a sink. Thinking runs on its
//! own thread so `stop` is heard; reading stdin and writing stdout is the client's job.
//!
//! Options: `USI_Hash` (MB), `Threads` (default: every core; the Hard level searches on that
//! many threads, the others on one), `Level` (Beginner/Easy/Medium/Hard, default Hard), `USI_Ponder` (accepted, pondering is not done:
//! `go ponder` thinks like `go infinite` until `stop` or `ponderhit`).

use super::{Bot, GameHistory, Level, Limits, Score, SearchInfo, SearchOptions};
use crate::moves::Move;
use crate::position::Position;
use crate::record::usi::parse_position_line;
use crate::rules::RuleSet;
use crate::seat::Seat;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Where output lines go (each line without its newline).
pub type Sink = Arc<dyn Fn(&str) + Send + Sync>;

/// Whether the engine goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    Continue,
    Quit,
}

/// Time kept back from a move for transmission and scheduling (a GUI over a network, a busy
/// machine), when the move has a second or more.
pub const SAFETY_MARGIN: Duration = Duration::from_millis(120);

/// The time kept back when at most `available` milliseconds can go on this move:
/// [`SAFETY_MARGIN`], but no more than an eighth of a short time. The answer reaches a GUI on
/// the same machine in a few milliseconds; keeping 120 of a 220 ms byoyomi back spent less than
/// half of it (Fairy-Stockfish, keeping its 30 ms "Move Overhead", used about 145).
fn margin(available: u64) -> Duration {
    SAFETY_MARGIN.min(Duration::from_millis(available / 8))
}

/// The parameters of a `go` command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub btime: Option<u64>,
    pub wtime: Option<u64>,
    pub binc: Option<u64>,
    pub winc: Option<u64>,
    pub byoyomi: Option<u64>,
    pub movetime: Option<u64>,
    pub nodes: Option<u64>,
    pub depth: Option<i32>,
    pub infinite: bool,
    pub ponder: bool,
    /// `go mate …`: answered by a plain search.
    pub mate: bool,
}

impl Go {
    /// Parses the words after `go`.
    pub fn parse(words: &[&str]) -> Go {
        let mut g = Go::default();
        let mut i = 0;
        let num = |i: usize| words.get(i + 1).and_then(|w| w.parse::<u64>().ok());
        while i < words.len() {
            match words[i] {
                "btime" => g.btime = num(i),
                "wtime" => g.wtime = num(i),
                "binc" => g.binc = num(i),
                "winc" => g.winc = num(i),
                "byoyomi" => g.byoyomi = num(i),
                "movetime" => g.movetime = num(i),
                "nodes" => g.nodes = num(i),
                "depth" => g.depth = num(i).map(|d| d.min(64) as i32),
                "infinite" => g.infinite = true,
                "ponder" => g.ponder = true,
                "mate" => {
                    g.mate = true;
                    g.infinite = words.get(i + 1) == Some(&"infinite");
                    g.movetime = g.movetime.or(num(i));
                }
                _ => {
                    i += 1;
                    continue;
                }
            }
            i += if matches!(words[i], "infinite" | "ponder") {
                1
            } else {
                2
            };
        }
        g
    }

    /// The time left and the increment of the side `me`.
    fn clock(&self, me: Seat) -> (Option<u64>, Option<u64>) {
        if me == Seat::South {
            (self.btime, self.binc)
        } else {
            (self.wtime, self.winc)
        }
    }

    /// The thinking time for the side `me`: a share of the remaining time plus the increment
    /// or byoyomi, never more than what is left now (byoyomi included, the increment not)
    /// minus the safety margin.
    pub fn budget(&self, me: Seat) -> Duration {
        const DAY: Duration = Duration::from_secs(86_400);
        if self.infinite || self.ponder {
            return DAY;
        }
        let ms = Duration::from_millis;
        if let Some(t) = self.movetime {
            return ms(t).saturating_sub(margin(t)).max(ms(10));
        }
        let (time, inc) = self.clock(me);
        if time.is_none() && self.byoyomi.is_none() && inc.is_none() {
            return if self.depth.is_some() || self.nodes.is_some() {
                DAY
            } else {
                ms(10_000)
            };
        }
        let time = time.unwrap_or(0);
        let inc = inc.unwrap_or(0);
        let byo = self.byoyomi.unwrap_or(0);
        // Saturating: the numbers come from the GUI.
        let want = (time / 30).saturating_add(inc / 4 * 3).saturating_add(byo);
        // Never more than a third of the bank on one move, plus what comes back; and never
        // more than is on the clock now: the increment is added after the move (as CSA
        // servers and our own server do), so with 100 ms left it cannot pay for this one.
        let available = time.saturating_add(byo);
        let cap = (time / 3)
            .saturating_add(inc)
            .saturating_add(byo)
            .min(available);
        ms(want.min(cap))
            .saturating_sub(margin(available))
            .max(ms(10))
    }

    /// The part of [`budget`](Self::budget) lost if not used: all of it for a fixed move
    /// time, or when the bank is empty and only the byoyomi is left; nothing otherwise (time
    /// saved from the bank is there for later moves).
    pub fn spend(&self, me: Seat) -> Duration {
        if self.infinite || self.ponder {
            return Duration::ZERO;
        }
        let bank = self.clock(me).0;
        let byoyomi_only = self.byoyomi.is_some_and(|b| b > 0) && bank.unwrap_or(0) == 0;
        if self.movetime.is_some() || byoyomi_only {
            self.budget(me)
        } else {
            Duration::ZERO
        }
    }
}

/// The USI engine state machine.
pub struct UsiEngine {
    out: Sink,
    bot: Arc<Mutex<Bot>>,
    rules: RuleSet,
    hash_mb: usize,
    /// The table size the bot has (resized at `isready` when the option changed).
    applied_hash_mb: usize,
    level: Level,
    threads: usize,
    position: Option<(Position, GameHistory)>,
    stop: Arc<AtomicBool>,
    thinking: Option<JoinHandle<()>>,
}

/// The engine's name as `id name` says it.
pub const ENGINE_NAME: &str = concat!("Yonin ", env!("CARGO_PKG_VERSION"));

impl UsiEngine {
    pub fn new(out: Sink) -> UsiEngine {
        UsiEngine {
            out,
            bot: Arc::new(Mutex::new(Bot::new(Level::Hard, 0))),
            rules: RuleSet::standard(),
            hash_mb: super::DEFAULT_HASH_MB,
            applied_hash_mb: super::DEFAULT_HASH_MB,
            level: Level::Hard,
            threads: super::all_cores(),
            position: None,
            stop: Arc::new(AtomicBool::new(false)),
            thinking: None,
        }
    }

    fn say(&self, line: &str) {
        (self.out)(line);
    }

    /// Is a search running?
    pub fn is_thinking(&self) -> bool {
        self.thinking.as_ref().is_some_and(|h| !h.is_finished())
    }

    /// Waits for the running search (if any) to print its `bestmove`.
    pub fn wait(&mut self) {
        if let Some(h) = self.thinking.take() {
            // A panicking search thread has already lost its answer; carry on regardless.
            let _ = h.join();
        }
    }

    /// Stops the running search and waits for its `bestmove`.
    pub fn stop_thinking(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wait();
    }

    fn bot(&self) -> std::sync::MutexGuard<'_, Bot> {
        // A poisoned lock only means a search thread panicked; the bot itself is still usable.
        self.bot.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Handles one input line.
    pub fn handle(&mut self, line: &str) -> Control {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else {
            return Control::Continue;
        };
        match cmd {
            "usi" => {
                self.say(&format!("id name {ENGINE_NAME}"));
                self.say("id author the Yonin developers");
                self.say(&format!(
                    "option name USI_Hash type spin default {} min 1 max 4096",
                    super::DEFAULT_HASH_MB
                ));
                self.say(&format!(
                    "option name Threads type spin default {} min 1 max {}",
                    super::all_cores(),
                    super::MAX_THREADS
                ));
                self.say(
                    "option name Level type combo default Hard var Beginner var Easy var Medium var Hard",
                );
                self.say("option name USI_Ponder type check default false");
                self.say("usiok");
            }
            "isready" => {
                self.wait_if_not_infinite();
                let (mb, level) = (self.hash_mb, self.level);
                {
                    let mut bot = self.bot();
                    if self.applied_hash_mb != mb {
                        bot.set_hash_mb(mb);
                    }
                    bot.set_level(level);
                }
                self.applied_hash_mb = mb;
                self.say("readyok");
            }
            "setoption" => self.set_option(&words[1..]),
            "usinewgame" => {
                self.stop_thinking();
                self.bot().clear();
            }
            "position" => {
                self.stop_thinking();
                match parse_position_line(line, &self.rules) {
                    Ok((start, moves, pos)) => {
                        let history = GameHistory::from_moves(&start, &moves);
                        self.position = Some((pos, history));
                    }
                    Err(e) => {
                        self.position = None;
                        self.say(&format!("info string bad position: {e}"));
                    }
                }
            }
            "go" => {
                self.stop_thinking();
                self.go(Go::parse(&words[1..]));
            }
            "stop" | "ponderhit" => self.stop_thinking(),
            "gameover" => self.stop_thinking(),
            "quit" => {
                self.stop_thinking();
                return Control::Quit;
            }
            _ => {
                let shown: String = line.chars().take(80).collect();
                self.say(&format!("info string unknown command: {shown}"));
            }
        }
        Control::Continue
    }

    fn wait_if_not_infinite(&mut self) {
        // `isready` during a timed search waits for it; an infinite one keeps running.
        if self.thinking.as_ref().is_some_and(|h| h.is_finished()) {
            self.wait();
        }
    }

    fn set_option(&mut self, words: &[&str]) {
        // setoption name <id> [value <x>]
        let name_at = words.iter().position(|w| *w == "name");
        let value_at = words.iter().position(|w| *w == "value");
        let Some(n) = name_at else { return };
        let name = words[n + 1..value_at.unwrap_or(words.len())].join(" ");
        let value = value_at
            .map(|v| words[v + 1..].join(" "))
            .unwrap_or_default();
        match name.as_str() {
            "USI_Hash" | "Hash" => match value.parse::<usize>() {
                Ok(mb) => self.hash_mb = mb.clamp(1, 4096),
                Err(_) => self.say("info string USI_Hash wants a number of megabytes"),
            },
            "Threads" => match value.parse::<usize>() {
                Ok(n) => self.threads = n.clamp(1, super::MAX_THREADS),
                Err(_) => self.say("info string Threads wants a number of threads"),
            },
            "Level" => match Level::from_name(&value) {
                Some(l) => {
                    self.level = l;
                    if !self.is_thinking() {
                        self.bot().set_level(l);
                    }
                }
                None => self.say(&format!("info string unknown level `{value}`")),
            },
            "USI_Ponder" => {}
            _ => self.say(&format!("info string unknown option `{name}`")),
        }
    }

    fn go(&mut self, go: Go) {
        let Some((pos, history)) = self.position.clone() else {
            self.say("info string no position: send `position` first");
            self.say("bestmove resign");
            return;
        };
        let declaration = crate::impasse::declaration(&pos, pos.to_move(), self.rules.impasse);
        if matches!(declaration, Ok(crate::impasse::ImpasseVerdict::Win { .. })) {
            self.say("bestmove win");
            return;
        }
        if pos.legal_moves().is_empty() {
            self.say("bestmove resign");
            return;
        }
        self.stop.store(false, Ordering::Relaxed);
        let stop = self.stop.clone();
        let out = self.out.clone();
        let bot = self.bot.clone();
        let (level, threads) = (self.level, self.threads);
        if threads > 1 {
            let used = if level.params_for(pos.variant()).parallel {
                threads
            } else {
                1
            };
            self.say(&format!(
                "info string {level} searches on {used} of {threads} threads"
            ));
        }
        let limits = Limits {
            time: go.budget(pos.to_move()),
            nodes: go.nodes,
            spend: go.spend(pos.to_move()),
        };
        let options = SearchOptions {
            history,
            max_depth: go.depth,
        };
        let wait_for_stop = go.infinite || go.ponder;
        self.thinking = Some(std::thread::spawn(move || {
            let mut bot = bot.lock().unwrap_or_else(|e| e.into_inner());
            bot.set_level(level);
            bot.set_threads(threads);
            let mut report = |i: &SearchInfo| out(&info_line(i));
            let result = bot.search(&pos, limits, &options, stop.clone(), &mut report);
            drop(bot);
            if wait_for_stop {
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
            let line = match result.best {
                None => "bestmove resign".to_string(),
                // Hard gives up once it sees a forced mate against it.
                Some(_)
                    if level == Level::Hard && matches!(result.score, Score::Mate(n) if n < 0) =>
                {
                    "bestmove resign".to_string()
                }
                Some(m) => format!("bestmove {m}"),
            };
            out(&line);
        }));
    }
}

/// An `info` line for a finished iteration.
pub fn info_line(i: &SearchInfo) -> String {
    let score = match i.score {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let ms = i.time.as_millis() as u64;
    let nps = (i.nodes * 1000).checked_div(ms).unwrap_or(i.nodes);
    let pv: Vec<String> = i.pv.iter().map(Move::to_string).collect();
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
        i.depth,
        i.seldepth.max(i.depth),
        score,
        i.nodes,
        nps,
        ms,
        pv.join(" ")
    )
}

impl Drop for UsiEngine {
    fn drop(&mut self) {
        self.stop_thinking();
    }
}
