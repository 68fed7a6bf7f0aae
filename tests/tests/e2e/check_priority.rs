use std::time::Duration;
use yonin_core::protocol::{
    ClientMessage, Encoding, ErrorCode, GameRequest, RoomSettings, ServerMessage,
};
use yonin_core::Action;
use yonin_core::{Event, GameError, Move, RuleSet, Seat};
use yonin_tests::*;

/// ```text
///       9   8   7   6   5   4   3   2   1
///   a   .   .   .   .  nK   .   .   .   .
///   e  wK   .   .   .   .   .   .   .  eK
///   g   .   .   .   .   .   .  sR   .   .
///   i   .   .   .   .  sK   .   .   .   .
/// ```
/// South plays 3g1g, checking East (South's counter-clockwise neighbour). East answers at
/// once, West is skipped, and South moves again right after East (RULES §4).
const POSITION: &str = "4Kn4/9/9/9/Kw7Ke/9/6Rs2/9/4Ks4 s -/-/-/- - 1";

fn turn_of(events: &[Event]) -> Option<Seat> {
    events.iter().rev().find_map(|e| match e {
        Event::Turn { seat } => Some(*seat),
        _ => None,
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_check_moves_the_turn_to_the_checked_seat_and_back() {
    bounded(Duration::from_secs(20), async {
        let server = start_server(test_config()).await;
        let mut s = TestClient::connect(&server, "S", Encoding::Json).await;
        let mut w = TestClient::connect(&server, "W", Encoding::Bincode).await;
        let mut n = TestClient::connect(&server, "N", Encoding::Json).await;
        let mut e = TestClient::connect(&server, "E", Encoding::Bincode).await;
        let settings = RoomSettings {
            start_position: Some(POSITION.into()),
            ..RoomSettings::new("check priority", RuleSet::yonin())
        };
        let room = s.create_room(settings).await;
        assert_eq!(w.join(room.id, Some(Seat::West), None).await, Seat::West);
        assert_eq!(n.join(room.id, Some(Seat::North), None).await, Seat::North);
        assert_eq!(e.join(room.id, Some(Seat::East), None).await, Seat::East);
        s.send(&ClientMessage::Start).await;
        for c in [&mut s, &mut w, &mut n, &mut e] {
            c.expect_game_started().await;
        }

        s.play("3g1g").await;
        let events = w
            .expect("South's move", |m| match m {
                ServerMessage::GameEvents { events, .. } => Some(events.clone()),
                _ => None,
            })
            .await;
        assert!(events.contains(&Event::Checks {
            by: Seat::South,
            seats: vec![Seat::East]
        }));
        assert_eq!(
            turn_of(&events),
            Some(Seat::East),
            "the checked seat answers first"
        );

        // West is skipped: its move is refused.
        w.send(&ClientMessage::Game(GameRequest::Move(
            Move::from_usi("9e8e").unwrap(),
        )))
        .await;
        let reason = w
            .expect("GameRefused", |m| match m {
                ServerMessage::GameRefused { code, .. } => Some(*code),
                _ => None,
            })
            .await;
        assert_eq!(reason, ErrorCode::Rules(GameError::NotYourTurn(Seat::West)));

        e.wait_turn_or_end().await;
        e.play("1e2d").await;
        let events = n
            .expect("East's answer", |m| match m {
                ServerMessage::GameEvents {
                    action:
                        Action::Move {
                            seat: Seat::East, ..
                        },
                    events,
                    ..
                } => Some(events.clone()),
                _ => None,
            })
            .await;
        assert_eq!(turn_of(&events), Some(Seat::South), "South moves again");
        assert!(s.wait_turn_or_end().await);
        s.play("5i5h").await;
        assert!(w.wait_turn_or_end().await, "now West, clockwise from South");
        server.shutdown().await.unwrap();
    })
    .await;
}
