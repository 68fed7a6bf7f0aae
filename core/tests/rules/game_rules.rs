//! Game-level rules of docs/rules.md §3–4: sennichite, perpetual check, impasse declaration,
//! resignation, move limit, and the events a game yields.

use yonin_core::impasse::{ImpasseRefusal, ImpasseVerdict};
use yonin_core::record::{sfen, ysfen};
use yonin_core::ImpasseRule;
use yonin_core::{EndReason, Event, Game, GameError, Move, RuleSet, Seat};

fn mv(s: &str) -> Move {
    Move::from_usi(s).unwrap()
}

fn standard_game(text: &str) -> Game {
    let rules = RuleSet::standard();
    Game::from_position(rules, sfen::position(text, &rules).unwrap())
}

fn play_all(g: &mut Game, moves: &[&str]) -> Vec<Event> {
    let mut last = Vec::new();
    for m in moves {
        let seat = g.to_move();
        last = g.play(seat, mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    last
}

#[test]
fn sennichite_fourth_occurrence_is_a_draw() {
    let mut g = standard_game("startpos");
    let cycle = ["5i5h", "5a5b", "5h5i", "5b5a"];
    let moves: Vec<&str> = cycle.iter().cycle().take(12).copied().collect();
    play_all(&mut g, &moves[..11]);
    assert!(
        !g.is_over(),
        "only the third occurrence after 8 moves; 11 moves played"
    );
    let events = play_all(&mut g, &moves[11..]);
    let o = g
        .outcome()
        .expect("the start position occurred a fourth time");
    assert_eq!(o.reason, EndReason::Repetition);
    assert!(o.is_draw());
    assert!(matches!(events.last(), Some(Event::GameOver(_))));
}

/// ```text
///   9 8 7 6 5 4 3 2 1
/// a . . . . . . . . v   v = Gote king, chased by the rook between ranks a and b
/// b . . . . . . . . .
/// c R . . . . . . . .
/// i . . . . K . . . .
/// ```
#[test]
fn perpetual_check_loses_for_the_checking_side() {
    let mut g = standard_game("8k/9/R8/9/9/9/9/9/4K4 b - 1");
    let mut moves = vec!["9c9a", "1a1b"];
    for _ in 0..3 {
        moves.extend(["9a9b", "1b1a", "9b9a", "1a1b"]);
    }
    // The position after 9c9a (rook 9a, king 1a, Gote to move) recurs after plies 5, 9, 13.
    moves.truncate(12);
    play_all(&mut g, &moves);
    assert!(!g.is_over());
    play_all(&mut g, &["9b9a"]);
    let o = g.outcome().expect("fourth occurrence");
    assert_eq!(o.reason, EndReason::PerpetualCheck);
    assert_eq!(
        o.winner(),
        Some(Seat::North),
        "Sente checked with every move and loses"
    );
}

const IMPASSE_BOARD: &str = "RGGS1SGGB/3SKS3/9/9/9/9/9/9/4k4";

fn impasse(
    board: &str,
    side: &str,
    hand: &str,
    rule: ImpasseRule,
) -> Result<ImpasseVerdict, GameError> {
    let rules = RuleSet {
        impasse: rule,
        ..RuleSet::standard()
    };
    let text = format!("{board} {side} {hand} 1");
    let mut g = Game::from_position(rules, sfen::position(&text, &rules).unwrap());
    let seat = g.to_move();
    let verdict = g.impasse_verdict(seat);
    let declared = g.declare_impasse(seat);
    match verdict {
        Ok(v) => {
            assert!(declared.is_ok() && g.is_over());
            Ok(v)
        }
        Err(e) => {
            assert!(
                declared.is_err() && !g.is_over(),
                "a rejected declaration lets play go on"
            );
            Err(GameError::Impasse(e))
        }
    }
}

#[test]
fn impasse_27_point_rule_boundaries_for_sente() {
    // Ten pieces in the zone worth 18 points, plus pawns in hand.
    assert_eq!(
        impasse(IMPASSE_BOARD, "b", "10P", ImpasseRule::Points27),
        Ok(ImpasseVerdict::Win { points: 28 })
    );
    assert_eq!(
        impasse(IMPASSE_BOARD, "b", "9P", ImpasseRule::Points27),
        Err(GameError::Impasse(ImpasseRefusal::TooFewPoints {
            have: 27,
            need: 28
        }))
    );
}

#[test]
fn impasse_27_points_suffice_for_gote() {
    let board = "4K4/9/9/9/9/9/9/3sks3/bggs1sggr";
    assert_eq!(
        impasse(board, "w", "9p", ImpasseRule::Points27),
        Ok(ImpasseVerdict::Win { points: 27 })
    );
    assert!(impasse(board, "w", "8p", ImpasseRule::Points27).is_err());
}

#[test]
fn impasse_needs_ten_pieces_in_the_zone() {
    // The silver on 4b moves to hand: 9 pieces in the zone, points unchanged.
    let board = "RGGS1SGGB/3SK4/9/9/9/9/9/9/4k4";
    assert_eq!(
        impasse(board, "b", "S10P", ImpasseRule::Points27),
        Err(GameError::Impasse(ImpasseRefusal::TooFewPieces(9)))
    );
}

#[test]
fn impasse_needs_the_king_in_the_zone_and_not_in_check() {
    let king_out = "RGGS1SGGB/3S1S3/9/4K4/9/9/9/9/4k4";
    assert_eq!(
        impasse(king_out, "b", "10P", ImpasseRule::Points27),
        Err(GameError::Impasse(ImpasseRefusal::KingNotInZone))
    );
    // A Gote rook on 5f checks the king on 5b; the rook in hand becomes a pawn's worth less.
    let checked = "1GGS1SGGB/3SKS3/9/9/9/4r4/9/9/4k4";
    assert_eq!(
        impasse(checked, "b", "R10P", ImpasseRule::Points27),
        Err(GameError::Impasse(ImpasseRefusal::InCheck))
    );
}

#[test]
fn impasse_24_point_rule_wins_draws_and_rejects() {
    assert_eq!(
        impasse(IMPASSE_BOARD, "b", "13P", ImpasseRule::Points24),
        Ok(ImpasseVerdict::Win { points: 31 })
    );
    assert_eq!(
        impasse(IMPASSE_BOARD, "b", "6P", ImpasseRule::Points24),
        Ok(ImpasseVerdict::Draw { points: 24 })
    );
    assert_eq!(
        impasse(IMPASSE_BOARD, "b", "12P", ImpasseRule::Points24),
        Ok(ImpasseVerdict::Draw { points: 30 })
    );
    assert!(impasse(IMPASSE_BOARD, "b", "5P", ImpasseRule::Points24).is_err());
}

#[test]
fn resignation_ends_a_standard_game_at_any_time() {
    let mut g = standard_game("startpos");
    g.play(Seat::South, mv("7g7f")).unwrap();
    let events = g.resign(Seat::South).unwrap();
    assert_eq!(g.outcome().unwrap().winner(), Some(Seat::North));
    assert_eq!(g.outcome().unwrap().reason, EndReason::Resignation);
    assert!(matches!(events.last(), Some(Event::GameOver(_))));
    assert_eq!(g.play(Seat::North, mv("3c3d")), Err(GameError::GameOver));
}

#[test]
fn checkmate_ends_a_standard_game() {
    // Fool's-mate-like: Gote's king on 5a, Sente gold drop 5b supported by a silver on 5c.
    let mut g = standard_game("4k4/9/4S4/9/9/9/9/9/4K4 b G 1");
    let events = g.play(Seat::South, mv("G*5b")).unwrap();
    let o = g.outcome().expect("mate");
    assert_eq!(o.reason, EndReason::Checkmate);
    assert_eq!(o.winner(), Some(Seat::South));
    assert!(events.iter().any(
        |e| matches!(e, Event::Checks { by: Seat::South, seats } if seats == &vec![Seat::North])
    ));
}

#[test]
fn moves_out_of_turn_are_refused() {
    let mut g = standard_game("startpos");
    assert_eq!(
        g.play(Seat::North, mv("3c3d")),
        Err(GameError::NotYourTurn(Seat::North))
    );
    assert!(matches!(
        g.play(Seat::South, mv("7g7e")),
        Err(GameError::Illegal(_))
    ));
    assert_eq!(g.moves().len(), 0);
}

#[test]
fn move_limit_ends_in_a_draw() {
    let rules = RuleSet {
        move_limit: Some(4),
        ..RuleSet::standard()
    };
    let mut g = Game::new(rules);
    play_all(&mut g, &["7g7f", "3c3d", "2g2f"]);
    assert!(!g.is_over());
    play_all(&mut g, &["8c8d"]);
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, EndReason::MoveLimit);
    assert!(o.is_draw());
}

#[test]
fn yonin_resignation_waits_for_the_seats_turn() {
    let mut g = Game::new(RuleSet::yonin());
    let events = g.resign(Seat::West).unwrap();
    assert_eq!(events, vec![Event::ResignationQueued { seat: Seat::West }]);
    assert!(g.position().is_live(Seat::West));
    let events = g.play(Seat::South, mv("5g5f")).unwrap();
    assert!(
        !g.position().is_live(Seat::West),
        "taken when West's turn came"
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Eliminated(el) if el.seat == Seat::West && el.by.is_none())));
    assert_eq!(
        g.to_move(),
        Seat::North,
        "play continues as if West had moved"
    );
    assert_eq!(events.last(), Some(&Event::Turn { seat: Seat::North }));
}

#[test]
fn yonin_game_ends_with_a_ranking() {
    let mut g = Game::new(RuleSet::yonin());
    g.resign(Seat::South).unwrap();
    assert_eq!(g.to_move(), Seat::West);
    g.resign(Seat::West).unwrap();
    g.resign(Seat::North).unwrap();
    let o = g.outcome().expect("one seat left");
    assert_eq!(o.winner(), Some(Seat::East));
    assert_eq!(
        o.places,
        vec![
            vec![Seat::East],
            vec![Seat::North],
            vec![Seat::West],
            vec![Seat::South]
        ]
    );
    assert_eq!(o.place_of(Seat::South), Some(4));
    // The survivor is written as the seat to move.
    assert!(ysfen::format(g.position()).contains(" e -/-/-/- swn "));
}

#[test]
fn yonin_flag_eliminates_the_seat() {
    let mut g = Game::new(RuleSet::yonin());
    let events = g.flag(Seat::South).unwrap();
    assert!(!g.position().is_live(Seat::South));
    assert_eq!(g.to_move(), Seat::West);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Eliminated(el) if el.seat == Seat::South)));
    assert!(!g.is_over());
}

#[test]
fn usi_startpos_is_the_even_start_even_under_a_handicap_rule_set() {
    use yonin_core::record::usi::parse_position_line;
    use yonin_core::Handicap;
    let rules = RuleSet {
        handicap: Handicap::Bishop,
        ..RuleSet::standard()
    };
    let (start, _, _) = parse_position_line("position startpos moves 7g7f", &rules).unwrap();
    assert_eq!(sfen::format(&start), sfen::START);
}
