//! The `yonin` command line's tools: engine and record commands that need no window.

pub mod cli;
pub mod convert;
pub mod review;
pub mod usi;
