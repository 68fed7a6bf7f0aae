//! The df-pn mate solver: tsume problems (mates in 1 to 9 plies; the composed ones from a
//! public tsume test set, with South's king added in a far corner and the remaining pieces in
//! North's hand, and mates from real games) solved with a first move that the independent
//! exhaustive checks-only search (`find_mate`) confirms, positions without mate reported as
//! such, the budget and the stop flag respected, and the bot playing the long mates it finds.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use yonin_core::bot::{
    find_mate, solve_mate, Bot, Level, Limits, MateVerdict, Score, SearchOptions,
};
use yonin_core::record::sfen;
use yonin_core::{Move, Position, RuleSet};

fn pos(text: &str) -> Position {
    sfen::position(text, &RuleSet::standard()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Does `first` force mate within `plies` plies (odd)? Every defence is checked exhaustively by
/// the iterative checks-only search of `find_mate`.
fn first_move_mates(p: &Position, first: Move, plies: i32) -> bool {
    let stop = Arc::new(AtomicBool::new(false));
    let mut after = p.clone();
    if after.play(first).is_err() || !after.in_check(after.to_move()) {
        return false;
    }
    if plies == 1 {
        return after.legal_moves().is_empty();
    }
    after.legal_moves().iter().all(|&r| {
        let mut x = after.clone();
        x.play_unchecked(r);
        find_mate(&x, plies - 2, 5_000_000, None, &stop).is_some()
    })
}

/// (position, length of the shortest mate in plies, the solution's first move where only
/// one move mates)
const PROBLEMS: [(&str, i32, Option<&str>); 16] = [
    /*
     *   9 8 7 6 5 4 3 2 1
     * a . . . . k . . . .     G*5b, the gold on 5c guarding it.
     * c . . . . G . . . .
     */
    ("4k4/9/4G4/9/9/9/9/9/4K4 b G 1", 1, Some("G*5b")),
    ("9/9/5k3/9/4G4/4P4/9/9/K8 b 3G2r2b4s4n4l17p 1", 5, None),
    ("6knl/6s2/5Pppp/9/9/9/9/9/K8 b G2S2r2b3gs3n3l14p 1", 5, None),
    ("7nl/5+R1gk/6Ppp/9/9/9/9/9/K8 b Gr2b2g4s3n3l15p 1", 5, None),
    (
        "4R2nl/6sk1/6pp1/8p/9/9/9/9/K8 b BGLrb3g3s3n2l15p 1",
        5,
        None,
    ),
    (
        "3sr4/4p4/2Sks1n2/3p1P3/2L3N2/4P1P2/4N4/9/K8 b BNb3gs3l13p 1",
        5,
        None,
    ),
    (
        "9/9/3S5/3p1p3/4kb3/3P2s2/4P4/4N4/K8 b RNrb3g2s2n4l14p 1",
        5,
        None,
    ),
    ("7r1/7k1/4r4/5N+Bp1/8p/9/9/9/K8 b G2Nb3g4sn4l16p 1", 5, None),
    ("9/9/9/4k4/9/4P4/9/9/K8 b 4G2r2b4s4n4l17p 1", 7, None),
    (
        "+R4G1nl/6k2/4ppppp/9/9/9/9/9/K8 b r2b3g4s3n3l13p 1",
        7,
        None,
    ),
    (
        "ln7/1k1+P5/1pp1S4/p8/9/2P6/9/9/8K b BGN2rbg2s2n3l13p 1",
        9,
        None,
    ),
    (
        "ln1p5/2k1p4/1pgP+P4/p8/1P7/P8/9/9/8K b RG2Sr2b2g2s3n3l10p 1",
        9,
        None,
    ),
    (
        "ln7/1k2s4/1pp6/p8/9/3L5/9/9/8K b RBGNrb3g3s2n2l15p 1",
        9,
        None,
    ),
    // From games: both kings and full armies.
    (
        "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42",
        3,
        None,
    ),
    (
        "l2gkg2l/2s3s2/p1nppp1pp/2p3p2/P4P1P1/4n3P/1PPPG1N2/1BKS2+s2/LN3+r3 w RBgl3p 72",
        5,
        None,
    ),
    (
        "lnB2k1+Pl/4g1g2/p1pp2ppp/5r3/3s2P1P/NpPnPP3/P5Sb1/3S5/LNG1KG2L w rs4p 74",
        5,
        None,
    ),
];

/// Positions where the side to move has no mate by checks.
const NO_MATE: [&str; 4] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    // A lone gold: every check is answered by taking it.
    "4k4/9/9/9/9/9/9/9/4K4 b G 1",
    // Rook and gold against a king between its golds: many checks, no mate.
    "3gkg3/9/4P4/9/9/9/9/9/4K4 b RG 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
];

#[test]
fn tsume_problems_are_solved_with_a_mating_first_move() {
    let stop = AtomicBool::new(false);
    for (text, shortest, solution) in PROBLEMS {
        let p = pos(text);
        let MateVerdict::Mate { first, plies } = solve_mate(&p, 200_000, None, &stop, &[]) else {
            panic!("{text}: no mate found");
        };
        let plies = plies as i32;
        assert!(plies % 2 == 1 && plies >= shortest, "{text}: {plies} plies");
        assert!(
            first_move_mates(&p, first, plies),
            "{text}: {first} does not mate in {plies}"
        );
        if let Some(s) = solution {
            assert_eq!(first.to_string(), s, "{text}");
        }
    }
}

#[test]
fn positions_without_mate_are_disproved() {
    let stop = AtomicBool::new(false);
    for text in NO_MATE {
        let p = pos(text);
        assert_eq!(
            solve_mate(&p, 3_000_000, None, &stop, &[]),
            MateVerdict::NoMate,
            "{text}"
        );
        let none = find_mate(&p, 5, 1_000_000, None, &Arc::new(AtomicBool::new(false)));
        assert!(none.is_none(), "{text}: the exhaustive search disagrees");
    }
}

#[test]
fn budget_and_stop_flag_end_the_solve() {
    let nine = pos(PROBLEMS[10].0);
    let stop = AtomicBool::new(false);
    assert_eq!(
        solve_mate(&nine, 50, None, &stop, &[]),
        MateVerdict::Unknown
    );
    let stopped = AtomicBool::new(true);
    assert_eq!(
        solve_mate(&nine, 10_000_000, None, &stopped, &[]),
        MateVerdict::Unknown
    );
    // An elapsed deadline ends it as well.
    let past = std::time::Instant::now();
    let long = pos(NO_MATE[3]);
    let t = std::time::Instant::now();
    assert_eq!(
        solve_mate(&long, 100_000_000, Some(past), &stop, &[]),
        MateVerdict::Unknown
    );
    assert!(t.elapsed().as_millis() < 200);
}

/// A line that would repeat a position of the game is no mate (perpetual check loses): with
/// the position after the mating first move in the history, that move no longer counts.
#[test]
fn a_repeated_position_does_not_count_as_mate() {
    let p = pos(PROBLEMS[0].0);
    let stop = AtomicBool::new(false);
    let mut after = p.clone();
    after.play(Move::from_usi("G*5b").unwrap()).unwrap();
    let verdict = solve_mate(&p, 10_000, None, &stop, &[after.hash()]);
    assert!(
        !matches!(verdict, MateVerdict::Mate { first, .. } if first.to_string() == "G*5b"),
        "{verdict:?}"
    );
}

/// Hard plays a mate in 9 found by df-pn (longer than its exhaustive mate search reaches),
/// and follows it through to the mate against every defence the game tries.
#[test]
fn hard_plays_a_long_mate_to_the_end() {
    let stop = Arc::new(AtomicBool::new(false));
    for text in [PROBLEMS[10].0, PROBLEMS[11].0] {
        let mut p = pos(text);
        let mut bot = Bot::new(Level::Hard, 1);
        // The first move comes from the mate solver, before the main search (no nodes).
        let r = bot.search(
            &p,
            Limits::nodes(400_000),
            &SearchOptions::default(),
            stop.clone(),
            &mut |_| {},
        );
        assert!(
            r.nodes == 0 && matches!(r.score, Score::Mate(n) if n >= 9),
            "{text}: {r:?}"
        );
        let mut plies = 0;
        loop {
            let m = bot
                .choose(&p, Limits::nodes(400_000), stop.clone())
                .unwrap();
            p.play(m).unwrap();
            plies += 1;
            assert!(p.in_check(p.to_move()), "{text}: {m} does not check");
            let replies = p.legal_moves();
            if replies.is_empty() {
                break;
            }
            assert!(plies < 15, "{text}: no mate after {plies} plies");
            // The defence that keeps the king longest by the solver's count: the first reply.
            p.play_unchecked(replies.as_slice()[0]);
            plies += 1;
        }
        assert!(plies <= 15, "{text}: {plies}");
    }
}

/// ```text
///   9  8  7  6  5  4  3  2  1
/// a .  .  .  .  Kn .  .  .  .     North and East are out (their kings turned over);
/// e Kw .  Gs .  .  .  .  .  Ke    South, with a gold in hand, mates West by G*8e
/// g .  Ss .  .  .  .  .  .  .     (the silver guards 9f, the gold on 7e guards 8e).
/// i .  .  .  .  Ks .  .  .  .
/// ```
const YONIN_TWO_LEFT: &str = "4Kn4/9/9/9/Kw1Gs5Ke/9/1Ss7/9/4Ks4 s G/-/-/- ne 1";

#[test]
fn yonin_with_two_seats_left_is_solved_like_standard() {
    let rules = RuleSet::yonin();
    let p = yonin_core::record::ysfen::position(YONIN_TWO_LEFT, &rules).unwrap();
    let stop = AtomicBool::new(false);
    let verdict = solve_mate(&p, 10_000, None, &stop, &[]);
    assert!(
        matches!(verdict, MateVerdict::Mate { first, plies: 1 } if first.to_string() == "G*8e"),
        "{verdict:?}"
    );
    let mut bot = Bot::new(Level::Hard, 2);
    let r = bot.search(
        &p,
        Limits::nodes(100_000),
        &SearchOptions::default(),
        Arc::new(AtomicBool::new(false)),
        &mut |_| {},
    );
    assert_eq!(r.best.map(|m| m.to_string()).as_deref(), Some("G*8e"));
    assert_eq!(r.nodes, 0, "found by the mate solver");
    let mut after = p.clone();
    after.play(r.best.unwrap()).unwrap();
    assert!(after.is_decided_by_elimination() && after.is_live(yonin_core::Seat::South));
    // With three seats live the turn order is no alternation: the solver does not guess.
    let three = "4Kn4/9/9/9/Kw1Gs5Ke/9/1Ss7/9/4Ks4 s G/-/-/- e 1";
    let p3 = yonin_core::record::ysfen::position(three, &rules).unwrap();
    assert_eq!(
        solve_mate(&p3, 10_000, None, &stop, &[]),
        MateVerdict::Unknown
    );
}
