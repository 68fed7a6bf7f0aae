//! The settings as they look: each board theme paints the board, the side panels and the
//! rules diagrams in its own colours, the
//! beginner style puts movement marks on the pieces, and confirm-moves shows the pending move
//! played on the board. Draws scenes with the built `yonin` binary under a virtual X display
//! (like `screenshot.rs`); with no display it prints a notice and passes.

use crate::common;

use common::pictures::shoot;
use yonin_client::view::board::BoardGeom;
use yonin_client::view::layout::Layout;
use yonin_client::view::theme::ThemeName;
use yonin_core::{Seat, Square};

fn sq(s: &str) -> Square {
    Square::from_usi(s).unwrap()
}

const W: u32 = 1280;
const H: u32 = 800;

fn board() -> BoardGeom {
    Layout::new(W as f32, H as f32, Seat::South, false).board
}

#[test]
fn each_theme_paints_the_board_in_its_own_wood() {
    let g = board();
    for (scene, theme) in [
        ("theme-classic", ThemeName::Classic),
        ("theme-dark", ThemeName::Dark),
        ("theme-contrast", ThemeName::HighContrast),
    ] {
        let Some(pic) = shoot(scene, W, H) else {
            return;
        };
        let p = theme.palette();
        // 5e is empty; 8h holds the picked bishop (a piece face); 9e is empty.
        for s in ["5e", "9e"] {
            let share = pic.share(&g, sq(s), p.wood);
            assert!(
                share > 0.7,
                "{scene}: {s} is {:.0}% its wood",
                share * 100.0
            );
        }
        assert!(
            pic.share(&g, sq("8h"), p.piece_face) > 0.1,
            "{scene}: piece face"
        );
        // The other themes' wood is nowhere on that square.
        for other in ThemeName::ALL.into_iter().filter(|t| *t != theme) {
            let share = pic.share(&g, sq("5e"), other.palette().wood);
            assert!(share < 0.05, "{scene} shows {other:?}'s wood");
        }
    }
}

#[test]
fn each_theme_reaches_the_panels_and_the_rules_diagram() {
    let record = Layout::new(W as f32, H as f32, Seat::South, false).record;
    let all = record.w.floor() * record.h.floor();
    for (scene, theme) in [
        ("theme-classic", ThemeName::Classic),
        ("theme-dark", ThemeName::Dark),
        ("theme-contrast", ThemeName::HighContrast),
    ] {
        let Some(pic) = shoot(scene, W, H) else {
            return;
        };
        // The record panel (a side panel) is filled with the theme's own panel colour.
        let p = theme.palette();
        let share = pic.count(record, p.panel, 3) as f32 / all;
        assert!(
            share > 0.6,
            "{scene}: the record panel is {:.0}% its panel colour",
            share * 100.0
        );
        for other in ThemeName::ALL.into_iter().filter(|t| *t != theme) {
            let share = pic.count(record, other.palette().panel, 3) as f32 / all;
            assert!(
                share < 0.05,
                "{scene}'s record panel shows {other:?}'s panel"
            );
        }
    }
    // The rules screen's turn diagram is drawn on the theme's wood.
    for (scene, theme) in [
        ("rules-yonin@dark", ThemeName::Dark),
        ("rules-yonin@contrast", ThemeName::HighContrast),
    ] {
        let Some(pic) = shoot(scene, W, H) else {
            return;
        };
        let screen = macroquad::math::Rect::new(0.0, 0.0, W as f32, H as f32);
        let own = pic.count(screen, theme.palette().wood, 3);
        let classic = pic.count(screen, ThemeName::Classic.palette().wood, 3);
        assert!(
            own > 5000,
            "{scene}: the diagram is not on its wood ({own})"
        );
        assert!(
            classic < 50,
            "{scene}: classic wood in the rules ({classic})"
        );
        let bg = pic.count(screen, theme.palette().background, 3);
        assert!(
            bg as f32 > 0.3 * (W * H) as f32,
            "{scene}: not on its background"
        );
    }
}

#[test]
fn the_beginner_style_marks_every_live_piece() {
    let g = board();
    let mark = ThemeName::Classic.palette().move_mark;
    let Some(plain) = shoot("standard-midgame", W, H) else {
        return;
    };
    let Some(beginner) = shoot("beginner-pieces", W, H) else {
        return;
    };
    // Pawns, a lance, the king, the rook, the dropped bishop, and Gote's pieces.
    for s in ["9g", "1i", "5i", "2f", "1e", "5a", "8d", "3d"] {
        assert!(
            beginner.share(&g, sq(s), mark) > 0.002,
            "no movement mark on {s} in the beginner style"
        );
        assert!(
            plain.share(&g, sq(s), mark) == 0.0,
            "a movement mark on {s} without the beginner style"
        );
    }
    // Empty squares stay empty.
    assert_eq!(beginner.share(&g, sq("5e"), mark), 0.0);
}

#[test]
fn a_move_waiting_for_confirmation_is_shown_played() {
    let g = board();
    let Some(pic) = shoot("confirm-move", W, H) else {
        return;
    };
    let p = ThemeName::Classic.palette();
    // ▲8h2b+ pending: the bishop has left 8h and a promoted piece (red ink) stands on 2b.
    assert!(
        pic.share(&g, sq("8h"), p.piece_face) < 0.01,
        "8h still has a piece"
    );
    assert!(
        pic.share(&g, sq("2b"), p.kanji_promoted) > 0.01,
        "no promoted piece on 2b"
    );
}
