//! Standard shogi move rules (docs/rules.md §3), one named test per rule. Game-level rules
//! (sennichite, impasse, resignation, move limit) belong to the game layer's tests.
//!
//! Boards are drawn as seen from Sente: files 9 → 1 left to right, ranks a → i top to bottom;
//! upper case is Sente (▲, South), lower case Gote (△, North).

use crate::common;

use common::{mv, play, sq, standard, text};
use yonin_core::record::sfen;
use yonin_core::Handicap;
use yonin_core::{IllegalMove, Move, Piece, PieceKind, Position, RuleSet, Seat};

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

/// All legal moves (USI), sorted.
fn all_moves(p: &Position) -> Vec<String> {
    common::engine_moves(p)
}

/// The reason `Position::play` gives for refusing `m` (which `is_legal` must also refuse).
fn refusal(p: &Position, m: &str) -> IllegalMove {
    assert!(!p.is_legal(mv(m)), "{m} is_legal in {}", text(p));
    let mut copy = p.clone();
    let e = copy.play(mv(m)).expect_err("play accepted an illegal move");
    assert_eq!(text(&copy), text(p), "a refused move changed the position");
    e
}

fn legal(p: &Position, m: &str) -> bool {
    let l = p.is_legal(mv(m));
    assert_eq!(l, p.legal_moves().contains(mv(m)));
    l
}

/// ```text
///   9 8 7 6 5 4 3 2 1
/// a . . . . k . . . .
/// c . . . . . . ↑ . .     silver 3d3c: into the zone, promotion optional
/// d . . . . . . S . .
/// h . . . . . . . R .     rook 2h: 2c, 2b, 2a with or without promotion; 2d..2g without
/// i . . . . K . . . +R    dragon 1i: never a promotion choice, never unpromotes
/// ```
#[test]
fn promotion_is_optional_in_the_zone() {
    let p = standard("4k4/9/9/6S2/9/9/9/7R1/4K3+R b - 1");
    assert!(legal(&p, "3d3c") && legal(&p, "3d3c+"));
    assert!(legal(&p, "3d2c") && legal(&p, "3d2c+"));
    for to in ["2c", "2b", "2a"] {
        assert!(
            legal(&p, &format!("2h{to}")) && legal(&p, &format!("2h{to}+")),
            "2h{to}"
        );
    }
    assert!(legal(&p, "2h2d"));
    assert_eq!(refusal(&p, "2h2d+"), IllegalMove::CannotPromote);
    assert!(moves_from(&p, "1i").iter().all(|m| !m.ends_with('+')));
    let mut q = p.clone();
    play(&mut q, &["1i1a", "5a5b"]);
    assert_eq!(
        q.piece_at(sq("1a")).map(|x| x.kind()),
        Some(PieceKind::Dragon)
    );
    play(&mut q, &["1a1e"]);
    assert_eq!(
        q.piece_at(sq("1e")).map(|x| x.kind()),
        Some(PieceKind::Dragon),
        "a promoted piece never unpromotes on the board"
    );
}

/// ```text
///   9 8 7 6 5 4 3 2 1
/// a . . . . k . . . .
/// b . . . . . . . . P     pawn 1b1a: must promote; pawn 3c3b: may
/// c L . . . N . P . .     lance 9c: 9b optional, 9a forced; knight 5c: 6a, 4a forced
/// d . . N . . . . . .     knight 7d: 8b, 6b forced (last two ranks)
/// e . . . . . . N . .     knight 3e: 4c, 2c optional
/// i . . . . K . . . .
/// ```
#[test]
fn promotion_is_forced_where_a_piece_would_have_no_move() {
    let p = standard("4k4/8P/L3N1P2/2N6/6N2/9/9/9/4K4 b - 1");
    assert_eq!(moves_from(&p, "1b"), ["1b1a+"]);
    assert_eq!(moves_from(&p, "3c"), ["3c3b", "3c3b+"]);
    assert_eq!(moves_from(&p, "9c"), ["9c9a+", "9c9b", "9c9b+"]);
    assert_eq!(moves_from(&p, "5c"), ["5c4a+", "5c6a+"]);
    assert_eq!(moves_from(&p, "7d"), ["7d6b+", "7d8b+"]);
    assert_eq!(moves_from(&p, "3e"), ["3e2c", "3e2c+", "3e4c", "3e4c+"]);
    assert_eq!(refusal(&p, "1b1a"), IllegalMove::MustPromote);
    assert_eq!(refusal(&p, "9c9a"), IllegalMove::MustPromote);
    assert_eq!(refusal(&p, "7d8b"), IllegalMove::MustPromote);

    // Gote's last ranks are h and i:
    //   f . . . . . . n . .     knight 3f: 4h, 2h forced
    //   g . . . . . . . . l     lance 1g: 1h optional, 1i forced
    //   h p . . . . . . . .     pawn 9h: 9i forced
    let g = standard("4k4/9/9/9/9/6n2/8l/p8/4K4 w - 1");
    assert_eq!(moves_from(&g, "9h"), ["9h9i+"]);
    assert_eq!(moves_from(&g, "1g"), ["1g1h", "1g1h+", "1g1i+"]);
    assert_eq!(moves_from(&g, "3f"), ["3f2h+", "3f4h+"]);
}

/// ```text
///   9 8 7 6 5 4 3 2 1
/// a . . . . k . . . .
/// b . . . . . . . R .     rook 2b2h: starts in the zone, may promote on the way out
/// c . . . . . . S . .     silver 3c4d: leaves the zone, may promote
/// i . . . . K . . . .
/// ```
#[test]
fn promotion_when_the_move_starts_in_the_zone() {
    let p = standard("4k4/7R1/6S2/9/9/9/9/9/4K4 b - 1");
    assert!(legal(&p, "3c4d") && legal(&p, "3c4d+"));
    assert!(legal(&p, "2b2h") && legal(&p, "2b2h+"));
    let mut q = p.clone();
    play(&mut q, &["2b2h+"]);
    assert_eq!(
        q.piece_at(sq("2h")).map(|x| x.kind()),
        Some(PieceKind::Dragon)
    );
}

/// ```text
///   9 8 7 6 5 4 3 2 1
/// a . . . . k . . . .
/// c . . . . . . S* . .    S*3c: dropped unpromoted even in the zone; promotes on a later move
/// i . . . . K . . . .
/// ```
#[test]
fn dropped_pieces_are_unpromoted() {
    let mut p = standard("4k4/9/9/9/9/9/9/9/4K4 b S 1");
    assert!(
        Move::from_usi("S*3c+").is_err(),
        "a drop cannot carry a promotion"
    );
    assert!(p
        .legal_moves()
        .iter()
        .all(|m| !(m.is_drop() && m.promotes())));
    play(&mut p, &["S*3c"]);
    assert_eq!(
        p.piece_at(sq("3c")),
        Some(Piece::of(PieceKind::Silver, Seat::South))
    );
    play(&mut p, &["5a4a"]);
    assert!(legal(&p, "3c3b+") && legal(&p, "3c3b"));
}

/// Capturing puts the piece, unpromoted, into the capturer's hand.
///
/// ```text
///   9 8 7 6 5 4 3 2 1
/// a . . . . k . . . .
/// e . . . . +r . . . .    rook 5h takes the dragon on 5e: a rook in hand
/// h . . . . R . . . .
/// i . . . . K . . . .
/// ```
#[test]
fn captured_pieces_go_to_hand_unpromoted() {
    let mut p = standard("4k4/9/9/9/4+r4/9/9/4R4/4K4 b - 1");
    play(&mut p, &["5h5e"]);
    assert_eq!(p.hand(Seat::South).count(PieceKind::Rook), 1);
    assert_eq!(sfen::format(&p), "4k4/9/9/9/4R4/9/9/9/4K4 w R 2");
}

/// ```text
///   9 8 7 6 5 4 3 2 1
/// a . . . . k . . . .
/// g . . . . P . . . .     P*5e: nifu (Sente already has a pawn on file 5); P*4e: fine
/// i . . . . K . . . .
/// ```
#[test]
fn nifu_two_unpromoted_pawns_on_a_file() {
    let p = standard("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    assert_eq!(refusal(&p, "P*5e"), IllegalMove::DoublePawn);
    assert!(legal(&p, "P*4e"));
    assert!(all_moves(&p).iter().all(|m| !m.starts_with("P*5")));
}

/// ```text
///   9 8 7 6 5 4 3 2 1
/// a . . . . k . . . .
/// c . . . . +P . . . .    a tokin on 5c does not count: P*5e is legal
/// i . . . . K . . . .
/// ```
#[test]
fn nifu_does_not_count_a_tokin_or_the_opponents_pawn() {
    let p = standard("4k4/9/4+P4/9/9/9/9/9/4K4 b P 1");
    assert!(legal(&p, "P*5e"));
    let q = standard("4k4/9/4p4/9/9/9/9/9/4K4 b P 1");
    assert!(legal(&q, "P*5e"));
}

/// ```text
///   9 8 7 6 5 4 3 2 1
/// a . . . . k . . . x     no pawn, lance or knight drop on rank a
/// b . . . . . . . . x     no knight drop on rank b
/// i . . . . K . . . .
/// ```
#[test]
fn drops_need_a_further_move() {
    let p = standard("4k4/9/9/9/9/9/9/9/4K4 b LNP 1");
    for m in ["P*1a", "L*1a", "N*1a", "N*1b"] {
        assert_eq!(refusal(&p, m), IllegalMove::NoFurtherMove, "{m}");
    }
    for m in ["P*1b", "L*1b", "N*1c"] {
        assert!(legal(&p, m), "{m}");
    }
    let g = standard("4k4/9/9/9/9/9/9/9/4K4 w lnp 1");
    for m in ["P*1i", "L*1i", "N*1i", "N*1h"] {
        assert_eq!(refusal(&g, m), IllegalMove::NoFurtherMove, "{m}");
    }
    for m in ["P*1h", "L*1h", "N*1g"] {
        assert!(legal(&g, m), "{m}");
    }
}

/// Uchifuzume: a pawn drop that mates is illegal.
///
/// ```text
///   9 8 7 6 5 4 3 2 1
/// a . . . . . . . . k     P*1b would mate: 2a (silver), 2b and 1b (gold) are covered
/// b . . . . . . S . .
/// c . . . . . . . G .
/// i . . . . K . . . .
/// ```
#[test]
fn uchifuzume_pawn_drop_mate_is_illegal() {
    let p = standard("8k/6S2/7G1/9/9/9/9/9/4K4 b P 1");
    assert_eq!(refusal(&p, "P*1b"), IllegalMove::PawnDropMate);
    assert!(!all_moves(&p).contains(&"P*1b".to_string()));
}

/// A pawn drop that checks without mating is legal: here the king escapes to 2a.
///
/// ```text
///   9 8 7 6 5 4 3 2 1
/// a . . . . . . . . k
/// c . . . . . . . G .     P*1b: check, but 2a is free
/// i . . . . K . . . .
/// ```
#[test]
fn pawn_drop_check_that_is_not_mate_is_legal() {
    let mut p = standard("8k/9/7G1/9/9/9/9/9/4K4 b P 1");
    play(&mut p, &["P*1b"]);
    assert!(p.in_check(Seat::North));
    assert_eq!(all_moves(&p), ["1a2a"]);
}

/// Moving a pawn to give mate is legal (only drops are restricted).
///
/// ```text
///   9 8 7 6 5 4 3 2 1
/// a . . . . . . . . k
/// b . . . . . . S . .     1c1b: mate by a pawn move
/// c . . . . . . . G P
/// i . . . . K . . . .
/// ```
#[test]
fn pawn_move_mate_is_legal() {
    let mut p = standard("8k/6S2/7GP/9/9/9/9/9/4K4 b - 1");
    play(&mut p, &["1c1b"]);
    assert!(p.in_check(Seat::North));
    assert!(p.legal_moves().is_empty(), "checkmate");
}

/// ```text
///   9 8 7 6 5 4 3 2 1
/// a . . . . k r . . .     the rook covers file 4
/// i . . . . K . . . .     5i4h / 5i4i walk into check; 5h, 6h, 6i are the king's moves
/// ```
#[test]
fn moving_into_check_is_illegal() {
    let p = standard("4kr3/9/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(refusal(&p, "5i4h"), IllegalMove::KingInCheck);
    assert_eq!(refusal(&p, "5i4i"), IllegalMove::KingInCheck);
    assert_eq!(all_moves(&p), ["5i5h", "5i6h", "5i6i"]);
    // Two kings may not stand side by side either.
    let q = standard("9/9/9/9/4k4/9/4K4/9/9 b - 1");
    assert_eq!(refusal(&q, "5g5f"), IllegalMove::KingInCheck);
}

/// ```text
///   9 8 7 6 5 4 3 2 1
/// a k . . . . . . . .
/// b . . . . r . . . .     the gold on 5g is pinned by the rook: it may only stay on file 5
/// g . . . . G . . . .
/// i . . . . K . . . .
/// ```
#[test]
fn pinned_pieces_stay_on_the_line() {
    let p = standard("k8/4r4/9/9/9/9/4G4/9/4K4 b - 1");
    assert_eq!(moves_from(&p, "5g"), ["5g5f", "5g5h"]);
    assert_eq!(refusal(&p, "5g4g"), IllegalMove::KingInCheck);
    // Pinned by a lance the same way.
    let q = standard("k3l4/9/9/9/9/9/4S4/9/4K4 b - 1");
    assert_eq!(moves_from(&q, "5g"), ["5g5f"]);
    // And by a bishop along a diagonal (1e-2f-3g-4h-5i): the silver steps along it only.
    let r = standard("k8/9/9/9/8b/9/6S2/9/4K4 b - 1");
    assert_eq!(moves_from(&r, "3g"), ["3g2f", "3g4h"]);
}

/// ```text
///   9 8 7 6 5 4 3 2 1
/// a k . . . . . . . .
/// c . . . . r . . . .     check down file 5: step aside, block with the gold or a pawn drop
/// i . . . . K G . . .
/// ```
#[test]
fn check_must_be_answered() {
    let p = standard("k8/9/4r4/9/9/9/9/9/4KG3 b P 1");
    assert!(p.in_check(Seat::South));
    assert_eq!(
        all_moves(&p),
        ["4i5h", "5i4h", "5i6h", "5i6i", "P*5d", "P*5e", "P*5f", "P*5g", "P*5h"]
    );
    assert_eq!(refusal(&p, "4i3h"), IllegalMove::KingInCheck);

    // Double check (rook on file 5, bishop on the diagonal): only the king may move.
    //   a k . . . r . . . .
    //   e . . . . . . . . b
    //   i . . . . K G . . .
    let d = standard("k3r4/9/9/9/8b/9/9/9/4KG3 b P 1");
    assert_eq!(all_moves(&d), ["5i6h", "5i6i"]);
}

/// Checkmate and "no legal move" are both an empty move list for the side to move.
///
/// ```text
///   9 8 7 6 5 4 3 2 1
/// a . . . . . . . . k     Gote to move, not in check, but 1b, 2a and 2b are all covered
/// b . . . . . . S . .
/// c . . . . . . . G .
/// i . . . . K . . . .
/// ```
#[test]
fn no_legal_move_with_or_without_check() {
    let stuck = standard("8k/6S2/7G1/9/9/9/9/9/4K4 w - 1");
    assert!(!stuck.in_check(Seat::North));
    assert!(stuck.legal_moves().is_empty());
    // Mate by a gold on the king's head, protected by a pawn.
    let mut mate = standard("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    play(&mut mate, &["G*5b"]);
    assert!(mate.in_check(Seat::North));
    assert!(mate.legal_moves().is_empty());
    assert_eq!(
        mate.play(mv("5a5b")),
        Err(IllegalMove::KingInCheck),
        "the protected gold cannot be taken"
    );
}

#[test]
fn every_handicap_starts_as_the_rule_book_says() {
    // docs/rules.md §3, "Handicaps": the boards, with Gote (the giver) to move first.
    let table = [
        (
            Handicap::Lance,
            "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
        ),
        (
            Handicap::Bishop,
            "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
        ),
        (
            Handicap::Rook,
            "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
        ),
        (
            Handicap::RookLance,
            "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
        ),
        (
            Handicap::TwoPieces,
            "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
        ),
        (
            Handicap::FourPieces,
            "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
        ),
        (
            Handicap::SixPieces,
            "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
        ),
        (
            Handicap::EightPieces,
            "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
        ),
    ];
    for (h, board) in table {
        let rules = RuleSet {
            handicap: h,
            ..RuleSet::standard()
        };
        let p = Position::start(&rules);
        assert_eq!(sfen::format(&p), format!("{board} w - 1"), "{h:?}");
        assert_eq!(
            p.to_move(),
            Seat::North,
            "{h:?}: the giver (Gote) moves first"
        );
        assert!(!p.legal_moves().is_empty());
        assert_eq!(sfen::format(&standard(h.sfen())), sfen::format(&p));
    }
    let even = Position::start(&RuleSet::standard());
    assert_eq!(sfen::format(&even), sfen::START);
    assert_eq!(
        even.to_move(),
        Seat::South,
        "Sente moves first in an even game"
    );
    assert_eq!(even.legal_moves().len(), 30);
}
