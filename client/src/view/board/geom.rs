//! The board's geometry seen from one seat: which square is where on screen, which side of
//! the board each seat sits on, and which way its pieces point.

use macroquad::prelude::*;
use std::f32::consts::FRAC_PI_2;
use yonin_core::{Seat, Square};

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

pub(super) const RANK_KANJI: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// The label of the board line a column or row runs along: file number or rank kanji.
pub(super) fn coordinate_label(sq: Square, along_file: bool) -> String {
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
