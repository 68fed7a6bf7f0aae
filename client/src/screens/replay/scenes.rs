//! The replay scenes for `yonin --screenshot` (listed in `scenario.rs`): the browser showing a
//! server's games, the browser's import tab with a file that does not open, and the viewer of
//! a Yonin game from a side seat and of a standard game from Gote. Built from the scenario
//! games, without a network.

use super::archive::Archive;
use super::{ReplayList, ReplayViewer};
use crate::scenario;
use crate::settings::SavedGame;
use std::path::PathBuf;
use yonin_core::protocol::{
    format_position, BotLevel, GameId, GameSummary, StoredPlayer, StoredSeat,
};
use yonin_core::{Seat, Variant};

/// The `yonin-over` game (an elimination by mate, then resignations) as a saved game.
pub fn yonin_game() -> Result<SavedGame, String> {
    let t = scenario::table("yonin-over")?;
    Ok(SavedGame {
        title: "Friday Yonin".into(),
        named: true,
        ended: 1_796_011_546,
        rules: *t.game.rules(),
        start: format_position(t.game.start()),
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
pub fn viewer_from_side() -> Result<ReplayViewer, String> {
    Ok(ReplayViewer::new(yonin_game()?)
        .from_seat(Seat::East)
        .at_move(30))
}

/// The viewer of the `standard-midgame` game from Gote, after move 12.
pub fn viewer_standard() -> Result<ReplayViewer, String> {
    let t = scenario::table("standard-midgame")?;
    let g = SavedGame {
        title: "Lunch game".into(),
        named: true,
        ended: 1_796_011_546,
        rules: *t.game.rules(),
        start: format_position(t.game.start()),
        actions: t.actions.clone(),
        names: vec![(Seat::South, "Hanako".into()), (Seat::North, "Taro".into())],
        me: Some(Seat::South),
        outcome: None,
        stand_ins: Vec::new(),
    };
    Ok(ReplayViewer::new(g).from_seat(Seat::North).at_move(12))
}

fn seat(seat: Seat, name: &str) -> StoredSeat {
    StoredSeat {
        seat,
        player: StoredPlayer::Person { name: name.into() },
        stand_in: None,
    }
}

/// The browser's server tab with three games listed.
pub fn server_list() -> Result<ReplayList, String> {
    let yonin = scenario::table("yonin-over")?;
    let mid = scenario::table("standard-midgame")?;
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
pub fn import_tab() -> ReplayList {
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
