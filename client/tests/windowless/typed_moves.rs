//! Moves typed on the keyboard, read against real positions: USI and Japanese forms, the JSA
//! words, 同, full-width and kanji digits, promotion, ambiguous moves, and illegal ones with
//! the rule they break (core's legality diagnosis).

use yonin_client::i18n::{set_lang, Lang};
use yonin_client::input::typed_move::{parse_typed_move, TypedMoveError, TypedMoveMessage};
use yonin_client::state::table::Choice;
use yonin_core::parse_start;
use yonin_core::protocol::GameRequest;
use yonin_core::record::notation;
use yonin_core::{Game, IllegalMove, Move, Position, RuleSet, Seat, Square};

fn mv(s: &str) -> Move {
    Move::from_usi(s).unwrap()
}

fn sq(s: &str) -> Square {
    Square::from_usi(s).unwrap()
}

/// The game after `moves` (USI, each by the seat to move).
fn game(rules: RuleSet, moves: &[&str]) -> Game {
    let mut g = Game::new(rules);
    for m in moves {
        let seat = g.to_move();
        g.play(seat, mv(m)).unwrap();
    }
    g
}

fn standard(moves: &[&str]) -> Position {
    game(RuleSet::standard(), moves).position().clone()
}

fn sfen(text: &str) -> Position {
    parse_start(&RuleSet::standard(), text).unwrap()
}

/// Reads `text` for the seat to move, with no previous move.
fn typed(pos: &Position, text: &str) -> Result<Choice, TypedMoveError> {
    parse_typed_move(pos, Some(pos.to_move()), None, text)
}

fn play(pos: &Position, text: &str) -> Move {
    match typed(pos, text) {
        Ok(Choice::Play(m)) => m,
        other => panic!("{text}: {other:?}"),
    }
}

fn illegal(pos: &Position, text: &str) -> IllegalMove {
    match typed(pos, text) {
        Err(TypedMoveError::Illegal { why, .. }) => why,
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    }
}

#[test]
fn usi_and_japanese_forms_of_the_first_move() {
    let pos = standard(&[]);
    for text in [
        "7g7f",
        " 7g7f ",
        "７ｇ７ｆ",
        "76歩",
        "７六歩",
        "7六歩",
        "七六歩",
        "▲7六歩",
        "☗７六歩",
    ] {
        assert_eq!(play(&pos, text), mv("7g7f"), "{text}");
    }
    // Drops type with either case of the piece letter.
    let pos = standard(&["7g7f", "3c3d", "8h2b+", "3a2b"]);
    assert_eq!(play(&pos, "B*5e"), mv("B*5e"));
    assert_eq!(play(&pos, "b*5e"), mv("B*5e"));
    assert_eq!(play(&pos, "55角打"), mv("B*5e"));
    assert_eq!(play(&pos, "５５角"), mv("B*5e"));
}

#[test]
fn the_jsa_words_pick_the_piece_and_without_them_the_move_is_ambiguous() {
    // Golds on 6i and 4i can both step to 5h.
    //   ９ ８ ７ ６ ５ ４ ３ ２ １
    //   … 角 …  …  …  …  … 飛 …   八
    //   香 桂 銀 金 玉 金 銀 桂 香   九
    let pos = standard(&[]);
    assert_eq!(play(&pos, "58金右"), mv("4i5h"));
    assert_eq!(play(&pos, "58金左"), mv("6i5h"));
    match typed(&pos, "58金") {
        Err(TypedMoveError::Ambiguous {
            count,
            square,
            piece,
            ..
        }) => {
            assert_eq!((count, square, piece.as_str()), (2, sq("5h"), "金"));
        }
        other => panic!("{other:?}"),
    }
    set_lang(Lang::En);
    let e = typed(&pos, "58金").unwrap_err().message();
    assert!(e.contains("右") && e.contains("5八"), "{e}");
    // 上 and 引 with silvers: the 7i silver goes up to 7h, never back.
    assert_eq!(play(&pos, "78銀"), mv("7i7h"));
    assert_eq!(play(&pos, "78銀上"), mv("7i7h"));
    assert!(matches!(
        typed(&pos, "78銀引"),
        Err(TypedMoveError::NoSuchPiece { .. })
    ));
}

#[test]
fn promotion_words_and_the_promotion_question() {
    let pos = standard(&["7g7f", "3c3d"]);
    assert_eq!(play(&pos, "22角成"), mv("8h2b+"));
    assert_eq!(play(&pos, "22角不成"), mv("8h2b"));
    assert_eq!(play(&pos, "22角生"), mv("8h2b"));
    // USI is exact: no + means no promotion.
    assert_eq!(play(&pos, "8h2b"), mv("8h2b"));
    assert_eq!(play(&pos, "8h2b+"), mv("8h2b+"));
    // Japanese without a word asks, as a click does.
    assert_eq!(
        typed(&pos, "22角"),
        Ok(Choice::AskPromotion {
            plain: mv("8h2b"),
            promoted: mv("8h2b+"),
        })
    );
    // A pawn on the last line must promote: Japanese promotes it, USI names the rule.
    let pos = sfen("4k4/7P1/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(play(&pos, "21歩"), mv("2b2a+"));
    assert_eq!(play(&pos, "21歩成"), mv("2b2a+"));
    assert_eq!(illegal(&pos, "2b2a"), IllegalMove::MustPromote);
    assert_eq!(illegal(&pos, "21歩不成"), IllegalMove::MustPromote);
    assert_eq!(illegal(&pos, "5i5h+"), IllegalMove::CannotPromote);
}

#[test]
fn same_square_as_the_last_move() {
    let g = game(RuleSet::standard(), &["7g7f", "3c3d", "8h2b+"]);
    let pos = g.position();
    let prev = Some(sq("2b"));
    for text in ["同銀", "同　銀", "同 銀", "△同銀"] {
        assert_eq!(
            parse_typed_move(pos, Some(Seat::North), prev, text),
            Ok(Choice::Play(mv("3a2b"))),
            "{text}"
        );
    }
    assert!(matches!(
        parse_typed_move(pos, Some(Seat::North), None, "同銀"),
        Err(TypedMoveError::NotAMove { .. })
    ));
}

#[test]
fn illegal_moves_name_the_rule_they_break() {
    // The gold on 5g is pinned by the rook on 5e against the king on 5i.
    let pos = sfen("4k4/9/9/9/4r4/9/4G4/9/4K4 b - 1");
    assert_eq!(illegal(&pos, "5g6f"), IllegalMove::KingInCheck);
    assert_eq!(illegal(&pos, "66金"), IllegalMove::KingInCheck);
    assert_eq!(play(&pos, "56金"), mv("5g5f"));
    // Nifu: the scene `typed-error` (Sente has a pawn on 7f and one in hand).
    let t = yonin_client::scenes::table("typed-error").unwrap();
    let pos = t.game.position();
    assert_eq!(illegal(pos, "P*7e"), IllegalMove::DoublePawn);
    assert_eq!(illegal(pos, "75歩打"), IllegalMove::DoublePawn);
    assert_eq!(play(pos, "75歩"), mv("7f7e"));
    set_lang(Lang::En);
    let e = typed(pos, "75歩打").unwrap_err().message();
    assert!(e.contains("75歩打") && e.contains("nifu"), "{e}");
    set_lang(Lang::Ja);
    let e = typed(pos, "75歩打").unwrap_err().message();
    assert!(e.contains("二歩"), "{e}");
    set_lang(Lang::En);
    // Other rules, each by name.
    let pos = standard(&[]);
    assert_eq!(illegal(&pos, "P*5e"), IllegalMove::NotInHand);
    assert_eq!(illegal(&pos, "5e5d"), IllegalMove::NoPiece(sq("5e")));
    assert_eq!(illegal(&pos, "5c5d"), IllegalMove::NotYourPiece(sq("5c")));
    assert_eq!(
        illegal(&pos, "7g7e"),
        IllegalMove::CannotReach(sq("7g"), sq("7e"))
    );
    assert_eq!(illegal(&pos, "6i7i"), IllegalMove::OwnPiece(sq("7i")));
}

#[test]
fn bad_text_and_the_wrong_turn_are_refused_clearly() {
    let pos = standard(&[]);
    for text in [
        "hello",
        "7g7",
        "7g7f7e",
        "x",
        "76",
        "76X",
        "7六歩打ち",
        "(77)",
    ] {
        assert!(
            matches!(typed(&pos, text), Err(TypedMoveError::NotAMove { .. })),
            "{text}: {:?}",
            typed(&pos, text)
        );
    }
    assert_eq!(typed(&pos, "  "), Err(TypedMoveError::Empty));
    assert!(matches!(
        typed(&pos, "99龍"),
        Err(TypedMoveError::NoSuchPiece { .. })
    ));
    assert!(matches!(
        typed(&pos, "△3四歩"),
        Err(TypedMoveError::WrongSeatMark { .. })
    ));
    assert_eq!(
        parse_typed_move(&pos, Some(Seat::North), None, "3c3d"),
        Err(TypedMoveError::NotYourTurn)
    );
    assert_eq!(
        parse_typed_move(&pos, None, None, "7g7f"),
        Err(TypedMoveError::NotYourTurn)
    );
    // Every error has a message in every language.
    for lang in Lang::ALL {
        set_lang(lang);
        for text in ["hello", "58金", "99龍", "P*5e"] {
            let e = typed(&pos, text).unwrap_err().message();
            assert!(!e.is_empty() && !e.contains('{'), "{lang:?} {text}: {e}");
        }
    }
    set_lang(Lang::En);
}

/// Every legal move, written as USI, as KI2 and as the record's display text, reads back as
/// itself: in standard positions and for every Yonin seat.
#[test]
fn every_legal_move_reads_back_from_its_own_text() {
    let scene = |name: &str| yonin_client::scenes::table(name).unwrap().game;
    let standard_games = [
        game(RuleSet::standard(), &[]),
        game(
            RuleSet::standard(),
            &[
                "7g7f", "3c3d", "8h2b+", "3a2b", "2g2f", "8c8d", "2f2e", "8d8e",
            ],
        ),
        // Pieces in hand: drops, and 打 where a board piece could also go.
        scene("typed-error"),
        scene("standard-midgame"),
    ];
    let mut yonin_start = Game::new(RuleSet::yonin());
    let mut yonin_games = vec![scene("yonin-west"), scene("yonin-check")];
    // One position per seat to move.
    for _ in 0..4 {
        yonin_games.push(yonin_start.clone());
        let seat = yonin_start.to_move();
        let m = yonin_start.position().legal_moves().as_slice()[0];
        yonin_start.play(seat, m).unwrap();
    }
    let mut checked = 0;
    for g in standard_games.iter().chain(&yonin_games) {
        let pos = g.position();
        let prev = g.moves().last().map(|m| m.mv.to());
        let me = Some(pos.to_move());
        for &m in pos.legal_moves().iter() {
            let usi = m.to_string();
            assert_eq!(
                parse_typed_move(pos, me, prev, &usi),
                Ok(Choice::Play(m)),
                "{usi}"
            );
            let ki2 = notation::ki2_move(pos, m, prev);
            assert_eq!(
                parse_typed_move(pos, me, prev, &ki2),
                Ok(Choice::Play(m)),
                "{ki2} for {usi}"
            );
            let display = notation::display_move(pos, m, prev);
            assert_eq!(
                parse_typed_move(pos, me, prev, &display),
                Ok(Choice::Play(m)),
                "{display} for {usi}"
            );
            checked += 1;
        }
    }
    assert!(checked > 250, "only {checked} moves checked");
}

/// The game view's keyboard path: typing and Enter play a move, the promotion question takes
/// `+`, and Esc is the view's while something is typed.
#[test]
fn typing_in_the_game_view_plays_or_asks() {
    use yonin_client::input::intent::Intent;
    use yonin_client::view::game::GameView;
    let start = yonin_client::scenes::table("standard-start").unwrap();
    let mut view = GameView::new();
    assert!(!view.takes_escape() && view.enter_free());
    assert!(view.type_move(&start, "76", false).is_empty());
    assert_eq!(view.keys.typed, "76");
    assert!(view.takes_escape() && !view.enter_free());
    assert_eq!(view.keys.preview(&start), None, "76 is not a move yet");
    view.type_move(&start, "歩", false);
    assert_eq!(view.keys.preview(&start), Some(mv("7g7f")));
    view.keys.typed = "76".into();
    assert_eq!(
        view.type_move(&start, "歩", true),
        vec![Intent::Game(GameRequest::Move(mv("7g7f")))]
    );
    assert!(view.keys.typed.is_empty() && view.keys.error.is_none());
    // A move that may promote asks; `+` answers.
    let hints = yonin_client::scenes::table("standard-hints").unwrap();
    let mut view = GameView::new();
    assert!(view.type_move(&hints, "22角", true).is_empty());
    assert!(view.takes_escape(), "the promotion question is open");
    assert_eq!(
        view.type_move(&hints, "+", false),
        vec![Intent::Game(GameRequest::Move(mv("8h2b+")))]
    );
    // Not the player's turn: refused, the text kept for correcting.
    let mid = yonin_client::scenes::table("standard-midgame").unwrap();
    let mut view = GameView::new();
    assert_eq!(view.type_move(&mid, "7g7f", true), vec![Intent::Refused]);
    assert_eq!(view.keys.typed, "7g7f");
    assert!(view.keys.error.is_some());
}
