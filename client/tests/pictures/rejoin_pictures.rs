//! "Rejoin your game" in the main menu, drawn by the built `yonin` binary under a virtual X
//! display and checked in its pixels, in English, Japanese and Korean: the button is there
//! (in its own colour, with its label drawn on it) when a seat is saved, and absent when none
//! is. The words themselves are checked in `i18n.rs` (glyphs) and `stand_in_names.rs`.
//!
//! Needs an X display: the test starts its own `xvfb-run` when it can and otherwise uses
//! `$DISPLAY`; with neither it prints a notice and passes.

use crate::common;

use common::pictures::{self, close, Picture};
use macroquad::math::Rect;
use yonin_client::screens::menu::buttons;
use yonin_client::view::theme::REJOIN_COLOR;

const W: u32 = 1280;
const H: u32 = 800;

fn shoot(scenario: &str) -> Option<Picture> {
    let pic = pictures::shoot(scenario, W, H)?;
    assert_eq!((pic.width, pic.height), (W, H), "the window's size");
    Some(pic)
}

/// The share of points of a grid over `r` in the rejoin colour, and the points that are
/// clearly not (the label's strokes, drawn in the background colour).
fn fill_and_marks(pic: &Picture, r: Rect) -> (f32, usize) {
    let (mut fill, mut marks, mut all) = (0, 0, 0);
    let inner = Rect::new(r.x + r.h * 0.3, r.y + 4.0, r.w - r.h * 0.6, r.h - 8.0);
    let mut y = inner.y;
    while y < inner.y + inner.h {
        let mut x = inner.x;
        while x < inner.x + inner.w {
            all += 1;
            let p = pic.px(x, y);
            if close(p, REJOIN_COLOR, 12) {
                fill += 1;
            } else if !close(p, REJOIN_COLOR, 60) {
                marks += 1;
            }
            x += 1.0;
        }
        y += 1.0;
    }
    (fill as f32 / all.max(1) as f32, marks)
}

#[test]
fn the_menu_offers_a_saved_seat_in_every_language() {
    let (w, h) = (W as f32, H as f32);
    let (Some(r), plain) = buttons(w, h, true) else {
        panic!("a rejoin button in the layout");
    };
    let Some(without) = shoot("menu") else {
        return;
    };
    // Without a saved seat (the test's empty data folder) nothing is in the rejoin colour
    // where the button would be.
    let (fill, _) = fill_and_marks(&without, r);
    assert!(
        fill < 0.02,
        "no rejoin button without a saved seat ({fill})"
    );
    for lang in ["en", "ja", "ko"] {
        let Some(pic) = shoot(&format!("menu-rejoin-{lang}")) else {
            return;
        };
        let (fill, marks) = fill_and_marks(&pic, r);
        assert!(
            fill > 0.6,
            "{lang}: the button is drawn in its colour ({fill})"
        );
        assert!(
            marks > 150,
            "{lang}: its label is written on it ({marks} marked points)"
        );
        // The other buttons still fit in the window below it.
        let last = plain.last().expect("six buttons");
        assert!(last.y + last.h < h, "the last button fits: {last:?}");
        eprintln!("menu-rejoin-{lang}: button fill {fill:.2}, label {marks} points");
    }
}
