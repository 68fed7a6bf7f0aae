//! Colours and proportions of the look: the wood board, the pieces, and one colour per seat.
//!
//! Seat colours follow the Okabe–Ito idea of hues that stay apart for the common forms of
//! colour blindness (amber and violet differ in lightness as well as hue; teal leans blue and
//! green leans yellow), and every seat colour is always shown with the seat's arrow ↑ → ↓ ←.

use macroquad::color::Color;
use yonin_core::Seat;

const fn rgb(r: u8, g: u8, b: u8) -> Color {
    Color::new(r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0, 1.0)
}

/// The window background behind the board and panels.
pub const BACKGROUND: Color = rgb(36, 38, 46);
/// Side panels and plates.
pub const PANEL: Color = rgb(50, 53, 64);
pub const PANEL_LIGHT: Color = rgb(66, 70, 84);
pub const TEXT: Color = rgb(236, 236, 240);
pub const TEXT_DIM: Color = rgb(160, 163, 176);
pub const ACCENT: Color = rgb(230, 159, 0);

/// The board: a warm light yellow-brown, as kaya wood.
pub const WOOD: Color = rgb(231, 192, 120);
/// The frame around the grid, a little darker.
pub const WOOD_FRAME: Color = rgb(196, 148, 82);
pub const WOOD_EDGE: Color = rgb(120, 80, 40);
pub const GRID: Color = rgb(58, 38, 20);
pub const COORDINATE: Color = rgb(70, 45, 22);

/// The stand for pieces in hand (komadai).
pub const KOMADAI: Color = rgb(112, 86, 56);

/// A piece's face: paler wood than the board, so pieces read as pieces.
pub const PIECE_FACE: Color = rgb(250, 234, 196);
pub const PIECE_FACE_FROZEN: Color = rgb(196, 192, 184);
pub const PIECE_FACE_DEAD: Color = rgb(140, 138, 134);
pub const KANJI: Color = rgb(28, 20, 14);
pub const KANJI_PROMOTED: Color = rgb(196, 24, 24);
pub const KANJI_FROZEN: Color = rgb(96, 92, 88);

/// Legal-destination dots and capture rings.
pub const HINT: Color = Color::new(0.10, 0.22, 0.12, 0.55);
pub const SELECTED: Color = Color::new(0.15, 0.55, 0.95, 0.45);
pub const CHECK_GLOW: Color = Color::new(0.92, 0.12, 0.10, 0.75);

/// A seat's colour in Yonin: South amber, West teal, North violet, East green.
pub const fn seat_color(seat: Seat) -> Color {
    match seat {
        Seat::South => rgb(232, 160, 16),
        Seat::West => rgb(52, 170, 214),
        Seat::North => rgb(178, 126, 232),
        Seat::East => rgb(64, 190, 110),
    }
}

/// The seat colour for the variant: in standard shogi Sente is amber and Gote teal.
pub fn seat_color_in(seat: Seat, four_seats: bool) -> Color {
    if !four_seats && seat == Seat::North {
        seat_color(Seat::West)
    } else {
        seat_color(seat)
    }
}

/// A colour with another alpha.
pub fn alpha(c: Color, a: f32) -> Color {
    Color::new(c.r, c.g, c.b, a)
}

/// Mixes `a` toward `b` by `t` (0 = a, 1 = b).
pub fn mix(a: Color, b: Color, t: f32) -> Color {
    Color::new(
        a.r + (b.r - a.r) * t,
        a.g + (b.g - a.g) * t,
        a.b + (b.b - a.b) * t,
        a.a + (b.a - a.a) * t,
    )
}
