//! Pictures for tests: draws a scenario with the built `yonin` binary under a virtual X
//! display (its own `xvfb-run` when it can, else `$DISPLAY`) and reads the PNG's pixels back.
// Each test binary that includes this module uses only part of it.
#![allow(dead_code)]

use macroquad::color::Color;
use macroquad::math::Rect;
use std::path::{Path, PathBuf};
use std::process::Command;
use yonin_client::view::board::BoardGeom;
use yonin_core::Square;

pub struct Picture {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

impl Picture {
    pub fn read(path: &Path) -> Picture {
        let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let decoder = png::Decoder::new(std::io::BufReader::new(file));
        let mut reader = decoder.read_info().expect("a PNG");
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).expect("a PNG frame");
        assert_eq!(info.color_type, png::ColorType::Rgba, "RGBA pixels");
        buf.truncate(info.buffer_size());
        Picture {
            width: info.width,
            height: info.height,
            rgba: buf,
        }
    }

    /// The pixel nearest to (`x`, `y`).
    pub fn px(&self, x: f32, y: f32) -> [u8; 3] {
        let (x, y) = (x.round() as usize, y.round() as usize);
        let i = (y * self.width as usize + x) * 4;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }

    /// The share of pixels in a square's cell (a margin left out) close to `c`.
    pub fn share(&self, g: &BoardGeom, sq: Square, c: Color) -> f32 {
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

    /// Mean brightness (0–255) over a grid of points in `r`.
    pub fn brightness(&self, r: Rect) -> f32 {
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
    pub fn count(&self, r: Rect, c: Color, tol: i32) -> usize {
        let mut n = 0;
        let mut y = r.y;
        while y < r.y + r.h {
            let mut x = r.x;
            while x < r.x + r.w {
                if close(self.px(x, y), c, tol) {
                    n += 1;
                }
                x += 1.0;
            }
            y += 1.0;
        }
        n
    }
}

/// Is the pixel `p` within `tol` of `c` in each channel?
pub fn close(p: [u8; 3], c: Color, tol: i32) -> bool {
    let want = [c.r, c.g, c.b].map(|v| (v * 255.0).round() as i32);
    (0..3).all(|i| (p[i] as i32 - want[i]).abs() <= tol)
}

/// How to get a display: our own xvfb-run, the current `$DISPLAY`, or none.
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

/// Draws a scenario at `w`×`h`; None (after a notice) when no display can be had.
pub fn shoot(scenario: &str, w: u32, h: u32) -> Option<Picture> {
    let Some(runner) = display_runner() else {
        eprintln!("NOTICE: picture test skipped: no X display and no xvfb-run (install xvfb)");
        return None;
    };
    // One folder per picture: tests running at once may draw the same scene.
    static SHOTS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = SHOTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir: PathBuf = std::env::temp_dir().join(format!(
        "yonin-shots-{}-{n}-{}",
        std::process::id(),
        scenario.replace('@', "-")
    ));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let out = dir.join(format!("{scenario}.png"));
    let bin = env!("CARGO_BIN_EXE_yonin");
    let run = || {
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
            .args(["--scenario", scenario, "--size", &format!("{w}x{h}")])
            .env("YONIN_HOME", &dir);
        cmd.output().expect("the yonin binary runs")
    };
    // `xvfb-run -a` in tests running at once can pick the same display number and lose the
    // race for it (the window then finds no X server): such a start is tried again.
    let mut result = run();
    for _ in 0..2 {
        let stderr = String::from_utf8_lossy(&result.stderr);
        let no_display = stderr.contains("XOpenDisplay") || stderr.contains("no window can open");
        if result.status.success() || !no_display {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
        result = run();
    }
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
