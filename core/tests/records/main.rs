//! Game records: every format read, written and detected, real files, round trips, notation,
//! comments, and bad records refused with the line and the cause.
//!
//! - `formats`, `notation`: each format's reading and writing, move notation;
//! - `roundtrip`: random games through every format and back;
//! - `foreign_files`: records made by another program read back to their moves and positions;
//! - `stored_games`: stored games exported in every format and imported back, sniffing;
//! - `invalid`: bad records are errors that name the line, never panics.

mod foreign_files;
mod formats;
mod invalid;
mod notation;
mod roundtrip;
mod stored_games;
