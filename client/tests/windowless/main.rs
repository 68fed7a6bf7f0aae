//! The client without a window: `Session`, the table and the replay logic as the screens use
//! them, against real servers on 127.0.0.1 (each test its own server and folder).
//!
//! - `offline_game`, `online_session`, `net_flows`: playing offline, two clients online,
//!   hosting, joining, watching, chat, a dropped seat coming back;
//! - `saved_seats`, `pass_and_play`, `stand_in_names`: seats kept on disk, pass and play,
//!   a person's name through a drop and a stand-in;
//! - `typed_moves`, `side_names`: typed moves, Sente/Gote and seat names in every language;
//! - `replay_records`: replay sources, export and import, a server's games, the review;
//! - `redirect`: a room on another node of a cluster, followed (or refused, or out of reach).

#[path = "../common/mod.rs"]
mod common;

mod net_flows;
mod offline_game;
mod online_session;
mod pass_and_play;
mod redirect;
mod replay_records;
mod saved_seats;
mod side_names;
mod stand_in_names;
mod typed_moves;
