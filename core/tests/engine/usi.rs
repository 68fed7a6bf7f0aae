//! A scripted USI session against the engine state machine: handshake, options (`Threads`
//! honoured), positions, `go` variants, `bestmove win` on a declarable position and
//! `bestmove resign` when mated.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use yonin_core::bot::usi::{Control, Go, UsiEngine, SAFETY_MARGIN};
use yonin_core::record::usi::parse_position_line;
use yonin_core::{Move, RuleSet, Seat};

struct Session {
    engine: UsiEngine,
    lines: Arc<Mutex<Vec<String>>>,
}

impl Session {
    fn new() -> Session {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let sink = lines.clone();
        let engine = UsiEngine::new(Arc::new(move |l: &str| {
            sink.lock().unwrap().push(l.to_string())
        }));
        Session { engine, lines }
    }
    /// Sends a line and returns what came out (waiting for a search to finish).
    fn send(&mut self, line: &str) -> Vec<String> {
        assert_eq!(self.engine.handle(line), Control::Continue, "{line}");
        if line.starts_with("go") && !line.contains("infinite") {
            self.engine.wait();
        }
        std::mem::take(&mut *self.lines.lock().unwrap())
    }
}

fn bestmove(out: &[String]) -> &str {
    let last = out.last().expect("some output");
    last.strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("not a bestmove: {last}"))
}

#[test]
fn handshake_and_a_legal_bestmove() {
    let mut s = Session::new();
    let out = s.send("usi");
    assert!(out[0].starts_with("id name "));
    assert!(out.iter().any(|l| l.starts_with("id author ")));
    for opt in ["USI_Hash", "Threads", "Level", "USI_Ponder"] {
        assert!(
            out.iter()
                .any(|l| l.starts_with(&format!("option name {opt} "))),
            "{opt}"
        );
    }
    assert!(out
        .iter()
        .any(|l| l.contains("var Beginner") && l.contains("default Hard")));
    assert_eq!(out.last().unwrap(), "usiok");
    assert!(s.send("setoption name USI_Hash value 8").is_empty());
    assert!(s.send("setoption name Threads value 1").is_empty());
    assert!(s.send("setoption name Level value Medium").is_empty());
    assert_eq!(s.send("isready"), ["readyok"]);
    assert!(s.send("usinewgame").is_empty());
    let position = "position startpos moves 7g7f 3c3d";
    assert!(s.send(position).is_empty());
    let out = s.send("go btime 1000 wtime 1000 byoyomi 100");
    let m = bestmove(&out);
    let (_, _, pos) = parse_position_line(position, &RuleSet::standard()).unwrap();
    assert!(pos.is_legal(Move::from_usi(m).unwrap()), "{m}");
    assert!(
        out.iter()
            .any(|l| l.starts_with("info depth ") && l.contains(" pv ")),
        "{out:?}"
    );
    // Node and depth limits.
    let out = s.send("go nodes 2000");
    assert!(pos.is_legal(Move::from_usi(bestmove(&out)).unwrap()));
    let out = s.send("go depth 2");
    assert!(pos.is_legal(Move::from_usi(bestmove(&out)).unwrap()));
    assert_eq!(s.engine.handle("quit"), Control::Quit);
}

#[test]
fn infinite_search_waits_for_stop() {
    let mut s = Session::new();
    s.send("usi");
    s.send("isready");
    s.send("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(150));
    assert!(!s
        .lines
        .lock()
        .unwrap()
        .iter()
        .any(|l| l.starts_with("bestmove")));
    let t = Instant::now();
    let out = s.send("stop");
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "stop answered in {:?}",
        t.elapsed()
    );
    let m = bestmove(&out);
    let (_, _, pos) = parse_position_line(
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        &RuleSet::standard(),
    )
    .unwrap();
    assert!(pos.is_legal(Move::from_usi(m).unwrap()));
}

/// ```text
///   9 8 7 6 5 4 3 2 1
/// a R B G G S S . . .    South's king has entered with 15 pieces in the camp and R+B in
/// b . . . . K . . . .    hand: 5+5+4 + 9 + 10 = 33 points ≥ 28.
/// c P P P P P P P P P
/// i . . . . k . . . .
/// ```
#[test]
fn declares_an_impasse_win() {
    let mut s = Session::new();
    s.send("usi");
    s.send("isready");
    s.send("position sfen RBGGSS3/4K4/PPPPPPPPP/9/9/9/9/9/4k4 b RB 1");
    assert_eq!(bestmove(&s.send("go byoyomi 1000")), "win");
    // One point short for Sente (28 needed): no declaration, a real move.
    s.send("position sfen RBGGSS3/4K4/PPPPPPPP1/9/9/9/9/9/4k4 b B4p 1");
    assert_ne!(bestmove(&s.send("go nodes 500")), "win");
}

#[test]
fn resigns_when_mated_and_answers_bad_input() {
    let mut s = Session::new();
    s.send("usi");
    s.send("isready");
    s.send("position sfen 4k4/9/9/9/9/9/4s4/4g4/4K4 b - 1");
    assert_eq!(
        bestmove(&s.send("go btime 0 wtime 0 byoyomi 1000")),
        "resign"
    );
    let out = s.send("position sfen not-a-position");
    assert!(out[0].starts_with("info string bad position"), "{out:?}");
    let out = s.send("frobnicate");
    assert!(out[0].starts_with("info string unknown command"));
    s.send("gameover lose");
}

#[test]
fn time_budget_follows_the_clock() {
    let g = Go::parse(&["btime", "60000", "wtime", "1000", "byoyomi", "3000"]);
    let south = g.budget(Seat::South);
    let north = g.budget(Seat::North);
    assert!(south > Duration::from_millis(3000) && south < Duration::from_millis(6000));
    assert!(north <= Duration::from_millis(3000));
    // In byoyomi only: never more than the byoyomi less the margin.
    let g = Go::parse(&["btime", "0", "wtime", "0", "byoyomi", "1000"]);
    assert!(g.budget(Seat::South) <= Duration::from_millis(1000) - Duration::from_millis(50));
    // Short times keep an eighth back instead of the whole margin.
    assert_eq!(
        Go::parse(&["movetime", "500"]).budget(Seat::South),
        Duration::from_millis(500 - 62)
    );
    assert_eq!(
        Go::parse(&["movetime", "2000"]).budget(Seat::South),
        Duration::from_millis(2000) - SAFETY_MARGIN
    );
    let g = Go::parse(&["btime", "0", "wtime", "0", "byoyomi", "220"]);
    assert_eq!(g.budget(Seat::South), Duration::from_millis(220 - 27));
    // Absurd clocks from a GUI saturate instead of wrapping round to a short budget.
    let max = u64::MAX.to_string();
    let g = Go::parse(&["btime", &max, "binc", &max, "byoyomi", &max]);
    assert!(g.budget(Seat::South) > Duration::from_secs(86_400 * 365));
    // The increment comes after the move: with 100 ms on the clock it cannot be spent now.
    let g = Go::parse(&[
        "btime", "100", "wtime", "100", "binc", "2000", "winc", "2000",
    ]);
    assert!(g.budget(Seat::South) < Duration::from_millis(100));
    let g = Go::parse(&[
        "btime", "10000", "wtime", "10000", "binc", "2000", "winc", "2000",
    ]);
    assert!(g.budget(Seat::South) < Duration::from_millis(10_000 / 3 + 2000));
}

#[test]
fn time_lost_when_unused_is_spent() {
    // A fixed move time, and byoyomi with an empty bank: all of the budget.
    for words in [
        &["movetime", "500"][..],
        &["btime", "0", "wtime", "0", "byoyomi", "1000"][..],
    ] {
        let g = Go::parse(words);
        assert_eq!(g.spend(Seat::South), g.budget(Seat::South), "{words:?}");
    }
    // Time saved from a bank or an increment is kept for later moves.
    let g = Go::parse(&["btime", "60000", "wtime", "0", "byoyomi", "3000"]);
    assert_eq!(g.spend(Seat::South), Duration::ZERO);
    assert_eq!(g.spend(Seat::North), g.budget(Seat::North));
    let g = Go::parse(&["btime", "0", "wtime", "0", "binc", "2000", "winc", "2000"]);
    assert_eq!(g.spend(Seat::South), Duration::ZERO);
    assert_eq!(Go::parse(&["infinite"]).spend(Seat::South), Duration::ZERO);
}

#[test]
fn threads_are_offered_for_every_core_and_honoured() {
    let mut s = Session::new();
    let out = s.send("usi");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let offered = format!("option name Threads type spin default {cores} min 1 max 256");
    assert!(out.contains(&offered), "{out:?}");
    assert!(s.send("setoption name Threads value 2").is_empty());
    assert_eq!(s.send("isready"), ["readyok"]);
    for position in [
        "position startpos moves 2g2f 8c8d",
        "position startpos moves 7g7f",
    ] {
        s.send(position);
        let out = s.send("go movetime 300");
        assert!(
            out.contains(&"info string Hard searches on 2 of 2 threads".to_string()),
            "{out:?}"
        );
        let (_, _, pos) = parse_position_line(position, &RuleSet::standard()).unwrap();
        let m = bestmove(&out);
        assert!(pos.is_legal(Move::from_usi(m).unwrap()), "{m}");
    }
    // The weaker levels search on one thread whatever the option says.
    s.send("setoption name Level value Medium");
    let out = s.send("go movetime 100");
    assert!(out.contains(&"info string Medium searches on 1 of 2 threads".to_string()));
    let out = s.send("setoption name Threads value many");
    assert_eq!(out, ["info string Threads wants a number of threads"]);
}
