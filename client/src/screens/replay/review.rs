//! The replay viewer's game review: the engine judges every position on a thread of its own
//! (its progress drawn as a bar), then the evaluation graph along the moves (a click jumps to
//! a move), the `?`/`??` moves, and for a marked move the engine's better move as an arrow on
//! the board with its line above the graph.

use crate::i18n::{trf, Text};
use crate::view::board::BoardGeom;
use crate::view::theme;
use crate::view::ui::{rounded_rect, Ui};
use macroquad::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use yonin_core::bot::review::{self, Mark, Review, ReviewOptions, Reviewer};
use yonin_core::record::game_record::GameRecord;
use yonin_core::{Move, Position, Seat, Variant};

/// What the review thread has done so far.
#[derive(Default)]
struct Shared {
    done: usize,
    total: usize,
    review: Option<Review>,
    error: Option<String>,
}

/// A review running (or finished) on its own thread; dropping it stops the search and
/// waits for the thread (at most one position's search, cut short).
pub struct ReviewJob {
    shared: Arc<Mutex<Shared>>,
    /// Bumped after each position, so the viewer copies the review only when it changed.
    version: Arc<AtomicU64>,
    seen: u64,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    /// The latest copy: positions judged, positions in all, the review so far.
    pub done: usize,
    pub total: usize,
    pub review: Option<Review>,
    pub error: Option<String>,
}

impl ReviewJob {
    /// Starts reviewing `record` with `options`.
    pub fn start(record: GameRecord, options: ReviewOptions) -> ReviewJob {
        let shared = Arc::new(Mutex::new(Shared::default()));
        let version = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let (s, v, halt) = (shared.clone(), version.clone(), stop.clone());
        let spawned = std::thread::Builder::new()
            .name("review".into())
            .spawn(move || run(&record, options, &s, &v, &halt));
        let mut job = ReviewJob {
            shared,
            version,
            seen: 0,
            stop,
            thread: None,
            done: 0,
            total: 0,
            review: None,
            error: None,
        };
        match spawned {
            Ok(handle) => job.thread = Some(handle),
            Err(e) => job.error = Some(e.to_string()),
        }
        job
    }

    /// A review that could not start (the game does not make a record).
    pub fn failed(error: String) -> ReviewJob {
        ReviewJob {
            shared: Arc::default(),
            version: Arc::default(),
            seen: 0,
            stop: Arc::default(),
            thread: None,
            done: 0,
            total: 0,
            review: None,
            error: Some(error),
        }
    }

    /// A finished review (scenes: a picture that does not depend on the engine's timing).
    pub(crate) fn done_with(review: Review) -> ReviewJob {
        let mut job = ReviewJob::failed(String::new());
        job.total = review.judgements.len();
        job.done = job.total;
        job.review = Some(review);
        job.error = None;
        job
    }

    /// Copies what the thread has done since the last call; true when anything changed.
    pub fn update(&mut self) -> bool {
        let v = self.version.load(Ordering::Acquire);
        if v == self.seen {
            return false;
        }
        self.seen = v;
        let Ok(s) = self.shared.lock() else {
            self.error = Some("the review stopped".into());
            return true;
        };
        self.done = s.done;
        self.total = s.total;
        self.review = s.review.clone();
        self.error = s.error.clone();
        true
    }

    /// Every position judged (or the review failed).
    pub fn finished(&self) -> bool {
        self.error.is_some() || (self.total > 0 && self.done == self.total)
    }

    /// The mark of move `n` (1-based), once judged.
    pub fn mark(&self, n: usize) -> Option<Mark> {
        let r = self.review.as_ref()?;
        r.moves.get(n.checked_sub(1)?)?.mark
    }
}

impl Drop for ReviewJob {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Release);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The review thread: one position per step, the review copied out after each.
fn run(
    record: &GameRecord,
    options: ReviewOptions,
    shared: &Mutex<Shared>,
    version: &AtomicU64,
    stop: &Arc<AtomicBool>,
) {
    let publish = |f: &mut dyn FnMut(&mut Shared)| {
        if let Ok(mut s) = shared.lock() {
            f(&mut s);
        }
        version.fetch_add(1, Ordering::AcqRel);
        crate::redraw::poke();
    };
    let mut reviewer = match Reviewer::from_record(record, options) {
        Ok(r) => r,
        Err(e) => return publish(&mut |s| s.error = Some(e.to_string())),
    };
    let total = reviewer.total();
    publish(&mut |s| s.total = total);
    while !stop.load(Ordering::Acquire) && reviewer.step(stop) {
        let (done, review) = (reviewer.done(), reviewer.review());
        publish(&mut |s| {
            s.done = done;
            s.review = Some(review.clone());
        });
    }
}

/// The colours of the marks.
pub fn mark_color(mark: Mark) -> Color {
    match mark {
        Mark::Blunder => Color::new(0.90, 0.20, 0.18, 1.0),
        Mark::Mistake => Color::new(0.95, 0.60, 0.10, 1.0),
    }
}

/// How much of the engine's better line the panel shows.
const LINE_PLIES: usize = 5;

/// The colour of the better-move arrow.
const BETTER: Color = Color::new(0.15, 0.70, 0.35, 0.80);

/// Draws the review panel in `r`: the progress bar while the engine works, then two lines
/// (the better line and what the current move lost, when it is marked; else the count of
/// marks), and the graph. `current` is the number of moves shown; `before` the position
/// before the current move. Returns the move number clicked on the graph.
pub(crate) fn draw_panel(
    ui: &Ui,
    r: Rect,
    job: &ReviewJob,
    current: usize,
    before: Option<&Position>,
    usi: bool,
) -> Option<usize> {
    let u = ui.unit;
    rounded_rect(r, 6.0, theme::palette().panel);
    let pad = u * 0.5;
    let line_h = line_height(u);
    let size = (line_h * 0.75).max(crate::view::ui::MIN_READABLE_PX);
    let width = r.w - 2.0 * pad;
    let line = |i: usize, text: &str, color: Color| {
        let (text, s) = crate::view::ui::fit_text(ui, text, width, size);
        let y = r.y + pad + line_h * (i as f32 + 0.5);
        ui.text_mid(&text, r.x + pad, y, s, color);
    };
    let dim = theme::palette().text_dim;
    if let Some(e) = &job.error {
        line(0, &trf(Text::ReviewFailed, &[e]), theme::CHECK_GLOW);
    } else if !job.finished() {
        // The progress bar under the count.
        let bar = Rect::new(r.x + pad, r.y + pad + line_h * 1.15, width, line_h * 0.6);
        rounded_rect(bar, 4.0, theme::palette().panel_light);
        let share = if job.total == 0 {
            0.0
        } else {
            job.done as f32 / job.total as f32
        };
        let done = Rect::new(bar.x, bar.y, bar.w * share, bar.h);
        rounded_rect(done, 4.0, theme::alpha(theme::ACCENT, 0.85));
        line(
            0,
            &trf(Text::Reviewing, &[&job.done, &job.total]),
            theme::palette().text,
        );
    } else if let Some((mark, better, lost)) = better_text(job, current, before, usi) {
        line(0, &format!("{} {better}", mark.symbol()), mark_color(mark));
        line(1, &lost, dim);
    } else {
        line(0, &summary(job), theme::palette().text);
        line(1, &trf(Text::ReviewHint, &[]), dim);
    }
    let g = graph_rect(r, u);
    job.review
        .as_ref()
        .and_then(|rv| draw_graph(ui, g, rv, job.total, current))
}

/// The height of a text line in the panel, for text unit `u`.
fn line_height(u: f32) -> f32 {
    (u * 1.1).max(crate::view::ui::MIN_READABLE_PX * 1.4)
}

/// Where the graph is in the review panel `panel` (text unit `u`): under two lines of text.
pub fn graph_rect(panel: Rect, u: f32) -> Rect {
    let pad = u * 0.5;
    let head = 2.0 * line_height(u);
    Rect::new(
        panel.x + pad,
        panel.y + pad * 2.0 + head,
        panel.w - 2.0 * pad,
        panel.h - pad * 3.0 - head,
    )
}

/// The point of the graph `g` for position `i` of `total` and a winning chance.
pub fn graph_point(g: Rect, i: usize, total: usize, chance: f64) -> Vec2 {
    let n = total.saturating_sub(1).max(1);
    vec2(
        g.x + g.w * i.min(n) as f32 / n as f32,
        g.y + g.h * (1.0 - chance as f32),
    )
}

/// For a marked current move: its mark, "Better: ▲２六歩 △８五歩 …" and "This move lost 28%
/// of the winning chance".
fn better_text(
    job: &ReviewJob,
    current: usize,
    before: Option<&Position>,
    usi: bool,
) -> Option<(Mark, String, String)> {
    let rv = job.review.as_ref()?;
    let m = rv.moves.get(current.checked_sub(1)?)?;
    let (mark, line) = (m.mark?, m.better.as_ref()?);
    let text = if usi {
        let words: Vec<String> = line.iter().take(LINE_PLIES).map(Move::to_string).collect();
        words.join(" ")
    } else {
        let prev = current
            .checked_sub(2)
            .and_then(|k| rv.moves.get(k))
            .map(|m| m.played.to());
        review::line_text(before?, prev, line, LINE_PLIES)
    };
    let lost = format!("{:.0}", m.loss() * 100.0);
    Some((
        mark,
        trf(Text::ReviewBetter, &[&text]),
        trf(Text::ReviewLost, &[&lost]),
    ))
}

/// "Review: 2 ?? and 3 ?" once the review is done.
fn summary(job: &ReviewJob) -> String {
    let count = |mark| {
        job.review.as_ref().map_or(0, |r| {
            r.moves.iter().filter(|m| m.mark == Some(mark)).count()
        })
    };
    trf(
        Text::ReviewSummary,
        &[&count(Mark::Blunder), &count(Mark::Mistake)],
    )
}

/// The evaluation graph: winning chance (0 to 1, even in the middle) along the positions,
/// Sente's in standard, every seat's in Yonin; dots on the marked moves; the current move a
/// vertical line. A click returns the move number under the mouse.
fn draw_graph(ui: &Ui, g: Rect, rv: &Review, total: usize, current: usize) -> Option<usize> {
    if g.h < 8.0 || g.w < 8.0 {
        return None;
    }
    draw_rectangle(g.x, g.y, g.w, g.h, theme::palette().background);
    let mid = g.y + g.h * 0.5;
    draw_line(g.x, mid, g.x + g.w, mid, 1.0, theme::palette().text_dim);
    let n = total.saturating_sub(1).max(1);
    let at = |i: usize, chance: f64| graph_point(g, i, total, chance);
    let seats: Vec<Seat> = match rv.variant {
        Variant::Standard => vec![Seat::South],
        Variant::Yonin => Seat::ALL.to_vec(),
    };
    let four = rv.variant == Variant::Yonin;
    for &seat in &seats {
        let color = if four {
            theme::seat_color_in(seat, true)
        } else {
            theme::palette().text
        };
        let points: Vec<Vec2> = rv
            .judgements
            .iter()
            .enumerate()
            .filter(|(_, j)| j.values[seat].is_some())
            .map(|(i, j)| at(i, j.win_chance(seat)))
            .collect();
        if !four {
            // Sente's side of the even line filled.
            for w in points.windows(2) {
                let fill = theme::alpha(theme::palette().text, 0.25);
                draw_triangle(w[0], w[1], vec2(w[1].x, mid), fill);
                draw_triangle(w[0], vec2(w[0].x, mid), vec2(w[1].x, mid), fill);
            }
        }
        for w in points.windows(2) {
            draw_line(w[0].x, w[0].y, w[1].x, w[1].y, 2.0, color);
        }
    }
    // Marked moves: a dot where the mover's line fell.
    for (k, m) in rv.moves.iter().enumerate() {
        if let (Some(mark), Some(j)) = (m.mark, rv.judgements.get(k + 1)) {
            let seat = if four { m.seat } else { Seat::South };
            let p = at(k + 1, j.win_chance(seat));
            draw_circle(p.x, p.y, 4.0, mark_color(mark));
        }
    }
    let cx = at(current, 0.5).x;
    draw_line(
        cx,
        g.y,
        cx,
        g.y + g.h,
        2.0,
        theme::alpha(theme::ACCENT, 0.9),
    );
    if ui.clicked(g) {
        let share = ((ui.input.mouse.x - g.x) / g.w).clamp(0.0, 1.0);
        return Some((share * n as f32).round() as usize);
    }
    None
}

/// Draws the engine's better move for the current (marked) move on the board: an arrow from
/// the piece's square, or a ring on the square a piece is dropped on.
pub(crate) fn draw_better_arrow(board: &BoardGeom, job: &ReviewJob, current: usize) {
    let Some(rv) = job.review.as_ref() else {
        return;
    };
    let Some(m) = current.checked_sub(1).and_then(|i| rv.moves.get(i)) else {
        return;
    };
    let Some(best) = m.mark.and(m.better.as_ref()).and_then(|l| l.first()) else {
        return;
    };
    let to = board.center(best.to());
    let cell = board.square_rect(best.to()).w;
    match best.from() {
        Some(from) => {
            let from = board.center(from);
            let dir = (to - from).normalize_or_zero();
            let head = cell * 0.35;
            let tip = to - dir * cell * 0.1;
            let base = tip - dir * head;
            draw_line(from.x, from.y, base.x, base.y, cell * 0.14, BETTER);
            let side = vec2(-dir.y, dir.x) * head * 0.6;
            draw_triangle(tip, base + side, base - side, BETTER);
        }
        None => draw_circle_lines(to.x, to.y, cell * 0.42, cell * 0.1, BETTER),
    }
}
