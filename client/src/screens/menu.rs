//! The main menu: big friendly buttons; the last used mode is remembered and lit.

use super::{Ctx, Screen, Transition};
use crate::board_view::{draw_piece, piece_text, PieceLook, PieceStyle};
use crate::i18n::{tr, Text};
use crate::settings::Mode;
use crate::theme;
use macroquad::prelude::*;
use std::f32::consts::FRAC_PI_2;
use yonin_core::{PieceKind, Seat};

#[derive(Default)]
pub struct MenuScreen;

impl MenuScreen {
    pub fn new() -> MenuScreen {
        MenuScreen
    }
}

impl Screen for MenuScreen {
    fn frame(&mut self, ctx: &mut Ctx) -> Transition {
        let ui = ctx.ui();
        let (w, h) = (screen_width(), screen_height());
        let u = ui.unit;
        // The title, with four kings around it pointing away from their seats.
        let title_c = vec2(w / 2.0, h * 0.16);
        ui.text_centered("四人将棋", title_c, u * 3.6, theme::palette().text);
        ui.text_centered(
            tr(Text::Subtitle),
            title_c + vec2(0.0, u * 3.0),
            u * 1.1,
            theme::palette().text_dim,
        );
        let cell = u * 2.6;
        let dx = u * 9.0;
        for (i, seat) in Seat::ALL.iter().enumerate() {
            let x = if i % 2 == 0 {
                -dx - cell * 0.6 * i as f32
            } else {
                dx + cell * 0.6 * (i - 1) as f32
            };
            let c = title_c + vec2(x, 0.0);
            let kind = if i == 0 {
                PieceKind::King
            } else {
                PieceKind::Gold
            };
            draw_piece(
                &ui,
                c,
                cell,
                i as f32 * FRAC_PI_2,
                kind,
                piece_text(kind, true, PieceStyle::OneKanji),
                PieceLook::live(kind, theme::seat_color(*seat)),
            );
        }

        let bw = (w * 0.36).clamp(260.0, 520.0);
        let bh = (h * 0.085).clamp(40.0, 76.0);
        let gap = bh * 0.28;
        let items = [
            tr(Text::MenuComputer),
            tr(Text::MenuOnline),
            tr(Text::MenuReplay),
            tr(Text::MenuRules),
            tr(Text::MenuSettings),
            tr(Text::MenuQuit),
        ];
        let top = h * 0.3;
        let mut chosen = None;
        for (i, label) in items.iter().enumerate() {
            let r = Rect::new((w - bw) / 2.0, top + i as f32 * (bh + gap), bw, bh);
            let last = match ctx.settings.last_mode {
                Mode::Computer => 0,
                Mode::Online => 1,
            };
            let accent = (i == last).then_some(theme::ACCENT);
            if ui.button_styled(r, label, true, accent) {
                chosen = Some(i);
            }
        }
        match chosen {
            Some(0) => {
                Transition::Push(Box::new(super::setup::SetupScreen::offline(&ctx.settings)))
            }
            Some(1) => Transition::Push(Box::new(super::online::ConnectScreen::new(&ctx.settings))),
            Some(2) => Transition::Push(Box::new(super::replay::ReplayList::new())),
            Some(3) => Transition::Push(Box::new(super::rules::RulesScreen::general())),
            Some(4) => Transition::Push(Box::new(super::settings::SettingsScreen::new(
                &ctx.settings,
            ))),
            Some(5) => Transition::Quit,
            _ => Transition::Stay,
        }
    }
}
