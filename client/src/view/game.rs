//! The game as it is drawn and played: the board from the player's seat, plates with names
//! and clocks, hand trays, the record, the game buttons, banners and the promotion choice.
//! Input becomes `Intent`s; the server decides, and the table changes only from its events.

use crate::i18n::{tr, trf, Text};
use crate::input::intent::Intent;
use crate::redraw;
use crate::state::table::{clock_text, format_spent, Choice, Pick, Table};
use crate::view::board::{self, draw_board, draw_hand, facing_angle, BoardGeom, Marks, SeatStyle};
use crate::view::layout::{Layout, SeatArea};
use crate::view::theme;
use crate::view::ui::{fit, fit_text, rounded_outline, rounded_rect, Ui};
use macroquad::prelude::*;
use yonin_core::protocol::TimeControl;
use yonin_core::{Move, Piece, Seat, Square, Variant};

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
    pub fn clear_pick(&mut self) {
        self.pick = None;
        self.drag = None;
        self.promotion = None;
        self.keys.pending = None;
    }

    /// Picks a piece up as a click would (scenarios and tests).
    pub fn set_pick(&mut self, pick: Pick) {
        self.pick = Some(pick);
    }

    /// Opens the promotion question as a move onto the zone would (scenarios and tests).
    pub fn ask_promotion(&mut self, plain: Move, promoted: Move) {
        self.promotion = Some((plain, promoted));
    }

    /// The player's turn began: pulse their plate.
    pub fn pulse(&mut self, now: f64) {
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
            let (record, chat) = crate::state::chat::split_panel(layout.record, layout.unit);
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

    fn board_input(
        &mut self,
        ui: &Ui,
        table: &Table,
        layout: &Layout,
        opts: &ViewOptions,
        intents: &mut Vec<Intent>,
    ) {
        let input = ui.input;
        let g = &layout.board;
        if !table.my_turn() {
            self.clear_pick();
            return;
        }
        if self.keys.pending.is_some() {
            let prompt = self.prompt.unwrap_or(layout.record);
            intents.extend(self.keys.pending_click(ui, g, prompt));
            return;
        }
        if let Some((plain, promoted)) = self.promotion {
            if input.pressed {
                let (a, b) = promotion_rects(g, plain.to());
                let grow = |r: Rect| Rect::new(r.x, r.y, r.w, r.h + g.cell * 0.42);
                let (a, b) = (grow(a), grow(b));
                let chosen = if a.contains(input.mouse) {
                    Some(promoted)
                } else if b.contains(input.mouse) {
                    Some(plain)
                } else {
                    None
                };
                self.clear_pick();
                if let Some(m) = chosen {
                    intents.extend(self.keys.commit(m, opts.confirm_moves));
                }
            }
            return;
        }
        if input.right_pressed {
            self.clear_pick();
            return;
        }
        let me = table.viewer();
        let under = self.pick_under(table, layout, me, input.mouse);
        if input.pressed {
            // A destination for the piece already picked?
            if let (Some(pick), Some(sq)) = (self.pick, g.square_at(input.mouse)) {
                let choice = table.choose(pick, sq);
                if choice != Choice::Nothing {
                    self.resolve(choice, opts.confirm_moves, intents);
                    return;
                }
            }
            match under {
                Some(p) if table.can_pick(p) => {
                    let again = self.pick == Some(p);
                    self.pick = Some(p);
                    self.drag = Some(Drag {
                        pick: p,
                        start: input.mouse,
                        moved: false,
                        again,
                    });
                }
                _ => {
                    if g.outer.contains(input.mouse) || under.is_some() {
                        if self.pick.is_some() || under.is_some() {
                            intents.push(Intent::Refused);
                        }
                        if let (Some(pick), Some(sq)) = (self.pick, g.square_at(input.mouse)) {
                            self.refused_why = table.refusal(pick, sq);
                        }
                        self.pick = None;
                    }
                }
            }
        }
        if let Some(d) = &mut self.drag {
            if input.mouse.distance(d.start) > g.cell * 0.2 {
                d.moved = true;
            }
        }
        if input.released {
            if let Some(d) = self.drag.take() {
                if d.moved {
                    match g.square_at(input.mouse) {
                        Some(sq) if Pick::Square(sq) != d.pick => {
                            let choice = table.choose(d.pick, sq);
                            if choice == Choice::Nothing {
                                intents.push(Intent::Refused);
                                self.refused_why = table.refusal(d.pick, sq);
                            } else {
                                self.resolve(choice, opts.confirm_moves, intents);
                            }
                        }
                        _ => {}
                    }
                } else if d.again {
                    self.pick = None;
                }
            }
        }
    }

    fn resolve(&mut self, choice: Choice, confirm: bool, intents: &mut Vec<Intent>) {
        match choice {
            Choice::Play(m) => {
                self.clear_pick();
                intents.extend(self.keys.commit(m, confirm));
            }
            Choice::AskPromotion { plain, promoted } => {
                self.promotion = Some((plain, promoted));
                self.drag = None;
            }
            Choice::Nothing => {}
        }
    }

    /// The board square or hand piece of the player under the pointer.
    fn pick_under(&self, table: &Table, layout: &Layout, me: Seat, p: Vec2) -> Option<Pick> {
        if let Some(sq) = layout.board.square_at(p) {
            return Some(Pick::Square(sq));
        }
        let area = layout.seats[me]?;
        let hand = table.game.position().hand(me);
        board::hand_slots(area.hand, hand, area.capacity)
            .into_iter()
            .find(|(_, r)| r.contains(p))
            .map(|(k, _)| Pick::Hand(k))
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

    #[allow(clippy::too_many_arguments)]
    fn draw_seat(
        &self,
        ui: &Ui,
        table: &Table,
        hand: &yonin_core::Hand,
        seat: Seat,
        area: &SeatArea,
        g: &BoardGeom,
        style: &SeatStyle,
        now: f64,
    ) {
        let pos = table.game.position();
        let live = pos.is_live(seat);
        let color = style.color(seat);
        let to_move = table.to_move() == Some(seat);
        let r = area.plate;
        // Plate: lit in the seat's colour when it is to move, dimmed otherwise.
        let fill = if to_move {
            theme::mix(theme::palette().panel, color, 0.28)
        } else if !live {
            theme::mix(theme::palette().panel, theme::palette().background, 0.6)
        } else {
            theme::palette().panel
        };
        rounded_rect(r, 8.0, fill);
        if to_move {
            rounded_outline(r, 8.0, 3.0, color);
        }
        if let (Some(t0), true) = (self.pulse_at, Some(seat) == table.me) {
            let t = (now - t0) as f32;
            if (0.0..0.7).contains(&t) {
                redraw::soon();
                let grow = t * 14.0;
                let rr = Rect::new(r.x - grow, r.y - grow, r.w + 2.0 * grow, r.h + 2.0 * grow);
                rounded_outline(rr, 10.0, 3.0, theme::alpha(color, 1.0 - t / 0.7));
            }
        }
        // Three rows: seat chip and name; clock (or state); a small line of state.
        let pad = (r.h * 0.07).clamp(3.0, 10.0);
        let inner_h = r.h - 2.0 * pad;
        let (ra, rb) = (inner_h * 0.32, inner_h * 0.40);
        let rc = inner_h - ra - rb;
        let (ya, yb, yc) = (
            r.y + pad + ra / 2.0,
            r.y + pad + ra + rb / 2.0,
            r.y + pad + ra + rb + rc / 2.0,
        );
        // The seat chip: colour and arrow (or ▲/△ in standard shogi).
        let chip = Rect::new(r.x + pad, ya - ra * 0.45, ra * 0.9, ra * 0.9);
        rounded_rect(
            chip,
            4.0,
            if live {
                color
            } else {
                theme::palette().text_dim
            },
        );
        let mark = match table.variant() {
            Variant::Standard => {
                if seat == Seat::South {
                    "▲"
                } else {
                    "△"
                }
            }
            Variant::Yonin => arrow_str(seat),
        };
        ui.text_centered(
            mark,
            chip.center(),
            chip.h * 0.75,
            theme::palette().background,
        );
        let mut name = table.name(seat);
        if Some(seat) == table.me && !table.passed_around() {
            name = format!("{name}{}", tr(Text::YouSuffix));
        }
        let name_x = chip.x + chip.w + pad;
        let (name, size) = fit_text(ui, &name, r.x + r.w - pad - name_x, ra * 0.78);
        ui.text_mid(
            &name,
            name_x,
            ya,
            size,
            if live {
                theme::palette().text
            } else {
                theme::palette().text_dim
            },
        );

        // Clock, or the seat's state when there is none.
        let status = self.seat_status(table, seat, now);
        let clock = table
            .clock_now(seat, now)
            .filter(|_| table.time_control != TimeControl::None);
        match clock {
            Some(c) => {
                let (big, sub) = clock_text(&c, table.time_control);
                let running = table.clocks.running == Some(seat) && to_move;
                if running {
                    // Drawn again when the shown figure changes (tenths under ten seconds).
                    let left = if c.main_ms > 0 {
                        c.main_ms
                    } else {
                        c.period_ms
                    };
                    let step = if left < 10_000 { 0.1 } else { 1.0 };
                    redraw::at(redraw::next_tick(now, left as f64 / 1000.0, step));
                }
                let low = c.main_ms < 10_000 && (c.main_ms > 0 || c.period_ms < 10_000);
                let clock_color = match (running, low) {
                    (true, true) => Color::new(1.0, 0.4, 0.35, 1.0),
                    (true, false) => theme::mix(color, WHITE, 0.3),
                    _ => theme::palette().text_dim,
                };
                let big_size = (rb * 0.95).min(r.w * 0.24);
                let w = ui.text_mid(&big, r.x + pad, yb, big_size, clock_color);
                // The clock's other figures, each with its name.
                let mut small = match table.time_control {
                    _ if sub.is_empty() => sub,
                    TimeControl::Byoyomi { .. } => trf(Text::ClockByoyomi, &[&sub]),
                    TimeControl::Fischer { .. } => trf(Text::ClockIncrement, &[&sub]),
                    TimeControl::None => sub,
                };
                if running {
                    // Time spent on the current move, in whole seconds.
                    let spent_s = (now - table.turn_started).max(0.0);
                    redraw::at(redraw::next_tick(now, -spent_s, 1.0));
                    let spent = trf(Text::ClockThisMove, &[&format_spent(spent_s)]);
                    small = if small.is_empty() {
                        spent
                    } else {
                        format!("{small} · {spent}")
                    };
                }
                // Beside the clock when it fits at a readable size, else on the state's line
                // when that is free.
                let small_size = (rb * 0.42).max(crate::view::ui::MIN_READABLE_PX);
                let beside = r.w - w - 3.0 * pad;
                let own_line = status.is_empty() && ui.measure(&small, small_size).width > beside;
                if own_line {
                    let (t, s) = fit_text(ui, &small, r.w - 2.0 * pad, small_size);
                    ui.text_mid(&t, r.x + pad, yc, s, theme::palette().text_dim);
                } else if !small.is_empty() {
                    let (t, s) = fit_text(ui, &small, beside, small_size);
                    ui.text_mid(
                        &t,
                        r.x + 2.0 * pad + w,
                        yb + rb * 0.12,
                        s,
                        theme::palette().text_dim,
                    );
                }
                if !status.is_empty() {
                    let (t, s) = fit_text(ui, &status, r.w - 2.0 * pad, rc * 0.85);
                    ui.text_mid(&t, r.x + pad, yc, s, status_color(table, seat));
                }
            }
            None => {
                let text = if status.is_empty() && to_move {
                    tr(Text::ToMove).to_string()
                } else {
                    status
                };
                let (t, s) = fit_text(ui, &text, r.w - 2.0 * pad, rb * 0.62);
                ui.text_mid(&t, r.x + pad, yb, s, status_color(table, seat));
            }
        }

        // The hand tray, pointing the owner's way; sealed (crossed out) once eliminated.
        let angle = facing_angle(g.viewer, seat);
        let picked = match self.pick {
            Some(Pick::Hand(k)) if Some(seat) == table.me => Some(k),
            _ => None,
        };
        draw_hand(
            ui,
            area.hand,
            seat,
            hand,
            area.capacity,
            angle,
            !live,
            picked,
            style,
        );
    }

    /// A short word on a seat's plate: check order, place, connection.
    fn seat_status(&self, table: &Table, seat: Seat, now: f64) -> String {
        let pos = table.game.position();
        if table.variant() == Variant::Standard {
            if let Some(o) = &table.outcome {
                return match o.place_of(seat) {
                    _ if o.is_draw() => tr(Text::PlateDraw).into(),
                    Some(1) => tr(Text::PlateWins).into(),
                    _ => tr(Text::PlateLoses).into(),
                };
            }
        } else if !pos.is_live(seat) || table.is_over() {
            if let Some(place) = table.place_of(seat) {
                return trf(Text::PlacePlace, &[&ordinal(place)]);
            }
        }
        if let Some(i) = table.check_order.iter().position(|&s| s == seat) {
            return if table.check_order.len() > 1 {
                trf(Text::InCheckN, &[&ordinal(i + 1)])
            } else {
                tr(Text::InCheck).to_string()
            };
        }
        if table.pending_resignations.contains(&seat) {
            return tr(Text::ResignsOnTurn).into();
        }
        if let Some(s) = crate::state::reconnect::plate_status(table, seat, now) {
            return s;
        }
        if table.game.draw_offer() == Some(seat) {
            return tr(Text::OffersDraw).into();
        }
        String::new()
    }

    fn draw_record(
        &mut self,
        ui: &Ui,
        table: &Table,
        layout: &Layout,
        style: &SeatStyle,
        opts: &ViewOptions,
    ) {
        let r = layout.record;
        let pad = layout.unit * 0.6;
        let head = layout.unit * 1.0;
        ui.titled_panel(r, tr(Text::RecordTitle), pad, head);
        // Copy the record (Japanese or USI, as shown) to the clipboard.
        if !table.record.is_empty() {
            let now = ui.input.time;
            let label = if let Some(t) = self.copied_at.filter(|t| now - t < 1.5) {
                redraw::at(t + 1.5);
                tr(Text::Copied)
            } else {
                tr(Text::Copy)
            };
            let bw = layout.unit * 3.6;
            let b = Rect::new(r.x + r.w - pad - bw, r.y + pad * 0.6, bw, head * 1.3);
            if ui.button(b, label) {
                macroquad::miniquad::window::clipboard_set(&table.record_text(opts.usi_record));
                self.copied_at = Some(now);
            }
        }
        let row_h = layout.unit * 1.35;
        let top = r.y + pad * 1.5 + head;
        let bottom = if table.outcome.is_some() {
            r.y + r.h - pad - row_h
        } else {
            r.y + r.h - pad
        };
        let rows = ((bottom - top) / row_h).floor().max(1.0) as usize;
        // As many columns as fit; standard records keep ▲ and △ of a move pair on one line.
        let col_min = layout.unit * if table.four_seats() { 10.5 } else { 4.8 };
        let fit_cols = ((r.w - 2.0 * pad - row_h * 1.7) / col_min).floor().max(1.0) as usize;
        let per_row = if table.four_seats() || fit_cols < 2 {
            fit_cols.min(4)
        } else {
            (fit_cols / 2 * 2).min(4)
        };
        let lines: Vec<&[crate::state::table::RecordLine]> = table.record.chunks(per_row).collect();
        let n = lines.len();
        let max_first = n.saturating_sub(rows);
        if ui.hovered(r) && ui.input.wheel != 0.0 {
            let cur = self.record_scroll.unwrap_or(max_first);
            let next = if ui.input.wheel > 0.0 {
                cur.saturating_sub(2)
            } else {
                (cur + 2).min(max_first)
            };
            self.record_scroll = (next < max_first).then_some(next);
        }
        let first = self.record_scroll.unwrap_or(max_first).min(max_first);
        let num_w = row_h * 1.7;
        let col_w = (r.w - 2.0 * pad - num_w) / per_row as f32;
        for (i, entries) in lines.iter().enumerate().skip(first).take(rows) {
            let y = top + (i - first) as f32 * row_h + row_h * 0.5;
            let num = format!("{:>3}", entries[0].ply);
            ui.text_mid(&num, r.x + pad, y, row_h * 0.6, theme::palette().text_dim);
            for (k, line) in entries.iter().enumerate() {
                let chip_x = r.x + pad + num_w + k as f32 * col_w;
                draw_rectangle(
                    chip_x,
                    y - row_h * 0.3,
                    row_h * 0.18,
                    row_h * 0.6,
                    style.color(line.seat),
                );
                let text = if opts.usi_record {
                    &line.usi
                } else {
                    &line.japanese
                };
                let size = fit(ui, text, col_w - row_h * 0.9, row_h * 0.72);
                ui.text_mid(text, chip_x + row_h * 0.4, y, size, theme::palette().text);
            }
        }
        if let Some(o) = &table.outcome {
            let text = crate::i18n::words::outcome_line(o, table.variant());
            let y = r.y + r.h - pad - row_h * 0.3;
            let s = fit(ui, &text, r.w - 2.0 * pad, row_h * 0.6);
            ui.text_mid(&text, r.x + pad, y, s, theme::ACCENT);
        }
    }

    fn draw_actions(
        &mut self,
        ui: &Ui,
        table: &Table,
        layout: &Layout,
        can_hurry: bool,
        intents: &mut Vec<Intent>,
    ) {
        let r = layout.actions;
        let gap = layout.unit * 0.4;
        let bh = (layout.unit * 2.1).min((r.h - 2.0 * gap) / 3.0).max(16.0);
        let buttons = action_buttons(table, self.confirm_resign, can_hurry);
        // Two columns when the panel is wide enough and there are many buttons.
        let cols = if buttons.len() > 3 && r.w > layout.unit * 14.0 {
            2
        } else {
            1
        };
        let bw = (r.w - gap * (cols as f32 - 1.0)) / cols as f32;
        for (i, (label, intent, accent)) in buttons.iter().enumerate() {
            let (c, row) = (i % cols, i / cols);
            let b = Rect::new(
                r.x + c as f32 * (bw + gap),
                r.y + row as f32 * (bh + gap),
                bw,
                bh,
            );
            if b.y + b.h > r.y + r.h + 1.0 {
                break;
            }
            if ui.button_styled(b, label, true, *accent) {
                if *intent == Intent::Resign && !self.confirm_resign {
                    self.confirm_resign = true;
                    continue;
                }
                self.confirm_resign = false;
                intents.push(*intent);
            }
        }
        // Both kings entered: the points JSA's adjudication by agreement goes by, under the
        // buttons (a draw offer then means "24 or more each: a draw").
        if let Some(line) = impasse_points_line(table) {
            let rows = buttons.len().div_ceil(cols);
            let y = r.y + rows as f32 * (bh + gap) + bh * 0.35;
            if y + bh * 0.3 < r.y + r.h {
                let s = fit(ui, &line, r.w, bh * 0.42);
                ui.text_mid(&line, r.x, y, s, theme::palette().text);
            }
        }
        if ui.input.pressed && self.confirm_resign {
            // Any click elsewhere cancels the confirmation.
            let first = Rect::new(r.x, r.y, bw, bh);
            if !first.contains(ui.input.mouse) {
                self.confirm_resign = false;
            }
        }
    }

    fn draw_promotion(
        &self,
        ui: &Ui,
        table: &Table,
        g: &BoardGeom,
        plain: Move,
        style: &SeatStyle,
    ) {
        let pos = table.game.position();
        let Some(from) = plain.from() else { return };
        let Some(piece) = pos.piece_at(from) else {
            return;
        };
        let (a, b) = promotion_rects(g, plain.to());
        let label_h = g.cell * 0.42;
        let bg = Rect::new(a.x - 6.0, a.y - 6.0, a.w + b.w + 12.0, a.h + 12.0 + label_h);
        draw_rectangle(
            g.outer.x,
            g.outer.y,
            g.outer.w,
            g.outer.h,
            Color::new(0.0, 0.0, 0.0, 0.25),
        );
        rounded_rect(bg, 8.0, theme::palette().panel);
        rounded_outline(bg, 8.0, 2.0, theme::ACCENT);
        let angle = facing_angle(g.viewer, piece.facing());
        for (r, kind, label) in [
            (a, piece.kind().promoted(), tr(Text::Promote)),
            (b, piece.kind(), tr(Text::Keep)),
        ] {
            let hit = Rect::new(r.x, r.y, r.w, r.h + label_h);
            if ui.hovered(hit) {
                rounded_rect(hit, 6.0, theme::palette().panel_light);
            }
            board::draw_styled_piece(
                ui,
                r.center(),
                g.cell * 0.95,
                angle,
                kind,
                false,
                style.pieces,
                board::PieceLook::live(kind, style.color(piece.owner())),
                true,
            );
            let size = fit(ui, label, r.w - 4.0, g.cell * 0.24);
            ui.text_centered(
                label,
                vec2(r.center().x, r.y + r.h + label_h * 0.4),
                size,
                theme::palette().text,
            );
        }
    }
}

/// The keyboard: `shortcuts` says what a key means, `keyboard` keeps the typed line and the
/// overlays; the effects on the pick, the promotion question and the resign button are here.
impl GameView {
    fn key_view(&self) -> crate::input::keyboard::ViewState {
        crate::input::keyboard::ViewState {
            chat_focused: self.chat.focused,
            picked: self.pick.is_some(),
            promotion_open: self.promotion.is_some(),
            resign_asked: self.confirm_resign,
        }
    }

    /// Does the view use Esc now (to cancel something) rather than let the screen leave?
    pub fn takes_escape(&self) -> bool {
        self.keys.takes_escape(&self.key_view())
    }

    /// Is Enter free for the chat (nothing typed, nothing waiting for it)?
    pub fn enter_free(&self) -> bool {
        self.keys.enter_free(&self.key_view())
    }

    /// Types `text` and, with `submit`, presses Enter, as the keyboard would (scenarios and
    /// tests); returns the intents.
    pub fn type_move(&mut self, table: &Table, text: &str, submit: bool) -> Vec<Intent> {
        use crate::input::shortcuts::Key;
        let mut keys: Vec<Key> = text.chars().map(Key::Char).collect();
        if submit {
            keys.push(Key::Enter);
        }
        let mut intents = Vec::new();
        self.apply_keys(&keys, table, &ViewOptions::default(), 0.0, &mut intents);
        intents
    }

    /// Opens the shortcut help as ? would (scenarios).
    pub fn show_help(&mut self) {
        self.keys.help_open = true;
    }

    fn keyboard(
        &mut self,
        ui: &Ui,
        table: &Table,
        opts: &ViewOptions,
        now: f64,
        intents: &mut Vec<Intent>,
    ) {
        let keys = crate::input::shortcuts::read_keys(ui.input);
        if !keys.is_empty() {
            self.apply_keys(&keys, table, opts, now, intents);
        }
    }

    fn apply_keys(
        &mut self,
        keys: &[crate::input::shortcuts::Key],
        table: &Table,
        opts: &ViewOptions,
        now: f64,
        intents: &mut Vec<Intent>,
    ) {
        use crate::input::keyboard::Effect;
        for effect in self.keys.handle(keys, table, self.key_view(), now) {
            match effect {
                Effect::Intent(i) => intents.push(i),
                Effect::Choose(c) if table.my_turn() => {
                    self.resolve(c, opts.confirm_moves, intents)
                }
                Effect::Choose(_) => intents.push(Intent::Refused),
                Effect::ClearPick => {
                    self.pick = None;
                    self.drag = None;
                    self.promotion = None;
                }
                Effect::Promote(yes) => {
                    if let Some((plain, promoted)) = self.promotion {
                        self.clear_pick();
                        let m = if yes { promoted } else { plain };
                        intents.extend(self.keys.commit(m, opts.confirm_moves));
                    }
                }
                Effect::ResignAsked(b) => self.confirm_resign = b,
            }
        }
    }
}

/// The two choice boxes of the promotion question (promoted first), next to the destination.
fn promotion_rects(g: &BoardGeom, to: Square) -> (Rect, Rect) {
    let c = g.square_rect(to);
    let s = g.cell * 1.1;
    let mut x = c.x + c.w / 2.0 - s;
    // Above the destination (room for the labels under the pieces), or below it.
    let mut y = c.y - s - g.cell * 0.42 - 12.0;
    if y < g.grid.y {
        y = c.y + c.h + 8.0;
    }
    x = x.clamp(g.grid.x, g.grid.x + g.grid.w - 2.0 * s);
    (Rect::new(x, y, s, s), Rect::new(x + s, y, s, s))
}

fn draw_banner(ui: &Ui, r: Rect, text: &str) {
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

fn status_color(table: &Table, seat: Seat) -> Color {
    if table.check_order.contains(&seat) {
        Color::new(1.0, 0.45, 0.4, 1.0)
    } else {
        theme::palette().text_dim
    }
}

pub fn arrow_str(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "↑",
        Seat::West => "→",
        Seat::North => "↓",
        Seat::East => "←",
    }
}

pub fn ordinal(n: usize) -> String {
    crate::i18n::ordinal(n)
}

/// "Both kings entered — points ▲ 26 · △ 22 (24 each: a draw)" while both kings of a standard
/// game stand in the enemy zones and the game goes on.
fn impasse_points_line(table: &Table) -> Option<String> {
    if table.is_over() {
        return None;
    }
    let (sente, gote) = yonin_core::impasse::mutual_entry_points(table.game.position())?;
    Some(trf(Text::ImpassePoints, &[&sente, &gote]))
}

/// The game's buttons beside the board, in order: label, what a click asks, accent colour.
fn action_buttons(
    table: &Table,
    confirm_resign: bool,
    can_hurry: bool,
) -> Vec<(&'static str, Intent, Option<Color>)> {
    let out = table
        .me
        .is_some_and(|me| table.game.position().dead().any(|s| s == me));
    let playing = table.me.is_some() && !table.is_over() && !out;
    let mut buttons: Vec<(&str, Intent, Option<Color>)> = Vec::new();
    if out && !table.is_over() && can_hurry {
        buttons.push((
            tr(Text::SkipToResult),
            Intent::SkipToResult,
            Some(theme::ACCENT),
        ));
    }
    if playing {
        let me = table.viewer();
        if confirm_resign {
            buttons.push((
                tr(Text::ReallyResign),
                Intent::Resign,
                Some(theme::CHECK_GLOW),
            ));
        } else {
            buttons.push((tr(Text::Resign), Intent::Resign, None));
        }
        if table.variant() == Variant::Standard {
            match table.game.draw_offer() {
                Some(_) if table.game.check_accept_draw(me).is_ok() => {
                    buttons.push((
                        tr(Text::AcceptDraw),
                        Intent::AcceptDraw,
                        Some(theme::ACCENT),
                    ));
                    buttons.push((tr(Text::DeclineDraw), Intent::DeclineDraw, None));
                }
                Some(_) => {}
                None => buttons.push((tr(Text::OfferDraw), Intent::OfferDraw, None)),
            }
            if table.impasse_available() {
                buttons.push((
                    tr(Text::DeclareImpasse),
                    Intent::DeclareImpasse,
                    Some(theme::ACCENT),
                ));
            }
            if table.game.check_claim_win(me).is_ok() {
                buttons.push((tr(Text::ClaimWin), Intent::ClaimWin, Some(theme::ACCENT)));
            }
        }
    }
    if table.is_over() && table.outcome.is_some() {
        buttons.push((
            tr(Text::ShowResult),
            Intent::ShowResult,
            Some(theme::ACCENT),
        ));
    }
    buttons.push((tr(Text::MenuRules), Intent::ShowRules, None));
    buttons
}

#[cfg(test)]
mod tests {
    use super::*;
    use yonin_core::{Game, RuleSet, Seat};

    #[test]
    fn the_impasse_points_show_when_both_kings_have_entered() {
        let rules = RuleSet::standard();
        let pos = yonin_core::setup::Setup::parse(
            yonin_core::Variant::Standard,
            "K8/4+R4/9/9/9/9/9/9/8k b R2Pb 1",
        )
        .unwrap()
        .into_position(&rules)
        .unwrap();
        let t = Table::from_game(Game::from_position(rules, pos), Some(Seat::South), 0.0);
        let line = impasse_points_line(&t).expect("both kings entered");
        // In any language: Sente's 12 points before Gote's 5.
        let (a, b) = (line.find("12"), line.rfind('5'));
        assert!(a.is_some() && b.is_some() && a < b, "{line}");
        let start = Table::from_game(Game::new(rules), Some(Seat::South), 0.0);
        assert_eq!(impasse_points_line(&start), None);
    }

    #[test]
    fn a_finished_game_offers_its_result_again() {
        let mut t = Table::from_game(Game::new(RuleSet::yonin()), Some(Seat::South), 0.0);
        let intents = |t: &Table| -> Vec<Intent> {
            action_buttons(t, false, true).iter().map(|b| b.1).collect()
        };
        assert!(!intents(&t).contains(&Intent::ShowResult));
        t.finish(
            yonin_core::outcome::Outcome::win(
                Seat::North,
                Seat::South,
                yonin_core::outcome::EndReason::Resignation,
            ),
            String::new(),
        );
        assert_eq!(intents(&t), vec![Intent::ShowResult, Intent::ShowRules]);
    }
}
