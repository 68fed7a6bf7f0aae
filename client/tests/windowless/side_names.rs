//! Standard games speak of Sente ▲ and Gote △ and of the players, never of compass seats;
//! Yonin games keep the seats' names. Notices, plates of empty seats and results, in English,
//! Japanese and Korean.
//!
//! One test in its own binary: it switches the process-wide language.

use yonin_client::i18n::words::outcome_line;
use yonin_client::i18n::{set_lang, Lang};
use yonin_client::net::NetEvent;
use yonin_client::state::session::Session;
use yonin_client::state::table::Table;
use yonin_core::protocol::{Occupant, PlayerId, PlayerRef, SeatInfo, ServerMessage};
use yonin_core::{EndReason, Outcome};
use yonin_core::{Game, RuleSet, Seat, Variant};

fn seat(seat: Seat, name: Option<&str>) -> SeatInfo {
    SeatInfo {
        seat,
        occupant: match name {
            Some(n) => Occupant::Person(PlayerRef {
                id: PlayerId(seat.index() as u64 + 1),
                name: n.into(),
            }),
            None => Occupant::Empty,
        },
        connected: true,
        grace_ms: None,
        stand_in: None,
    }
}

/// The notice a session shows after `msg`, at the table of `rules` with Bob at North.
fn notice_after(rules: RuleSet, msg: ServerMessage) -> String {
    let mut s = Session::detached("Ann");
    let mut t = Table::from_game(Game::new(rules), Some(Seat::South), 0.0);
    let mut seats = vec![
        seat(Seat::South, Some("Ann")),
        seat(Seat::North, Some("Bob")),
    ];
    if rules.variant == Variant::Yonin {
        seats.extend([seat(Seat::West, Some("Cy")), seat(Seat::East, Some("Di"))]);
    }
    t.set_seats(seats);
    s.table = Some(t);
    s.handle(NetEvent::Message(msg), 1.0);
    s.current_notice(1.0).expect("a notice").text.clone()
}

#[test]
fn standard_games_name_sides_and_players_and_yonin_games_name_seats() {
    for (lang, gote, lost, back_yonin) in [
        (
            Lang::En,
            "Gote △",
            "Bob (Gote △) lost the connection; the seat waits 60 s for them.",
            "North is back.",
        ),
        (
            Lang::Ja,
            "後手 △",
            "Bob (後手 △)の接続が切れました。席は60秒待ちます。",
            "北が戻りました。",
        ),
        (
            Lang::Ko,
            "후수(後手) △",
            "Bob (후수(後手) △)의 연결이 끊겼습니다. 자리는 60초 동안 기다립니다.",
            "북이(가) 돌아왔습니다.",
        ),
    ] {
        set_lang(lang);
        let dropped = ServerMessage::SeatDisconnected {
            seat: Seat::North,
            grace_ms: 60_000,
        };
        assert_eq!(notice_after(RuleSet::standard(), dropped), lost, "{lang:?}");
        let back = ServerMessage::SeatReconnected { seat: Seat::North };
        assert_eq!(notice_after(RuleSet::yonin(), back), back_yonin, "{lang:?}");

        // An empty standard seat's plate, and a result.
        let mut t = Table::from_game(Game::new(RuleSet::standard()), Some(Seat::South), 0.0);
        t.set_seats(vec![
            seat(Seat::South, Some("Ann")),
            seat(Seat::North, None),
        ]);
        assert_eq!(t.name(Seat::North), gote, "{lang:?}");
        let won = Outcome::win(Seat::North, Seat::South, EndReason::Resignation);
        let line = outcome_line(&won, Variant::Standard);
        assert!(line.contains(gote), "{lang:?}: {line}");
        assert!(
            !line.contains("North") && !line.contains('北'),
            "{lang:?}: {line}"
        );
    }
}
