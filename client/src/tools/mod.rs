//! The `yonin` command line's tools: engine and record commands that need no window.

pub mod cli;
pub(crate) mod convert;
mod error;
pub(crate) mod review;
pub(crate) mod usi;

pub use error::ToolError;
