//! Bots never return an illegal move: thousands of positions from seeded random games in both
//! variants, every level, small node budgets; and node-limited searches repeat exactly.

use crate::common;

use common::Rng;
use std::sync::{atomic::AtomicBool, Arc};
use yonin_core::bot::{Bot, Level, Limits};
use yonin_core::{Position, RuleSet};

/// Plays `games` random games and asks a bot for a move at every `every`-th ply; returns how
/// many positions were checked.
fn check_variant(rules: RuleSet, games: usize, plies: usize, every: usize, nodes: u64) -> usize {
    let stop = Arc::new(AtomicBool::new(false));
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d ^ games as u64);
    let mut bots: Vec<Bot> = Level::ALL
        .iter()
        .enumerate()
        .map(|(i, &l)| Bot::with_hash(l, i as u64, 1))
        .collect();
    let mut checked = 0;
    for g in 0..games {
        let mut pos = Position::start(&rules);
        for ply in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            if ply % every == 0 {
                let nbots = bots.len();
                let bot = &mut bots[(g + ply) % nbots];
                let m = bot.choose(&pos, Limits::nodes(nodes), stop.clone());
                let m = m.unwrap_or_else(|| panic!("no move with legal moves at {ply}"));
                assert!(
                    pos.is_legal(m),
                    "{} chose illegal {m} in game {g} ply {ply}",
                    bot.level()
                );
                checked += 1;
            }
            // Mostly random moves, sometimes the bot's own, so positions stay varied.
            let m = legal.as_slice()[rng.below(legal.len())];
            pos.play(m).expect("a generated move is legal");
        }
    }
    checked
}

#[test]
fn standard_bots_only_play_legal_moves() {
    let n = check_variant(RuleSet::standard(), 30, 160, 3, 600);
    assert!(n >= 1000, "{n} positions");
}

#[test]
fn yonin_bots_only_play_legal_moves() {
    let n = check_variant(RuleSet::yonin(), 24, 200, 4, 400);
    assert!(n >= 800, "{n} positions");
}

#[test]
fn yonin_house_rules_do_not_confuse_the_bots() {
    use yonin_core::{MateTiming, MatedArmy, MatedHand};
    let teams = RuleSet {
        teams: true,
        ..RuleSet::yonin()
    };
    let rough = RuleSet {
        mated_army: MatedArmy::PassesToMater,
        mated_hand: MatedHand::ToMater,
        mate_timing: MateTiming::Immediately,
        ..RuleSet::yonin()
    };
    assert!(check_variant(teams, 6, 160, 5, 400) >= 100);
    assert!(check_variant(rough, 6, 200, 5, 400) >= 100);
}

/// Yonin once two seats are left, where the bots also run the df-pn mate solver: North and
/// East are out (their armies frozen and capturable), South and West play on from random
/// moves, and every move the bots choose is legal.
#[test]
fn yonin_two_seat_endgames_only_get_legal_moves() {
    let rules = RuleSet::yonin();
    let start = yonin_core::record::ysfen::position(
        "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw5PeGe/KwRwPw3PeReKe/GwPw5PeGe/Sw3Ps3Se/3PsRsPs3/\
         2SsGsKsGsSs2 s -/-/-/- ne 1",
        &rules,
    )
    .unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut bots = [
        Bot::with_hash(Level::Medium, 1, 1),
        Bot::with_hash(Level::Hard, 2, 1),
    ];
    let mut checked = 0;
    for g in 0..8 {
        let mut pos = start.clone();
        for ply in 0..120 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            if ply % 3 == 0 {
                let bot = &mut bots[(g + ply) % 2];
                let m = bot.choose(&pos, Limits::nodes(1500), stop.clone()).unwrap();
                assert!(pos.is_legal(m), "{} chose illegal {m}", bot.level());
                checked += 1;
            }
            let m = legal.as_slice()[rng.below(legal.len())];
            pos.play(m).unwrap();
        }
    }
    assert!(checked >= 200, "{checked} positions");
}

#[test]
fn no_move_only_when_there_is_none() {
    // South is mated: gold on 5h backed by a silver.
    let pos =
        yonin_core::record::sfen::position("4k4/9/9/9/9/9/4s4/4g4/4K4 b - 1", &RuleSet::standard())
            .unwrap();
    assert!(pos.legal_moves().is_empty());
    let mut bot = Bot::new(Level::Hard, 1);
    assert_eq!(
        bot.choose(&pos, Limits::nodes(1000), Arc::new(AtomicBool::new(false))),
        None
    );
}

#[test]
fn node_limited_searches_repeat_exactly() {
    let stop = Arc::new(AtomicBool::new(false));
    for rules in [RuleSet::standard(), RuleSet::yonin()] {
        for level in Level::ALL {
            let run = || {
                let mut bot = Bot::new(level, 42);
                let mut pos = Position::start(&rules);
                let mut line = Vec::new();
                for _ in 0..6 {
                    let m = bot.choose(&pos, Limits::nodes(3000), stop.clone()).unwrap();
                    pos.play(m).unwrap();
                    line.push(m);
                }
                line
            };
            assert_eq!(run(), run(), "{level} in {:?}", rules.variant);
        }
    }
}
