//! The board seen from one seat: geometry (`geom`: which square is where on screen, which way
//! a piece points), the pieces (`pieces`: pentagons with kanji, their styles and move marks)
//! and here the drawing of the board (wood, grid, star points, coordinates, highlights) and
//! the hands. It knows only the viewer's geometry, never the rules.

mod geom;
mod pieces;

pub use geom::*;
pub use pieces::*;

use crate::view::theme;
use crate::view::ui::Ui;
use macroquad::prelude::*;
use std::f32::consts::PI;
use yonin_core::{Hand, Move, PieceKind, Position, Seat, Square};

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
