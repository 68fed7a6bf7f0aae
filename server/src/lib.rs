//! Yonin game server library.

pub mod discovery;
pub mod store;
