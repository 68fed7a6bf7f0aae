//! Writing a KIF record: header, moves with their times, comments and the final lines.

use super::*;

// ---------------------------------------------------------------------------------------------
// Writing

/// Display width: full-width characters count 2.
pub(super) fn width(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

pub(super) fn pad(s: &str, w: usize) -> String {
    let n = w.saturating_sub(width(s)).max(1);
    format!("{s}{}", " ".repeat(n))
}

pub(super) fn time_text(millis: u64, total_secs: u64) -> String {
    let secs = millis / 1000;
    let (h, rest) = (total_secs / 3600, total_secs % 3600);
    format!(
        "({:>2}:{:02}/{:02}:{:02}:{:02})",
        secs / 60,
        secs % 60,
        h,
        rest / 60,
        rest % 60
    )
}

/// Writes a record as KIF (UTF-8 text). Yonin records use the arrow notation and a YSFEN start.
pub fn write(rec: &GameRecord) -> Result<String, RecordError> {
    let start = rec.start_position()?;
    let mut out = header_text(rec, &start);
    out.push_str(MOVES_HEADER);
    out.push('\n');
    let yonin = rec.rules.variant == Variant::Yonin;
    let mut totals = BySeat([0u64; 4]);
    let first = start.ply() as usize;
    let mut prev: Option<Square> = None;
    let mut lines: Vec<(usize, String)> = Vec::new();
    let end = rec.replay(|step| {
        let legal = step.before.legal_moves();
        let text = if yonin {
            notation::yonin_move_with(step.before, step.rec.mv, &legal)
        } else {
            notation::kif_move_with(step.before, step.rec.mv, prev, &legal)
        };
        prev = Some(step.rec.mv.to());
        let mut line = format!("{:>4} ", step.index + first);
        match step.rec.millis {
            Some(ms) => {
                totals[step.rec.seat] = totals[step.rec.seat].saturating_add(ms / 1000);
                line.push_str(&pad(&text, 18));
                line.push_str(&time_text(ms, totals[step.rec.seat]));
            }
            None => line.push_str(&text),
        }
        lines.push((step.index, line));
    })?;
    // Yonin removals go just before the move they preceded.
    let removal_line = |r: &Removal| {
        let word = match r.reason {
            EliminationReason::Time => "切れ負け",
            EliminationReason::Forfeit => "不戦敗",
            _ => "投了",
        };
        format!("{:>4} {}{word}", r.after + first, r.seat.arrow())
    };
    let comment_lines = |out: &mut String, after: usize| {
        for text in rec.comments_after(after) {
            out.push('*');
            out.push_str(text);
            out.push('\n');
        }
    };
    comment_lines(&mut out, 0);
    for (index, line) in lines {
        for r in rec.removals.iter().filter(|r| r.after == index) {
            out.push_str(&removal_line(r));
            out.push('\n');
        }
        out.push_str(&line);
        out.push('\n');
        comment_lines(&mut out, index + 1);
    }
    for r in rec.removals.iter().filter(|r| r.after >= rec.moves.len()) {
        out.push_str(&removal_line(r));
        out.push('\n');
    }
    // The number of the last move (moves before a diagram count).
    let n = rec.moves.len() + first - 1;
    match (&rec.ending, yonin) {
        (Some(Ending::Ranking(r)), true) => {
            let places: Vec<String> = r
                .iter()
                .enumerate()
                .map(|(i, s)| format!("{}位{}", i + 1, s.arrow()))
                .collect();
            out.push_str(&format!("順位：{}\n", places.join(" ")));
        }
        (Some(e), true) => {
            let word = match e {
                Ending::Sennichite => Some("千日手"),
                Ending::MoveLimit => Some("手数制限"),
                Ending::Abort => Some("中断"),
                _ => None,
            };
            if let Some(w) = word {
                out.push_str(&format!("{:>4} {w}\n", n + 1));
            }
        }
        (Some(e), false) => {
            let hc = matches!(rec.handicap(), Some(h) if h != Handicap::Even);
            let (word, summary) = ending_lines(e, n, end.to_move(), hc);
            if let Some(w) = word {
                out.push_str(&format!("{:>4} {w}\n", n + 1));
            }
            if let Some(s) = summary {
                out.push_str(&s);
                out.push('\n');
            }
        }
        (None, _) => {}
    }
    Ok(out)
}
