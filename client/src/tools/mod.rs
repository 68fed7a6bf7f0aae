//! The `yonin` command line's tools: engine and record commands that need no window.

pub mod cli;
pub(crate) mod convert;
mod error;
pub(crate) mod review;
pub(crate) mod usi;

pub use error::ToolError;

/// Writes a tool's result to `output`, or to `out` (standard output) when no file is named.
pub(crate) fn write_output(
    output: Option<&std::path::Path>,
    text: &str,
    out: &mut impl std::io::Write,
) -> Result<(), ToolError> {
    match output {
        Some(path) => std::fs::write(path, text).map_err(|error| ToolError::Output {
            path: path.to_path_buf(),
            error,
        }),
        None => out.write_all(text.as_bytes()).map_err(ToolError::Stdout),
    }
}
