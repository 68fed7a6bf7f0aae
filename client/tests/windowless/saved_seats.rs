//! Saved seats, through the `Session` the screens use, against real servers on 127.0.0.1 and
//! without a window: a seat is written when granted (to a file only its user can read),
//! survives the client being dropped and created again, and takes the seat back — also when a
//! bot stands in — from a fresh start or from the lobby. It is forgotten when the game ends,
//! when the player leaves, and when the server refuses the token; a damaged file is ignored.
//!
//! Each test keeps its files in a folder of its own under the system's temporary folder.

use crate::common;

use common::server::start_server;
use std::time::{Duration, Instant};
use yonin_client::i18n::{tr, Text};
use yonin_client::state::seats::{SavedSeat, SeatBook, ServerPlace, SEATS_FILE};
use yonin_client::state::session::{Link, Session, Start, Storage};
use yonin_core::protocol::{ClientMessage, GameRequest, ResumeToken, RoomId, RoomSettings};
use yonin_core::record::stored::StoredPlayer;
use yonin_core::BotLevel;
use yonin_core::{Move, RuleSet, Seat, Variant};
use yonin_testkit::TempDir;

/// The longest any one step may take.
const STEP: Duration = Duration::from_secs(20);

fn config(grace: Duration) -> yonin_server::Config {
    yonin_server::Config {
        bot_seed: Some(11),
        bot_think: Duration::from_millis(100),
        grace,
        ..yonin_server::Config::default()
    }
}

/// Pumps the sessions until `done` holds (every wait is bounded).
fn pump_until(sessions: &mut [&mut Session], what: &str, done: impl Fn(&[&mut Session]) -> bool) {
    let start = Instant::now();
    while !done(sessions) {
        assert!(start.elapsed() < STEP, "timed out waiting for {what}");
        let now = start.elapsed().as_secs_f64();
        for s in sessions.iter_mut() {
            s.pump(now);
            if let Link::Closed(why) = &s.link {
                panic!(
                    "{} lost the connection while waiting for {what}: {why}",
                    s.name
                );
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Ann at South against an easy bot, the game started and one move each played.
fn ann_playing(addr: &str, storage: Storage) -> Session {
    let mut ann = Session::start(Start::Online(addr.to_string()), "Ann", storage);
    pump_until(&mut [&mut ann], "Ann welcomed", |s| s[0].link == Link::Open);
    let mut settings = RoomSettings::new("Ann's game", RuleSet::standard());
    settings.bots = vec![(Seat::North, BotLevel::Easy)];
    ann.send(ClientMessage::CreateRoom { settings });
    pump_until(&mut [&mut ann], "the room with its bot", |s| {
        s[0].room
            .as_ref()
            .is_some_and(|r| r.seats.len() == 2 && r.you == Some(Seat::South))
            && s[0].token.is_some()
    });
    ann.send(ClientMessage::Start);
    pump_until(&mut [&mut ann], "the game", |s| s[0].table.is_some());
    ann.play(Move::from_usi("7g7f").expect("a move"));
    pump_until(&mut [&mut ann], "the bot's answer", |s| {
        s[0].table.as_ref().is_some_and(|t| t.record.len() >= 2)
    });
    ann
}

#[cfg(unix)]
fn mode(path: &std::path::Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path)
        .expect("the seats file")
        .permissions()
        .mode()
        & 0o777
}

#[test]
fn a_saved_seat_survives_the_client_and_comes_back_while_a_bot_stands_in() {
    let server = start_server(config(Duration::from_millis(300)));
    let addr = server.addr.to_string();
    let tmp = TempDir::new("survives");
    let dir = tmp.path().to_path_buf();
    let storage = Storage::in_dir(&dir);
    let ann = ann_playing(&addr, storage.clone());
    let token = ann.token.expect("Ann holds a seat");
    let room = ann.room.as_ref().expect("a room").id;
    let moves = ann.table.as_ref().expect("a table").record.len();

    // The seat is on disk, readable by its user only.
    let book = SeatBook::in_dir(&dir);
    let saved = book.list();
    assert_eq!(saved.len(), 1, "one seat saved: {saved:?}");
    let seat = &saved[0];
    assert_eq!(seat.token, token);
    assert_eq!(seat.room, room);
    assert_eq!(seat.seat, Seat::South);
    assert_eq!(seat.room_name, "Ann's game");
    assert_eq!(seat.variant, Variant::Standard);
    assert_eq!(seat.name, "Ann");
    assert_eq!(
        seat.others,
        vec![StoredPlayer::Bot {
            level: BotLevel::Easy
        }]
    );
    assert_eq!(
        seat.server,
        ServerPlace::Remote {
            url: format!("ws://{addr}/")
        }
    );
    #[cfg(unix)]
    assert_eq!(
        mode(&dir.join(SEATS_FILE)),
        0o600,
        "only the user reads the tokens"
    );

    // The window goes away without a word; Cara watches the seat until a bot stands in.
    drop(ann);
    let mut cara = Session::online(&addr, "Cara");
    pump_until(&mut [&mut cara], "Cara welcomed", |s| {
        s[0].link == Link::Open
    });
    cara.send(ClientMessage::Spectate { room, code: None });
    pump_until(&mut [&mut cara], "a bot standing in for Ann", |s| {
        s[0].table.as_ref().is_some_and(|t| {
            t.seat_info(Seat::South)
                .is_some_and(|i| i.stand_in.is_some())
        })
    });
    assert_eq!(book.list().len(), 1, "the seat stays saved while away");

    // A new client from the saved file: the same seat, the game as it stands.
    let saved = book.list().remove(0);
    let mut ann = Session::start(Start::Rejoin(saved), "Ann", storage.clone());
    pump_until(&mut [&mut ann, &mut cara], "Ann back in her seat", |s| {
        s[0].table
            .as_ref()
            .is_some_and(|t| t.me == Some(Seat::South))
            && s[1].table.as_ref().is_some_and(|t| {
                t.seat_info(Seat::South)
                    .is_some_and(|i| i.stand_in.is_none() && i.connected)
            })
    });
    assert_eq!(ann.token, Some(token), "the same seat");
    assert_eq!(ann.room.as_ref().map(|r| r.id), Some(room));
    let t = ann.table.as_ref().expect("the game");
    assert!(
        t.record.len() >= moves,
        "the game state came back: {} moves, {moves} before",
        t.record.len()
    );
    assert_eq!(t.record[0].usi, "7g7f");
    assert!(ann.refused.is_none());

    // The game ends: nothing is left to rejoin.
    ann.send(ClientMessage::Game(GameRequest::Resign));
    pump_until(&mut [&mut ann], "the end", |s| {
        s[0].table.as_ref().is_some_and(|t| t.is_over())
    });
    assert!(
        book.list().is_empty(),
        "a finished game's seat is forgotten"
    );
    drop(ann);
}

#[test]
fn the_lobby_offers_the_saved_seat_and_leaving_forgets_it() {
    let server = start_server(config(Duration::from_secs(60)));
    let addr = server.addr.to_string();
    let tmp = TempDir::new("lobby");
    let dir = tmp.path().to_path_buf();
    let storage = Storage::in_dir(&dir);
    let ann = ann_playing(&addr, storage.clone());
    let token = ann.token.expect("a seat");
    drop(ann);

    // Back in the same server's lobby (typed address, not a rejoin): it offers the seat.
    let mut ann = Session::start(Start::Online(addr.clone()), "Ann", storage.clone());
    pump_until(&mut [&mut ann], "the lobby", |s| s[0].link == Link::Open);
    assert_eq!(ann.rejoinable.len(), 1, "the lobby offers the saved seat");
    let saved = ann.rejoinable[0].clone();
    assert_eq!(saved.token, token);
    ann.rejoin_saved(&saved);
    pump_until(&mut [&mut ann], "the seat back", |s| {
        s[0].table
            .as_ref()
            .is_some_and(|t| t.me == Some(Seat::South))
    });
    assert!(ann.rejoinable.is_empty(), "the seat held is not offered");

    // Another server's lobby does not offer it.
    let other = start_server(config(Duration::from_secs(60)));
    let mut elsewhere = Session::start(
        Start::Online(other.addr.to_string()),
        "Ann",
        storage.clone(),
    );
    pump_until(&mut [&mut elsewhere], "the other lobby", |s| {
        s[0].link == Link::Open
    });
    assert!(elsewhere.rejoinable.is_empty());

    // Leaving on purpose forgets it.
    ann.send(ClientMessage::Leave);
    pump_until(&mut [&mut ann], "out of the room", |s| s[0].room.is_none());
    assert!(SeatBook::in_dir(&dir).list().is_empty(), "left on purpose");
}

#[test]
fn a_refused_token_is_forgotten_and_said_in_words() {
    let server = start_server(config(Duration::from_secs(60)));
    let addr = server.addr.to_string();
    let tmp = TempDir::new("refused");
    let dir = tmp.path().to_path_buf();
    let book = SeatBook::in_dir(&dir);
    let stale = SavedSeat {
        server: ServerPlace::Remote {
            url: format!("ws://{addr}/"),
        },
        room: RoomId(99),
        room_name: "Last week's game".into(),
        seat: Seat::North,
        token: ResumeToken(0x1234_5678_9abc_def0_1234_5678_9abc_def0),
        variant: Variant::Standard,
        name: "Ann".into(),
        others: Vec::new(),
        companions: Vec::new(),
        saved_at: 1,
    };
    book.keep(stale.clone()).expect("saved");
    let mut ann = Session::start(Start::Rejoin(stale), "Ann", Storage::in_dir(&dir));
    pump_until(&mut [&mut ann], "the refusal", |s| s[0].refused.is_some());
    let why = ann.refused.clone().unwrap_or_default();
    assert!(why.contains("could not be taken back"), "{why}");
    assert!(book.list().is_empty(), "a refused seat is forgotten");
    assert!(ann.table.is_none() && ann.token.is_none());
    assert_eq!(ann.link, Link::Open, "still in the lobby");
}

#[test]
fn a_damaged_seats_file_is_ignored() {
    let tmp = TempDir::new("damaged");
    let dir = tmp.path().to_path_buf();
    let path = dir.join(SEATS_FILE);
    let book = SeatBook::in_dir(&dir);
    for junk in [
        &b"{not json"[..],
        b"",
        b"\xff\xfe\x00",
        br#"{"version": 99, "seats": []}"#,
        br#"{"version": 1, "seats": 5}"#,
        br#"[1, 2, 3]"#,
    ] {
        std::fs::write(&path, junk).expect("written");
        assert!(
            book.list().is_empty(),
            "{:?}",
            String::from_utf8_lossy(junk)
        );
    }
    // One bad entry among good ones loses only itself.
    let good = SavedSeat {
        server: ServerPlace::Hosted { port: 7878 },
        room: RoomId(3),
        room_name: "Party".into(),
        seat: Seat::East,
        token: ResumeToken(42),
        variant: Variant::Yonin,
        name: "Bo".into(),
        others: Vec::new(),
        companions: Vec::new(),
        saved_at: 5,
    };
    let text = format!(
        r#"{{"version": 1, "seats": [{}, {{"token": "zz"}}, 7]}}"#,
        serde_json::to_string(&good).expect("json")
    );
    std::fs::write(&path, text).expect("written");
    assert_eq!(book.list(), vec![good.clone()]);
    // A file too large to be ours is not read.
    std::fs::write(&path, vec![b' '; 300 * 1024]).expect("written");
    assert!(book.list().is_empty());

    // A session over a damaged file runs and writes a good one.
    std::fs::write(&path, b"{not json").expect("written");
    let server = start_server(config(Duration::from_secs(60)));
    let ann = ann_playing(&server.addr.to_string(), Storage::in_dir(&dir));
    let saved = book.list();
    assert_eq!(saved.len(), 1);
    assert_eq!(Some(saved[0].token), ann.token);
}

/// An offline game (Ann at South against a beginner bot) on the in-process server.
fn offline_settings() -> RoomSettings {
    let mut settings = RoomSettings::new("Offline game", RuleSet::standard());
    settings.bots = vec![(Seat::North, BotLevel::Beginner)];
    settings
}

#[test]
fn the_offline_server_keeps_its_games_in_the_data_folder_and_a_second_window_runs_without() {
    let tmp = TempDir::new("store");
    let dir = tmp.path().to_path_buf();
    let storage = Storage::in_dir(&dir);
    let mut first = Session::start(Start::Offline(offline_settings()), "Ann", storage.clone());
    pump_until(&mut [&mut first], "the first game", |s| {
        s[0].table.is_some()
    });
    assert!(
        dir.join("server/offline")
            .join(yonin_server::store::DB_FILE)
            .exists(),
        "the in-process server's store is in the data folder"
    );
    let saved = SeatBook::in_dir(&dir).list();
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].server, ServerPlace::InProcess);
    assert_eq!(saved[0].room_name, "Offline game");

    // A second window on the same data folder: the store is taken, its server runs without.
    let mut second = Session::start(Start::Offline(offline_settings()), "Ann", storage);
    pump_until(&mut [&mut first, &mut second], "the second game", |s| {
        s[1].table.is_some()
    });
    let tokens: Vec<_> = SeatBook::in_dir(&dir)
        .list()
        .iter()
        .map(|s| s.token)
        .collect();
    assert_eq!(tokens, vec![second.token.unwrap(), first.token.unwrap()]);
    drop((first, second));
}

#[test]
fn an_offline_game_comes_back_after_its_window_closed() {
    let tmp = TempDir::new("offline-rejoin");
    let dir = tmp.path().to_path_buf();
    let storage = Storage::in_dir(&dir);
    let mut ann = Session::start(Start::Offline(offline_settings()), "Ann", storage.clone());
    pump_until(&mut [&mut ann], "the game", |s| s[0].table.is_some());
    ann.play(Move::from_usi("7g7f").expect("a move"));
    pump_until(&mut [&mut ann], "the bot's answer", |s| {
        s[0].table.as_ref().is_some_and(|t| t.record.len() >= 2)
    });
    // The window closes: its server stops with it.
    drop(ann);
    let saved = SeatBook::in_dir(&dir).list().remove(0);
    let mut ann = Session::start(Start::Rejoin(saved), "Ann", storage);
    pump_until(&mut [&mut ann], "the game back, or a refusal", |s| {
        s[0].table
            .as_ref()
            .is_some_and(|t| t.me == Some(Seat::South))
            || s[0].refused.is_some()
    });
    assert_eq!(ann.refused, None, "the restarted server knows the seat");
    let t = ann.table.as_ref().expect("the game");
    assert!(t.record.len() >= 2 && t.record[0].usi == "7g7f");
}

#[test]
fn an_offline_seat_asked_for_while_its_window_is_open_is_kept() {
    let tmp = TempDir::new("offline-elsewhere");
    let dir = tmp.path().to_path_buf();
    let storage = Storage::in_dir(&dir);
    let mut ann = Session::start(Start::Offline(offline_settings()), "Ann", storage.clone());
    pump_until(&mut [&mut ann], "the game", |s| s[0].table.is_some());
    let saved = SeatBook::in_dir(&dir).list().remove(0);
    // A second window asks for the same seat while the first still plays it.
    let mut again = Session::start(Start::Rejoin(saved.clone()), "Ann", storage);
    pump_until(
        &mut [&mut ann, &mut again],
        "the second window's answer",
        |s| s[1].refused.is_some() || s[1].table.is_some(),
    );
    assert!(again.table.is_none(), "the second window holds no game");
    assert_eq!(again.refused.as_deref(), Some(tr(Text::SavedSeatElsewhere)));
    assert_eq!(
        SeatBook::in_dir(&dir).list(),
        vec![saved],
        "the seat is kept for the window that plays it"
    );
    drop((ann, again));
}
