//! The panels beside the board: the record, the game's buttons and the promotion choice.

use super::intents::promotion_rects;
use super::{GameView, ViewOptions};
use crate::i18n::{tr, trf, Text};
use crate::input::intent::Intent;
use crate::redraw;
use crate::state::table::Table;
use crate::view::board::{self, facing_angle, BoardGeom, SeatStyle};
use crate::view::layout::Layout;
use crate::view::theme;
use crate::view::ui::{fit, rounded_outline, rounded_rect, Ui};
use macroquad::prelude::*;
use yonin_core::protocol::GameRequest;
use yonin_core::{Move, Variant};

impl GameView {
    pub(super) fn draw_record(
        &mut self,
        ui: &Ui,
        table: &Table,
        layout: &Layout,
        style: &SeatStyle,
        opts: &ViewOptions,
    ) {
        let r = layout.record;
        let pad = layout.unit * 0.6;
        let head = layout.unit * 1.0;
        ui.titled_panel(r, tr(Text::RecordTitle), pad, head);
        // Copy the record (Japanese or USI, as shown) to the clipboard.
        if !table.record.is_empty() {
            let now = ui.input.time;
            let label = if let Some(t) = self.copied_at.filter(|t| now - t < 1.5) {
                redraw::at(t + 1.5);
                tr(Text::Copied)
            } else {
                tr(Text::Copy)
            };
            let bw = layout.unit * 3.6;
            let b = Rect::new(r.x + r.w - pad - bw, r.y + pad * 0.6, bw, head * 1.3);
            if ui.button(b, label) {
                macroquad::miniquad::window::clipboard_set(&table.record_text(opts.usi_record));
                self.copied_at = Some(now);
            }
        }
        let row_h = layout.unit * 1.35;
        let top = r.y + pad * 1.5 + head;
        let bottom = if table.outcome.is_some() {
            r.y + r.h - pad - row_h
        } else {
            r.y + r.h - pad
        };
        let rows = ((bottom - top) / row_h).floor().max(1.0) as usize;
        // As many columns as fit; standard records keep ▲ and △ of a move pair on one line.
        let col_min = layout.unit * if table.four_seats() { 10.5 } else { 4.8 };
        let fit_cols = ((r.w - 2.0 * pad - row_h * 1.7) / col_min).floor().max(1.0) as usize;
        let per_row = if table.four_seats() || fit_cols < 2 {
            fit_cols.min(4)
        } else {
            (fit_cols / 2 * 2).min(4)
        };
        let lines: Vec<&[crate::state::table::RecordLine]> = table.record.chunks(per_row).collect();
        let n = lines.len();
        let max_first = n.saturating_sub(rows);
        if ui.hovered(r) && ui.input.wheel != 0.0 {
            let cur = self.record_scroll.unwrap_or(max_first);
            let next = if ui.input.wheel > 0.0 {
                cur.saturating_sub(2)
            } else {
                (cur + 2).min(max_first)
            };
            self.record_scroll = (next < max_first).then_some(next);
        }
        let first = self.record_scroll.unwrap_or(max_first).min(max_first);
        let num_w = row_h * 1.7;
        let col_w = (r.w - 2.0 * pad - num_w) / per_row as f32;
        for (i, entries) in lines.iter().enumerate().skip(first).take(rows) {
            let y = top + (i - first) as f32 * row_h + row_h * 0.5;
            let num = format!("{:>3}", entries[0].ply);
            ui.text_mid(&num, r.x + pad, y, row_h * 0.6, theme::palette().text_dim);
            for (k, line) in entries.iter().enumerate() {
                let chip_x = r.x + pad + num_w + k as f32 * col_w;
                draw_rectangle(
                    chip_x,
                    y - row_h * 0.3,
                    row_h * 0.18,
                    row_h * 0.6,
                    style.color(line.seat),
                );
                let text = if opts.usi_record {
                    &line.usi
                } else {
                    &line.japanese
                };
                let size = fit(ui, text, col_w - row_h * 0.9, row_h * 0.72);
                ui.text_mid(text, chip_x + row_h * 0.4, y, size, theme::palette().text);
            }
        }
        if let Some(o) = &table.outcome {
            let text = crate::i18n::words::outcome_line(o, table.variant());
            let y = r.y + r.h - pad - row_h * 0.3;
            let s = fit(ui, &text, r.w - 2.0 * pad, row_h * 0.6);
            ui.text_mid(&text, r.x + pad, y, s, theme::ACCENT);
        }
    }

    pub(super) fn draw_actions(
        &mut self,
        ui: &Ui,
        table: &Table,
        layout: &Layout,
        can_hurry: bool,
        intents: &mut Vec<Intent>,
    ) {
        let r = layout.actions;
        let gap = layout.unit * 0.4;
        let bh = (layout.unit * 2.1).min((r.h - 2.0 * gap) / 3.0).max(16.0);
        let buttons = action_buttons(table, self.confirm_resign, can_hurry);
        // Two columns when the panel is wide enough and there are many buttons.
        let cols = if buttons.len() > 3 && r.w > layout.unit * 14.0 {
            2
        } else {
            1
        };
        let bw = (r.w - gap * (cols as f32 - 1.0)) / cols as f32;
        for (i, (label, intent, accent)) in buttons.iter().enumerate() {
            let (c, row) = (i % cols, i / cols);
            let b = Rect::new(
                r.x + c as f32 * (bw + gap),
                r.y + row as f32 * (bh + gap),
                bw,
                bh,
            );
            if b.y + b.h > r.y + r.h + 1.0 {
                break;
            }
            if ui.button_styled(b, label, true, *accent) {
                if *intent == Intent::Game(GameRequest::Resign) && !self.confirm_resign {
                    self.confirm_resign = true;
                    continue;
                }
                self.confirm_resign = false;
                intents.push(*intent);
            }
        }
        // Both kings entered: the points JSA's adjudication by agreement goes by, under the
        // buttons (a draw offer then means "24 or more each: a draw").
        if let Some(line) = impasse_points_line(table) {
            let rows = buttons.len().div_ceil(cols);
            let y = r.y + rows as f32 * (bh + gap) + bh * 0.35;
            if y + bh * 0.3 < r.y + r.h {
                let s = fit(ui, &line, r.w, bh * 0.42);
                ui.text_mid(&line, r.x, y, s, theme::palette().text);
            }
        }
        if ui.input.pressed && self.confirm_resign {
            // Any click elsewhere cancels the confirmation.
            let first = Rect::new(r.x, r.y, bw, bh);
            if !first.contains(ui.input.mouse) {
                self.confirm_resign = false;
            }
        }
    }

    pub(super) fn draw_promotion(
        &self,
        ui: &Ui,
        table: &Table,
        g: &BoardGeom,
        plain: Move,
        style: &SeatStyle,
    ) {
        let pos = table.game.position();
        let Some(from) = plain.from() else { return };
        let Some(piece) = pos.piece_at(from) else {
            return;
        };
        let (a, b) = promotion_rects(g, plain.to());
        let label_h = g.cell * 0.42;
        let bg = Rect::new(a.x - 6.0, a.y - 6.0, a.w + b.w + 12.0, a.h + 12.0 + label_h);
        draw_rectangle(
            g.outer.x,
            g.outer.y,
            g.outer.w,
            g.outer.h,
            Color::new(0.0, 0.0, 0.0, 0.25),
        );
        rounded_rect(bg, 8.0, theme::palette().panel);
        rounded_outline(bg, 8.0, 2.0, theme::ACCENT);
        let angle = facing_angle(g.viewer, piece.facing());
        for (r, kind, label) in [
            (a, piece.kind().promoted(), tr(Text::Promote)),
            (b, piece.kind(), tr(Text::Keep)),
        ] {
            let hit = Rect::new(r.x, r.y, r.w, r.h + label_h);
            if ui.hovered(hit) {
                rounded_rect(hit, 6.0, theme::palette().panel_light);
            }
            board::draw_styled_piece(
                ui,
                r.center(),
                g.cell * 0.95,
                angle,
                kind,
                false,
                style.pieces,
                board::PieceLook::live(kind, style.color(piece.owner())),
                true,
            );
            let size = fit(ui, label, r.w - 4.0, g.cell * 0.24);
            ui.text_centered(
                label,
                vec2(r.center().x, r.y + r.h + label_h * 0.4),
                size,
                theme::palette().text,
            );
        }
    }
}

/// "Both kings entered — points ▲ 26 · △ 22 (24 each: a draw)" while both kings of a standard
/// game stand in the enemy zones and the game goes on.
pub(super) fn impasse_points_line(table: &Table) -> Option<String> {
    if table.is_over() {
        return None;
    }
    let (sente, gote) = yonin_core::impasse::mutual_entry_points(table.game.position())?;
    Some(trf(Text::ImpassePoints, &[&sente, &gote]))
}

/// The game's buttons beside the board, in order: label, what a click asks, accent colour.
pub(super) fn action_buttons(
    table: &Table,
    confirm_resign: bool,
    can_hurry: bool,
) -> Vec<(&'static str, Intent, Option<Color>)> {
    let out = table
        .me
        .is_some_and(|me| table.game.position().dead().any(|s| s == me));
    let playing = table.me.is_some() && !table.is_over() && !out;
    let mut buttons: Vec<(&str, Intent, Option<Color>)> = Vec::new();
    if out && !table.is_over() && can_hurry {
        buttons.push((
            tr(Text::SkipToResult),
            Intent::SkipToResult,
            Some(theme::ACCENT),
        ));
    }
    if playing {
        let me = table.viewer();
        if confirm_resign {
            buttons.push((
                tr(Text::ReallyResign),
                Intent::Game(GameRequest::Resign),
                Some(theme::CHECK_GLOW),
            ));
        } else {
            buttons.push((tr(Text::Resign), Intent::Game(GameRequest::Resign), None));
        }
        if table.variant() == Variant::Standard {
            match table.game.draw_offer() {
                Some(_) if table.game.check_accept_draw(me).is_ok() => {
                    buttons.push((
                        tr(Text::AcceptDraw),
                        Intent::Game(GameRequest::AcceptDraw),
                        Some(theme::ACCENT),
                    ));
                    buttons.push((
                        tr(Text::DeclineDraw),
                        Intent::Game(GameRequest::DeclineDraw),
                        None,
                    ));
                }
                Some(_) => {}
                None => buttons.push((
                    tr(Text::OfferDraw),
                    Intent::Game(GameRequest::OfferDraw),
                    None,
                )),
            }
            if table.impasse_available() {
                buttons.push((
                    tr(Text::DeclareImpasse),
                    Intent::Game(GameRequest::DeclareImpasse),
                    Some(theme::ACCENT),
                ));
            }
            if table.game.check_claim_win(me).is_ok() {
                buttons.push((
                    tr(Text::ClaimWin),
                    Intent::Game(GameRequest::ClaimWin),
                    Some(theme::ACCENT),
                ));
            }
        }
    }
    if table.is_over() && table.outcome.is_some() {
        buttons.push((
            tr(Text::ShowResult),
            Intent::ShowResult,
            Some(theme::ACCENT),
        ));
    }
    buttons.push((tr(Text::MenuRules), Intent::ShowRules, None));
    buttons
}

#[cfg(test)]
mod tests {
    use super::*;
    use yonin_core::{Game, RuleSet, Seat};

    #[test]
    fn the_impasse_points_show_when_both_kings_have_entered() {
        let rules = RuleSet::standard();
        let pos = yonin_core::Setup::parse(
            yonin_core::Variant::Standard,
            "K8/4+R4/9/9/9/9/9/9/8k b R2Pb 1",
        )
        .unwrap()
        .into_position(&rules)
        .unwrap();
        let t = Table::from_game(Game::from_position(rules, pos), Some(Seat::South), 0.0);
        let line = impasse_points_line(&t).expect("both kings entered");
        // In any language: Sente's 12 points before Gote's 5.
        let (a, b) = (line.find("12"), line.rfind('5'));
        assert!(a.is_some() && b.is_some() && a < b, "{line}");
        let start = Table::from_game(Game::new(rules), Some(Seat::South), 0.0);
        assert_eq!(impasse_points_line(&start), None);
    }

    #[test]
    fn a_finished_game_offers_its_result_again() {
        let mut t = Table::from_game(Game::new(RuleSet::yonin()), Some(Seat::South), 0.0);
        let intents = |t: &Table| -> Vec<Intent> {
            action_buttons(t, false, true).iter().map(|b| b.1).collect()
        };
        assert!(!intents(&t).contains(&Intent::ShowResult));
        t.finish(
            yonin_core::Outcome::win(Seat::North, Seat::South, yonin_core::EndReason::Resignation),
            String::new(),
        );
        assert_eq!(intents(&t), vec![Intent::ShowResult, Intent::ShowRules]);
    }
}
