//! The game screen: the table of the current session, played with the mouse. Esc leaves
//! (asking once while the game runs).

use super::{draw_toast, Ctx, Screen, Transition};
use crate::game_view::{GameView, Intent};
use crate::i18n::{tr, Text};
use crate::session::Link;
use crate::table::Cue;
use crate::theme;
use macroquad::prelude::*;
use yonin_core::protocol::ClientMessage;

pub struct GameScreen {
    view: GameView,
    /// The game-over screen was shown for the current game.
    over_shown: bool,
    /// Esc was pressed once during a running game.
    leave_asked_at: Option<f64>,
}

impl GameScreen {
    pub fn new() -> GameScreen {
        GameScreen {
            view: GameView::new(),
            over_shown: false,
            leave_asked_at: None,
        }
    }
}

impl Default for GameScreen {
    fn default() -> Self {
        GameScreen::new()
    }
}

/// Leaves the session's room: offline, the whole session (and its server) goes.
fn leave(ctx: &mut Ctx) -> Transition {
    match &ctx.session {
        Some(s) if s.offline => {
            ctx.session = None;
        }
        Some(s) => s.send(ClientMessage::Leave),
        None => {}
    }
    Transition::Pop
}

impl Screen for GameScreen {
    fn frame(&mut self, ctx: &mut Ctx) -> Transition {
        let now = ctx.now;
        let opts = ctx.view_options(true);
        let Some(session) = ctx.session.as_ref() else {
            return Transition::Pop;
        };
        let running = session.table.as_ref().is_some_and(|t| !t.is_over());
        if ctx.input.escape {
            let asked = self.leave_asked_at.is_some_and(|t| now - t < 3.0);
            if !running || asked || matches!(session.link, Link::Closed(_)) {
                return leave(ctx);
            }
            self.leave_asked_at = Some(now);
        }
        if ctx.cues.contains(&Cue::MyTurn) {
            self.view.pulse(now);
        }
        let ui = ctx.ui();
        let Some(table) = session.table.as_ref() else {
            // Waiting for the game (or the connection failed).
            let c = vec2(screen_width() / 2.0, screen_height() / 2.0);
            let (text, error) = match &session.link {
                Link::Closed(why) => (why.clone(), true),
                Link::Connecting => (tr(Text::StartingGame).to_string(), false),
                Link::Open => (tr(Text::SettingUpBoard).to_string(), false),
            };
            ui.text_centered(
                &text,
                c,
                ui.unit * 1.3,
                if error {
                    theme::CHECK_GLOW
                } else {
                    theme::TEXT
                },
            );
            ui.text_centered(
                tr(Text::EscBack),
                c + vec2(0.0, ui.unit * 2.5),
                ui.unit,
                theme::TEXT_DIM,
            );
            if error {
                let r = Rect::new(
                    c.x - ui.unit * 6.0,
                    c.y + ui.unit * 4.0,
                    ui.unit * 12.0,
                    ui.unit * 2.6,
                );
                if ui.button(r, tr(Text::Back)) {
                    return leave(ctx);
                }
            }
            return Transition::Stay;
        };
        if !table.is_over() {
            self.over_shown = false;
        }
        let intents = self.view.frame(&ui, table, &opts, now);
        let over = table.is_over();
        let rules = *table.game.rules();
        let tc = table.time_control;
        if let Link::Closed(why) = &session.link {
            draw_toast(&ui, &format!("{why} {}", tr(Text::EscBack)), true);
        } else if let Some(t) = self.leave_asked_at.filter(|t| now - t < 3.0) {
            let _ = t;
            draw_toast(&ui, tr(Text::LeaveConfirm), false);
        } else if let Some(n) = session.current_notice(now) {
            draw_toast(&ui, &n.text, n.error);
        }
        for intent in intents {
            let msg = match intent {
                Intent::Play(mv) => ClientMessage::Move { mv },
                Intent::Resign => ClientMessage::Resign,
                Intent::OfferDraw => ClientMessage::OfferDraw,
                Intent::AcceptDraw => ClientMessage::AcceptDraw,
                Intent::DeclineDraw => ClientMessage::DeclineDraw,
                Intent::DeclareImpasse => ClientMessage::DeclareImpasse,
                Intent::ClaimWin => ClientMessage::ClaimWin,
                Intent::ShowRules => {
                    return Transition::Push(Box::new(super::rules::RulesScreen::for_game(
                        rules, tc,
                    )));
                }
                Intent::Refused => {
                    ctx.sounds.play(&Cue::Illegal);
                    continue;
                }
            };
            if let Some(s) = &ctx.session {
                s.send(msg);
            }
        }
        if over && !self.over_shown {
            self.over_shown = true;
            return Transition::Push(Box::new(super::game_over::GameOverScreen::new()));
        }
        Transition::Stay
    }
}
