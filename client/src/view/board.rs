//! The board seen from one seat: geometry (which square is where on screen, which way a piece
//! points) and drawing (wood, grid, star points, coordinates, pentagon pieces with kanji,
//! highlights, hands). It knows only the viewer's geometry, never the rules.

use crate::view::theme;
use crate::view::ui::Ui;
use macroquad::prelude::*;
use serde::{Deserialize, Serialize};
use std::f32::consts::{FRAC_PI_2, PI};
use yonin_core::{Hand, Move, PieceKind, Position, Seat, Square};

/// Where the board sits on screen and whose seat is at the bottom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardGeom {
    /// The whole board with its frame and coordinates.
    pub outer: Rect,
    /// The 9×9 grid.
    pub grid: Rect,
    pub cell: f32,
    pub viewer: Seat,
}

/// How many quarter turns clockwise (on screen) a piece facing `facing` is drawn, seen from
/// `viewer`: the viewer's pieces point up (0), the seat clockwise from the viewer — sitting on
/// the viewer's left — points right (1), the opposite seat down (2), the last one left (3).
pub fn facing_turns(viewer: Seat, facing: Seat) -> usize {
    (facing.index() + 4 - viewer.index()) % 4
}

/// The screen angle (radians, clockwise) of a piece facing `facing`.
pub(crate) fn facing_angle(viewer: Seat, facing: Seat) -> f32 {
    facing_turns(viewer, facing) as f32 * FRAC_PI_2
}

/// Which side of the screen a seat sits on, seen from `viewer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Bottom,
    Left,
    Top,
    Right,
}

pub(crate) fn side_of(viewer: Seat, seat: Seat) -> Side {
    match facing_turns(viewer, seat) {
        0 => Side::Bottom,
        1 => Side::Left,
        2 => Side::Top,
        _ => Side::Right,
    }
}

/// The seat on `side` of the screen, seen from `viewer`.
pub(crate) fn seat_on(viewer: Seat, side: Side) -> Seat {
    let k = match side {
        Side::Bottom => 0,
        Side::Left => 1,
        Side::Top => 2,
        Side::Right => 3,
    };
    Seat::from_index(viewer.index() + k)
}

/// Screen column (0 = left) and row (0 = top) of `sq` seen from `viewer`.
pub fn screen_cell(viewer: Seat, sq: Square) -> (i32, i32) {
    let row = 8 - sq.depth(viewer);
    // The viewer's right hand, as a board vector.
    let (df, dr) = viewer.orient(1, 0);
    let col = match (df, dr) {
        (1, _) => sq.file_index(),
        (-1, _) => 8 - sq.file_index(),
        (_, 1) => sq.rank_index(),
        _ => 8 - sq.rank_index(),
    };
    (col, row)
}

/// The square at screen column/row seen from `viewer`.
pub(crate) fn square_at_cell(viewer: Seat, col: i32, row: i32) -> Option<Square> {
    if !(0..9).contains(&col) || !(0..9).contains(&row) {
        return None;
    }
    Square::all().find(|&sq| screen_cell(viewer, sq) == (col, row))
}

const RANK_KANJI: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// The label of the board line a column or row runs along: file number or rank kanji.
fn coordinate_label(sq: Square, along_file: bool) -> String {
    if along_file {
        sq.file().to_string()
    } else {
        RANK_KANJI[sq.rank_index() as usize].to_string()
    }
}

impl BoardGeom {
    /// The largest square board (frame and coordinates included) that fits `area`, centred.
    pub fn fit(area: Rect, viewer: Seat) -> BoardGeom {
        let side = area.w.min(area.h).max(40.0);
        // 9 cells, a frame of 0.25 cell on each side, and 0.45 cell for coordinates on two.
        let cell = side / (9.0 + 2.0 * 0.25 + 2.0 * 0.45);
        let outer = Rect::new(
            area.x + (area.w - side) / 2.0,
            area.y + (area.h - side) / 2.0,
            side,
            side,
        );
        let grid_side = cell * 9.0;
        let grid = Rect::new(
            outer.x + (side - grid_side) / 2.0,
            outer.y + (side - grid_side) / 2.0,
            grid_side,
            grid_side,
        );
        BoardGeom {
            outer,
            grid,
            cell,
            viewer,
        }
    }

    pub(crate) fn cell_rect(&self, col: i32, row: i32) -> Rect {
        Rect::new(
            self.grid.x + col as f32 * self.cell,
            self.grid.y + row as f32 * self.cell,
            self.cell,
            self.cell,
        )
    }

    pub fn square_rect(&self, sq: Square) -> Rect {
        let (c, r) = screen_cell(self.viewer, sq);
        self.cell_rect(c, r)
    }

    pub fn center(&self, sq: Square) -> Vec2 {
        self.square_rect(sq).center()
    }

    /// The square under a screen point.
    pub(crate) fn square_at(&self, p: Vec2) -> Option<Square> {
        if !self.grid.contains(p) {
            return None;
        }
        let col = ((p.x - self.grid.x) / self.cell).floor() as i32;
        let row = ((p.y - self.grid.y) / self.cell).floor() as i32;
        square_at_cell(self.viewer, col, row)
    }

    /// The board's edge on a side of the screen, as a thin rectangle just outside the grid.
    pub(crate) fn edge_rect(&self, side: Side, thickness: f32) -> Rect {
        let g = self.grid;
        let t = thickness;
        match side {
            Side::Bottom => Rect::new(g.x - t, g.y + g.h, g.w + 2.0 * t, t),
            Side::Top => Rect::new(g.x - t, g.y - t, g.w + 2.0 * t, t),
            Side::Left => Rect::new(g.x - t, g.y - t, t, g.h + 2.0 * t),
            Side::Right => Rect::new(g.x + g.w, g.y - t, t, g.h + 2.0 * t),
        }
    }
}

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
fn piece_scale(kind: PieceKind) -> f32 {
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
const PENTAGON: [(f32, f32); 5] = [
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
fn draw_piece_with(
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
fn draw_move_marks(kind: PieceKind, s: f32, rot: &dyn Fn(f32, f32) -> Vec2) {
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

/// Everything the board shows besides the position.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// Last moves: the mover, the move, and how strongly to tint (1 = the latest).
    pub last_moves: Vec<(Seat, Move, f32)>,
    pub selected: Option<Square>,
    /// Legal destinations of the picked piece: (square, is a capture).
    pub hints: Vec<(Square, bool)>,
    /// Checked seats in the order they must answer.
    pub checked: Vec<Seat>,
    /// The seat whose turn it is (its board edge glows), and the glow strength.
    pub to_move: Option<(Seat, f32)>,
    /// A square whose piece is drawn elsewhere (dragged or animated).
    pub hidden: Option<Square>,
    /// The square under the pointer while dragging.
    pub hover: Option<Square>,
}

/// How to colour seats and name kings.
#[derive(Clone, Copy, Debug)]
pub struct SeatStyle {
    pub four_seats: bool,
    /// The first player's seat: its king is 玉, the others 王.
    pub jewel_seat: Seat,
    pub pieces: PieceStyle,
}

impl SeatStyle {
    pub fn color(&self, seat: Seat) -> Color {
        theme::seat_color_in(seat, self.four_seats)
    }
}

/// Draws the board, its marks and its pieces.
pub(crate) fn draw_board(ui: &Ui, g: &BoardGeom, pos: &Position, marks: &Marks, style: &SeatStyle) {
    let o = g.outer;
    // Frame, then the board face.
    draw_rectangle(
        o.x + 4.0,
        o.y + 5.0,
        o.w,
        o.h,
        Color::new(0.0, 0.0, 0.0, 0.35),
    );
    let pal = theme::palette();
    draw_rectangle(o.x, o.y, o.w, o.h, pal.wood_frame);
    let pad = g.cell * 0.25;
    let face = Rect::new(
        g.grid.x - pad,
        g.grid.y - pad,
        g.grid.w + 2.0 * pad,
        g.grid.h + 2.0 * pad,
    );
    draw_rectangle(face.x, face.y, face.w, face.h, pal.wood);
    // A few faint grain lines across the wood.
    for i in 0..14 {
        let t = (i as f32 * 0.37).fract();
        let y = face.y + face.h * (i as f32 + 0.5) / 14.0 + t * g.cell * 0.2;
        draw_line(
            face.x,
            y,
            face.x + face.w,
            y + g.cell * 0.05,
            1.0,
            pal.grain,
        );
    }
    draw_rectangle_lines(o.x, o.y, o.w, o.h, 2.0, pal.wood_edge);

    // The turn glow along the board edge of the seat to move.
    if let Some((seat, strength)) = marks.to_move {
        let r = g.edge_rect(side_of(g.viewer, seat), pad * 0.8);
        draw_rectangle(
            r.x,
            r.y,
            r.w,
            r.h,
            theme::alpha(style.color(seat), 0.5 + 0.5 * strength),
        );
    }

    // Last moves, tinted in the mover's colour.
    for &(seat, mv, strength) in &marks.last_moves {
        let c = theme::alpha(style.color(seat), 0.18 + 0.32 * strength);
        let mut squares = vec![mv.to()];
        squares.extend(mv.from());
        for sq in squares {
            let r = g.square_rect(sq);
            draw_rectangle(r.x, r.y, r.w, r.h, c);
        }
    }
    if let Some(sq) = marks.selected {
        let r = g.square_rect(sq);
        draw_rectangle(r.x, r.y, r.w, r.h, pal.selected);
    }
    if let Some(sq) = marks.hover {
        let r = g.square_rect(sq);
        draw_rectangle_lines(r.x, r.y, r.w, r.h, 3.0, pal.selected);
    }

    // Grid, star points, coordinates.
    let line = (g.cell * pal.grid_width).max(1.0);
    for i in 0..=9 {
        let t = i as f32 * g.cell;
        let w = if i == 0 || i == 9 { line * 1.8 } else { line };
        draw_line(
            g.grid.x + t,
            g.grid.y,
            g.grid.x + t,
            g.grid.y + g.grid.h,
            w,
            pal.grid,
        );
        draw_line(
            g.grid.x,
            g.grid.y + t,
            g.grid.x + g.grid.w,
            g.grid.y + t,
            w,
            pal.grid,
        );
    }
    for (c, r) in [(3, 3), (6, 3), (3, 6), (6, 6)] {
        draw_circle(
            g.grid.x + c as f32 * g.cell,
            g.grid.y + r as f32 * g.cell,
            (g.cell * 0.06).max(2.0),
            pal.grid,
        );
    }
    draw_coordinates(ui, g);

    // Check glows under the checked kings.
    for &seat in &marks.checked {
        if let Some(k) = pos.king(seat) {
            let r = g.square_rect(k);
            let c = r.center();
            draw_rectangle(r.x, r.y, r.w, r.h, Color::new(0.92, 0.12, 0.08, 0.35));
            for i in 0..6 {
                let rr = g.cell * (0.75 - i as f32 * 0.08);
                draw_circle(c.x, c.y, rr, Color::new(0.95, 0.1, 0.08, 0.14));
            }
        }
    }

    // Pieces.
    for sq in Square::all() {
        if marks.hidden == Some(sq) {
            continue;
        }
        if let Some(p) = pos.piece_at(sq) {
            draw_board_piece(ui, g, pos, p, g.center(sq), style);
        }
    }

    // Destinations: dots on empty squares, rings on captures.
    for &(sq, capture) in &marks.hints {
        let c = g.center(sq);
        if capture {
            draw_circle_lines(c.x, c.y, g.cell * 0.46, g.cell * 0.07, pal.hint);
        } else {
            draw_circle(c.x, c.y, g.cell * 0.14, pal.hint);
        }
    }

    // Answer-order numbers on checked kings when more than one must answer.
    if marks.checked.len() > 1 {
        for (i, &seat) in marks.checked.iter().enumerate() {
            if let Some(k) = pos.king(seat) {
                let r = g.square_rect(k);
                let c = vec2(r.x + r.w * 0.84, r.y + r.h * 0.16);
                draw_circle(c.x, c.y, g.cell * 0.17, theme::CHECK_GLOW);
                ui.text_centered(&(i + 1).to_string(), c, g.cell * 0.26, WHITE);
            }
        }
    }
}

/// Draws one piece of the position at `c` (its own square, or where it is being dragged).
pub(crate) fn draw_board_piece(
    ui: &Ui,
    g: &BoardGeom,
    pos: &Position,
    p: yonin_core::Piece,
    c: Vec2,
    style: &SeatStyle,
) {
    let kind = p.kind();
    let owner = p.owner();
    let mut angle = facing_angle(g.viewer, p.facing());
    let dead = !pos.is_live(owner);
    let look = if dead && kind == PieceKind::King {
        // The turned-over king: grey and upside down.
        angle += PI;
        PieceLook::dead_king()
    } else if dead {
        PieceLook::frozen(kind)
    } else {
        PieceLook::live(kind, style.color(owner))
    };
    let jewel = owner == style.jewel_seat;
    draw_styled_piece(ui, c, g.cell, angle, kind, jewel, style.pieces, look, !dead);
}

fn draw_coordinates(ui: &Ui, g: &BoardGeom) {
    let size = g.cell * 0.3;
    // Along the top: what changes from column to column; down the right: from row to row.
    let (df, _) = g.viewer.orient(1, 0);
    let columns_along_files = df != 0;
    for i in 0..9 {
        if let Some(sq) = square_at_cell(g.viewer, i, 0) {
            let c = vec2(
                g.grid.x + (i as f32 + 0.5) * g.cell,
                g.grid.y - g.cell * 0.25 - size * 0.75,
            );
            ui.text_centered(
                &coordinate_label(sq, columns_along_files),
                c,
                size,
                theme::palette().coordinate,
            );
        }
        if let Some(sq) = square_at_cell(g.viewer, 8, i) {
            let c = vec2(
                g.grid.x + g.grid.w + g.cell * 0.25 + size * 0.75,
                g.grid.y + (i as f32 + 0.5) * g.cell,
            );
            ui.text_centered(
                &coordinate_label(sq, !columns_along_files),
                c,
                size,
                theme::palette().coordinate,
            );
        }
    }
}

/// The slots of a hand tray: where each kind held is drawn.
pub(crate) fn hand_slots(area: Rect, hand: &Hand, capacity: usize) -> Vec<(PieceKind, Rect)> {
    let kinds: Vec<PieceKind> = hand.pieces().map(|(k, _)| k).collect();
    let cap = capacity.max(kinds.len()).max(1);
    // The grid of `cap` slots with the largest square slots.
    let mut best = (1, cap, 0.0f32);
    for cols in 1..=cap {
        let rows = cap.div_ceil(cols);
        let s = (area.w / cols as f32).min(area.h / rows as f32);
        if s > best.2 {
            best = (cols, rows, s);
        }
    }
    let (cols, _, s) = best;
    let s = s.min(area.h.max(area.w));
    kinds
        .into_iter()
        .enumerate()
        .map(|(i, k)| {
            let (c, r) = (i % cols, i / cols);
            (
                k,
                Rect::new(area.x + c as f32 * s, area.y + r as f32 * s, s, s),
            )
        })
        .collect()
}

/// Draws a hand tray: the pieces held, pointing the owner's way, with counts.
#[allow(clippy::too_many_arguments)]
pub(crate) fn draw_hand(
    ui: &Ui,
    area: Rect,
    seat: Seat,
    hand: &Hand,
    capacity: usize,
    angle: f32,
    sealed: bool,
    picked: Option<PieceKind>,
    style: &SeatStyle,
) {
    // The komadai: a darker wood stand.
    crate::view::ui::rounded_rect(area, 6.0, theme::palette().komadai);
    for (kind, r) in hand_slots(area, hand, capacity) {
        if picked == Some(kind) {
            draw_rectangle(r.x, r.y, r.w, r.h, theme::palette().selected);
        }
        let cell = r.w.min(r.h) * 0.86;
        let look = if sealed {
            PieceLook::frozen(kind)
        } else {
            PieceLook::live(kind, style.color(seat))
        };
        draw_styled_piece(
            ui,
            r.center() - vec2(0.0, r.h * 0.02),
            cell,
            angle,
            kind,
            false,
            style.pieces,
            look,
            !sealed,
        );
        let n = hand.count(kind);
        if n > 1 {
            let c = vec2(r.x + r.w * 0.82, r.y + r.h * 0.8);
            draw_circle(c.x, c.y, r.w * 0.17, theme::palette().background);
            ui.text_centered(&n.to_string(), c, r.w * 0.26, theme::palette().text);
        }
    }
    if sealed {
        // A crossed-out tray.
        let c = Color::new(0.6, 0.6, 0.6, 0.8);
        draw_line(area.x, area.y, area.x + area.w, area.y + area.h, 2.0, c);
        draw_line(area.x + area.w, area.y, area.x, area.y + area.h, 2.0, c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::from_usi(s).unwrap()
    }

    #[test]
    fn south_sees_the_japanese_diagram() {
        // 9a at the top left, 1a at the top right, 1i at the bottom right.
        assert_eq!(screen_cell(Seat::South, sq("9a")), (0, 0));
        assert_eq!(screen_cell(Seat::South, sq("1a")), (8, 0));
        assert_eq!(screen_cell(Seat::South, sq("1i")), (8, 8));
    }

    #[test]
    fn every_viewer_has_its_back_line_at_the_bottom() {
        for v in Seat::ALL {
            for s in Square::all() {
                let (c, r) = screen_cell(v, s);
                assert_eq!(square_at_cell(v, c, r), Some(s));
                assert_eq!(r, 8 - s.depth(v));
            }
        }
        // North sees South's camp at the top; West sees file 9 at the bottom.
        assert_eq!(screen_cell(Seat::North, sq("5i")).1, 0);
        assert_eq!(screen_cell(Seat::West, sq("9e")).1, 8);
        assert_eq!(screen_cell(Seat::East, sq("1e")).1, 8);
    }

    #[test]
    fn pieces_point_away_from_their_owner() {
        // From South: West's pieces point right, North's down, East's left.
        assert_eq!(facing_turns(Seat::South, Seat::South), 0);
        assert_eq!(facing_turns(Seat::South, Seat::West), 1);
        assert_eq!(facing_turns(Seat::South, Seat::North), 2);
        assert_eq!(facing_turns(Seat::South, Seat::East), 3);
        // A piece's forward step moves it in the drawn direction on screen.
        for v in Seat::ALL {
            for f in Seat::ALL {
                let from = sq("5e");
                let to = from.step(f, 0, 1).unwrap();
                let (c0, r0) = screen_cell(v, from);
                let (c1, r1) = screen_cell(v, to);
                let expect = match facing_turns(v, f) {
                    0 => (0, -1),
                    1 => (1, 0),
                    2 => (0, 1),
                    _ => (-1, 0),
                };
                assert_eq!((c1 - c0, r1 - r0), expect, "viewer {v}, facing {f}");
            }
        }
    }

    #[test]
    fn seats_sit_clockwise_around_the_viewer() {
        assert_eq!(seat_on(Seat::South, Side::Left), Seat::West);
        assert_eq!(seat_on(Seat::West, Side::Left), Seat::North);
        assert_eq!(side_of(Seat::West, Seat::South), Side::Right);
    }

    #[test]
    fn geometry_round_trips_through_the_screen() {
        let g = BoardGeom::fit(Rect::new(10.0, 20.0, 500.0, 400.0), Seat::East);
        assert!((g.outer.w - 400.0).abs() < 1e-3);
        for s in Square::all() {
            assert_eq!(g.square_at(g.center(s)), Some(s));
        }
        assert_eq!(g.square_at(vec2(0.0, 0.0)), None);
    }
}
