//! KI2: standard records in JSA notation without origins (`▲７六歩　△３四歩　▲２二角成`),
//! written with the words 右 左 直 上 引 寄 and 打 where needed, and read back by resolving those
//! words against the legal moves.

use super::game_record::{
    detect_handicap, GameRecord, RecordError, RecordErrorKind, RecordedMove, Replayer,
};
use super::kif::{
    check_size, decode, ending_lines, ending_of, header_text, parse_summary, Header, Summary,
};
use super::notation::{self, IDEOGRAPHIC_SPACE};
use super::position_text;
use crate::rules::{Handicap, Variant};
use crate::square::Square;

/// Moves per line, as Kakinoki writes KI2.
const MOVES_PER_LINE: usize = 6;
const MARKS: [char; 6] = ['▲', '△', '☗', '☖', '▼', '▽'];

fn short(s: &str) -> String {
    s.chars().take(32).collect()
}

/// Writes a standard record as KI2 (UTF-8 text).
pub fn write(rec: &GameRecord) -> Result<String, RecordError> {
    if rec.rules.variant != Variant::Standard {
        return Err(RecordError::new(
            0,
            RecordErrorKind::Unsupported("Yonin".into()),
        ));
    }
    let start = rec.start_position()?;
    let mut out = header_text(rec, &start);
    out.push('\n');
    let mut texts: Vec<String> = Vec::with_capacity(rec.moves.len());
    let mut prev: Option<Square> = None;
    let end = rec.replay(|step| {
        let legal = step.before.legal_moves();
        let mark = notation::seat_mark(Variant::Standard, step.rec.seat);
        let t = notation::ki2_move_with(step.before, step.rec.mv, prev, &legal);
        texts.push(format!("{mark}{t}"));
        prev = Some(step.rec.mv.to());
    })?;
    for chunk in texts.chunks(MOVES_PER_LINE) {
        let mut line = String::new();
        for t in chunk {
            line.push_str(t);
            let w: usize = t.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum();
            line.push_str(&" ".repeat(12usize.saturating_sub(w).max(1)));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    if let Some(e) = &rec.ending {
        let hc = matches!(rec.handicap(), Some(h) if h != Handicap::Even);
        if let (_, Some(summary)) = ending_lines(
            e,
            rec.moves.len() + start.ply() as usize - 1,
            end.to_move(),
            hc,
        ) {
            out.push_str(&summary);
            out.push('\n');
        }
    }
    Ok(out)
}

/// Reads a KI2 file's bytes (UTF-8 or Shift-JIS).
pub fn read_bytes(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    read(&decode(bytes)?)
}

/// Reads KI2 text.
pub fn read(text: &str) -> Result<GameRecord, RecordError> {
    check_size(text)?;
    let mut header = Header::new();
    let mut replayer: Option<Replayer> = None;
    let mut start_text = String::new();
    let mut moves: Vec<RecordedMove> = Vec::new();
    let mut prev: Option<Square> = None;
    let mut summary: Option<Summary> = None;
    for (i, raw) in text.lines().enumerate() {
        let lineno = i + 1;
        let e = |k| RecordError::new(lineno, k);
        let line = raw.trim_matches([' ', IDEOGRAPHIC_SPACE, '\t', '\r']);
        if line.is_empty() {
            continue;
        }
        if line.starts_with("変化：") {
            break;
        }
        if line.starts_with(MARKS) {
            header.seen = true;
            if summary.is_some() {
                return Err(e(RecordErrorKind::MoveAfterEnd));
            }
            if replayer.is_none() {
                if header.rules.variant != Variant::Standard {
                    return Err(e(RecordErrorKind::Unsupported("Yonin".into())));
                }
                let start = header.start().map_err(e)?;
                detect_handicap(&mut header.rules, &start);
                start_text = position_text(&start);
                replayer = Some(Replayer::new(header.rules, start));
            }
            let Some(r) = replayer.as_mut() else { continue };
            for part in line.split(MARKS).filter(|p| !p.trim().is_empty()) {
                let number = moves.len() + 1;
                let text = part.trim_matches([' ', IDEOGRAPHIC_SPACE, '\t']);
                let pos = r.position();
                let mv = notation::parse_ki2_move(pos, text, prev).map_err(|cause| {
                    e(RecordErrorKind::Notation {
                        number,
                        text: short(text),
                        cause,
                    })
                })?;
                let rec = RecordedMove {
                    mv,
                    seat: pos.to_move(),
                    millis: None,
                };
                r.play(&rec, number, text).map_err(e)?;
                moves.push(rec);
                prev = Some(mv.to());
            }
            continue;
        }
        if let Some(s) = parse_summary(line) {
            header.seen = true;
            summary = Some(s);
            continue;
        }
        if header.line(line, lineno)? {
            continue;
        }
        return Err(e(RecordErrorKind::BadLine(short(line))));
    }
    if !header.seen {
        return Err(RecordError::new(
            1,
            RecordErrorKind::BadLine("no KI2 header or move found".into()),
        ));
    }
    let end = match replayer {
        Some(r) => r.into_position(),
        None => {
            let start = header.start().map_err(|k| RecordError::new(0, k))?;
            detect_handicap(&mut header.rules, &start);
            start_text = position_text(&start);
            start
        }
    };
    let ending = summary
        .as_ref()
        .and_then(|s| ending_of(None, Some(s), &end));
    Ok(GameRecord {
        rules: header.rules,
        start: start_text,
        moves,
        removals: Vec::new(),
        players: header.players,
        started: header.started,
        ending,
        comments: Vec::new(),
    })
}
