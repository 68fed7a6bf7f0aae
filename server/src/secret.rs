//! Secrets from the operating system's random source: seat tokens and join codes.

use rand::rngs::OsRng;
use rand::{Rng, TryRngCore};
use yonin_core::protocol::{ResumeToken, JOIN_CODE_CHARS};

/// Fills `buf` from the OS; if the OS source fails, from the thread's CSPRNG (itself seeded by
/// the OS), so a token is never predictable.
fn fill(buf: &mut [u8]) {
    if OsRng.try_fill_bytes(buf).is_err() {
        tracing::warn!("the OS random source failed; using the thread RNG");
        rand::rng().fill(buf);
    }
}

/// A fresh 128-bit seat token.
pub fn token() -> ResumeToken {
    let mut b = [0u8; 16];
    fill(&mut b);
    ResumeToken(u128::from_le_bytes(b))
}

/// A fresh join code: upper-case letters and digits without look-alikes (no 0/O, 1/I/L).
pub fn join_code() -> String {
    const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    let mut b = [0u8; JOIN_CODE_CHARS];
    fill(&mut b);
    b.iter()
        .map(|x| ALPHABET[*x as usize % ALPHABET.len()] as char)
        .collect()
}

/// A random 64-bit number (bot seeds, the random first seat).
pub fn u64() -> u64 {
    let mut b = [0u8; 8];
    fill(&mut b);
    u64::from_le_bytes(b)
}
