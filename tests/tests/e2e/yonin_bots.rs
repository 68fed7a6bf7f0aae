use std::time::{Duration, Instant};
use yonin_core::protocol::{ClientMessage, Encoding, ErrorCode, RoomSettings, ServerMessage};
use yonin_core::{Action, BotLevel};
use yonin_core::{RuleSet, Seat};
use yonin_tests::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_person_and_three_bots_play_yonin_to_the_end() {
    bounded(Duration::from_secs(40), async {
        let server = start_server(test_config()).await;
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Bincode).await;
        let rules = RuleSet {
            // Bounds the game: after 300 plies the live seats share the remaining places.
            move_limit: Some(300),
            ..RuleSet::yonin()
        };
        let settings = RoomSettings {
            bots: vec![
                (Seat::West, BotLevel::Beginner),
                (Seat::North, BotLevel::Easy),
                (Seat::East, BotLevel::Beginner),
            ],
            ..RoomSettings::new("yonin vs bots", rules)
        };
        let room = ann.create_room(settings).await;
        assert_eq!(room.seats.len(), 4);
        ann.send(&ClientMessage::Start).await;
        ann.expect_game_started().await;
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut my_moves = 0;
        while ann.wait_turn_or_end().await {
            let game = ann.game.as_ref().unwrap();
            let moves = game.position().legal_moves();
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let mv = moves.as_slice()[(rng % moves.len() as u64) as usize];
            // Within the server's message rate (20 a second): the bots answer at once.
            tokio::time::sleep(Duration::from_millis(60)).await;
            ann.play(&mv.to_string()).await;
            my_moves += 1;
        }
        let outcome = ann.game.as_ref().unwrap().outcome().cloned().unwrap();
        let from_server = ann
            .expect("GameOver", |m| match m {
                ServerMessage::GameOver { outcome, .. } => Some(outcome.clone()),
                _ => None,
            })
            .await;
        assert_eq!(outcome, from_server);
        assert!(my_moves > 0);
        let placed: usize = outcome.places.iter().map(Vec::len).sum();
        assert_eq!(placed, 4, "every seat is ranked: {outcome:?}");
        server.shutdown().await.unwrap();
    })
    .await;
}

/// With a pace, each computer move comes at least that long after the one before it (so a
/// person sees the three replies one by one); a non-host may not set it; the host's skip
/// (pace 0) lets the rest come at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paced_room_plays_its_computer_moves_one_at_a_time() {
    bounded(Duration::from_secs(40), async {
        let server = start_server(test_config()).await;
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Bincode).await;
        let settings = RoomSettings {
            bots: vec![
                (Seat::West, BotLevel::Beginner),
                (Seat::North, BotLevel::Beginner),
                (Seat::East, BotLevel::Beginner),
            ],
            ..RoomSettings::new("paced", RuleSet::yonin())
        };
        let room = ann.create_room(settings).await;
        const PACE_MS: u64 = 400;
        ann.send(&ClientMessage::SetBotPace { ms: PACE_MS as u32 })
            .await;
        // Someone else in the room may not change it.
        let mut cy = TestClient::connect(&server, "Cy", Encoding::Json).await;
        cy.send(&ClientMessage::Spectate {
            room: room.id,
            code: None,
        })
        .await;
        cy.send(&ClientMessage::SetBotPace { ms: 0 }).await;
        assert_eq!(cy.expect_error().await.0, ErrorCode::NotHost);
        ann.send(&ClientMessage::Start).await;
        ann.expect_game_started().await;
        assert!(ann.wait_turn_or_end().await);
        let game = ann.game.as_ref().unwrap();
        let mv = game.position().legal_moves().as_slice()[0];
        ann.play(&mv.to_string()).await;
        // The three replies: each at least the pace after the one before.
        let mut at = Vec::new();
        for _ in 0..3 {
            ann.expect("a computer move", |m| match m {
                ServerMessage::GameEvents {
                    action: Action::Move { seat, .. },
                    ..
                } if *seat != Seat::South => Some(()),
                _ => None,
            })
            .await;
            at.push(Instant::now());
        }
        for pair in at.windows(2) {
            let gap = pair[1] - pair[0];
            // Less a little for the scheduling of two messages sent in turn.
            assert!(
                gap >= Duration::from_millis(PACE_MS - 60),
                "computer moves {gap:?} apart with a {PACE_MS} ms pace"
            );
        }
        ann.send(&ClientMessage::SetBotPace { ms: 0 }).await;
        assert!(ann.wait_turn_or_end().await);
        server.shutdown().await.unwrap();
    })
    .await;
}
