//! The local games list and imported records: a game opened with "Import file…" joins the
//! list and is saved beside the finished games (so it shows next time); importing the same
//! game again (same rules, start and moves) adds nothing.

use crate::state::settings::SavedGame;
use std::path::{Path, PathBuf};

/// Are `a` and `b` the same game (whatever their titles and dates)?
pub fn same_game(a: &SavedGame, b: &SavedGame) -> bool {
    a.rules == b.rules && a.start == b.start && a.actions == b.actions
}

/// A name for the file of an imported game that depends only on the game, so a re-import
/// finds its earlier file: `imported-<64-bit FNV-1a of rules, start and moves>.json`.
pub(crate) fn imported_file_name(g: &SavedGame) -> String {
    let key = serde_json::to_string(&(&g.rules, &g.start, &g.actions)).unwrap_or_default();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in key.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("imported-{h:016x}.json")
}

/// Puts an imported game at the top of `library` (dated `now`, seconds since 1970) and saves
/// it in `dir`, unless the list already holds that game. Returns the saved file, or None when
/// the game was already there. A game that cannot be saved still joins the list; the error
/// says why it was not kept on disk.
pub fn keep_imported(
    library: &mut Vec<SavedGame>,
    game: &SavedGame,
    now: u64,
    dir: Option<&Path>,
) -> Result<Option<PathBuf>, String> {
    if library.iter().any(|g| same_game(g, game)) {
        return Ok(None);
    }
    let mut g = game.clone();
    g.ended = now;
    library.insert(0, g.clone());
    let dir = dir.ok_or("no home folder to keep imported games in")?;
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join(imported_file_name(&g));
    let text = serde_json::to_string(&g).map_err(|e| e.to_string())?;
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Some(path))
}
