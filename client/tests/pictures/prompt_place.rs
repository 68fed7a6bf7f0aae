//! Where the typed-move line and the move question go: beside the board, under the record,
//! never over the board (its last rank and the frame under it stay wood), at 1280×800 and
//! 960×640, for two and four seats. Draws scenes with the built `yonin` binary under a
//! virtual X display; with no display it prints a notice and passes.

use crate::common;

use common::pictures::{shoot, Picture};
use macroquad::math::Rect;
use yonin_client::view::layout::Layout;
use yonin_client::view::theme;
use yonin_core::Seat;

/// The strip of board frame under the grid: wood (and the glow of the seat to move), never
/// dark, when nothing covers the board.
fn frame_under_grid(l: &Layout) -> Rect {
    let g = &l.board;
    let top = g.grid.y + g.grid.h + 3.0;
    let bottom = g.outer.y + g.outer.h - 3.0;
    Rect::new(g.grid.x + 4.0, top, g.grid.w - 8.0, (bottom - top).max(1.0))
}

/// Pixels in `r` that pass `test`.
fn pixels(pic: &Picture, r: Rect, test: impl Fn([u8; 3]) -> bool) -> usize {
    let mut n = 0;
    for y in r.y as u32..(r.y + r.h) as u32 {
        for x in r.x as u32..(r.x + r.w) as u32 {
            if test(pic.px(x as f32, y as f32)) {
                n += 1;
            }
        }
    }
    n
}

/// Pixels as dark as the boxes drawn over things (no wood is).
fn darks(pic: &Picture, r: Rect) -> usize {
    pixels(pic, r, |p| p.iter().all(|c| *c < 60))
}

/// Strongly red pixels in `r` (the refused line's edge).
fn reds(pic: &Picture, r: Rect) -> usize {
    pixels(pic, r, |[r, g, b]| r > 150 && g < 90 && b < 90)
}

fn check(scene: &str, w: u32, h: u32, viewer: Seat, four: bool) {
    let Some(pic) = shoot(scene, w, h) else {
        return;
    };
    let l = Layout::new(w as f32, h as f32, viewer, four);
    let strip = frame_under_grid(&l);
    let dark = darks(&pic, strip);
    assert!(
        dark < 10,
        "{scene} at {w}x{h}: {dark} dark pixels on the frame under rank 9: something covers it"
    );
    // The bottom rank's row (pieces and wood, no dark box): bright on average.
    let g = &l.board;
    let rank9 = Rect::new(g.grid.x, g.grid.y + g.grid.h - g.cell, g.grid.w, g.cell);
    assert!(
        pic.brightness(rank9) > 150.0,
        "{scene} at {w}x{h}: rank 9 is dark ({})",
        pic.brightness(rank9)
    );
    // The question is there, in the record panel: its Play button is accent-coloured.
    let accent = pic.count(l.record, theme::ACCENT, 10);
    assert!(
        accent > 400,
        "{scene} at {w}x{h}: no Play button beside the board ({accent} accent pixels)"
    );
}

#[test]
fn the_move_question_stands_beside_the_board() {
    check("confirm-move", 1280, 800, Seat::South, false);
    check("confirm-move", 960, 640, Seat::South, false);
    check("confirm-move-yonin", 1280, 800, Seat::South, true);
    check("confirm-move-yonin", 960, 640, Seat::South, true);
}

#[test]
fn the_typed_line_and_its_error_stand_beside_the_board() {
    for (w, h) in [(1280, 800), (960, 640)] {
        let Some(pic) = shoot("typed-error", w, h) else {
            return;
        };
        let l = Layout::new(w as f32, h as f32, Seat::South, false);
        let dark = darks(&pic, frame_under_grid(&l));
        assert!(
            dark < 10,
            "typed-error at {w}x{h}: the frame is covered ({dark})"
        );
        // The refused line's red edge is in the record panel, not on the board.
        let red = reds(&pic, l.record);
        assert!(red > 100, "typed-error at {w}x{h}: no error box ({red})");
    }
}
