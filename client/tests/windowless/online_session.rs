//! Two clients on one server, through the same `Session` the lobby and game screens use:
//! create a room, see it in the other client's lobby, join, start, move, resign.

use crate::common;

use common::server::start_server;
use std::time::{Duration, Instant};
use yonin_client::state::session::{Link, Session};
use yonin_core::protocol::{ClientMessage, GameRequest, RoomPhase, RoomSettings};
use yonin_core::{Move, RuleSet, Seat};

/// Pumps both sessions until `done` holds.
fn pump_until(
    a: &mut Session,
    b: &mut Session,
    what: &str,
    done: impl Fn(&Session, &Session) -> bool,
) {
    let start = Instant::now();
    while !done(a, b) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "timed out waiting for {what}"
        );
        let now = start.elapsed().as_secs_f64();
        a.pump(now);
        b.pump(now);
        for s in [&*a, &*b] {
            if let Link::Closed(why) = &s.link {
                panic!(
                    "{} lost the connection while waiting for {what}: {why}",
                    s.name
                );
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn two_people_meet_in_the_lobby_and_play() {
    let server = start_server(yonin_server::Config::default());
    let addr = server.addr;
    let mut ann = Session::online(&addr.to_string(), "Ann");
    let mut ben = Session::online(&addr.to_string(), "Ben");
    pump_until(&mut ann, &mut ben, "both welcomed", |a, b| {
        a.link == Link::Open && b.link == Link::Open
    });

    // Ann creates a standard room and sits in South.
    let settings = RoomSettings::new("Ann's game", RuleSet::standard());
    ann.send(ClientMessage::CreateRoom { settings });
    pump_until(&mut ann, &mut ben, "the room in Ben's lobby", |a, b| {
        a.room.is_some() && b.rooms.iter().any(|r| r.name == "Ann's game")
    });
    assert!(ann.is_host());
    let room = ben
        .rooms
        .iter()
        .find(|r| r.name == "Ann's game")
        .unwrap()
        .id;

    // Ben takes the free seat; Ann starts.
    ben.send(ClientMessage::Join {
        room,
        seat: None,
        code: None,
    });
    pump_until(&mut ann, &mut ben, "Ben seated", |a, _| {
        a.room.as_ref().is_some_and(|r| {
            r.seats
                .iter()
                .all(|s| !matches!(s.occupant, yonin_core::protocol::Occupant::Empty))
        })
    });
    ann.send(ClientMessage::Start);
    pump_until(&mut ann, &mut ben, "the game", |a, b| {
        a.table.is_some() && b.table.is_some()
    });
    assert_eq!(ann.table.as_ref().unwrap().me, Some(Seat::South));
    assert_eq!(ben.table.as_ref().unwrap().me, Some(Seat::North));
    assert!(ann.table.as_ref().unwrap().my_turn());
    assert_eq!(ann.room.as_ref().unwrap().phase, RoomPhase::Playing);

    // Ann plays; Ben's mirror follows and shows the record line.
    ann.play(Move::from_usi("7g7f").unwrap());
    pump_until(&mut ann, &mut ben, "the move at Ben's", |_, b| {
        b.table.as_ref().is_some_and(|t| t.record.len() == 1)
    });
    let t = ben.table.as_ref().unwrap();
    assert_eq!(t.record[0].japanese, "▲7六歩");
    assert!(t.my_turn());
    assert!(!t
        .hints(yonin_client::state::table::Pick::Square(
            yonin_core::Square::from_usi("3c").unwrap()
        ))
        .is_empty());

    // An illegal move is refused with a reason, and the game goes on.
    ben.play(Move::from_usi("3c3e").unwrap());
    pump_until(&mut ann, &mut ben, "the refusal", |_, b| {
        !b.notices.is_empty()
    });

    // Ben resigns: both see the result.
    ben.send(ClientMessage::Game(GameRequest::Resign));
    pump_until(&mut ann, &mut ben, "the result", |a, b| {
        a.table.as_ref().is_some_and(|t| t.is_over())
            && b.table.as_ref().is_some_and(|t| t.is_over())
    });
    let o = ann.table.as_ref().unwrap().outcome.clone().unwrap();
    assert_eq!(o.winner(), Some(Seat::South));
}
