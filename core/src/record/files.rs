//! Record files: reading one from a file's bytes with its format named or guessed, writing a
//! record in any [`RecordFormat`], and stored games as game records (`StoredGame` ⇄
//! `GameRecord`), for the server's store, the client's replays and the command line alike.
//!
//! The format readers and writers are `record::{kif, ki2, csa, usi}`; this file adds the YSFEN
//! record (a start position, then one seat-annotated move per line), format sniffing, dates,
//! and the bridge to stored games. Every failure is an error value naming the cause, never a
//! panic. Nothing here touches a file: callers read the bytes.

use crate::game::parse_start;
use crate::game::Action;
use crate::game::ReplayError;
use crate::position::EliminationReason;
use crate::record::game_record::{
    apply_rules_text, rules_to_text, Comment, Ending, GameRecord, RecordError, RecordErrorKind,
    RecordedMove, Removal,
};
use crate::record::notation;
use crate::record::stored::{GameId, GameSummary, StoredGame, StoredPlayer, StoredSeat};
use crate::record::RecordFormat;
use crate::record::{csa, ki2, kif, usi};
use crate::terms::TimeControl;
use crate::text;
use crate::{Game, Outcome, RuleSet, Seat, Variant};
use std::path::Path;

/// A record that could not be read, written or converted.
#[derive(Debug, thiserror::Error)]
pub enum RecordIoError {
    #[error("{0}")]
    Record(#[from] RecordError),
    #[error("{0}")]
    Usi(#[from] usi::UsiPositionError),
    #[error("{format} holds standard games only; use {hint} for a Yonin game")]
    StandardOnly {
        format: RecordFormat,
        hint: &'static str,
    },
    #[error("cannot tell the record's format; name it (kif, ki2, csa, usi or ysfen)")]
    UnknownFormat,
    #[error("the record holds no game")]
    Empty,
    #[error("the stored game does not replay: {0}")]
    Replay(#[from] ReplayError),
}

// ---------------------------------------------------------------------------------------------
// Formats

/// The format a file name's extension names (`.kif`, `.kifu`, `.ki2`, `.csa`, `.usi`,
/// `.sfen`, `.ysfen`).
pub fn format_of_path(path: &Path) -> Option<RecordFormat> {
    let ext = path.extension()?.to_str()?;
    RecordFormat::from_name(ext)
}

/// Guesses a record's format from its text.
pub fn sniff(text: &str) -> Option<RecordFormat> {
    let lines = || {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
    };
    let first = lines().next()?;
    if first.starts_with("position ") || first.starts_with("startpos") || first == "position" {
        return Some(RecordFormat::Usi);
    }
    if first.starts_with("sfen ") && first.contains(" moves") {
        return Some(RecordFormat::Usi);
    }
    // YSFEN record: a position line, then `<seat letter> <usi>` lines.
    if parse_position_line(first).is_some() {
        return Some(RecordFormat::Ysfen);
    }
    let csa_line = |l: &str| {
        l.starts_with("V2")
            || l.starts_with("N+")
            || l.starts_with("N-")
            || l.starts_with("PI")
            || l.starts_with("P1")
            || l.starts_with("$EVENT")
            || l.starts_with("$START_TIME")
            || (l.len() >= 7
                && (l.starts_with('+') || l.starts_with('-'))
                && l.as_bytes()[1..5].iter().all(u8::is_ascii_digit))
    };
    if lines()
        .filter(|l| !l.starts_with('\''))
        .take(3)
        .any(csa_line)
    {
        return Some(RecordFormat::Csa);
    }
    let kif_move_line = |l: &str| {
        let digits = l.bytes().take_while(u8::is_ascii_digit).count();
        digits > 0 && l[digits..].starts_with([' ', '\u{3000}'])
    };
    if text.contains("手数----") || lines().any(kif_move_line) {
        return Some(RecordFormat::Kif);
    }
    if text.contains(['▲', '△', '☗', '☖']) || text.contains("手合割") {
        return Some(RecordFormat::Ki2);
    }
    None
}

/// Reads a record from a file's bytes (UTF-8 or Shift-JIS): in `format` when given, else in
/// the format its content shows. Returns the format read and the record.
pub fn read(
    bytes: &[u8],
    format: Option<RecordFormat>,
) -> Result<(RecordFormat, GameRecord), RecordIoError> {
    let text = kif::decode(bytes)?;
    let format = match format {
        Some(f) => f,
        None => sniff(&text).ok_or(if text.trim().is_empty() {
            RecordIoError::Empty
        } else {
            RecordIoError::UnknownFormat
        })?,
    };
    let record = read_text(&text, format)?;
    Ok((format, record))
}

/// Reads a record's text in the given format.
pub fn read_text(text: &str, format: RecordFormat) -> Result<GameRecord, RecordIoError> {
    Ok(match format {
        RecordFormat::Kif => kif::read(text)?,
        RecordFormat::Ki2 => ki2::read(text)?,
        RecordFormat::Csa => csa::read(text)?,
        RecordFormat::Usi => read_usi(text)?,
        RecordFormat::Ysfen => read_ysfen(text)?,
    })
}

/// Writes a record in `format`.
pub fn write(rec: &GameRecord, format: RecordFormat) -> Result<String, RecordIoError> {
    let yonin = rec.rules.variant == Variant::Yonin;
    Ok(match format {
        RecordFormat::Kif => kif::write(rec)?,
        RecordFormat::Ki2 if yonin => {
            return Err(RecordIoError::StandardOnly {
                format,
                hint: "kif or ysfen",
            })
        }
        RecordFormat::Ki2 => ki2::write(rec)?,
        RecordFormat::Csa if yonin => {
            return Err(RecordIoError::StandardOnly {
                format,
                hint: "kif or ysfen",
            })
        }
        RecordFormat::Csa => csa::write(rec)?,
        RecordFormat::Usi if yonin => {
            return Err(RecordIoError::StandardOnly {
                format,
                hint: "ysfen",
            })
        }
        RecordFormat::Usi => {
            let mut line = rec.usi_position_line()?;
            line.push('\n');
            line
        }
        RecordFormat::Ysfen => write_ysfen(rec)?,
    })
}

/// A standard game from a USI `position` line (the first line that is not a comment).
fn read_usi(text: &str) -> Result<GameRecord, RecordIoError> {
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .ok_or(RecordIoError::Empty)?;
    let mut rules = RuleSet::standard();
    let (start, moves, _) = usi::parse_position_line(line, &rules)?;
    let sfen = crate::record::sfen::format(&start);
    if let Some(h) = crate::rules::Handicap::ALL
        .into_iter()
        .find(|h| h.sfen() == sfen)
    {
        rules.handicap = h;
    }
    Ok(GameRecord::from_moves(rules, &start, &moves)?)
}

// ---------------------------------------------------------------------------------------------
// The YSFEN record

/// The words of a YSFEN record's removal lines (`e resign`).
const REMOVALS: [(&str, EliminationReason); 3] = [
    ("resign", EliminationReason::Resignation),
    ("time", EliminationReason::Time),
    ("forfeit", EliminationReason::Forfeit),
];

/// A standard impasse declaration line (`s declare`).
const DECLARE: &str = "declare";
/// A standard draw by agreement.
const AGREE_DRAW: &str = "draw";

/// The rule set and position of a start line (YSFEN, or SFEN for a standard game; an
/// optional `ysfen `/`sfen ` word first).
fn parse_position_line(line: &str) -> Option<(RuleSet, crate::Position)> {
    let body = line
        .strip_prefix("ysfen ")
        .or_else(|| line.strip_prefix("sfen "))
        .unwrap_or(line)
        .trim();
    let fields = body.split_ascii_whitespace().count();
    if fields == 5 {
        let rules = RuleSet::yonin();
        if let Ok(pos) = parse_start(&rules, body) {
            return Some((rules, pos));
        }
    }
    if fields == 4 || body == "startpos" {
        let rules = RuleSet::standard();
        if let Ok(pos) = parse_start(&rules, body) {
            return Some((rules, pos));
        }
    }
    None
}

/// Writes the YSFEN record: comment lines (`# rules:`, `# <seat>: name`, `# result:`), the
/// start position, then one `<seat letter> <usi move>` line per move, with `<seat letter>
/// resign|time|forfeit` lines where a Yonin seat left the game, and `# <text>` lines after a
/// move for the record's comments.
pub fn write_ysfen(rec: &GameRecord) -> Result<String, RecordIoError> {
    // Check the record replays before writing it.
    rec.final_position()?;
    let mut out =
        String::from("# Yonin record: the start position, then `<seat> <usi move>` lines\n");
    let rules = rules_to_text(&rec.rules);
    if !rules.is_empty() {
        out.push_str(&format!("# rules: {rules}\n"));
    }
    for (seat, name) in rec.players.iter() {
        if let Some(name) = name {
            out.push_str(&format!(
                "# {}: {}\n",
                seat.name().to_lowercase(),
                one_line(name)
            ));
        }
    }
    if let Some(started) = &rec.started {
        out.push_str(&format!("# started: {}\n", one_line(started)));
    }
    if let Some(ending) = &rec.ending {
        out.push_str(&format!("# result: {}\n", ending_text(ending)));
    }
    out.push_str(&rec.start);
    out.push('\n');
    let removal_line = |r: &Removal| {
        let word = REMOVALS
            .iter()
            .find(|(_, reason)| *reason == r.reason)
            .map_or("resign", |(w, _)| *w);
        format!("{} {word}\n", r.seat.letter())
    };
    let comment_lines = |out: &mut String, after: usize| {
        for text in rec.comments_after(after) {
            out.push_str(&format!("# {text}\n"));
        }
    };
    comment_lines(&mut out, 0);
    for (i, m) in rec.moves.iter().enumerate() {
        for r in rec.removals.iter().filter(|r| r.after == i) {
            out.push_str(&removal_line(r));
        }
        out.push_str(&notation::seat_usi(m.seat, m.mv));
        out.push('\n');
        comment_lines(&mut out, i + 1);
    }
    for r in rec.removals.iter().filter(|r| r.after >= rec.moves.len()) {
        out.push_str(&removal_line(r));
    }
    // Standard endings that the moves do not show.
    if rec.rules.variant == Variant::Standard {
        match rec.ending {
            Some(Ending::Resign(s)) => out.push_str(&format!("{} resign\n", s.letter())),
            Some(Ending::Time(s)) => out.push_str(&format!("{} time\n", s.letter())),
            Some(Ending::Forfeit(s)) | Some(Ending::IllegalMove { loser: s }) => {
                out.push_str(&format!("{} forfeit\n", s.letter()))
            }
            Some(Ending::ImpasseWin(s)) => out.push_str(&format!("{} {DECLARE}\n", s.letter())),
            Some(Ending::ImpasseDraw) => {
                let seat = rec.final_position()?.to_move();
                out.push_str(&format!("{} {DECLARE}\n", seat.letter()));
            }
            Some(Ending::Agreement) => out.push_str(&format!("{AGREE_DRAW}\n")),
            _ => {}
        }
    }
    Ok(out)
}

fn one_line(s: &str) -> String {
    s.chars().filter(|c| !c.is_control()).collect()
}

fn ending_text(e: &Ending) -> String {
    match e {
        Ending::Ranking(seats) => {
            let names: Vec<&str> = seats.iter().map(|s| s.name()).collect();
            format!("ranking {}", names.join(" "))
        }
        other => format!("{other:?}"),
    }
}

/// Reads a YSFEN record (see [`write_ysfen`]); each move is checked as it is read.
pub fn read_ysfen(text: &str) -> Result<GameRecord, RecordIoError> {
    let mut rules_text = String::new();
    let mut names: Vec<(Seat, String)> = Vec::new();
    let mut started = None;
    let mut rec: Option<GameRecord> = None;
    let mut game: Option<Game> = None;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let bad = |kind| RecordIoError::Record(RecordError::new(line_no, kind));
        if let (Some(comment), Some(r)) = (line.strip_prefix('#'), rec.as_mut()) {
            // After the start line: a comment on the moves so far.
            let text = comment.strip_prefix(' ').unwrap_or(comment);
            r.comments.push(Comment {
                after: r.moves.len(),
                text: text.to_string(),
            });
            continue;
        }
        if let Some(comment) = line.strip_prefix('#') {
            let comment = comment.trim();
            if let Some(r) = comment.strip_prefix("rules:") {
                rules_text = r.trim().to_string();
            } else if let Some(s) = comment.strip_prefix("started:") {
                started = Some(s.trim().to_string());
            } else if let Some((key, value)) = comment.split_once(':') {
                if let Some(seat) = Seat::ALL
                    .into_iter()
                    .find(|s| s.name().eq_ignore_ascii_case(key.trim()))
                {
                    names.push((seat, value.trim().to_string()));
                }
            }
            continue;
        }
        let (Some(r), Some(g)) = (rec.as_mut(), game.as_mut()) else {
            // The start line.
            let Some((mut rules, start)) = parse_position_line(line) else {
                let short: String = line.chars().take(40).collect();
                return Err(bad(RecordErrorKind::BadLine(short)));
            };
            apply_rules_text(&mut rules, &rules_text).map_err(bad)?;
            let mut r = GameRecord::from_position(rules, &start);
            for (seat, name) in names.drain(..) {
                r.players[seat] = Some(name);
            }
            r.started = started.take();
            game = Some(Game::from_position(rules, start));
            rec = Some(r);
            continue;
        };
        let number = r.moves.len() + 1;
        if line == AGREE_DRAW {
            g.agree_draw().map_err(|e| bad(RecordErrorKind::Game(e)))?;
            r.ending = Some(Ending::Agreement);
            continue;
        }
        let mut words = line.split_ascii_whitespace();
        let (seat_word, second) = (words.next(), words.next());
        if let (Some(seat_word), Some(word), None) = (seat_word, second, words.next()) {
            let removal = REMOVALS.iter().find(|(w, _)| *w == word).map(|r| r.1);
            if removal.is_some() || word == DECLARE {
                let mut c = seat_word.chars();
                let seat = match (c.next().and_then(Seat::from_letter), c.next()) {
                    (Some(s), None) => s,
                    _ => {
                        let short: String = line.chars().take(40).collect();
                        return Err(bad(RecordErrorKind::BadLine(short)));
                    }
                };
                let Some(reason) = removal else {
                    g.declare_impasse(seat)
                        .map_err(|e| bad(RecordErrorKind::Game(e)))?;
                    r.ending = g
                        .outcome()
                        .map(|o| Ending::from_outcome(o, r.rules.variant));
                    continue;
                };
                let res = match reason {
                    EliminationReason::Time => g.flag(seat),
                    EliminationReason::Forfeit => g.forfeit(seat),
                    _ => g.resign(seat),
                };
                res.map_err(|e| bad(RecordErrorKind::Game(e)))?;
                if r.rules.variant == Variant::Yonin {
                    r.push_removal(seat, reason);
                } else {
                    r.ending = Some(match reason {
                        EliminationReason::Time => Ending::Time(seat),
                        EliminationReason::Forfeit => Ending::Forfeit(seat),
                        _ => Ending::Resign(seat),
                    });
                }
                continue;
            }
        }
        let text: String = line.chars().take(40).collect();
        let (seat, mv) = notation::parse_seat_usi(line).map_err(|cause| {
            bad(RecordErrorKind::Notation {
                number,
                text: text.clone(),
                cause,
            })
        })?;
        if g.is_over() {
            return Err(bad(RecordErrorKind::MoveAfterEnd));
        }
        if g.to_move() != seat {
            return Err(bad(RecordErrorKind::WrongSeat {
                number,
                expected: g.to_move(),
                found: seat,
            }));
        }
        g.play(seat, mv).map_err(|e| match e {
            crate::GameError::Illegal(reason) => bad(RecordErrorKind::Illegal {
                number,
                text: text.clone(),
                reason,
            }),
            e => bad(RecordErrorKind::Game(e)),
        })?;
        r.moves.push(RecordedMove {
            mv,
            seat,
            millis: None,
        });
    }
    let mut rec = rec.ok_or(RecordIoError::Empty)?;
    if let Some(outcome) = game.as_ref().and_then(Game::outcome) {
        if rec.ending.is_none() {
            rec.ending = Some(Ending::from_outcome(outcome, rec.rules.variant));
        }
    }
    Ok(rec)
}

// ---------------------------------------------------------------------------------------------
// Stored games ⇄ records

/// The civil date (year, month, day) of a count of days since 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
pub fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

/// The civil date and time (UTC) of a Unix time in milliseconds, as records write it
/// (`2024/05/01 10:00:00`).
pub fn date_text(unix_ms: u64) -> String {
    let secs = unix_ms / 1000;
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}/{month:02}/{day:02} {:02}:{:02}:{:02}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// The Unix time in milliseconds of a record date (`2024/05/01 10:00:00`, `2024/05/01`,
/// `-` for `/` too), read as UTC.
pub fn parse_date(text: &str) -> Option<u64> {
    let mut parts = text.trim().split([' ', 'T']);
    let date: Vec<i64> = parts
        .next()?
        .split(['/', '-'])
        .map(|p| p.trim().parse().ok())
        .collect::<Option<_>>()?;
    let [year, month, day] = date[..] else {
        return None;
    };
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) || !(1970..=9999).contains(&year) {
        return None;
    }
    let time: Vec<i64> = match parts.next() {
        Some(t) => t
            .split(':')
            .map(|p| p.trim().parse().ok())
            .collect::<Option<_>>()?,
        None => vec![0, 0, 0],
    };
    let (h, m, s) = (
        *time.first().unwrap_or(&0),
        *time.get(1).unwrap_or(&0),
        *time.get(2).unwrap_or(&0),
    );
    if !(0..24).contains(&h) || !(0..60).contains(&m) || !(0..61).contains(&s) {
        return None;
    }
    // Howard Hinnant's days_from_civil.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = if month > 2 { month - 3 } else { month + 9 };
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    let secs = days * 86_400 + h * 3600 + m * 60 + s;
    u64::try_from(secs).ok().map(|s| s * 1000)
}

/// The record of a stored game: its moves with their times, the Yonin seats that left, the
/// players, the start date and the ending.
pub fn to_record(game: &StoredGame) -> Result<GameRecord, RecordIoError> {
    // Check first that the game replays (a damaged stored game is an error, not a bad file).
    game.replay()?;
    let start = parse_start(&game.rules, &game.start).map_err(ReplayError::Start)?;
    let mut rec = GameRecord::from_position(game.rules, &start);
    let yonin = game.rules.variant == Variant::Yonin;
    for action in &game.actions {
        match *action {
            Action::Move { seat, mv, millis } => rec.push(seat, mv, millis),
            Action::Resign { seat } if yonin => {
                rec.push_removal(seat, EliminationReason::Resignation)
            }
            Action::Flag { seat } if yonin => rec.push_removal(seat, EliminationReason::Time),
            Action::Forfeit { seat } if yonin => rec.push_removal(seat, EliminationReason::Forfeit),
            _ => {}
        }
    }
    for s in &game.seats {
        rec.players[s.seat] = Some(s.player.display_name());
    }
    if game.started_ms > 0 {
        rec.started = Some(date_text(game.started_ms));
    }
    rec.ending = Some(Ending::from_outcome(&game.outcome, game.rules.variant));
    Ok(rec)
}

/// The room name of an imported game whose title is empty once cleaned.
pub const DEFAULT_IMPORT_TITLE: &str = "imported";

/// A stored game from a record: the record is replayed through the game layer (every move
/// checked), its ending becomes the closing action (resignation, time, declaration…), and a
/// record without a result is stored as aborted. Player names and the title are cleaned (core's
/// `text::clean_name`): another program's record still imports, without the controls,
/// direction overrides or invisible characters its names may hold, and an empty name becomes
/// the seat's name.
pub fn from_record(rec: &GameRecord, title: &str) -> Result<StoredGame, RecordIoError> {
    let start = rec.start_position()?;
    let mut game = Game::from_position(rec.rules, start);
    let mut actions = Vec::new();
    let yonin = rec.rules.variant == Variant::Yonin;
    let replay_err =
        |index: usize, error| RecordIoError::Replay(ReplayError::Action { index, error });
    let apply = |game: &mut Game, action: Action, actions: &mut Vec<Action>| {
        action
            .apply(game)
            .map_err(|e| replay_err(actions.len(), e))?;
        actions.push(action);
        Ok::<(), RecordIoError>(())
    };
    let removal_action = |r: &Removal| match r.reason {
        EliminationReason::Time => Action::Flag { seat: r.seat },
        EliminationReason::Forfeit => Action::Forfeit { seat: r.seat },
        _ => Action::Resign { seat: r.seat },
    };
    for (i, m) in rec.moves.iter().enumerate() {
        if yonin {
            for r in rec.removals.iter().filter(|r| r.after == i) {
                apply(&mut game, removal_action(r), &mut actions)?;
            }
        }
        let action = Action::Move {
            seat: m.seat,
            mv: m.mv,
            millis: m.millis,
        };
        apply(&mut game, action, &mut actions)?;
    }
    if yonin {
        for r in rec.removals.iter().filter(|r| r.after >= rec.moves.len()) {
            if !game.is_over() {
                apply(&mut game, removal_action(r), &mut actions)?;
            }
        }
    }
    if !game.is_over() {
        let closing = match rec.ending {
            Some(Ending::Resign(s)) => Some(Action::Resign { seat: s }),
            Some(Ending::Time(s)) => Some(Action::Flag { seat: s }),
            Some(Ending::Forfeit(s)) | Some(Ending::IllegalMove { loser: s }) => {
                Some(Action::Forfeit { seat: s })
            }
            Some(Ending::ImpasseWin(s)) => Some(Action::DeclareImpasse { seat: s }),
            Some(Ending::ImpasseDraw) => Some(Action::DeclareImpasse {
                seat: game.to_move(),
            }),
            Some(Ending::Agreement) if !yonin => Some(Action::AgreeDraw),
            _ => None,
        };
        // An ending the game layer refuses (a declaration that does not hold, say) leaves the
        // game unfinished rather than failing the import.
        if let Some(action) = closing {
            let mut trial = game.clone();
            if action.apply(&mut trial).is_ok() {
                apply(&mut game, action, &mut actions)?;
            }
        }
        if !game.is_over() {
            apply(&mut game, Action::Abort, &mut actions)?;
        }
    }
    let outcome: Outcome = match game.outcome() {
        Some(o) => o.clone(),
        None => unreachable_outcome(),
    };
    let seats = rec
        .rules
        .variant
        .seats()
        .iter()
        .map(|seat| StoredSeat {
            seat,
            player: StoredPlayer::Person {
                name: rec.players[seat]
                    .as_deref()
                    .and_then(text::clean_name)
                    .unwrap_or_else(|| seat.name().to_string()),
            },
            stand_in: None,
        })
        .collect();
    let started_ms = rec.started.as_deref().and_then(parse_date).unwrap_or(0);
    Ok(StoredGame {
        rules: rec.rules,
        time_control: TimeControl::None,
        room_name: text::clean_room_name(title).unwrap_or_else(|| DEFAULT_IMPORT_TITLE.into()),
        start: rec.start.clone(),
        seats,
        actions,
        outcome,
        started_ms,
        ended_ms: started_ms,
        imported: true,
    })
}

/// `Game::abort` always sets an outcome; this is the aborted outcome should it ever not.
fn unreachable_outcome() -> Outcome {
    Outcome::draw(Vec::new(), crate::EndReason::Aborted)
}

/// A stored game written in `format`.
pub fn export(game: &StoredGame, format: RecordFormat) -> Result<String, RecordIoError> {
    write(&to_record(game)?, format)
}

/// A stored game read from a record file's bytes (`format: None` guesses it).
pub fn import(
    bytes: &[u8],
    format: Option<RecordFormat>,
    title: &str,
) -> Result<StoredGame, RecordIoError> {
    let (_, rec) = read(bytes, format)?;
    from_record(&rec, title)
}

/// The summary of a game about to be stored (before it has an id), for logs.
pub fn describe(summary: &GameSummary) -> String {
    let players: Vec<String> = summary
        .seats
        .iter()
        .map(|s| format!("{}: {}", s.seat, s.player.display_name()))
        .collect();
    format!(
        "{} {} {} plies, {:?} ({})",
        GameId(summary.id.0),
        summary.variant.name(),
        summary.plies,
        summary.outcome.reason,
        players.join(", ")
    )
}
