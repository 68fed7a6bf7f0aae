//! Input turned into `Intent`s: clicks and drags on the board and the hand trays, the
//! promotion question, and the keyboard (`shortcuts` says what a key means, `keyboard` keeps
//! the typed line and the overlays; their effects on the pick and the buttons are here).

use super::{Drag, GameView, ViewOptions};
use crate::input::intent::Intent;
use crate::state::table::{Choice, Pick, Table};
use crate::view::board::{self, BoardGeom};
use crate::view::layout::Layout;
use crate::view::ui::Ui;
use macroquad::prelude::*;
use yonin_core::{Seat, Square};

impl GameView {
    pub(super) fn board_input(
        &mut self,
        ui: &Ui,
        table: &Table,
        layout: &Layout,
        opts: &ViewOptions,
        intents: &mut Vec<Intent>,
    ) {
        let input = ui.input;
        let g = &layout.board;
        if !table.my_turn() {
            self.clear_pick();
            return;
        }
        if self.keys.pending.is_some() {
            let prompt = self.prompt.unwrap_or(layout.record);
            intents.extend(self.keys.pending_click(ui, g, prompt));
            return;
        }
        if let Some((plain, promoted)) = self.promotion {
            if input.pressed {
                let (a, b) = promotion_rects(g, plain.to());
                let grow = |r: Rect| Rect::new(r.x, r.y, r.w, r.h + g.cell * 0.42);
                let (a, b) = (grow(a), grow(b));
                let chosen = if a.contains(input.mouse) {
                    Some(promoted)
                } else if b.contains(input.mouse) {
                    Some(plain)
                } else {
                    None
                };
                self.clear_pick();
                if let Some(m) = chosen {
                    intents.extend(self.keys.commit(m, opts.confirm_moves));
                }
            }
            return;
        }
        if input.right_pressed {
            self.clear_pick();
            return;
        }
        let me = table.viewer();
        let under = self.pick_under(table, layout, me, input.mouse);
        if input.pressed {
            // A destination for the piece already picked?
            if let (Some(pick), Some(sq)) = (self.pick, g.square_at(input.mouse)) {
                let choice = table.choose(pick, sq);
                if choice != Choice::Nothing {
                    self.resolve(choice, opts.confirm_moves, intents);
                    return;
                }
            }
            match under {
                Some(p) if table.can_pick(p) => {
                    let again = self.pick == Some(p);
                    self.pick = Some(p);
                    self.drag = Some(Drag {
                        pick: p,
                        start: input.mouse,
                        moved: false,
                        again,
                    });
                }
                _ => {
                    if g.outer.contains(input.mouse) || under.is_some() {
                        if self.pick.is_some() || under.is_some() {
                            intents.push(Intent::Refused);
                        }
                        if let (Some(pick), Some(sq)) = (self.pick, g.square_at(input.mouse)) {
                            self.refused_why = table.refusal(pick, sq);
                        }
                        self.pick = None;
                    }
                }
            }
        }
        if let Some(d) = &mut self.drag {
            if input.mouse.distance(d.start) > g.cell * 0.2 {
                d.moved = true;
            }
        }
        if input.released {
            if let Some(d) = self.drag.take() {
                if d.moved {
                    match g.square_at(input.mouse) {
                        Some(sq) if Pick::Square(sq) != d.pick => {
                            let choice = table.choose(d.pick, sq);
                            if choice == Choice::Nothing {
                                intents.push(Intent::Refused);
                                self.refused_why = table.refusal(d.pick, sq);
                            } else {
                                self.resolve(choice, opts.confirm_moves, intents);
                            }
                        }
                        _ => {}
                    }
                } else if d.again {
                    self.pick = None;
                }
            }
        }
    }

    pub(super) fn resolve(&mut self, choice: Choice, confirm: bool, intents: &mut Vec<Intent>) {
        match choice {
            Choice::Play(m) => {
                self.clear_pick();
                intents.extend(self.keys.commit(m, confirm));
            }
            Choice::AskPromotion { plain, promoted } => {
                self.promotion = Some((plain, promoted));
                self.drag = None;
            }
            Choice::Nothing => {}
        }
    }

    /// The board square or hand piece of the player under the pointer.
    pub(super) fn pick_under(
        &self,
        table: &Table,
        layout: &Layout,
        me: Seat,
        p: Vec2,
    ) -> Option<Pick> {
        if let Some(sq) = layout.board.square_at(p) {
            return Some(Pick::Square(sq));
        }
        let area = layout.seats[me]?;
        let hand = table.game.position().hand(me);
        board::hand_slots(area.hand, hand, area.capacity)
            .into_iter()
            .find(|(_, r)| r.contains(p))
            .map(|(k, _)| Pick::Hand(k))
    }
}

/// The keyboard: `shortcuts` says what a key means, `keyboard` keeps the typed line and the
/// overlays; the effects on the pick, the promotion question and the resign button are here.
impl GameView {
    pub(super) fn key_view(&self) -> crate::input::keyboard::ViewState {
        crate::input::keyboard::ViewState {
            chat_focused: self.chat.focused,
            picked: self.pick.is_some(),
            promotion_open: self.promotion.is_some(),
            resign_asked: self.confirm_resign,
        }
    }

    /// Does the view use Esc now (to cancel something) rather than let the screen leave?
    pub fn takes_escape(&self) -> bool {
        self.keys.takes_escape(&self.key_view())
    }

    /// Is Enter free for the chat (nothing typed, nothing waiting for it)?
    pub fn enter_free(&self) -> bool {
        self.keys.enter_free(&self.key_view())
    }

    /// Types `text` and, with `submit`, presses Enter, as the keyboard would (scenarios and
    /// tests); returns the intents.
    pub fn type_move(&mut self, table: &Table, text: &str, submit: bool) -> Vec<Intent> {
        use crate::input::shortcuts::Key;
        let mut keys: Vec<Key> = text.chars().map(Key::Char).collect();
        if submit {
            keys.push(Key::Enter);
        }
        let mut intents = Vec::new();
        self.apply_keys(&keys, table, &ViewOptions::default(), 0.0, &mut intents);
        intents
    }

    /// Opens the shortcut help as ? would (scenarios).
    pub(crate) fn show_help(&mut self) {
        self.keys.help_open = true;
    }

    pub(super) fn keyboard(
        &mut self,
        ui: &Ui,
        table: &Table,
        opts: &ViewOptions,
        now: f64,
        intents: &mut Vec<Intent>,
    ) {
        let keys = crate::input::shortcuts::read_keys(ui.input);
        if !keys.is_empty() {
            self.apply_keys(&keys, table, opts, now, intents);
        }
    }

    pub(super) fn apply_keys(
        &mut self,
        keys: &[crate::input::shortcuts::Key],
        table: &Table,
        opts: &ViewOptions,
        now: f64,
        intents: &mut Vec<Intent>,
    ) {
        use crate::input::keyboard::Effect;
        for effect in self.keys.handle(keys, table, self.key_view(), now) {
            match effect {
                Effect::Intent(i) => intents.push(i),
                Effect::Choose(c) if table.my_turn() => {
                    self.resolve(c, opts.confirm_moves, intents)
                }
                Effect::Choose(_) => intents.push(Intent::Refused),
                Effect::ClearPick => {
                    self.pick = None;
                    self.drag = None;
                    self.promotion = None;
                }
                Effect::Promote(yes) => {
                    if let Some((plain, promoted)) = self.promotion {
                        self.clear_pick();
                        let m = if yes { promoted } else { plain };
                        intents.extend(self.keys.commit(m, opts.confirm_moves));
                    }
                }
                Effect::ResignAsked(b) => self.confirm_resign = b,
            }
        }
    }
}

/// The two choice boxes of the promotion question (promoted first), next to the destination.
pub(super) fn promotion_rects(g: &BoardGeom, to: Square) -> (Rect, Rect) {
    let c = g.square_rect(to);
    let s = g.cell * 1.1;
    let mut x = c.x + c.w / 2.0 - s;
    // Above the destination (room for the labels under the pieces), or below it.
    let mut y = c.y - s - g.cell * 0.42 - 12.0;
    if y < g.grid.y {
        y = c.y + c.h + 8.0;
    }
    x = x.clamp(g.grid.x, g.grid.x + g.grid.w - 2.0 * s);
    (Rect::new(x, y, s, s), Rect::new(x + s, y, s, s))
}
