//! The chat panel: the room's (or the lobby's) lines with their speakers' colours, and the
//! line being typed.
//!
//! Keys: Enter or T opens the input, Enter sends, Esc closes it. While the input is focused
//! it takes the keyboard: call [`ChatPanel::take_keys`] first each frame, before anything
//! else reads the input (moves typed on the keyboard, shortcuts), and ask
//! [`ChatPanel::focused`] before acting on raw key state.

use crate::i18n::{tr, trf, Text};
use crate::view::theme;
use crate::view::ui::{rounded_outline, rounded_rect, wrap, Input, Ui};
use macroquad::prelude::*;
use yonin_core::text::MAX_CHAT_CHARS;
use yonin_core::Seat;

use crate::state::chat::{ChatLine, ChatLog, Speaker};

/// What the panel wants this frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChatAction {
    /// Send this line.
    Send(String),
}

/// The chat panel's own state: the input line and whether it has the keyboard.
#[derive(Clone, Debug, Default)]
pub struct ChatPanel {
    pub input: String,
    focused: bool,
    /// Lines scrolled back from the newest (0: follow the end).
    scroll: usize,
    /// Where the input line was drawn last frame (clicks focus it).
    input_rect: Option<Rect>,
    panel_rect: Option<Rect>,
}

impl ChatPanel {
    pub fn new() -> ChatPanel {
        ChatPanel::default()
    }

    /// Does the chat input have the keyboard?
    pub(crate) fn focused(&self) -> bool {
        self.focused
    }

    /// Opens the input line.
    pub(crate) fn focus(&mut self) {
        self.focused = true;
    }

    /// The panel is not shown this frame: it takes no keys until drawn again.
    pub(crate) fn hide(&mut self) {
        self.focused = false;
        self.panel_rect = None;
        self.input_rect = None;
    }

    /// Takes this frame's keys when the chat wants them: typing, Enter and Esc while the input
    /// is focused (they are removed from `input`, so nothing else sees them), Enter or T to
    /// open it otherwise — only when `free`: nothing else is typed or waits for Enter (see
    /// `GameView::enter_free`). Clicks on the input focus it, clicks elsewhere close it.
    /// Returns a line to send.
    pub(crate) fn take_keys(&mut self, input: &mut Input, free: bool) -> Option<ChatAction> {
        if input.pressed {
            if self.input_rect.is_some_and(|r| r.contains(input.mouse)) {
                self.focused = true;
            } else if self.focused && !self.panel_rect.is_some_and(|r| r.contains(input.mouse)) {
                self.focused = false;
            }
        }
        if !self.focused {
            // Off screen, the keys are not the chat's.
            let shown = self.panel_rect.is_some();
            let t = input.chars.iter().position(|c| *c == 't' || *c == 'T');
            if shown && free && (input.enter || t.is_some()) {
                self.focused = true;
                input.enter = false;
                if let Some(i) = t {
                    input.chars.remove(i);
                }
            }
            return None;
        }
        let mut out = None;
        for c in input.chars.drain(..) {
            if self.input.chars().count() < MAX_CHAT_CHARS {
                self.input.push(c);
            }
        }
        if input.backspace {
            self.input.pop();
        }
        if input.enter {
            if !self.input.trim().is_empty() {
                out = Some(ChatAction::Send(std::mem::take(&mut self.input)));
                self.scroll = 0;
            } else {
                self.focused = false;
            }
        }
        if input.escape {
            self.focused = false;
        }
        // Everything the keyboard did this frame was the chat's.
        input.enter = false;
        input.escape = false;
        input.backspace = false;
        input.tab = false;
        input.left = false;
        input.right = false;
        input.up = false;
        input.down_key = false;
        input.home = false;
        input.end = false;
        out
    }

    /// Draws the panel in `r`: the newest lines that fit, the input line under them.
    /// `can_chat`: the player is in a room (spectators too).
    pub fn draw(&mut self, ui: &Ui, r: Rect, log: &ChatLog, can_chat: bool, four_seats: bool) {
        self.panel_rect = Some(r);
        let u = ui.unit;
        let pad = u * 0.5;
        let head = u * 0.9;
        ui.titled_panel(r, tr(Text::ChatTitle), pad, head);
        let input_h = (u * 1.9).min(r.h * 0.4);
        let field = Rect::new(
            r.x + pad,
            r.y + r.h - pad - input_h,
            r.w - 2.0 * pad,
            input_h,
        );
        // The lines, wrapped to the panel's width, newest at the bottom.
        let size = (u * 0.78).max(crate::view::ui::MIN_READABLE_PX);
        let row_h = size * 1.3;
        let top = r.y + pad * 1.6 + head;
        let bottom = field.y - pad * 0.5;
        let rows = ((bottom - top) / row_h).floor().max(0.0) as usize;
        let width = r.w - 2.0 * pad;
        // Rows of text: (text, colour, first row of its line).
        let mut wrapped: Vec<(String, Color, bool)> = Vec::new();
        for line in &log.lines {
            let (text, color) = line_text(line, four_seats);
            // A line keeps its sender's colour on every row.
            for (i, part) in wrap(&text, width, |s| ui.measure(s, size).width)
                .into_iter()
                .enumerate()
            {
                wrapped.push((part, color, i == 0));
            }
        }
        if ui.hovered(r) && ui.input.wheel != 0.0 {
            let max = wrapped.len().saturating_sub(rows);
            self.scroll = if ui.input.wheel > 0.0 {
                (self.scroll + 2).min(max)
            } else {
                self.scroll.saturating_sub(2)
            };
        }
        let end = wrapped.len().saturating_sub(self.scroll);
        let mut start = end.saturating_sub(rows);
        // Whole lines only: not the tail of one cut off at the top.
        while start > 0 && start < end && !wrapped[start].2 {
            start += 1;
        }
        for (k, (text, color, _)) in wrapped[start..end].iter().enumerate() {
            let y = top + k as f32 * row_h + row_h * 0.5;
            ui.text_mid(text, r.x + pad, y, size, *color);
        }
        if log.lines.is_empty() && rows > 0 {
            let hint = tr(Text::ChatHint);
            let s = crate::view::ui::fit(ui, hint, width, size);
            ui.text_mid(
                hint,
                r.x + pad,
                top + row_h * 0.5,
                s,
                theme::palette().text_dim,
            );
        }
        // The input line.
        self.input_rect = can_chat.then_some(field);
        if !can_chat {
            self.focused = false;
            return;
        }
        rounded_rect(
            field,
            6.0,
            theme::mix(theme::palette().background, BLACK, 0.2),
        );
        rounded_outline(
            field,
            6.0,
            if self.focused { 2.0 } else { 1.0 },
            if self.focused {
                theme::ACCENT
            } else {
                theme::palette().panel_light
            },
        );
        let fs = input_h * 0.5;
        let cy = field.y + field.h / 2.0;
        if self.input.is_empty() && !self.focused {
            let hint = tr(Text::ChatOpenHint);
            let s = crate::view::ui::fit(ui, hint, field.w - fs, fs);
            ui.text_mid(hint, field.x + fs * 0.5, cy, s, theme::palette().text_dim);
        } else {
            // The end of what is typed, when it is longer than the field.
            let avail = field.w - fs * 1.5;
            let mut shown: &str = &self.input;
            while ui.measure(shown, fs).width > avail {
                let mut it = shown.chars();
                it.next();
                shown = it.as_str();
            }
            let w = ui.text_mid(shown, field.x + fs * 0.5, cy, fs, theme::palette().text);
            if self.focused {
                ui.caret(field.x + fs * 0.5 + w + 2.0, field);
            }
        }
    }
}

/// A line as shown: "▲ Hanako: hello", "👁 name: …" for spectators, refusals in red.
fn line_text(line: &ChatLine, four_seats: bool) -> (String, Color) {
    match &line.speaker {
        Speaker::Seated(seat) => {
            let mark = if four_seats {
                seat.arrow().to_string()
            } else if *seat == Seat::South {
                "▲".into()
            } else {
                "△".into()
            };
            (
                format!("{mark} {}: {}", line.name, line.text),
                theme::mix(theme::seat_color_in(*seat, four_seats), WHITE, 0.25),
            )
        }
        Speaker::Spectator => (
            trf(Text::ChatSpectatorLine, &[&line.name, &line.text]),
            theme::palette().text_dim,
        ),
        Speaker::Refusal => (
            trf(Text::ChatRefused, &[&line.text]),
            Color::new(1.0, 0.45, 0.4, 1.0),
        ),
        // The player's own lines in the accent colour, everyone else's in the text colour.
        Speaker::Lobby => (
            format!("{}: {}", line.name, line.text),
            if line.own {
                theme::mix(theme::ACCENT, WHITE, 0.25)
            } else {
                theme::palette().text
            },
        ),
    }
}

/// Splits a side panel (the record's) into the record above and the chat below.
pub fn split_panel(r: Rect, unit: f32) -> (Rect, Rect) {
    let gap = (unit * 0.5).max(4.0);
    let chat_h = (r.h * 0.5).clamp(unit * 7.0, unit * 18.0).min(r.h * 0.6);
    let record = Rect::new(r.x, r.y, r.w, r.h - chat_h - gap);
    let chat = Rect::new(r.x, r.y + r.h - chat_h, r.w, chat_h);
    (record, chat)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key_input(chars: &str) -> Input {
        Input {
            chars: chars.chars().collect(),
            ..Input::default()
        }
    }

    #[test]
    fn t_opens_typing_goes_to_chat_and_enter_sends() {
        let mut p = ChatPanel::new();
        let mut i = key_input("t");
        p.take_keys(&mut i, true);
        assert!(
            !p.focused() && i.chars == vec!['t'],
            "a hidden panel takes no keys"
        );
        // As if drawn at the right of a window.
        p.panel_rect = Some(Rect::new(800.0, 0.0, 400.0, 300.0));
        let mut i = key_input("7t");
        assert_eq!(p.take_keys(&mut i, true), None);
        assert!(p.focused());
        assert_eq!(i.chars, vec!['7'], "the T is the chat's, the rest is not");
        let mut i = key_input("gg");
        i.backspace = true;
        p.take_keys(&mut i, true);
        assert!(
            i.chars.is_empty() && !i.backspace,
            "typing is taken from the input"
        );
        assert_eq!(p.input, "g");
        let mut i = key_input("o!");
        i.enter = true;
        assert_eq!(
            p.take_keys(&mut i, true),
            Some(ChatAction::Send("go!".into()))
        );
        assert!(!i.enter && p.input.is_empty() && p.focused());
        let mut i = Input {
            escape: true,
            ..Input::default()
        };
        p.take_keys(&mut i, true);
        assert!(
            !p.focused() && !i.escape,
            "Esc closes the chat and goes no further"
        );
        // Closed, Esc is not the chat's.
        let mut i = Input {
            escape: true,
            ..Input::default()
        };
        p.take_keys(&mut i, true);
        assert!(i.escape);
        // Enter and T open it only when nothing else is typed or waiting.
        let mut i = Input {
            enter: true,
            chars: vec!['t'],
            ..Input::default()
        };
        p.take_keys(&mut i, false);
        assert!(!p.focused() && i.enter && i.chars == vec!['t']);
        p.take_keys(&mut i, true);
        assert!(p.focused() && !i.enter);
    }
}
