//! Tests that switch a process-wide setting (the language, the theme), kept apart from the
//! others so they never change what another test reads.
//!
//! - `i18n`: every string of every language present and drawable with the embedded font;
//! - `settings`: settings saved and read back, old files, the board themes.

mod i18n;
mod settings;
