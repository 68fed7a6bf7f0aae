//! Settings: name, server address, sound, animation, piece style, record notation. Saved
//! when leaving the screen.

use super::{Ctx, Screen, Transition};
use crate::i18n::{tr, trf, Text};
use crate::settings::Settings;
use crate::theme;
use crate::ui::TextField;
use macroquad::prelude::*;
use yonin_core::protocol::{validate_name, MAX_NAME_CHARS};

pub struct SettingsScreen {
    name: TextField,
    server: TextField,
    error: Option<String>,
}

impl SettingsScreen {
    pub fn new(s: &Settings) -> SettingsScreen {
        SettingsScreen {
            name: TextField::new(s.name.clone(), MAX_NAME_CHARS),
            server: TextField::new(s.server.clone(), 120),
            error: None,
        }
    }

    fn apply(&mut self, s: &mut Settings) -> Result<(), String> {
        s.name = validate_name(&self.name.text).map_err(|e| trf(Text::NameError, &[&e]))?;
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
        let ui = crate::ui::Ui::new(&ctx.font, &ctx.input);
        let (w, h) = (screen_width(), screen_height());
        let u = ui.unit;
        ui.title(tr(Text::SettingsTitle));
        let rw = (w - 4.0 * u).min(u * 34.0);
        let x = (w - rw) / 2.0;
        let rh = (u * 2.2).min(h / 14.0);
        let gap = rh * 0.35;
        let mut i = 0;
        let mut row = || {
            i += 1;
            Rect::new(x, u * 6.0 + (i - 1) as f32 * (rh + gap), rw, rh)
        };
        let s = &mut ctx.settings;
        let d = ui.stepper(row(), tr(Text::Language), s.lang.native_name());
        if d != 0 {
            s.lang = s.lang.step(d);
            crate::i18n::set_lang(s.lang);
        }
        self.name.show(&ui, row(), tr(Text::YourName));
        self.server.show(&ui, row(), tr(Text::ServerAddress));
        if ui.stepper(
            row(),
            tr(Text::Sound),
            tr(if s.sound { Text::On } else { Text::Off }),
        ) != 0
        {
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
        if ui.stepper(
            row(),
            tr(Text::MoveAnimation),
            tr(if s.animation { Text::AnimOn } else { Text::Off }),
        ) != 0
        {
            s.animation = !s.animation;
        }
        if ui.stepper(
            row(),
            tr(Text::PieceNames),
            tr(if s.two_kanji {
                Text::TwoKanji
            } else {
                Text::OneKanji
            }),
        ) != 0
        {
            s.two_kanji = !s.two_kanji;
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
            theme::TEXT_DIM,
        );
        if let Some(e) = &self.error {
            let r = row();
            ui.text_mid(e, r.x, r.y + r.h / 2.0, u * 0.9, theme::CHECK_GLOW);
        }
        Transition::Stay
    }
}
