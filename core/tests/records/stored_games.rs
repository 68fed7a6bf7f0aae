//! Stored games as records: export in every format and import back, format sniffing on the
//! golden record files, and bad files that must give errors, never panics.

use yonin_core::record::files::{self as records, RecordIoError};
use yonin_core::record::position_text;
use yonin_core::record::stored::{GameId, StoredGame, StoredPlayer, StoredSeat};
use yonin_core::record::RecordFormat;
use yonin_core::{Action, TimeControl};
use yonin_core::{EndReason, Game, Move, Position, RuleSet, Seat, Variant};

/// A random game: `plies` random legal moves with times, then `end` (when the game goes on).
fn random_game(rules: RuleSet, seed: u64, plies: usize, end: Option<Action>) -> StoredGame {
    let mut rng = yonin_testkit::Rng::new(seed);
    let start = Position::start(&rules);
    let mut game = Game::from_position(rules, start.clone());
    let mut actions = Vec::new();
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        let legal = game.position().legal_moves();
        let action = Action::Move {
            seat: game.to_move(),
            mv: legal.as_slice()[rng.below(legal.len())],
            millis: Some(1000 * rng.below(40) as u64),
        };
        action.apply(&mut game).unwrap();
        actions.push(action);
    }
    for action in end.into_iter().chain([Action::Abort]) {
        if !game.is_over() {
            action.apply(&mut game).unwrap();
            actions.push(action);
        }
    }
    let seats = rules
        .variant
        .seats()
        .iter()
        .map(|seat| StoredSeat {
            seat,
            player: StoredPlayer::Person {
                name: format!("Player {}", seat.letter()),
            },
            stand_in: None,
        })
        .collect();
    StoredGame {
        rules,
        time_control: TimeControl::None,
        room_name: "test".into(),
        start: position_text(&start),
        seats,
        actions,
        outcome: game.outcome().unwrap().clone(),
        started_ms: 1_714_557_600_000,
        ended_ms: 1_714_558_000_000,
        imported: false,
    }
}

fn moves_of(game: &StoredGame) -> Vec<(Seat, Move)> {
    game.actions
        .iter()
        .filter_map(|a| match *a {
            Action::Move { seat, mv, .. } => Some((seat, mv)),
            _ => None,
        })
        .collect()
}

#[test]
fn standard_games_round_trip_through_every_format() {
    for seed in 0..12 {
        let end = Action::Resign {
            seat: if seed % 2 == 0 {
                Seat::South
            } else {
                Seat::North
            },
        };
        let game = random_game(RuleSet::standard(), seed, 20 + seed as usize * 7, Some(end));
        for format in RecordFormat::ALL {
            let text = records::export(&game, format).unwrap();
            assert_eq!(records::sniff(&text), Some(format), "{format}:\n{text}");
            let back = records::import(text.as_bytes(), None, "back").unwrap();
            assert_eq!(moves_of(&back), moves_of(&game), "{format}:\n{text}");
            assert!(back.imported);
            assert_eq!(back.rules.variant, Variant::Standard);
            if format != RecordFormat::Usi {
                // Every format but a bare USI line keeps the result and the players.
                assert_eq!(back.outcome, game.outcome, "{format}:\n{text}");
                assert_eq!(
                    back.player(Seat::North),
                    game.player(Seat::North),
                    "{format}"
                );
            }
            // The import replays, and so does its own export.
            assert!(back.replay().is_ok());
            assert!(records::export(&back, format).is_ok());
        }
    }
}

#[test]
fn yonin_games_round_trip_through_kif_and_ysfen() {
    for seed in 0..8 {
        let end = if seed % 2 == 0 {
            Some(Action::Resign { seat: Seat::East })
        } else {
            None
        };
        let game = random_game(RuleSet::yonin(), 100 + seed, 30 + seed as usize * 9, end);
        for format in [RecordFormat::Kif, RecordFormat::Ysfen] {
            let text = records::export(&game, format).unwrap();
            assert_eq!(records::sniff(&text), Some(format), "{format}:\n{text}");
            let back = records::import(text.as_bytes(), Some(format), "back").unwrap();
            assert_eq!(moves_of(&back), moves_of(&game), "{format}:\n{text}");
            assert_eq!(back.rules.variant, Variant::Yonin);
            let final_back = back.replay().unwrap();
            let final_game = game.replay().unwrap();
            assert_eq!(
                final_back.position().hash(),
                final_game.position().hash(),
                "{format}:\n{text}"
            );
        }
        for format in [RecordFormat::Usi, RecordFormat::Csa, RecordFormat::Ki2] {
            match records::export(&game, format) {
                Err(RecordIoError::StandardOnly { .. }) => {}
                other => panic!("{format} of a Yonin game: {other:?}"),
            }
        }
    }
}

#[test]
fn ysfen_records_keep_house_rules_and_removals() {
    let mut rules = RuleSet::yonin();
    rules.mated_hand = yonin_core::MatedHand::ToMater;
    rules.mate_timing = yonin_core::MateTiming::Immediately;
    let game = random_game(rules, 7, 12, None);
    // The seat to move after the moves resigns.
    let mut rec = records::to_record(&game).unwrap();
    let seat = rec.final_position().unwrap().to_move();
    rec.push_removal(seat, yonin_core::EliminationReason::Resignation);
    let text = records::write(&rec, RecordFormat::Ysfen).unwrap();
    assert!(text.contains("# rules: "), "{text}");
    assert!(
        text.contains(&format!("{} resign", seat.letter())),
        "{text}"
    );
    let back = records::read_text(&text, RecordFormat::Ysfen).unwrap();
    assert_eq!(back.rules, rules);
    assert_eq!(back.removals, rec.removals);
    assert_eq!(back.usi_moves(), rec.usi_moves());
    let stored = records::from_record(&back, "x").unwrap();
    assert!(stored.actions.contains(&Action::Resign { seat }));
}

#[test]
fn golden_record_files_are_sniffed_and_read() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records");
    let mut read = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let Some(format) = records::format_of_path(&path) else {
            continue;
        };
        let bytes = std::fs::read(&path).unwrap();
        let (sniffed, rec) =
            records::read(&bytes, None).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(sniffed, format, "{}", path.display());
        let (_, named) = records::read(&bytes, Some(format)).unwrap();
        assert_eq!(rec, named);
        // Through the store's shape and back out as the same format.
        let stored = records::from_record(&rec, "golden").unwrap();
        let text = records::export(&stored, format).unwrap();
        let again = records::read_text(&text, format).unwrap();
        assert_eq!(again.usi_moves(), rec.usi_moves(), "{}", path.display());
        read += 1;
    }
    assert!(read >= 10, "only {read} golden records found");
}

#[test]
fn dates_convert_both_ways() {
    assert_eq!(records::date_text(0), "1970/01/01 00:00:00");
    assert_eq!(records::date_text(1_714_557_600_000), "2024/05/01 10:00:00");
    assert_eq!(
        records::parse_date("2024/05/01 10:00:00"),
        Some(1_714_557_600_000)
    );
    assert_eq!(records::parse_date("2000-02-29"), Some(951_782_400_000));
    for bad in [
        "",
        "2024/13/01",
        "yesterday",
        "2024/05/01 25:00",
        "1/2",
        "9999999/1/1",
    ] {
        assert_eq!(records::parse_date(bad), None, "{bad}");
    }
}

#[test]
fn bad_files_are_errors_not_panics() {
    let mut cases: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"   \n\n".to_vec(),
        b"\xff\xfe\xfa\x00garbage".to_vec(),
        b"position startpos moves 7g7f 7g7f".to_vec(),
        b"position startpos moves zz".to_vec(),
        b"position sfen 9/9/9 b - 1 moves".to_vec(),
        "手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７六歩(77)\n"
            .as_bytes()
            .to_vec(),
        "▲７六歩 △７六歩".as_bytes().to_vec(),
        b"V2.2\nPI\n+\n+7776FU\n-7776FU\n".to_vec(),
        b"+9999XX\n".to_vec(),
        b"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\ns 7g7f\ns 3c3d\n"
            .to_vec(),
        b"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\nq 7g7f\n".to_vec(),
        b"# rules: nonsense\nlnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n"
            .to_vec(),
        b"hello world".to_vec(),
        vec![0u8; 5000],
    ];
    // Every prefix of a good record, in every format, cut at a byte.
    let game = random_game(RuleSet::standard(), 3, 16, None);
    for format in RecordFormat::ALL {
        let text = records::export(&game, format).unwrap();
        for cut in (0..text.len()).step_by(7) {
            cases.push(text.as_bytes()[..cut].to_vec());
        }
    }
    let yonin = random_game(RuleSet::yonin(), 4, 16, None);
    let text = records::export(&yonin, RecordFormat::Ysfen).unwrap();
    for cut in (0..text.len()).step_by(5) {
        cases.push(text.as_bytes()[..cut].to_vec());
    }
    let mut errors = 0;
    for bytes in &cases {
        for format in [None]
            .into_iter()
            .chain(RecordFormat::ALL.into_iter().map(Some))
        {
            // Must return (Ok or Err) without panicking; the error must say something.
            match records::import(bytes, format, "bad") {
                Ok(g) => assert!(g.replay().is_ok()),
                Err(e) => {
                    errors += 1;
                    assert!(!e.to_string().is_empty());
                }
            }
        }
    }
    assert!(errors > cases.len());
    // Plainly bad ones are errors.
    assert!(matches!(
        records::import(b"", None, "x"),
        Err(RecordIoError::Empty)
    ));
    assert!(matches!(
        records::import(b"hello world", None, "x"),
        Err(RecordIoError::UnknownFormat)
    ));
    assert!(records::import(&cases[3], None, "x").is_err());
}

#[test]
fn a_stored_game_without_a_result_imports_as_aborted() {
    let text = "position startpos moves 7g7f 3c3d";
    let game = records::import(text.as_bytes(), None, "x").unwrap();
    assert_eq!(game.outcome.reason, EndReason::Aborted);
    assert_eq!(game.plies(), 2);
    assert_eq!(game.summary(GameId(1)).plies, 2);
}

/// Issue 31, item 1: sniffing a CSA-looking line sliced bytes 1..5 through `é` and panicked.
#[test]
fn multibyte_text_where_ascii_is_expected_is_an_error() {
    let texts = [
        "+aaaé12\n",
        "-é12345\n",
        "+1é2345\n",
        "12é ７六歩\n",
        "+aaaé12\n+7776FU\n",
    ];
    for text in texts {
        if text.lines().count() == 1 {
            assert_ne!(records::sniff(text), Some(RecordFormat::Csa), "{text:?}");
        }
        for format in [None]
            .into_iter()
            .chain(RecordFormat::ALL.into_iter().map(Some))
        {
            assert!(
                records::import(text.as_bytes(), format, "x").is_err(),
                "{text:?} as {format:?}"
            );
        }
    }
}

/// Issue 31, item 7: a record's player names pass through core's cleaning, so NUL, escape,
/// direction overrides and 30,000 characters never reach the store, yet the record imports.
#[test]
fn imported_names_are_cleaned() {
    use yonin_core::text::{check_name, check_room_name, MAX_NAME_CHARS};
    let dirty = format!("\0\u{1b}[31m\u{202E}Evil\u{200B}{}", "x".repeat(30_000));
    let mut game = random_game(RuleSet::standard(), 5, 6, None);
    game.seats[0].player = StoredPlayer::Person {
        name: dirty.clone(),
    };
    game.seats[1].player = StoredPlayer::Person {
        name: "\u{200B}\u{2066}\u{3164}".into(),
    };
    for format in [
        RecordFormat::Kif,
        RecordFormat::Ki2,
        RecordFormat::Csa,
        RecordFormat::Ysfen,
    ] {
        let text = records::export(&game, format).unwrap();
        assert!(text.contains("Evil"), "{format:?} keeps the name");
        let title = format!("\u{202E}{}", "t".repeat(30_000));
        let back = records::import(text.as_bytes(), Some(format), &title).unwrap();
        let name = back.seats[0].player.display_name();
        assert_eq!(name.chars().count(), MAX_NAME_CHARS, "{format:?}: {name:?}");
        assert!(name.starts_with("[31mEvilx"), "{format:?}: {name:?}");
        assert_eq!(check_name(&name).as_deref(), Ok(name.as_str()));
        // A name with nothing visible left becomes the seat's own.
        let second = back.seats[1].player.display_name();
        assert_eq!(second, back.seats[1].seat.name(), "{format:?}");
        assert_eq!(
            check_room_name(&back.room_name).as_deref(),
            Ok(back.room_name.as_str())
        );
        assert!(back.room_name.starts_with("ttt"));
    }
    let empty_title = records::import(b"position startpos moves 7g7f", None, "\u{200B} ").unwrap();
    assert_eq!(empty_title.room_name, records::DEFAULT_IMPORT_TITLE);
}
