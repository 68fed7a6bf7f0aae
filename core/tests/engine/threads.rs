//! The Hard bot on several threads (Lazy SMP): over many positions of seeded random games in
//! both variants its move is always legal and its helpers really search; a search with an
//! hour's budget returns once its stop flag is set, and a fixed-time one returns by itself.

use crate::common;

use common::Rng;
use std::sync::mpsc;
use std::sync::{atomic::AtomicBool, atomic::Ordering, Arc};
use std::time::Duration;
use yonin_core::bot::{Bot, Level, Limits, SearchOptions};
use yonin_core::{Position, RuleSet};

/// Far longer than any of these searches needs: only a search that never returns misses it.
const HUNG: Duration = Duration::from_secs(120);

/// Positions along seeded random games: every `every`-th ply of `games` games.
fn positions(rules: RuleSet, games: u64, plies: usize, every: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for g in 0..games {
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15 ^ (g + 1));
        let mut pos = Position::start(&rules);
        for ply in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            if ply % every == 0 {
                out.push(pos.clone());
            }
            pos.play_unchecked(legal.as_slice()[rng.below(legal.len())]);
        }
    }
    out
}

/// Searches every position with a Hard bot on `threads` threads and `nodes` nodes for the main
/// thread; checks each move is legal and returns the positions searched and how many of them
/// the helpers searched in too (more nodes than the main thread's budget).
fn legal_on_threads(positions: &[Position], threads: usize, nodes: u64) -> (usize, usize) {
    let mut bot = Bot::with_hash(Level::Hard, 3, 4);
    bot.set_threads(threads);
    assert_eq!(bot.threads(), threads);
    let stop = Arc::new(AtomicBool::new(false));
    let (mut searched, mut helped) = (0, 0);
    for (i, pos) in positions.iter().enumerate() {
        if pos.legal_moves().len() < 2 {
            continue;
        }
        let r = bot.search(
            pos,
            Limits::nodes(nodes),
            &SearchOptions::default(),
            stop.clone(),
            &mut |_| {},
        );
        let m = r.best.unwrap_or_else(|| panic!("no move at position {i}"));
        assert!(
            pos.is_legal(m),
            "illegal {m} at position {i} on {threads} threads"
        );
        searched += 1;
        helped += usize::from(r.nodes > nodes);
    }
    (searched, helped)
}

#[test]
fn standard_moves_on_two_and_three_threads_are_legal_and_helpers_search() {
    let positions = positions(RuleSet::standard(), 20, 150, 5);
    for threads in [2, 3] {
        let (searched, helped) = legal_on_threads(&positions, threads, 3_000);
        assert!(searched >= 400, "{searched} positions");
        assert!(
            helped * 2 > searched,
            "helpers searched in {helped} of {searched}"
        );
    }
}

#[test]
fn yonin_moves_on_two_threads_are_legal_and_helpers_search() {
    let positions = positions(RuleSet::yonin(), 16, 200, 6);
    let (searched, helped) = legal_on_threads(&positions, 2, 3_000);
    assert!(searched >= 400, "{searched} positions");
    assert!(
        helped * 2 > searched,
        "helpers searched in {helped} of {searched}"
    );
}

/// Runs a Hard search on `threads` threads on another thread; the answer comes back on the
/// receiver. `limits` bounds it, `stop` can end it.
fn search_away(
    rules: RuleSet,
    threads: usize,
    limits: Limits,
    stop: Arc<AtomicBool>,
) -> mpsc::Receiver<Option<yonin_core::Move>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut bot = Bot::new(Level::Hard, 5);
        bot.set_threads(threads);
        let pos = Position::start(&rules);
        let _ = tx.send(bot.choose(&pos, limits, stop));
    });
    rx
}

#[test]
fn a_search_on_threads_returns_when_stopped() {
    for rules in [RuleSet::standard(), RuleSet::yonin()] {
        let stop = Arc::new(AtomicBool::new(false));
        let hour = Limits::time(Duration::from_secs(3600));
        let rx = search_away(rules, 2, hour, stop.clone());
        std::thread::sleep(Duration::from_millis(300));
        assert!(rx.try_recv().is_err(), "an hour's search ended by itself");
        stop.store(true, Ordering::Relaxed);
        let m = rx.recv_timeout(HUNG).expect("the stopped search returns");
        assert!(m.is_some_and(|m| Position::start(&rules).is_legal(m)));
    }
}

#[test]
fn a_fixed_time_search_on_threads_returns_by_itself() {
    for rules in [RuleSet::standard(), RuleSet::yonin()] {
        let never = Arc::new(AtomicBool::new(false));
        let fixed = Limits::fixed(Duration::from_millis(250));
        let rx = search_away(rules, 4, fixed, never);
        let m = rx
            .recv_timeout(HUNG)
            .expect("the search returns at its time");
        assert!(m.is_some_and(|m| Position::start(&rules).is_legal(m)));
    }
}
