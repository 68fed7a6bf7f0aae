//! The client's logic without a window: start the embedded server, connect through the `net`
//! module (via `Session`, as the game screen does), create an offline Yonin game with three
//! computer players, play random legal moves for the person until the game ends, and check
//! the ranking.

use std::time::{Duration, Instant};
use yonin_client::session::{Link, Session};
use yonin_core::protocol::{BotLevel, RoomSettings};
use yonin_core::{RuleSet, Seat};

/// A small deterministic random source (xorshift), so a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The shortest time between two of the scripted person's moves.
const MOVE_PACE: Duration = Duration::from_millis(60);

#[test]
fn an_offline_yonin_game_against_three_bots_runs_to_its_end() {
    let rules = RuleSet {
        // A safety net: the game ends for sure, with the live seats sharing places.
        move_limit: Some(600),
        ..RuleSet::yonin()
    };
    let mut settings = RoomSettings::new("offline test", rules);
    settings.bots = vec![
        (Seat::West, BotLevel::Beginner),
        (Seat::North, BotLevel::Beginner),
        (Seat::East, BotLevel::Beginner),
    ];
    settings.host_seat = Some(Seat::South);
    let mut session = Session::offline("Tester", settings);

    let started = Instant::now();
    let mut rng = Rng(0x5eed_1234_abcd_0001);
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
