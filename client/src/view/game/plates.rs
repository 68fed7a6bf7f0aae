//! The seats' plates: a name, a clock, a status word (check order, place, connection) and
//! the colour of each, beside the board.

use super::GameView;
use crate::i18n::{tr, trf, Text};
use crate::redraw;
use crate::state::table::{clock_text, format_spent, Pick, Table};
use crate::view::board::{draw_hand, facing_angle, BoardGeom, SeatStyle};
use crate::view::layout::SeatArea;
use crate::view::theme;
use crate::view::ui::{fit_text, rounded_outline, rounded_rect, Ui};
use macroquad::prelude::*;
use yonin_core::TimeControl;
use yonin_core::{Seat, Variant};

impl GameView {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn draw_seat(
        &self,
        ui: &Ui,
        table: &Table,
        hand: &yonin_core::Hand,
        seat: Seat,
        area: &SeatArea,
        g: &BoardGeom,
        style: &SeatStyle,
        now: f64,
    ) {
        let pos = table.game.position();
        let live = pos.is_live(seat);
        let color = style.color(seat);
        let to_move = table.to_move() == Some(seat);
        let r = area.plate;
        // Plate: lit in the seat's colour when it is to move, dimmed otherwise.
        let fill = if to_move {
            theme::mix(theme::palette().panel, color, 0.28)
        } else if !live {
            theme::mix(theme::palette().panel, theme::palette().background, 0.6)
        } else {
            theme::palette().panel
        };
        rounded_rect(r, 8.0, fill);
        if to_move {
            rounded_outline(r, 8.0, 3.0, color);
        }
        if let (Some(t0), true) = (self.pulse_at, Some(seat) == table.me) {
            let t = (now - t0) as f32;
            if (0.0..0.7).contains(&t) {
                redraw::soon();
                let grow = t * 14.0;
                let rr = Rect::new(r.x - grow, r.y - grow, r.w + 2.0 * grow, r.h + 2.0 * grow);
                rounded_outline(rr, 10.0, 3.0, theme::alpha(color, 1.0 - t / 0.7));
            }
        }
        // Three rows: seat chip and name; clock (or state); a small line of state.
        let pad = (r.h * 0.07).clamp(3.0, 10.0);
        let inner_h = r.h - 2.0 * pad;
        let (ra, rb) = (inner_h * 0.32, inner_h * 0.40);
        let rc = inner_h - ra - rb;
        let (ya, yb, yc) = (
            r.y + pad + ra / 2.0,
            r.y + pad + ra + rb / 2.0,
            r.y + pad + ra + rb + rc / 2.0,
        );
        // The seat chip: colour and arrow (or ▲/△ in standard shogi).
        let chip = Rect::new(r.x + pad, ya - ra * 0.45, ra * 0.9, ra * 0.9);
        rounded_rect(
            chip,
            4.0,
            if live {
                color
            } else {
                theme::palette().text_dim
            },
        );
        let mark = match table.variant() {
            Variant::Standard => {
                if seat == Seat::South {
                    "▲"
                } else {
                    "△"
                }
            }
            Variant::Yonin => arrow_str(seat),
        };
        ui.text_centered(
            mark,
            chip.center(),
            chip.h * 0.75,
            theme::palette().background,
        );
        let mut name = table.name(seat);
        if Some(seat) == table.me && !table.passed_around() {
            name = format!("{name}{}", tr(Text::YouSuffix));
        }
        let name_x = chip.x + chip.w + pad;
        let (name, size) = fit_text(ui, &name, r.x + r.w - pad - name_x, ra * 0.78);
        ui.text_mid(
            &name,
            name_x,
            ya,
            size,
            if live {
                theme::palette().text
            } else {
                theme::palette().text_dim
            },
        );

        // Clock, or the seat's state when there is none.
        let status = self.seat_status(table, seat, now);
        let clock = table
            .clock_now(seat, now)
            .filter(|_| table.time_control != TimeControl::None);
        match clock {
            Some(c) => {
                let (big, sub) = clock_text(&c, table.time_control);
                let running = table.clocks.running == Some(seat) && to_move;
                if running {
                    // Drawn again when the shown figure changes (tenths under ten seconds).
                    let left = if c.main_ms > 0 {
                        c.main_ms
                    } else {
                        c.period_ms
                    };
                    let step = if left < 10_000 { 0.1 } else { 1.0 };
                    redraw::at(redraw::next_tick(now, left as f64 / 1000.0, step));
                }
                let low = c.main_ms < 10_000 && (c.main_ms > 0 || c.period_ms < 10_000);
                let clock_color = match (running, low) {
                    (true, true) => Color::new(1.0, 0.4, 0.35, 1.0),
                    (true, false) => theme::mix(color, WHITE, 0.3),
                    _ => theme::palette().text_dim,
                };
                let big_size = (rb * 0.95).min(r.w * 0.24);
                let w = ui.text_mid(&big, r.x + pad, yb, big_size, clock_color);
                // The clock's other figures, each with its name.
                let mut small = match table.time_control {
                    _ if sub.is_empty() => sub,
                    TimeControl::Byoyomi { .. } => trf(Text::ClockByoyomi, &[&sub]),
                    TimeControl::Fischer { .. } => trf(Text::ClockIncrement, &[&sub]),
                    TimeControl::None => sub,
                };
                if running {
                    // Time spent on the current move, in whole seconds.
                    let spent_s = (now - table.turn_started).max(0.0);
                    redraw::at(redraw::next_tick(now, -spent_s, 1.0));
                    let spent = trf(Text::ClockThisMove, &[&format_spent(spent_s)]);
                    small = if small.is_empty() {
                        spent
                    } else {
                        format!("{small} · {spent}")
                    };
                }
                // Beside the clock when it fits at a readable size, else on the state's line
                // when that is free.
                let small_size = (rb * 0.42).max(crate::view::ui::MIN_READABLE_PX);
                let beside = r.w - w - 3.0 * pad;
                let own_line = status.is_empty() && ui.measure(&small, small_size).width > beside;
                if own_line {
                    let (t, s) = fit_text(ui, &small, r.w - 2.0 * pad, small_size);
                    ui.text_mid(&t, r.x + pad, yc, s, theme::palette().text_dim);
                } else if !small.is_empty() {
                    let (t, s) = fit_text(ui, &small, beside, small_size);
                    ui.text_mid(
                        &t,
                        r.x + 2.0 * pad + w,
                        yb + rb * 0.12,
                        s,
                        theme::palette().text_dim,
                    );
                }
                if !status.is_empty() {
                    let (t, s) = fit_text(ui, &status, r.w - 2.0 * pad, rc * 0.85);
                    ui.text_mid(&t, r.x + pad, yc, s, status_color(table, seat));
                }
            }
            None => {
                let text = if status.is_empty() && to_move {
                    tr(Text::ToMove).to_string()
                } else {
                    status
                };
                let (t, s) = fit_text(ui, &text, r.w - 2.0 * pad, rb * 0.62);
                ui.text_mid(&t, r.x + pad, yb, s, status_color(table, seat));
            }
        }

        // The hand tray, pointing the owner's way; sealed (crossed out) once eliminated.
        let angle = facing_angle(g.viewer, seat);
        let picked = match self.pick {
            Some(Pick::Hand(k)) if Some(seat) == table.me => Some(k),
            _ => None,
        };
        draw_hand(
            ui,
            area.hand,
            seat,
            hand,
            area.capacity,
            angle,
            !live,
            picked,
            style,
        );
    }

    /// A short word on a seat's plate: check order, place, connection.
    pub(super) fn seat_status(&self, table: &Table, seat: Seat, now: f64) -> String {
        let pos = table.game.position();
        if table.variant() == Variant::Standard {
            if let Some(o) = &table.outcome {
                return match o.place_of(seat) {
                    _ if o.is_draw() => tr(Text::PlateDraw).into(),
                    Some(1) => tr(Text::PlateWins).into(),
                    _ => tr(Text::PlateLoses).into(),
                };
            }
        } else if !pos.is_live(seat) || table.is_over() {
            if let Some(place) = table.place_of(seat) {
                return trf(Text::PlacePlace, &[&crate::i18n::ordinal(place)]);
            }
        }
        if let Some(i) = table.check_order.iter().position(|&s| s == seat) {
            return if table.check_order.len() > 1 {
                trf(Text::InCheckN, &[&crate::i18n::ordinal(i + 1)])
            } else {
                tr(Text::InCheck).to_string()
            };
        }
        if table.pending_resignations.contains(&seat) {
            return tr(Text::ResignsOnTurn).into();
        }
        if let Some(s) = crate::state::reconnect::plate_status(table, seat, now) {
            return s;
        }
        if table.game.draw_offer() == Some(seat) {
            return tr(Text::OffersDraw).into();
        }
        String::new()
    }
}

pub(super) fn status_color(table: &Table, seat: Seat) -> Color {
    if table.check_order.contains(&seat) {
        Color::new(1.0, 0.45, 0.4, 1.0)
    } else {
        theme::palette().text_dim
    }
}

pub(crate) fn arrow_str(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "↑",
        Seat::West => "→",
        Seat::North => "↓",
        Seat::East => "←",
    }
}
