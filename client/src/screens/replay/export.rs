//! Writing a replayed game to a record file, as plain functions: which formats a variant can
//! use (standard: KIF, KI2, CSA, USI; Yonin: KIF in arrow notation and the YSFEN record), the
//! record text, a file name from the date and players, and the file in the games folder.

use crate::error::FileError;
use crate::state::settings::SavedGame;
use std::path::{Path, PathBuf};
use yonin_core::record::files as records;
use yonin_core::record::game_record::GameRecord;
use yonin_core::record::stored::{StoredGame, StoredPlayer, StoredSeat};
use yonin_core::record::RecordFormat;
use yonin_core::TimeControl;
use yonin_core::Variant;
use yonin_core::{EndReason, Outcome};

/// The formats a game of this variant can be written in, in the order the buttons show them.
pub fn formats(variant: Variant) -> &'static [RecordFormat] {
    match variant {
        Variant::Standard => &[
            RecordFormat::Kif,
            RecordFormat::Ki2,
            RecordFormat::Csa,
            RecordFormat::Usi,
        ],
        Variant::Yonin => &[RecordFormat::Kif, RecordFormat::Ysfen],
    }
}

/// A button's label for a format (`KIF`).
pub fn label(format: RecordFormat) -> String {
    format.name().to_uppercase()
}

/// The game as a record: moves with their times, Yonin seats that left, players and ending
/// (none when the game has no result).
pub(crate) fn to_record(saved: &SavedGame) -> Result<GameRecord, FileError> {
    let seats = saved
        .names
        .iter()
        .map(|(seat, name)| StoredSeat {
            seat: *seat,
            // The record names the person, with the bot that stood in for them.
            player: StoredPlayer::Person {
                name: saved.display_name(*seat).unwrap_or_else(|| name.clone()),
            },
            stand_in: saved
                .stand_ins
                .iter()
                .find(|(s, _)| s == seat)
                .map(|(_, level)| *level),
        })
        .collect();
    let stored = StoredGame {
        rules: saved.rules,
        time_control: TimeControl::None,
        room_name: saved.title.clone(),
        start: saved.start.clone(),
        seats,
        actions: saved.actions.clone(),
        outcome: saved
            .outcome
            .clone()
            .unwrap_or_else(|| Outcome::draw(Vec::new(), EndReason::Aborted)),
        started_ms: 0,
        ended_ms: saved.ended * 1000,
        imported: false,
    };
    let mut rec = records::to_record(&stored).map_err(FileError::text)?;
    if saved.outcome.is_none() {
        rec.ending = None;
    }
    Ok(rec)
}

/// The record text of the game in `format`.
pub fn text(saved: &SavedGame, format: RecordFormat) -> Result<String, FileError> {
    records::write(&to_record(saved)?, format).map_err(FileError::text)
}

/// A file name for the game: date, variant and players (`2026-11-30_1405-shogi-Hanako-Taro.kif`),
/// with only letters, digits, `-` and `_`.
pub fn file_name(saved: &SavedGame, format: RecordFormat) -> String {
    let date = if saved.ended > 0 {
        super::date(saved.ended).replace(' ', "_").replace(':', "")
    } else {
        "record".to_string()
    };
    let mut parts = vec![date, saved.rules.variant.name().to_lowercase()];
    for (_, name) in &saved.names {
        let clean: String = name
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '_' })
            .take(24)
            .collect();
        let clean = clean.trim_matches('_').to_string();
        if !clean.is_empty() {
            parts.push(clean);
        }
    }
    format!("{}.{}", parts.join("-"), format.name())
}

/// Writes the game in `format` into `dir` (made if missing) under [`file_name`], never over
/// an existing file (`-2`, `-3`… are added); returns the file written.
pub fn write_to(saved: &SavedGame, format: RecordFormat, dir: &Path) -> Result<PathBuf, FileError> {
    let text = text(saved, format)?;
    std::fs::create_dir_all(dir).map_err(|e| FileError::at(dir, e))?;
    let name = file_name(saved, format);
    let (stem, ext) = name.rsplit_once('.').unwrap_or((&name, ""));
    for n in 1..1000 {
        let path = if n == 1 {
            dir.join(&name)
        } else {
            dir.join(format!("{stem}-{n}.{ext}"))
        };
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path);
        match file {
            Ok(mut f) => {
                use std::io::Write;
                f.write_all(text.as_bytes())
                    .map_err(|e| FileError::at(&path, e))?;
                return Ok(path);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(FileError::at(&path, e)),
        }
    }
    Err(FileError::at(dir, format!("too many files named {name}")))
}

/// Writes the game in `format` into the player's games folder.
pub fn write(saved: &SavedGame, format: RecordFormat) -> Result<PathBuf, FileError> {
    let dir = crate::state::settings::games_dir().ok_or(FileError::NoHome("games"))?;
    write_to(saved, format, &dir)
}
