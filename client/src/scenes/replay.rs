//! The replay scenes for `yonin --screenshot` (listed in `scenes/mod.rs`): the browser showing a
//! server's games, the browser's import tab with a file that does not open, and the viewer of
//! a Yonin game from a side seat and of a standard game from Gote, and a reviewed game on its
//! blunder. Built from the scenario games, without a network.

use crate::scenes::games;
use crate::screens::replay::archive::Archive;
use crate::screens::replay::review::ReviewJob;
use crate::screens::replay::{ReplayList, ReplayViewer};
use crate::state::settings::SavedGame;
use std::path::PathBuf;
use yonin_core::bot::review::{Judgement, Mark, MoveReview, Review, Value};
use yonin_core::record::position_text;
use yonin_core::record::stored::{GameId, GameSummary, StoredPlayer, StoredSeat};
use yonin_core::{Action, BotLevel};
use yonin_core::{BySeat, Game, Move, Position, RuleSet, Seat, Variant};

/// The `yonin-over` game (an elimination by mate, then resignations) as a saved game.
pub fn yonin_game() -> Result<SavedGame, String> {
    let t = games::table_or_err("yonin-over")?;
    Ok(SavedGame {
        title: "Friday Yonin".into(),
        named: true,
        ended: 1_796_011_546,
        rules: *t.game.rules(),
        start: position_text(t.game.start()),
        actions: t.actions.clone(),
        names: vec![
            (Seat::South, "Aiko".into()),
            (Seat::West, "Mei".into()),
            (Seat::North, "Medium bot".into()),
            (Seat::East, "Ken".into()),
        ],
        me: Some(Seat::West),
        outcome: t.outcome.clone(),
        stand_ins: Vec::new(),
    })
}

/// The viewer of the Yonin game from East, after move 30.
pub(crate) fn viewer_from_side() -> Result<ReplayViewer, String> {
    Ok(ReplayViewer::new(yonin_game()?)
        .from_seat(Seat::East)
        .at_move(30))
}

/// The viewer of the `standard-midgame` game from Gote, after move 12.
pub(crate) fn viewer_standard() -> Result<ReplayViewer, String> {
    let t = games::table_or_err("standard-midgame")?;
    let g = SavedGame {
        title: "Lunch game".into(),
        named: true,
        ended: 1_796_011_546,
        rules: *t.game.rules(),
        start: position_text(t.game.start()),
        actions: t.actions.clone(),
        names: vec![(Seat::South, "Hanako".into()), (Seat::North, "Taro".into())],
        me: Some(Seat::South),
        outcome: None,
        stand_ins: Vec::new(),
    };
    Ok(ReplayViewer::new(g).from_seat(Seat::North).at_move(12))
}

/// The moves of the reviewed scene: Sente gives the bishop for a pawn on move 3.
pub(crate) const REVIEWED_MOVES: &str = "7g7f 8c8d 8h3c+ 2b3c 2g2f";

/// Sente's evaluation (centipawns) after each move of [`REVIEWED_MOVES`], from the start.
pub const REVIEWED_CP: [i32; 6] = [40, 30, 60, -650, -640, -660];

/// A review of [`REVIEWED_MOVES`] as the engine gives it (fixed numbers, so the picture does
/// not depend on the engine's timing): move 3 is `??`, and 2g2f was better.
pub fn reviewed_game() -> Result<(SavedGame, Review), String> {
    let rules = RuleSet::standard();
    let start = Position::start(&rules);
    let moves: Vec<Move> = REVIEWED_MOVES
        .split(' ')
        .map(|m| Move::from_usi(m).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let mut game = Game::new(rules);
    let mut actions = Vec::new();
    for &mv in &moves {
        let action = Action::Move {
            seat: game.to_move(),
            mv,
            millis: None,
        };
        action.apply(&mut game).map_err(|e| e.to_string())?;
        actions.push(action);
    }
    let better: Vec<Move> = ["2g2f", "8d8e", "2f2e"]
        .iter()
        .map(|m| Move::from_usi(m).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let judgements: Vec<Judgement> = REVIEWED_CP
        .iter()
        .map(|&cp| Judgement {
            values: BySeat([Some(Value::Cp(cp)), None, Some(Value::Cp(-cp)), None]),
            line: better.clone(),
            depth: 12,
        })
        .collect();
    let reviews = moves
        .iter()
        .enumerate()
        .map(|(k, &played)| {
            let seat = if k % 2 == 0 { Seat::South } else { Seat::North };
            let (b, a) = (&judgements[k], &judgements[k + 1]);
            let blunder = k == 2;
            MoveReview {
                seat,
                played,
                before: b.win_chance(seat),
                after: a.win_chance(seat),
                mark: blunder.then_some(Mark::Blunder),
                better: blunder.then(|| better.clone()),
            }
        })
        .collect();
    let saved = SavedGame {
        title: "Bishop for a pawn".into(),
        named: true,
        ended: 1_796_011_546,
        rules,
        start: position_text(&start),
        actions,
        names: vec![(Seat::South, "Hanako".into()), (Seat::North, "Taro".into())],
        me: Some(Seat::South),
        outcome: None,
        stand_ins: Vec::new(),
    };
    let review = Review {
        variant: Variant::Standard,
        judgements,
        moves: reviews,
    };
    Ok((saved, review))
}

/// The reviewed game on its blunder (move 3), from Sente.
pub(crate) fn viewer_reviewed() -> Result<ReplayViewer, String> {
    let (saved, review) = reviewed_game()?;
    Ok(ReplayViewer::new(saved)
        .at_move(3)
        .with_review(ReviewJob::done_with(review)))
}

fn seat(seat: Seat, name: &str) -> StoredSeat {
    StoredSeat {
        seat,
        player: StoredPlayer::Person { name: name.into() },
        stand_in: None,
    }
}

/// The browser's server tab with three games listed.
pub(crate) fn server_list() -> Result<ReplayList, String> {
    let yonin = games::table_or_err("yonin-over")?;
    let mid = games::table_or_err("standard-midgame")?;
    let day = 1_796_011_546_000u64;
    let games = vec![
        GameSummary {
            id: GameId(12),
            variant: Variant::Yonin,
            room_name: "Friday Yonin".into(),
            seats: vec![
                seat(Seat::South, "Aiko"),
                seat(Seat::West, "Mei"),
                StoredSeat {
                    seat: Seat::North,
                    player: StoredPlayer::Bot {
                        level: BotLevel::Medium,
                    },
                    stand_in: None,
                },
                seat(Seat::East, "Ken"),
            ],
            outcome: yonin.outcome.clone().ok_or("yonin-over has no result")?,
            plies: yonin.game.moves().len() as u32,
            started_ms: day - 1_800_000,
            ended_ms: day,
            imported: false,
        },
        GameSummary {
            id: GameId(11),
            variant: Variant::Standard,
            room_name: "Lunch game".into(),
            seats: vec![seat(Seat::South, "Hanako"), seat(Seat::North, "Taro")],
            outcome: yonin_core::Outcome::win(
                Seat::South,
                Seat::North,
                yonin_core::EndReason::Resignation,
            ),
            plies: mid.game.moves().len() as u32,
            started_ms: day - 90_000_000,
            ended_ms: day - 88_000_000,
            imported: false,
        },
        GameSummary {
            id: GameId(9),
            variant: Variant::Standard,
            room_name: "game1.kif".into(),
            seats: vec![seat(Seat::South, "先手太郎"), seat(Seat::North, "後手花子")],
            outcome: yonin_core::Outcome::win(
                Seat::South,
                Seat::North,
                yonin_core::EndReason::Checkmate,
            ),
            plies: 107,
            started_ms: 1_714_557_600_000,
            ended_ms: 1_714_557_600_000,
            imported: true,
        },
    ];
    Ok(ReplayList::with_archive(Archive::with_games(
        "192.168.1.20:7878",
        "Game night",
        games,
    )))
}

/// The browser's import tab: a path that does not open, and the record files of the source
/// tree's test data listed below it.
pub(crate) fn import_tab() -> ReplayList {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../core/tests/data/records");
    let data = data.canonicalize().unwrap_or(data);
    let mut l = ReplayList::with_import("~/Downloads/broken.kif", vec![data]);
    l.open_typed();
    l
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_replay_scenes_build() {
        let g = super::yonin_game().unwrap();
        assert!(g.replay().unwrap().is_over());
        assert!(super::viewer_from_side().unwrap().cursor() > 0);
        assert!(super::viewer_standard().unwrap().cursor() > 0);
        assert!(super::server_list().is_ok());
    }
}
