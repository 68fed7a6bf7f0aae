//! The client's logic without a window: start the embedded server, connect through the `net`
//! module (via `Session`, as the game screen does), create an offline Yonin game with three
//! computer players, play random legal moves for the person until the game ends, and check
//! the ranking.

use std::time::{Duration, Instant};
use yonin_client::state::session::{Link, Session};
use yonin_core::protocol::{ClientMessage, GameRequest, RoomSettings};
use yonin_core::BotLevel;
use yonin_core::{RuleSet, Seat};

/// A Yonin room for the person in South against three Beginner computers, ending by
/// `move_limit` plies at the latest.
fn yonin_against_beginners(name: &str, move_limit: u32) -> RoomSettings {
    let rules = RuleSet {
        move_limit: Some(move_limit),
        ..RuleSet::yonin()
    };
    let mut settings = RoomSettings::new(name, rules);
    settings.bots = [Seat::West, Seat::North, Seat::East]
        .map(|s| (s, BotLevel::Beginner))
        .to_vec();
    settings.host_seat = Some(Seat::South);
    settings
}

/// The shortest time between two of the scripted person's moves.
const MOVE_PACE: Duration = Duration::from_millis(60);

#[test]
fn an_offline_yonin_game_against_three_bots_runs_to_its_end() {
    // A safety net: the game ends for sure, with the live seats sharing places.
    let mut session = Session::offline("Tester", yonin_against_beginners("offline test", 600));

    let started = Instant::now();
    let mut rng = yonin_testkit::Rng::new(0x5eed_1234_abcd_0001);
    // The number of moves the table had when we last sent ours (wait for it to change).
    let mut sent_at: Option<usize> = None;
    let mut my_moves = 0;
    let mut last_sent: Option<Instant> = None;
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "the game did not end in time"
        );
        let now = started.elapsed().as_secs_f64();
        session.pump_blocking(now, Duration::from_millis(50));
        if let Link::Closed(why) = &session.link {
            panic!("the connection closed: {why}");
        }
        let Some(table) = &session.table else {
            continue;
        };
        if table.is_over() {
            break;
        }
        let n = table.game.moves().len();
        if sent_at.is_some_and(|s| s == n) {
            // Our move is on its way; rejected moves come back as notices.
            if let Some(notice) = session.notices.last() {
                panic!("a legal move was refused: {}", notice.text);
            }
            continue;
        }
        sent_at = None;
        // A person moves at most a few times a second; the server limits every connection to
        // 20 messages a second, and bots answer in milliseconds, so pace our moves like one.
        if last_sent.is_some_and(|t: Instant| t.elapsed() < MOVE_PACE) {
            continue;
        }
        if table.my_turn() {
            let legal = table.legal_moves();
            assert!(!legal.is_empty(), "my turn without a legal move");
            let mv = legal[rng.below(legal.len())];
            session.play(mv);
            last_sent = Some(Instant::now());
            sent_at = Some(n);
            my_moves += 1;
        }
    }
    let table = session
        .table
        .as_ref()
        .expect("the table stays after the end");
    let outcome = table.outcome.as_ref().expect("an outcome");
    let mut ranked: Vec<Seat> = outcome.places.iter().flatten().copied().collect();
    assert_eq!(ranked.len(), 4, "every seat is ranked: {outcome:?}");
    ranked.sort();
    ranked.dedup();
    assert_eq!(ranked.len(), 4, "no seat is ranked twice: {outcome:?}");
    assert!(my_moves > 0, "the person played");
    // The record panel has a line for every move.
    assert_eq!(table.record.len(), table.game.moves().len());
    eprintln!(
        "offline game: {} moves ({my_moves} by the person), {:?}, {:.1} s",
        table.game.moves().len(),
        outcome,
        started.elapsed().as_secs_f64()
    );
}

/// The pace the player chose reaches the embedded server: after the person's move the three
/// computer replies reach the table one at a time, each at least the pace after the one
/// before; after the person resigns, "skip to the result" lets the computers finish at once.
#[test]
fn computer_moves_come_at_the_players_pace_and_a_skip_finishes_the_game() {
    let mut session = Session::offline("Tester", yonin_against_beginners("paced", 200));
    const PACE_MS: u32 = 300;
    session.set_bot_pace(PACE_MS);
    let started = Instant::now();
    let now = |s: &Instant| s.elapsed().as_secs_f64();
    let moves = |s: &Session| s.table.as_ref().map_or(0, |t| t.game.moves().len());
    // Our first turn.
    while !session.table.as_ref().is_some_and(|t| t.my_turn()) {
        assert!(started.elapsed() < Duration::from_secs(20), "no first turn");
        session.pump_blocking(now(&started), Duration::from_millis(20));
        session.set_bot_pace(PACE_MS);
    }
    let mv = session.table.as_ref().unwrap().legal_moves()[0];
    session.play(mv);
    // Each reply as it reaches the table.
    let mut seen = moves(&session);
    let mut arrivals = Vec::new();
    while arrivals.len() < 4 {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the replies did not come"
        );
        session.pump_blocking(now(&started), Duration::from_millis(5));
        let n = moves(&session);
        for _ in seen..n {
            arrivals.push(Instant::now());
        }
        seen = n;
    }
    // arrivals[0] is our own move; then West, North, East.
    for pair in arrivals[1..].windows(2) {
        let gap = pair[1] - pair[0];
        assert!(
            gap >= Duration::from_millis(u64::from(PACE_MS) - 60),
            "replies {gap:?} apart at a {PACE_MS} ms pace"
        );
    }
    // Out of the game, the player skips. At a 3 s pace the rest (up to 200 plies) would take
    // minutes; skipped, it takes seconds.
    session.set_bot_pace(3_000);
    session.send(ClientMessage::Game(GameRequest::Resign));
    let out = Instant::now();
    let mut hurried = false;
    while !session.table.as_ref().is_some_and(|t| t.is_over()) {
        assert!(
            out.elapsed() < Duration::from_secs(30),
            "the game did not end after the skip"
        );
        session.pump_blocking(now(&started), Duration::from_millis(20));
        let resigned = session
            .table
            .as_ref()
            .is_some_and(|t| t.game.position().dead().any(|s| s == Seat::South));
        if resigned && !hurried {
            assert!(session.hosts_room(), "the offline player hosts the room");
            session.hurry_bots();
            hurried = true;
        }
    }
    let left = session.table.as_ref().unwrap().game.moves().len() - seen;
    eprintln!(
        "skipped to the result: {left} plies in {:.1} s",
        out.elapsed().as_secs_f64()
    );
}
