//! Yonin desktop client: the game window, its screens, and the command line.
//!
//! The folders are layers; a module imports only from the layers below it:
//!
//! - `tools` (the command line's engine and record tools), `app` (the window's frame loop) and
//!   `scenes` (named scenes drawn to PNG for `--screenshot` and the tests, off the game's chain);
//! - `screens`: what fills the window, one screen at a time;
//! - `view` (drawing: geometry, board, panels, the ui kit) and `input` (keys, clicks, intents);
//! - `state` (the table, the session, seats, settings, chat log) and `net` (the network
//!   thread), which work without a window;
//! - `i18n`, `redraw` and `cycle`: small helpers every layer uses.

pub mod app;
pub(crate) mod cycle;
pub mod error;
pub mod i18n;
pub mod input;
pub mod net;
pub(crate) mod redraw;
pub mod scenes;
pub mod screens;
pub mod state;
pub mod tools;
pub mod view;
