//! Game over: the result (or the ranking in Yonin) over the final board, with rematch, replay
//! and the way back. Esc returns to the final board, whose Result button opens it again.

use super::{Ctx, Screen, Transition};
use crate::i18n::ordinal;
use crate::i18n::words::outcome_line;
use crate::i18n::{tr, trf, Text};
use crate::state::table::Table;
use crate::view::game::{arrow_str, GameView};
use crate::view::theme;
use crate::view::ui::{rounded_outline, rounded_rect};
use macroquad::prelude::*;
use yonin_core::protocol::ClientMessage;
use yonin_core::Variant;

pub(crate) struct GameOverScreen {
    view: GameView,
    rematch_asked: bool,
    /// A finished game shown without a session (screenshots).
    own: Option<Table>,
}

impl GameOverScreen {
    pub(crate) fn new() -> GameOverScreen {
        GameOverScreen {
            view: GameView::new(),
            rematch_asked: false,
            own: None,
        }
    }

    /// The result of a game held here rather than in a session.
    pub(crate) fn with_table(table: Table) -> GameOverScreen {
        GameOverScreen {
            own: Some(table),
            ..GameOverScreen::new()
        }
    }
}

impl Default for GameOverScreen {
    fn default() -> Self {
        GameOverScreen::new()
    }
}

impl Screen for GameOverScreen {
    fn frame(&mut self, ctx: &mut Ctx) -> Transition {
        if ctx.input.escape {
            return Transition::Pop;
        }
        let opts = ctx.view_options(false);
        let now = ctx.now;
        let session = ctx.session.as_ref();
        let Some(table) = session.and_then(|s| s.table.as_ref()).or(self.own.as_ref()) else {
            return if session.is_some() {
                Transition::Pop
            } else {
                Transition::Home
            };
        };
        if !table.is_over() {
            // A rematch started.
            return Transition::Pop;
        }
        let ui = ctx.ui();
        self.view.frame(&ui, table, &opts, now);
        let (w, h) = (screen_width(), screen_height());
        draw_rectangle(0.0, 0.0, w, h, Color::new(0.0, 0.0, 0.0, 0.45));
        let u = ui.unit;
        let seats: Vec<_> = table.game.position().seats().iter().collect();
        let pw = (u * 24.0).min(w - 2.0 * u);
        let ph = u * (11.0 + 2.2 * seats.len() as f32);
        let panel = Rect::new((w - pw) / 2.0, (h - ph) / 2.0, pw, ph);
        rounded_rect(panel, 14.0, theme::palette().panel);
        rounded_outline(panel, 14.0, 2.0, theme::ACCENT);
        let Some(outcome) = table.outcome.clone() else {
            return Transition::Stay;
        };
        // Pass and play: the winner by name, as "you" is everyone here.
        let winner = outcome
            .places
            .first()
            .filter(|w| w.len() == 1 && table.passed_around())
            .map(|w| w[0]);
        let headline = match (
            table.me,
            outcome.place_of(table.me.unwrap_or(yonin_core::Seat::South)),
        ) {
            (Some(_), _) if outcome.is_draw() => tr(Text::Draw).to_string(),
            (Some(_), _) if winner.is_some() => {
                let w = winner.map(|w| table.name(w)).unwrap_or_default();
                trf(Text::NameWins, &[&w])
            }
            (Some(_), Some(1)) => tr(Text::YouWin).to_string(),
            (Some(_), Some(p)) if table.variant() == Variant::Yonin => {
                trf(Text::YouFinished, &[&ordinal(p)])
            }
            (Some(_), Some(_)) => tr(Text::YouLose).to_string(),
            _ => tr(Text::GameOver).to_string(),
        };
        let mut y = panel.y + u * 2.4;
        ui.text_centered(
            &headline,
            vec2(panel.center().x, y),
            u * 2.0,
            theme::palette().text,
        );
        y += u * 2.2;
        let line = outcome_line(&outcome, table.variant());
        let s = crate::view::ui::fit(&ui, &line, pw - 2.0 * u, u * 1.0);
        ui.text_centered(
            &line,
            vec2(panel.center().x, y),
            s,
            theme::palette().text_dim,
        );
        y += u * 1.6;
        // The ranking: place, seat, name.
        let mut place = 1;
        for group in &outcome.places {
            for &seat in group {
                let row = Rect::new(panel.x + u * 2.0, y, pw - u * 4.0, u * 1.9);
                let color = theme::seat_color_in(seat, table.four_seats());
                rounded_rect(
                    row,
                    6.0,
                    theme::mix(theme::palette().panel_light, color, 0.15),
                );
                ui.text_mid(
                    &ordinal(place),
                    row.x + u * 0.6,
                    row.center().y,
                    u,
                    theme::palette().text,
                );
                let chip = Rect::new(row.x + u * 3.6, row.y + u * 0.3, u * 1.3, u * 1.3);
                rounded_rect(chip, 3.0, color);
                let mark = match table.variant() {
                    Variant::Yonin => arrow_str(seat),
                    Variant::Standard => {
                        if seat == yonin_core::Seat::South {
                            "▲"
                        } else {
                            "△"
                        }
                    }
                };
                ui.text_centered(mark, chip.center(), u * 0.95, theme::palette().background);
                let mut name = table.name(seat);
                if Some(seat) == table.me && !table.passed_around() {
                    name.push_str(tr(Text::YouSuffix));
                }
                ui.text_mid(
                    &name,
                    chip.x + chip.w + u * 0.6,
                    row.center().y,
                    u,
                    theme::palette().text,
                );
                y += u * 2.2;
            }
            place += group.len();
        }
        // Buttons.
        let bh = u * 2.4;
        let by = panel.y + panel.h - bh - u * 1.2;
        let gap = u * 0.6;
        let bw = (pw - 2.0 * u - 2.0 * gap) / 3.0;
        let b = |i: usize| Rect::new(panel.x + u + i as f32 * (bw + gap), by, bw, bh);
        let can_rematch = session.is_some_and(|s| s.room.is_some()) && table.me.is_some();
        let rematch_label = if self.rematch_asked {
            tr(Text::WaitingForOthers)
        } else {
            tr(Text::Rematch)
        };
        let rematch = ui.button_styled(
            b(0),
            rematch_label,
            can_rematch && !self.rematch_asked,
            Some(theme::ACCENT),
        );
        let replay = ui.button(b(1), tr(Text::MenuReplay));
        let offline = session.is_none_or(|s| s.offline);
        let back = ui.button(
            b(2),
            if offline {
                tr(Text::MainMenu)
            } else {
                tr(Text::BackToLobby)
            },
        );
        let saved = super::saved_game(table);
        if rematch {
            self.rematch_asked = true;
            if let Some(s) = &ctx.session {
                s.ask_rematch();
            }
        }
        if replay {
            return Transition::Push(Box::new(super::replay::ReplayViewer::new(saved)));
        }
        if back {
            if offline {
                ctx.session = None;
                return Transition::Home;
            }
            if let Some(s) = &ctx.session {
                s.send(ClientMessage::Leave);
            }
            return Transition::PopN(2);
        }
        Transition::Stay
    }
}
