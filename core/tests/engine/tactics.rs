//! Bots find what they must: mates in 1 and 3 (with the mate search and through `choose`), and
//! a hanging piece for Medium.

use std::sync::{atomic::AtomicBool, Arc};
use std::time::Duration;
use yonin_core::bot::{find_mate, Bot, Level, Limits};
use yonin_core::record::sfen;
use yonin_core::{Move, Position, RuleSet};

fn pos(text: &str) -> Position {
    sfen::position(text, &RuleSet::standard()).unwrap()
}

fn stop() -> Arc<AtomicBool> {
    Arc::new(AtomicBool::new(false))
}

/// After `m`, every reply of the defender allows a mate in one.
fn forces_mate_in_3(p: &Position, m: Move) -> bool {
    let mut after = p.clone();
    after.play(m).unwrap();
    if !after.in_check(after.to_move()) {
        return false;
    }
    after.legal_moves().iter().all(|&r| {
        let mut x = after.clone();
        x.play_unchecked(r);
        x.legal_moves().iter().any(|&k| {
            let mut y = x.clone();
            y.play_unchecked(k);
            y.legal_moves().is_empty() && y.in_check(y.to_move())
        })
    })
}

/// ```text
///   9 8 7 6 5 4 3 2 1
/// a . . . . k . . . .     South to move with a gold in hand: G*5b is mate
/// b . . . . . . . . .     (the gold on 5c guards it).
/// c . . . . G . . . .
/// ```
const MATE_IN_1: &str = "4k4/9/4G4/9/9/9/9/9/4K4 b G 1";

const MATES_IN_3: [&str; 3] = [
    // 5c1c+ K2a G*2b (or G*2b first-move alternatives the search may prefer).
    "8k/9/4R4/9/9/9/9/9/K8 b 2G 1",
    "9/6kn1/8R/9/7G1/9/9/9/K8 b 2G 1",
    "8p/8k/8s/7P1/9/9/9/9/K8 b GS 1",
];

#[test]
fn mate_search_finds_mate_in_1() {
    let p = pos(MATE_IN_1);
    let found = find_mate(&p, 1, 10_000, None, &stop()).expect("mate in 1");
    assert_eq!(found.plies, 1);
    assert_eq!(found.first.to_string(), "G*5b");
}

#[test]
fn mate_search_finds_mate_in_3() {
    for text in MATES_IN_3 {
        let p = pos(text);
        assert!(
            find_mate(&p, 1, 100_000, None, &stop()).is_none(),
            "{text}: no mate in 1"
        );
        let found = find_mate(&p, 3, 100_000, None, &stop()).expect(text);
        assert_eq!(found.plies, 3);
        assert!(forces_mate_in_3(&p, found.first), "{text}: {}", found.first);
    }
}

#[test]
fn every_searching_level_mates_in_1_and_3() {
    for level in [Level::Medium, Level::Hard] {
        let mut bot = Bot::new(level, 3);
        let m = bot
            .choose(&pos(MATE_IN_1), Limits::nodes(50_000), stop())
            .unwrap();
        assert_eq!(m.to_string(), "G*5b", "{level}");
        for text in MATES_IN_3 {
            let p = pos(text);
            let m = bot.choose(&p, Limits::nodes(200_000), stop()).unwrap();
            assert!(forces_mate_in_3(&p, m), "{level} {text}: {m}");
        }
    }
}

/// ```text
///   9 8 7 6 5 4 3 2 1
/// f . . . . r . . . .     North's rook on 5f hangs to the pawn on 5g.
/// g P P P P P P P P P
/// ```
#[test]
fn medium_takes_a_hanging_rook() {
    let p = pos("lnsgkgsnl/7b1/pppp1pppp/9/9/4r4/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1");
    for seed in 0..3 {
        let mut bot = Bot::new(Level::Medium, seed);
        let m = bot
            .choose(&p, Limits::time(Duration::from_millis(500)), stop())
            .unwrap();
        assert_eq!(m.to_string(), "5g5f");
    }
}

/// ```text
///   9  8  7  6  5  4  3  2  1
/// a .  .  .  .  Kn .  .  .  .
/// e Kw .  .  .  .  .  .  .  Ke
/// f .  .  .  .  Rn .  .  .  .     North's rook hangs to South's pawn.
/// g .  .  .  .  Ps .  .  .  .
/// i .  .  .  .  Ks .  .  .  .
/// ```
#[test]
fn yonin_levels_take_a_hanging_rook() {
    let rules = RuleSet::yonin();
    let p = yonin_core::record::ysfen::position(
        "4Kn4/9/9/9/Kw7Ke/4Rn4/4Ps4/9/4Ks4 s -/-/-/- - 1",
        &rules,
    )
    .unwrap();
    for level in [Level::Medium, Level::Hard] {
        let mut bot = Bot::new(level, 9);
        let m = bot.choose(&p, Limits::nodes(50_000), stop()).unwrap();
        assert_eq!(m.to_string(), "5g5f", "{level}");
    }
}
