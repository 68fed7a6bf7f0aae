//! The game screen's keyboard side: the typed-move line, the shortcut help, the move waiting
//! for confirmation and the turned view. [`crate::input::shortcuts::dispatch`] decides what a key
//! means; this keeps the state those actions change, tells the game view what to do, and
//! draws the line and the overlays.

use crate::i18n::{tr, trf, Text};
use crate::input::intent::Intent;
use crate::input::shortcuts::{self, dispatch, Key, KeyAction, KeyState};
use crate::input::typed_move::{parse_typed_move, TypedMoveMessage};
use crate::state::table::{Choice, Table};
use crate::view::board::BoardGeom;
use crate::view::theme;
use crate::view::ui::fit;
use crate::view::ui::{rounded_outline, rounded_rect, Ui};
use macroquad::prelude::*;
use yonin_core::protocol::GameRequest;
use yonin_core::{Move, Seat, Variant};

/// The longest move text kept (`5八成銀左上(69)` is 11 characters).
const MAX_TYPED: usize = 24;
/// How long a short notice ("no draw to offer") stays.
const NOTICE_SECS: f64 = 4.0;

/// What the game view must do after the keys of a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Intent(Intent),
    /// A typed move: play it, or ask about promotion.
    Choose(Choice),
    /// Drop the picked piece and the promotion question.
    ClearPick,
    /// Answer the open promotion question.
    Promote(bool),
    /// Show (or stop showing) "Really resign?".
    ResignAsked(bool),
}

/// The view state a key's meaning depends on, besides the keyboard's own.
#[derive(Clone, Copy, Debug, Default)]
pub struct ViewState {
    pub chat_focused: bool,
    pub picked: bool,
    pub promotion_open: bool,
    pub resign_asked: bool,
}

/// The keyboard's state between frames.
#[derive(Clone, Debug, Default)]
pub struct Keyboard {
    /// The move being typed.
    pub typed: String,
    /// Why the last typed move was not played (shown until the next key).
    pub error: Option<String>,
    /// A short notice and when it was shown.
    pub notice: Option<(String, f64)>,
    pub help_open: bool,
    /// A move waiting for confirmation (the confirm-moves setting).
    pub pending: Option<Move>,
    /// Quarter turns of the view away from the player's seat (F).
    pub turns: usize,
}

impl Keyboard {
    fn state(&self, v: &ViewState, playing: bool) -> KeyState {
        KeyState {
            chat_focused: v.chat_focused,
            help_open: self.help_open,
            resign_asked: v.resign_asked,
            promotion_open: v.promotion_open,
            move_pending: self.pending.is_some(),
            typing: !self.typed.is_empty(),
            picked: v.picked,
            playing,
        }
    }

    /// Would Esc be used here (rather than leave the game)?
    pub fn takes_escape(&self, v: &ViewState) -> bool {
        dispatch(Key::Escape, &self.state(v, false)) != KeyAction::Leave
    }

    /// Is Enter free for the chat (nothing typed, nothing waiting)?
    pub fn enter_free(&self, v: &ViewState) -> bool {
        dispatch(Key::Enter, &self.state(v, true)) == KeyAction::OpenChat
    }

    /// The seat shown at the bottom: the player's, turned by F.
    pub(crate) fn view_seat(&self, table: &Table) -> Seat {
        Seat::from_index(table.viewer().index() + self.turns)
    }

    /// The move the typed text names so far, if it reads as one (its squares are marked on
    /// the board while typing, before Enter).
    pub fn preview(&self, table: &Table) -> Option<Move> {
        if self.typed.is_empty() || self.error.is_some() {
            return None;
        }
        let prev = table.game.moves().last().map(|m| m.mv.to());
        match parse_typed_move(table.game.position(), table.me, prev, &self.typed).ok()? {
            Choice::Play(m) => Some(m),
            Choice::AskPromotion { plain, .. } => Some(plain),
            Choice::Nothing => None,
        }
    }

    /// A move chosen with the mouse or the keyboard: sent at once, or held for confirmation.
    pub(crate) fn commit(&mut self, m: Move, confirm: bool) -> Option<Intent> {
        if confirm {
            self.pending = Some(m);
            None
        } else {
            Some(Intent::Game(GameRequest::Move(m)))
        }
    }

    /// Handles this frame's keys.
    pub(crate) fn handle(
        &mut self,
        keys: &[Key],
        table: &Table,
        v: ViewState,
        now: f64,
    ) -> Vec<Effect> {
        let playing = table.me.is_some() && !table.is_over();
        let mut v = v;
        let mut out = Vec::new();
        for &key in keys {
            let action = dispatch(key, &self.state(&v, playing));
            self.act(action, table, &mut v, now, &mut out);
        }
        out
    }

    fn act(
        &mut self,
        action: KeyAction,
        table: &Table,
        v: &mut ViewState,
        now: f64,
        out: &mut Vec<Effect>,
    ) {
        match action {
            KeyAction::ToChat | KeyAction::OpenChat | KeyAction::Leave | KeyAction::Ignore => {}
            KeyAction::Type(c) => {
                if self.typed.chars().count() < MAX_TYPED {
                    self.typed.push(c);
                }
                self.error = None;
            }
            KeyAction::Erase => {
                self.typed.pop();
                self.error = None;
            }
            KeyAction::ClearTyped => {
                self.typed.clear();
                self.error = None;
            }
            KeyAction::SubmitTyped => self.submit(table, out),
            KeyAction::ConfirmMove => {
                if let Some(m) = self.pending.take() {
                    out.push(Effect::Intent(Intent::Game(GameRequest::Move(m))));
                }
            }
            KeyAction::CancelPending => {
                self.pending = None;
                v.promotion_open = false;
                out.push(Effect::ClearPick);
            }
            KeyAction::Promote => {
                v.promotion_open = false;
                out.push(Effect::Promote(true));
            }
            KeyAction::DontPromote => {
                v.promotion_open = false;
                out.push(Effect::Promote(false));
            }
            KeyAction::ClearPick => {
                v.picked = false;
                out.push(Effect::ClearPick);
            }
            KeyAction::Flip => {
                let step = if table.four_seats() { 1 } else { 2 };
                self.turns = (self.turns + step) % 4;
            }
            KeyAction::ToggleHelp => self.help_open = !self.help_open,
            KeyAction::CloseHelp => self.help_open = false,
            KeyAction::AskResign => {
                v.resign_asked = true;
                out.push(Effect::ResignAsked(true));
            }
            KeyAction::ConfirmResign => {
                v.resign_asked = false;
                out.push(Effect::ResignAsked(false));
                out.push(Effect::Intent(Intent::Game(GameRequest::Resign)));
            }
            KeyAction::CancelResign => {
                v.resign_asked = false;
                out.push(Effect::ResignAsked(false));
            }
            KeyAction::OfferDraw => out.push(self.draw_offer(table, now)),
        }
    }

    /// Ctrl+D: offer a draw in standard shogi, or take the opponent's offer.
    fn draw_offer(&mut self, table: &Table, now: f64) -> Effect {
        let me = table.viewer();
        match (table.variant(), table.game.draw_offer()) {
            (Variant::Standard, None) => Effect::Intent(Intent::Game(GameRequest::OfferDraw)),
            (Variant::Standard, Some(_)) if table.game.check_accept_draw(me).is_ok() => {
                Effect::Intent(Intent::Game(GameRequest::AcceptDraw))
            }
            _ => {
                self.notice = Some((tr(Text::NoDrawOffer).to_string(), now));
                Effect::Intent(Intent::Refused)
            }
        }
    }

    /// Enter on a typed move: play it (or ask about promotion), or say why not.
    fn submit(&mut self, table: &Table, out: &mut Vec<Effect>) {
        let prev = table.game.moves().last().map(|m| m.mv.to());
        match parse_typed_move(table.game.position(), table.me, prev, &self.typed) {
            Ok(choice) => {
                self.typed.clear();
                self.error = None;
                out.push(Effect::ClearPick);
                out.push(Effect::Choose(choice));
            }
            Err(e) => {
                self.error = Some(e.message());
                out.push(Effect::Intent(Intent::Refused));
            }
        }
    }

    /// How high the box under the record must be for what the keyboard shows now (the move
    /// question, or the typed line and why it was refused), or None when it shows neither.
    pub(crate) fn prompt_height(&self, unit: f32) -> Option<f32> {
        if self.pending.is_some() {
            Some(unit * 5.6)
        } else if self.error.is_some() {
            Some(unit * 7.0)
        } else if !self.typed.is_empty() {
            Some(unit * 2.4)
        } else {
            None
        }
    }

    /// A click while a move waits: on the Play button or the destination it goes, anywhere
    /// else it is taken back. `prompt` is the question's box.
    pub(crate) fn pending_click(&mut self, ui: &Ui, g: &BoardGeom, prompt: Rect) -> Option<Intent> {
        let m = self.pending?;
        if !ui.input.pressed {
            return None;
        }
        let (play, _) = pending_buttons(ui, prompt);
        self.pending = None;
        let p = ui.input.mouse;
        if play.contains(p) || g.square_at(p) == Some(m.to()) {
            Some(Intent::Game(GameRequest::Move(m)))
        } else {
            None
        }
    }

    /// Draws the typed line or the pending move's question in `prompt` (beside the board),
    /// the notices, the keys that answer "Really resign?" while it is asked, and the help.
    #[allow(clippy::too_many_arguments)]
    pub fn draw(
        &self,
        ui: &Ui,
        table: &Table,
        g: &BoardGeom,
        prompt: Option<Rect>,
        usi: bool,
        resign_asked: bool,
        now: f64,
    ) {
        if let Some(r) = prompt {
            if let Some(m) = self.pending {
                let text = if usi {
                    m.to_string()
                } else {
                    let prev = table.game.moves().last().map(|p| p.mv.to());
                    crate::state::notation::display(table.game.position(), m, prev)
                };
                draw_pending(ui, r, &text);
            } else if !self.typed.is_empty() || self.error.is_some() {
                self.draw_line(ui, r, now);
            }
        }
        let top = g.grid.y + g.cell * 0.5;
        if resign_asked {
            draw_note(ui, g, tr(Text::ResignKeyAsk), top, theme::CHECK_GLOW);
        } else if let Some((text, at)) = &self.notice {
            if now - at < NOTICE_SECS {
                crate::redraw::at(at + NOTICE_SECS);
                draw_note(ui, g, text, top, theme::ACCENT);
            }
        }
        if self.help_open {
            draw_help(ui, g, table.four_seats());
        }
    }

    /// The typed line at the bottom of `r`, and above it why the last move was refused.
    fn draw_line(&self, ui: &Ui, r: Rect, now: f64) {
        let h = r.h.min(ui.unit * 2.4);
        let field = Rect::new(r.x, r.y + r.h - h, r.w, h);
        rounded_rect(field, 8.0, BOX);
        rounded_outline(
            field,
            8.0,
            2.0,
            if self.error.is_some() {
                theme::CHECK_GLOW
            } else {
                theme::ACCENT
            },
        );
        let size = h * 0.5;
        let pad = h * 0.3;
        let (text, color) = if self.typed.is_empty() {
            (
                tr(Text::TypeMoveHint).to_string(),
                theme::palette().text_dim,
            )
        } else {
            (self.typed.clone(), theme::palette().text)
        };
        let s = fit(ui, &text, field.w - 2.0 * pad, size);
        let tw = ui.text_mid(&text, field.x + pad, field.center().y, s, color);
        // A blinking caret after the text.
        if !self.typed.is_empty() {
            crate::redraw::caret_blink(now);
        }
        if !self.typed.is_empty() && (now * 2.0).fract() < 0.5 {
            let x = field.x + pad + tw + 2.0;
            draw_line(
                x,
                field.y + h * 0.2,
                x,
                field.y + h * 0.8,
                2.0,
                theme::palette().text,
            );
        }
        if let Some(e) = &self.error {
            let gap = ui.unit * 0.4;
            let above = Rect::new(r.x, r.y, r.w, (r.h - h - gap).max(0.0));
            rounded_rect(above, 8.0, BOX);
            rounded_outline(above, 8.0, 2.0, theme::CHECK_GLOW);
            text_block(ui, e, above, ui.unit * 0.85, theme::palette().text);
        }
    }
}

/// The fill of the typed line, the move question and the notes.
const BOX: Color = Color::new(0.06, 0.06, 0.08, 0.92);

/// `text` wrapped into `r` (a padding left), shrunk until its lines fit, centred.
fn text_block(ui: &Ui, text: &str, r: Rect, size: f32, color: Color) {
    let pad = ui.unit * 0.5;
    let width = (r.w - 2.0 * pad).max(10.0);
    let mut size = size;
    loop {
        let lines = crate::view::ui::wrap(text, width, |t| ui.measure(t, size).width);
        let lh = size * 1.3;
        let fits = lines.len() as f32 * lh <= r.h - pad;
        if fits || size < 7.0 {
            let top = r.center().y - lines.len() as f32 * lh / 2.0;
            for (i, l) in lines.iter().enumerate() {
                let y = top + lh * (i as f32 + 0.5);
                let s = fit(ui, l, width, size);
                ui.text_centered(l, vec2(r.center().x, y), s, color);
            }
            return;
        }
        size *= 0.9;
    }
}

/// A one-line note centred over the board at height `cy`, wrapped when long.
fn draw_note(ui: &Ui, g: &BoardGeom, text: &str, cy: f32, edge: Color) {
    let size = g.cell * 0.27;
    let max_w = g.outer.w * 0.94;
    let lines = crate::view::ui::wrap(text, max_w - size * 1.5, |t| ui.measure(t, size).width);
    let w = lines
        .iter()
        .map(|l| ui.measure(l, size).width)
        .fold(0.0, f32::max)
        + size * 1.5;
    let lh = size * 1.4;
    let h = lines.len() as f32 * lh + size * 0.8;
    let r = Rect::new(g.outer.center().x - w / 2.0, cy - h / 2.0, w, h);
    rounded_rect(r, 8.0, BOX);
    rounded_outline(r, 8.0, 2.0, edge);
    for (i, l) in lines.iter().enumerate() {
        let y = r.y + size * 0.4 + lh * (i as f32 + 0.5);
        ui.text_centered(l, vec2(r.center().x, y), size, theme::palette().text);
    }
}

/// The two buttons of the move question in its box `r` (play, cancel), along its bottom.
fn pending_buttons(ui: &Ui, r: Rect) -> (Rect, Rect) {
    let gap = ui.unit * 0.5;
    let bh = (ui.unit * 2.0).min(r.h * 0.42);
    let bw = ((r.w - 3.0 * gap) / 2.0).min(ui.unit * 6.0);
    let by = r.y + r.h - bh - gap;
    let play = Rect::new(r.center().x - bw - gap / 2.0, by, bw, bh);
    let cancel = Rect::new(r.center().x + gap / 2.0, by, bw, bh);
    (play, cancel)
}

/// The question of a pending move in its box `r`: the move and the keys, then Play and Cancel.
fn draw_pending(ui: &Ui, r: Rect, move_text: &str) {
    let (play, cancel) = pending_buttons(ui, r);
    rounded_rect(r, 10.0, BOX);
    rounded_outline(r, 10.0, 2.0, theme::ACCENT);
    let prompt = trf(Text::ConfirmPrompt, &[&move_text]);
    let text_r = Rect::new(r.x, r.y, r.w, (play.y - r.y).max(0.0));
    text_block(ui, &prompt, text_r, ui.unit * 0.95, theme::palette().text);
    ui.button_styled(play, tr(Text::PlayMove), true, Some(theme::ACCENT));
    ui.button(cancel, tr(Text::CancelMove));
}

/// The shortcut help, over the board: as tall as its lines.
fn draw_help(ui: &Ui, g: &BoardGeom, four_seats: bool) {
    let size = g.cell * 0.27;
    let lh = size * 1.55;
    let lines = shortcuts::help_lines();
    let pad = g.cell * 0.45;
    let w = g.outer.w - g.cell * 0.6;
    let width = w - 2.0 * pad;
    let small = size * 0.9;
    let mut notes = vec![tr(Text::KeyForms)];
    if four_seats {
        notes.push(tr(Text::KeyYonin));
    }
    let note_lines: usize = notes
        .iter()
        .map(|n| crate::view::ui::wrap(n, width, |t| ui.measure(t, small).width).len())
        .sum();
    let h = pad * 2.0
        + size * 1.4
        + lh * (lines.len() as f32 + 1.4)
        + small * 1.35 * note_lines as f32
        + lh * 1.6;
    let r = Rect::new(
        g.outer.center().x - w / 2.0,
        g.outer.center().y - h / 2.0,
        w,
        h,
    );
    rounded_rect(r, 12.0, Color::new(0.06, 0.06, 0.08, 0.95));
    rounded_outline(r, 12.0, 2.0, theme::ACCENT);
    let mut y = r.y + pad + size * 0.7;
    ui.text_mid(
        tr(Text::ShortcutsTitle),
        r.x + pad,
        y,
        size * 1.4,
        theme::ACCENT,
    );
    y += lh * 1.4;
    let key_w = lines
        .iter()
        .map(|(k, _)| ui.measure(k, size).width)
        .fold(0.0, f32::max)
        + size * 1.2;
    for (key, text) in lines {
        ui.text_mid(key, r.x + pad, y, size, theme::ACCENT);
        let t = tr(text);
        let s = fit(ui, t, width - key_w, size);
        ui.text_mid(t, r.x + pad + key_w, y, s, theme::palette().text);
        y += lh;
    }
    y += small * 0.6;
    for n in notes {
        y = ui.paragraph(n, r.x + pad, y, width, small, theme::palette().text_dim) + small * 0.3;
    }
    ui.text_centered(
        tr(Text::HelpClose),
        vec2(r.center().x, r.y + r.h - pad * 0.9),
        size * 0.85,
        theme::palette().text_dim,
    );
}
