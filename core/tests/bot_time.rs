//! Bots keep to their time budget: the median of several 200 ms searches stays within the
//! budget plus 10 %, and a search uses a fair part of it (it does not just return at once).
//! A stop flag ends a long search at once.

use std::sync::{atomic::AtomicBool, atomic::Ordering, Arc};
use std::time::{Duration, Instant};
use yonin_core::bot::{Bot, Level, Limits};
use yonin_core::record::sfen;
use yonin_core::{Position, RuleSet};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn timed(pos: &Position, level: Level, budget: Duration, runs: usize) -> Duration {
    let times = (0..runs)
        .map(|i| {
            let mut bot = Bot::new(level, i as u64);
            let t = Instant::now();
            let m = bot.choose(pos, Limits::time(budget), Arc::new(AtomicBool::new(false)));
            let e = t.elapsed();
            assert!(m.is_some_and(|m| pos.is_legal(m)));
            e
        })
        .collect();
    median(times)
}

/// One test, so the timed searches do not compete with each other for the cores.
#[test]
fn time_budgets_hold() {
    hard_stays_within_200ms_plus_10_percent();
    medium_uses_less_than_hard();
    a_fixed_time_is_spent_in_full();
    stop_flag_ends_a_long_search();
}

fn hard_stays_within_200ms_plus_10_percent() {
    let budget = Duration::from_millis(200);
    let positions = [
        Position::start(&RuleSet::standard()),
        sfen::position(
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            &RuleSet::standard(),
        )
        .unwrap(),
        Position::start(&RuleSet::yonin()),
    ];
    for pos in &positions {
        let m = timed(pos, Level::Hard, budget, 5);
        assert!(
            m <= budget + budget / 10,
            "median {m:?} for a {budget:?} budget"
        );
        // Iterative deepening stops early only past the soft limit (half the budget).
        assert!(m >= budget / 3, "median {m:?}: the budget was hardly used");
    }
}

fn medium_uses_less_than_hard() {
    let pos = Position::start(&RuleSet::standard());
    let budget = Duration::from_millis(200);
    assert!(timed(&pos, Level::Medium, budget, 3) <= budget + budget / 10);
}

fn a_fixed_time_is_spent_in_full() {
    let pos = Position::start(&RuleSet::standard());
    let budget = Duration::from_millis(200);
    let mut bot = Bot::new(Level::Hard, 0);
    let t = Instant::now();
    let m = bot.choose(
        &pos,
        Limits::fixed(budget),
        Arc::new(AtomicBool::new(false)),
    );
    let e = t.elapsed();
    assert!(m.is_some_and(|m| pos.is_legal(m)));
    // It deepens until the time is up (Limits::time stops deepening after 60 %).
    assert!(e >= budget * 9 / 10, "{e:?} of a fixed {budget:?}");
}

fn stop_flag_ends_a_long_search() {
    let pos = Position::start(&RuleSet::yonin());
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let t = Instant::now();
    let h = std::thread::spawn(move || {
        let mut bot = Bot::new(Level::Hard, 0);
        bot.choose(&pos, Limits::time(Duration::from_secs(60)), flag)
    });
    std::thread::sleep(Duration::from_millis(100));
    stop.store(true, Ordering::Relaxed);
    let m = h.join().unwrap();
    assert!(m.is_some());
    assert!(
        t.elapsed() < Duration::from_millis(400),
        "{:?}",
        t.elapsed()
    );
}
