//! Round trips of every message in both encodings, and the limits.

use super::*;
use crate::game::Game;
use crate::game::{Action, GameError};
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::record::position_text;
use crate::record::stored::{GameFilter, GameId, StoredGame, StoredPlayer, StoredSeat};
use crate::record::RecordFormat;
use crate::rules::{RuleSet, Variant};
use crate::seat::Seat;
use crate::terms::{BotLevel, TimeControl};

fn samples() -> Vec<ClientMessage> {
    vec![
        ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            name: "Ann".into(),
            resume: Some(ResumeToken(0x0123_4567_89ab_cdef_0123_4567_89ab_cdef)),
        },
        ClientMessage::CreateRoom {
            settings: RoomSettings {
                time_control: TimeControl::Byoyomi {
                    main_ms: 60_000,
                    byoyomi_ms: 10_000,
                    periods: 3,
                },
                bots: vec![(Seat::West, BotLevel::Easy)],
                start_position: Some("startpos".into()),
                ..RoomSettings::new("room", RuleSet::yonin())
            },
        },
        ClientMessage::Game(GameRequest::Move(Move::from_usi("7g7f").unwrap())),
        ClientMessage::Game(GameRequest::Resign),
        ClientMessage::ListGames {
            filter: GameFilter {
                player: Some("Ann".into()),
                variant: Some(Variant::Yonin),
                limit: 20,
                before: Some(GameId(40)),
            },
        },
        ClientMessage::ExportGame {
            id: GameId(7),
            format: RecordFormat::Kif,
        },
        ClientMessage::ImportRecord {
            text: "position startpos moves 7g7f".into(),
            format: None,
        },
    ]
}

#[test]
fn stored_games_round_trip_and_replay() {
    let game = StoredGame {
        rules: RuleSet::standard(),
        time_control: TimeControl::None,
        room_name: "r".into(),
        start: position_text(&Position::start(&RuleSet::standard())),
        seats: vec![StoredSeat {
            seat: Seat::South,
            player: StoredPlayer::Bot {
                level: BotLevel::Easy,
            },
            stand_in: None,
        }],
        actions: vec![
            Action::Move {
                seat: Seat::South,
                mv: Move::from_usi("7g7f").unwrap(),
                millis: Some(1200),
            },
            Action::Resign { seat: Seat::North },
        ],
        outcome: Outcome::win(Seat::South, Seat::North, crate::EndReason::Resignation),
        started_ms: 1,
        ended_ms: 2,
        imported: false,
    };
    let msg = ServerMessage::StoredGame {
        id: GameId(3),
        game: Box::new(game.clone()),
    };
    assert_eq!(
        from_bincode::<ServerMessage>(&to_bincode(&msg).unwrap()).unwrap(),
        msg
    );
    assert_eq!(
        from_json::<ServerMessage>(&to_json(&msg).unwrap()).unwrap(),
        msg
    );
    assert_eq!(game.replay().unwrap().outcome(), Some(&game.outcome));
    assert_eq!(game.summary(GameId(3)).plies, 1);
    for f in RecordFormat::ALL {
        assert_eq!(RecordFormat::from_name(f.name()), Some(f));
    }
}

#[test]
fn both_encodings_round_trip() {
    for m in samples() {
        let b = to_bincode(&m).unwrap();
        assert_eq!(from_bincode::<ClientMessage>(&b).unwrap(), m);
        let j = to_json(&m).unwrap();
        assert_eq!(from_json::<ClientMessage>(&j).unwrap(), m);
    }
}

#[test]
fn json_shape_is_externally_tagged() {
    let j = to_json(&ClientMessage::Game(GameRequest::Move(
        Move::from_usi("P*5e").unwrap(),
    )))
    .unwrap();
    assert_eq!(j, r#"{"Game":{"Move":"P*5e"}}"#);
    assert_eq!(
        to_json(&ClientMessage::ListRooms).unwrap(),
        r#""ListRooms""#
    );
    let refused = ServerMessage::GameRefused {
        request: GameRequest::Resign,
        code: ErrorCode::Rules(GameError::Illegal(crate::IllegalMove::DoublePawn)),
        message: String::new(),
    };
    assert_eq!(
        to_json(&refused).unwrap(),
        r#"{"GameRefused":{"request":"Resign","code":{"Rules":{"Illegal":"DoublePawn"}},"message":""}}"#
    );
}

#[test]
fn game_state_replays() {
    let mut game = Game::new(RuleSet::standard());
    let mut actions = Vec::new();
    for t in ["7g7f", "3c3d"] {
        let a = Action::Move {
            seat: game.to_move(),
            mv: Move::from_usi(t).unwrap(),
            millis: None,
        };
        a.apply(&mut game).unwrap();
        actions.push(a);
    }
    let state = GameState {
        room: RoomId(1),
        rules: RuleSet::standard(),
        start: position_text(game.start()),
        actions,
        seats: vec![],
        clocks: Clocks::default(),
        you: None,
        token: None,
        draw_offer: None,
        claimable: vec![],
        outcome: None,
        paused: false,
    };
    let back: ServerMessage =
        from_bincode(&to_bincode(&ServerMessage::GameStarted(Box::new(state.clone()))).unwrap())
            .unwrap();
    assert_eq!(back, ServerMessage::GameStarted(Box::new(state.clone())));
    let replayed = state.replay().unwrap();
    assert_eq!(replayed.position().hash(), game.position().hash());
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    assert!(from_json::<ClientMessage>("{").is_err());
    assert!(from_json::<ClientMessage>(r#"{"Move":{"mv":"9z9z"}}"#).is_err());
    assert!(from_bincode::<ClientMessage>(&[0xff; 40]).is_err());
    assert!(from_bincode::<ClientMessage>(&[]).is_err());
    let big = vec![0u8; MAX_SERVER_MESSAGE_BYTES + 1];
    assert_eq!(
        from_bincode::<ClientMessage>(&big),
        Err(CodecError::TooLarge)
    );
    // A string length claiming far more than the limit.
    let mut lie = vec![0u8];
    lie.extend_from_slice(&[0xfc, 0xff, 0xff, 0xff, 0x7f]);
    assert!(from_bincode::<ClientMessage>(&lie).is_err());
    assert!(ResumeToken::from_hex("xyz").is_none());
    assert!(from_json::<ResumeToken>(r#""0123""#).is_err());
}

#[test]
fn a_redirect_round_trips_and_only_websocket_urls_are_taken() {
    let msg = ServerMessage::Redirect(Box::new(Redirect {
        url: "ws://10.0.0.2:7878/".into(),
        room: RoomId(1 << 40),
        watch: false,
        seat: Some(Seat::North),
        code: Some("ABC123".into()),
    }));
    assert_eq!(
        from_bincode::<ServerMessage>(&to_bincode(&msg).unwrap()).unwrap(),
        msg
    );
    assert_eq!(
        from_json::<ServerMessage>(&to_json(&msg).unwrap()).unwrap(),
        msg
    );
    assert!(is_redirect_url("ws://10.0.0.2:7878/"));
    assert!(is_redirect_url("wss://play.example.org/yonin"));
    for bad in [
        "http://example.org/",
        "file:///etc/passwd",
        "ws://",
        "ws:///path",
        "ws://a b/",
        "ws://a\nb/",
        "javascript:alert(1)",
        "",
    ] {
        assert!(!is_redirect_url(bad), "{bad}");
    }
    assert!(!is_redirect_url(&format!("ws://{}/", "a".repeat(300))));
}
