//! Screens are values: each frame a screen draws itself, reads the input and returns a
//! transition. Esc always goes back.

pub(crate) mod game;
pub(crate) mod game_over;
pub mod menu;
pub(crate) mod online;
pub mod replay;
pub(crate) mod rules;
pub(crate) mod settings;
pub(crate) mod setup;

use crate::i18n::{tr, trf, Text};
use crate::state::session::Session;
use crate::state::settings::{SavedGame, Settings};
use crate::state::table::{Cue, Table};
use crate::view::assets::Sounds;
use crate::view::ui::{Input, Ui};
use macroquad::text::Font;
use yonin_core::Variant;

/// What a screen wants after a frame.
pub enum Transition {
    Stay,
    Push(Box<dyn Screen>),
    Replace(Box<dyn Screen>),
    Pop,
    /// Pops this many screens.
    PopN(usize),
    /// Back to the main menu.
    Home,
    Quit,
}

pub trait Screen {
    /// Draws one frame, handles its input, and says what comes next.
    fn frame(&mut self, ctx: &mut Ctx) -> Transition;
}

/// What every screen can reach.
pub struct Ctx {
    pub font: Font,
    pub sounds: Sounds,
    pub settings: Settings,
    /// The connection of the game or lobby in progress.
    pub session: Option<Session>,
    /// Finished games, newest first.
    pub library: Vec<SavedGame>,
    pub input: Input,
    pub now: f64,
    /// Cues that arrived this frame.
    pub cues: Vec<Cue>,
}

impl Ctx {
    /// A fresh context: no session, no finished games, no input or cues yet.
    pub(crate) fn new(font: Font, sounds: Sounds, settings: Settings) -> Ctx {
        Ctx {
            font,
            sounds,
            settings,
            session: None,
            library: Vec::new(),
            input: Input::default(),
            now: 0.0,
            cues: Vec::new(),
        }
    }

    pub fn ui(&self) -> Ui<'_> {
        Ui::new(&self.font, &self.input)
    }

    pub(crate) fn view_options(&self, interactive: bool) -> crate::view::game::ViewOptions {
        crate::view::game::ViewOptions {
            pieces: self.settings.piece_style(),
            usi_record: self.settings.usi_record,
            animation: self.settings.anim_speed.seconds(),
            interactive,
            show_legal: self.settings.show_legal,
            confirm_moves: self.settings.confirm_moves,
            can_hurry: self.session.as_ref().is_some_and(|s| s.hosts_room()),
        }
    }
}

/// A finished game from a table, for the replay list.
pub fn saved_game(table: &Table) -> SavedGame {
    let ended = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    // A person's own name, with the bot that stood in for them (if one did) beside it.
    let seats = table.game.position().seats();
    let names: Vec<_> = seats
        .iter()
        .map(|s| match table.person(s) {
            Some((name, _)) => (s, name),
            None => (s, table.name(s)),
        })
        .collect();
    let stand_ins: Vec<_> = seats
        .iter()
        .filter_map(|s| Some((s, table.person(s)?.1?)))
        .collect();
    let result = table
        .outcome
        .as_ref()
        .map(|o| crate::i18n::words::outcome_line(o, table.variant()))
        .unwrap_or_default();
    let kind = match table.variant() {
        Variant::Standard => tr(Text::Shogi),
        Variant::Yonin => tr(Text::Yonin),
    };
    SavedGame {
        title: format!(
            "{kind}, {}: {result}",
            trf(Text::NMoves, &[&table.game.moves().len()])
        ),
        named: false,
        ended,
        rules: *table.game.rules(),
        start: yonin_core::record::position_text(table.game.start()),
        actions: table.actions.clone(),
        names,
        me: table.me,
        outcome: table.outcome.clone(),
        stand_ins,
    }
}

/// Draws a toast near the bottom of the window.
pub(crate) fn draw_toast(ui: &Ui, text: &str, error: bool) {
    use macroquad::prelude::*;
    let size = ui.unit * 0.95;
    let w = (ui.measure(text, size).width + size * 2.0).min(screen_width() - 20.0);
    let r = Rect::new(
        (screen_width() - w) / 2.0,
        screen_height() - size * 3.6,
        w,
        size * 2.2,
    );
    crate::view::ui::rounded_rect(r, 8.0, Color::new(0.06, 0.06, 0.08, 0.92));
    crate::view::ui::rounded_outline(
        r,
        8.0,
        2.0,
        if error {
            crate::view::theme::CHECK_GLOW
        } else {
            crate::view::theme::ACCENT
        },
    );
    let s = crate::view::ui::fit(ui, text, w - size, size);
    ui.text_centered(text, r.center(), s, crate::view::theme::palette().text);
}
