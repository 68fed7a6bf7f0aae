//! Pass and play without a window: two people at one computer (and, in Yonin, computers in
//! the other seats) on the in-process server. The table follows the turn from one person to
//! the other, each person's moves and clock are their own, the game is stored as any other,
//! and a window that closes mid-game gets every person's seat back.

use std::time::{Duration, Instant};
use yonin_client::state::seats::SeatBook;
use yonin_client::state::session::{Link, Session, Start, Storage};
use yonin_client::state::table::Cue;
use yonin_core::protocol::{ClientMessage, GameRequest, Occupant, RoomSettings};
use yonin_core::record::stored::{GameFilter, StoredPlayer};
use yonin_core::{Action, BotLevel, TimeControl};
use yonin_core::{RuleSet, Seat};
use yonin_testkit::TempDir;

/// Opens a store once the server that held it (stopping with its window) lets go.
fn open_when_free(dir: &std::path::Path) -> yonin_server::store::Store {
    let start = Instant::now();
    loop {
        match yonin_server::store::Store::open(dir) {
            Ok(store) => return store,
            Err(e) if start.elapsed() < Duration::from_secs(10) => {
                eprintln!("store not free yet: {e}");
                std::thread::sleep(Duration::from_millis(100));
            }
            Err(e) => panic!("the store did not open: {e}"),
        }
    }
}

/// Pumps until `done` holds; every cue heard is kept in `cues`.
fn pump_until(s: &mut Session, cues: &mut Vec<Cue>, what: &str, done: impl Fn(&Session) -> bool) {
    let start = Instant::now();
    while !done(s) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "timed out waiting for {what}"
        );
        if let Link::Closed(why) = &s.link {
            panic!("the connection closed waiting for {what}: {why}");
        }
        cues.extend(s.pump_blocking(0.0, Duration::from_millis(10)));
    }
}

/// Standard shogi, Ann (South) and a second person here (North), ten minutes each.
fn two_people() -> RoomSettings {
    let mut settings = RoomSettings::new("At one computer", RuleSet::standard());
    settings.time_control = TimeControl::Fischer {
        main_ms: 600_000,
        increment_ms: 0,
    };
    settings
}

fn ply_count(s: &Session) -> usize {
    s.table.as_ref().map_or(0, |t| t.game.moves().len())
}

/// Plays the first legal move for whoever the table shows, once it is their turn; returns the
/// seat that played.
fn play_for_the_player(s: &mut Session, cues: &mut Vec<Cue>) -> Seat {
    pump_until(s, cues, "a person's turn", |s| {
        s.table.as_ref().is_some_and(|t| t.my_turn())
    });
    let t = s.table.as_ref().expect("a table");
    let seat = t.me.expect("a seat");
    assert_eq!(
        t.to_move(),
        Some(seat),
        "the table shows the person to move"
    );
    let before = ply_count(s);
    let mv = t.legal_moves()[0];
    s.play(mv);
    pump_until(s, cues, "the move on the table", |s| ply_count(s) > before);
    assert!(
        !s.notices.iter().any(|n| n.error),
        "a legal move was refused: {:?}",
        s.notices
    );
    seat
}

#[test]
fn two_people_take_turns_at_one_computer_and_the_game_is_stored() {
    let tmp = TempDir::new("standard");
    let dir = tmp.path().to_path_buf();
    let mut ann = Session::start(Start::Offline(two_people()), "Ann", Storage::in_dir(&dir));
    let mut cues = Vec::new();
    pump_until(&mut ann, &mut cues, "both people seated", |s| {
        s.table.as_ref().is_some_and(|t| t.here.len() == 2)
    });
    let t = ann.table.as_ref().expect("a table");
    assert_eq!(t.here, vec![Seat::South, Seat::North]);
    assert_eq!(t.name(Seat::North), "Player 2");
    // Eight plies, the table handing the game from one person to the other.
    let mut movers = Vec::new();
    for _ in 0..8 {
        movers.push(play_for_the_player(&mut ann, &mut cues));
    }
    assert_eq!(
        movers,
        [Seat::South, Seat::North].repeat(4),
        "each ply is played by the seat to move, from this one window"
    );
    assert!(
        cues.iter().filter(|c| **c == Cue::MyTurn).count() >= 4,
        "each handover is announced: {cues:?}"
    );
    assert!(
        ann.notices.iter().any(|n| n.text.contains("Player 2")),
        "a notice names the person to move: {:?}",
        ann.notices
    );
    // Each person's clock ran on their own moves only.
    let t = ann.table.as_ref().expect("a table");
    let times: Vec<Option<u64>> = t
        .actions
        .iter()
        .filter_map(|a| match a {
            Action::Move { millis, .. } => Some(*millis),
            _ => None,
        })
        .collect();
    assert!(
        times.iter().all(|m| m.is_some()),
        "every move was timed: {times:?}"
    );
    assert_eq!(t.clocks.seats.len(), 2, "both seats have a clock");
    // One more ply by South, then North, the person to move, resigns from their own
    // connection.
    assert_eq!(play_for_the_player(&mut ann, &mut cues), Seat::South);
    assert_eq!(ann.table.as_ref().and_then(|t| t.me), Some(Seat::North));
    ann.send_as_player(ClientMessage::Game(GameRequest::Resign));
    pump_until(&mut ann, &mut cues, "the end", |s| {
        s.table.as_ref().is_some_and(|t| t.is_over())
    });
    let outcome = ann.table.as_ref().and_then(|t| t.outcome.clone());
    assert_eq!(
        outcome.map(|o| o.places),
        Some(vec![vec![Seat::South], vec![Seat::North]]),
        "North resigned, so South won"
    );
    // The game is in the offline server's store with both people's names.
    drop(ann);
    let store = open_when_free(&dir.join("server/offline"));
    let games = store.list(&GameFilter::default());
    assert_eq!(games.len(), 1, "one stored game");
    let game = store.get(games[0].id).expect("the stored game");
    let names: Vec<String> = game
        .seats
        .iter()
        .map(|s| match &s.player {
            StoredPlayer::Person { name } => name.clone(),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(names, vec!["Ann".to_string(), "Player 2".to_string()]);
    assert_eq!(
        game.actions
            .iter()
            .filter(|a| matches!(a, Action::Move { .. }))
            .count(),
        9
    );
    drop(store);
}

#[test]
fn in_yonin_the_turn_passes_between_people_around_the_computers() {
    let mut settings = RoomSettings::new("Yonin here", RuleSet::yonin());
    settings.bots = vec![
        (Seat::West, BotLevel::Beginner),
        (Seat::East, BotLevel::Beginner),
    ];
    let mut ann = Session::start(Start::Offline(settings), "Ann", Storage::none());
    ann.turn_board = false;
    let mut cues = Vec::new();
    let mut movers = Vec::new();
    for _ in 0..4 {
        movers.push(play_for_the_player(&mut ann, &mut cues));
    }
    assert_eq!(movers, [Seat::South, Seat::North].repeat(2));
    let t = ann.table.as_ref().expect("a table");
    assert_eq!(
        t.view_from,
        Some(Seat::South),
        "the board stays with the first person when the setting says so"
    );
    let movers_on_record: Vec<Seat> = t.game.moves().iter().map(|m| m.seat).collect();
    assert_eq!(
        movers_on_record,
        [Seat::South, Seat::West, Seat::North, Seat::East].repeat(2)[..7],
        "the computers move between the people"
    );
}

#[test]
fn a_pass_and_play_game_comes_back_with_every_person_after_the_window_closed() {
    let tmp = TempDir::new("rejoin");
    let dir = tmp.path().to_path_buf();
    let storage = Storage::in_dir(&dir);
    let mut ann = Session::start(Start::Offline(two_people()), "Ann", storage.clone());
    let mut cues = Vec::new();
    for _ in 0..3 {
        play_for_the_player(&mut ann, &mut cues);
    }
    // Both seats' tokens are saved with the game.
    pump_until(&mut ann, &mut cues, "the companion's token saved", |_| {
        SeatBook::in_dir(&dir)
            .list()
            .first()
            .is_some_and(|s| s.companions.len() == 1)
    });
    drop(ann);
    let saved = SeatBook::in_dir(&dir).list().remove(0);
    assert_eq!(saved.seat, Seat::South);
    assert_eq!(saved.companions[0].seat, Seat::North);
    let mut ann = Session::start(Start::Rejoin(saved), "Ann", storage);
    pump_until(&mut ann, &mut cues, "both people back", |s| {
        s.table.as_ref().is_some_and(|t| t.here.len() == 2)
    });
    assert_eq!(ann.refused, None);
    assert_eq!(ply_count(&ann), 3, "every move is back");
    let t = ann.table.as_ref().expect("a table");
    let north = t
        .seats
        .iter()
        .find(|s| s.seat == Seat::North)
        .expect("North");
    assert!(
        matches!(&north.occupant, Occupant::Person(p) if p.name == "Player 2"),
        "the second person holds North again: {north:?}"
    );
    // North (to move after three plies) plays on from the restarted window.
    assert_eq!(play_for_the_player(&mut ann, &mut cues), Seat::North);
    drop(ann);
}

/// A room with a seat no computer takes: `offline` seats a second person here and starts,
/// `offline_waiting` (the waiting-room scene) keeps the seat open and waits for a player.
#[test]
fn a_waiting_offline_room_keeps_its_open_seat_open() {
    let mut settings = RoomSettings::new("Friday Yonin", RuleSet::yonin());
    settings.bots = vec![
        (Seat::West, BotLevel::Easy),
        (Seat::North, BotLevel::Medium),
    ];
    let mut cues = Vec::new();

    let mut filled = Session::offline("Hanako", settings.clone());
    pump_until(
        &mut filled,
        &mut cues,
        "the game with a person in East",
        |s| s.table.is_some(),
    );
    let room = filled.room.as_ref().expect("the room");
    assert!(
        matches!(room.seats[Seat::East.index()].occupant, Occupant::Person(_)),
        "offline seats a person here in East: {:?}",
        room.seats
    );

    let mut waiting = Session::offline_waiting("Hanako", settings);
    pump_until(&mut waiting, &mut cues, "the room", |s| s.room.is_some());
    // As long as `offline` took to start its game, and more: still waiting.
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(500) {
        cues.extend(waiting.pump_blocking(0.0, Duration::from_millis(10)));
    }
    let room = waiting.room.as_ref().expect("still in the room");
    assert_eq!(room.phase, yonin_core::protocol::RoomPhase::Waiting);
    assert!(
        matches!(room.seats[Seat::East.index()].occupant, Occupant::Empty),
        "East waits for a player: {:?}",
        room.seats
    );
    assert!(waiting.table.is_none(), "no game without a fourth player");
}
