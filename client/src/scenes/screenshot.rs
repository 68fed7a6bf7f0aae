//! `yonin --screenshot <file.png> [--scenario <name>] [--size WxH]`: draws a scenario in a real
//! window, reads the frame back and writes it as PNG, then exits.

use crate::screens::{Ctx, Transition};
use crate::state::settings::Settings;
use crate::view::assets::{self, Sounds};
use crate::view::capture::{grab, write_png};
use crate::view::theme;
use crate::view::ui::Input;
use macroquad::prelude::*;
use std::path::{Path, PathBuf};

/// `yonin --screenshot`: opens a window of `size`, draws `scenario` in it, writes `path` and
/// exits (status 2 when the picture could not be made).
pub fn shoot_window(path: PathBuf, scenario: Option<String>, size: Option<(u32, u32)>) {
    let (w, h) = size.unwrap_or(crate::app::DEFAULT_SIZE);
    crate::app::open_window((w, h), true, move |_| async move {
        let scenario = scenario.as_deref().unwrap_or("standard-start");
        match run(&path, scenario, (w, h)).await {
            Ok(()) => std::process::exit(0),
            Err(e) => {
                eprintln!("yonin: screenshot failed: {e}");
                std::process::exit(2);
            }
        }
    });
}

/// Renders `scenario` and writes `path`. Errors are messages for stderr.
pub async fn run(path: &Path, scenario: &str, size: (u32, u32)) -> Result<(), String> {
    let font = assets::load_font();
    let (scenario, theme) = crate::scenes::split_theme(scenario);
    let (scenario, lang) = crate::scenes::split_lang(scenario);
    let mut settings = Settings::default();
    if let Some(l) = lang {
        settings.lang = l;
    }
    crate::scenes::adjust_settings(scenario, &mut settings);
    if let Some(t) = theme {
        settings.theme = t;
    }
    settings.apply();
    let mut ctx = Ctx::new(font, Sounds::none(), settings);
    let mut screen = crate::scenes::screen(scenario, &ctx)?;
    let mut ready = None;
    if let Some((session, r)) = crate::scenes::live(scenario) {
        ctx.session = Some(session);
        ready = Some(r);
    }
    // Draw until the window has its size (a window manager may take a frame or two), a live
    // game has its moves and the screen stays put, then grab a frame. Still scenes keep the
    // time at 0 so the picture is the same every run.
    let started = get_time();
    let mut frame = 0u32;
    loop {
        frame += 1;
        ctx.input = Input {
            mouse: vec2(-1000.0, -1000.0),
            ..Input::default()
        };
        if let Some(s) = &mut ctx.session {
            ctx.now = get_time();
            ctx.cues = s.pump(ctx.now);
            if let crate::state::session::Link::Closed(why) = &s.link {
                return Err(format!("the live game closed: {why}"));
            }
        }
        clear_background(theme::palette().background);
        // A frame in which the screen moves on (to a pushed game, back out) draws nothing of
        // its own: never the picture. The scene stays on its screen, as `scenes` expect.
        let settled = matches!(screen.frame(&mut ctx), Transition::Stay);
        let sized = screen_width() as u32 == size.0 && screen_height() as u32 == size.1;
        let moved = match (ready, &ctx.session) {
            (Some(r), Some(s)) => r.reached(s),
            _ => true,
        };
        let late = get_time() - started > 90.0 || frame > 20_000;
        if (sized && frame >= 4 && moved && settled) || late {
            if late && !moved {
                return Err("the live game did not get going".into());
            }
            let (w, h, rgba) = grab();
            ctx.session = None;
            return write_png(path, w, h, &rgba).map_err(|e| e.to_string());
        }
        next_frame().await;
    }
}
