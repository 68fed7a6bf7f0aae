//! The client's errors about the files it keeps and writes (settings, saved seats, finished
//! games, pictures). Each says which file and what went wrong with it, in the same words as
//! before it had a type: "<path>: <why>".

use std::fmt::Display;
use std::path::{Path, PathBuf};

/// What went wrong with a file the client keeps or writes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    /// Reading, writing or understanding `path` failed.
    #[error("{}: {why}", path.display())]
    At { path: PathBuf, why: String },
    /// Text that is not what it should be, before it has a file (JSON, a PNG encoder).
    #[error("{0}")]
    Text(String),
    /// No per-user folder to keep these in (the words name what: "settings", "games").
    #[error("no home folder to save {0} in")]
    NoHome(&'static str),
}

impl FileError {
    /// `why` went wrong with `path`.
    pub(crate) fn at(path: &Path, why: impl Display) -> FileError {
        FileError::At {
            path: path.to_path_buf(),
            why: why.to_string(),
        }
    }

    /// A problem with text, said as it is.
    pub(crate) fn text(why: impl Display) -> FileError {
        FileError::Text(why.to_string())
    }
}
