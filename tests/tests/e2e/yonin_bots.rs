use std::time::Duration;
use yonin_core::protocol::{BotLevel, ClientMessage, Encoding, RoomSettings, ServerMessage};
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
