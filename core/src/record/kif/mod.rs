//! KIF (Kakinoki format): writing and reading standard records (`７六歩(77)`, headers, board
//! diagrams, times, final lines) and Yonin records in the same style (`↑5六歩(57)`, YSFEN start).
//!
//! Reading accepts UTF-8 and Shift-JIS (cp932), comments (`*`), bookmarks (`&`), board diagrams
//! (BOD) with 持駒 lines, both spellings of promoted pieces (成銀/全, 龍/竜), and takes the main
//! line only (everything from the first `変化：` on is a branch).

mod diagram;
mod header;
mod read;
mod write;

pub use diagram::bod_text;
pub(crate) use diagram::*;
pub(crate) use header::*;
pub use read::{read, read_bytes};
pub use write::write;

use super::game_record::{
    apply_rules_text, detect_handicap, rules_to_text, Comment, Ending, GameRecord, RecordError,
    RecordErrorKind, RecordedMove, Removal, Replayer, MAX_RECORD_BYTES,
};
use super::notation::{self, kanji_digit, IDEOGRAPHIC_SPACE};
use super::position_text;
use crate::hand::Hand;
use crate::piece::{Piece, PieceKind};
use crate::position::{EliminationReason, Position};
use crate::rules::{Handicap, RuleSet, Variant};
use crate::seat::{BySeat, Seat};
use crate::setup::Setup;
use crate::square::Square;

/// The line that opens the moves of a KIF record.
pub const MOVES_HEADER: &str = "手数----指手---------消費時間--";
/// The 手合割 of Yonin records.
pub const YONIN_NAME: &str = "四人将棋";

fn short(s: &str) -> String {
    s.chars().take(32).collect()
}

fn err(line: usize, kind: RecordErrorKind) -> RecordError {
    RecordError::new(line, kind)
}

// ---------------------------------------------------------------------------------------------
// Text decoding

/// Decodes a record file: UTF-8 (with or without a byte-order mark) or Shift-JIS (cp932).
pub fn decode(bytes: &[u8]) -> Result<String, RecordError> {
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(err(0, RecordErrorKind::TooLarge(bytes.len())));
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Ok(s.to_owned());
    }
    let (text, had_errors) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(bytes);
    if !had_errors {
        return Ok(text.into_owned());
    }
    // Name the line where the encoding that read further broke down.
    let sjis_line = text
        .lines()
        .position(|l| l.contains('\u{FFFD}'))
        .map_or(1, |i| i + 1);
    let utf8_ok = std::str::from_utf8(bytes).map_or_else(|e| e.valid_up_to(), |s| s.len());
    let utf8_line = 1 + bytes[..utf8_ok].iter().filter(|&&b| b == b'\n').count();
    Err(err(sjis_line.max(utf8_line), RecordErrorKind::Encoding))
}

pub(crate) fn check_size(text: &str) -> Result<(), RecordError> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(err(0, RecordErrorKind::TooLarge(text.len())));
    }
    Ok(())
}
