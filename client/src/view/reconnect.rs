//! The "Reconnecting…" overlay over the board: the attempts so far and the time left, or why
//! they stopped, with "Try again" and the way back.

use crate::i18n::{tr, trf, Text};
use crate::view::theme;
use crate::view::ui::{rounded_outline, rounded_rect, Ui};
use macroquad::prelude::*;

use crate::state::reconnect::{Phase, Reconnect, Rejoin};

/// What the player chose on the overlay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverlayChoice {
    TryAgain,
    BackToLobby,
}

/// Draws the overlay over the board (`area`) and returns the player's choice, if any.
/// `offline`: the way back is the menu, not a lobby.
pub(crate) fn draw_overlay(
    ui: &Ui,
    area: Rect,
    r: &Reconnect,
    now: f64,
    offline: bool,
) -> Option<OverlayChoice> {
    draw_rectangle(
        area.x,
        area.y,
        area.w,
        area.h,
        Color::new(0.0, 0.0, 0.0, 0.45),
    );
    let u = ui.unit;
    let w = (area.w * 0.86).min(u * 30.0);
    let h = u * 11.0;
    let b = Rect::new(area.center().x - w / 2.0, area.center().y - h / 2.0, w, h);
    rounded_rect(b, 10.0, Color::new(0.08, 0.08, 0.1, 0.94));
    let (title, detail, color) = match &r.phase {
        Phase::Waiting | Phase::Trying => (
            tr(Text::Reconnecting).to_string(),
            trf(
                match r.target {
                    Rejoin::Seat(_) => Text::ReconnectAttempt,
                    Rejoin::Watch { .. } => Text::ReconnectAttemptWatch,
                },
                &[&r.attempts.max(1), &(r.time_left(now).ceil() as u64)],
            ),
            theme::ACCENT,
        ),
        Phase::GaveUp => (
            tr(Text::ReconnectGaveUp).to_string(),
            trf(Text::ReconnectGaveUpDetail, &[&(r.grace.round() as u64)]),
            theme::CHECK_GLOW,
        ),
        Phase::Refused(why) => (
            tr(Text::ReconnectRefused).to_string(),
            why.clone(),
            theme::CHECK_GLOW,
        ),
    };
    rounded_outline(b, 10.0, 2.0, color);
    let fit = |s: &str, size: f32| crate::view::ui::fit(ui, s, w - 2.0 * u, size);
    ui.text_centered(
        &title,
        vec2(b.center().x, b.y + u * 1.8),
        fit(&title, u * 1.4),
        theme::palette().text,
    );
    ui.text_centered(
        &detail,
        vec2(b.center().x, b.y + u * 3.8),
        fit(&detail, u * 0.95),
        theme::palette().text_dim,
    );
    if r.active() {
        // A small spinner: three dots lighting in turn.
        crate::redraw::at(crate::redraw::next_tick(now, -now, 1.0 / 3.0));
        for i in 0..3 {
            let lit = ((now * 3.0) as i64).rem_euclid(3) == i;
            let c = vec2(b.center().x + (i as f32 - 1.0) * u * 1.2, b.y + u * 5.6);
            draw_circle(
                c.x,
                c.y,
                u * 0.3,
                if lit {
                    theme::ACCENT
                } else {
                    theme::palette().panel_light
                },
            );
        }
    } else {
        let why = &r.last_error;
        if !why.is_empty() && matches!(r.phase, Phase::GaveUp) {
            ui.text_centered(
                why,
                vec2(b.center().x, b.y + u * 5.6),
                fit(why, u * 0.75),
                theme::palette().text_dim,
            );
        }
    }
    let bw = (w - 3.0 * u) / 2.0;
    let by = b.y + h - u * 3.6;
    // One button sits in the middle; with "Try again" (after giving up) two share the width.
    let back_x = if r.phase == Phase::GaveUp {
        b.x + 2.0 * u + bw
    } else {
        b.center().x - bw / 2.0
    };
    let back = if offline {
        tr(Text::MainMenu)
    } else {
        tr(Text::BackToLobby)
    };
    let mut choice = None;
    if matches!(r.phase, Phase::GaveUp)
        && ui.button_styled(
            Rect::new(b.x + u, by, bw, u * 2.4),
            tr(Text::TryAgain),
            true,
            Some(theme::ACCENT),
        )
    {
        choice = Some(OverlayChoice::TryAgain);
    }
    if ui.button(Rect::new(back_x, by, bw, u * 2.4), back) {
        choice = Some(OverlayChoice::BackToLobby);
    }
    choice
}
