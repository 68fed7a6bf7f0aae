//! Settings: language, name, server address, sound, move animation speed, piece style, board
//! theme, legal-move dots, move confirmation, record notation. Every change shows at once
//! (a preview of the pieces in the chosen style and theme beside the rows); the file is
//! saved when leaving the screen.

use super::{Ctx, Screen, Transition};
use crate::i18n::{tr, trf, Text};
use crate::state::settings::{AnimSpeed, BotPace, Settings};
use crate::view::board::{self, PieceLook, PieceStyle};
use crate::view::theme::{self, ThemeName};
use crate::view::ui::{TextField, Ui};
use macroquad::prelude::*;
use std::f32::consts::PI;
use yonin_core::text::{check_name, MAX_NAME_CHARS};
use yonin_core::{PieceKind, Seat};

/// Rows on the screen: the settings, the "Esc saves" line and the error line.
const ROWS: usize = 16;

pub(crate) struct SettingsScreen {
    name: TextField,
    server: TextField,
    error: Option<String>,
}

pub(crate) fn piece_style_name(p: PieceStyle) -> &'static str {
    tr(match p {
        PieceStyle::OneKanji => Text::OneKanji,
        PieceStyle::TwoKanji => Text::TwoKanji,
        PieceStyle::Beginner => Text::PieceBeginner,
    })
}

pub(crate) fn theme_name(t: ThemeName) -> &'static str {
    tr(match t {
        ThemeName::Classic => Text::ThemeClassic,
        ThemeName::Dark => Text::ThemeDark,
        ThemeName::HighContrast => Text::ThemeHighContrast,
    })
}

pub(crate) fn anim_speed_name(a: AnimSpeed) -> &'static str {
    tr(match a {
        AnimSpeed::Off => Text::Off,
        AnimSpeed::Fast => Text::AnimFast,
        AnimSpeed::Normal => Text::AnimNormal,
        AnimSpeed::Slow => Text::AnimSlow,
    })
}

pub(crate) fn bot_pace_name(p: BotPace) -> &'static str {
    tr(match p {
        BotPace::Instant => Text::PaceInstant,
        BotPace::Quick => Text::PaceQuick,
        BotPace::Normal => Text::PaceNormal,
        BotPace::Slow => Text::PaceSlow,
    })
}

fn on_off(b: bool) -> &'static str {
    tr(if b { Text::On } else { Text::Off })
}

impl SettingsScreen {
    pub(crate) fn new(s: &Settings) -> SettingsScreen {
        SettingsScreen {
            name: TextField::new(s.name.clone(), MAX_NAME_CHARS),
            server: TextField::new(s.server.clone(), 120),
            error: None,
        }
    }

    fn apply(&mut self, s: &mut Settings) -> Result<(), String> {
        s.name = check_name(&self.name.text).map_err(|e| trf(Text::NameError, &[&e]))?;
        s.server = self.server.text.trim().to_string();
        s.save().map_err(|e| trf(Text::SaveError, &[&e]))
    }
}

impl Screen for SettingsScreen {
    fn frame(&mut self, ctx: &mut Ctx) -> Transition {
        if ctx.input.escape {
            match self.apply(&mut ctx.settings) {
                Ok(()) => return Transition::Pop,
                Err(e) => {
                    // The second Esc leaves without saving.
                    if self.error.as_deref() == Some(e.as_str()) {
                        return Transition::Pop;
                    }
                    self.error = Some(e);
                }
            }
        }
        let ui = crate::view::ui::Ui::new(&ctx.font, &ctx.input);
        let (w, h) = (screen_width(), screen_height());
        let u = ui.unit;
        ui.title(tr(Text::SettingsTitle));
        let rw = (w - 4.0 * u).min(u * 34.0);
        let top = u * 5.5;
        let rh = ((h - top - u) / (ROWS as f32 * 1.3)).min(u * 2.2);
        let gap = rh * 0.3;
        // The piece preview beside the rows when the window is wide enough.
        let cell = (u * 2.9).min(rh * 2.0);
        let preview_w = cell * 4.0 + cell * 0.5;
        let with_preview = w - rw - preview_w - u * 5.0 > 0.0;
        let total = if with_preview {
            rw + u * 1.5 + preview_w
        } else {
            rw
        };
        let x = (w - total) / 2.0;
        let mut i = 0;
        let mut row = || {
            i += 1;
            Rect::new(x, top + (i - 1) as f32 * (rh + gap), rw, rh)
        };
        let s = &mut ctx.settings;
        let d = ui.stepper(row(), tr(Text::Language), s.lang.native_name());
        if d != 0 {
            s.lang = s.lang.step(d);
            crate::i18n::set_lang(s.lang);
        }
        self.name.show(&ui, row(), tr(Text::YourName));
        self.server.show(&ui, row(), tr(Text::ServerAddress));
        let sound = if crate::view::assets::no_sound_device() {
            tr(Text::NoSoundDevice)
        } else {
            on_off(s.sound)
        };
        if ui.stepper(row(), tr(Text::Sound), sound) != 0 {
            s.sound = !s.sound;
        }
        let d = ui.stepper(
            row(),
            tr(Text::Volume),
            &format!("{}%", (s.volume * 100.0).round()),
        );
        if d != 0 {
            s.volume = (s.volume + d as f32 * 0.1).clamp(0.0, 1.0);
        }
        let d = ui.stepper(
            row(),
            tr(Text::MoveAnimation),
            anim_speed_name(s.anim_speed),
        );
        if d != 0 {
            s.anim_speed = s.anim_speed.step(d);
        }
        let d = ui.stepper(row(), tr(Text::BotPaceLabel), bot_pace_name(s.bot_pace));
        if d != 0 {
            s.bot_pace = s.bot_pace.step(d);
        }
        let d = ui.stepper(row(), tr(Text::PieceNames), piece_style_name(s.pieces));
        if d != 0 {
            s.pieces = s.pieces.step(d);
        }
        let d = ui.stepper(row(), tr(Text::BoardTheme), theme_name(s.theme));
        if d != 0 {
            s.theme = s.theme.step(d);
            theme::set(s.theme);
        }
        if ui.stepper(row(), tr(Text::ShowLegalMoves), on_off(s.show_legal)) != 0 {
            s.show_legal = !s.show_legal;
        }
        if ui.stepper(row(), tr(Text::ConfirmMoves), on_off(s.confirm_moves)) != 0 {
            s.confirm_moves = !s.confirm_moves;
        }
        let turn = tr(if s.turn_board {
            Text::TurnBoardFollows
        } else {
            Text::TurnBoardStays
        });
        if ui.stepper(row(), tr(Text::TurnBoardLabel), turn) != 0 {
            s.turn_board = !s.turn_board;
        }
        if ui.stepper(
            row(),
            tr(Text::RecordNotation),
            tr(if s.usi_record {
                Text::RecordUsi
            } else {
                Text::RecordJapanese
            }),
        ) != 0
        {
            s.usi_record = !s.usi_record;
        }
        ctx.sounds.enabled = s.sound;
        ctx.sounds.volume = s.volume;
        let r = row();
        ui.text_mid(
            tr(Text::EscSaves),
            r.x,
            r.y + r.h / 2.0,
            u * 0.9,
            theme::palette().text_dim,
        );
        if let Some(e) = &self.error {
            let r = row();
            ui.text_mid(e, r.x, r.y + r.h / 2.0, u * 0.9, theme::CHECK_GLOW);
        }
        if with_preview {
            let at = vec2(x + rw + u * 1.5, top);
            draw_preview(&ui, at, cell, s.pieces);
        }
        Transition::Stay
    }
}

/// A patch of board in the current theme: the opponent's pieces pointing down above, the
/// player's pointing up below, in the chosen style.
fn draw_preview(ui: &Ui, at: Vec2, cell: f32, style: PieceStyle) {
    use PieceKind::*;
    let pal = theme::palette();
    let pad = cell * 0.25;
    let (cols, rows) = (4, 2);
    let outer = Rect::new(
        at.x,
        at.y,
        cols as f32 * cell + 2.0 * pad,
        rows as f32 * cell + 2.0 * pad,
    );
    draw_rectangle(outer.x, outer.y, outer.w, outer.h, pal.wood_frame);
    let grid = Rect::new(
        outer.x + pad,
        outer.y + pad,
        cols as f32 * cell,
        rows as f32 * cell,
    );
    draw_rectangle(grid.x, grid.y, grid.w, grid.h, pal.wood);
    let line = (cell * pal.grid_width).max(1.0);
    for c in 0..=cols {
        let gx = grid.x + c as f32 * cell;
        draw_line(gx, grid.y, gx, grid.y + grid.h, line, pal.grid);
    }
    for r in 0..=rows {
        let gy = grid.y + r as f32 * cell;
        draw_line(grid.x, gy, grid.x + grid.w, gy, line, pal.grid);
    }
    draw_rectangle_lines(outer.x, outer.y, outer.w, outer.h, 2.0, pal.wood_edge);
    let pieces = [[Dragon, Knight, Lance, Pawn], [Rook, Bishop, Silver, King]];
    for (r, kinds) in pieces.iter().enumerate() {
        let seat = if r == 0 { Seat::North } else { Seat::South };
        let angle = if r == 0 { PI } else { 0.0 };
        let color = theme::seat_color_in(seat, false);
        for (c, &kind) in kinds.iter().enumerate() {
            let centre = vec2(
                grid.x + (c as f32 + 0.5) * cell,
                grid.y + (r as f32 + 0.5) * cell,
            );
            let look = PieceLook::live(kind, color);
            let jewel = seat == Seat::South;
            board::draw_styled_piece(ui, centre, cell, angle, kind, jewel, style, look, true);
        }
    }
}
