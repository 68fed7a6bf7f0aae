//! Game review: a bishop given for a pawn is marked `??` with the recapture unmarked, the
//! end of a mated game is judged lost for the mated side, a Yonin review values every seat in
//! the game, an illegal move is refused, and the comments a review writes survive KIF and
//! Yonin record files.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;
use yonin_core::bot::review::{self, Mark, ReviewOptions, Reviewer, Value};
use yonin_core::record::files as records;
use yonin_core::record::game_record::GameRecord;
use yonin_core::{Move, Position, RuleSet, Seat};

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|m| Move::from_usi(m).expect("a USI move"))
        .collect()
}

fn options() -> ReviewOptions {
    ReviewOptions {
        movetime: Duration::from_millis(150),
        threads: 1,
        hash_mb: 16,
    }
}

fn no_stop() -> Arc<AtomicBool> {
    Arc::new(AtomicBool::new(false))
}

#[test]
fn a_bishop_for_a_pawn_is_a_blunder() {
    let start = Position::start(&RuleSet::standard());
    let played = moves("7g7f 8c8d 8h3c+ 2b3c 2g2f");
    let mut calls = Vec::new();
    let r = review::review(
        &start,
        &played,
        options(),
        &no_stop(),
        &mut |done, total| calls.push((done, total)),
    )
    .expect("the moves are legal");
    assert_eq!(calls.len(), 6, "one progress report per position");
    assert_eq!(calls.last(), Some(&(6, 6)));
    assert_eq!(r.judgements.len(), 6);
    assert_eq!(r.moves.len(), 5);
    let blunder = &r.moves[2];
    assert_eq!(blunder.played, played[2]);
    assert_eq!(blunder.seat, Seat::South);
    assert_eq!(blunder.mark, Some(Mark::Blunder), "{blunder:?}");
    assert!(blunder.loss() >= review::BLUNDER);
    let better = blunder
        .better
        .as_ref()
        .expect("the engine had a better move");
    assert_ne!(better.first(), Some(&played[2]));
    // The recapture is what the engine plays.
    assert_eq!(r.moves[3].mark, None, "{:?}", r.moves[3]);
    assert!(r.judgements[3].win_chance(Seat::North) > 0.6);
    // Standard values are one number from both sides.
    for j in &r.judgements {
        let (s, n) = (
            j.values[Seat::South].unwrap(),
            j.values[Seat::North].unwrap(),
        );
        assert_eq!(s.negate(), n);
        assert_eq!(j.values[Seat::West], None);
    }
}

#[test]
fn a_mated_side_has_lost() {
    // North mates South with a gold dropped on 5h, guarded by the gold on 5g.
    let rules = RuleSet::standard();
    let start =
        yonin_core::record::sfen::position("4k4/9/9/9/9/9/4g4/9/4K4 w g 1", &rules).unwrap();
    let r = review::review(
        &start,
        &moves("G*5h"),
        options(),
        &no_stop(),
        &mut |_, _| {},
    )
    .unwrap();
    let last = r.judgements.last().unwrap();
    assert_eq!(last.values[Seat::South], Some(Value::MatedIn(0)));
    assert_eq!(last.values[Seat::North], Some(Value::MateIn(0)));
    assert!(last.line.is_empty());
    assert_eq!(r.moves[0].mark, None, "the mating move loses nothing");
}

#[test]
fn yonin_values_every_seat_in_the_game() {
    let start = Position::start(&RuleSet::yonin());
    // Four moves, one by each seat (the first legal move of each position).
    let mut pos = start.clone();
    let mut played = Vec::new();
    for _ in 0..4 {
        let m = pos.legal_moves().as_slice()[0];
        pos.play(m).unwrap();
        played.push(m);
    }
    let r = review::review(&start, &played, options(), &no_stop(), &mut |_, _| {}).unwrap();
    assert_eq!(r.moves.len(), 4);
    for j in &r.judgements {
        for seat in Seat::ALL {
            assert!(j.values[seat].is_some(), "{seat:?} has a value");
        }
        assert!(!j.line.is_empty());
    }
    let mut rec = GameRecord::from_moves(RuleSet::yonin(), &start, &played).unwrap();
    review::annotate(&mut rec, &r).unwrap();
    let text = records::write_ysfen(&rec).unwrap();
    assert_eq!(text.matches("# review: ↑").count(), 4, "{text}");
    let back = records::read_ysfen(&text).unwrap();
    assert_eq!(back.comments, rec.comments);
    assert_eq!(back.moves, rec.moves);
}

#[test]
fn an_illegal_move_is_refused() {
    let start = Position::start(&RuleSet::standard());
    let Err(e) = Reviewer::new(&start, &moves("7g7f 7g7f"), options()) else {
        panic!("the second move cannot be played");
    };
    assert_eq!(e.number, 2);
    assert!(e.to_string().contains("move 2"), "{e}");
}

#[test]
fn review_comments_survive_kif() {
    let start = Position::start(&RuleSet::standard());
    let played = moves("7g7f 8c8d 8h3c+ 2b3c");
    let mut rec = GameRecord::from_moves(RuleSet::standard(), &start, &played).unwrap();
    let r = review::review(&start, &played, options(), &no_stop(), &mut |_, _| {}).unwrap();
    review::annotate(&mut rec, &r).unwrap();
    let kif = records::write(&rec, yonin_core::record::RecordFormat::Kif).unwrap();
    // Every move has its evaluation line; the blunder its mark and the better line.
    assert_eq!(kif.matches("\n*review: ").count(), 4, "{kif}");
    let after_blunder = kif
        .split_once("角成(88)")
        .map(|(_, rest)| rest)
        .expect("the bishop move is in the record");
    let next_move = after_blunder.find("同　角(22)").unwrap();
    assert!(
        after_blunder[..next_move].contains(" ??\n*better: ▲"),
        "{kif}"
    );
    let back = yonin_core::record::kif::read(&kif).unwrap();
    assert_eq!(back.comments, rec.comments);
    assert_eq!(back.moves.len(), 4);
}
