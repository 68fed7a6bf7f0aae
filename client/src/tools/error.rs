//! `ToolError`: why a command-line tool stopped, said as one line for standard error
//! ("yonin: <why>"), naming the file, the move or the position it could not use.

use crate::error::FileError;
use std::path::PathBuf;
use yonin_core::record::files::RecordIoError;
use yonin_core::record::game_record::RecordError;
use yonin_core::record::{ParseError, RecordFormat};
use yonin_core::{IllegalMove, ParseMoveError, Seat};

/// Why a tool stopped.
#[derive(Debug, thiserror::Error)]
pub enum ToolError {
    /// The `--position` text (its first 100 characters) is not a position of the variant.
    #[error("bad position `{text}`: {error}")]
    Position { text: String, error: ParseError },
    /// Move number `number` (from 1) is not a USI move.
    #[error("move {number}: {error}")]
    MoveText {
        number: usize,
        error: ParseMoveError,
    },
    /// Move number `number` (from 1) breaks a rule for the seat to move.
    #[error("move {number} `{text}` by {seat} is illegal: {error}")]
    Illegal {
        number: usize,
        text: String,
        seat: Seat,
        error: IllegalMove,
    },
    /// The input file could not be read.
    #[error(transparent)]
    Input(#[from] FileError),
    /// The record in `name` could not be read (as `format`, when it was named).
    #[error("{name}{}: {error}", format.map(|f| format!(" (read as {f})")).unwrap_or_default())]
    Read {
        name: String,
        format: Option<RecordFormat>,
        error: RecordIoError,
    },
    /// The record in `name` cannot be written in the asked format.
    #[error("{name}: {error}")]
    Write { name: String, error: RecordIoError },
    /// The record in `name` cannot be reviewed (its moves do not replay, a comment cannot be
    /// placed).
    #[error("{name}: {error}")]
    Review { name: String, error: RecordError },
    /// Writing the result to `path` failed.
    #[error("{}: {error}", path.display())]
    Output {
        path: PathBuf,
        error: std::io::Error,
    },
    /// Writing to standard output failed.
    #[error("writing the output: {0}")]
    Stdout(std::io::Error),
    /// The server subcommand stopped with this reason.
    #[error("{0}")]
    Server(String),
}

impl ToolError {
    /// Whether the reader of standard output went away (`yonin moves | head -1`): it wants
    /// no more, so the tool stops quietly rather than reporting a failure.
    pub fn is_closed_pipe(&self) -> bool {
        matches!(self, ToolError::Stdout(e) if e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}
