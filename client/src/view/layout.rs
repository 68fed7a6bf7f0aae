//! Where everything goes for a window size: the square board as large as the side panels
//! allow, each seat's plate and hand tray beside its own edge, the record, the buttons.
//!
//! Standard (two seats): the opponent's plate and hand top-left, the record top-right, mine
//! bottom-right, as on a real board's komadai; in tall windows the opponent above the board
//! and me below. Yonin: each seat's plate and hand along its own edge of the board, the
//! record and buttons in a panel on the right (or below, in tall windows). Of two shapes the
//! one with the larger board wins.

use crate::view::board::{seat_on, side_of, BoardGeom, Side};
use macroquad::math::Rect;
use yonin_core::{BySeat, Seat};

/// One seat's area: name plate (name, clock) and hand tray.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatArea {
    pub plate: Rect,
    pub hand: Rect,
    /// Where the seat sits on screen.
    pub side: Side,
    /// The most kinds its hand can hold (slots are sized for them).
    pub capacity: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub board: BoardGeom,
    pub seats: BySeat<Option<SeatArea>>,
    pub record: Rect,
    /// Game buttons (resign, draw, impasse, rules).
    pub actions: Rect,
    /// The text size unit for this window.
    pub unit: f32,
}

impl Layout {
    /// The layout for a window of `w`×`h` seen from `viewer`, with two or four seats.
    pub fn new(w: f32, h: f32, viewer: Seat, four: bool) -> Layout {
        let unit = crate::view::ui::text_unit(w, h);
        if four {
            Layout::four(w, h, viewer, unit)
        } else {
            Layout::two(w, h, viewer, unit)
        }
    }

    /// Carves a box `h` high (at most 60 % of the panel) out of the bottom of the record
    /// panel and returns it: the typed-move line and the move question go there, beside the
    /// board and never over it.
    pub(crate) fn take_prompt(&mut self, h: f32) -> Rect {
        let r = self.record;
        let gap = (self.unit * 0.4).max(3.0);
        let h = h.min(r.h * 0.6);
        let prompt = Rect::new(r.x, r.y + r.h - h, r.w, h);
        self.record.h = (r.h - h - gap).max(0.0);
        prompt
    }

    /// Carves a box `h` high (at most 40 % of the panel) out of the top of the record panel
    /// and returns it: banners ("West must answer North's check") go there, beside the board,
    /// so they never hide the move they speak of.
    pub(crate) fn take_banner(&mut self, h: f32) -> Rect {
        let r = self.record;
        let gap = (self.unit * 0.4).max(3.0);
        let h = h.min(r.h * 0.4);
        self.record.y += h + gap;
        self.record.h = (r.h - h - gap).max(0.0);
        Rect::new(r.x, r.y, r.w, h)
    }

    fn two(w: f32, h: f32, viewer: Seat, unit: f32) -> Layout {
        larger(
            Layout::two_beside(w, h, viewer, unit),
            Layout::two_stacked(w, h, viewer, unit),
        )
    }

    /// Tall windows: the opponent above the board, me below, the record on the right.
    fn two_stacked(w: f32, h: f32, viewer: Seat, unit: f32) -> Layout {
        let m = (unit * 0.6).max(5.0);
        let record_w = (w * 0.24).clamp(160.0, 320.0);
        let region = Rect::new(m, m, (w - record_w - 3.0 * m).max(100.0), h - 2.0 * m);
        let (board, seats) = around(region, viewer, unit, m, &[Side::Top, Side::Bottom], 7);
        let px = region.x + region.w + m;
        let actions_h = (unit * 2.2) * 4.0 + m * 3.0;
        let record = Rect::new(px, m, record_w, h - 3.0 * m - actions_h);
        let actions = Rect::new(px, record.y + record.h + m, record_w, actions_h);
        Layout {
            board,
            seats,
            record,
            actions,
            unit,
        }
    }

    /// Wide windows: side panels as on a real board's komadai.
    fn two_beside(w: f32, h: f32, viewer: Seat, unit: f32) -> Layout {
        let m = (unit * 0.7).max(6.0);
        let panel_w = (w * 0.21).clamp(150.0, 330.0);
        let area = Rect::new(
            panel_w + 2.0 * m,
            m,
            (w - 2.0 * panel_w - 4.0 * m).max(60.0),
            h - 2.0 * m,
        );
        let board = BoardGeom::fit(area, viewer);
        let o = board.outer;
        let left = Rect::new(o.x - m - panel_w, o.y, panel_w, o.h);
        let right = Rect::new(o.x + o.w + m, o.y, panel_w, o.h);
        // Plates hold a name line, the clock and a small line; hands hold 7 kinds in 4×2.
        let plate_h = (unit * 5.2).min(o.h * 0.24);
        let hand_h = (panel_w / 4.0 * 2.0).min(o.h * 0.26);
        let opponent = viewer.opposite();
        let mut seats = BySeat::default();
        seats[opponent] = Some(SeatArea {
            plate: Rect::new(left.x, left.y, left.w, plate_h),
            hand: Rect::new(left.x, left.y + plate_h + m * 0.5, left.w, hand_h),
            side: Side::Top,
            capacity: 7,
        });
        let my_hand = Rect::new(right.x, right.y + right.h - hand_h, right.w, hand_h);
        let my_plate = Rect::new(right.x, my_hand.y - m * 0.5 - plate_h, right.w, plate_h);
        seats[viewer] = Some(SeatArea {
            plate: my_plate,
            hand: my_hand,
            side: Side::Bottom,
            capacity: 7,
        });
        let record = Rect::new(
            right.x,
            right.y,
            right.w,
            (my_plate.y - m - right.y).max(20.0),
        );
        let actions_top = left.y + plate_h + hand_h + 2.0 * m;
        let actions = Rect::new(
            left.x,
            actions_top,
            left.w,
            (left.y + left.h - actions_top).max(20.0),
        );
        Layout {
            board,
            seats,
            record,
            actions,
            unit,
        }
    }

    fn four(w: f32, h: f32, viewer: Seat, unit: f32) -> Layout {
        let m = (unit * 0.6).max(5.0);
        let sides = [Side::Bottom, Side::Left, Side::Top, Side::Right];
        // The record beside the board (wide windows) …
        let record_w = (w * 0.2).clamp(160.0, 320.0);
        let region = Rect::new(m, m, (w - record_w - 3.0 * m).max(100.0), h - 2.0 * m);
        let (board, seats) = around(region, viewer, unit, m, &sides, 4);
        let px = region.x + region.w + m;
        let actions_h = (unit * 2.2) * 3.0 + m * 2.0;
        let record = Rect::new(px, m, record_w, h - 3.0 * m - actions_h);
        let actions = Rect::new(px, record.y + record.h + m, record_w, actions_h);
        let beside = Layout {
            board,
            seats,
            record,
            actions,
            unit,
        };
        // … or under it (tall windows), whichever gives the larger board.
        let below_h = (h * 0.2).clamp(120.0, 260.0);
        let region = Rect::new(m, m, w - 2.0 * m, (h - below_h - 3.0 * m).max(100.0));
        let (board, seats) = around(region, viewer, unit, m, &sides, 4);
        let actions_w = (w * 0.25).clamp(150.0, 280.0);
        let y = region.y + region.h + m;
        let record = Rect::new(m, y, w - 3.0 * m - actions_w, below_h);
        let actions = Rect::new(w - m - actions_w, y, actions_w, below_h);
        let under = Layout {
            board,
            seats,
            record,
            actions,
            unit,
        };
        larger(beside, under)
    }
}

/// The layout with the larger board (the first when they tie within 5 %).
fn larger(a: Layout, b: Layout) -> Layout {
    if b.board.cell > a.board.cell * 1.05 {
        b
    } else {
        a
    }
}

/// The widest a seat's column beside the board grows in a wide window (pixels).
const MAX_COLUMN_W: f32 = 340.0;

/// The largest board in `region` that leaves room on the given sides for each seat's plate
/// and hand: strips above and below, columns left and right.
fn around(
    region: Rect,
    viewer: Seat,
    unit: f32,
    m: f32,
    sides: &[Side],
    capacity: usize,
) -> (BoardGeom, BySeat<Option<SeatArea>>) {
    let has = |s: Side| sides.contains(&s);
    let col_w = if has(Side::Left) || has(Side::Right) {
        (region.w * 0.17).clamp(100.0, 220.0)
    } else {
        0.0
    };
    let strip_h = (region.h * 0.12).clamp(56.0, 116.0);
    let cols = [Side::Left, Side::Right]
        .iter()
        .filter(|s| has(**s))
        .count() as f32;
    let strips = [Side::Top, Side::Bottom]
        .iter()
        .filter(|s| has(**s))
        .count() as f32;
    let side = (region.w - cols * (col_w + m))
        .min(region.h - strips * (strip_h + m))
        .max(60.0);
    // Wide windows: the columns take the width the board leaves them (up to a limit), so
    // names and clocks fit instead of sitting between empty margins.
    let col_w = if cols > 0.0 {
        ((region.w - side) / cols - m).clamp(col_w, MAX_COLUMN_W.max(col_w))
    } else {
        0.0
    };
    let area = Rect::new(
        region.x + (region.w - side) / 2.0,
        region.y + (region.h - side) / 2.0,
        side,
        side,
    );
    let board = BoardGeom::fit(area, viewer);
    let o = board.outer;
    let mut seats = BySeat::default();
    for &s in sides {
        let seat = seat_on(viewer, s);
        let a = match s {
            Side::Bottom | Side::Top => {
                let y = if s == Side::Top {
                    o.y - m - strip_h
                } else {
                    o.y + o.h + m
                };
                let plate_w = o.w * 0.5;
                let plate = Rect::new(o.x, y, plate_w, strip_h);
                // Up to four kinds in one row of square slots; more share the rest of the
                // edge (the tray picks its rows).
                let rest = o.w - plate_w - m;
                let hand_w = if capacity <= 4 {
                    (strip_h * 4.0).min(rest)
                } else {
                    rest
                };
                let hand = Rect::new(o.x + o.w - hand_w, y, hand_w, strip_h);
                SeatArea {
                    plate,
                    hand,
                    side: s,
                    capacity,
                }
            }
            Side::Left | Side::Right => {
                let x = if s == Side::Left {
                    o.x - m - col_w
                } else {
                    o.x + o.w + m
                };
                let plate_h = (unit * 5.6).min(o.h * 0.4);
                let plate = Rect::new(x, o.y, col_w, plate_h);
                let hand_h = col_w.min(o.h - plate_h - m);
                let hand = Rect::new(x, o.y + plate_h + m, col_w, hand_h);
                SeatArea {
                    plate,
                    hand,
                    side: s,
                    capacity,
                }
            }
        };
        debug_assert_eq!(side_of(viewer, seat), s);
        seats[seat] = Some(a);
    }
    (board, seats)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inside(a: Rect, b: Rect) -> bool {
        a.x >= b.x - 0.5
            && a.y >= b.y - 0.5
            && a.x + a.w <= b.x + b.w + 0.5
            && a.y + a.h <= b.y + b.h + 0.5
    }

    fn overlaps(a: Rect, b: Rect) -> bool {
        a.x < b.x + b.w - 0.5
            && b.x < a.x + a.w - 0.5
            && a.y < b.y + b.h - 0.5
            && b.y < a.y + a.h - 0.5
    }

    #[test]
    fn nothing_overlaps_and_everything_fits() {
        for (w, h) in [
            (1280.0, 800.0),
            (800.0, 600.0),
            (1920.0, 1080.0),
            (1000.0, 1000.0),
            (960.0, 640.0),
        ] {
            for four in [false, true] {
                for viewer in [Seat::South, Seat::West] {
                    let l = Layout::new(w, h, viewer, four);
                    let screen = Rect::new(0.0, 0.0, w, h);
                    let mut rects = vec![l.board.outer, l.record, l.actions];
                    for (_, a) in l.seats.iter() {
                        if let Some(a) = a {
                            rects.push(a.plate);
                            rects.push(a.hand);
                        }
                    }
                    for (i, a) in rects.iter().enumerate() {
                        assert!(inside(*a, screen), "{w}x{h} four={four}: {a:?} off screen");
                        for b in &rects[i + 1..] {
                            assert!(
                                !overlaps(*a, *b),
                                "{w}x{h} four={four}: {a:?} overlaps {b:?}"
                            );
                        }
                    }
                    assert!((l.board.outer.w - l.board.outer.h).abs() < 1e-3);
                    // The typed line and the move question stay off the board and panels.
                    let mut l = l.clone();
                    let prompt = l.take_prompt(l.unit * 6.0);
                    assert!(prompt.h >= l.unit * 2.5, "{w}x{h} four={four}: {prompt:?}");
                    assert!(inside(prompt, screen));
                    // rects[1] is the record panel the prompt was carved from.
                    for (i, b) in rects.iter().enumerate() {
                        if i != 1 {
                            assert!(!overlaps(prompt, *b), "{w}x{h}: prompt over {b:?}");
                        }
                    }
                    assert!(!overlaps(prompt, l.record));
                }
            }
        }
    }

    #[test]
    fn the_board_takes_most_of_the_height() {
        let l = Layout::new(1280.0, 800.0, Seat::South, false);
        assert!(l.board.outer.h > 640.0);
        let l = Layout::new(1280.0, 800.0, Seat::West, true);
        assert!(l.board.outer.h > 500.0);
    }
}
