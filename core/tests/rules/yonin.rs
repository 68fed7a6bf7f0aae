//! Yonin shogi rules (docs/rules.md §4), one named test per scenario, the start position's four-fold
//! symmetry, and one test per house rule of `RuleSet` that fails without it.
//!
//! Boards are drawn as seen from South: files 9 → 1 left to right, ranks a → i top to bottom.
//! A piece is its letter and seat (`Ks` = South's king); `x` marks a turned-over king, `*` a
//! frozen piece. "Default kings" are S 5i, W 9e, N 5a, E 1e.

use crate::common;

use common::naive::NPos;
use common::{mv, play, sq, text, yonin, Rng};
use yonin_core::perft::perft;
use yonin_core::record::ysfen;
use yonin_core::{DeadKingPawnDrop, FirstSeat, MateTiming, MatedArmy, MatedHand, PawnPromotion};
use yonin_core::{
    Elimination, EliminationReason, IllegalMove, Move, Piece, PieceKind, Position, RuleSet, Seat,
    Setup, Square,
};

use Seat::{East, North, South, West};

fn rules() -> RuleSet {
    RuleSet::yonin()
}

fn pos(text: &str) -> Position {
    yonin(text, &rules())
}

/// The legal moves (USI) of the piece on `from`, sorted.
fn moves_from(p: &Position, from: &str) -> Vec<String> {
    let f = sq(from);
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == Some(f))
        .map(|m| m.to_string())
        .collect();
    v.sort();
    v
}

fn refusal(p: &Position, m: &str) -> IllegalMove {
    let mut copy = p.clone();
    match copy.play(mv(m)) {
        Err(e) => {
            assert!(!p.is_legal(mv(m)));
            e
        }
        Ok(()) => panic!("{m} was accepted in {}", text(p)),
    }
}

fn legal(p: &Position, m: &str) -> bool {
    let l = p.is_legal(mv(m));
    assert_eq!(
        l,
        p.legal_moves().contains(mv(m)),
        "is_legal disagrees with legal_moves"
    );
    l
}

fn checkmate(seat: Seat, by: Seat) -> Elimination {
    Elimination {
        seat,
        by: Some(by),
        reason: EliminationReason::Checkmate,
    }
}

// ---------------------------------------------------------------------------------------------
// The fourteen scenarios
// ---------------------------------------------------------------------------------------------

/// Scenario 1: checking the seat on your right (East) means you move again after it answers.
///
/// ```text
///   9  8  7  6  5  4  3  2  1
/// a .  .  .  .  Kn .  .  .  .
/// e Kw .  .  .  .  .  .  .  Ke
/// h .  .  .  .  .  .  .  .  Rs     S: 1h1g+check on E; E 1e2d; S again
/// i .  .  .  .  Ks .  .  .  .
/// ```
///
/// As written the rook on 1h already attacks East's king (1g and 1f are empty), so East would be
/// in check with South to move, which play cannot produce; the rule is positional, so the test
/// runs as written and again from the closest sound position (the rook starting on 2g).
#[test]
fn scenario_01_east_answers_then_south_moves_again() {
    let mut p = pos("4Kn4/9/9/9/Kw7Ke/9/9/8Rs/4Ks4 s -/-/-/- - 1");
    play(&mut p, &["1h1g"]);
    assert!(p.in_check(East));
    assert_eq!(p.to_move(), East);
    play(&mut p, &["1e2d"]);
    assert_eq!(
        p.to_move(),
        South,
        "South checked its right-hand neighbour, so moves again"
    );

    // Sound reading: the rook comes from 2g.
    let mut p = pos("4Kn4/9/9/9/Kw7Ke/9/7Rs1/9/4Ks4 s -/-/-/- - 1");
    assert!(p.seats_in_check().is_empty());
    play(&mut p, &["2g1g"]);
    assert_eq!(p.to_move(), East);
    play(&mut p, &["1e2d"]);
    assert_eq!(p.to_move(), South);
}

/// Scenario 2: the checked seat (North) moves out of turn; the seat it skipped (West) loses its
/// turn, and play continues clockwise from North.
///
/// ```text
///   9  8  7  6  5  4  3  2  1
/// a .  .  .  .  Kn .  .  .  .
/// b .  .  .  Rs .  .  .  .  .      S 6b5b+check on N; N 5a5b (takes); E next
/// e Kw .  .  .  .  .  .  .  Ke
/// i .  .  .  .  Ks .  .  .  .
/// ```
#[test]
fn scenario_02_checked_north_moves_and_west_is_skipped() {
    let mut p = pos("4Kn4/3Rs5/9/9/Kw7Ke/9/9/9/4Ks4 s -/-/-/- - 1");
    play(&mut p, &["6b5b"]);
    assert!(p.in_check(North));
    assert_eq!(p.to_move(), North);
    play(&mut p, &["5a5b"]);
    assert_eq!(p.hand(North).count(PieceKind::Rook), 1);
    assert_eq!(p.to_move(), East, "West was skipped");
}

/// Scenario 3: a triple check is answered in clockwise order from the checker.
///
/// ```text
///   9  8  7  6  5  4  3  2  1
/// a .  .  .  .  Kn .  .  .  .
/// e Kw .  .  .  R* .  .  .  Ke     S drops R*5e: W, N and E all in check
/// i .  .  .  .  Ks .  .  .  .      W 9e9d → N 5a4a → E 1e1d → S
/// ```
#[test]
fn scenario_03_triple_check_answered_clockwise() {
    let mut p = pos("4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s R/-/-/- - 1");
    play(&mut p, &["R*5e"]);
    for s in [West, North, East] {
        assert!(p.in_check(s), "{s} in check");
    }
    assert_eq!(p.to_move(), West);
    play(&mut p, &["9e9d"]);
    assert_eq!(p.to_move(), North);
    play(&mut p, &["5a4a"]);
    assert_eq!(p.to_move(), East);
    play(&mut p, &["1e1d"]);
    assert_eq!(p.to_move(), South);
}

/// Scenario 4: the first checked seat answers for everyone by capturing the checker.
///
/// ```text
///   9  8  7  6  5  4  3  2  1
/// a .  .  .  .  Kn .  .  .  .
/// d .  .  .  Gw .  .  .  .  .      S R*5e; W 6d5e takes the rook: nobody in check → N
/// e Kw .  .  .  R* .  .  .  Ke
/// i .  .  .  .  Ks .  .  .  .
/// ```
#[test]
fn scenario_04_capturing_the_checker_lifts_every_check() {
    let mut p = pos("4Kn4/9/9/3Gw5/Kw7Ke/9/9/9/4Ks4 s R/-/-/- - 1");
    play(&mut p, &["R*5e"]);
    assert_eq!(p.to_move(), West);
    play(&mut p, &["6d5e"]);
    assert!(p.seats_in_check().is_empty());
    assert_eq!(p.to_move(), North);
}

/// Scenario 5: a move that uncovers a third seat's rook: the uncovered seat moves next.
///
/// ```text
///   9  8  7  6  5  4  3  2  1
/// a Rw .  Ss .  Kn .  .  .  .      S 7a8b uncovers W's rook on N's king → N (W skipped)
/// e Kw .  .  .  .  .  .  .  Ke
/// i .  .  .  .  Ks .  .  .  .
/// ```
#[test]
fn scenario_05_uncovered_check_by_a_third_seat() {
    let mut p = pos("Rw1Ss1Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s -/-/-/- - 1");
    assert!(!p.in_check(North));
    play(&mut p, &["7a8b"]);
    assert!(p.in_check(North));
    assert_eq!(p.to_move(), North, "W skipped: N is in check");
}

/// Scenario 6: North is mated, but West (also checked) answers first.
///
/// ```text
///   9  8  7  6  5  4  3  2  1
/// a Kn .  .  .  .  .  .  .  .
/// b .  .  Gs .  .  .  .  .  .      S R*9d checks W (rank d) and N (file 9)
/// d R* .  .  Kw .  .  .  .  .      (a) W 8e9d takes the rook → N alive, N to move
/// e .  Sw .  .  .  .  .  .  .      (b) W 6d6c → N has no move → out, credited to W; E next
/// g .  .  .  .  .  .  .  .  Ke
/// i .  .  .  .  Ks .  .  .  .
/// ```
#[test]
fn scenario_06_mate_is_judged_when_the_turn_reaches_the_seat() {
    let start = pos("Kn8/2Gs6/9/3Kw5/1Sw7/9/8Ke/9/4Ks4 s R/-/-/- - 1");
    let mut p = start.clone();
    play(&mut p, &["R*9d"]);
    assert!(p.in_check(West) && p.in_check(North));
    assert!(!p.has_legal_move(North), "North is mated on the board");
    assert!(p.is_live(North), "but not judged yet");
    assert_eq!(p.to_move(), West);

    // (a) West takes the rook: North is no longer in check and stays in the game.
    let mut a = p.clone();
    play(&mut a, &["8e9d"]);
    assert!(a.is_live(North) && !a.in_check(North));
    assert_eq!(a.eliminations().count(), 0);
    assert_eq!(a.to_move(), North);

    // (b) West steps away: the turn reaches North, which has no move.
    let mut b = p.clone();
    play(&mut b, &["6d6c"]);
    assert!(!b.is_live(North));
    assert_eq!(
        b.eliminations().collect::<Vec<_>>(),
        [checkmate(North, West)]
    );
    assert_eq!(b.to_move(), East);

    // House rule "immediately": North is out right after the drop, credited to South.
    let now = RuleSet {
        mate_timing: MateTiming::Immediately,
        ..rules()
    };
    let mut c = yonin(&ysfen::format(&start), &now);
    play(&mut c, &["R*9d"]);
    assert_eq!(
        c.eliminations().collect::<Vec<_>>(),
        [checkmate(North, South)]
    );
    assert_eq!(c.to_move(), West);
}

/// Scenario 7: a turned-over king blocks sliders and cannot be landed on.
///
/// ```text
///   9  8  7  6  5  4  3  2  1
/// a Rw .  .  .  x  .  .  .  .      x = North's turned-over king
/// c .  .  .  .  .  .  .  .  Ke
/// e .  .  .  .  Rs .  .  .  .      S rook: up to 5b only; W rook: along rank a to 6a only
/// g Kw .  .  .  .  .  .  .  .
/// i .  .  .  .  Ks .  .  .  .
/// ```
#[test]
fn scenario_07_turned_over_king_blocks_sliders() {
    let s = pos("Rw3Kn4/9/8Ke/9/4Rs4/9/Kw8/9/4Ks4 s -/-/-/- n 1");
    let up: Vec<String> = moves_from(&s, "5e")
        .into_iter()
        .filter(|m| {
            let to = Move::from_usi(m).unwrap().to();
            to.file() == 5 && to.rank() < 5
        })
        .collect();
    assert_eq!(up, ["5e5b", "5e5b+", "5e5c", "5e5c+", "5e5d"]);
    assert!(!legal(&s, "5e5a"));

    let w = pos("Rw3Kn4/9/8Ke/9/4Rs4/9/Kw8/9/4Ks4 w -/-/-/- n 1");
    let along: Vec<String> = moves_from(&w, "9a")
        .into_iter()
        .filter(|m| m.ends_with('a'))
        .collect();
    assert_eq!(along, ["9a6a", "9a7a", "9a8a"]);
    assert_eq!(refusal(&w, "9a5a"), IllegalMove::KingOnSquare(sq("5a")));
    assert!(!legal(&w, "9a4a"), "no sliding through a turned-over king");
}

/// Scenario 8: frozen pieces attack nothing and may be captured.
///
/// ```text
///   9  8  7  6  5  4  3  2  1
/// a .  .  .  .  x  .  .  .  .      x = North's turned-over king
/// b .  .  .  .  .  G* .  .  .      G* = North's frozen gold (would attack 5c if live)
/// c .  .  .  .  Ks .  .  .  .      S 5c5b and 5c4b (a gold to S's hand) are legal
/// e Kw .  .  .  .  .  .  .  Ke
/// ```
#[test]
fn scenario_08_frozen_pieces_do_not_attack_and_can_be_captured() {
    let p = pos("4Kn4/5Gn3/4Ks4/9/Kw7Ke/9/9/9/9 s -/-/-/- n 1");
    assert!(!p.in_check(South));
    assert!(legal(&p, "5c5b"));
    assert!(legal(&p, "5c4b"));
    let mut q = p.clone();
    play(&mut q, &["5c4b"]);
    assert_eq!(q.hand(South).count(PieceKind::Gold), 1);
    assert_eq!(
        q.piece_at(sq("4b")),
        Some(Piece::of(PieceKind::King, South))
    );
}

/// Scenario 9: South's king move answers East's check and uncovers South's rook on West, which
/// has no reply: West is out, its rook freezes, and North (which it was checking) is free.
///
/// ```text
///   9  8  7  6  5  4  3  2  1
/// a Rw .  .  .  Kn .  .  .  .      W rook checks N along rank a
/// d .  .  .  .  .  .  .  Ke .
/// g Gs .  Ss .  .  .  .  .  .
/// h .  .  .  .  .  Ge .  .  .      E gold checks S
/// i Kw .  .  .  Ks .  .  .  Rs     S 5i6h: S rook now sees W's king on 9i
/// ```
///
/// As written the position cannot arise in play: North is in check while South is to move, so
/// the last mover was East and its move made both checks, but a gold reaching 4h cannot have
/// uncovered rank a. The turn order depends only on the position, so it is tested as written.
#[test]
fn scenario_09_mated_seats_rook_freezes_and_releases_north() {
    let mut p = pos("Rw3Kn4/9/9/7Ke1/9/9/Gs1Ss6/5Ge3/Kw3Ks3Rs s -/-/-/- - 1");
    assert!(p.in_check(South) && p.in_check(North));
    play(&mut p, &["5i6h"]);
    assert_eq!(
        p.eliminations().collect::<Vec<_>>(),
        [checkmate(West, South)]
    );
    assert!(!p.in_check(North), "West's frozen rook attacks nothing");
    assert!(p.is_live(North));
    assert_eq!(p.to_move(), North);
    // The frozen rook can be captured but never moves.
    assert_eq!(p.piece_at(sq("9a")), Some(Piece::of(PieceKind::Rook, West)));
}

/// Scenario 10: uchifuzume against a side seat.
///
/// ```text
///   9  8  7  6  5  4  3  2  1
/// a Kw .  .  .  Kn .  .  .  .      P*9b would mate West (8a: silver, 8b and 9b: gold): illegal
/// b .  .  Ss .  .  .  .  .  .      without the silver on 7b West escapes to 8a: legal
/// c Gs .  .  .  .  .  .  .  .
/// e .  .  .  .  .  .  .  .  Ke
/// i .  .  .  .  Ks .  .  .  .
/// ```
#[test]
fn scenario_10_pawn_drop_mate_of_west_is_illegal() {
    let p = pos("Kw3Kn4/2Ss6/Gs8/9/8Ke/9/9/9/4Ks4 s P/-/-/- - 1");
    assert_eq!(refusal(&p, "P*9b"), IllegalMove::PawnDropMate);
    let q = pos("Kw3Kn4/9/Gs8/9/8Ke/9/9/9/4Ks4 s P/-/-/- - 1");
    assert!(legal(&q, "P*9b"));
}

/// Scenario 11: West's nifu line is its rank; its last line is file 1.
///
/// ```text
///   9  8  7  6  5  4  3  2  1
/// a .  .  .  .  Kn .  .  .  .
/// d .  .  .  ok .  .  .  ok no     P*6d, P*2d legal; P*1d (last line) illegal
/// e Kw .  .  Pw .  .  no .  Ke     P*3e: nifu on rank e
/// i .  .  .  .  Ks .  .  .  .
/// ```
#[test]
fn scenario_11_west_pawn_drops() {
    let p = pos("4Kn4/9/9/9/Kw2Pw4Ke/9/9/9/4Ks4 w -/P/-/- - 1");
    assert_eq!(refusal(&p, "P*3e"), IllegalMove::DoublePawn);
    assert_eq!(refusal(&p, "P*1d"), IllegalMove::NoFurtherMove);
    assert!(legal(&p, "P*6d"));
    assert!(legal(&p, "P*2d"));
}

/// Scenario 12: each seat promotes only in its own zone.
///
/// ```text
///   9  8  7  6  5  4  3  2  1
/// c .  .  ↑  .  .  .  .  .  .      S silver 7d7c: into South's zone, may promote
/// d .  .  Ss .  .  .  .  .  .
/// e Kw .  ↑  .  .  .  .  .  Ke     S silver 7f7e: East's camp, not South's zone: no promotion
/// f .  .  Ss .  .  Sw → .  .  .    W silver 4f3f: into West's zone (files 1-3), may promote
/// ```
#[test]
fn scenario_12_promotion_only_in_the_seats_own_zone() {
    let w = pos("4Kn4/9/9/9/Kw7Ke/5Sw3/9/9/4Ks4 w -/-/-/- - 1");
    assert!(legal(&w, "4f3f") && legal(&w, "4f3f+"));
    let s = pos("4Kn4/9/9/2Ss6/Kw7Ke/2Ss6/9/9/4Ks4 s -/-/-/- - 1");
    assert!(legal(&s, "7f7e"));
    assert_eq!(refusal(&s, "7f7e+"), IllegalMove::CannotPromote);
    assert!(legal(&s, "7d7c") && legal(&s, "7d7c+"));
}

/// Scenario 13: no pawn drop in front of a turned-over king (default), but a pawn may move there.
///
/// ```text
///   9  8  7  6  5  4  3  2  1
/// a .  .  .  .  x  .  .  .  .      x = North's turned-over king
/// b .  .  .  .  ?  .  .  .  .      S pawn 5c5b: legal; P*5b: illegal
/// c .  .  .  .  Ps .  .  .  .
/// e Kw .  .  .  .  .  .  .  Ke
/// i .  .  .  .  Ks .  .  .  .
/// ```
///
/// As written the drop breaks nifu too (South's pawn on 5c is on file 5), so the house rule
/// could not make it legal. The turned-over-king rule is therefore tested from the closest
/// sound position: the same board without the pawn on 5c.
#[test]
fn scenario_13_pawn_drop_in_front_of_a_turned_over_king() {
    let p = pos("4Kn4/9/4Ps4/9/Kw7Ke/9/9/9/4Ks4 s P/-/-/- n 1");
    assert!(legal(&p, "5c5b") && legal(&p, "5c5b+"));
    assert!(!legal(&p, "P*5b"));

    let q = pos("4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s P/-/-/- n 1");
    assert_eq!(refusal(&q, "P*5b"), IllegalMove::PawnDropBeforeDeadKing);
    assert!(legal(&q, "P*5c"));
    let allowed = RuleSet {
        dead_king_pawn_drop: DeadKingPawnDrop::Allowed,
        ..rules()
    };
    let r = yonin(&ysfen::format(&q), &allowed);
    assert!(r.is_legal(mv("P*5b")));
    // Under the house rule the written position's drop is still nifu.
    let r = yonin(&ysfen::format(&p), &allowed);
    assert_eq!(refusal(&r, "P*5b"), IllegalMove::DoublePawn);
}

/// Scenario 14: a discovered check on West by South's rook, while East checks South: South
/// answers first and may never take a king; then West.
///
/// ```text
///   9  8  7  6  5  4  3  2  1
/// a .  .  .  .  Kn .  .  .  .
/// c .  .  .  .  .  .  .  .  Ke
/// d Kw .  .  .  .  .  .  .  .
/// f .  ←  .  .  .  .  .  .  .      E silver 9g8f: checks S on 7g and uncovers S's rook on W
/// g Se .  Ks .  .  .  .  .  .
/// i Rs .  .  .  .  .  .  .  .      S may not play 9i9d; S 7g8f → W to move
/// ```
#[test]
fn scenario_14_no_move_takes_a_king() {
    let mut p = pos("4Kn4/9/8Ke/Kw8/9/9/Se1Ks6/9/Rs8 e -/-/-/- - 1");
    play(&mut p, &["9g8f"]);
    assert!(p.in_check(South) && p.in_check(West));
    assert_eq!(p.to_move(), South);
    assert_eq!(refusal(&p, "9i9d"), IllegalMove::KingOnSquare(sq("9d")));
    play(&mut p, &["7g8f"]);
    assert_eq!(p.to_move(), West);
}

// ---------------------------------------------------------------------------------------------
// Symmetry: the position rotated 90° with the seats relabelled S→W→N→E
// ---------------------------------------------------------------------------------------------

/// South's side goes to West's: square (file, rank) → (rank, 10 − file). 5i → 9e, 9i → 9a.
fn rotate_square(s: Square) -> Square {
    Square::from_file_rank(s.rank(), 10 - s.file()).unwrap()
}

fn rotate_move(m: Move) -> Move {
    match (m.from(), m.drop_kind()) {
        (Some(f), _) => Move::normal(rotate_square(f), rotate_square(m.to()), m.promotes()),
        (None, Some(k)) => Move::drop(k, rotate_square(m.to())),
        _ => unreachable!(),
    }
}

fn rotate(p: &Position) -> Position {
    let mut setup = Setup::from_position(p);
    let old = setup.clone();
    setup.board = [None; 81];
    for s in Square::all() {
        if let Some(pc) = old.board[s.index()] {
            let r = Piece::new(pc.kind(), pc.owner().clockwise(), pc.facing().clockwise());
            setup.board[rotate_square(s).index()] = Some(r);
        }
    }
    for s in Seat::ALL {
        setup.hands[s.clockwise().index()] = old.hands[s.index()];
    }
    setup.to_move = old.to_move.clockwise();
    setup.dead = old.dead.iter().map(|s| s.clockwise()).collect();
    setup
        .into_position(&rules())
        .unwrap_or_else(|e| panic!("rotated {} is invalid: {e}", text(p)))
}

#[test]
fn start_position_is_four_fold_symmetric() {
    let start = Position::start(&rules());
    let mut p = start.clone();
    for seat in [West, North, East, South] {
        p = rotate(&p);
        assert_eq!(p.to_move(), seat);
        let board = |q: &Position| ysfen::format(q).split(' ').next().unwrap().to_string();
        assert_eq!(
            board(&p),
            board(&start),
            "the start board is its own rotation"
        );
        assert_eq!(perft(&p, 3), perft(&start, 3));
    }
}

#[test]
fn rotated_random_positions_have_the_rotated_moves() {
    let mut rng = Rng::new(7);
    let mut compared = 0;
    for game in 0..60 {
        let mut p = Position::start(&rules());
        for ply in 0..200 {
            let r = rotate(&p);
            let mut want: Vec<Move> = p.legal_moves().iter().map(|&m| rotate_move(m)).collect();
            let mut got = r.legal_moves().to_vec();
            want.sort();
            got.sort();
            assert_eq!(got, want, "rotation of {}", text(&p));
            if (game + ply) % 23 == 0 {
                assert_eq!(perft(&r, 3), perft(&p, 3), "perft 3 of {}", text(&p));
            }
            compared += 1;
            if want.is_empty() {
                break;
            }
            let m = want[rng.below(want.len())];
            // Play the unrotated move in p (the rotation of the rotated one four times).
            let back = rotate_move(rotate_move(rotate_move(m)));
            p.play(back).unwrap();
        }
    }
    assert!(compared > 5000);
}

// ---------------------------------------------------------------------------------------------
// House rules
// ---------------------------------------------------------------------------------------------

/// South mates North (9c9b, guarded by the silver); North has a pawn on 1c and one in hand.
///
/// ```text
///   9  8  7  6  5  4  3  2  1
/// a Kn .  .  .  .  .  .  .  .      S 9c9b: North mated (8a, 8b covered by the gold)
/// c Gs Ss .  .  .  .  .  .  Pn
/// e Kw .  .  .  .  .  .  .  Ke
/// i .  .  .  .  Ks .  .  .  .
/// ```
const NORTH_MATED: &str = "Kn8/9/GsSs6Pn/9/Kw7Ke/9/9/9/4Ks4 s -/-/P/- - 1";

#[test]
fn house_rule_mated_army_frozen_or_passed_to_the_mater() {
    let mut p = pos(NORTH_MATED);
    play(&mut p, &["9c9b"]);
    assert_eq!(
        p.eliminations().collect::<Vec<_>>(),
        [checkmate(North, South)]
    );
    assert_eq!(
        p.piece_at(sq("1c")),
        Some(Piece::of(PieceKind::Pawn, North)),
        "frozen"
    );
    assert_eq!(p.to_move(), West);

    let passes = RuleSet {
        mated_army: MatedArmy::PassesToMater,
        ..rules()
    };
    let mut q = yonin(NORTH_MATED, &passes);
    play(&mut q, &["9c9b"]);
    assert_eq!(
        q.piece_at(sq("1c")),
        Some(Piece::new(PieceKind::Pawn, South, North)),
        "owned by South, still facing North"
    );
    // South can now move it, forward for North (toward rank i), once the turn comes round.
    play(&mut q, &["9e9f", "1e1f"]);
    assert_eq!(q.to_move(), South);
    assert!(q.is_legal(mv("1c1d")));
    // Written and read back with its facing.
    let t = ysfen::format(&q);
    assert!(t.contains("Psn"), "{t}");
    assert_eq!(ysfen::format(&yonin(&t, &passes)), t);
}

#[test]
fn house_rule_mated_hand_sealed_or_to_the_mater() {
    let mut p = pos(NORTH_MATED);
    play(&mut p, &["9c9b"]);
    assert_eq!(p.hand(North).count(PieceKind::Pawn), 1, "sealed");
    assert_eq!(p.hand(South).count(PieceKind::Pawn), 0);

    let to_mater = RuleSet {
        mated_hand: MatedHand::ToMater,
        ..rules()
    };
    let mut q = yonin(NORTH_MATED, &to_mater);
    play(&mut q, &["9c9b"]);
    assert_eq!(q.hand(North).count(PieceKind::Pawn), 0);
    assert_eq!(q.hand(South).count(PieceKind::Pawn), 1);
}

#[test]
fn house_rule_pawn_drop_in_front_of_a_turned_over_king() {
    // The same position as scenario 13's sound reading.
    let text = "4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s P/-/-/- n 1";
    assert!(!pos(text).is_legal(mv("P*5b")));
    let allowed = RuleSet {
        dead_king_pawn_drop: DeadKingPawnDrop::Allowed,
        ..rules()
    };
    let mut p = yonin(text, &allowed);
    play(&mut p, &["P*5b"]);
    // The pawn can never move again (5a is a king), and that is allowed.
    assert_eq!(
        p.piece_at(sq("5b")),
        Some(Piece::of(PieceKind::Pawn, South))
    );
}

#[test]
fn house_rule_mate_timing_immediately() {
    // Scenario 6 covers both timings on the same position; this is the "stalemate still waits"
    // half: a seat with no move that is not in check is judged only on its turn.
    //
    //   9  8  7  6  5  4  3  2  1
    // a Kn .  .  .  .  .  .  .  .     North's king boxed in by South's golds, not in check
    // b .  .  Gs .  .  .  .  .  .
    // c Gs .  .  .  .  .  .  .  .
    // e Kw .  .  .  .  .  .  .  Ke
    // i .  .  .  .  Ks .  .  .  .
    let now = RuleSet {
        mate_timing: MateTiming::Immediately,
        ..rules()
    };
    let text = "Kn8/2Gs6/Gs8/9/Kw7Ke/9/9/9/4Ks4 s -/-/-/- - 1";
    for r in [rules(), now] {
        let mut p = yonin(text, &r);
        assert!(!p.in_check(North) && !p.has_legal_move(North));
        play(&mut p, &["5i5h"]);
        assert!(
            p.is_live(North),
            "not in check: not judged after South's move"
        );
        assert_eq!(p.to_move(), West);
        play(&mut p, &["9e9f"]);
        let out = Elimination {
            seat: North,
            by: Some(West),
            reason: EliminationReason::Stalemate,
        };
        assert_eq!(p.eliminations().collect::<Vec<_>>(), [out]);
        assert_eq!(p.to_move(), East);
    }
}

#[test]
fn house_rule_pawn_promotion_on_the_last_two_lines() {
    //   9  8  7  6  5  4  3  2  1
    // a .  .  .  .  Kn .  .  .  .
    // b .  .  .  ?  .  .  .  .  .     6c6b: optional promotion by default, forced on the
    // c .  .  .  Ps .  .  .  .  .     last two lines under the house rule
    let text = "4Kn4/9/3Ps5/9/Kw7Ke/9/9/9/4Ks4 s P/-/-/- - 1";
    let p = pos(text);
    assert!(legal(&p, "6c6b") && legal(&p, "6c6b+"));
    let two = RuleSet {
        pawn_promotion: PawnPromotion::LastTwoLines,
        ..rules()
    };
    let q = yonin(text, &two);
    assert!(q.is_legal(mv("6c6b+")));
    assert_eq!(refusal(&q, "6c6b"), IllegalMove::MustPromote);
    // A pawn may still be dropped on the second-to-last line, and the position reads back.
    let mut r = yonin("4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s P/-/-/- - 1", &two);
    play(&mut r, &["P*7b"]);
    let t = ysfen::format(&r);
    assert_eq!(ysfen::format(&yonin(&t, &two)), t);
    // The reference agrees on the whole move list under the house rule.
    let mut want: Vec<String> = NPos::from_engine(&q, &two).legal_usi();
    want.sort();
    assert_eq!(common::engine_moves(&q), want);
}

#[test]
fn house_rule_first_seat() {
    assert_eq!(Position::start(&rules()).to_move(), South);
    for s in Seat::ALL {
        let r = RuleSet {
            first_seat: FirstSeat::Fixed(s),
            ..rules()
        };
        let p = Position::start(&r);
        assert_eq!(p.to_move(), s);
        assert_eq!(
            p.legal_moves().len(),
            9,
            "every seat has the same 9 opening moves"
        );
    }
}

#[test]
fn house_rule_teams() {
    let teams = RuleSet {
        teams: true,
        ..rules()
    };

    // A partner's rook does not check.
    //   9  8  7  6  5  4  3  2  1
    // a .  .  .  .  Kn .  .  .  .
    // d .  .  .  .  Rn .  .  .  .     North's rook looks down South's file
    // e Kw .  .  .  .  .  .  .  Ke
    // i .  .  .  .  Ks .  .  .  .
    let open = "4Kn4/9/9/4Rn4/Kw7Ke/9/9/9/4Ks4 s -/-/-/- - 1";
    assert!(
        pos(open).in_check(South),
        "alone, North's rook checks South"
    );
    assert!(
        !yonin(open, &teams).in_check(South),
        "partners do not check each other"
    );
    // A partner's piece cannot be captured (South's rook on 5g against North's on 5d).
    let text = "4Kn4/9/9/4Rn4/Kw7Ke/9/4Rs4/9/4Ks4 s -/-/-/- - 1";
    assert!(pos(text).is_legal(mv("5g5d")));
    assert_eq!(
        refusal(&yonin(text, &teams), "5g5d"),
        IllegalMove::OwnPiece(sq("5d"))
    );

    // A move may not leave the partner's king in check.
    //   9  8  7  6  5  4  3  2  1
    // a .  .  .  .  Kn .  .  .  .
    // c .  .  .  .  Ss .  .  .  .     South's silver shields North from West's rook
    // d .  .  .  .  Rw .  .  .  .
    // e Kw .  .  .  .  .  .  .  Ke
    // g .  .  .  .  Ps .  .  .  .     (and a pawn shields South)
    // i .  .  .  .  Ks .  .  .  .
    let shield = "4Kn4/9/4Ss4/4Rw4/Kw7Ke/9/4Ps4/9/4Ks4 s -/-/-/- - 1";
    assert!(pos(shield).is_legal(mv("5c6b")));
    assert_eq!(
        refusal(&yonin(shield, &teams), "5c6b"),
        IllegalMove::PartnerInCheck
    );

    // The first mate of an opponent ends the game for the team.
    //   9  8  7  6  5  4  3  2  1
    // a Kw .  .  .  Kn .  .  .  .     G*9b mates West (guarded by the gold on 9c)
    // b .  .  Ss .  .  .  .  .  .
    // c Gs .  .  .  .  .  .  .  .
    let mate = "Kw3Kn4/2Ss6/Gs8/9/8Ke/9/9/9/4Ks4 s G/-/-/- - 1";
    let mut alone = pos(mate);
    play(&mut alone, &["G*9b"]);
    assert!(
        !alone.is_live(West) && !alone.legal_moves().is_empty(),
        "alone: play goes on"
    );
    let mut together = yonin(mate, &teams);
    play(&mut together, &["G*9b"]);
    assert!(!together.is_live(West));
    assert!(together.is_decided_by_elimination());
    assert!(together.legal_moves().is_empty(), "teams: the game is over");
}
