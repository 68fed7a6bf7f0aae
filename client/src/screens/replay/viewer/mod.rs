//! The replay viewer: steps through one game (buttons; ←/→ one move, PgUp/PgDn ten, Home/End;
//! the mouse wheel over the board; a click on a record line), seen from any seat, with the
//! whole record beside it (the current move lit) and the result at the end; saves the game
//! as a record file in the games folder; and reviews it with the engine (`review`).

mod panels;

pub use panels::review_panel;
use panels::{review_split, viewer_layout};
use yonin_core::ReplayError;

use crate::i18n::{tr, trf, Text};
use crate::screens::replay::export;
use crate::screens::replay::nav::{self, Step, PAGE};
use crate::screens::replay::review::{self, ReviewJob};
use crate::screens::{draw_toast, Ctx, Screen, Transition};
use crate::state::settings::SavedGame;
use crate::state::table::{RecordLine, Table};
use crate::view::game::GameView;
use crate::view::theme;
use macroquad::prelude::*;
use yonin_core::bot::review::ReviewOptions;
use yonin_core::protocol::{Occupant, PlayerId, PlayerRef, SeatInfo};
use yonin_core::record::RecordFormat;
use yonin_core::{Game, Seat, Variant};

/// How long a toast stays, in seconds.
const TOAST_SECS: f64 = 5.0;

/// Steps through one saved game.
pub struct ReplayViewer {
    saved: SavedGame,
    /// The game with every action applied (or the error that stopped it).
    full: Result<Game, ReplayError>,
    /// The record of the whole game (the panel shows every line).
    lines: Vec<RecordLine>,
    /// How many actions are shown applied.
    at: usize,
    /// The seat at the bottom of the board.
    seat: Seat,
    table: Option<Table>,
    /// The cursor and seat the table was built for.
    built: (usize, Seat),
    view: GameView,
    /// First record row shown.
    record_first: usize,
    /// Scroll the record to the current move on the next frame.
    follow: bool,
    /// A message after saving: text, error, when.
    toast: Option<(String, bool, f64)>,
    copied_at: Option<f64>,
    /// The engine's review, once asked for.
    review: Option<ReviewJob>,
    /// The position before the current move (for the review's better line), and its move.
    before: Option<(usize, yonin_core::Position)>,
}

impl ReplayViewer {
    /// Opens at the end of the game, from the player's own seat (South for others' games).
    pub fn new(saved: SavedGame) -> ReplayViewer {
        let full = saved.replay();
        let lines = match saved.table_at(saved.actions.len(), 0.0) {
            Ok(t) => t.record,
            Err(_) => Vec::new(),
        };
        let at = saved.actions.len();
        let seat = saved.me.unwrap_or(Seat::South);
        ReplayViewer {
            saved,
            full,
            lines,
            at,
            seat,
            table: None,
            built: (at, seat),
            view: GameView::new(),
            record_first: 0,
            follow: true,
            toast: None,
            copied_at: None,
            review: None,
            before: None,
        }
    }

    /// Starts the engine's review of the game (200 ms a position, every core).
    pub(crate) fn start_review(&mut self) {
        self.start_review_with(ReviewOptions::default());
    }

    /// Starts the review with these options (tests: a shorter time).
    pub fn start_review_with(&mut self, options: ReviewOptions) {
        self.review = Some(match export::to_record(&self.saved) {
            Ok(record) => ReviewJob::start(record, options),
            Err(e) => ReviewJob::failed(e.to_string()),
        });
    }

    /// The same viewer with a finished review (scenes).
    pub(crate) fn with_review(mut self, job: ReviewJob) -> ReplayViewer {
        self.review = Some(job);
        self
    }

    /// The review, if one was started.
    pub fn review(&mut self) -> Option<&mut ReviewJob> {
        self.review.as_mut()
    }

    /// The position before move `n` (1-based), kept while the cursor stays on that move.
    fn position_before(&mut self, n: usize) -> Option<&yonin_core::Position> {
        if n == 0 {
            return None;
        }
        if self.before.as_ref().map(|(k, _)| *k) != Some(n) {
            let at = nav::go(&self.saved.actions, 0, Step::ToMove(n - 1));
            let pos = self.saved.table_at(at, 0.0).ok()?.game.position().clone();
            self.before = Some((n, pos));
        }
        self.before.as_ref().map(|(_, p)| p)
    }

    /// The same viewer seen from `seat` (scenarios, tests).
    pub fn from_seat(mut self, seat: Seat) -> ReplayViewer {
        self.seat = seat;
        self
    }

    /// The same viewer right after move `m` (scenarios, tests).
    pub(crate) fn at_move(mut self, m: usize) -> ReplayViewer {
        self.at = nav::go(&self.saved.actions, self.at, Step::ToMove(m));
        self
    }

    /// How many actions are shown applied.
    pub fn cursor(&self) -> usize {
        self.at
    }

    /// The seats of the game, in turn order from South.
    fn seats(&self) -> Vec<Seat> {
        match self.saved.rules.variant {
            Variant::Standard => vec![Seat::South, Seat::North],
            Variant::Yonin => Seat::ALL.to_vec(),
        }
    }

    fn build(&self, now: f64) -> Option<Table> {
        let mut t = self.saved.table_at(self.at, now).ok()?;
        t.view_from = Some(self.seat);
        t.seats = self
            .saved
            .names
            .iter()
            .map(|(s, n)| SeatInfo {
                seat: *s,
                occupant: Occupant::Person(PlayerRef {
                    id: PlayerId(0),
                    name: n.clone(),
                }),
                connected: true,
                grace_ms: None,
                stand_in: self
                    .saved
                    .stand_ins
                    .iter()
                    .find(|(seat, _)| seat == s)
                    .map(|(_, level)| *level),
            })
            .collect();
        t.learn_people();
        if self.at == self.saved.actions.len() && t.outcome.is_none() {
            t.outcome = self.saved.outcome.clone();
        }
        // The viewer draws the whole record itself.
        t.record.clear();
        Some(t)
    }

    fn go(&mut self, step: Step) {
        let next = nav::go(&self.saved.actions, self.at, step);
        if next != self.at {
            self.at = next;
            self.follow = true;
        }
    }

    /// Keys: arrows, Page Up/Down, Home/End, R turns the board to the next seat.
    fn keys(&mut self, ctx: &Ctx) {
        let i = &ctx.input;
        let steps = [
            (i.left, Step::Back(1)),
            (i.right, Step::Forward(1)),
            (i.page_up, Step::Back(PAGE)),
            (i.page_down, Step::Forward(PAGE)),
            (i.home, Step::First),
            (i.end, Step::Last),
        ];
        for (pressed, step) in steps {
            if pressed {
                self.go(step);
            }
        }
        if i.chars.iter().any(|c| matches!(c, 'f' | 'F')) {
            self.turn_board();
        }
    }

    /// The next seat clockwise at the bottom.
    fn turn_board(&mut self) {
        let seats = self.seats();
        let i = seats.iter().position(|s| *s == self.seat).unwrap_or(0);
        self.seat = seats[(i + 1) % seats.len()];
    }

    fn export(&mut self, format: RecordFormat, now: f64) {
        self.toast = Some(match export::write(&self.saved, format) {
            Ok(path) => (trf(Text::SavedTo, &[&path.display()]), false, now),
            Err(e) => (trf(Text::ExportFailed, &[&e]), true, now),
        });
    }
}

impl Screen for ReplayViewer {
    fn frame(&mut self, ctx: &mut Ctx) -> Transition {
        if ctx.input.escape {
            return Transition::Pop;
        }
        self.keys(ctx);
        let ui = ctx.ui();
        let u = ui.unit;
        if let Err(e) = &self.full {
            ui.title(tr(Text::MenuReplay));
            ui.paragraph(
                &trf(Text::ReplayUnreadable, &[&e.to_string()]),
                u * 1.5,
                u * 7.0,
                screen_width() - u * 3.0,
                u,
                theme::CHECK_GLOW,
            );
            return Transition::Stay;
        }
        let (layout, rows) = viewer_layout(
            screen_width(),
            screen_height(),
            self.seat,
            self.saved.rules.variant == Variant::Yonin,
        );
        // The wheel over the board steps through the game.
        if ui.input.wheel != 0.0 && layout.board.outer.contains(ui.input.mouse) {
            self.go(if ui.input.wheel > 0.0 {
                Step::Back(1)
            } else {
                Step::Forward(1)
            });
        }
        if self.table.is_none() || self.built != (self.at, self.seat) {
            self.built = (self.at, self.seat);
            self.table = self.build(ctx.now);
        }
        let Some(table) = self.table.take() else {
            return Transition::Stay;
        };
        let opts = ctx.view_options(false);
        self.view.frame(&ui, &table, &opts, ctx.now);
        let four = table.four_seats();
        let current = nav::moves_before(&self.saved.actions, self.at);
        let mut record_layout = layout.clone();
        let panel = self
            .review
            .is_some()
            .then(|| review_split(&mut record_layout));
        if let Some(ply) = self.draw_record(&ui, &record_layout, four, opts.usi_record) {
            self.go(Step::ToMove(ply));
        }
        if let Some(job) = self.review.as_mut() {
            job.update();
        }
        if let Some(panel) = panel {
            let marked = self
                .review
                .as_ref()
                .is_some_and(|j| j.mark(current).is_some());
            let before = if marked {
                self.position_before(current).cloned()
            } else {
                None
            };
            if let Some(job) = &self.review {
                review::draw_better_arrow(&layout.board, job, current);
                let usi = opts.usi_record;
                if let Some(n) = review::draw_panel(&ui, panel, job, current, before.as_ref(), usi)
                {
                    self.go(Step::ToMove(n));
                }
            }
        }
        self.draw_controls(&ui, &layout, rows, &table, ctx.now);
        if let Some((text, error, at)) = &self.toast {
            if ctx.now - at < TOAST_SECS {
                crate::redraw::at(at + TOAST_SECS);
                draw_toast(&ui, text, *error);
            }
        }
        // Rebuilt next frame if a step or a seat button changed what to show.
        self.table = Some(table);
        Transition::Stay
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use panels::button_rects;
    use yonin_core::record::stored::{StoredGame, StoredPlayer, StoredSeat};
    use yonin_core::{Action, TimeControl};
    use yonin_core::{Move, RuleSet, Variant};

    /// A Yonin game in which South resigns after 8 moves and the others play 100 more
    /// (random legal moves from a fixed seed), then West and East resign.
    fn resigned_yonin_game() -> SavedGame {
        let rules = RuleSet::yonin();
        let mut game = Game::new(rules);
        let mut actions = Vec::new();
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut moves = 0;
        while moves < 108 && !game.is_over() {
            if moves == 8 && game.position().is_live(Seat::South) {
                let resign = Action::Resign { seat: Seat::South };
                resign.apply(&mut game).unwrap();
                actions.push(resign);
            }
            let legal = game.position().legal_moves();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mv = legal.as_slice()[(x % legal.len() as u64) as usize];
            let action = Action::Move {
                seat: game.to_move(),
                mv,
                millis: None,
            };
            action.apply(&mut game).unwrap();
            actions.push(action);
            moves += 1;
        }
        for seat in [Seat::West, Seat::East] {
            if !game.is_over() && game.position().is_live(seat) {
                let resign = Action::Resign { seat };
                resign.apply(&mut game).unwrap();
                actions.push(resign);
            }
        }
        SavedGame {
            title: "resigned".into(),
            named: true,
            ended: 1_796_011_546,
            rules,
            start: yonin_core::record::position_text(game.start()),
            actions,
            names: Seat::ALL
                .iter()
                .map(|s| (*s, s.name().to_string()))
                .collect(),
            me: Some(Seat::South),
            outcome: game.outcome().cloned(),
            stand_ins: Vec::new(),
        }
    }

    /// The viewer of `saved` lists every move of `moves` with its mover, and each cursor's
    /// arrow is the last mover's.
    fn replays_every_move(saved: &SavedGame, moves: &[(Seat, Move)], from: &str) {
        let v = ReplayViewer::new(saved.clone());
        assert_eq!(v.lines.len(), moves.len(), "{from}: every move is listed");
        for (k, (line, (seat, _))) in v.lines.iter().zip(moves).enumerate() {
            assert_eq!(line.seat, *seat, "{from}: the mover of line {}", k + 1);
        }
        for m in [8, 9, 40, moves.len()] {
            let at = ReplayViewer::new(saved.clone()).at_move(m);
            let t = at.build(0.0).expect("the position builds");
            assert_eq!(t.game.moves().len(), m, "{from}: at move {m}");
            let (seat, mv) = moves[m - 1];
            assert_eq!(t.last_mover, Some(seat), "{from}: the arrow at move {m}");
            assert_eq!(
                t.last_moves[seat].map(|(mv, _)| mv),
                Some(mv),
                "{from}: move {m}"
            );
        }
    }

    #[test]
    fn a_yonin_resignation_between_moves_keeps_every_move_from_every_source() {
        let saved = resigned_yonin_game();
        let moves: Vec<(Seat, Move)> = saved
            .actions
            .iter()
            .filter_map(|a| match a {
                Action::Move { seat, mv, .. } => Some((*seat, *mv)),
                _ => None,
            })
            .collect();
        assert!(moves.len() > 40 && saved.actions.len() > moves.len());
        replays_every_move(&saved, &moves, "this computer");

        let stored = StoredGame {
            rules: saved.rules,
            time_control: TimeControl::None,
            room_name: saved.title.clone(),
            start: saved.start.clone(),
            seats: Seat::ALL
                .iter()
                .map(|s| StoredSeat {
                    seat: *s,
                    player: StoredPlayer::Person {
                        name: s.name().into(),
                    },
                    stand_in: None,
                })
                .collect(),
            actions: saved.actions.clone(),
            outcome: saved.outcome.clone().expect("the game ended"),
            started_ms: 0,
            ended_ms: 0,
            imported: false,
        };
        replays_every_move(
            &super::super::source::from_stored(&stored),
            &moves,
            "a server",
        );

        for format in export::formats(Variant::Yonin) {
            let text = export::text(&saved, *format).expect("exported");
            let back = super::super::source::import_bytes(text.as_bytes(), Some(*format), "f")
                .unwrap_or_else(|e| panic!("{format:?}: {e}"));
            replays_every_move(&back, &moves, &format!("{format:?}"));
        }
    }

    #[test]
    fn the_table_shows_the_cursor_from_the_chosen_seat() {
        let game = crate::scenes::replay::yonin_game().unwrap();
        let n = game.actions.len();
        let v = ReplayViewer::new(game).from_seat(Seat::East).at_move(30);
        let t = v.build(0.0).unwrap();
        assert_eq!(t.game.moves().len(), 30);
        // East at the bottom, but West is still the player ("you").
        assert_eq!(t.viewer(), Seat::East);
        assert_eq!(t.me, Some(Seat::West));
        assert!(t.outcome.is_none());
        // The viewer draws the whole record itself.
        assert!(t.record.is_empty());
        assert_eq!(v.lines.len(), 50);
        // At the end: every move and the result.
        let end = v.at_move(50);
        assert_eq!(end.cursor(), n);
        let t = end.build(0.0).unwrap();
        assert!(t.outcome.is_some());
    }

    #[test]
    fn yonin_seat_buttons_are_as_large_as_the_save_buttons() {
        for (w, h) in [
            (1280.0, 800.0),
            (960.0, 640.0),
            (1920.0, 1080.0),
            (800.0, 1000.0),
        ] {
            let (layout, rows) = viewer_layout(w, h, Seat::East, true);
            let (seats, saves) = button_rects(&layout, rows, 4, 2);
            assert_eq!(seats.len(), 4);
            for r in &seats {
                assert!(
                    (r.w - saves[0].w).abs() < 0.01,
                    "{w}x{h}: {r:?} vs {:?}",
                    saves[0]
                );
                assert!((r.h - saves[0].h).abs() < 0.01);
                assert!(r.w >= layout.unit * 4.5, "{w}x{h}: {r:?} is narrow");
                assert!(r.y + r.h <= saves[0].y, "{w}x{h}: seats above the save row");
                let g = layout.board.outer;
                assert!(
                    r.y >= g.y + g.h || r.x >= g.x + g.w,
                    "{w}x{h}: {r:?} on the board"
                );
                let rec = layout.record;
                let apart = r.y >= rec.y + rec.h || r.x >= rec.x + rec.w;
                assert!(apart, "{w}x{h}: {r:?} over the record {rec:?}");
            }
            // Two rows of two, apart.
            assert!(seats[0].y < seats[2].y && seats[0].x < seats[1].x);
            assert!(seats[1].x >= seats[0].x + seats[0].w);
            assert!(seats[2].y >= seats[0].y + seats[0].h);
            let a = layout.actions;
            assert!(
                saves[1].y + saves[1].h <= a.y + a.h + 0.5,
                "{w}x{h}: out of the panel"
            );
        }
        // Standard: Sente and Gote side by side in one row.
        let (layout, rows) = viewer_layout(1280.0, 800.0, Seat::South, false);
        let (seats, saves) = button_rects(&layout, rows, 2, 4);
        assert_eq!(seats[0].y, seats[1].y);
        assert!(seats[1].y < saves[0].y);
    }
}
