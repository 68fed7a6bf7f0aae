//! The replay viewer's panels and where they go: the record beside the board (the current
//! move lit, a click goes to it), the controls under it (steps, seats, save, review), and
//! the room the review panel takes.

use crate::i18n::words::outcome_line;
use crate::i18n::{tr, trf, Text};
use crate::screens::replay::export;
use crate::screens::replay::nav::{self, Step, PAGE};
use crate::screens::replay::review::{self};
use crate::state::table::Table;
use crate::view::layout::Layout;
use crate::view::theme;
use crate::view::ui::fit;
use crate::view::ui::{rounded_rect, Ui};
use macroquad::prelude::*;
use yonin_core::{Seat, Variant};

use super::ReplayViewer;

impl ReplayViewer {
    /// The record panel: every move, the current one lit; a click jumps to it, the wheel
    /// scrolls. Returns the move clicked (1-based).
    pub(super) fn draw_record(
        &mut self,
        ui: &Ui,
        layout: &Layout,
        four: bool,
        usi: bool,
    ) -> Option<usize> {
        let r = layout.record;
        let u = layout.unit;
        let pad = u * 0.6;
        let head = u;
        ui.titled_panel(r, tr(Text::RecordTitle), pad, head);
        if !self.lines.is_empty() {
            let now = ui.input.time;
            let copied = self.copied_at.is_some_and(|t| now - t < 1.5);
            if let Some(t) = self.copied_at.filter(|_| copied) {
                crate::redraw::at(t + 1.5);
            }
            let label = tr(if copied { Text::Copied } else { Text::Copy });
            let bw = u * 3.6;
            let b = Rect::new(r.x + r.w - pad - bw, r.y + pad * 0.6, bw, head * 1.3);
            if ui.button(b, label) {
                let text = match &self.full {
                    Ok(g) => Table::from_game(g.clone(), None, 0.0).record_text(usi),
                    Err(_) => String::new(),
                };
                macroquad::miniquad::window::clipboard_set(&text);
                self.copied_at = Some(now);
            }
        }
        let row_h = u * 1.35;
        let top = r.y + pad * 1.5 + head;
        let at_end = self.at == self.saved.actions.len();
        let outcome = self.saved.outcome.as_ref().filter(|_| at_end);
        // Until asked, a Review button across the bottom of the panel.
        let ask = self.review.is_none() && !self.lines.is_empty();
        let ask_h = if ask { row_h * 1.3 + pad * 0.5 } else { 0.0 };
        let mut ask_now = false;
        if ask {
            let b = Rect::new(
                r.x + pad,
                r.y + r.h - pad - row_h * 1.3,
                r.w - 2.0 * pad,
                row_h * 1.3,
            );
            ask_now = ui.button(b, tr(Text::ReviewButton));
        }
        let bottom = r.y + r.h - pad - ask_h - if outcome.is_some() { row_h } else { 0.0 };
        let rows = ((bottom - top) / row_h).floor().max(1.0) as usize;
        let col_min = u * if four { 10.5 } else { 4.8 };
        let fit_cols = ((r.w - 2.0 * pad - row_h * 1.7) / col_min).floor().max(1.0) as usize;
        let per_row = if four || fit_cols < 2 {
            fit_cols.min(4)
        } else {
            (fit_cols / 2 * 2).min(4)
        };
        let total_rows = self.lines.len().div_ceil(per_row);
        let max_first = total_rows.saturating_sub(rows);
        let current = nav::moves_before(&self.saved.actions, self.at);
        if self.follow {
            self.follow = false;
            if current > 0 {
                let row = (current - 1) / per_row;
                if row < self.record_first {
                    self.record_first = row;
                } else if row >= self.record_first + rows {
                    self.record_first = row + 1 - rows;
                }
            }
        }
        if ui.hovered(r) && ui.input.wheel != 0.0 {
            self.record_first = if ui.input.wheel > 0.0 {
                self.record_first.saturating_sub(2)
            } else {
                self.record_first + 2
            };
        }
        self.record_first = self.record_first.min(max_first);
        let num_w = row_h * 1.7;
        let col_w = (r.w - 2.0 * pad - num_w) / per_row as f32;
        let mut clicked = None;
        for row in self.record_first..(self.record_first + rows).min(total_rows) {
            let y = top + (row - self.record_first) as f32 * row_h;
            let first = row * per_row;
            let num = format!("{:>3}", self.lines[first].ply);
            ui.text_mid(
                &num,
                r.x + pad,
                y + row_h * 0.5,
                row_h * 0.6,
                theme::palette().text_dim,
            );
            for k in 0..per_row {
                let Some(line) = self.lines.get(first + k) else {
                    break;
                };
                let ply = first + k + 1;
                let cell = Rect::new(
                    r.x + pad + num_w + k as f32 * col_w,
                    y + row_h * 0.08,
                    col_w - 2.0,
                    row_h * 0.84,
                );
                if ply == current {
                    rounded_rect(cell, 4.0, theme::alpha(theme::ACCENT, 0.45));
                } else if ui.hovered(cell) {
                    rounded_rect(cell, 4.0, theme::palette().panel_light);
                }
                if ui.clicked(cell) {
                    clicked = Some(ply);
                }
                let color = theme::seat_color_in(line.seat, four);
                draw_rectangle(
                    cell.x + 2.0,
                    cell.y + row_h * 0.12,
                    row_h * 0.18,
                    row_h * 0.6,
                    color,
                );
                let text = if usi { &line.usi } else { &line.japanese };
                let mark = self.review.as_ref().and_then(|j| j.mark(ply));
                let marked;
                let text = match mark {
                    Some(m) => {
                        if ply != current {
                            rounded_rect(cell, 4.0, theme::alpha(review::mark_color(m), 0.30));
                        }
                        marked = format!("{text} {}", m.symbol());
                        &marked
                    }
                    None => text,
                };
                let size = fit(ui, text, col_w - row_h * 0.9, row_h * 0.72);
                let dim = if ply > current {
                    theme::palette().text_dim
                } else {
                    theme::palette().text
                };
                ui.text_mid(text, cell.x + row_h * 0.4, y + row_h * 0.5, size, dim);
            }
        }
        if let Some(o) = outcome {
            let text = outcome_line(o, self.saved.rules.variant);
            let y = r.y + r.h - pad - ask_h - row_h * 0.3;
            let s = fit(ui, &text, r.w - 2.0 * pad, row_h * 0.6);
            ui.text_mid(&text, r.x + pad, y, s, theme::ACCENT);
        }
        if ask_now {
            self.start_review();
        }
        clicked
    }

    /// The step, seat and save buttons and the status lines, where the game buttons would be.
    pub(super) fn draw_controls(
        &mut self,
        ui: &Ui,
        layout: &Layout,
        (bh, gap): (f32, f32),
        table: &Table,
        now: f64,
    ) {
        let a = layout.actions;
        let u = layout.unit;
        // The game view drew its record panel down to here: the controls stand on the
        // background.
        let top = layout.record.y + layout.record.h;
        if layout.record.x == a.x && top < a.y {
            let bg = theme::palette().background;
            draw_rectangle(a.x, top, a.w, a.y + a.h - top, bg);
        }
        let row = |i: usize| a.y + i as f32 * (bh + gap);
        // Row 0: steps.
        let steps = [
            ("|◀", Step::First),
            ("◀◀", Step::Back(PAGE)),
            ("◀", Step::Back(1)),
            ("▶", Step::Forward(1)),
            ("▶▶", Step::Forward(PAGE)),
            ("▶|", Step::Last),
        ];
        let bw = (a.w - 5.0 * gap) / 6.0;
        let mut step = None;
        for (i, (label, s)) in steps.iter().enumerate() {
            let r = Rect::new(a.x + i as f32 * (bw + gap), row(0), bw, bh);
            if ui.button(r, label) {
                step = Some(*s);
            }
        }
        // Row 1: the seat at the bottom; row 2: save as a record file.
        let label_w = a.w * LABEL_SHARE;
        let text_size = fit(ui, tr(Text::ViewFrom), label_w - gap, bh * 0.45);
        ui.text_mid(
            tr(Text::ViewFrom),
            a.x,
            row(1) + bh / 2.0,
            text_size,
            theme::palette().text_dim,
        );
        let seats = self.seats();
        // Two seats side by side; four in two rows of two, as wide as the save buttons.
        let (seat_rects, save_rects) = button_rects(
            layout,
            (bh, gap),
            seats.len(),
            export::formats(self.saved.rules.variant).len(),
        );
        let save_row = 1 + seats.len().div_ceil(2);
        let mut turn_to = None;
        for (seat, r) in seats.iter().zip(seat_rects) {
            let label = seat_label(*seat, self.saved.rules.variant);
            let accent =
                (*seat == self.seat).then_some(theme::seat_color_in(*seat, seats.len() > 2));
            if ui.button_styled(r, &label, true, accent) {
                turn_to = Some(*seat);
            }
        }
        let save_size = fit(ui, tr(Text::SaveAs), label_w - gap, bh * 0.45);
        ui.text_mid(
            tr(Text::SaveAs),
            a.x,
            row(save_row) + bh / 2.0,
            save_size,
            theme::palette().text_dim,
        );
        let formats = export::formats(self.saved.rules.variant);
        let mut save = None;
        for (f, r) in formats.iter().zip(save_rects) {
            if ui.button(r, &export::label(*f)) {
                save = Some(*f);
            }
        }
        // Status: where we are (or the result at the end), and the keys.
        let total = self.lines.len();
        let here = table.game.moves().len();
        let status = match (&table.outcome, self.at == self.saved.actions.len()) {
            (Some(o), true) if total > 0 => outcome_line(o, table.variant()),
            _ => trf(Text::MoveOf, &[&here, &total]),
        };
        let y = row(save_row + 1) + u * 0.8;
        let size = fit(ui, &status, a.w, u * 0.85);
        ui.text_mid(&status, a.x, y, size, theme::palette().text);
        // The keys: wrapped when two lines fit below, else one smaller line.
        let keys = tr(Text::ReplayKeys);
        let small = (u * 0.7).max(crate::view::ui::MIN_READABLE_PX);
        let below = screen_height() - (y + u * 0.9);
        if below > small * 2.8 {
            ui.paragraph(
                keys,
                a.x,
                y + u * 0.7 + small,
                a.w,
                small,
                theme::palette().text_dim,
            );
        } else {
            let (keys, size) = crate::view::ui::fit_text(ui, keys, a.w, small);
            ui.text_mid(&keys, a.x, y + u * 1.2, size, theme::palette().text_dim);
        }
        if let Some(s) = step {
            self.go(s);
        }
        if let Some(seat) = turn_to {
            self.seat = seat;
        }
        if let Some(f) = save {
            self.export(f, now);
        }
    }
}

/// The review panel under the record (and the record made shorter for it).
pub(super) fn review_split(layout: &mut Layout) -> Rect {
    let r = layout.record;
    let gap = layout.unit * 0.3;
    let h = (r.h * 0.4).min(layout.unit * 9.0);
    layout.record.h -= h + gap;
    Rect::new(r.x, r.y + r.h - h, r.w, h)
}

/// The review panel of a viewer in a `w`×`h` window with `seat` at the bottom (tests).
pub fn review_panel(w: f32, h: f32, seat: Seat, four: bool) -> Rect {
    let (mut layout, _) = viewer_layout(w, h, seat, four);
    review_split(&mut layout)
}

/// The height of a control row and the gap between rows, for the game panel's button area.
pub(super) fn control_rows(layout: &Layout) -> (f32, f32) {
    let gap = layout.unit * 0.3;
    let bh = (layout.unit * 2.0)
        .min((layout.actions.h - 3.0 * gap) / 4.6)
        .max(14.0);
    (bh, gap)
}

/// The seat buttons (two seats side by side; four in two rows of two, as wide as Yonin's
/// two save buttons) and the save buttons of the controls, right of their labels.
pub(super) fn button_rects(
    layout: &Layout,
    (bh, gap): (f32, f32),
    seats: usize,
    formats: usize,
) -> (Vec<Rect>, Vec<Rect>) {
    let a = layout.actions;
    let label_w = a.w * LABEL_SHARE;
    let row = |i: usize| a.y + i as f32 * (bh + gap);
    let across = |n: usize| (a.w - label_w - gap * (n as f32 - 1.0)) / n.max(1) as f32;
    let per_row = seats.clamp(1, 2);
    let sw = across(per_row);
    let seat_rects = (0..seats)
        .map(|i| {
            let (col, line) = (i % per_row, 1 + i / per_row);
            Rect::new(a.x + label_w + col as f32 * (sw + gap), row(line), sw, bh)
        })
        .collect();
    let save_row = 1 + seats.div_ceil(per_row);
    let fw = across(formats);
    let save_rects = (0..formats)
        .map(|i| Rect::new(a.x + label_w + i as f32 * (fw + gap), row(save_row), fw, bh))
        .collect();
    (seat_rects, save_rects)
}

/// The share of the controls' width left of the seat and save buttons, for their labels.
pub(super) const LABEL_SHARE: f32 = 0.2;

/// The layout of the viewer and its control rows (height, gap): in Yonin the seat buttons
/// take two rows, the second taken from the bottom of the record panel.
pub(super) fn viewer_layout(w: f32, h: f32, seat: Seat, four: bool) -> (Layout, (f32, f32)) {
    let mut layout = Layout::new(w, h, seat, four);
    let (bh, gap) = control_rows(&layout);
    let (r, a) = (layout.record, layout.actions);
    let under_record = r.x == a.x && r.y + r.h <= a.y;
    if four && under_record {
        let extra = (bh + gap).min(r.h * 0.3);
        layout.record.h -= extra;
        layout.actions.y -= extra;
        layout.actions.h += extra;
    } else if four {
        // Beside the record (tall windows): one more row in the same height.
        let bh = (layout.unit * 2.0).min((a.h - 4.0 * gap) / 5.6).max(14.0);
        return (layout, (bh, gap));
    }
    (layout, (bh, gap))
}

/// A seat button's label: the side's name with its mark in standard (`Sente ▲`), the arrow
/// and the seat's name in Yonin.
pub(super) fn seat_label(seat: Seat, variant: Variant) -> String {
    match variant {
        Variant::Standard => crate::i18n::side_name(seat, variant),
        Variant::Yonin => format!("{} {}", seat.arrow(), crate::i18n::seat_name(seat)),
    }
}
