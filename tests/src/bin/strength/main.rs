//! Strength harness (not run in CI): matches of the bots against gnushogi, USI engines
//! (Fairy-Stockfish, gpsshogi's gpsusi), each other, and random players in Yonin.
//!
//! ```text
//! strength gnushogi [--games N] [--movetime MS] [--level L] [--bin PATH]
//! strength usi --engine PATH [--option NAME=VALUE]… [--games N] [--movetime MS] [--level L]
//! strength usi2 --engine "PATH ARG…" --engine2 "PATH ARG…" [--games N] [--movetime MS]
//! strength ladder [--variant standard|yonin] [--games N] [--movetime MS]
//! strength threads [--threads N] [--games N] [--movetime MS]
//!   (Hard on N threads, default 2, against Hard on one: what Lazy SMP gains at equal time)
//! strength yonin [--hero L] [--threads N] [--field Medium|Random|room|…] [--games N]
//!   [--movetime MS] (the hero on N threads, default 1; the field on one)
//!   (`--field room`: the server's bots, three of the hero's level sharing one table as a
//!   room's bots do, against the hero with a table of its own)
//! (`--nodes N` gives the bots, and `usi2`'s engines, a node budget per move, with the time as
//! a backstop; `--seed N` plays another series of Yonin openings, and starts standard matches
//! at the N-th line of their book; `--records DIR` saves every game there as KIF)
//!
//! Standard matches are played in game pairs, one book line with both colours, and take two
//! more flags: `--concurrency N` plays N pairs at once (one thread and one set of players each;
//! 2 keeps both cores of a 2-core machine busy), and `--sprt ELO0,ELO1` stops the match as soon
//! as a sequential test (5 % error each way) says the first player is ELO1 Elo better than the
//! second, or at most ELO0 (`--games` is then the most it plays):
//! strength usi2 --engine "new usi" --engine2 "old usi" --movetime 160 --games 2000 \
//!     --concurrency 2 --sprt 0,10
//! A test too long for one sitting goes on later from the pairs it printed last: the same two
//! builds, another `--seed` (other book lines), and `--pairs-before A,B,C,D,E`.
//! ```
//! Install the opponents first (Debian): `apt-get install gnushogi fairy-stockfish gpsshogi`.
//! Every game is bounded (ply cap), and every count printed is a count of games played. Matches
//! of `usi`, `threads` and `yonin` (and the Yonin ladder) end with a `TIMING` line for the
//! in-process bots, and `usi` and `usi2` with one for each USI engine: their moves, the mean
//! time, and how many ran late; and a warning when an engine took half as long again as its
//! time on average (gpsusi thinks in whole seconds: under `--movetime 1000` it still
//! takes about a second a move, so such a match is at time odds).

mod players;
mod standard;
mod timing;
mod yonin;

use players::{BotPlayer, GnuPlayer, Player, UsiPlayer};
use standard::{standard_match, MatchOutcome, MatchPlan};
use std::path::{Path, PathBuf};
use std::time::Duration;
use timing::{ENGINE_TIMING, TIMING};
use yonin_core::bot::{Bot, Level, Limits};
use yonin_core::record::game_record::{Ending, GameRecord};
use yonin_core::record::kif;
use yonin_core::{Move, Position, RuleSet, Seat};
use yonin_tests::sprt::{Pentanomial, Sprt, Verdict};

struct Args {
    mode: String,
    games: usize,
    movetime: u64,
    /// Node budget per move for the bots (with the time as a backstop).
    nodes: Option<u64>,
    level: Level,
    engine: Option<String>,
    engine2: Option<String>,
    options: Vec<(String, String)>,
    variant: String,
    field: String,
    bin: String,
    /// Yonin: varies the openings and the bots' seeds (0: the usual series). Standard: the
    /// first opening played.
    seed: u64,
    /// Where to save each game as KIF, if anywhere.
    records: Option<PathBuf>,
    /// Standard matches: game pairs played at once.
    concurrency: usize,
    /// Standard matches: stop when this test decides.
    sprt: Option<Sprt>,
    /// Pairs of an earlier run the test goes on from.
    pairs_before: Pentanomial,
    /// Threads of the first player (`threads`) or the hero (`yonin`); `None`: the mode's own.
    threads: Option<usize>,
}

/// The arguments, or what is wrong with them.
fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        mode: String::new(),
        games: 10,
        movetime: 1000,
        nodes: None,
        level: Level::Hard,
        engine: None,
        engine2: None,
        options: Vec::new(),
        variant: "standard".into(),
        field: "Medium".into(),
        bin: "/usr/games/gnushogi".into(),
        seed: 0,
        records: None,
        concurrency: 1,
        sprt: None,
        pairs_before: Pentanomial::default(),
        threads: None,
    };
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < argv.len() {
        let flag = argv[i].as_str();
        let v = argv.get(i + 1).cloned().unwrap_or_default();
        let number = |what: &str| {
            v.parse::<u64>()
                .map_err(|_| format!("{flag} wants {what}, not `{v}`"))
        };
        match flag {
            "--games" => a.games = number("a number of games")? as usize,
            "--movetime" => a.movetime = number("milliseconds")?,
            "--nodes" => a.nodes = Some(number("a number of nodes")?),
            "--seed" => a.seed = number("a number")?,
            "--level" | "--hero" => a.level = v.parse().map_err(|e| format!("{flag}: {e}"))?,
            "--engine" => a.engine = Some(v),
            "--engine2" => a.engine2 = Some(v),
            "--option" => {
                let (n, x) = v
                    .split_once('=')
                    .ok_or_else(|| format!("--option wants NAME=VALUE, not `{v}`"))?;
                a.options.push((n.into(), x.into()));
            }
            "--variant" => a.variant = v,
            "--field" => a.field = v,
            "--bin" => a.bin = v,
            "--records" => a.records = Some(PathBuf::from(v)),
            "--concurrency" => match number("a number of game pairs at once")? {
                0 => return Err("--concurrency wants at least 1".into()),
                n => a.concurrency = n.min(64) as usize,
            },
            "--sprt" => a.sprt = Some(Sprt::parse(&v)?),
            "--pairs-before" => {
                a.pairs_before =
                    Pentanomial::parse(&v).map_err(|e| format!("--pairs-before: {e}"))?
            }
            "--threads" => match number("a number of threads")? {
                0 => return Err("--threads wants at least 1".into()),
                n => a.threads = Some((n as usize).min(yonin_core::bot::MAX_THREADS)),
            },
            m if a.mode.is_empty() && !m.starts_with("--") => {
                a.mode = m.into();
                i += 1;
                continue;
            }
            other => return Err(format!("unknown argument `{other}`")),
        }
        i += 2;
    }
    let needs_engine = matches!(a.mode.as_str(), "usi" | "usi2");
    if needs_engine && a.engine.is_none() {
        return Err(format!("{} needs --engine PATH", a.mode));
    }
    if a.mode == "usi2" && a.engine2.is_none() {
        return Err("usi2 needs --engine2 PATH".into());
    }
    let yonin = a.mode == "yonin" || (a.mode == "ladder" && a.variant == "yonin");
    if yonin && (a.sprt.is_some() || a.concurrency > 1 || a.pairs_before.pairs() > 0) {
        return Err("--sprt, --pairs-before and --concurrency are for standard matches".into());
    }
    if a.pairs_before.pairs() > 0 && a.sprt.is_none() {
        return Err("--pairs-before carries a test on: it needs --sprt".into());
    }
    if let Some(dir) = &a.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("--records: cannot create {}: {e}", dir.display()))?;
    }
    Ok(a)
}

/// Saves the game of `moves` from the start position as KIF in `dir`, with each seat's player.
/// A failure is reported and the match goes on.
fn save_record(
    dir: &Path,
    name: &str,
    rules: &RuleSet,
    moves: &[Move],
    ending: Ending,
    players: &[(Seat, String)],
) {
    let path = dir.join(name);
    let saved = GameRecord::from_moves(*rules, &Position::start(rules), moves)
        .and_then(|mut rec| {
            for (seat, p) in players {
                rec.players[*seat] = Some(p.clone());
            }
            rec.ending = Some(ending);
            kif::write(&rec)
        })
        .map_err(|e| e.to_string())
        .and_then(|text| std::fs::write(&path, text).map_err(|e| e.to_string()));
    if let Err(e) = saved {
        eprintln!("strength: cannot save {}: {e}", path.display());
    }
}

fn main() {
    let a = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("strength: {e} (the modes and flags are in the header of tests/src/bin/strength/main.rs)");
            std::process::exit(2);
        }
    };
    let movetime = Duration::from_millis(a.movetime);
    // A fixed time a move, spent in full (as `go movetime` or byoyomi alone).
    let limits = Limits {
        nodes: a.nodes,
        ..Limits::fixed(movetime)
    };
    let records = a.records.as_deref();
    let plan = MatchPlan {
        games: a.games,
        first: a.seed as usize,
        concurrency: a.concurrency,
        sprt: a.sprt,
        pairs_before: a.pairs_before,
        records,
    };
    let boxed = |p: Box<dyn Player>| -> Box<dyn Player> { p };
    match a.mode.as_str() {
        "gnushogi" => {
            let seconds = (a.movetime / 1000).max(1);
            let make = || {
                let bot = BotPlayer::new(Bot::with_hash(a.level, 1, 64), limits);
                let gnu = GnuPlayer::start(&a.bin, seconds)?;
                Ok((boxed(Box::new(bot)), boxed(Box::new(gnu))))
            };
            report(standard_match(&make, &plan), "");
        }
        "usi" => {
            let path = a.engine.clone().unwrap_or_default();
            let make = || {
                let bot = BotPlayer::new(Bot::with_hash(a.level, 1, 64), limits);
                let budget = (a.movetime, None);
                let timing = &ENGINE_TIMING[0];
                let engine = UsiPlayer::start(&path, &a.options, budget, None, timing)?;
                Ok((boxed(Box::new(bot)), boxed(Box::new(engine))))
            };
            let at = format!(" at {} ms/move", a.movetime);
            report(standard_match(&make, &plan), &at);
            println!("{}", TIMING.line("bot"));
            timing_lines(&[("engine", &path)], movetime);
        }
        "usi2" => {
            // Two USI engines against each other (e.g. two builds of `yonin usi`).
            let one = a.engine.clone().unwrap_or_default();
            let two = a.engine2.clone().unwrap_or_default();
            let budget = (a.movetime, a.nodes);
            let make = || {
                let (t1, t2) = (&ENGINE_TIMING[0], &ENGINE_TIMING[1]);
                let e1 = UsiPlayer::start(&one, &a.options, budget, Some(format!("A {one}")), t1)?;
                let e2 = UsiPlayer::start(&two, &a.options, budget, Some(format!("B {two}")), t2)?;
                Ok((boxed(Box::new(e1)), boxed(Box::new(e2))))
            };
            let at = match a.nodes {
                Some(n) => format!(" at {n} nodes/move ({} ms/move at most)", a.movetime),
                None => format!(" at {} ms/move", a.movetime),
            };
            report(standard_match(&make, &plan), &at);
            timing_lines(&[("A", &one), ("B", &two)], movetime);
        }
        "ladder" if a.variant == "yonin" => {
            for pair in Level::ALL.windows(2).rev() {
                println!("== Yonin {} vs 3× {}", pair[1], pair[0]);
                let field = pair[0].name();
                yonin::yonin_match((pair[1], 1), field, a.games, limits, a.seed, records);
            }
        }
        "ladder" => {
            for pair in Level::ALL.windows(2).rev() {
                let make = || {
                    let hi = BotPlayer::new(Bot::new(pair[1], 11), limits);
                    let lo = BotPlayer::new(Bot::new(pair[0], 12), limits);
                    Ok((boxed(Box::new(hi)), boxed(Box::new(lo))))
                };
                report(standard_match(&make, &plan), "");
            }
        }
        "threads" => {
            let threads = a.threads.unwrap_or(2);
            let make = || {
                let mut many = Bot::new(Level::Hard, 11);
                many.set_threads(threads);
                let one = Bot::new(Level::Hard, 12);
                let many = BotPlayer::new(many, limits);
                Ok((
                    boxed(Box::new(many)),
                    boxed(Box::new(BotPlayer::new(one, limits))),
                ))
            };
            report(
                standard_match(&make, &plan),
                &format!(" at {} ms/move", a.movetime),
            );
            println!("{}", TIMING.line("bot"));
        }
        "yonin" => {
            let hero = (a.level, a.threads.unwrap_or(1));
            yonin::yonin_match(hero, &a.field, a.games, limits, a.seed, records);
        }
        m => {
            eprintln!(
                "unknown mode `{m}`: gnushogi, usi, usi2, ladder, threads or yonin (see the header of tests/src/bin/strength/main.rs)"
            );
            std::process::exit(2);
        }
    }
}

/// The `TIMING` line of each USI engine (`(label, command)`, in [`ENGINE_TIMING`]'s order),
/// and a warning for any that took much longer than its `time` a move.
fn timing_lines(engines: &[(&str, &str)], time: Duration) {
    for ((label, command), timing) in engines.iter().zip(&ENGINE_TIMING) {
        println!("{}", timing.line(&format!("{label} ({command})")));
        if let Some(w) = timing.odds_warning(command, time) {
            println!("{w}");
        }
    }
}

/// Prints a standard match's result line (`at` says the time control), its game pairs and the
/// test's verdict; exits with an error when its players could not start.
fn report(outcome: Result<MatchOutcome, String>, at: &str) {
    let o = match outcome {
        Ok(o) => o,
        Err(e) => {
            eprintln!("strength: {e}");
            std::process::exit(1);
        }
    };
    let (a, b) = &o.names;
    println!("RESULT {a} vs {b}{at}: {}", o.tally.line());
    if let Some((lo, elo, hi)) = o.pairs.elo() {
        let earlier = match o.pairs_before {
            0 => String::new(),
            n => format!(", {n} of the pairs from --pairs-before"),
        };
        println!(
            "PAIRS {:?} (pairs scoring 0, ½, 1, 1½, 2 for {a}{earlier}): Elo {elo:+.1}, 95 % [{lo:+.1}, {hi:+.1}]",
            o.pairs.counts
        );
    }
    if let Some((verdict, games)) = o.verdict {
        let what = match verdict {
            Verdict::H1 => "H1 accepted: the first is the upper bound better or more",
            Verdict::H0 => "H0 accepted: the first is at most the lower bound better",
        };
        println!("SPRT {what} (decided after {games} games)");
    }
}
