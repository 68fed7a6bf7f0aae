use std::time::Duration;
use yonin_core::protocol::{ClientMessage, Encoding, ServerMessage};
use yonin_tests::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_arriving_mid_game_gets_the_full_state() {
    bounded(Duration::from_secs(20), async {
        let server = start_server(test_config()).await;
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
        let mut bob = TestClient::connect(&server, "Bob", Encoding::Json).await;
        let room = start_standard(&mut ann, &mut bob, "watch me").await;
        for (i, mv) in ["7g7f", "3c3d", "2g2f", "4c4d"].iter().enumerate() {
            let c = if i % 2 == 0 { &mut ann } else { &mut bob };
            c.wait_turn_or_end().await;
            c.play(mv).await;
        }
        let mut cat = TestClient::connect(&server, "Cat", Encoding::Bincode).await;
        cat.send(&ClientMessage::Spectate {
            room: room.id,
            code: None,
        })
        .await;
        let state = cat.expect_game_started().await;
        assert_eq!(state.you, None);
        assert_eq!(state.token, None, "spectators get no token");
        assert_eq!(state.actions.len(), 4);
        let mirror = cat.game.as_ref().unwrap();
        assert_eq!(
            mirror.position().hash(),
            bob.game.as_ref().unwrap().position().hash()
        );
        // Later moves reach the spectator too.
        ann.wait_turn_or_end().await;
        ann.play("2f2e").await;
        cat.expect("the next move", |m| {
            matches!(m, ServerMessage::GameEvents { .. }).then_some(())
        })
        .await;
        assert_eq!(cat.game.as_ref().unwrap().moves().len(), 5);
        server.shutdown().await.unwrap();
    })
    .await;
}
