//! Yonin desktop client: the game window, its screens, and the command line.
//!
//! - `net` (network thread, tokio inside) and `session` (the protocol as the screens see it)
//!   work without a window; `table` is the client's mirror of a game.
//! - `board_view`, `layout`, `game_view`, `ui` and `screens` draw with macroquad.
//! - `scenario` and `screenshot` render named scenes to PNG for tests.

pub mod app;
pub mod assets;
pub mod board_view;
pub mod chat;
pub mod cli;
pub mod convert;
pub mod cycle;
pub mod first_draw;
pub mod game_view;
pub mod hosting;
pub mod i18n;
pub mod input;
pub mod keyboard;
pub mod layout;
pub mod net;
pub mod net_scenes;
pub mod notation;
pub mod reconnect;
pub mod redraw;
pub mod review_cmd;
pub mod scenario;
pub mod screens;
pub mod screenshot;
pub mod seats;
pub mod session;
pub mod settings;
pub mod shortcuts;
pub mod table;
pub mod theme;
pub mod together;
pub mod typed_move;
pub mod ui;
pub mod usi;
