use std::time::Duration;
use yonin_core::furigoma::FirstDraw;
use yonin_core::furigoma::Toss;
use yonin_core::protocol::{ClientMessage, Encoding, RoomSettings, ServerMessage};
use yonin_core::FirstSeat;
use yonin_core::{RuleSet, Seat};
use yonin_server::Config;
use yonin_tests::*;

/// Ann hosts in South, Bob sits North, the room tosses for Sente with these bits: returns the
/// draw both were told and the seats Ann and Bob play.
async fn toss_with(bits: u64) -> (FirstDraw, Seat, Seat) {
    let server = start_server(Config {
        draw_bits: Some(bits),
        ..test_config()
    })
    .await;
    let mut ann = TestClient::connect(&server, "Ann", Encoding::Json).await;
    let mut bob = TestClient::connect(&server, "Bob", Encoding::Bincode).await;
    let rules = RuleSet {
        first_seat: FirstSeat::Random,
        ..RuleSet::standard()
    };
    let room = ann.create_room(RoomSettings::new("toss", rules)).await;
    bob.join(room.id, Some(Seat::North), None).await;
    ann.send(&ClientMessage::Start).await;
    let mut draws = Vec::new();
    for c in [&mut ann, &mut bob] {
        draws.push(
            c.expect("FirstDrawn", |m| match m {
                ServerMessage::FirstDrawn { draw, .. } => Some(*draw),
                _ => None,
            })
            .await,
        );
    }
    assert_eq!(draws[0], draws[1], "both players see the same toss");
    let ann_game = ann.expect_game_started().await;
    let bob_game = bob.expect_game_started().await;
    assert_eq!(
        ann_game.rules.first_seat,
        FirstSeat::Fixed(Seat::South),
        "Sente moves first"
    );
    let seats = (ann_game.you.unwrap(), bob_game.you.unwrap());
    server.shutdown().await.unwrap();
    (draws[0], seats.0, seats.1)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn furigoma_gives_sente_to_the_tosser_when_pawns_outnumber_tokins() {
    bounded(Duration::from_secs(20), async {
        // Three 歩, two と: Ann, who tossed, stays Sente.
        let (draw, ann, bob) = toss_with(0b10100).await;
        assert_eq!(
            draw,
            FirstDraw::Furigoma {
                toss: Toss::from_bits(0b10100),
                tosser: Seat::South
            }
        );
        assert_eq!((ann, bob), (Seat::South, Seat::North));
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn furigoma_gives_sente_to_the_other_player_when_tokins_outnumber_pawns() {
    bounded(Duration::from_secs(20), async {
        // Two 歩, three と: the seats swap and Bob is Sente.
        let (draw, ann, bob) = toss_with(0b01011).await;
        assert_eq!(
            draw,
            FirstDraw::Furigoma {
                toss: Toss::from_bits(0b01011),
                tosser: Seat::North
            }
        );
        assert_eq!((ann, bob), (Seat::North, Seat::South));
    })
    .await;
}
