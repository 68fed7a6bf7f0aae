//! The pieces as drawn: their styles (one kanji, two kanji, with move marks for beginners),
//! their kanji, and the pentagon drawn at a size and angle.

use super::geom::facing_turns;
use crate::view::theme;
use crate::view::ui::Ui;
use macroquad::prelude::*;
use serde::{Deserialize, Serialize};
use yonin_core::{PieceKind, Seat, Square};

/// How pieces are labelled: one kanji (default), two kanji, or one kanji with the piece's
/// moves drawn on it for beginners.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PieceStyle {
    #[default]
    OneKanji,
    TwoKanji,
    Beginner,
}

impl PieceStyle {
    pub const ALL: [PieceStyle; 3] = [
        PieceStyle::OneKanji,
        PieceStyle::TwoKanji,
        PieceStyle::Beginner,
    ];

    /// The next style, `d` steps on (wrapping).
    pub fn step(self, d: i32) -> PieceStyle {
        crate::cycle::step(&PieceStyle::ALL, self, d)
    }
}

/// How far a piece goes in one direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reach {
    /// One square.
    Step,
    /// Any number of empty squares (rook, bishop, lance lines).
    Slide,
    /// A knight's jump.
    Jump,
}

/// One direction a piece moves in, in its own frame: `right` to its right, `forward` the way
/// it points (a knight's jump is `(±1, 2)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveMark {
    pub right: i32,
    pub forward: i32,
    pub reach: Reach,
}

/// The directions a piece of `kind` moves in, read from the rules' own attack tables (a
/// piece on 5e of an empty board), so the beginner style can never disagree with the rules.
pub fn movement_marks(kind: PieceKind) -> Vec<MoveMark> {
    let facing = Seat::South;
    let Some(centre) = Square::from_file_rank(5, 5) else {
        return Vec::new();
    };
    let reach = yonin_core::attacks::piece(kind, facing, centre, yonin_core::SquareSet::EMPTY);
    let hits = |x: i32, y: i32| {
        centre
            .step(facing, x, y)
            .is_some_and(|sq| reach.contains(sq))
    };
    let mut marks = Vec::new();
    for forward in -2..=2i32 {
        for right in -2..=2i32 {
            let unit = right.abs() <= 1 && forward.abs() <= 1 && (right, forward) != (0, 0);
            let jump = right.abs() == 1 && forward.abs() == 2;
            if unit && hits(right, forward) {
                let reach = if hits(2 * right, 2 * forward) {
                    Reach::Slide
                } else {
                    Reach::Step
                };
                marks.push(MoveMark {
                    right,
                    forward,
                    reach,
                });
            } else if jump && hits(right, forward) {
                marks.push(MoveMark {
                    right,
                    forward,
                    reach: Reach::Jump,
                });
            }
        }
    }
    marks
}

/// Where a mark points on screen, as a (column, row) direction (row grows downward), for a
/// piece facing `facing` seen from `viewer`: the same quarter turns the piece is drawn with.
pub fn mark_on_screen(viewer: Seat, facing: Seat, m: MoveMark) -> (i32, i32) {
    let (mut x, mut y) = (m.right, -m.forward);
    for _ in 0..facing_turns(viewer, facing) {
        (x, y) = (-y, x);
    }
    (x, y)
}

/// The text on a piece. `jewel` picks 玉 (the first player's king) over 王.
pub fn piece_text(kind: PieceKind, jewel: bool, style: PieceStyle) -> &'static str {
    use PieceKind::*;
    match style {
        // The records' names (core's `kanji`), but for the king's two faces and one glyph
        // for the promoted pieces the records write with two.
        PieceStyle::OneKanji | PieceStyle::Beginner => match kind {
            King if jewel => "玉",
            King => "王",
            ProLance => "杏",
            ProKnight => "圭",
            ProSilver => "全",
            _ => kind.kanji(),
        },
        PieceStyle::TwoKanji => match kind {
            Pawn => "歩兵",
            Lance => "香車",
            Knight => "桂馬",
            Silver => "銀将",
            Gold => "金将",
            Bishop => "角行",
            Rook => "飛車",
            King if jewel => "玉将",
            King => "王将",
            ProPawn => "と金",
            ProLance => "成香",
            ProKnight => "成桂",
            ProSilver => "成銀",
            Horse => "龍馬",
            Dragon => "龍王",
        },
    }
}

/// Pieces differ a little in size, as on a real board: kings largest, pawns smallest.
pub(super) fn piece_scale(kind: PieceKind) -> f32 {
    use PieceKind::*;
    match kind.unpromoted() {
        King => 1.0,
        Rook | Bishop => 0.97,
        Gold | Silver => 0.94,
        Knight | Lance => 0.91,
        _ => 0.88,
    }
}

/// How a piece is shown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceLook {
    pub face: Color,
    pub edge: Color,
    pub ink: Color,
}

impl PieceLook {
    /// A live piece of a seat coloured `seat_color`.
    pub fn live(kind: PieceKind, seat_color: Color) -> PieceLook {
        let p = theme::palette();
        PieceLook {
            face: p.piece_face,
            edge: seat_color,
            ink: if kind.is_promoted() {
                p.kanji_promoted
            } else {
                p.kanji
            },
        }
    }
    /// A frozen piece of an eliminated seat.
    pub fn frozen(kind: PieceKind) -> PieceLook {
        PieceLook {
            face: theme::palette().piece_face_frozen,
            edge: Color::new(0.45, 0.44, 0.42, 1.0),
            ink: if kind.is_promoted() {
                Color::new(0.55, 0.35, 0.35, 1.0)
            } else {
                theme::palette().kanji_frozen
            },
        }
    }
    /// A turned-over king.
    pub(crate) fn dead_king() -> PieceLook {
        PieceLook {
            face: theme::palette().piece_face_dead,
            edge: Color::new(0.3, 0.3, 0.3, 1.0),
            ink: Color::new(0.25, 0.25, 0.25, 1.0),
        }
    }
}

/// The pentagon outline of a piece pointing up, centred on the origin, for a cell of 1.
pub(super) const PENTAGON: [(f32, f32); 5] = [
    (0.0, -0.47),
    (0.35, -0.30),
    (0.43, 0.45),
    (-0.43, 0.45),
    (-0.35, -0.30),
];

/// Draws a piece centred at `c` in a cell of `cell` pixels, turned by `angle` (clockwise).
pub(crate) fn draw_piece(
    ui: &Ui,
    c: Vec2,
    cell: f32,
    angle: f32,
    kind: PieceKind,
    text: &str,
    look: PieceLook,
) {
    draw_piece_with(ui, c, cell, angle, kind, text, look, false);
}

/// A piece in a given style: `jewel` picks 玉 over 王; the beginner style adds the piece's
/// movement marks unless the piece is frozen (`live` false).
#[allow(clippy::too_many_arguments)]
pub(crate) fn draw_styled_piece(
    ui: &Ui,
    c: Vec2,
    cell: f32,
    angle: f32,
    kind: PieceKind,
    jewel: bool,
    style: PieceStyle,
    look: PieceLook,
    live: bool,
) {
    let text = piece_text(kind, jewel, style);
    let marks = live && style == PieceStyle::Beginner;
    draw_piece_with(ui, c, cell, angle, kind, text, look, marks);
}

/// Draws a piece; with `marks`, a smaller kanji and a dot (step), an arrow (slide) or a ring
/// (knight's jump) toward each direction it moves.
#[allow(clippy::too_many_arguments)]
pub(super) fn draw_piece_with(
    ui: &Ui,
    c: Vec2,
    cell: f32,
    angle: f32,
    kind: PieceKind,
    text: &str,
    look: PieceLook,
    marks: bool,
) {
    let s = cell * piece_scale(kind);
    let (sin, cos) = angle.sin_cos();
    let rot = |x: f32, y: f32| vec2(c.x + (x * cos - y * sin) * s, c.y + (x * sin + y * cos) * s);
    let pts: Vec<Vec2> = PENTAGON.iter().map(|&(x, y)| rot(x, y)).collect();
    // A soft shadow, then the seat-coloured edge, then the face inset inside it.
    let shadow = vec2(s * 0.03, s * 0.04);
    let centre = rot(0.0, 0.05);
    for i in 0..5 {
        let (a, b) = (pts[i], pts[(i + 1) % 5]);
        draw_triangle(
            centre + shadow,
            a + shadow,
            b + shadow,
            Color::new(0.0, 0.0, 0.0, 0.22),
        );
    }
    for i in 0..5 {
        draw_triangle(centre, pts[i], pts[(i + 1) % 5], look.edge);
    }
    let inset = 0.89;
    let inner: Vec<Vec2> = PENTAGON
        .iter()
        .map(|&(x, y)| rot(x * inset, (y - 0.05) * inset + 0.05 + 0.01))
        .collect();
    for i in 0..5 {
        draw_triangle(centre, inner[i], inner[(i + 1) % 5], look.face);
    }
    let line = (s * 0.018).max(1.0);
    for i in 0..5 {
        let (a, b) = (pts[i], pts[(i + 1) % 5]);
        draw_line(a.x, a.y, b.x, b.y, line, theme::palette().piece_line);
    }
    if marks {
        draw_move_marks(kind, s, &rot);
    }
    // The kanji, a little below the middle (the pentagon's weight is low).
    let glyphs: Vec<char> = text.chars().collect();
    let kanji = if marks { 0.44 } else { 0.56 };
    if glyphs.len() <= 1 {
        ui.text_rotated(text, rot(0.0, 0.07), s * kanji, angle, look.ink);
    } else {
        let size = s * 0.36;
        for (i, g) in glyphs.iter().enumerate() {
            let y = if i == 0 { -0.11 } else { 0.25 };
            ui.text_rotated(&g.to_string(), rot(0.0, y), size, angle, look.ink);
        }
    }
}

/// The beginner marks of a piece of size `s`, placed with the piece's own rotation `rot`
/// (local x to the piece's right, local y toward its back).
pub(super) fn draw_move_marks(kind: PieceKind, s: f32, rot: &dyn Fn(f32, f32) -> Vec2) {
    let color = theme::palette().move_mark;
    let centre = (0.0, 0.06);
    for m in movement_marks(kind) {
        let (dx, dy) = (m.right as f32, -(m.forward as f32));
        let len = (dx * dx + dy * dy).sqrt();
        let (ux, uy) = (dx / len, dy / len);
        // Sideways marks sit a little closer in: the pentagon is narrow at the middle.
        let r = if m.forward == 0 { 0.33 } else { 0.36 };
        let at = |r: f32| rot(centre.0 + ux * r, centre.1 + uy * r);
        match m.reach {
            Reach::Step => {
                let p = at(r);
                draw_circle(p.x, p.y, s * 0.042, color);
            }
            Reach::Jump => {
                let p = at(r + 0.02);
                draw_circle_lines(p.x, p.y, s * 0.045, s * 0.022, color);
            }
            Reach::Slide => {
                let (a, b) = (at(r - 0.16), at(r - 0.02));
                draw_line(a.x, a.y, b.x, b.y, s * 0.04, color);
                // An arrowhead: the tip and two corners across the line.
                let tip = at(r + 0.06);
                let (px, py) = (-uy, ux);
                let base = (centre.0 + ux * (r - 0.03), centre.1 + uy * (r - 0.03));
                let c1 = rot(base.0 + px * 0.055, base.1 + py * 0.055);
                let c2 = rot(base.0 - px * 0.055, base.1 - py * 0.055);
                draw_triangle(tip, c1, c2, color);
            }
        }
    }
}
