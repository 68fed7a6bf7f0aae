//! Strength harness (not run in CI): matches of the bots against gnushogi, USI engines
//! (Fairy-Stockfish, gpsshogi's gpsusi), each other, and random players in Yonin.
//!
//! ```text
//! strength gnushogi [--games N] [--movetime MS] [--level L] [--bin PATH]
//! strength usi --engine PATH [--option NAME=VALUE]… [--games N] [--movetime MS] [--level L]
//! strength usi2 --engine "PATH ARG…" --engine2 "PATH ARG…" [--games N] [--movetime MS]
//! strength ladder [--variant standard|yonin] [--games N] [--movetime MS]
//! strength yonin [--hero L] [--field Medium|Random|…] [--games N] [--movetime MS]
//! (`--nodes N` gives the bots a node budget per move, with the time as a backstop; `--seed N`
//! plays another series of Yonin openings, and starts standard matches at the N-th of their 24
//! openings; `--records DIR` saves every game there as KIF)
//! ```
//! Install the opponents first (Debian): `apt-get install gnushogi fairy-stockfish gpsshogi`.
//! Every game is bounded (ply cap), and every count printed is a count of games played.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::sync::{atomic::AtomicBool, Arc};
use std::time::{Duration, Instant};
use yonin_core::bot::{Bot, GameHistory, Level, Limits, SearchOptions};
use yonin_core::record::game_record::{Ending, GameRecord};
use yonin_core::record::kif;
use yonin_core::record::usi::position_line;
use yonin_core::{attacks, Game, Move, Position, RuleSet, Seat};
use yonin_tests::usi_engine::{line_reader, UsiEngine};

const MAX_PLIES: usize = 320;
const YONIN_MAX_PLIES: usize = 600;

/// Four-ply openings (static and ranging rook, bishop exchange, centre pawn) so that
/// deterministic engines do not replay one game; game pairs take them in turn.
const OPENINGS: [&str; 24] = [
    "7g7f 3c3d 2g2f 4c4d",
    "7g7f 3c3d 2g2f 8c8d",
    "7g7f 3c3d 6g6f 8c8d",
    "7g7f 3c3d 2h6h 4c4d",
    "7g7f 8c8d 2g2f 8d8e",
    "7g7f 8c8d 6g6f 3c3d",
    "7g7f 8c8d 2h7h 3c3d",
    "2g2f 8c8d 2f2e 8d8e",
    "2g2f 8c8d 2f2e 4a3b",
    "2g2f 3c3d 2f2e 2b3c",
    "2g2f 4c4d 7g7f 4a3b",
    "5g5f 3c3d 2h5h 4a3b",
    "5g5f 8c8d 2h5h 8d8e",
    "6g6f 8c8d 2h6h 3c3d",
    "6g6f 3c3d 6i7h 8c8d",
    "7g7f 5c5d 2g2f 5d5e",
    "7g7f 5c5d 2h5h 3c3d",
    "2g2f 4c4d 2f2e 3a3b",
    "7g7f 4c4d 2g2f 3a4b",
    "7g7f 3c3d 8h2b+ 3a2b",
    "7g7f 8c8d 7i6h 8d8e",
    "2g2f 8c8d 6i7h 8d8e",
    "7g7f 3c3d 5g5f 5c5d",
    "7g7f 3c3d 4g4f 8c8d",
];

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
    if let Some(dir) = &a.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("--records: cannot create {}: {e}", dir.display()))?;
    }
    Ok(a)
}

/// A game result from the bot's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Result3 {
    Win,
    Loss,
    Draw,
}

#[derive(Default)]
struct Tally {
    win: u32,
    loss: u32,
    draw: u32,
}

impl Tally {
    fn add(&mut self, r: Result3) {
        match r {
            Result3::Win => self.win += 1,
            Result3::Loss => self.loss += 1,
            Result3::Draw => self.draw += 1,
        }
    }
    fn games(&self) -> u32 {
        self.win + self.loss + self.draw
    }
    fn score(&self) -> f64 {
        let g = self.games().max(1) as f64;
        (self.win as f64 + 0.5 * self.draw as f64) / g * 100.0
    }
    fn line(&self) -> String {
        format!(
            "+{} -{} ={} of {} games: {:.1} %",
            self.win,
            self.loss,
            self.draw,
            self.games(),
            self.score()
        )
    }
}

/// Something that plays standard shogi moves.
trait Player {
    fn name(&self) -> String;
    fn new_game(&mut self) {}
    /// The move for the current position; `None` for a resignation. `Some(None)` style wins
    /// by declaration are given as `Err(())`.
    fn play(&mut self, start: &Position, moves: &[Move], pos: &Position) -> Reply;
}

enum Reply {
    Move(Move),
    Resign,
    Win,
}

struct BotPlayer {
    bot: Bot,
    limits: Limits,
}

impl Player for BotPlayer {
    fn name(&self) -> String {
        format!("yonin {}", self.bot.level())
    }
    fn new_game(&mut self) {
        self.bot.clear();
    }
    fn play(&mut self, start: &Position, moves: &[Move], pos: &Position) -> Reply {
        let rule = yonin_core::rules::ImpasseRule::Points27;
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
        let r = self.bot.search(
            pos,
            self.limits,
            &options,
            Arc::new(AtomicBool::new(false)),
            &mut |_| {},
        );
        match r.best {
            Some(m) => Reply::Move(m),
            None => Reply::Resign,
        }
    }
}

/// Lines from a child's stdout, read on a thread so reads can time out.
struct UsiPlayer {
    engine: UsiEngine,
    movetime: u64,
}

impl UsiPlayer {
    fn start(path: &str, options: &[(String, String)], movetime: u64) -> UsiPlayer {
        let engine = UsiEngine::start(path, options).unwrap_or_else(|e| panic!("{e}"));
        UsiPlayer { engine, movetime }
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
        let go = format!("go btime 0 wtime 0 byoyomi {}", self.movetime);
        self.engine.send(&go);
        let limit = Duration::from_millis(self.movetime * 3 + 5000);
        let Some(l) = self.engine.wait_for(|l| l.starts_with("bestmove"), limit) else {
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
struct GnuPlayer {
    bin: String,
    seconds: u64,
    proc: Option<(Child, ChildStdin, Receiver<String>)>,
    /// Moves already sent to (or received from) the process.
    synced: usize,
}

impl GnuPlayer {
    fn restart(&mut self) {
        self.stop();
        let mut child = Command::new(&self.bin)
            .arg("-X")
            .arg(self.seconds.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", self.bin));
        let stdin = child.stdin.take().expect("piped stdin");
        let rx = line_reader(&mut child);
        self.proc = Some((child, stdin, rx));
        self.synced = 0;
        // One move per `seconds` seconds (its command-line time arguments are ignored in
        // this mode; `level MOVES MINUTES:SECONDS` sets the clock).
        self.send(&format!("level 1 0:{:02}", self.seconds));
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
        self.restart();
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

/// Plays one standard game; `black` moves first (South). Returns the result for `black`.
fn play_standard(black: &mut dyn Player, white: &mut dyn Player, opening: &[&str]) -> StandardGame {
    let start = Position::start(&RuleSet::standard());
    let mut pos = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    let mut seen: std::collections::HashMap<u64, u32> = std::collections::HashMap::new();
    black.new_game();
    white.new_game();
    for t in opening {
        let m = Move::from_usi(t).expect("opening move");
        pos.play(m).expect("opening move legal");
        moves.push(m);
    }
    let end = |result, ending, moves| StandardGame {
        result,
        moves,
        ending,
    };
    loop {
        // The result is Black's: a loss for the side to move when it is Black.
        let mover = pos.to_move();
        let (lose, win) = if mover == Seat::South {
            (Result3::Loss, Result3::Win)
        } else {
            (Result3::Win, Result3::Loss)
        };
        if pos.legal_moves().is_empty() {
            // The side to move is mated (or has no move): it loses.
            return end(lose, Ending::Checkmate { loser: mover }, moves);
        }
        if moves.len() >= MAX_PLIES {
            return end(Result3::Draw, Ending::MoveLimit, moves);
        }
        let c = seen.entry(pos.hash()).or_insert(0);
        *c += 1;
        if *c >= 4 {
            return end(Result3::Draw, Ending::Sennichite, moves);
        }
        let p: &mut dyn Player = if mover == Seat::South {
            &mut *black
        } else {
            &mut *white
        };
        match p.play(&start, &moves, &pos) {
            Reply::Move(m) => {
                if let Err(e) = pos.play(m) {
                    eprintln!("{} played illegal {m}: {e}", p.name());
                    return end(lose, Ending::IllegalMove { loser: mover }, moves);
                }
                moves.push(m);
            }
            Reply::Resign => return end(lose, Ending::Resign(mover), moves),
            Reply::Win => {
                let ok = matches!(
                    yonin_core::impasse::declaration(
                        &pos,
                        mover,
                        yonin_core::rules::ImpasseRule::Points27
                    ),
                    Ok(yonin_core::impasse::ImpasseVerdict::Win { .. })
                );
                return if ok {
                    end(win, Ending::ImpasseWin(mover), moves)
                } else {
                    end(lose, Ending::IllegalMove { loser: mover }, moves)
                };
            }
        }
    }
}

/// A finished standard game: the result for Black, the moves from the start, and how it ended.
struct StandardGame {
    result: Result3,
    moves: Vec<Move>,
    ending: Ending,
}

/// A match of `games` games with colours alternating, each opening played with both colours
/// from the `first` on; the result is `a`'s. Each game is saved as KIF in `records` when given.
fn standard_match(
    a: &mut dyn Player,
    b: &mut dyn Player,
    games: usize,
    first: usize,
    records: Option<&Path>,
) -> Tally {
    let mut t = Tally::default();
    let started = Instant::now();
    for g in 0..games {
        let opening: Vec<&str> = OPENINGS[(g / 2 + first % OPENINGS.len()) % OPENINGS.len()]
            .split_whitespace()
            .collect();
        let a_black = g % 2 == 0;
        let game = if a_black {
            play_standard(a, b, &opening)
        } else {
            play_standard(b, a, &opening)
        };
        if let Some(dir) = records {
            let rules = RuleSet::standard();
            let (black, white) = if a_black {
                (a.name(), b.name())
            } else {
                (b.name(), a.name())
            };
            let players = [(Seat::South, black), (Seat::North, white)];
            let name = format!("standard-{:03}.kif", g + 1);
            save_record(dir, &name, &rules, &game.moves, game.ending, &players);
        }
        let r = match (a_black, game.result) {
            (true, r) | (false, r @ Result3::Draw) => r,
            (false, Result3::Win) => Result3::Loss,
            (false, Result3::Loss) => Result3::Win,
        };
        t.add(r);
        println!(
            "game {:>3}: {} as {} {:?} in {} plies | {} vs {}: {} | {:.0} s",
            g + 1,
            a.name(),
            if a_black { "black" } else { "white" },
            r,
            game.moves.len(),
            a.name(),
            b.name(),
            t.line(),
            started.elapsed().as_secs_f64()
        );
    }
    t
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

/// A Yonin player: a bot, or a random mover.
enum YoninPlayer {
    Bot(Box<Bot>),
    Random(u64),
}

impl YoninPlayer {
    fn new(name: &str, seed: u64) -> YoninPlayer {
        if name.eq_ignore_ascii_case("random") {
            YoninPlayer::Random(seed | 1)
        } else {
            YoninPlayer::Bot(Box::new(Bot::with_hash(
                Level::from_name(name).expect("level or Random"),
                seed,
                16,
            )))
        }
    }
    /// The move for the game's position; bots see the game so far (repetitions), as the
    /// server's bots do.
    fn choose_in(&mut self, game: &Game, limits: Limits) -> Option<Move> {
        match self {
            YoninPlayer::Bot(b) => {
                let moves: Vec<Move> = game.moves().iter().map(|m| m.mv).collect();
                let options = SearchOptions {
                    history: GameHistory::from_moves(game.start(), &moves),
                    max_depth: None,
                };
                let stop = Arc::new(AtomicBool::new(false));
                b.search(game.position(), limits, &options, stop, &mut |_| {})
                    .best
            }
            YoninPlayer::Random(_) => self.choose(game.position(), limits),
        }
    }

    fn choose(&mut self, pos: &Position, limits: Limits) -> Option<Move> {
        match self {
            YoninPlayer::Bot(b) => b.choose(pos, limits, Arc::new(AtomicBool::new(false))),
            YoninPlayer::Random(x) => {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    return None;
                }
                Some(legal.as_slice()[(xorshift(x) % legal.len() as u64) as usize])
            }
        }
    }
}

/// A random legal move that captures nothing and lands next to no other seat's piece (any
/// legal move when there is none such); `None` without a legal move.
fn quiet_random_move(pos: &Position, rng: &mut u64) -> Option<Move> {
    let legal = pos.legal_moves();
    let others = pos.occupied() & !pos.pieces_of(pos.to_move());
    let quiet: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| pos.piece_at(m.to()).is_none() && !(attacks::king(m.to()) & others).any())
        .collect();
    let pool = if quiet.is_empty() {
        legal.as_slice()
    } else {
        &quiet
    };
    pool.get((xorshift(rng) % pool.len().max(1) as u64) as usize)
        .copied()
}

/// The next number of a xorshift generator (state never 0).
fn xorshift(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

/// Four-seat games: the hero in a rotating seat against three of the field. Printed per game
/// and at the end: wins (first place; par 25 %), the mean rank, and the pairwise score — the
/// share of the three opponents the hero finishes above, a shared place counting half
/// ((4 − rank) / 3 per game; par 50 %, the score a 2-player match would show). Each game is
/// saved as KIF in `records` when given.
fn yonin_match(
    hero: Level,
    field: &str,
    games: usize,
    limits: Limits,
    seed: u64,
    records: Option<&Path>,
) {
    let rules = RuleSet::yonin();
    let started = Instant::now();
    let (mut wins, mut ranks, mut unfinished) = (0, 0.0f64, 0);
    for g in 0..games {
        let hero_seat = Seat::from_index(g);
        let mut players: Vec<YoninPlayer> = Seat::ALL
            .iter()
            .map(|&s| {
                if s == hero_seat {
                    YoninPlayer::new(hero.name(), (g as u64 * 7 + 1) ^ seed)
                } else {
                    YoninPlayer::new(field, (g as u64 * 7 + 2 + s.index() as u64) ^ seed)
                }
            })
            .collect();
        let mut game = Game::new(rules);
        let mut plies = 0;
        // One random quiet move per seat first, so deterministic (node-limited) bots do not
        // replay the same four games. Quiet: no capture and nothing moved next to another
        // seat's piece, so the opening does not hand a piece to a neighbour (a silver stepping
        // next to the neighbour's silver decided some games before any bot had moved).
        let mut rng = 0x9e37_79b9 ^ ((g as u64 + 1 + (seed << 20)) * 0x2545_f491) | 1;
        while plies < 4 && !game.is_over() {
            let Some(m) = quiet_random_move(game.position(), &mut rng) else {
                break;
            };
            game.play(game.to_move(), m)
                .expect("random moves are legal");
            plies += 1;
        }
        // The game's own rules end it (eliminations, repetition); the hero's elimination
        // settles its rank, and the ply cap ends the rest.
        while !game.is_over() && plies < YONIN_MAX_PLIES && game.position().is_live(hero_seat) {
            let s = game.to_move();
            let Some(m) = players[s.index()].choose_in(&game, limits) else {
                break;
            };
            game.play(s, m).expect("bots play legal moves");
            plies += 1;
        }
        let pos = game.position();
        let rank = if let Some(outcome) = game.outcome() {
            // The hero's place; a shared place counts as the mean of the places it spans.
            let mut before = 0;
            let mut rank = 4.0;
            for group in &outcome.places {
                if group.contains(&hero_seat) {
                    rank = before as f64 + (1.0 + group.len() as f64) / 2.0;
                    break;
                }
                before += group.len();
            }
            if rank == 1.0 {
                wins += 1;
            } else if outcome.places.first().is_some_and(|p| p.len() > 1) {
                unfinished += 1;
            }
            rank
        } else if pos.is_live(hero_seat) {
            unfinished += 1;
            // The live seats share the places left: the mean of them.
            (1.0 + pos.live().len() as f64) / 2.0
        } else {
            // Out before the end: 4 − (seats out before the hero).
            4.0 - pos.dead().take_while(|&s| s != hero_seat).count() as f64
        };
        ranks += rank;
        if let Some(dir) = records {
            let moves: Vec<Move> = game.moves().iter().map(|m| m.mv).collect();
            // A game stopped early (the hero out, or the ply cap) is saved as interrupted.
            let ending = game.outcome().map_or(Ending::Abort, |o| {
                Ending::from_outcome(o, yonin_core::rules::Variant::Yonin)
            });
            let players: Vec<(Seat, String)> = Seat::ALL
                .iter()
                .map(|&s| {
                    (
                        s,
                        if s == hero_seat { hero.name() } else { field }.to_string(),
                    )
                })
                .collect();
            let name = format!("yonin-s{seed}-{:03}.kif", g + 1);
            save_record(dir, &name, &rules, &moves, ending, &players);
        }
        // Who went out, and who mated them: `W<N` is West out, mated by North.
        let outs: Vec<String> = pos
            .eliminations()
            .map(|e| {
                let by = e.by.map_or("-".to_string(), |b| b.name()[..1].to_string());
                format!("{}<{by}", &e.seat.name()[..1])
            })
            .collect();
        println!(
            "game {:>3}: {hero} as {hero_seat} vs 3× {field}: rank {rank} after {plies} plies \
             (out: {}) | \
             wins {wins}/{} ({:.1} %), mean rank {:.2}, pairwise {:.1} %, unfinished \
             {unfinished} | {:.0} s",
            g + 1,
            outs.join(" "),
            g + 1,
            wins as f64 / (g + 1) as f64 * 100.0,
            ranks / (g + 1) as f64,
            pairwise(ranks, g + 1),
            started.elapsed().as_secs_f64()
        );
    }
    println!(
        "RESULT yonin {hero} vs 3× {field}: wins {wins}/{games} ({:.1} %), mean rank {:.2}, \
         pairwise {:.1} %, unfinished {unfinished}",
        wins as f64 / games.max(1) as f64 * 100.0,
        ranks / games.max(1) as f64,
        pairwise(ranks, games)
    );
}

/// The pairwise score in percent from the sum of ranks over `games` games.
fn pairwise(rank_sum: f64, games: usize) -> f64 {
    let g = games.max(1) as f64;
    (4.0 * g - rank_sum) / (3.0 * g) * 100.0
}

fn main() {
    let a = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("strength: {e} (the modes and flags are in the header of tests/src/bin/strength.rs)");
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
    match a.mode.as_str() {
        "gnushogi" => {
            let mut bot = BotPlayer {
                bot: Bot::with_hash(a.level, 1, 64),
                limits,
            };
            let mut gnu = GnuPlayer {
                bin: a.bin.clone(),
                seconds: (a.movetime / 1000).max(1),
                proc: None,
                synced: 0,
            };
            let t = standard_match(&mut bot, &mut gnu, a.games, a.seed as usize, records);
            println!("RESULT yonin {} vs {}: {}", a.level, gnu.name(), t.line());
        }
        "usi" => {
            let path = a.engine.clone().unwrap_or_default();
            let mut bot = BotPlayer {
                bot: Bot::with_hash(a.level, 1, 64),
                limits,
            };
            let mut eng = UsiPlayer::start(&path, &a.options, a.movetime);
            let t = standard_match(&mut bot, &mut eng, a.games, a.seed as usize, records);
            println!(
                "RESULT yonin {} vs {} at {} ms/move: {}",
                a.level,
                eng.name(),
                a.movetime,
                t.line()
            );
        }
        "usi2" => {
            // Two USI engines against each other (e.g. two builds of `yonin usi`).
            let one = a.engine.clone().unwrap_or_default();
            let two = a.engine2.clone().unwrap_or_default();
            let mut e1 = UsiPlayer::start(&one, &a.options, a.movetime);
            let mut e2 = UsiPlayer::start(&two, &a.options, a.movetime);
            e1.engine.name = format!("A {one}");
            e2.engine.name = format!("B {two}");
            let t = standard_match(&mut e1, &mut e2, a.games, a.seed as usize, records);
            println!(
                "RESULT {one} vs {two} at {} ms/move: {}",
                a.movetime,
                t.line()
            );
        }
        "ladder" if a.variant == "yonin" => {
            for pair in Level::ALL.windows(2).rev() {
                println!("== Yonin {} vs 3× {}", pair[1], pair[0]);
                let field = pair[0].name();
                yonin_match(pair[1], field, a.games, limits, a.seed, records);
            }
        }
        "ladder" => {
            for pair in Level::ALL.windows(2).rev() {
                let mut hi = BotPlayer {
                    bot: Bot::new(pair[1], 11),
                    limits,
                };
                let mut lo = BotPlayer {
                    bot: Bot::new(pair[0], 12),
                    limits,
                };
                let t = standard_match(&mut hi, &mut lo, a.games, a.seed as usize, records);
                println!("RESULT standard {} vs {}: {}", pair[1], pair[0], t.line());
            }
        }
        "yonin" => yonin_match(a.level, &a.field, a.games, limits, a.seed, records),
        m => {
            eprintln!(
                "unknown mode `{m}`: gnushogi, usi, usi2, ladder or yonin (see the file header)"
            );
            std::process::exit(2);
        }
    }
}
