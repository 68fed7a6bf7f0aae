use std::time::Duration;
use yonin_core::protocol::{ClientMessage, Encoding, RoomSettings, ServerMessage};
use yonin_core::RuleSet;
use yonin_tests::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn room_list_updates_reach_only_players_in_the_lobby() {
    bounded(Duration::from_secs(20), async {
        let server = start_server(test_config()).await;
        let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
        let mut bob = TestClient::connect(&server, "Bob", Encoding::Bincode).await;
        let mut cat = TestClient::connect(&server, "Cat", Encoding::Json).await;
        ann.create_room(RoomSettings::new("ann's", RuleSet::standard()))
            .await;
        // Ann's own room shows up for Bob, who is in the lobby.
        bob.expect("RoomUpdated (Ann's)", |m| match m {
            ServerMessage::RoomUpdated { room } if room.name == "ann's" => Some(()),
            _ => None,
        })
        .await;
        // Give the lobby time to learn that Ann is in a room, then open another.
        tokio::time::sleep(Duration::from_millis(200)).await;
        let cats = cat
            .create_room(RoomSettings::new("cat's", RuleSet::yonin()))
            .await;
        bob.expect("RoomUpdated (Cat's)", |m| match m {
            ServerMessage::RoomUpdated { room } if room.id == cats.id => Some(()),
            _ => None,
        })
        .await;
        let seen = ann.drain_for(Duration::from_millis(300)).await;
        assert!(
            !seen
                .iter()
                .any(|m| matches!(m, ServerMessage::RoomUpdated { room } if room.id == cats.id)),
            "a player in a room got a lobby update: {seen:?}"
        );
        // Back in the lobby, Ann gets a fresh list with Cat's room in it.
        ann.send(&ClientMessage::Leave).await;
        let rooms = ann
            .expect("RoomList", |m| match m {
                ServerMessage::RoomList { rooms } => Some(rooms.clone()),
                _ => None,
            })
            .await;
        assert!(rooms.iter().any(|r| r.id == cats.id));
        server.shutdown().await.unwrap();
    })
    .await;
}
