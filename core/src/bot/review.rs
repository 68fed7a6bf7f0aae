//! Game review: the engine's judgement of every position of a game, what each move lost, and
//! the marks `?` and `??` on the moves that lost most.
//!
//! Each position before a move (and the last one) is searched once by the Hard level for a
//! fixed time. A move's loss is the fall of the mover's winning chance from the position
//! before it (the engine's best play) to the position after it (the engine's best play from
//! there), where the winning chance of an evaluation `v` in centipawns is
//! `1 / (1 + e^(-v / 600))` (the usual logistic scale of shogi engines' evaluations).
//! A move the engine would have played itself is never marked.
//!
//! Standard: the search's score for the side to move, and its negation for the other side.
//! Yonin: the mover's value is the search's score; every other live seat's is the static
//! evaluation, for that seat, of the position at the end of the engine's line.

use super::{eval_yonin, Bot, GameHistory, Level, Limits, Score, SearchOptions};
use crate::moves::Move;
use crate::position::Position;
use crate::record::game_record::{Comment, GameRecord, RecordError};
use crate::record::notation;
use crate::rules::Variant;
use crate::seat::{BySeat, Seat};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A move that lowers the mover's winning chance by at least this much is marked `?`.
pub const MISTAKE: f64 = 0.10;
/// … and by at least this much `??`.
pub const BLUNDER: f64 = 0.20;
/// Centipawns per unit of the logistic winning-chance curve.
const WIN_SCALE: f64 = 600.0;

/// How a review searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewOptions {
    /// Time for each position.
    pub movetime: Duration,
    /// Search threads (the Hard level's Lazy SMP).
    pub threads: usize,
    /// Transposition table, in megabytes.
    pub hash_mb: usize,
}

impl Default for ReviewOptions {
    fn default() -> Self {
        ReviewOptions {
            movetime: Duration::from_millis(200),
            threads: super::all_cores(),
            hash_mb: 64,
        }
    }
}

/// One seat's value in a position, from that seat's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Centipawns.
    Cp(i32),
    /// The seat mates (Yonin: takes out a seat) in this many plies (0: it has already won).
    MateIn(u32),
    /// The seat is mated in this many plies (0: it is mated now).
    MatedIn(u32),
}

impl Value {
    /// The seat's winning chance, 0 to 1.
    pub fn win_chance(self) -> f64 {
        match self {
            Value::Cp(cp) => 1.0 / (1.0 + (-(cp as f64) / WIN_SCALE).exp()),
            Value::MateIn(_) => 1.0,
            Value::MatedIn(_) => 0.0,
        }
    }

    /// The value for the opponent (standard shogi).
    pub fn negate(self) -> Value {
        match self {
            Value::Cp(cp) => Value::Cp(-cp),
            Value::MateIn(n) => Value::MatedIn(n),
            Value::MatedIn(n) => Value::MateIn(n),
        }
    }

    fn from_score(score: Score) -> Value {
        match score {
            Score::Cp(cp) => Value::Cp(cp),
            Score::Mate(n) if n > 0 => Value::MateIn(n as u32),
            Score::Mate(n) => Value::MatedIn(n.unsigned_abs()),
        }
    }

    /// `+123`, `-45`, `+M5` (mates in 5), `-M0` (mated).
    pub fn text(self) -> String {
        match self {
            Value::Cp(cp) => format!("{cp:+}"),
            Value::MateIn(n) => format!("+M{n}"),
            Value::MatedIn(n) => format!("-M{n}"),
        }
    }
}

/// The engine's judgement of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// Each seat's value; `None` for a seat not in the game (or out of it).
    pub values: BySeat<Option<Value>>,
    /// The engine's line from here (empty when the game is over).
    pub line: Vec<Move>,
    /// How deep the search went.
    pub depth: i32,
}

impl Judgement {
    /// `seat`'s winning chance here (0 when it is out of the game).
    pub fn win_chance(&self, seat: Seat) -> f64 {
        self.values[seat].map_or(0.0, Value::win_chance)
    }
}

/// A mark on a move that lost much.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// `?`: lost at least [`MISTAKE`] of the mover's winning chance.
    Mistake,
    /// `??`: lost at least [`BLUNDER`].
    Blunder,
}

impl Mark {
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// What the review says about one move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    pub seat: Seat,
    pub played: Move,
    /// The mover's winning chance before and after the move.
    pub before: f64,
    pub after: f64,
    pub mark: Option<Mark>,
    /// The engine's move and line in the position before, when it differs from the played
    /// move.
    pub better: Option<Vec<Move>>,
}

impl MoveReview {
    /// How much of the mover's winning chance the move lost (0 when it gained).
    pub fn loss(&self) -> f64 {
        (self.before - self.after).max(0.0)
    }
}

/// A finished (or stopped) review: `judgements[i]` is the position after `i` moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub variant: Variant,
    pub judgements: Vec<Judgement>,
    pub moves: Vec<MoveReview>,
}

/// A move of the game could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {number} ({mv}) cannot be played: {reason}")]
pub struct ReviewError {
    pub number: usize,
    pub mv: Move,
    pub reason: crate::IllegalMove,
}

/// A review in progress: judges one position per [`Reviewer::step`], so a caller can show
/// progress and stop between positions.
pub struct Reviewer {
    bot: Bot,
    movetime: Duration,
    /// The positions of the game: `positions[i]` before move `i` (after the resignations
    /// recorded before it), the last one after every move.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// The positions judged so far, for repetition.
    history: GameHistory,
    judgements: Vec<Judgement>,
}

impl Reviewer {
    /// A review of `moves` played from `start`; each move is checked.
    pub fn new(
        start: &Position,
        moves: &[Move],
        options: ReviewOptions,
    ) -> Result<Reviewer, ReviewError> {
        let mut positions = Vec::with_capacity(moves.len() + 1);
        positions.push(start.clone());
        let mut pos = start.clone();
        for (i, &mv) in moves.iter().enumerate() {
            pos.play(mv).map_err(|reason| ReviewError {
                number: i + 1,
                mv,
                reason,
            })?;
            positions.push(pos.clone());
        }
        Ok(Reviewer::of_positions(positions, moves.to_vec(), options))
    }

    /// A review of a game record (with its Yonin resignations).
    pub fn from_record(rec: &GameRecord, options: ReviewOptions) -> Result<Reviewer, RecordError> {
        let mut positions = Vec::with_capacity(rec.moves.len() + 1);
        let mut moves = Vec::with_capacity(rec.moves.len());
        let end = rec.replay(|step| {
            positions.push(step.before.clone());
            moves.push(step.rec.mv);
        })?;
        positions.push(end);
        Ok(Reviewer::of_positions(positions, moves, options))
    }

    fn of_positions(
        positions: Vec<Position>,
        moves: Vec<Move>,
        options: ReviewOptions,
    ) -> Reviewer {
        let mut bot = Bot::with_hash(Level::Hard, 0x5EED_4E71, options.hash_mb.max(1));
        bot.set_threads(options.threads);
        Reviewer {
            bot,
            movetime: options.movetime,
            positions,
            moves,
            history: GameHistory::new(),
            judgements: Vec::new(),
        }
    }

    /// The positions to judge (one more than the moves).
    pub fn total(&self) -> usize {
        self.positions.len()
    }

    /// The positions judged so far.
    pub fn done(&self) -> usize {
        self.judgements.len()
    }

    /// Judges the next position; `false` when every position is judged already. A raised
    /// `stop` cuts the current search short (its judgement is kept, shallower).
    pub fn step(&mut self, stop: &Arc<AtomicBool>) -> bool {
        let i = self.judgements.len();
        let Some(pos) = self.positions.get(i) else {
            return false;
        };
        let judgement = judge(&mut self.bot, pos, &self.history, self.movetime, stop);
        self.judgements.push(judgement);
        if let Some(&mv) = self.moves.get(i) {
            self.history.push(pos, mv);
        }
        true
    }

    /// The review of the positions judged so far (every move whose positions before and
    /// after are both judged).
    pub fn review(&self) -> Review {
        let moves = self
            .judgements
            .windows(2)
            .zip(&self.moves)
            .zip(&self.positions)
            .map(|((pair, &played), pos)| review_move(pos.to_move(), played, &pair[0], &pair[1]))
            .collect();
        Review {
            variant: self.positions[0].variant(),
            judgements: self.judgements.clone(),
            moves,
        }
    }
}

/// Reviews a whole game, reporting `(done, total)` after each position; stops early (with
/// what was judged) when `stop` is raised.
pub fn review(
    start: &Position,
    moves: &[Move],
    options: ReviewOptions,
    stop: &Arc<AtomicBool>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Review, ReviewError> {
    let mut reviewer = Reviewer::new(start, moves, options)?;
    while !stop.load(Ordering::Relaxed) && reviewer.step(stop) {
        progress(reviewer.done(), reviewer.total());
    }
    Ok(reviewer.review())
}

fn review_move(seat: Seat, played: Move, before: &Judgement, after: &Judgement) -> MoveReview {
    let (b, a) = (before.win_chance(seat), after.win_chance(seat));
    let best = before.line.first().copied();
    let better = (best.is_some() && best != Some(played)).then(|| before.line.clone());
    let lost = b - a;
    let mark = match better {
        Some(_) if lost >= BLUNDER => Some(Mark::Blunder),
        Some(_) if lost >= MISTAKE => Some(Mark::Mistake),
        _ => None,
    };
    MoveReview {
        seat,
        played,
        before: b,
        after: a,
        mark,
        better,
    }
}

/// Searches `pos` and values it for every seat.
fn judge(
    bot: &mut Bot,
    pos: &Position,
    history: &GameHistory,
    movetime: Duration,
    stop: &Arc<AtomicBool>,
) -> Judgement {
    let mut values = BySeat([None; 4]);
    let mover = pos.to_move();
    if !pos.has_legal_move(mover) || pos.is_decided_by_elimination() {
        return ended(pos);
    }
    let options = SearchOptions {
        history: history.clone(),
        max_depth: None,
    };
    let result = bot.search(
        pos,
        Limits::fixed(movetime),
        &options,
        stop.clone(),
        &mut |_| {},
    );
    let value = Value::from_score(result.score);
    match pos.variant() {
        Variant::Standard => {
            values[mover] = Some(value);
            values[mover.opposite()] = Some(value.negate());
        }
        Variant::Yonin => {
            let mut leaf = pos.clone();
            for &m in &result.pv {
                if leaf.play(m).is_err() {
                    break;
                }
            }
            for seat in pos.live().iter() {
                values[seat] = Some(if seat == mover {
                    value
                } else if !leaf.is_live(seat) {
                    Value::MatedIn(result.pv.len() as u32)
                } else {
                    Value::Cp(eval_yonin::evaluate(&leaf, seat))
                });
            }
        }
    }
    Judgement {
        values,
        line: result.pv,
        depth: result.depth,
    }
}

/// The judgement of a position where the game is over: the side that cannot move (standard)
/// is mated; the last Yonin seat standing has won.
fn ended(pos: &Position) -> Judgement {
    let mut values = BySeat([None; 4]);
    match pos.variant() {
        Variant::Standard => {
            let mover = pos.to_move();
            values[mover] = Some(Value::MatedIn(0));
            values[mover.opposite()] = Some(Value::MateIn(0));
        }
        Variant::Yonin => {
            for seat in pos.live().iter() {
                values[seat] = Some(if pos.is_decided_by_elimination() {
                    Value::MateIn(0)
                } else {
                    Value::Cp(eval_yonin::evaluate(pos, seat))
                });
            }
        }
    }
    Judgement {
        values,
        line: Vec::new(),
        depth: 0,
    }
}

/// The longest engine line written into a record's comment, in plies.
const LINE_IN_COMMENT: usize = 8;

/// Writes a review into a record as comments after its moves: the evaluation after each move
/// (standard: Sente's, in centipawns; Yonin: every seat in the game, by its arrow), the mark,
/// and under a marked move the engine's better line in the record's notation.
pub fn annotate(rec: &mut GameRecord, review: &Review) -> Result<(), RecordError> {
    let mut comments = Vec::new();
    let mut prev = None;
    rec.replay(|step| {
        let i = step.index;
        let (Some(m), Some(after)) = (review.moves.get(i), review.judgements.get(i + 1)) else {
            return;
        };
        let values = match review.variant {
            Variant::Standard => after.values[Seat::South].map_or(String::new(), Value::text),
            Variant::Yonin => after
                .values
                .iter()
                .filter_map(|(s, v)| v.map(|v| format!("{}{}", s.arrow(), v.text())))
                .collect::<Vec<_>>()
                .join(" "),
        };
        let mut text = format!("review: {values}");
        if let Some(mark) = m.mark {
            text.push(' ');
            text.push_str(mark.symbol());
        }
        comments.push(Comment { after: i + 1, text });
        if let (Some(_), Some(line)) = (m.mark, &m.better) {
            comments.push(Comment {
                after: i + 1,
                text: format!(
                    "better: {} (the move lost {:.0}% of the winning chance)",
                    line_text(step.before, prev, line, LINE_IN_COMMENT),
                    m.loss() * 100.0
                ),
            });
        }
        prev = Some(step.rec.mv.to());
    })?;
    rec.comments.extend(comments);
    rec.comments.sort_by_key(|c| c.after);
    Ok(())
}

/// The first `plies` moves of an engine line in display notation: `▲７六歩 △３四歩`
/// (standard), `↑5六歩(57) →…` (Yonin); `prev` is the square the move before went to (for 同).
pub fn line_text(
    start: &Position,
    prev: Option<crate::square::Square>,
    line: &[Move],
    plies: usize,
) -> String {
    let mut pos = start.clone();
    let mut prev = prev;
    let mut words = Vec::new();
    for &mv in line.iter().take(plies) {
        if !pos.is_legal(mv) {
            break;
        }
        words.push(match pos.variant() {
            Variant::Standard => format!(
                "{}{}",
                notation::seat_mark(Variant::Standard, pos.to_move()),
                notation::ki2_move(&pos, mv, prev)
            ),
            Variant::Yonin => notation::yonin_move(&pos, mv),
        });
        prev = Some(mv.to());
        pos.play_unchecked(mv);
    }
    words.join(" ")
}
