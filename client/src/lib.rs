//! Yonin desktop client: the game window, its screens, and the command line.

pub mod cli;
pub mod convert;
pub mod usi;
