//! The game screen: the table of the current session, played with the mouse, with the room's
//! chat beside the record online and the "Reconnecting…" overlay while a lost connection is
//! restored. Esc leaves (asking once while the game runs).

use super::{draw_toast, Ctx, Screen, Transition};
use crate::i18n::{tr, Text};
use crate::input::intent::Intent;
use crate::state::session::Link;
use crate::state::table::Cue;
use crate::view::chat::{ChatAction, ChatPanel};
use crate::view::game::GameView;
use crate::view::theme;
use macroquad::prelude::*;
use yonin_core::protocol::ClientMessage;

pub(crate) struct GameScreen {
    view: GameView,
    /// The game-over screen was shown for the current game.
    over_shown: bool,
    /// Esc was pressed once during a running game.
    leave_asked_at: Option<f64>,
    chat: ChatPanel,
}

impl GameScreen {
    pub(crate) fn new() -> GameScreen {
        GameScreen {
            view: GameView::new(),
            over_shown: false,
            leave_asked_at: None,
            chat: ChatPanel::new(),
        }
    }

    /// Opens the chat with `text` typed in it (scenes).
    pub(crate) fn draft_chat(&mut self, text: &str) {
        self.chat.focus();
        self.chat.input = text.to_string();
    }
}

impl Default for GameScreen {
    fn default() -> Self {
        GameScreen::new()
    }
}

/// Leaves the session's room: offline, the whole session (and its server) goes. The player
/// leaves on purpose, so the saved seat is forgotten too.
fn leave(ctx: &mut Ctx) -> Transition {
    if let Some(s) = &mut ctx.session {
        s.forget_seat();
    }
    match &mut ctx.session {
        Some(s) if s.offline => {
            ctx.session = None;
        }
        // No connection to say goodbye on: give the seat up here.
        Some(s) if s.reconnect.is_some() => s.abandon_seat(),
        Some(s) => s.send(ClientMessage::Leave),
        None => {}
    }
    Transition::Pop
}

impl Screen for GameScreen {
    fn frame(&mut self, ctx: &mut Ctx) -> Transition {
        let now = ctx.now;
        let mut opts = ctx.view_options(true);
        // The chat (online, in a room) takes its keys before anything else reads them.
        let chat_on = ctx
            .session
            .as_ref()
            .is_some_and(|s| !s.offline && s.table.is_some());
        self.view.chat.enabled = chat_on;
        if chat_on {
            if let Some(ChatAction::Send(line)) =
                self.chat.take_keys(&mut ctx.input, self.view.enter_free())
            {
                if let Some(s) = ctx.session.as_mut() {
                    // A refused line shows in the chat itself.
                    let _ = s.say(&line, now);
                }
            }
        }
        self.view.chat.focused = self.chat.focused();
        let Some(session) = ctx.session.as_ref() else {
            return Transition::Pop;
        };
        if session.reconnect.is_some() {
            opts.interactive = false;
        }
        let running = session.table.as_ref().is_some_and(|t| !t.is_over());
        // Esc first cancels what the view has open (typed move, pick, help, pending move).
        if ctx.input.escape && !self.view.takes_escape() {
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
            let (text, error) = match (&session.refused, &session.link) {
                // A saved seat the server did not give back.
                (Some(why), _) => (why.clone(), true),
                (None, Link::Closed(why)) => (why.clone(), true),
                (None, _) if session.is_resuming() => (tr(Text::RejoiningGame).to_string(), false),
                (None, Link::Connecting) => (tr(Text::StartingGame).to_string(), false),
                (None, Link::Open) => (tr(Text::SettingUpBoard).to_string(), false),
            };
            let size =
                crate::view::ui::fit(&ui, &text, screen_width() - 2.0 * ui.unit, ui.unit * 1.3);
            ui.text_centered(
                &text,
                c,
                size,
                if error {
                    theme::CHECK_GLOW
                } else {
                    theme::palette().text
                },
            );
            ui.text_centered(
                tr(Text::EscBack),
                c + vec2(0.0, ui.unit * 2.5),
                ui.unit,
                theme::palette().text_dim,
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
        if let Some((draw, at)) = &session.first_draw {
            crate::view::first_draw::draw(&ui, draw, table, now - at);
        }
        let over = table.is_over();
        let rules = *table.game.rules();
        let tc = table.time_control;
        if let Some(r) = self.view.chat.rect {
            let can_chat = session.room.is_some() && session.reconnect.is_none();
            self.chat
                .draw(&ui, r, &session.chat, can_chat, table.four_seats());
        } else {
            self.chat.hide();
        }
        if let Some(r) = &session.reconnect {
            let area = Rect::new(0.0, 0.0, screen_width(), screen_height());
            let choice = crate::view::reconnect::draw_overlay(&ui, area, r, now, session.offline);
            return match choice {
                Some(crate::view::reconnect::OverlayChoice::TryAgain) => {
                    if let Some(s) = ctx.session.as_mut() {
                        s.retry_reconnect(now);
                    }
                    Transition::Stay
                }
                Some(crate::view::reconnect::OverlayChoice::BackToLobby) => leave(ctx),
                None => Transition::Stay,
            };
        }
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
                Intent::Game(request) => ClientMessage::Game(request),
                Intent::ShowRules => {
                    return Transition::Push(Box::new(super::rules::RulesScreen::for_game(
                        rules, tc,
                    )));
                }
                Intent::ShowResult => {
                    return Transition::Push(Box::new(super::game_over::GameOverScreen::new()));
                }
                Intent::SkipToResult => {
                    if let Some(s) = &mut ctx.session {
                        s.hurry_bots();
                    }
                    continue;
                }
                Intent::Refused => {
                    ctx.sounds.play(&Cue::Illegal);
                    continue;
                }
            };
            if let Some(s) = &ctx.session {
                s.send_as_player(msg);
            }
        }
        if over && !self.over_shown {
            self.over_shown = true;
            return Transition::Push(Box::new(super::game_over::GameOverScreen::new()));
        }
        Transition::Stay
    }
}
