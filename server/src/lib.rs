//! Yonin game server library.
