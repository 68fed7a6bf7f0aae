//! Tests of the Yonin search against a plain alpha-beta over the same BRS+ tree: every child
//! of a node must be searched in the same layer state, whatever window PVS gives it.

use super::*;
use crate::bot::eval_yonin::evaluate;
use crate::rules::RuleSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The BRS+ tree written out once more, searched by textbook alpha-beta: a max node tries all
/// moves, a min node that has not branched tries all moves (depth − 1, branched) and first the
/// branch handed on by its ordering move when another opponent moves next (depth unchanged, up
/// to `hand_on_plies`), a branched min node plays its ordering move only.
fn reference(
    b: &mut Brs,
    pos: &Position,
    depth: i32,
    mut alpha: i32,
    mut beta: i32,
    ply: usize,
    branched: bool,
) -> i32 {
    if let Some(s) = b.terminal(pos, ply) {
        return s;
    }
    if let Some(s) = b.repetition(pos.hash(), ply) {
        return s;
    }
    if depth <= 0 {
        return b.qsearch(pos, alpha, beta, ply, 0);
    }
    if ply >= MAX_PLY - 4 {
        return evaluate(pos, b.root);
    }
    let list = pos.legal_moves();
    if list.is_empty() {
        return evaluate(pos, b.root);
    }
    let maxing = b.is_max(pos, pos.to_move());
    let mut children: Vec<(Move, i32, bool)> = Vec::new();
    if maxing {
        children.extend(list.iter().map(|&m| (m, depth - 1, false)));
    } else {
        let om = b.ordering_move(pos, list.as_slice(), 0);
        if branched {
            children.push((om, depth, true));
        } else {
            let mut c = pos.clone();
            c.play_unchecked(om);
            let next_opponent = !b.is_max(&c, c.to_move());
            if ply <= b.hand_on_plies && next_opponent && b.terminal(&c, ply + 1).is_none() {
                children.push((om, depth, false));
            }
            children.extend(list.iter().map(|&m| (m, depth - 1, true)));
        }
    }
    let mut best = if maxing { -INF } else { INF };
    for (m, d, br) in children {
        let mut c = pos.clone();
        c.play_unchecked(m);
        b.push(pos, &c);
        let s = reference(b, &c, d, alpha, beta, ply + 1, br);
        b.path.pop();
        if maxing {
            best = best.max(s);
            alpha = alpha.max(s);
        } else {
            best = best.min(s);
            beta = beta.min(s);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Positions of seeded random Yonin games after `plies` moves.
fn random_position(seed: u64, plies: usize) -> Position {
    let game = crate::bot::random_games::random_game(&RuleSet::yonin(), seed, plies);
    game.last().expect("the start at least").clone()
}

fn control() -> Control {
    let stop = Arc::new(AtomicBool::new(false));
    let long = Duration::from_secs(3600);
    Control::new(long, long, u64::MAX, stop)
}

#[test]
fn search_scores_the_same_tree_as_plain_alpha_beta() {
    let mut compared = 0;
    for (seed, plies) in [(7u64, 8usize), (11, 20), (23, 36), (41, 60)] {
        let pos = random_position(seed, plies);
        if pos.legal_moves().len() < 2 || pos.is_decided_by_elimination() {
            continue;
        }
        // Every opponent may branch at every layer; then (Hard) only in the first layer.
        let settings = (1..=4).map(|d| (d, MAX_PLY)).chain([(4, 3), (5, 3)]);
        for (depth, hand_on_plies) in settings {
            let (mut ctl, tt, mut ord) = (control(), Tt::new(4), Ordering::new());
            let mut b = Brs::new(&mut ctl, &tt, &mut ord, pos.to_move(), &[]);
            b.exact = true;
            b.hand_on_plies = hand_on_plies;
            b.path.push((pos.hash(), 0));
            let mut moves = pos.legal_moves().to_vec();
            let (_, got) = b.root_search(&pos, &mut moves, depth).expect("a move");

            let (mut ctl, tt, mut ord) = (control(), Tt::new(4), Ordering::new());
            let mut r = Brs::new(&mut ctl, &tt, &mut ord, pos.to_move(), &[]);
            r.hand_on_plies = hand_on_plies;
            r.path.push((pos.hash(), 0));
            let mut want = -INF;
            for m in pos.legal_moves().iter().copied() {
                let mut c = pos.clone();
                c.play_unchecked(m);
                r.push(&pos, &c);
                let s = reference(&mut r, &c, depth - 1, want, INF, 1, false);
                r.path.pop();
                want = want.max(s);
            }
            assert_eq!(
                got, want,
                "seed {seed}, {plies} plies, depth {depth}, hand on to ply {hand_on_plies}"
            );
            compared += 1;
        }
    }
    assert!(compared >= 18, "{compared} searches compared");
}

#[test]
fn only_a_move_that_attacks_the_root_or_its_king_touches_it() {
    // North, to move, has a rook in hand; South has a pawn on 5g and its king on 5i.
    let rules = RuleSet::yonin();
    let pos =
        crate::record::ysfen::position("4Kn4/9/9/9/Kw7Ke/9/4Ps4/9/4Ks4 n -/-/R/- - 1", &rules)
            .expect("a valid position");
    let near = pos.pieces_of(Seat::South) | attacks::king(pos.king(Seat::South).unwrap());
    let after = |usi: &str| {
        let m = Move::from_usi(usi).expect("a move");
        assert!(pos.is_legal(m), "{usi}");
        let mut c = pos.clone();
        c.play_unchecked(m);
        (c, m)
    };
    let (c, m) = after("R*5f");
    assert!(
        touches(&c, m, near),
        "a rook dropped in front of South's pawn"
    );
    let (c, m) = after("R*1b");
    assert!(!touches(&c, m, near), "a rook dropped in North's corner");
    let (c, m) = after("R*9i");
    assert!(
        touches(&c, m, near),
        "a rook on South's back line reaches its king's side"
    );
}

/// The deepest iteration a node-limited search of `pos` finishes.
fn depth_reached(pos: &Position, selective: bool, nodes: u64) -> i32 {
    let stop = Arc::new(AtomicBool::new(false));
    let long = Duration::from_secs(3600);
    let mut ctl = Control::new(long, long, nodes, stop);
    let (tt, mut ord) = (Tt::new(4), Ordering::new());
    let mut b = Brs::new(&mut ctl, &tt, &mut ord, pos.to_move(), &[]);
    b.hand_on_plies = 3;
    b.selective = selective;
    let mut depth = 0;
    let found = b.run(pos, 64, &mut |i| depth = i.depth);
    assert!(found.is_some_and(|(m, _)| pos.is_legal(m)));
    depth
}

#[test]
fn the_selective_search_goes_deeper_on_the_same_nodes() {
    let (mut full, mut selective, mut positions) = (0, 0, 0);
    for (seed, plies) in [(3u64, 12usize), (5, 24), (13, 40), (29, 56), (31, 72)] {
        let pos = random_position(seed, plies);
        if pos.legal_moves().len() < 2 || pos.is_decided_by_elimination() {
            continue;
        }
        full += depth_reached(&pos, false, 60_000);
        selective += depth_reached(&pos, true, 60_000);
        positions += 1;
    }
    assert!(positions >= 3, "{positions} positions searched");
    assert!(
        selective > full,
        "depths summed over {positions} positions: selective {selective}, full width {full}"
    );
}

/// The score of a search to exactly `depth` (no node limit).
fn score_at(pos: &Position, selective: bool, depth: i32) -> i32 {
    let mut ctl = control();
    let (tt, mut ord) = (Tt::new(4), Ordering::new());
    let mut b = Brs::new(&mut ctl, &tt, &mut ord, pos.to_move(), &[]);
    b.hand_on_plies = 3;
    b.selective = selective;
    let (m, s) = b.run(pos, depth, &mut |_| {}).expect("a move");
    assert!(pos.is_legal(m));
    s
}

#[test]
fn an_opponents_check_on_the_root_costs_no_depth() {
    // From a random game: East is mated in 7 plies whatever it plays, through West's and
    // South's checks. At depth 3 the full-width search (no extension) and the selective one
    // before the extension both scored it about −700 (a lost position, not a lost game).
    let text = "1Rw7/2Sn3KnGnSn/3PnRnPn2Se/Gw1Pw1Pn1PeGeGn/2SwPwPs1PeReKe/KwPw4RsGe1/\
                Gw2Ps1SsSs2/3SsKsPs3/2Gw5Se e P/-/G/- - 71";
    let pos = crate::record::ysfen::position(text, &RuleSet::yonin()).expect("a position");
    let extended = score_at(&pos, true, 3);
    assert!(extended <= -MATE_BOUND, "selective, depth 3: {extended}");
    let plain = score_at(&pos, false, 3);
    assert!(plain > -MATE_BOUND, "full width, depth 3: {plain}");
}
