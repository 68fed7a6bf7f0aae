//! Standard shogi matches: one game between two players, and a match of game pairs (each
//! opening with both colours) played by worker threads, optionally stopped by an SPRT.

use crate::players::{Player, Reply};
use crate::save_record;
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;
use yonin_core::record::game_record::Ending;
use yonin_core::{Move, Position, RuleSet, Seat};
use yonin_tests::openings;
use yonin_tests::sprt::{Pentanomial, Sprt, Verdict};

/// Plies after which a standard game is a draw.
const MAX_PLIES: usize = 320;

/// A game result from the first player's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result3 {
    Win,
    Loss,
    Draw,
}

#[derive(Default)]
pub struct Tally {
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
    pub fn line(&self) -> String {
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

/// Plays one standard game; `black` moves first (South). Returns the result for `black`.
fn play_standard(black: &mut dyn Player, white: &mut dyn Player, opening: &[Move]) -> StandardGame {
    let start = Position::start(&RuleSet::standard());
    let mut pos = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    let mut seen: std::collections::HashMap<u64, u32> = std::collections::HashMap::new();
    black.new_game();
    white.new_game();
    for &m in opening {
        pos.play(m).expect("book lines are legal");
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
                        yonin_core::ImpasseRule::Points27
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

/// How a standard match is played.
pub struct MatchPlan<'a> {
    /// The most games played (pairs of one book line with both colours; an odd count ends on
    /// half a pair).
    pub games: usize,
    /// The book line of the first pair.
    pub first: usize,
    /// Pairs played at once, each by a thread with players of its own.
    pub concurrency: usize,
    /// Stop once this test decides.
    pub sprt: Option<Sprt>,
    /// Pairs an earlier match of the same two players counted: the test goes on from them (a
    /// test pooled across runs, each with its own book lines), and the pair counts include
    /// them.
    pub pairs_before: Pentanomial,
    /// Where each game is saved as KIF, if anywhere.
    pub records: Option<&'a Path>,
}

/// What a match came to, from the first player's side.
pub struct MatchOutcome {
    /// The two players' names, first and second.
    pub names: (String, String),
    pub tally: Tally,
    pub pairs: Pentanomial,
    /// How many of `pairs` an earlier run counted ([`MatchPlan::pairs_before`]).
    pub pairs_before: u32,
    /// The test's verdict and the games played when it came.
    pub verdict: Option<(Verdict, u32)>,
}

/// The two players of one worker thread (the first, the second), or why they cannot start.
pub type Players = Result<(Box<dyn Player>, Box<dyn Player>), String>;

/// Makes each worker's [`Players`].
pub type MakePlayers<'a> = dyn Fn() -> Players + Sync + 'a;

/// A game a worker finished, or a worker that could not start its players.
enum Report {
    Game {
        index: usize,
        first_black: bool,
        result: Result3,
        plies: usize,
        names: (String, String),
    },
    Failed(String),
}

/// Plays a match of game pairs by `plan`: game 2p and 2p + 1 play book line `first + p`,
/// with the first player black, then white. Prints a line per game (with the test's status
/// when there is one) and returns the totals; `Err` when a worker's players cannot start.
pub fn standard_match(make: &MakePlayers, plan: &MatchPlan) -> Result<MatchOutcome, String> {
    let next_pair = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let mut out = MatchOutcome {
        names: Default::default(),
        tally: Tally::default(),
        pairs: plan.pairs_before,
        pairs_before: plan.pairs_before.pairs(),
        verdict: None,
    };
    let mut failure = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for _ in 0..plan.concurrency.max(1) {
            let tx = tx.clone();
            let (next_pair, stop) = (&next_pair, &stop);
            scope.spawn(move || match make() {
                Ok((mut a, mut b)) => {
                    play_pairs(&mut *a, &mut *b, plan, next_pair, stop, &tx);
                }
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    let _ = tx.send(Report::Failed(e));
                }
            });
        }
        drop(tx);
        let mut first_of_pair: HashMap<usize, f64> = HashMap::new();
        for report in rx {
            let (index, first_black, result, plies, names) = match report {
                Report::Game {
                    index,
                    first_black,
                    result,
                    plies,
                    names,
                } => (index, first_black, result, plies, names),
                Report::Failed(e) => {
                    failure.get_or_insert(e);
                    continue;
                }
            };
            out.tally.add(result);
            out.names = names;
            let names = &out.names;
            let points = match result {
                Result3::Win => 1.0,
                Result3::Draw => 0.5,
                Result3::Loss => 0.0,
            };
            if let Some(other) = first_of_pair.remove(&(index / 2)) {
                out.pairs.add_pair(other, points);
            } else {
                first_of_pair.insert(index / 2, points);
            }
            let mut line = format!(
                "game {:>3}: {} as {} {result:?} in {plies} plies | {} vs {}: {} | {:.0} s",
                index + 1,
                names.0,
                if first_black { "black" } else { "white" },
                names.0,
                names.1,
                out.tally.line(),
                started.elapsed().as_secs_f64()
            );
            if let Some(test) = &plan.sprt {
                line.push_str(&format!(" | {}", test.status(&out.pairs)));
                if out.verdict.is_none() {
                    if let Some(v) = test.verdict(&out.pairs) {
                        out.verdict = Some((v, out.tally.games()));
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
            println!("{line}");
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// A worker's loop: takes the next pair until there is none or the match stops, and reports
/// each game.
fn play_pairs(
    a: &mut dyn Player,
    b: &mut dyn Player,
    plan: &MatchPlan,
    next_pair: &AtomicUsize,
    stop: &AtomicBool,
    tx: &mpsc::Sender<Report>,
) {
    while !stop.load(Ordering::Relaxed) {
        let pair = next_pair.fetch_add(1, Ordering::Relaxed);
        if 2 * pair >= plan.games {
            return;
        }
        let opening = openings::line(plan.first + pair);
        for index in 2 * pair..(2 * pair + 2).min(plan.games) {
            let first_black = index % 2 == 0;
            let game = if first_black {
                play_standard(a, b, &opening)
            } else {
                play_standard(b, a, &opening)
            };
            let (black, white) = if first_black {
                (a.name(), b.name())
            } else {
                (b.name(), a.name())
            };
            if let Some(dir) = plan.records {
                let players = [(Seat::South, black), (Seat::North, white)];
                let name = format!("standard-{:03}.kif", index + 1);
                save_record(
                    dir,
                    &name,
                    &RuleSet::standard(),
                    &game.moves,
                    game.ending,
                    &players,
                );
            }
            let result = match (first_black, game.result) {
                (true, r) | (false, r @ Result3::Draw) => r,
                (false, Result3::Win) => Result3::Loss,
                (false, Result3::Loss) => Result3::Win,
            };
            let report = Report::Game {
                index,
                first_black,
                result,
                plies: game.moves.len(),
                names: (a.name(), b.name()),
            };
            if tx.send(report).is_err() {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays the first legal move, or resigns at once.
    struct Simple {
        resigns: bool,
    }

    impl Player for Simple {
        fn name(&self) -> String {
            if self.resigns { "resigner" } else { "mover" }.into()
        }
        fn play(&mut self, _: &Position, _: &[Move], pos: &Position) -> Reply {
            match pos.legal_moves().iter().next() {
                Some(&m) if !self.resigns => Reply::Move(m),
                _ => Reply::Resign,
            }
        }
    }

    fn make(first_resigns: bool) -> impl Fn() -> Players + Sync {
        move || {
            let a: Box<dyn Player> = Box::new(Simple {
                resigns: first_resigns,
            });
            let b: Box<dyn Player> = Box::new(Simple {
                resigns: !first_resigns,
            });
            Ok((a, b))
        }
    }

    fn plan(games: usize, sprt: Option<Sprt>) -> MatchPlan<'static> {
        MatchPlan {
            games,
            first: 0,
            concurrency: 2,
            sprt,
            pairs_before: Pentanomial::default(),
            records: None,
        }
    }

    #[test]
    fn two_threads_play_every_game_and_count_whole_pairs() {
        let out = standard_match(&make(false), &plan(7, None)).unwrap();
        assert_eq!((out.tally.win, out.tally.loss, out.tally.draw), (7, 0, 0));
        // Three whole pairs; the seventh game is half a pair.
        assert_eq!(out.pairs.counts, [0, 0, 0, 0, 3]);
        assert_eq!(out.names, ("mover".to_string(), "resigner".to_string()));
        assert!(out.verdict.is_none());
    }

    #[test]
    fn the_test_stops_a_one_sided_match_early() {
        let test = Sprt::parse("0,10").unwrap();
        let won = standard_match(&make(false), &plan(400, Some(test))).unwrap();
        let (verdict, games) = won.verdict.expect("decided");
        assert_eq!(verdict, Verdict::H1);
        // Decided within a few dozen games; each thread finishes the pair it is on.
        assert!(games < 100, "{games}");
        assert!(won.tally.games() <= games + 4, "{}", won.tally.games());
        let lost = standard_match(&make(true), &plan(400, Some(test))).unwrap();
        assert_eq!(lost.verdict.map(|v| v.0), Some(Verdict::H0));
    }

    #[test]
    fn an_earlier_runs_pairs_carry_the_test_on() {
        let test = Sprt::parse("0,10").unwrap();
        // The won pairs that decide the test alone (a fresh match plays twice as many games).
        let won = |k: u32| Pentanomial {
            counts: [0, 0, 0, 0, k],
        };
        let k = (1..1000)
            .find(|&k| test.verdict(&won(k)).is_some())
            .unwrap();
        assert!(k > 5, "{k}");
        // An earlier run two pairs short of it: this one decides after two more won pairs.
        let pooled = MatchPlan {
            pairs_before: won(k - 2),
            ..plan(400, Some(test))
        };
        let out = standard_match(&make(false), &pooled).unwrap();
        let (verdict, games) = out.verdict.expect("decided");
        assert_eq!(verdict, Verdict::H1);
        // Four games, or a few more when the two workers' reports interleave.
        assert!((4..2 * k - 4).contains(&games), "{games} games, {k} pairs");
        assert!(out.pairs.pairs() >= k, "{:?}", out.pairs);
        // Earlier pairs against the first player: it is refused without a game won more.
        let against = MatchPlan {
            pairs_before: Pentanomial {
                counts: [60, 0, 0, 0, 0],
            },
            ..plan(400, Some(test))
        };
        let out = standard_match(&make(false), &against).unwrap();
        assert_eq!(out.verdict, Some((Verdict::H0, 1)));
    }

    #[test]
    fn players_that_cannot_start_are_an_error() {
        let fail = || -> Players { Err("no such engine".into()) };
        let e = standard_match(&fail, &plan(4, None)).err();
        assert_eq!(e.as_deref(), Some("no such engine"));
    }
}
