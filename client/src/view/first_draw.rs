//! How chance chose who moves first, shown over the board as the game starts: furigoma's five
//! pawns falling one after another and the count that decided (standard), or the seat drawn
//! (Yonin). It stays a few seconds and lets clicks through to the board.

use crate::i18n::{seat_name, side_name, tr, trf, Text};
use crate::state::table::Table;
use crate::view::board::{draw_piece, piece_text, PieceLook, PieceStyle};
use crate::view::theme;
use crate::view::ui::{rounded_outline, rounded_rect, Ui};
use macroquad::prelude::*;
use yonin_core::furigoma::FirstDraw;
use yonin_core::furigoma::PAWNS;
use yonin_core::{PieceKind, Seat, Variant};

/// How long the draw is shown, in seconds.
pub(crate) const SHOW_FOR: f64 = 4.5;
/// When each pawn starts to fall after the one before, and how long a fall takes.
const STAGGER: f64 = 0.15;
const FALL: f64 = 0.5;

/// The words under the pawns: the count and who plays Sente ("3 歩 · 2 と: Ann tossed and
/// plays Sente ▲"), or the seat drawn.
pub(crate) fn caption(draw: &FirstDraw, table: &Table) -> String {
    match *draw {
        FirstDraw::Furigoma { toss, tosser } => {
            let tossed_by = who(table, tosser);
            let sente = who(table, Seat::South);
            let key = if toss.tosser_plays_sente() {
                Text::FurigomaTosserSente
            } else {
                Text::FurigomaOtherSente
            };
            trf(
                key,
                &[&toss.pawn_count(), &toss.tokin_count(), &tossed_by, &sente],
            )
        }
        FirstDraw::Seat(s) => trf(Text::FirstSeatDrawn, &[&s.arrow(), &seat_name(s)]),
    }
}

/// The person in `seat`, or the side's name (a computer, an empty seat).
fn who(table: &Table, seat: Seat) -> String {
    table
        .person(seat)
        .map(|(name, _)| name)
        .unwrap_or_else(|| side_name(seat, Variant::Standard))
}

/// Draws the draw `since` seconds after it was told (nothing once `SHOW_FOR` has passed).
pub(crate) fn draw(ui: &Ui, draw: &FirstDraw, table: &Table, since: f64) {
    if !(0.0..SHOW_FOR).contains(&since) {
        return;
    }
    crate::redraw::soon();
    let (w, h) = (screen_width(), screen_height());
    let u = ui.unit;
    let bw = (u * 30.0).min(w * 0.9);
    let bh = u * 9.0;
    let r = Rect::new((w - bw) / 2.0, (h - bh) / 2.0, bw, bh);
    // Fades out over the last half second.
    let fade = ((SHOW_FOR - since) / 0.5).min(1.0) as f32;
    let p = theme::palette();
    rounded_rect(r, 10.0, theme::alpha(p.panel, 0.96 * fade));
    rounded_outline(r, 10.0, 2.0, theme::alpha(theme::ACCENT, fade));
    let title = match draw {
        FirstDraw::Furigoma { .. } => tr(Text::FurigomaTitle),
        FirstDraw::Seat(_) => tr(Text::FirstDrawTitle),
    };
    ui.text_centered(
        title,
        vec2(r.center().x, r.y + u * 1.3),
        u * 1.2,
        theme::alpha(p.text, fade),
    );
    match *draw {
        FirstDraw::Furigoma { toss, .. } => {
            let cell = u * 3.0;
            let rest_y = r.y + u * 4.4;
            for (i, &tokin) in toss.tokins.iter().enumerate() {
                let t = ((since - i as f64 * STAGGER) / FALL).clamp(0.0, 1.0) as f32;
                if t <= 0.0 {
                    continue;
                }
                // Falls from above the box, eases in, and turns face up as it lands.
                let eased = 1.0 - (1.0 - t) * (1.0 - t);
                let x = r.center().x + (i as f32 - (PAWNS as f32 - 1.0) / 2.0) * cell * 1.25;
                let y = rest_y - (1.0 - eased) * u * 6.0;
                let kind = if tokin && t >= 1.0 {
                    PieceKind::Pawn.promoted()
                } else {
                    PieceKind::Pawn
                };
                let spin = (1.0 - eased) * std::f32::consts::PI * 1.5;
                let mut look = PieceLook::live(kind, theme::seat_color(Seat::South));
                look.face = theme::alpha(look.face, fade);
                look.edge = theme::alpha(look.edge, fade);
                look.ink = theme::alpha(look.ink, fade);
                let text = piece_text(kind, false, PieceStyle::OneKanji);
                draw_piece(ui, vec2(x, y), cell, spin, kind, text, look);
            }
        }
        FirstDraw::Seat(s) => {
            ui.text_centered(
                &s.arrow().to_string(),
                vec2(r.center().x, r.y + u * 4.4),
                u * 3.0,
                theme::alpha(theme::seat_color(s), fade),
            );
        }
    }
    // The verdict once every pawn has landed.
    let landed = PAWNS as f64 * STAGGER + FALL;
    if since >= landed || matches!(draw, FirstDraw::Seat(_)) {
        let text = caption(draw, table);
        let size = crate::view::ui::fit(ui, &text, r.w - 2.0 * u, u * 1.05);
        ui.text_centered(
            &text,
            vec2(r.center().x, r.y + r.h - u * 1.4),
            size,
            theme::alpha(theme::ACCENT, fade),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yonin_core::furigoma::Toss;
    use yonin_core::{Game, RuleSet};

    #[test]
    fn the_caption_gives_the_count_and_who_is_sente() {
        let t = Table::from_game(Game::new(RuleSet::standard()), Some(Seat::South), 0.0);
        let sente = FirstDraw::Furigoma {
            toss: Toss::from_bits(0b10100),
            tosser: Seat::South,
        };
        let other = FirstDraw::Furigoma {
            toss: Toss::from_bits(0b01011),
            tosser: Seat::North,
        };
        let (a, b) = (caption(&sente, &t), caption(&other, &t));
        // In any language: the counts in order (3 歩 2 と, then 2 歩 3 と), and two different
        // verdicts.
        assert!(a.find('3') < a.find('2'), "{a}");
        assert!(b.find('2') < b.find('3'), "{b}");
        assert_ne!(a.replace(['2', '3'], ""), b.replace(['2', '3'], ""));
    }
}
