use std::time::Duration;
use yonin_core::protocol::{ClientMessage, Encoding, RoomSettings, ServerMessage};
use yonin_core::{BotLevel, TimeControl};
use yonin_core::{EliminationReason, EndReason, Event, RuleSet, Seat};
use yonin_tests::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_loses_a_standard_game() {
    bounded(Duration::from_secs(20), async {
        let server = start_server(test_config()).await;
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
        let mut bob = TestClient::connect(&server, "Bob", Encoding::Bincode).await;
        let settings = RoomSettings {
            time_control: TimeControl::Byoyomi {
                main_ms: 200,
                byoyomi_ms: 200,
                periods: 1,
            },
            ..RoomSettings::new("blitz", RuleSet::standard())
        };
        let room = ann.create_room(settings).await;
        bob.join(room.id, Some(Seat::North), None).await;
        ann.send(&ClientMessage::Start).await;
        let state = ann.expect_game_started().await;
        assert_eq!(state.clocks.running, Some(Seat::South));
        assert_eq!(state.clocks.seats.len(), 2);
        ann.play("7g7f").await;
        // Bob does not move: after 400 ms his flag falls.
        let outcome = bob
            .expect("GameOver", |m| match m {
                ServerMessage::GameOver { outcome, .. } => Some(outcome.clone()),
                _ => None,
            })
            .await;
        assert_eq!(outcome.reason, EndReason::Time);
        assert_eq!(outcome.winner(), Some(Seat::South));
        server.shutdown().await.unwrap();
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_eliminates_a_yonin_seat_and_play_goes_on() {
    bounded(Duration::from_secs(20), async {
        let server = start_server(test_config()).await;
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Bincode).await;
        let settings = RoomSettings {
            time_control: TimeControl::Fischer {
                main_ms: 300,
                increment_ms: 0,
            },
            bots: vec![
                (Seat::West, BotLevel::Beginner),
                (Seat::North, BotLevel::Beginner),
                (Seat::East, BotLevel::Beginner),
            ],
            ..RoomSettings::new("yonin blitz", RuleSet::yonin())
        };
        ann.create_room(settings).await;
        ann.send(&ClientMessage::Start).await;
        ann.expect_game_started().await;
        // Ann (South, to move) never moves.
        let events = ann
            .expect("South's flag", |m| match m {
                ServerMessage::GameEvents { events, .. }
                    if events.iter().any(|e| matches!(e, Event::Eliminated(_))) =>
                {
                    Some(events.clone())
                }
                _ => None,
            })
            .await;
        let Some(Event::Eliminated(e)) = events.iter().find(|e| matches!(e, Event::Eliminated(_)))
        else {
            unreachable!()
        };
        assert_eq!((e.seat, e.reason), (Seat::South, EliminationReason::Time));
        assert!(events.contains(&Event::Turn { seat: Seat::West }));
        // The bots play on.
        ann.expect("a bot's move", |m| {
            matches!(
                m,
                ServerMessage::GameEvents {
                    action: yonin_core::Action::Move { .. },
                    ..
                }
            )
            .then_some(())
        })
        .await;
        server.shutdown().await.unwrap();
    })
    .await;
}
