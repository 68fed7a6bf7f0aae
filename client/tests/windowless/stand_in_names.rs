//! A seat keeps its person's name through a drop, a bot standing in and a forfeit: on the
//! plate ("Bob — a bot stands in"), in the result (both read `Table::name`), in the saved game
//! and in the KIF written from it — also when the room later shows the seat empty or taken by
//! someone else. In English, Japanese and Korean.
//!
//! One test in its own binary: it switches the process-wide language.

use yonin_client::i18n::{set_lang, Lang};
use yonin_client::screens::replay::export;
use yonin_client::screens::saved_game;
use yonin_client::state::table::Table;
use yonin_core::protocol::{Occupant, PlayerId, PlayerRef, SeatInfo};
use yonin_core::record::RecordFormat;
use yonin_core::BotLevel;
use yonin_core::{EndReason, Outcome};
use yonin_core::{Game, Move, RuleSet, Seat};

fn person(seat: Seat, name: &str, stand_in: Option<BotLevel>) -> SeatInfo {
    SeatInfo {
        seat,
        occupant: Occupant::Person(PlayerRef {
            id: PlayerId(seat.index() as u64 + 1),
            name: name.into(),
        }),
        connected: stand_in.is_none(),
        grace_ms: None,
        stand_in,
    }
}

fn empty(seat: Seat) -> SeatInfo {
    SeatInfo {
        seat,
        occupant: Occupant::Empty,
        connected: true,
        grace_ms: None,
        stand_in: None,
    }
}

/// Alice (South) against Bob (North), two moves played.
fn table() -> Table {
    let mut game = Game::new(RuleSet::standard());
    for (seat, usi) in [(Seat::South, "7g7f"), (Seat::North, "3c3d")] {
        game.play(seat, Move::from_usi(usi).expect("a move"))
            .expect("legal");
    }
    let mut t = Table::from_game(game, Some(Seat::South), 0.0);
    t.set_seats(vec![
        person(Seat::South, "Alice", None),
        person(Seat::North, "Bob", None),
    ]);
    t
}

#[test]
fn a_forfeited_seat_keeps_its_person_s_name_in_every_language() {
    for (lang, note) in [
        (Lang::En, "Bob — a bot stands in"),
        (Lang::Ja, "Bob — コンピュータが代打ち"),
        (Lang::Ko, "Bob — 컴퓨터가 대신 둠"),
    ] {
        set_lang(lang);
        let mut t = table();
        assert_eq!(t.name(Seat::North), "Bob");

        // Bob drops; after his grace a bot plays for him: the plate says both.
        t.set_seats(vec![
            person(Seat::South, "Alice", None),
            person(Seat::North, "Bob", Some(BotLevel::Medium)),
        ]);
        assert_eq!(t.name(Seat::North), note, "{lang:?}: the plate");

        // A server that shows the seat as the bot's keeps Bob's name too.
        let mut as_bot = t.clone();
        as_bot.set_seats(vec![
            person(Seat::South, "Alice", None),
            SeatInfo {
                seat: Seat::North,
                occupant: Occupant::Bot(BotLevel::Medium),
                connected: true,
                grace_ms: None,
                stand_in: None,
            },
        ]);
        assert_eq!(as_bot.name(Seat::North), note, "{lang:?}: a bot's seat");

        // Alice claims the win; the room then empties Bob's seat and Dan sits in it.
        t.finish(
            Outcome::win(Seat::South, Seat::North, EndReason::Forfeit),
            String::new(),
        );
        t.set_seats(vec![person(Seat::South, "Alice", None), empty(Seat::North)]);
        assert_eq!(
            t.name(Seat::North),
            note,
            "{lang:?}: the result, seat emptied"
        );
        t.set_seats(vec![
            person(Seat::South, "Alice", None),
            person(Seat::North, "Dan", None),
        ]);
        assert_eq!(
            t.name(Seat::North),
            note,
            "{lang:?}: the result, seat taken"
        );
        assert_eq!(t.name(Seat::South), "Alice");

        // The saved game keeps the person's own name and the stand-in beside it.
        let saved = saved_game(&t);
        assert!(
            saved.names.contains(&(Seat::North, "Bob".to_string())),
            "{:?}",
            saved.names
        );
        assert_eq!(saved.stand_ins, vec![(Seat::North, BotLevel::Medium)]);
        assert_eq!(saved.display_name(Seat::North).as_deref(), Some(note));

        // The KIF names Bob with the stand-in; the file's name has Bob only.
        let kif = export::text(&saved, RecordFormat::Kif).expect("a KIF");
        assert!(kif.contains(note), "{lang:?}: the KIF names Bob:\n{kif}");
        assert!(!kif.contains("North"), "no seat name for a person:\n{kif}");
        let file = export::file_name(&saved, RecordFormat::Kif);
        assert!(file.contains("-Alice-Bob."), "{file}");

        // An old saved game without stand-ins still reads.
        let json = serde_json::to_string(&saved).expect("json");
        let old = json.replace(r#","stand_ins":[["North","Medium"]]"#, "");
        assert_ne!(old, json, "the field was found in {json}");
        let back: yonin_client::state::settings::SavedGame =
            serde_json::from_str(&old).expect("an old file reads");
        assert!(back.stand_ins.is_empty());
        assert_eq!(back.display_name(Seat::North).as_deref(), Some("Bob"));
    }
    set_lang(Lang::En);
}
