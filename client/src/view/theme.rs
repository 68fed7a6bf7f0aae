//! Colours and proportions of the look: the wood board, the pieces, and one colour per seat;
//! the board themes (classic kaya, dark, high contrast) and the one in use.
//!
//! Seat colours follow the Okabe–Ito idea of hues that stay apart for the common forms of
//! colour blindness (amber and violet differ in lightness as well as hue; teal leans blue and
//! green leans yellow), and every seat colour is always shown with the seat's arrow ↑ → ↓ ←.

use macroquad::color::Color;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU8, Ordering};
use yonin_core::Seat;

const fn rgb(r: u8, g: u8, b: u8) -> Color {
    Color::new(r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0, 1.0)
}

// The classic theme's window colours (every screen draws with [`palette`], so that the chosen
// theme reaches the panels and menus too).

/// The window background behind the board and panels.
pub(crate) const BACKGROUND: Color = rgb(36, 38, 46);
/// Side panels and plates.
pub(crate) const PANEL: Color = rgb(50, 53, 64);
pub(crate) const PANEL_LIGHT: Color = rgb(66, 70, 84);
pub(crate) const TEXT: Color = rgb(236, 236, 240);
pub(crate) const TEXT_DIM: Color = rgb(160, 163, 176);
pub const ACCENT: Color = rgb(230, 159, 0);

/// The board: a warm light yellow-brown, as kaya wood.
pub const WOOD: Color = rgb(231, 192, 120);
/// The frame around the grid, a little darker.
pub const WOOD_FRAME: Color = rgb(196, 148, 82);
pub(crate) const WOOD_EDGE: Color = rgb(120, 80, 40);
pub(crate) const GRID: Color = rgb(58, 38, 20);
pub(crate) const COORDINATE: Color = rgb(70, 45, 22);

/// The stand for pieces in hand (komadai).
pub(crate) const KOMADAI: Color = rgb(112, 86, 56);

/// A piece's face: paler wood than the board, so pieces read as pieces.
pub const PIECE_FACE: Color = rgb(250, 234, 196);
pub const PIECE_FACE_FROZEN: Color = rgb(196, 192, 184);
pub const PIECE_FACE_DEAD: Color = rgb(140, 138, 134);
pub(crate) const KANJI: Color = rgb(28, 20, 14);
pub(crate) const KANJI_PROMOTED: Color = rgb(196, 24, 24);
pub(crate) const KANJI_FROZEN: Color = rgb(96, 92, 88);

/// Legal-destination dots and capture rings.
pub(crate) const HINT: Color = Color::new(0.10, 0.22, 0.12, 0.55);
pub(crate) const SELECTED: Color = Color::new(0.15, 0.55, 0.95, 0.45);
pub(crate) const CHECK_GLOW: Color = Color::new(0.92, 0.12, 0.10, 0.75);

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
pub(crate) fn alpha(c: Color, a: f32) -> Color {
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

/// The board and colour themes a player can choose in the settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ThemeName {
    /// Kaya wood, pale pieces: the traditional look.
    #[default]
    Classic,
    /// A dark walnut board with light lines, for dim rooms.
    Dark,
    /// White board, black lines and ink, strong marks: the most contrast.
    HighContrast,
}

impl ThemeName {
    pub const ALL: [ThemeName; 3] = [ThemeName::Classic, ThemeName::Dark, ThemeName::HighContrast];

    /// The next theme, `d` steps on (wrapping).
    pub fn step(self, d: i32) -> ThemeName {
        crate::cycle::step(&ThemeName::ALL, self, d)
    }

    pub fn palette(self) -> &'static Palette {
        match self {
            ThemeName::Classic => &CLASSIC,
            ThemeName::Dark => &DARK,
            ThemeName::HighContrast => &HIGH_CONTRAST,
        }
    }
}

/// The colours of one theme: the window and its panels (plates, record, chat, buttons, every
/// screen), the board, the pieces and the marks on them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    /// Behind everything.
    pub background: Color,
    /// Side panels, plates, the record and the chat.
    pub panel: Color,
    /// Buttons and fields on the panels.
    pub panel_light: Color,
    /// Text on the background and the panels.
    pub text: Color,
    /// Secondary text: hints, labels, numbers.
    pub text_dim: Color,
    pub wood: Color,
    pub wood_frame: Color,
    pub wood_edge: Color,
    /// Faint grain lines across the board (alpha 0: none).
    pub grain: Color,
    pub grid: Color,
    /// Grid line width, as a share of a cell.
    pub grid_width: f32,
    pub coordinate: Color,
    pub komadai: Color,
    pub piece_face: Color,
    pub piece_face_frozen: Color,
    pub piece_face_dead: Color,
    /// The thin line around a piece.
    pub piece_line: Color,
    pub kanji: Color,
    pub kanji_promoted: Color,
    pub kanji_frozen: Color,
    /// The beginner style's movement marks.
    pub move_mark: Color,
    pub hint: Color,
    pub selected: Color,
}

pub(crate) const CLASSIC: Palette = Palette {
    background: BACKGROUND,
    panel: PANEL,
    panel_light: PANEL_LIGHT,
    text: TEXT,
    text_dim: TEXT_DIM,
    wood: WOOD,
    wood_frame: WOOD_FRAME,
    wood_edge: WOOD_EDGE,
    grain: Color::new(0.55, 0.38, 0.18, 0.08),
    grid: GRID,
    grid_width: 0.025,
    coordinate: COORDINATE,
    komadai: KOMADAI,
    piece_face: PIECE_FACE,
    piece_face_frozen: PIECE_FACE_FROZEN,
    piece_face_dead: PIECE_FACE_DEAD,
    piece_line: Color::new(120.0 / 255.0, 80.0 / 255.0, 40.0 / 255.0, 0.8),
    kanji: KANJI,
    kanji_promoted: KANJI_PROMOTED,
    kanji_frozen: KANJI_FROZEN,
    move_mark: rgb(30, 84, 160),
    hint: HINT,
    selected: SELECTED,
};

pub(crate) const DARK: Palette = Palette {
    background: rgb(18, 18, 22),
    panel: rgb(36, 31, 28),
    panel_light: rgb(58, 50, 44),
    text: rgb(232, 222, 204),
    text_dim: rgb(164, 152, 136),
    wood: rgb(86, 60, 42),
    wood_frame: rgb(58, 40, 28),
    wood_edge: rgb(20, 13, 8),
    grain: Color::new(0.0, 0.0, 0.0, 0.12),
    grid: rgb(206, 172, 120),
    grid_width: 0.022,
    coordinate: rgb(214, 186, 140),
    komadai: rgb(48, 36, 28),
    piece_face: rgb(226, 208, 172),
    piece_face_frozen: rgb(150, 146, 140),
    piece_face_dead: rgb(100, 98, 96),
    piece_line: Color::new(0.08, 0.05, 0.03, 0.9),
    kanji: rgb(24, 16, 10),
    kanji_promoted: rgb(180, 20, 20),
    kanji_frozen: rgb(70, 68, 66),
    move_mark: rgb(26, 74, 150),
    hint: Color::new(0.98, 0.90, 0.70, 0.55),
    selected: Color::new(0.30, 0.65, 1.0, 0.45),
};

pub(crate) const HIGH_CONTRAST: Palette = Palette {
    background: rgb(0, 0, 0),
    panel: rgb(22, 22, 22),
    panel_light: rgb(78, 78, 78),
    text: rgb(255, 255, 255),
    text_dim: rgb(222, 222, 222),
    wood: rgb(255, 252, 236),
    wood_frame: rgb(60, 60, 60),
    wood_edge: rgb(0, 0, 0),
    grain: Color::new(0.0, 0.0, 0.0, 0.0),
    grid: rgb(0, 0, 0),
    grid_width: 0.04,
    coordinate: rgb(255, 255, 255),
    komadai: rgb(72, 72, 72),
    piece_face: rgb(255, 255, 255),
    piece_face_frozen: rgb(170, 170, 170),
    piece_face_dead: rgb(110, 110, 110),
    piece_line: Color::new(0.0, 0.0, 0.0, 1.0),
    kanji: rgb(0, 0, 0),
    kanji_promoted: rgb(210, 0, 0),
    kanji_frozen: rgb(50, 50, 50),
    move_mark: rgb(0, 60, 200),
    hint: Color::new(0.0, 0.0, 0.0, 0.8),
    selected: Color::new(0.0, 0.40, 1.0, 0.55),
};

static THEME: AtomicU8 = AtomicU8::new(0);

/// Sets the theme every later [`palette`] call uses (the settings apply it at once).
pub fn set(t: ThemeName) {
    let i = ThemeName::ALL.iter().position(|x| *x == t).unwrap_or(0);
    THEME.store(i as u8, Ordering::Relaxed);
}

/// The theme in use.
pub fn current() -> ThemeName {
    ThemeName::ALL
        .get(THEME.load(Ordering::Relaxed) as usize)
        .copied()
        .unwrap_or_default()
}

/// The colours of the theme in use.
pub fn palette() -> &'static Palette {
    current().palette()
}

/// The colour of the "Rejoin your game" button: an opaque green that stands out from the
/// amber of the last used mode and keeps its dark label readable.
pub const REJOIN_COLOR: Color = Color::new(0.36, 0.74, 0.58, 1.0);
