//! Helpers shared by the client's test binaries.

pub mod pictures;
pub mod server;
