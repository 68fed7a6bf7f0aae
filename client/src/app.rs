//! The window: macroquad's frame loop and the stack of screens. Each frame: drain the
//! network → the top screen turns input into intents, updates and draws → transition.

use crate::input::InputQueue;
use crate::redraw::Pacer;
use crate::screens::{menu::MenuScreen, saved_game, Ctx, Screen, Transition};
use crate::state::settings::Settings;
use crate::view::assets::{self, Sounds};
use crate::view::theme;
use macroquad::conf::UpdateTrigger;
use macroquad::miniquad::conf::Platform;
use macroquad::prelude::*;
use macroquad::window::Conf;
use std::path::PathBuf;

/// The window's size when the command line gives none.
pub(crate) const DEFAULT_SIZE: (u32, u32) = (1280, 800);

/// Why a window size given on the command line is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SizeError {
    #[error("`{0}` is not a size like 1280x800")]
    NotASize(String),
    #[error("bad width in `{0}`")]
    BadWidth(String),
    #[error("bad height in `{0}`")]
    BadHeight(String),
    #[error("`{0}`: width and height must be 200 to 8192")]
    OutOfRange(String),
}

/// Parses `1280x800`.
pub fn parse_size(s: &str) -> Result<(u32, u32), SizeError> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| SizeError::NotASize(s.to_string()))?;
    let w: u32 = w
        .trim()
        .parse()
        .map_err(|_| SizeError::BadWidth(s.to_string()))?;
    let h: u32 = h
        .trim()
        .parse()
        .map_err(|_| SizeError::BadHeight(s.to_string()))?;
    if !(200..=8192).contains(&w) || !(200..=8192).contains(&h) {
        return Err(SizeError::OutOfRange(s.to_string()));
    }
    Ok((w, h))
}

/// Samples a pixel: 4 smooths the pieces' edges. Without a GPU (Linux with no DRI device,
/// where Mesa draws in software) multisampling doubles the cost of every frame and an idle
/// game would spend ~8 % of a core, so it is off there. `YONIN_MSAA=N` chooses.
fn sample_count() -> i32 {
    if let Some(n) = std::env::var("YONIN_MSAA")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return n;
    }
    let software = cfg!(target_os = "linux") && !std::path::Path::new("/dev/dri").exists();
    if software {
        1
    } else {
        4
    }
}

/// Opens the window and plays until it closes.
pub fn run(size: Option<(u32, u32)>) {
    open_window(size.unwrap_or(DEFAULT_SIZE), false, game_loop);
}

/// Opens a `w`×`h` window and runs `body` in it; `body` is told whether the window may sleep
/// when idle. A window `for_picture` (`--screenshot`) keeps its size and never sleeps.
pub(crate) fn open_window<F, Fut>((w, h): (u32, u32), for_picture: bool, body: F)
where
    F: FnOnce(bool) -> Fut,
    Fut: std::future::Future<Output = ()> + 'static,
{
    // A window that may sleep when idle (never while writing a screenshot: that loop draws
    // frames back to back) wakes for input and for `redraw`'s alarms.
    if let Some(why) = crate::redraw::no_display() {
        eprintln!("yonin: {why}");
        std::process::exit(2);
    }
    let sleeps = !for_picture && crate::redraw::can_sleep();
    let conf = Conf {
        window_title: "Yonin 四人将棋".to_string(),
        window_width: w as i32,
        window_height: h as i32,
        window_resizable: !for_picture,
        high_dpi: false,
        sample_count: sample_count(),
        platform: Platform {
            blocking_event_loop: sleeps,
            linux_wm_class: crate::redraw::window_class(),
            ..Default::default()
        },
        ..Default::default()
    };
    let conf = macroquad::conf::Conf {
        miniquad_conf: conf,
        update_on: Some(UpdateTrigger {
            key_down: true,
            mouse_down: true,
            mouse_up: true,
            mouse_motion: true,
            mouse_wheel: true,
            specific_key: None,
            touch: true,
        }),
        ..Default::default()
    };
    assets::install_panic_filter();
    macroquad::Window::from_config(conf, body(sleeps));
}

/// When the sounds are loaded (seconds after start): the audio thread has found its device,
/// or that there is none, by then.
const SOUNDS_AFTER: f64 = 0.35;

async fn game_loop(sleeps: bool) {
    let settings = Settings::load();
    settings.apply();
    let mut ctx = Ctx::new(assets::load_font(), Sounds::none(), settings);
    let mut stack: Vec<Box<dyn Screen>> = vec![Box::new(MenuScreen::new())];
    let mut last_tick: Option<u64> = None;
    let mut sounds_loaded = false;
    let mut events = InputQueue::new();
    let mut pacer = Pacer::start(sleeps);
    let mut busy = true;
    loop {
        if !sounds_loaded && get_time() >= SOUNDS_AFTER {
            // By now the audio thread has found its device, or found there is none.
            sounds_loaded = true;
            let mut sounds = Sounds::load().await;
            sounds.enabled = ctx.settings.sound;
            sounds.volume = ctx.settings.volume;
            ctx.sounds = sounds;
        }
        let mouse_before = ctx.input.mouse;
        ctx.input = events.frame();
        ctx.now = get_time();
        busy |= pacer.take_poked() || ctx.input.any(mouse_before) || events.has_pending();
        ctx.cues.clear();
        if let Some(s) = &mut ctx.session {
            s.set_bot_pace(ctx.settings.bot_pace.ms());
            s.turn_board = ctx.settings.turn_board;
            ctx.cues = s.pump(ctx.now);
        }
        for c in &ctx.cues {
            ctx.sounds.play(c);
        }
        keep_finished_game(&mut ctx);
        tick_low_time(&mut ctx, &mut last_tick);

        clear_background(theme::palette().background);
        if !sounds_loaded {
            crate::redraw::at(SOUNDS_AFTER);
        }
        let Some(top) = stack.last_mut() else { break };
        let transition = top.frame(&mut ctx);
        let moved_on = !matches!(transition, Transition::Stay);
        match transition {
            Transition::Stay => {}
            Transition::Push(s) => stack.push(s),
            Transition::Replace(s) => {
                stack.pop();
                stack.push(s);
            }
            Transition::Pop => {
                stack.pop();
            }
            Transition::PopN(n) => {
                for _ in 0..n {
                    stack.pop();
                }
            }
            Transition::Home => stack.truncate(1),
            Transition::Quit => break,
        }
        if ctx.input.f12 {
            // A picture of the window, in the current folder.
            let path = PathBuf::from(format!("yonin-{:.0}.png", get_time() * 1000.0));
            match crate::view::capture::save(&path) {
                Ok(()) => eprintln!("yonin: saved {}", path.display()),
                Err(e) => eprintln!("yonin: could not save a screenshot: {e}"),
            }
        }
        if stack.is_empty() {
            // Back from the root menu means the menu again, never a blank window.
            stack.push(Box::new(MenuScreen::new()));
        }
        // A frame in which something happened is followed by one more at once, which shows
        // what it led to (a new screen's first frame, an answer); then the loop may sleep.
        pacer.end_frame(ctx.now, busy || moved_on || !ctx.cues.is_empty());
        busy = moved_on;
        next_frame().await;
    }
    ctx.session = None;
}

/// A game that just ended goes into the replay library (and to disk).
fn keep_finished_game(ctx: &mut Ctx) {
    let Some(table) = ctx.session.as_mut().and_then(|s| s.table.as_mut()) else {
        return;
    };
    if !table.is_over() || table.saved || table.game.moves().is_empty() {
        return;
    }
    table.saved = true;
    let g = saved_game(table);
    if let Err(e) = g.save() {
        tracing::warn!("could not save the game: {e}");
    }
    ctx.library.insert(0, g);
}

/// A tick each second in the last five seconds of the player's byoyomi.
fn tick_low_time(ctx: &mut Ctx, last: &mut Option<u64>) {
    let Some(table) = ctx.session.as_ref().and_then(|s| s.table.as_ref()) else {
        return;
    };
    let Some(me) = table.me.filter(|_| table.my_turn()) else {
        return;
    };
    let Some(c) = table.clock_now(me, ctx.now) else {
        return;
    };
    let left = if c.main_ms > 0 {
        c.main_ms
    } else {
        c.period_ms
    };
    if left > 0 && left <= 5_000 {
        let second = left / 1000;
        if *last != Some(second) {
            *last = Some(second);
            ctx.sounds.tick();
        }
    } else {
        *last = None;
    }
}
