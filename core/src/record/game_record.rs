//! `GameRecord`: a game as the record formats (KIF, KI2, CSA, USI) see it — rules, start
//! position, moves with their seats and times, players, date and ending — and the typed error
//! every record reader returns.

use crate::game::{Game, GameError};
use crate::legality::IllegalMove;
use crate::moves::Move;
use crate::outcome::{EndReason, Outcome};
use crate::position::{EliminationReason, Position};
use crate::rules::{
    DeadKingPawnDrop, FirstSeat, Handicap, ImpasseRule, MateTiming, MatedArmy, MatedHand,
    PawnPromotion, RuleSet, Variant,
};
use crate::seat::{BySeat, Seat};
use crate::square::Square;
use serde::{Deserialize, Serialize};
use std::fmt;

use super::notation::{self, NotationError};
use super::position_text;

/// The largest record text the readers accept.
pub const MAX_RECORD_BYTES: usize = 8 << 20;

/// One move of a record: the move, the seat that played it and the time it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RecordedMove {
    pub mv: Move,
    pub seat: Seat,
    pub millis: Option<u64>,
}

/// A Yonin seat taken out of the game by something other than a move (resignation, time,
/// forfeit), after `after` moves of the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Removal {
    pub after: usize,
    pub seat: Seat,
    pub reason: EliminationReason,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ending {
    /// 投了, `%TORYO`: the seat resigned.
    Resign(Seat),
    /// 詰み, `%TSUMI`.
    Checkmate { loser: Seat },
    /// No legal move while not in check (written as 詰み / `%TSUMI`; told apart on reading).
    NoLegalMove { loser: Seat },
    /// 千日手, `%SENNICHITE`: a draw by repetition (Yonin: the live seats share the places left).
    Sennichite,
    /// Repetition with continuous checks by `loser`.
    PerpetualCheck { loser: Seat },
    /// 入玉勝ち, `%KACHI`: a winning impasse declaration by the seat.
    ImpasseWin(Seat),
    /// 持将棋, `%JISHOGI`: an impasse declaration judged a draw (24-point rule).
    ImpasseDraw,
    /// A draw both players agreed to (`%HIKIWAKE`).
    Agreement,
    /// 切れ負け, `%TIME_UP`: the seat ran out of time.
    Time(Seat),
    /// 反則負け, `%ILLEGAL_MOVE`: the seat lost by a foul.
    IllegalMove { loser: Seat },
    /// 不戦敗: the seat left the game.
    Forfeit(Seat),
    /// The move limit was reached (a draw; Yonin: shared places).
    MoveLimit,
    /// 中断, `%CHUDAN`: stopped without a result.
    Abort,
    /// Yonin: the final ranking, winner first.
    Ranking(Vec<Seat>),
}

impl Ending {
    /// The losing seat of a standard game, if the ending names one.
    pub fn loser(&self) -> Option<Seat> {
        match *self {
            Ending::Resign(s)
            | Ending::Time(s)
            | Ending::Forfeit(s)
            | Ending::Checkmate { loser: s }
            | Ending::NoLegalMove { loser: s }
            | Ending::PerpetualCheck { loser: s }
            | Ending::IllegalMove { loser: s } => Some(s),
            Ending::ImpasseWin(s) => Some(s.opposite()),
            Ending::Ranking(ref r) => r.last().copied(),
            _ => None,
        }
    }

    /// The winning seat, if there is exactly one (standard: the loser's opponent).
    pub fn winner(&self) -> Option<Seat> {
        match self {
            Ending::ImpasseWin(s) => Some(*s),
            Ending::Ranking(r) => r.first().copied(),
            _ => self.loser().map(Seat::opposite),
        }
    }

    /// The ending of a game's outcome.
    pub fn from_outcome(outcome: &Outcome, variant: Variant) -> Ending {
        let loser = outcome
            .places
            .last()
            .and_then(|p| p.first().copied())
            .unwrap_or(Seat::South);
        let winner = outcome.winner().unwrap_or(Seat::South);
        match outcome.reason {
            EndReason::Aborted => return Ending::Abort,
            EndReason::Repetition => return Ending::Sennichite,
            EndReason::MoveLimit => return Ending::MoveLimit,
            _ => {}
        }
        if variant == Variant::Yonin {
            return Ending::Ranking(outcome.places.iter().flatten().copied().collect());
        }
        match outcome.reason {
            EndReason::Checkmate => Ending::Checkmate { loser },
            EndReason::NoLegalMove => Ending::NoLegalMove { loser },
            EndReason::Resignation => Ending::Resign(loser),
            EndReason::Time => Ending::Time(loser),
            EndReason::Forfeit => Ending::Forfeit(loser),
            EndReason::PerpetualCheck => Ending::PerpetualCheck { loser },
            EndReason::ImpasseDeclaration if outcome.is_draw() => Ending::ImpasseDraw,
            EndReason::ImpasseDeclaration => Ending::ImpasseWin(winner),
            EndReason::Agreement => Ending::Agreement,
            _ => Ending::Abort,
        }
    }
}

/// A comment in a record, after `after` moves (KIF `*` lines, the Yonin record's `#` lines):
/// what a game review writes beside each move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Comment {
    pub after: usize,
    pub text: String,
}

/// A game record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    pub rules: RuleSet,
    /// The start position: SFEN (standard, handicaps included) or YSFEN (Yonin).
    pub start: String,
    pub moves: Vec<RecordedMove>,
    /// Yonin eliminations that were not moves (resignation, time, forfeit).
    #[serde(default)]
    pub removals: Vec<Removal>,
    /// Player names by seat (standard: South = 先手/下手, North = 後手/上手).
    pub players: BySeat<Option<String>>,
    /// The start date and time as written in the record (`2024/05/01 10:00:00`).
    pub started: Option<String>,
    pub ending: Option<Ending>,
    /// Comments after moves, in order (after 0 moves: before the first).
    #[serde(default)]
    pub comments: Vec<Comment>,
}

/// A record that could not be read or replayed: where (line, 1-based; 0 when the record did not
/// come from text) and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordError {
    pub line: usize,
    pub kind: RecordErrorKind,
}

impl RecordError {
    pub fn new(line: usize, kind: RecordErrorKind) -> RecordError {
        RecordError { line, kind }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: {}", self.line, self.kind)
        } else {
            write!(f, "{}", self.kind)
        }
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.kind)
    }
}

/// Why a record is bad.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum RecordErrorKind {
    #[error("the record has {0} bytes; at most {MAX_RECORD_BYTES} are read")]
    TooLarge(usize),
    #[error("the text is neither UTF-8 nor Shift-JIS")]
    Encoding,
    #[error("bad start position: {0}")]
    Position(#[from] super::ParseError),
    #[error("unknown handicap `{0}`")]
    UnknownHandicap(String),
    #[error("bad board diagram: {0}")]
    BadBoard(String),
    #[error("`{0}` is not a list of pieces in hand")]
    BadHand(String),
    #[error("`{0}` is not understood")]
    BadLine(String),
    #[error("move {number} `{text}`: {cause}")]
    Notation {
        number: usize,
        text: String,
        cause: NotationError,
    },
    #[error("move {number} `{text}` is illegal: {reason}")]
    Illegal {
        number: usize,
        text: String,
        reason: IllegalMove,
    },
    #[error("move {number} is played by {found}, but {expected} is to move")]
    WrongSeat {
        number: usize,
        expected: Seat,
        found: Seat,
    },
    #[error("move number `{found}` where {expected} was expected")]
    MoveNumber { expected: usize, found: String },
    #[error("`{0}` is not a time")]
    BadTime(String),
    #[error("`{0}` is not a house rule")]
    BadRule(String),
    #[error("the record cannot be replayed: {0}")]
    Game(GameError),
    #[error("a move follows the end of the game")]
    MoveAfterEnd,
    #[error(transparent)]
    Usi(#[from] super::usi::UsiPositionError),
    #[error("this format cannot hold a {0} game")]
    Unsupported(String),
}

fn short(s: &str) -> String {
    s.chars().take(32).collect()
}

/// What a replay visits for each move: the position before it, the move, and its index.
pub(crate) struct Step<'a> {
    pub index: usize,
    pub before: &'a Position,
    pub rec: &'a RecordedMove,
}

impl GameRecord {
    /// An empty record from the rule set's start position.
    pub fn new(rules: RuleSet) -> GameRecord {
        GameRecord::from_position(rules, &Position::start(&rules))
    }

    /// An empty record from any position of the rule set's variant.
    pub fn from_position(rules: RuleSet, start: &Position) -> GameRecord {
        GameRecord {
            rules,
            start: position_text(start),
            moves: Vec::new(),
            removals: Vec::new(),
            players: BySeat::default(),
            started: None,
            ending: None,
            comments: Vec::new(),
        }
    }

    /// A record of `moves` played from `start`, each checked with [`Position::play`].
    pub fn from_moves(
        rules: RuleSet,
        start: &Position,
        moves: &[Move],
    ) -> Result<GameRecord, RecordError> {
        let mut rec = GameRecord::from_position(rules, start);
        let mut pos = start.clone();
        for (i, &mv) in moves.iter().enumerate() {
            let seat = pos.to_move();
            pos.play(mv).map_err(|reason| {
                RecordError::new(
                    0,
                    RecordErrorKind::Illegal {
                        number: i + 1,
                        text: mv.to_string(),
                        reason,
                    },
                )
            })?;
            rec.moves.push(RecordedMove {
                mv,
                seat,
                millis: None,
            });
        }
        Ok(rec)
    }

    /// Appends a move (not checked; [`GameRecord::final_position`] checks the whole record).
    pub fn push(&mut self, seat: Seat, mv: Move, millis: Option<u64>) {
        self.moves.push(RecordedMove { mv, seat, millis });
    }

    /// Adds a comment after the moves so far (one line each; control characters dropped).
    pub fn push_comment(&mut self, text: &str) {
        for line in text.lines() {
            let text: String = line.chars().filter(|c| !c.is_control()).collect();
            self.comments.push(Comment {
                after: self.moves.len(),
                text,
            });
        }
    }

    /// The comment lines after `moves` moves.
    pub fn comments_after(&self, moves: usize) -> impl Iterator<Item = &str> + '_ {
        self.comments
            .iter()
            .filter(move |c| c.after == moves)
            .map(|c| c.text.as_str())
    }

    /// Records that a Yonin seat left the game now (after the moves so far).
    pub fn push_removal(&mut self, seat: Seat, reason: EliminationReason) {
        self.removals.push(Removal {
            after: self.moves.len(),
            seat,
            reason,
        });
    }

    /// The start position.
    pub fn start_position(&self) -> Result<Position, RecordError> {
        let parsed = match self.rules.variant {
            Variant::Standard => super::sfen::position(&self.start, &self.rules),
            Variant::Yonin => super::ysfen::position(&self.start, &self.rules),
        };
        parsed.map_err(|e| RecordError::new(0, RecordErrorKind::Position(e)))
    }

    /// The standard handicap whose start position the record starts from (`Even` for the even
    /// start), if any.
    pub fn handicap(&self) -> Option<Handicap> {
        if self.rules.variant != Variant::Standard {
            return None;
        }
        let start = self.start_position().ok()?;
        let sfen = super::sfen::format(&start);
        Handicap::ALL.into_iter().find(|h| h.sfen() == sfen)
    }

    /// Replays the record, calling `visit` before each move, and returns the final position.
    pub(crate) fn replay(&self, mut visit: impl FnMut(Step<'_>)) -> Result<Position, RecordError> {
        let mut r = Replayer::new(self.rules, self.start_position()?);
        let err = |kind| RecordError::new(0, kind);
        for (i, rec) in self.moves.iter().enumerate() {
            for rm in self.removals.iter().filter(|rm| rm.after == i) {
                r.remove(rm.seat, rm.reason).map_err(err)?;
            }
            visit(Step {
                index: i,
                before: r.position(),
                rec,
            });
            r.play(rec, i + 1, &rec.mv.to_string()).map_err(err)?;
        }
        for rm in self
            .removals
            .iter()
            .filter(|rm| rm.after >= self.moves.len())
        {
            r.remove(rm.seat, rm.reason).map_err(err)?;
        }
        Ok(r.into_position())
    }

    /// The position after every move (checked), with the resignations of a Yonin record.
    pub fn final_position(&self) -> Result<Position, RecordError> {
        self.replay(|_| {})
    }

    /// The position before each move, then the final position (`moves.len() + 1` positions).
    pub fn positions(&self) -> Result<Vec<Position>, RecordError> {
        let mut v = Vec::with_capacity(self.moves.len() + 1);
        let last = self.replay(|s| v.push(s.before.clone()))?;
        v.push(last);
        Ok(v)
    }

    /// The moves alone.
    pub fn usi_moves(&self) -> Vec<Move> {
        self.moves.iter().map(|m| m.mv).collect()
    }

    /// The USI `position` line (`position startpos moves …` / `position sfen … moves …`) of a
    /// standard record.
    pub fn usi_position_line(&self) -> Result<String, RecordError> {
        if self.rules.variant != Variant::Standard {
            return Err(RecordError::new(
                0,
                RecordErrorKind::Unsupported("Yonin".into()),
            ));
        }
        let start = self.start_position()?;
        Ok(super::usi::position_line(&start, &self.usi_moves()))
    }

    /// A standard record from a USI `position` line (`position startpos moves 7g7f …`).
    pub fn from_usi_position_line(rules: RuleSet, line: &str) -> Result<GameRecord, RecordError> {
        let (start, moves, _) = super::usi::parse_position_line(line, &rules)
            .map_err(|e| RecordError::new(0, e.into()))?;
        let mut rules = rules;
        detect_handicap(&mut rules, &start);
        GameRecord::from_moves(rules, &start, &moves)
    }

    /// The seat-annotated USI moves (`s 5g5f`), one per move.
    pub fn seat_usi_moves(&self) -> Vec<String> {
        self.moves
            .iter()
            .map(|m| notation::seat_usi(m.seat, m.mv))
            .collect()
    }

    /// A record from seat-annotated USI lines (`s 5g5f`), checked move by move.
    pub fn from_seat_usi(
        rules: RuleSet,
        start: &Position,
        lines: &str,
    ) -> Result<GameRecord, RecordError> {
        let mut rec = GameRecord::from_position(rules, start);
        let mut pos = start.clone();
        let mut number = 0;
        for (i, line) in lines.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            number += 1;
            let (seat, mv) = notation::parse_seat_usi(line).map_err(|cause| {
                RecordError::new(
                    i + 1,
                    RecordErrorKind::Notation {
                        number,
                        text: short(line),
                        cause,
                    },
                )
            })?;
            if seat != pos.to_move() {
                return Err(RecordError::new(
                    i + 1,
                    RecordErrorKind::WrongSeat {
                        number,
                        expected: pos.to_move(),
                        found: seat,
                    },
                ));
            }
            pos.play(mv).map_err(|reason| {
                RecordError::new(
                    i + 1,
                    RecordErrorKind::Illegal {
                        number,
                        text: short(line),
                        reason,
                    },
                )
            })?;
            rec.moves.push(RecordedMove {
                mv,
                seat,
                millis: None,
            });
        }
        Ok(rec)
    }

    /// Display notation for every move (`▲7六歩`, `△同　銀`; Yonin `↑5六歩(57)`), for a
    /// record panel.
    pub fn display_moves(&self) -> Result<Vec<String>, RecordError> {
        let mut out = Vec::with_capacity(self.moves.len());
        let mut prev: Option<Square> = None;
        self.replay(|s| {
            out.push(notation::display_move(s.before, s.rec.mv, prev));
            prev = Some(s.rec.mv.to());
        })?;
        Ok(out)
    }
}

/// Plays a record forward: standard records on a bare [`Position`] (so any legal sequence is
/// accepted), Yonin records through the [`Game`] layer, which also applies resignations.
pub(crate) enum Replayer {
    Position(Box<Position>),
    Game(Box<Game>),
}

impl Replayer {
    pub(crate) fn new(rules: RuleSet, start: Position) -> Replayer {
        match rules.variant {
            Variant::Standard => Replayer::Position(Box::new(start)),
            Variant::Yonin => Replayer::Game(Box::new(Game::from_position(rules, start))),
        }
    }

    pub(crate) fn position(&self) -> &Position {
        match self {
            Replayer::Position(p) => p,
            Replayer::Game(g) => g.position(),
        }
    }

    pub(crate) fn into_position(self) -> Position {
        match self {
            Replayer::Position(p) => *p,
            Replayer::Game(g) => g.position().clone(),
        }
    }

    /// Plays a move; `number` and `text` name it in errors.
    pub(crate) fn play(
        &mut self,
        rec: &RecordedMove,
        number: usize,
        text: &str,
    ) -> Result<(), RecordErrorKind> {
        let expected = self.position().to_move();
        if rec.seat != expected {
            return Err(RecordErrorKind::WrongSeat {
                number,
                expected,
                found: rec.seat,
            });
        }
        let illegal = |reason| RecordErrorKind::Illegal {
            number,
            text: short(text),
            reason,
        };
        match self {
            Replayer::Position(p) => p.play(rec.mv).map_err(illegal),
            Replayer::Game(g) => match g.play_timed(rec.seat, rec.mv, rec.millis) {
                Ok(_) => Ok(()),
                Err(GameError::Illegal(reason)) => Err(illegal(reason)),
                Err(GameError::GameOver) => Err(illegal(IllegalMove::GameOver)),
                Err(e) => Err(RecordErrorKind::Game(e)),
            },
        }
    }

    /// Takes a Yonin seat out of the game (resignation, time, forfeit).
    pub(crate) fn remove(
        &mut self,
        seat: Seat,
        reason: EliminationReason,
    ) -> Result<(), RecordErrorKind> {
        match self {
            Replayer::Position(_) => Err(RecordErrorKind::Unsupported(
                "standard resignation inside".into(),
            )),
            Replayer::Game(g) => {
                let res = match reason {
                    EliminationReason::Time => g.flag(seat),
                    EliminationReason::Forfeit => g.forfeit(seat),
                    _ => g.resign(seat),
                };
                res.map(|_| ()).map_err(RecordErrorKind::Game)
            }
        }
    }
}

/// Sets `rules.handicap` when a standard start position is one of the handicap starts.
pub(crate) fn detect_handicap(rules: &mut RuleSet, start: &Position) {
    if rules.variant != Variant::Standard || rules.handicap != Handicap::Even {
        return;
    }
    let sfen = super::sfen::format(start);
    if let Some(h) = Handicap::ALL.into_iter().find(|h| h.sfen() == sfen) {
        rules.handicap = h;
    }
}

/// The house rules of a rule set that differ from the defaults, as space-separated tokens for
/// record headers (`impasse24 move-limit=256 teams …`); empty for the defaults. The variant and
/// handicap are written by each format in its own way.
pub fn rules_to_text(rules: &RuleSet) -> String {
    let mut t: Vec<String> = Vec::new();
    if rules.impasse == ImpasseRule::Points24 {
        t.push("impasse24".into());
    }
    if let Some(n) = rules.move_limit {
        t.push(format!("move-limit={n}"));
    }
    if rules.mated_army == MatedArmy::PassesToMater {
        t.push("army-to-mater".into());
    }
    if rules.mated_hand == MatedHand::ToMater {
        t.push("hand-to-mater".into());
    }
    if rules.dead_king_pawn_drop == DeadKingPawnDrop::Allowed {
        t.push("dead-king-pawn-drop".into());
    }
    if rules.mate_timing == MateTiming::Immediately {
        t.push("mate-immediately".into());
    }
    if rules.pawn_promotion == PawnPromotion::LastTwoLines {
        t.push("pawn-last-two-lines".into());
    }
    match rules.first_seat {
        FirstSeat::Fixed(Seat::South) => {}
        FirstSeat::Fixed(s) => t.push(format!("first={}", s.letter())),
        FirstSeat::Random => t.push("first=random".into()),
    }
    if rules.teams {
        t.push("teams".into());
    }
    t.join(" ")
}

/// Applies house-rule tokens written by [`rules_to_text`] to `rules`.
pub fn apply_rules_text(rules: &mut RuleSet, text: &str) -> Result<(), RecordErrorKind> {
    for tok in text.split_ascii_whitespace() {
        let bad = || RecordErrorKind::BadRule(short(tok));
        match tok {
            "impasse24" => rules.impasse = ImpasseRule::Points24,
            "army-to-mater" => rules.mated_army = MatedArmy::PassesToMater,
            "hand-to-mater" => rules.mated_hand = MatedHand::ToMater,
            "dead-king-pawn-drop" => rules.dead_king_pawn_drop = DeadKingPawnDrop::Allowed,
            "mate-immediately" => rules.mate_timing = MateTiming::Immediately,
            "pawn-last-two-lines" => rules.pawn_promotion = PawnPromotion::LastTwoLines,
            "teams" => rules.teams = true,
            "first=random" => rules.first_seat = FirstSeat::Random,
            _ => {
                if let Some(n) = tok.strip_prefix("move-limit=") {
                    let n = n.parse::<u32>().ok().filter(|n| *n > 0).ok_or_else(bad)?;
                    rules.move_limit = Some(n);
                } else if let Some(s) = tok.strip_prefix("first=") {
                    let mut c = s.chars();
                    let seat = match (c.next().and_then(Seat::from_letter), c.next()) {
                        (Some(seat), None) => seat,
                        _ => return Err(bad()),
                    };
                    rules.first_seat = FirstSeat::Fixed(seat);
                } else {
                    return Err(bad());
                }
            }
        }
    }
    Ok(())
}
