//! What the client knows, without a window: the table (a mirror of the game), the session
//! with a server, the seats it holds, the settings and finished games, the chat logs, and the
//! people playing at this computer.

pub mod chat;
pub(crate) mod notation;
pub mod reconnect;
pub(crate) mod record_file;
pub mod seats;
pub mod session;
pub mod settings;
pub mod table;
pub(crate) mod together;
