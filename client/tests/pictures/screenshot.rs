//! Runs the built `yonin` binary to draw named scenarios into PNG files under a virtual X
//! display, and checks the pictures: their size, that they are not blank, wood where the
//! board is, and pieces (face, seat colour, the turned-over king) on known squares; and the
//! game review's graph, mark and better-move arrow where the numbers put them.
//!
//! Needs an X display: the test starts its own `xvfb-run` when it can (CI installs it) and
//! otherwise uses `$DISPLAY`; with neither it prints a notice and passes.

use crate::common;

use common::pictures::{close, shoot, Picture};
use yonin_client::scenes::replay as scenes;
use yonin_client::screens::replay::review::{graph_point, graph_rect, mark_color};
use yonin_client::screens::replay::review_panel;
use yonin_client::view::layout::Layout;
use yonin_client::{scenes as scenario, view::theme};
use yonin_core::bot::review::{Mark, Value};
use yonin_core::{PieceKind, Seat, Square};

fn sq(s: &str) -> Square {
    Square::from_usi(s).unwrap()
}

/// Size, and not blank: many colours, and not one colour everywhere.
fn check_basics(pic: &Picture, scenario: &str, w: u32, h: u32) {
    assert_eq!(
        (pic.width, pic.height),
        (w, h),
        "{scenario}: the picture has the window's size"
    );
    let mut colours = std::collections::HashSet::new();
    for px in pic.rgba.chunks_exact(4).step_by(7) {
        colours.insert([px[0] >> 3, px[1] >> 3, px[2] >> 3]);
    }
    assert!(
        colours.len() > 60,
        "{scenario}: the picture looks blank ({} colours)",
        colours.len()
    );
}

#[test]
fn standard_start_shows_the_board_and_pieces() {
    let (w, h) = (1200, 760);
    let Some(pic) = shoot("standard-start", w, h) else {
        return;
    };
    check_basics(&pic, "standard-start", w, h);
    let l = Layout::new(w as f32, h as f32, Seat::South, false);
    let g = &l.board;
    // Empty squares in the middle are wood.
    for s in ["5e", "1e", "9d", "5f"] {
        let share = pic.share(g, sq(s), theme::WOOD);
        assert!(share > 0.8, "{s} should be wood, {:.0}% is", share * 100.0);
    }
    // The wood frame around the grid.
    let frame = pic.px(g.outer.x + 3.0, g.outer.center().y);
    assert!(
        close(frame, theme::WOOD_FRAME, 14),
        "frame colour {frame:?}"
    );
    // Pieces: the pale face and the seat colour on their edges (Sente amber, Gote teal).
    for s in ["5i", "7g", "2h", "5a", "8b", "1c"] {
        let face = pic.share(g, sq(s), theme::PIECE_FACE);
        assert!(face > 0.2, "a piece on {s}: {:.0}% face", face * 100.0);
    }
    assert!(pic.share(g, sq("5i"), theme::seat_color_in(Seat::South, false)) > 0.03);
    assert!(pic.share(g, sq("5a"), theme::seat_color_in(Seat::North, false)) > 0.03);
    assert!(pic.share(g, sq("5e"), theme::PIECE_FACE) < 0.01);
}

#[test]
fn standard_midgame_shows_pieces_in_hand_and_the_check() {
    let (w, h) = (1280, 800);
    let Some(pic) = shoot("standard-midgame", w, h) else {
        return;
    };
    check_basics(&pic, "standard-midgame", w, h);
    let l = Layout::new(w as f32, h as f32, Seat::South, false);
    let g = &l.board;
    // The bishop dropped on 1e (the last move) and the rook on 2f.
    assert!(pic.share(g, sq("1e"), theme::PIECE_FACE) > 0.2);
    assert!(pic.share(g, sq("2f"), theme::PIECE_FACE) > 0.2);
    // 2g is empty now: wood.
    assert!(pic.share(g, sq("2g"), theme::WOOD) > 0.8);
    // Pieces in hand: piece faces in both hand trays.
    for seat in [Seat::South, Seat::North] {
        let a = l.seats[seat].expect("a seat area").hand;
        let mut face = 0;
        let mut y = a.y;
        while y < a.y + a.h {
            let mut x = a.x;
            while x < a.x + a.w {
                if close(pic.px(x, y), theme::PIECE_FACE, 14) {
                    face += 1;
                }
                x += 2.0;
            }
            y += 2.0;
        }
        assert!(
            face > 50,
            "{seat}'s hand tray shows pieces ({face} face pixels)"
        );
    }
    // Gote's king glows red: the wood around it is tinted.
    let k = g.square_rect(sq("5a"));
    // Gote's king points down: its bottom corners are free of the piece.
    let corner = pic.px(k.x + k.w * 0.07, k.y + k.h * 0.92);
    let wood_g = (theme::WOOD.g * 255.0) as i32;
    assert!(
        corner[0] > 200 && (corner[1] as i32) < wood_g - 50,
        "check glow: {corner:?} should be red-tinted wood"
    );
    // Sente's king does not glow.
    let k = g.square_rect(sq("5i"));
    let corner = pic.px(k.x + k.w * 0.07, k.y + k.h * 0.08);
    assert!(close(corner, theme::WOOD, 14), "no glow on 5i: {corner:?}");
}

#[test]
fn yonin_west_is_drawn_from_west_with_a_turned_over_king() {
    let (w, h) = (1024, 768);
    let Some(pic) = shoot("yonin-west", w, h) else {
        return;
    };
    check_basics(&pic, "yonin-west", w, h);
    let table = scenario::table("yonin-west").unwrap();
    let pos = table.game.position();
    let l = Layout::new(w as f32, h as f32, Seat::West, true);
    let g = &l.board;
    // West's own king sits in the bottom row; its face and teal edge show.
    let wk = pos.king(Seat::West).unwrap();
    assert!(
        g.square_rect(wk).y + g.cell > g.grid.y + g.grid.h - 1.0,
        "West's king on {wk} is in the bottom row"
    );
    assert!(pic.share(g, wk, theme::PIECE_FACE) > 0.2);
    assert!(pic.share(g, wk, theme::seat_color(Seat::West)) > 0.03);
    // North is out: its king is turned over, grey.
    let dead = pos.dead().next().unwrap();
    let dk = pos.king(dead).unwrap();
    assert!(
        pic.share(g, dk, theme::PIECE_FACE_DEAD) > 0.2,
        "grey dead king on {dk}"
    );
    // Some empty square is wood.
    let empty = Square::all()
        .find(|&s| {
            pos.piece_at(s).is_none()
                && table
                    .last_moves
                    .iter()
                    .all(|(_, m)| m.is_none_or(|(mv, _)| mv.to() != s && mv.from() != Some(s)))
        })
        .unwrap();
    assert!(
        pic.share(g, empty, theme::WOOD) > 0.8,
        "{empty} should be wood"
    );
    // A frozen piece of the dead seat is grey.
    let frozen = Square::all()
        .find(|&s| {
            pos.piece_at(s)
                .is_some_and(|p| p.owner() == dead && p.kind() != PieceKind::King)
        })
        .unwrap();
    assert!(
        pic.share(g, frozen, theme::PIECE_FACE_FROZEN) > 0.2,
        "frozen piece on {frozen}"
    );
}

/// The reviewed game on its blunder: the evaluation graph follows the review's numbers (the
/// even line, Sente's side of it filled, the fall after move 3), the blunder's dot is red, the
/// cursor stands on move 3, and the better move 2g2f is a green arrow on the board.
#[test]
fn the_review_draws_its_graph_mark_and_arrow() {
    let (w, h) = (1280, 800);
    let Some(pic) = shoot("replay-review", w, h) else {
        return;
    };
    check_basics(&pic, "replay-review", w, h);
    let (wf, hf) = (w as f32, h as f32);
    let panel = review_panel(wf, hf, Seat::South, false);
    let g = graph_rect(panel, yonin_client::view::ui::text_unit(wf, hf));
    let total = scenes::REVIEWED_CP.len();
    let chance = |k: usize| Value::Cp(scenes::REVIEWED_CP[k]).win_chance();
    let bg = theme::palette().background;
    let mid = g.y + g.h * 0.5;
    // Before the blunder Sente is about even: the line near the middle, background far off.
    let p1 = graph_point(g, 1, total, chance(1));
    assert!(
        close(pic.px(p1.x, g.y + 4.0), bg, 6),
        "above the line: background"
    );
    assert!(
        close(pic.px(p1.x, g.y + g.h - 4.0), bg, 6),
        "below: background"
    );
    // After it Sente is losing: the area between the even line and the fallen line is filled,
    // and it is filled only there.
    let p4 = graph_point(g, 4, total, chance(4));
    assert!(p4.y > mid + 20.0, "the line fell well below the middle");
    let filled = pic.px(p4.x, (mid + p4.y) * 0.5);
    assert!(!close(filled, bg, 10), "Sente's side is filled: {filled:?}");
    assert!(
        close(pic.px(p4.x, mid - 10.0), bg, 6),
        "nothing above the middle"
    );
    assert!(
        close(pic.px(p4.x, p4.y + 10.0), bg, 6),
        "nothing below the line"
    );
    // The blunder's dot (beside the cursor line that runs through its centre).
    let dot = graph_point(g, 3, total, chance(3));
    let red = pic.px(dot.x + 3.0, dot.y);
    assert!(close(red, mark_color(Mark::Blunder), 40), "?? dot: {red:?}");
    // The cursor on move 3: an accent line from top to bottom.
    let cursor = pic.px(dot.x, g.y + 3.0);
    assert!(close(cursor, theme::ACCENT, 40), "cursor: {cursor:?}");
    // The better move 2g2f: green between the two squares' centres.
    let l = Layout::new(wf, hf, Seat::South, false);
    let (a, b) = (l.board.center(sq("2g")), l.board.center(sq("2f")));
    let on_arrow = pic.px(a.x + (b.x - a.x) * 0.5, a.y + (b.y - a.y) * 0.5);
    assert!(
        on_arrow[1] as i32 > on_arrow[0] as i32 + 60 && on_arrow[1] > on_arrow[2],
        "a green arrow from 2g to 2f: {on_arrow:?}"
    );
    // No arrow where the review put none.
    let c = l.board.center(sq("7f"));
    assert!(close(
        pic.px(c.x, c.y - l.board.square_rect(sq("7f")).h * 0.45),
        theme::WOOD,
        20
    ));
}

/// Every other scene draws without failing and is not blank: the menus, the setup screens,
/// the rules, the online screens (with a server hosted in-process), the promotion question,
/// the multi-check banner, the game-over ranking and a live game of four computers.
#[test]
fn every_other_scenario_draws() {
    let checked = [
        "standard-start",
        "standard-midgame",
        "yonin-west",
        "replay-review",
    ];
    for (name, _) in scenario::SCENARIOS {
        if checked.contains(name) {
            continue;
        }
        let (w, h) = (960, 640);
        let Some(pic) = shoot(name, w, h) else {
            return;
        };
        check_basics(&pic, name, w, h);
    }
}
