//! Drawing with macroquad: the look (theme, font), where things go for a window size, the
//! board, the game's panels, and the ui kit of widgets and text-fitting helpers.

pub mod assets;
pub mod board;
pub(crate) mod capture;
pub mod chat;
pub(crate) mod first_draw;
pub mod game;
pub mod layout;
pub(crate) mod reconnect;
pub mod theme;
pub mod ui;
