//! The settings as they look: each board theme paints the board in its own colours, the
//! beginner style puts movement marks on the pieces, and confirm-moves shows the pending move
//! played on the board. Draws scenes with the built `yonin` binary under a virtual X display
//! (like `screenshot.rs`); with no display it prints a notice and passes.

use macroquad::color::Color;
use std::path::{Path, PathBuf};
use std::process::Command;
use yonin_client::board_view::BoardGeom;
use yonin_client::layout::Layout;
use yonin_client::theme::ThemeName;
use yonin_core::{Seat, Square};

struct Picture {
    width: u32,
    rgba: Vec<u8>,
}

impl Picture {
    fn read(path: &Path) -> Picture {
        let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let decoder = png::Decoder::new(std::io::BufReader::new(file));
        let mut reader = decoder.read_info().expect("a PNG");
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).expect("a PNG frame");
        assert_eq!(info.color_type, png::ColorType::Rgba, "RGBA pixels");
        buf.truncate(info.buffer_size());
        Picture {
            width: info.width,
            rgba: buf,
        }
    }

    fn px(&self, x: f32, y: f32) -> [u8; 3] {
        let (x, y) = (x.round() as usize, y.round() as usize);
        let i = (y * self.width as usize + x) * 4;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }

    /// The share of pixels in a square's cell (a margin left out) close to `c`.
    fn share(&self, g: &BoardGeom, sq: Square, c: Color) -> f32 {
        let r = g.square_rect(sq);
        let (mut near, mut all) = (0, 0);
        let m = r.w * 0.08;
        let mut y = r.y + m;
        while y < r.y + r.h - m {
            let mut x = r.x + m;
            while x < r.x + r.w - m {
                all += 1;
                if close(self.px(x, y), c, 14) {
                    near += 1;
                }
                x += 1.0;
            }
            y += 1.0;
        }
        near as f32 / all.max(1) as f32
    }
}

fn close(p: [u8; 3], c: Color, tol: i32) -> bool {
    let want = [c.r, c.g, c.b].map(|v| (v * 255.0).round() as i32);
    (0..3).all(|i| (p[i] as i32 - want[i]).abs() <= tol)
}

/// How to get a display: our own xvfb-run, the current `$DISPLAY`, or none.
fn display_runner() -> Option<Vec<String>> {
    let have_xvfb = Command::new("xvfb-run").arg("--help").output().is_ok();
    if have_xvfb {
        return Some(vec![
            "xvfb-run".into(),
            "-a".into(),
            "-s".into(),
            "-screen 0 1600x1200x24".into(),
        ]);
    }
    if std::env::var_os("DISPLAY").is_some_and(|d| !d.is_empty()) {
        return Some(Vec::new());
    }
    None
}

/// Draws a scenario; None when no display can be had.
fn shoot(scenario: &str, w: u32, h: u32) -> Option<Picture> {
    let Some(runner) = display_runner() else {
        eprintln!("NOTICE: screenshot test skipped: no X display and no xvfb-run (install xvfb)");
        return None;
    };
    let dir: PathBuf =
        std::env::temp_dir().join(format!("yonin-shots-{}-{scenario}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join(format!("{scenario}.png"));
    let bin = env!("CARGO_BIN_EXE_yonin");
    let mut cmd = match runner.split_first() {
        Some((first, rest)) => {
            let mut c = Command::new(first);
            c.args(rest).arg(bin);
            c
        }
        None => Command::new(bin),
    };
    cmd.arg("--screenshot")
        .arg(&out)
        .arg("--scenario")
        .arg(scenario)
        .arg("--size")
        .arg(format!("{w}x{h}"))
        .env("YONIN_HOME", &dir);
    let result = cmd.output().expect("the yonin binary runs");
    assert!(
        result.status.success(),
        "yonin --screenshot {scenario} failed: {}\n{}",
        result.status,
        String::from_utf8_lossy(&result.stderr)
    );
    let pic = Picture::read(&out);
    let _ = std::fs::remove_dir_all(&dir);
    Some(pic)
}

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
