//! Sample games for the store suite: finished games and games in progress, each decided by a
//! number, with random legal moves (`store.rs` uses them too).

use yonin_core::protocol::{Clocks, ResumeToken, RoomSettings, SeatClock};
use yonin_core::record::position_text;
use yonin_core::record::stored::{StoredGame, StoredPlayer, StoredSeat};
use yonin_core::{Action, BotLevel, TimeControl};
use yonin_core::{Game, Position, RuleSet, Variant};
use yonin_server::store::{hash_token, LiveEntry, LiveGame, LiveSeat};

pub const NAMES: [&str; 5] = ["Ann", "Bo", "Chie", "Daiki", "Emi"];

/// Game number `k`: its variant, players, random legal moves with times, and an ending, all
/// decided by `k`.
pub fn sample_game(k: u64) -> StoredGame {
    let mut rng = yonin_testkit::Rng::new(k.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED);
    let rules = if k.is_multiple_of(3) {
        RuleSet::yonin()
    } else {
        RuleSet::standard()
    };
    let start = Position::start(&rules);
    let mut game = Game::from_position(rules, start.clone());
    let mut actions = Vec::new();
    let plies = 10 + rng.below(60);
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        let legal = game.position().legal_moves();
        let mv = legal.as_slice()[rng.below(legal.len())];
        let action = Action::Move {
            seat: game.to_move(),
            mv,
            millis: Some(rng.next_u64() % 30_000),
        };
        action.apply(&mut game).expect("a legal move is played");
        actions.push(action);
    }
    if !game.is_over() {
        let action = if rules.variant == Variant::Standard {
            Action::Resign {
                seat: game.to_move(),
            }
        } else {
            Action::Abort
        };
        action.apply(&mut game).expect("the game can end");
        actions.push(action);
    }
    let seats = rules
        .variant
        .seats()
        .iter()
        .map(|seat| StoredSeat {
            seat,
            player: if rng.below(4) == 0 {
                StoredPlayer::Bot {
                    level: BotLevel::ALL[rng.below(4)],
                }
            } else {
                StoredPlayer::Person {
                    name: NAMES[rng.below(NAMES.len())].to_string(),
                }
            },
            stand_in: None,
        })
        .collect();
    StoredGame {
        rules,
        time_control: TimeControl::Fischer {
            main_ms: 300_000,
            increment_ms: 5_000,
        },
        room_name: format!("game {k}"),
        start: position_text(&start),
        seats,
        actions,
        outcome: game.outcome().expect("the game ended").clone(),
        started_ms: 1_700_000_000_000 + k * 1000,
        ended_ms: 1_700_000_000_000 + k * 1000 + 600_000,
        imported: false,
    }
}

pub fn has_person(game: &StoredGame, name: &str) -> bool {
    game.seats.iter().any(
        |s| matches!(&s.player, StoredPlayer::Person { name: n } if n.eq_ignore_ascii_case(name)),
    )
}

/// A game in progress built from `sample_game(k)`: its seats, start and rules, with tokens for
/// the people.
pub fn sample_live(k: u64) -> (LiveGame, Vec<LiveEntry>) {
    let game = sample_game(k);
    let seats = game
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| LiveSeat {
            seat: s.seat,
            player: s.player.clone(),
            stand_in: None,
            token_hash: match s.player {
                StoredPlayer::Person { .. } => {
                    Some(hash_token(ResumeToken(k as u128 * 10 + i as u128)))
                }
                StoredPlayer::Bot { .. } => None,
            },
        })
        .collect();
    let live = LiveGame {
        settings: RoomSettings::new(game.room_name.clone(), game.rules),
        join_code: k.is_multiple_of(2).then(|| format!("CODE{k}")),
        rules: game.rules,
        start: game.start.clone(),
        seats,
        seed: k,
        started_ms: game.started_ms,
    };
    let entries = game
        .actions
        .iter()
        .enumerate()
        .map(|(i, &action)| LiveEntry {
            action,
            clocks: Clocks {
                seats: game
                    .seats
                    .iter()
                    .map(|s| SeatClock {
                        seat: s.seat,
                        main_ms: 300_000 - i as u64,
                        period_ms: 0,
                        periods: 0,
                    })
                    .collect(),
                running: Some(game.seats[i % game.seats.len()].seat),
            },
            at_ms: game.started_ms + i as u64 * 1000,
        })
        .collect();
    (live, entries)
}
