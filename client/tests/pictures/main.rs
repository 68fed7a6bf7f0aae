//! Pictures: scenes drawn by the built `yonin` binary under a virtual X display (its own
//! `xvfb-run`, or `$DISPLAY`; with neither each test prints a notice and passes), checked in
//! their pixels.
//!
//! - `screenshot`: the board, pieces, hands and the check at known squares; every scene
//!   draws; the game review's graph, mark and arrow;
//! - `net_pictures`: the online scenes (reconnecting, chat);
//! - `rejoin_pictures`: "Rejoin your game" in the menu, in three languages;
//! - `settings_look`: board themes, the beginner marks, confirm-moves;
//! - `prompt_place`: the typed-move line and the move question beside the board.

#[path = "../common/mod.rs"]
mod common;

mod net_pictures;
mod prompt_place;
mod rejoin_pictures;
mod screenshot;
mod settings_look;
