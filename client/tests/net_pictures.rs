//! The online scenes drawn by the built `yonin` binary under a virtual X display, and checked
//! in their pixels: the Reconnecting overlay darkens the board under its box, the chat panel
//! shows its lines in their speakers' colours (a refused line in red), in the game and in
//! the room.
//!
//! Needs an X display: the test starts its own `xvfb-run` when it can and otherwise uses
//! `$DISPLAY`; with neither it prints a notice and passes.

use macroquad::color::Color;
use macroquad::math::Rect;
use std::path::{Path, PathBuf};
use std::process::Command;
use yonin_client::layout::Layout;
use yonin_core::Seat;

const W: u32 = 1280;
const H: u32 = 800;

struct Picture {
    width: u32,
    rgba: Vec<u8>,
}

impl Picture {
    fn read(path: &Path) -> Picture {
        let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut reader = png::Decoder::new(std::io::BufReader::new(file))
            .read_info()
            .expect("a PNG");
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).expect("a PNG frame");
        assert_eq!(info.color_type, png::ColorType::Rgba);
        assert_eq!((info.width, info.height), (W, H), "the window's size");
        buf.truncate(info.buffer_size());
        Picture {
            width: info.width,
            rgba: buf,
        }
    }

    fn px(&self, x: f32, y: f32) -> [u8; 3] {
        let i = (y as usize * self.width as usize + x as usize) * 4;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }

    /// Mean brightness (0–255) over a grid of points in `r`.
    fn brightness(&self, r: Rect) -> f32 {
        let (mut sum, mut n) = (0.0, 0.0);
        for i in 0..20 {
            for j in 0..20 {
                let p = self.px(r.x + r.w * i as f32 / 20.0, r.y + r.h * j as f32 / 20.0);
                sum += (p[0] as f32 + p[1] as f32 + p[2] as f32) / 3.0;
                n += 1.0;
            }
        }
        sum / n
    }

    /// Pixels in `r` within `tol` of `c`.
    fn count(&self, r: Rect, c: Color, tol: i32) -> usize {
        let want = [c.r, c.g, c.b].map(|v| (v * 255.0).round() as i32);
        let mut n = 0;
        let mut y = r.y;
        while y < r.y + r.h {
            let mut x = r.x;
            while x < r.x + r.w {
                let p = self.px(x, y);
                if (0..3).all(|i| (p[i] as i32 - want[i]).abs() <= tol) {
                    n += 1;
                }
                x += 1.0;
            }
            y += 1.0;
        }
        n
    }
}

fn display_runner() -> Option<Vec<String>> {
    if Command::new("xvfb-run").arg("--help").output().is_ok() {
        return Some(
            ["xvfb-run", "-a", "-s", "-screen 0 1600x1200x24"]
                .map(String::from)
                .to_vec(),
        );
    }
    if std::env::var_os("DISPLAY").is_some_and(|d| !d.is_empty()) {
        return Some(Vec::new());
    }
    None
}

/// Draws a scenario; None when no display can be had.
fn shoot(scenario: &str) -> Option<Picture> {
    let Some(runner) = display_runner() else {
        eprintln!("NOTICE: picture test skipped: no X display and no xvfb-run (install xvfb)");
        return None;
    };
    let dir: PathBuf =
        std::env::temp_dir().join(format!("yonin-net-{}-{scenario}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let out = dir.join("shot.png");
    let bin = env!("CARGO_BIN_EXE_yonin");
    let mut cmd = match runner.split_first() {
        Some((first, rest)) => {
            let mut c = Command::new(first);
            c.args(rest).arg(bin);
            c
        }
        None => Command::new(bin),
    };
    cmd.args(["--screenshot"])
        .arg(&out)
        .args(["--scenario", scenario, "--size", &format!("{W}x{H}")])
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

/// The chat panel of the standard game scenes (under the record).
fn game_chat_rect() -> Rect {
    let layout = Layout::new(W as f32, H as f32, Seat::South, false);
    yonin_client::chat::split_panel(layout.record, layout.unit).1
}

#[test]
fn the_overlay_covers_the_board_and_the_chat_shows_its_lines() {
    // The same game and window, with and without the connection.
    let Some(lost) = shoot("reconnecting") else {
        return;
    };
    let Some(chat) = shoot("chat-panel") else {
        return;
    };
    let layout = Layout::new(W as f32, H as f32, Seat::South, false);
    let board = layout.board.outer;
    // The overlay's box sits over the middle of the board: dark where the wood was.
    let middle = Rect::new(
        board.center().x - board.w * 0.1,
        board.center().y + board.h * 0.02,
        board.w * 0.2,
        board.h * 0.04,
    );
    let (dark, wood) = (lost.brightness(middle), chat.brightness(middle));
    assert!(
        dark < wood * 0.4,
        "the overlay's box covers the board: {dark} vs {wood}"
    );
    // Around it, the whole board is dimmed, not hidden.
    let corner = Rect::new(
        board.x + 4.0,
        board.y + board.h * 0.85,
        board.w * 0.15,
        board.h * 0.1,
    );
    let (dim, lit) = (lost.brightness(corner), chat.brightness(corner));
    assert!(
        dim < lit * 0.8 && dim > lit * 0.3,
        "the board is dimmed under the overlay: {dim} vs {lit}"
    );

    // The refused line is red in the chat panel, and only there.
    let refused = Color::new(1.0, 0.45, 0.4, 1.0);
    let r = game_chat_rect();
    let red = chat.count(r, refused, 40);
    assert!(
        red > 40,
        "the refusal is drawn in red in the chat ({red} pixels)"
    );
    eprintln!("overlay box {dark:.0} over wood {wood:.0}; dimmed board {dim:.0} vs {lit:.0}; red {red} px");
    assert_eq!(
        lost.count(r, refused, 40),
        0,
        "no refusal in the other scene's chat"
    );
}

#[test]
fn the_room_screen_has_the_chat_beside_the_seats() {
    let Some(room) = shoot("room-chat") else {
        return;
    };
    // The panel beside the seat rows (1.5 units of margin, rows 40 units wide, a unit apart).
    let u = yonin_client::ui::text_unit(W as f32, H as f32);
    let x = u * 1.5 + (W as f32 - 3.0 * u).min(u * 40.0) + u;
    let panel = Rect::new(x, u * 7.0, W as f32 - x - u * 1.5, H as f32 - u * 10.0);
    // Hanako (South) speaks in South's colour, lightened as chat lines are.
    let south = yonin_client::theme::mix(
        yonin_client::theme::seat_color_in(Seat::South, true),
        macroquad::color::WHITE,
        0.25,
    );
    let lines = room.count(panel, south, 30);
    eprintln!("room chat: {lines} pixels of South's colour");
    assert!(
        lines > 40,
        "South's lines in the room chat ({lines} pixels)"
    );
    // Left of the panel, where the seats are, no chat text in that colour.
    let seats = Rect::new(u * 1.5, u * 12.0, u * 30.0, u * 10.0);
    assert!(room.count(seats, south, 30) < lines / 4);
}
