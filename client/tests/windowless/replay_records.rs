//! Replay sources and export, through the same functions the replay screens call (no window):
//! core's real KIF, KI2 and CSA records (UTF-8 and Shift-JIS) open and replay to the final
//! position their `.expect` files give; export → import round trips keep the moves and the
//! result (standard and Yonin); an imported game joins the local list once and is kept; bad
//! files are errors, never panics; a game finished on a
//! server with a store is listed, fetched and replayed to the position it ended in; and the
//! viewer's review (the engine on its own thread) marks a bishop given for a pawn.

use crate::common;

use yonin_testkit::TempDir;

use common::server::start_server;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use yonin_client::scenes;
use yonin_client::screens::replay::archive::{Archive, ArchiveState};
use yonin_client::screens::replay::{export, library, source};
use yonin_client::state::session::{Link, Session};
use yonin_client::state::settings::SavedGame;
use yonin_core::protocol::{ClientMessage, GameRequest, Occupant, RoomSettings};
use yonin_core::record::game_record::MAX_RECORD_BYTES;
use yonin_core::record::sfen;
use yonin_core::record::RecordFormat;
use yonin_core::{Action, BotLevel};
use yonin_core::{Move, RuleSet, Seat};

fn records_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/tests/data/records")
}

/// `(name, final SFEN, number of moves, winner)` from each `.expect` file.
fn expectations() -> Vec<(String, String, usize, Seat)> {
    let mut v = Vec::new();
    for entry in std::fs::read_dir(records_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "expect") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let field = |k: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(k).map(|r| r.trim().to_string()))
                .unwrap_or_default()
        };
        let winner = if field("result ").contains("sente wins") {
            Seat::South
        } else {
            Seat::North
        };
        v.push((
            path.file_stem().unwrap().to_string_lossy().into_owned(),
            field("sfen "),
            field("moves ").split_whitespace().count(),
            winner,
        ));
    }
    v.sort();
    assert!(v.len() >= 6, "only {} expectations found", v.len());
    v
}

fn final_sfen(g: &SavedGame) -> String {
    sfen::format(g.replay().expect("the game replays").position())
}

fn moves(g: &SavedGame) -> Vec<(Seat, Move)> {
    g.actions
        .iter()
        .filter_map(|a| match a {
            Action::Move { seat, mv, .. } => Some((*seat, *mv)),
            _ => None,
        })
        .collect()
}

#[test]
fn real_records_open_and_replay_to_their_final_position() {
    let mut opened = 0;
    for (name, sfen, plies, winner) in expectations() {
        let mut files = vec![
            format!("{name}.kif"),
            format!("{name}.ki2"),
            format!("{name}.csa"),
        ];
        if name == "game1" {
            files.push("game1.sjis.kif".into());
        }
        for file in files {
            let path = records_dir().join(&file);
            let g = source::import_file(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
            assert_eq!(final_sfen(&g), sfen, "{file}: final position");
            assert_eq!(moves(&g).len(), plies, "{file}: moves");
            let outcome = g.outcome.as_ref().expect("the record has a result");
            assert_eq!(outcome.winner(), Some(winner), "{file}: winner");
            assert_eq!(g.title, file);
            opened += 1;
        }
    }
    assert_eq!(opened, 19);
}

/// A Yonin game with an elimination by mate, then West resigning.
fn yonin_game() -> SavedGame {
    let table = scenes::table("yonin-west").unwrap();
    let mut actions = table.actions.clone();
    actions.push(Action::Resign { seat: Seat::West });
    let g = SavedGame {
        title: "Yonin test".into(),
        named: true,
        ended: 1_796_011_546,
        rules: RuleSet::yonin(),
        start: yonin_core::record::position_text(table.game.start()),
        actions,
        names: vec![
            (Seat::South, "Aiko".into()),
            (Seat::West, "Mei".into()),
            (Seat::North, "Bot".into()),
            (Seat::East, "Ken".into()),
        ],
        me: Some(Seat::West),
        outcome: None,
        stand_ins: Vec::new(),
    };
    g.replay().expect("the Yonin game replays");
    g
}

#[test]
fn export_then_import_keeps_moves_and_result() {
    let dir = TempDir::new("roundtrip");
    for (name, _, _, _) in expectations() {
        let g = source::import_file(&records_dir().join(format!("{name}.kif"))).unwrap();
        for &f in export::formats(g.rules.variant) {
            let path =
                export::write_to(&g, f, dir.path()).unwrap_or_else(|e| panic!("{name} {f}: {e}"));
            assert_eq!(
                path.extension().and_then(|x| x.to_str()),
                Some(f.name()),
                "{name}: {}",
                path.display()
            );
            let back = source::import_file(&path).unwrap_or_else(|e| panic!("{name} {f}: {e}"));
            assert_eq!(moves(&back), moves(&g), "{name} via {f}: moves");
            assert_eq!(final_sfen(&back), final_sfen(&g), "{name} via {f}");
            if f != RecordFormat::Usi {
                // USI lines hold no result; the others keep the winner.
                let winner = |s: &SavedGame| s.outcome.as_ref().and_then(|o| o.winner());
                assert_eq!(winner(&back), winner(&g), "{name} via {f}: winner");
            }
        }
    }
    // Yonin: KIF (arrows) and YSFEN keep the moves, the mate and the resignation.
    let g = yonin_game();
    assert_eq!(
        export::formats(g.rules.variant),
        &[RecordFormat::Kif, RecordFormat::Ysfen]
    );
    let end = g.replay().unwrap();
    for &f in export::formats(g.rules.variant) {
        let path = export::write_to(&g, f, dir.path()).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            name.starts_with("2026-11-30_0405-yonin-Aiko-Mei-Bot-Ken"),
            "{name}"
        );
        let back = source::import_file(&path).unwrap_or_else(|e| panic!("Yonin {f}: {e}"));
        assert_eq!(moves(&back), moves(&g), "Yonin via {f}: moves");
        let again = back.replay().unwrap();
        assert_eq!(
            again.position().dead().collect::<Vec<_>>(),
            end.position().dead().collect::<Vec<_>>(),
            "Yonin via {f}: the seats out"
        );
        assert!(
            back.actions.contains(&Action::Resign { seat: Seat::West }),
            "Yonin via {f}: West's resignation"
        );
    }
    // Saving twice never overwrites: the second file gets a number.
    let a = export::write_to(&g, RecordFormat::Kif, dir.path()).unwrap();
    assert!(a.to_string_lossy().ends_with("-2.kif"), "{}", a.display());
    // Formats that cannot hold a Yonin game say so.
    let err = export::text(&g, RecordFormat::Csa).unwrap_err();
    assert!(err.to_string().contains("standard games only"), "{err}");
}

#[test]
fn bad_files_are_errors_not_panics() {
    let dir = TempDir::new("bad");
    let folder = dir
        .path()
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let kif = std::fs::read_to_string(records_dir().join("game1.kif")).unwrap();
    let cases: Vec<(PathBuf, &str)> = vec![
        (dir.path().join("missing.kif"), "missing.kif"),
        (dir.file("empty.kif", b""), "no KIF header"),
        (
            dir.file("junk.kif", b"hello there\nnot a record"),
            "junk.kif",
        ),
        (
            dir.file("bin.csa", &[0xff, 0xfe, 0x00, 0x81, 0x00, 0xff]),
            "bin.csa",
        ),
        (
            dir.file(
                "illegal.kif",
                kif.replacen("２六歩(27)", "２五歩(27)", 1).as_bytes(),
            ),
            "illegal",
        ),
        (
            dir.file("cut.csa", b"V2.2\nPI\n+\n+7776FU\n-3334FU\n+88"),
            "cut.csa",
        ),
        (
            dir.file("wrongseat.usi", b"position startpos moves 7g7f 7g7f"),
            "illegal",
        ),
        // A folder: the error names it.
        (dir.path().to_path_buf(), folder.as_str()),
    ];
    for (path, needle) in cases {
        let err = source::import_file(&path)
            .err()
            .unwrap_or_else(|| panic!("{} opened", path.display()));
        assert!(
            err.to_string().contains(needle),
            "{}: {err}",
            path.display()
        );
    }
    let big = dir.file("big.kif", &vec![b' '; MAX_RECORD_BYTES + 10]);
    let err = source::import_file(&big).unwrap_err();
    assert!(err.to_string().contains("larger than"), "{err}");
}

#[test]
fn an_imported_game_joins_the_local_list_once_and_is_kept() {
    let dir = TempDir::new("keep");
    let games = dir.path().join("games");
    let mut list: Vec<SavedGame> = Vec::new();
    let kif = source::import_file(&records_dir().join("game1.kif")).unwrap();
    let kept = library::keep_imported(&mut list, &kif, 1_800_000_000, Some(&games)).unwrap();
    assert!(kept.is_some(), "the first import is saved");
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].ended, 1_800_000_000, "dated when imported");
    // The same game again, as KIF in Shift-JIS and as CSA: nothing new.
    for other in ["game1.kif", "game1.sjis.kif", "game1.csa"] {
        let g = source::import_file(&records_dir().join(other)).unwrap();
        let kept = library::keep_imported(&mut list, &g, 1_800_000_100, Some(&games)).unwrap();
        assert_eq!(kept, None, "{other} is the same game");
    }
    assert_eq!(list.len(), 1);
    // Another game joins at the top.
    let other = source::import_file(&records_dir().join("game2.kif")).unwrap();
    library::keep_imported(&mut list, &other, 1_800_000_200, Some(&games)).unwrap();
    assert_eq!(list.len(), 2);
    assert!(library::same_game(&list[0], &other));
    // Next time: both are read back from the games folder, newest first, and replay.
    let loaded = SavedGame::load_dir(&games);
    assert_eq!(loaded.len(), 2, "one file per game");
    assert!(library::same_game(&loaded[0], &other));
    assert!(library::same_game(&loaded[1], &kif));
    assert_eq!(moves(&loaded[1]), moves(&kif));
    // A folder that cannot be written: the game still joins the list, with an error.
    let blocked = dir.file("not-a-folder", b"x");
    let mut list = Vec::new();
    let e = library::keep_imported(&mut list, &kif, 1, Some(&blocked)).unwrap_err();
    assert!(e.contains("not-a-folder"), "{e}");
    assert_eq!(list.len(), 1);
}

#[test]
fn the_import_list_finds_record_files_only() {
    let dir = TempDir::new("list");
    dir.file("a.kif", b"x");
    dir.file("b.CSA", b"x");
    dir.file("c.ysfen", b"x");
    dir.file("notes.txt", b"x");
    std::fs::create_dir_all(dir.path().join("sub.kif")).unwrap();
    let mut names: Vec<String> = source::record_files(&[dir.path().to_path_buf()])
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["a.kif", "b.CSA", "c.ysfen"]);
    assert!(source::record_files(&[dir.path().join("nope")]).is_empty());
}

/// A server with a store at `store` on a loopback port.
fn start_stored_server(store: &Path) -> common::server::Server {
    let store = std::sync::Arc::new(yonin_server::store::Store::open(store).unwrap());
    let config = yonin_server::Config {
        server_name: "Store test".into(),
        bot_think: Duration::from_millis(100),
        bot_seed: Some(7),
        store: Some(store),
        ..yonin_server::Config::default()
    };
    start_server(config)
}

fn pump_until(s: &mut Session, what: &str, done: impl Fn(&Session) -> bool) {
    let start = Instant::now();
    while !done(s) {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "timed out: {what}"
        );
        s.pump_blocking(start.elapsed().as_secs_f64(), Duration::from_millis(50));
        if let Link::Closed(why) = &s.link {
            panic!("the connection closed while waiting for {what}: {why}");
        }
    }
}

#[test]
fn a_game_stored_on_a_server_is_listed_fetched_and_replayed() {
    let dir = TempDir::new("store");
    let server = start_stored_server(dir.path());
    let addr = server.addr;
    let address = addr.to_string();

    // Before any game: the list is empty.
    let mut archive = Archive::connect(&address, "Viewer");
    archive.wait(Duration::from_secs(20));
    assert_eq!(archive.state, ArchiveState::Listed);
    assert_eq!(archive.server_name, "Store test");
    assert!(archive.games.is_empty());

    // Hanako plays a short game against a bot and resigns.
    let mut s = Session::online(&address, "Hanako");
    pump_until(&mut s, "welcome", |s| s.link == Link::Open);
    let mut settings = RoomSettings::new("Short game", RuleSet::standard());
    settings.bots = vec![(Seat::North, BotLevel::Beginner)];
    s.send(ClientMessage::CreateRoom { settings });
    pump_until(&mut s, "the room", |s| {
        s.room.as_ref().is_some_and(|r| {
            r.seats
                .iter()
                .all(|seat| !matches!(seat.occupant, Occupant::Empty))
        })
    });
    s.send(ClientMessage::Start);
    pump_until(&mut s, "the game", |s| {
        s.table.as_ref().is_some_and(|t| t.my_turn())
    });
    for usi in ["7g7f", "2g2f"] {
        let n = s.table.as_ref().unwrap().game.moves().len();
        s.play(Move::from_usi(usi).unwrap());
        pump_until(&mut s, "the bot's answer", |s| {
            s.table
                .as_ref()
                .is_some_and(|t| t.game.moves().len() == n + 2)
        });
    }
    s.send(ClientMessage::Game(GameRequest::Resign));
    pump_until(&mut s, "the result", |s| {
        s.table.as_ref().is_some_and(|t| t.outcome.is_some())
    });
    let table = s.table.as_ref().unwrap();
    let played = sfen::format(table.game.position());
    assert_eq!(table.game.moves().len(), 4);

    // The browser lists it and fetches it; the viewer's game ends where the game ended.
    archive.refresh();
    archive.wait(Duration::from_secs(20));
    assert_eq!(archive.state, ArchiveState::Listed, "{:?}", archive.error);
    assert_eq!(archive.games.len(), 1);
    let summary = archive.games[0].clone();
    assert_eq!(summary.room_name, "Short game");
    assert_eq!(summary.plies, 4);
    archive.fetch(summary.id);
    let g = archive
        .wait(Duration::from_secs(20))
        .expect("the game arrives");
    assert_eq!(final_sfen(&g), played);
    assert_eq!(moves(&g).len(), 4);
    assert_eq!(g.title, "Short game");
    assert!(g
        .names
        .iter()
        .any(|(seat, n)| *seat == Seat::South && n == "Hanako"));
    assert_eq!(
        g.outcome.as_ref().and_then(|o| o.winner()),
        Some(Seat::North)
    );

    // A game that is not there is a message, and the list stays usable.
    archive.fetch(yonin_core::record::stored::GameId(summary.id.0 + 1000));
    assert!(archive.wait(Duration::from_secs(20)).is_none());
    assert_eq!(archive.state, ArchiveState::Listed);
    assert!(archive.error.is_some());

    // And it exports like any other game.
    let path = export::write_to(&g, RecordFormat::Kif, &dir.path().join("out")).unwrap();
    let back = source::import_file(&path).unwrap();
    assert_eq!(final_sfen(&back), played);
}

#[test]
fn an_address_with_no_server_is_a_closed_archive() {
    // A port nobody listens on: bind one, then let it go.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut archive = Archive::connect(&format!("127.0.0.1:{port}"), "Viewer");
    archive.wait(Duration::from_secs(20));
    assert!(
        matches!(&archive.state, ArchiveState::Closed(why) if why.contains("127.0.0.1")),
        "{:?}",
        archive.state
    );
}

/// "Review" in the viewer: the engine judges every position on its own thread, the progress
/// goes from 0 to every position, and 8h3c+ (a bishop for a pawn) is marked `??` while the
/// recapture is not.
#[test]
fn the_viewers_review_marks_the_bishop_given_for_a_pawn() {
    use yonin_client::scenes::replay as scenes;
    use yonin_client::screens::replay::ReplayViewer;
    use yonin_core::bot::review::{Mark, ReviewOptions};
    let (saved, _) = scenes::reviewed_game().unwrap();
    let mut viewer = ReplayViewer::new(saved);
    viewer.start_review_with(ReviewOptions {
        movetime: Duration::from_millis(100),
        threads: 1,
        hash_mb: 16,
    });
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut seen = Vec::new();
    loop {
        let job = viewer.review().expect("the review started");
        if job.update() {
            seen.push(job.done);
        }
        if job.finished() {
            break;
        }
        assert!(Instant::now() < deadline, "the review finishes");
        std::thread::sleep(Duration::from_millis(20));
    }
    let job = viewer.review().unwrap();
    assert_eq!(job.error, None);
    assert_eq!((job.done, job.total), (6, 6));
    assert!(
        seen.len() >= 2,
        "progress was reported along the way: {seen:?}"
    );
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
    assert_eq!(job.mark(3), Some(Mark::Blunder));
    assert_eq!(job.mark(4), None, "the recapture is the engine's move");
    let m = &job.review.as_ref().unwrap().moves[2];
    assert!(m.better.as_ref().is_some_and(|l| !l.is_empty()));
}
