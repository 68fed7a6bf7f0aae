//! Reading a game record file: its bytes, from a file or standard input, within the size a
//! record may have. Used by the replay's import and the command line's tools.

use crate::error::FileError;
use std::io::Read;
use std::path::Path;
use yonin_core::record::game_record::MAX_RECORD_BYTES;

/// A record file's bytes (`-`: standard input), at most `MAX_RECORD_BYTES`; errors name the
/// file.
pub(crate) fn read_input(path: &Path) -> Result<Vec<u8>, FileError> {
    let limit = MAX_RECORD_BYTES as u64 + 1;
    let mut bytes = Vec::new();
    let read = if path == Path::new("-") {
        std::io::stdin().lock().take(limit).read_to_end(&mut bytes)
    } else {
        let file = std::fs::File::open(path).map_err(|e| FileError::at(path, e))?;
        file.take(limit).read_to_end(&mut bytes)
    };
    read.map_err(|e| FileError::at(path, e))?;
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(FileError::at(
            path,
            format!("larger than {MAX_RECORD_BYTES} bytes; not a game record"),
        ));
    }
    Ok(bytes)
}
