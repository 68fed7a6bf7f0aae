//! Where replayed games come from, as plain functions (no window): record files (KIF, KI2,
//! CSA, USI, YSFEN; UTF-8 or Shift-JIS) and games stored on a server, each turned into the
//! `SavedGame` the viewer steps through; and the record files a player may want to open.

use crate::error::FileError;
use crate::state::settings::SavedGame;
use std::path::{Path, PathBuf};
use yonin_core::record::files as records;
use yonin_core::record::game_record::{Ending, GameRecord};
use yonin_core::record::stored::StoredGame;
use yonin_core::record::RecordFormat;
use yonin_core::Action;

/// The file extensions the import list offers (compared without case).
pub(crate) const RECORD_EXTENSIONS: &[&str] =
    &["kif", "kifu", "ki2", "csa", "usi", "sfen", "ysfen"];

/// The most files the import list shows.
pub(crate) const MAX_LISTED_FILES: usize = 300;

/// A record file opened for the viewer. The format comes from the extension; when the file
/// does not read in that format, its content decides. Errors name the file and the cause.
pub fn import_file(path: &Path) -> Result<SavedGame, FileError> {
    // `-` means standard input to the reader; here it can only be a file of that name.
    let path = if path == Path::new("-") {
        Path::new("./-")
    } else {
        path
    };
    let bytes = crate::state::record_file::read_input(path)?;
    let title = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string());
    let named = records::format_of_path(path);
    import_bytes(&bytes, named, &title).map_err(|e| FileError::at(path, e))
}

/// A record's bytes opened for the viewer (`format: None` guesses it from the content).
pub(crate) fn import_bytes(
    bytes: &[u8],
    format: Option<RecordFormat>,
    title: &str,
) -> Result<SavedGame, FileError> {
    let rec = match records::read(bytes, format) {
        Ok((_, rec)) => rec,
        Err(first) => match format {
            // A mislabelled file (a KIF saved as .txt.csa, say) still opens by its content.
            Some(_) => match records::read(bytes, None) {
                Ok((_, rec)) => rec,
                Err(_) => return Err(FileError::text(first)),
            },
            None => return Err(FileError::text(first)),
        },
    };
    from_record(&rec, title)
}

/// A game record as a saved game: every move checked through the game layer, the record's
/// ending as the closing action. A record without a result stays unfinished.
pub(crate) fn from_record(rec: &GameRecord, title: &str) -> Result<SavedGame, FileError> {
    let stored = records::from_record(rec, title).map_err(FileError::text)?;
    let mut saved = from_stored(&stored);
    // The store closes a record without a result as aborted; the viewer shows it as it is.
    let aborted = matches!(rec.ending, Some(Ending::Abort));
    if !aborted && matches!(saved.actions.last(), Some(Action::Abort)) {
        saved.actions.pop();
        saved.outcome = None;
    }
    saved.ended = 0;
    Ok(saved)
}

/// A game from a server's store as a saved game (the players' names as the record shows
/// them, bots as "Medium bot").
pub(crate) fn from_stored(game: &StoredGame) -> SavedGame {
    SavedGame {
        title: game.room_name.clone(),
        named: true,
        ended: game.ended_ms / 1000,
        rules: game.rules,
        start: game.start.clone(),
        actions: game.actions.clone(),
        names: game
            .seats
            .iter()
            .map(|s| (s.seat, s.player.display_name()))
            .collect(),
        me: None,
        outcome: Some(game.outcome.clone()),
        stand_ins: game
            .seats
            .iter()
            .filter_map(|s| Some((s.seat, s.stand_in?)))
            .collect(),
    }
}

/// Does the path name a record file by its extension?
pub(crate) fn is_record_file(path: &Path) -> bool {
    path.extension()
        .and_then(|x| x.to_str())
        .is_some_and(|x| RECORD_EXTENSIONS.iter().any(|e| x.eq_ignore_ascii_case(e)))
}

/// The record files directly inside `dirs` (unreadable folders are skipped), each folder's
/// files newest first, at most [`MAX_LISTED_FILES`].
pub fn record_files(dirs: &[PathBuf]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut found: Vec<(std::time::SystemTime, PathBuf)> = entries
            .flatten()
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .map(|e| e.path())
            .filter(|p| is_record_file(p))
            .map(|p| {
                let modified = std::fs::metadata(&p)
                    .and_then(|m| m.modified())
                    .unwrap_or(std::time::UNIX_EPOCH);
                (modified, p)
            })
            .collect();
        found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        for (_, p) in found {
            if !out.contains(&p) {
                out.push(p);
            }
        }
    }
    out.truncate(MAX_LISTED_FILES);
    out
}

/// The folders the import list looks in: the games folder, then the current folder.
pub(crate) fn import_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(d) = crate::state::settings::games_dir() {
        dirs.push(d);
    }
    if let Ok(cwd) = std::env::current_dir() {
        if !dirs.contains(&cwd) {
            dirs.push(cwd);
        }
    }
    dirs
}
