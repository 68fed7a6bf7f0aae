//! The game as it is drawn and played: the board from the player's seat, plates with names
//! and clocks, hand trays, the record, the game buttons, banners and the promotion choice.
//! Input becomes `Intent`s; the server decides, and the table changes only from its events.

mod intents;
mod panels;
mod plates;

pub(crate) use plates::arrow_str;

use crate::input::intent::Intent;
use crate::redraw;
use crate::state::table::{Pick, Table};
use crate::view::board::{self, draw_board, Marks, SeatStyle};
use crate::view::layout::Layout;
use crate::view::theme;
use crate::view::ui::{fit, rounded_outline, rounded_rect, Ui};
use macroquad::prelude::*;
use yonin_core::{Move, Piece, Square};

/// Options of the game view that come from the settings.
#[derive(Clone, Copy, Debug)]
pub struct ViewOptions {
    pub pieces: board::PieceStyle,
    /// Record in USI instead of Japanese.
    pub usi_record: bool,
    /// Move animation length in seconds (0: none).
    pub animation: f32,
    /// Show the game buttons and take input.
    pub interactive: bool,
    /// Dots on the destinations of a picked piece.
    pub show_legal: bool,
    /// A move waits for Enter or a second click before it is sent.
    pub confirm_moves: bool,
    /// This player hosts the room, so may hurry its computers once out of the game.
    pub can_hurry: bool,
}

impl Default for ViewOptions {
    fn default() -> Self {
        ViewOptions {
            pieces: board::PieceStyle::OneKanji,
            usi_record: false,
            animation: 0.12,
            interactive: true,
            show_legal: true,
            confirm_moves: false,
            can_hurry: false,
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Drag {
    pick: Pick,
    start: Vec2,
    moved: bool,
    /// The piece was already picked: a click without dragging puts it back.
    again: bool,
}

#[derive(Clone, Copy, Debug)]
struct Anim {
    piece: Piece,
    from: Vec2,
    to: Square,
    start: f64,
    /// A captured piece flying from the square to the capturer's hand tray.
    captured: Option<(Piece, Vec2)>,
}

/// The view's own state between frames.
#[derive(Clone, Debug, Default)]
pub struct GameView {
    pick: Option<Pick>,
    drag: Option<Drag>,
    promotion: Option<(Move, Move)>,
    anim: Option<Anim>,
    /// How many moves the table had when last drawn (to animate new ones).
    seen_moves: Option<usize>,
    /// When the player's plate last pulsed.
    pub pulse_at: Option<f64>,
    /// First record line shown; None follows the end.
    record_scroll: Option<usize>,
    confirm_resign: bool,
    /// When the record was last copied (a short "copied" note).
    copied_at: Option<f64>,
    /// Typed moves, shortcuts, the help, the move waiting for confirmation, the turned view.
    pub keys: crate::input::keyboard::Keyboard,
    /// Room for the chat panel under the record (see `chat`).
    pub chat: ChatDock,
    /// This frame's box for the typed line or the move question (under the record).
    prompt: Option<Rect>,
    /// Why the last click or drop on the board was refused (set by the input, timed by the
    /// next frame).
    refused_why: Option<String>,
    /// That reason, shown until this local time in the banner's box.
    refusal: Option<(String, f64)>,
}

/// How long the reason for a refused click stays beside the board.
const REFUSAL_SECONDS: f64 = 2.5;

/// Where the chat panel goes: asked for by the game screen, placed by the view each frame.
#[derive(Clone, Copy, Debug, Default)]
pub struct ChatDock {
    /// Leave room for the chat under the record.
    pub enabled: bool,
    /// Where the chat panel goes this frame (set by `GameView::frame`).
    pub rect: Option<Rect>,
    /// The chat input has the keyboard: keys are not moves or shortcuts.
    pub focused: bool,
}

impl GameView {
    pub fn new() -> GameView {
        GameView::default()
    }

    /// Forgets a pick (after the position changed under it).
    pub(crate) fn clear_pick(&mut self) {
        self.pick = None;
        self.drag = None;
        self.promotion = None;
        self.keys.pending = None;
    }

    /// Picks a piece up as a click would (scenarios and tests).
    pub(crate) fn set_pick(&mut self, pick: Pick) {
        self.pick = Some(pick);
    }

    /// Opens the promotion question as a move onto the zone would (scenarios and tests).
    pub(crate) fn ask_promotion(&mut self, plain: Move, promoted: Move) {
        self.promotion = Some((plain, promoted));
    }

    /// The player's turn began: pulse their plate.
    pub(crate) fn pulse(&mut self, now: f64) {
        self.pulse_at = Some(now);
    }

    /// Handles input and draws one frame of the game.
    pub fn frame(&mut self, ui: &Ui, table: &Table, opts: &ViewOptions, now: f64) -> Vec<Intent> {
        let mut layout = Layout::new(
            screen_width(),
            screen_height(),
            self.keys.view_seat(table),
            table.four_seats(),
        );
        let mut intents = Vec::new();
        if opts.interactive {
            self.keyboard(ui, table, opts, now, &mut intents);
        }
        // The typed line or the move question: under the record, never over the board.
        self.prompt = self
            .keys
            .prompt_height(layout.unit)
            .map(|h| layout.take_prompt(h));
        // A banner, or why the last click was refused: above the record, never over the board.
        if let Some(why) = self.refused_why.take() {
            self.refusal = Some((why, now + REFUSAL_SECONDS));
        }
        let text = match (&table.banner, &self.refusal) {
            (_, Some((why, until))) if now < *until => {
                redraw::at(*until);
                Some(why.clone())
            }
            (Some(b), _) if now < b.until => {
                redraw::at(b.until);
                Some(b.text.clone())
            }
            _ => None,
        };
        let banner = text.map(|t| (layout.take_banner(layout.unit * 3.2), t));
        self.chat.rect = None;
        if self.chat.enabled {
            let (record, chat) = crate::view::chat::split_panel(layout.record, layout.unit);
            layout.record = record;
            self.chat.rect = Some(chat);
        }
        let style = SeatStyle {
            four_seats: table.four_seats(),
            jewel_seat: table.jewel_seat(),
            pieces: opts.pieces,
        };
        self.follow_moves(table, &layout, opts, now);
        if opts.interactive {
            self.board_input(ui, table, &layout, opts, &mut intents);
        }
        self.draw(ui, table, &layout, &style, opts, now, &mut intents);
        if let Some((r, text)) = banner {
            draw_banner(ui, r, &text);
        }
        intents
    }

    /// Starts the animation of a new move and drops a stale pick.
    fn follow_moves(&mut self, table: &Table, layout: &Layout, opts: &ViewOptions, now: f64) {
        let n = table.game.moves().len();
        let seen = self.seen_moves.replace(n);
        if seen.is_none() || seen == Some(n) {
            return;
        }
        self.clear_pick();
        self.anim = None;
        if opts.animation <= 0.0 || n.checked_sub(1) != seen {
            return;
        }
        let Some(last) = table.game.moves().last() else {
            return;
        };
        let Some(piece) = table.game.position().piece_at(last.mv.to()) else {
            return;
        };
        let from = match last.mv.from() {
            Some(sq) => layout.board.center(sq),
            None => match layout.seats[last.seat] {
                Some(a) => a.hand.center(),
                None => return,
            },
        };
        // A capture: the taken piece flies to the capturer's tray.
        let captured = table
            .last_capture
            .filter(|c| c.ply == last.ply)
            .and_then(|c| {
                let tray = layout.seats[c.by]?.hand.center();
                Some((Piece::of(c.kind.unpromoted(), c.by), tray))
            });
        self.anim = Some(Anim {
            piece,
            from,
            to: last.mv.to(),
            start: now,
            captured,
        });
    }

    #[allow(clippy::too_many_arguments)]
    fn draw(
        &mut self,
        ui: &Ui,
        table: &Table,
        layout: &Layout,
        style: &SeatStyle,
        opts: &ViewOptions,
        now: f64,
        intents: &mut Vec<Intent>,
    ) {
        // A move waiting for confirmation is shown played.
        let after = self.keys.pending.and_then(|m| {
            let mut p = table.game.position().clone();
            p.play(m).ok().map(|_| p)
        });
        let pos = after.as_ref().unwrap_or(table.game.position());
        let g = &layout.board;
        let mut marks = Marks::default();
        if let Some(last) = table.last_mover {
            for (seat, lm) in table.last_moves.iter() {
                if let Some((mv, _)) = lm {
                    if seat == last {
                        marks.last_moves.push((seat, *mv, 1.0));
                    } else if table.four_seats() {
                        marks.last_moves.insert(0, (seat, *mv, 0.0));
                    }
                }
            }
        }
        if let Some(m) = self.keys.pending {
            marks.last_moves = vec![(table.viewer(), m, 1.0)];
        }
        // The typed move, once it reads as one: its squares, before Enter.
        if let Some(m) = self.keys.preview(table) {
            marks.selected = m.from();
            marks.hints = vec![(m.to(), pos.piece_at(m.to()).is_some())];
        }
        if let Some(p) = self.pick.filter(|_| opts.show_legal) {
            marks.hints = table.hints(p);
            if let Pick::Square(sq) = p {
                marks.selected = Some(sq);
            }
        }
        marks.checked = table.check_order.clone();
        // A steady glow on the seat to move: a breathing one would keep an idle window
        // drawing every frame (the plate's pulse marks the start of one's own turn).
        marks.to_move = table.to_move().map(|s| (s, 0.9));
        let dragging = self.drag.filter(|d| d.moved);
        if let Some(Drag {
            pick: Pick::Square(sq),
            ..
        }) = dragging
        {
            marks.hidden = Some(sq);
            marks.hover = g.square_at(ui.input.mouse);
        }
        let anim_t = self
            .anim
            .map(|a| ((now - a.start) as f32 / opts.animation.max(0.01)).min(1.0));
        if let (Some(a), Some(t)) = (self.anim, anim_t) {
            if t < 1.0 {
                redraw::soon();
                marks.hidden = Some(a.to);
            } else {
                self.anim = None;
            }
        }
        draw_board(ui, g, pos, &marks, style);

        // Plates and hands.
        for seat in pos.seats().iter() {
            if let Some(area) = layout.seats[seat] {
                // Hands as they will be after a move waiting for confirmation.
                self.draw_seat(ui, table, pos.hand(seat), seat, &area, g, style, now);
            }
        }

        // The moving piece, over everything on the board.
        if let (Some(a), Some(t)) = (self.anim, anim_t) {
            if t < 1.0 {
                let e = 1.0 - (1.0 - t) * (1.0 - t);
                if let Some((taken, tray)) = a.captured {
                    let c = g.center(a.to).lerp(tray, e);
                    board::draw_board_piece(ui, g, pos, taken, c, style);
                }
                let c = a.from.lerp(g.center(a.to), e);
                board::draw_board_piece(ui, g, pos, a.piece, c, style);
            }
        }
        if let Some(d) = dragging {
            let piece = match d.pick {
                Pick::Square(sq) => pos.piece_at(sq),
                Pick::Hand(k) => Some(Piece::of(k, table.viewer())),
            };
            if let Some(p) = piece {
                board::draw_board_piece(ui, g, pos, p, ui.input.mouse, style);
            }
        }

        self.draw_record(ui, table, layout, style, opts);
        if opts.interactive {
            self.draw_actions(ui, table, layout, opts.can_hurry, intents);
        }
        if let Some((plain, _)) = self.promotion {
            self.draw_promotion(ui, table, g, plain, style);
        }
        let asked = self.confirm_resign;
        let prompt = self.prompt;
        self.keys
            .draw(ui, table, g, prompt, opts.usi_record, asked, now);
    }
}

pub(super) fn draw_banner(ui: &Ui, r: Rect, text: &str) {
    rounded_rect(r, 10.0, Color::new(0.08, 0.08, 0.1, 0.86));
    rounded_outline(r, 10.0, 2.0, theme::ACCENT);
    // Two lines at most: the text wraps at the box's width.
    let size = fit(ui, text, (r.w - r.h * 0.4) * 2.0, r.h * 0.3);
    let lines = crate::view::ui::wrap(text, r.w - r.h * 0.4, |t| ui.measure(t, size).width);
    let line_h = size * 1.25;
    let top = r.center().y - line_h * (lines.len() as f32 - 1.0) / 2.0;
    for (k, line) in lines.iter().take(2).enumerate() {
        ui.text_centered(
            line,
            vec2(r.center().x, top + k as f32 * line_h),
            size,
            theme::palette().text,
        );
    }
}
