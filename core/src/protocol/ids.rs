//! Who and where: a connected player, a room, and the secret that gets a seat back.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A connected player, unique for the server's lifetime.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlayerId(pub u64);

/// A room, unique for the server's lifetime.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RoomId(pub u64);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "p{}", self.0)
    }
}

impl fmt::Display for RoomId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}", self.0)
    }
}

/// The 128-bit secret that proves a connection holds a seat. Given once, when the seat is
/// taken (and again in `GameStarted` for that seat only); presented in `Hello` or `Resume`
/// to get the seat back after a dropped connection. Written as 32 lower-case hex digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ResumeToken(pub u128);

impl ResumeToken {
    /// The hex text (32 digits).
    pub fn to_hex(self) -> String {
        format!("{:032x}", self.0)
    }
    /// Parses exactly 32 hex digits.
    pub fn from_hex(s: &str) -> Option<ResumeToken> {
        if s.len() != 32 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        u128::from_str_radix(s, 16).ok().map(ResumeToken)
    }
}

impl fmt::Debug for ResumeToken {
    /// Never prints the secret itself (logs must not leak it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ResumeToken(…)")
    }
}

impl Serialize for ResumeToken {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for ResumeToken {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ResumeToken, D::Error> {
        let s = String::deserialize(d)?;
        ResumeToken::from_hex(&s)
            .ok_or_else(|| serde::de::Error::custom("a resume token is 32 hex digits"))
    }
}
