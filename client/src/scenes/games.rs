//! The games of the scenes at known moments: the tables of `standard-start`, `yonin-west`
//! and the rest, built by playing their moves on a fresh game.

use crate::state::table::Table;
use yonin_core::protocol::{Clocks, Occupant, PlayerId, PlayerRef, SeatClock, SeatInfo};
use yonin_core::{Action, BotLevel, TimeControl};
use yonin_core::{Game, Move, RuleSet, Seat};

/// The moves of `standard-midgame`: ends with ▲B*1e, a check.
pub(crate) const STANDARD_MIDGAME: &[&str] = &[
    "7g7f", "3c3d", "8h2b+", "3a2b", "2g2f", "8c8d", "2f2e", "8d8e", "2e2d", "2c2d", "2h2d",
    "P*2c", "2d2f", "8e8f", "8g8f", "8b8f", "P*8g", "8f8d", "B*1e",
];

/// The start of `yonin-check`: South holds a rook; R*5e checks North (up the file) and
/// East (along the rank), while West's pawn on 7e shields West.
pub(crate) const YONIN_CHECK_START: &str =
    "3GnKnGn3/3Pn1Pn3/9/Gw7Ge/Kw1Pw5Ke/Gw7Ge/9/3Ps1Ps3/3GsKsGs3 s R/-/-/- - 31";

/// The moves of `yonin-west`, as `seat move`: a Yonin game up to its first elimination
/// (South mates North with G*4b; West is to move).
pub(crate) const YONIN_WEST: &[&str] = &[
    "s 7i8h", "w 9g8h", "n 3a2b", "e 1c2b", "s 4i3h", "w S*8i", "n 6a7b", "e S*4i", "s 5i4i",
    "w 8h9i", "n 6b6c", "e 1d2c", "s S*7g", "w 9i8h", "n 4a3b", "e 2b3b", "s 4i5i", "w 8h7g",
    "n 6c6d", "e 3b4b", "n 5a4b", "e P*4i", "s 5i4i", "w S*3a", "n 4b3a", "e 2c2b", "n 5b2b",
    "e G*2a", "n 2b2a", "e 2d3d", "s P*1b", "w 8i7i", "n G*2d", "e 2e2d", "s 3h2g", "w 7g6h",
    "n G*1d", "e 2d1d", "s 6i7i", "w 6h5g", "n 2a2e", "e 1e2e", "s S*4b", "n 3a4b", "e 1d1b",
    "n 4b4a", "e 1b7b", "s 2g1f", "e 2e1f", "s G*4b",
];

fn person(seat: Seat, name: &str) -> SeatInfo {
    SeatInfo {
        seat,
        occupant: Occupant::Person(PlayerRef {
            id: PlayerId(seat.index() as u64 + 1),
            name: name.into(),
        }),
        connected: true,
        grace_ms: None,
        stand_in: None,
    }
}

fn bot(seat: Seat, level: BotLevel) -> SeatInfo {
    SeatInfo {
        seat,
        occupant: Occupant::Bot(level),
        connected: true,
        grace_ms: None,
        stand_in: None,
    }
}

/// Plays seat-less USI moves (the seat to move plays each).
fn play_all(rules: RuleSet, moves: &[&str]) -> Result<Game, String> {
    let mut g = Game::new(rules);
    for text in moves {
        let (seat, usi) = match text.split_once(' ') {
            Some((s, m)) => (
                s.chars()
                    .next()
                    .and_then(Seat::from_letter)
                    .ok_or("bad seat")?,
                m,
            ),
            None => (g.to_move(), *text),
        };
        let mv = Move::from_usi(usi).map_err(|e| e.to_string())?;
        g.play(seat, mv).map_err(|e| format!("{text}: {e}"))?;
    }
    Ok(g)
}

/// Clocks for a picture: byoyomi, the seat to move running.
fn clocks(table: &Table, main: &[(Seat, u64, u32)]) -> Clocks {
    Clocks {
        seats: main
            .iter()
            .map(|&(seat, main_ms, periods)| SeatClock {
                seat,
                main_ms,
                period_ms: 30_000,
                periods,
            })
            .collect(),
        running: table.to_move(),
    }
}

/// The table of a game scenario; `None` for a name that is not one.
pub(crate) fn table(name: &str) -> Result<Option<Table>, String> {
    let byoyomi = TimeControl::Byoyomi {
        main_ms: 600_000,
        byoyomi_ms: 30_000,
        periods: 3,
    };
    let t = match name {
        "standard-start" => {
            let mut t = Table::from_game(Game::new(RuleSet::standard()), Some(Seat::South), 0.0);
            t.seats = vec![
                person(Seat::South, "Hanako"),
                bot(Seat::North, BotLevel::Easy),
            ];
            t.time_control = byoyomi;
            t.clocks = clocks(&t, &[(Seat::South, 600_000, 3), (Seat::North, 600_000, 3)]);
            t
        }
        "standard-midgame" => {
            let g = play_all(RuleSet::standard(), STANDARD_MIDGAME)?;
            let mut t = Table::from_game(g, Some(Seat::South), 0.0);
            t.seats = vec![person(Seat::South, "Hanako"), person(Seat::North, "Taro")];
            t.time_control = byoyomi;
            t.clocks = clocks(&t, &[(Seat::South, 412_000, 3), (Seat::North, 0, 2)]);
            t.clocks.seats[1].period_ms = 7_400;
            t
        }
        "yonin-start" => {
            let mut t = Table::from_game(Game::new(RuleSet::yonin()), Some(Seat::South), 0.0);
            t.seats = vec![
                person(Seat::South, "Hanako"),
                bot(Seat::West, BotLevel::Easy),
                bot(Seat::North, BotLevel::Medium),
                bot(Seat::East, BotLevel::Hard),
            ];
            t
        }
        "yonin-west" => {
            let g = play_all(RuleSet::yonin(), YONIN_WEST)?;
            let mut t = Table::from_game(g, Some(Seat::West), 0.0);
            t.seats = vec![
                person(Seat::South, "Aiko"),
                person(Seat::West, "Mei"),
                bot(Seat::North, BotLevel::Medium),
                person(Seat::East, "Ken"),
            ];
            t.time_control = TimeControl::Fischer {
                main_ms: 300_000,
                increment_ms: 5_000,
            };
            let c = |seat, main_ms| SeatClock {
                seat,
                main_ms,
                period_ms: 0,
                periods: 0,
            };
            t.clocks = Clocks {
                seats: vec![
                    c(Seat::South, 201_000),
                    c(Seat::West, 187_500),
                    c(Seat::North, 243_000),
                    c(Seat::East, 8_300),
                ],
                running: t.to_move(),
            };
            t
        }
        "standard-hints" | "standard-promotion" => {
            let g = play_all(RuleSet::standard(), &["7g7f", "3c3d"])?;
            let mut t = Table::from_game(g, Some(Seat::South), 0.0);
            t.seats = vec![
                person(Seat::South, "Hanako"),
                bot(Seat::North, BotLevel::Easy),
            ];
            t
        }
        "yonin-check" => {
            let rules = RuleSet::yonin();
            let start =
                yonin_core::parse_start(&rules, YONIN_CHECK_START).map_err(|e| e.to_string())?;
            let mut t = Table::from_game(Game::from_position(rules, start), Some(Seat::South), 0.0);
            t.seats = vec![
                person(Seat::South, "Hanako"),
                bot(Seat::West, BotLevel::Easy),
                bot(Seat::North, BotLevel::Medium),
                person(Seat::East, "Ken"),
            ];
            let mv = Move::from_usi("R*5e").map_err(|e| e.to_string())?;
            t.apply_local(
                Action::Move {
                    seat: Seat::South,
                    mv,
                    millis: None,
                },
                0.0,
            )?;
            t
        }
        "beginner-pieces" | "standard-flipped" => table_or_err("standard-midgame")?,
        "beginner-yonin" => table_or_err("yonin-west")?,
        "theme-classic" | "theme-dark" | "theme-contrast" | "confirm-move" => {
            table_or_err("standard-hints")?
        }
        "shortcut-help" | "typed-preview" => table_or_err("standard-start")?,
        "confirm-move-yonin" => table_or_err("yonin-start")?,
        "typed-error" => {
            // The midgame before ▲B*1e: Sente to move, a pawn in hand, a pawn on 7f.
            let moves = &STANDARD_MIDGAME[..STANDARD_MIDGAME.len() - 1];
            let g = play_all(RuleSet::standard(), moves)?;
            let mut t = Table::from_game(g, Some(Seat::South), 0.0);
            t.seats = vec![person(Seat::South, "Hanako"), person(Seat::North, "Taro")];
            t
        }
        "yonin-over" => {
            let mut t = table_or_err("yonin-west")?;
            // Everyone left resigns in turn until one seat remains.
            while !t.is_over() {
                let seat = t.game.to_move();
                t.apply_local(Action::Resign { seat }, 0.0)?;
            }
            t
        }
        _ => return Ok(None),
    };
    Ok(Some(t))
}

/// The table of a game scenario that other scenes start from.
pub(crate) fn table_or_err(name: &str) -> Result<Table, String> {
    table(name)?.ok_or_else(|| format!("`{name}` is not a game scenario"))
}
