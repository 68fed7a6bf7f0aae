//! Pieces in hand: a count for each of the seven kinds that can be dropped.

use crate::piece::PieceKind;
use serde::{Deserialize, Serialize};

/// The pieces a seat holds in hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hand(pub [u8; 7]);

impl Hand {
    pub const EMPTY: Hand = Hand([0; 7]);

    /// How many of `kind` (an unpromoted hand kind; other kinds count 0).
    #[inline(always)]
    pub fn count(&self, kind: PieceKind) -> u8 {
        self.0.get(kind.index()).copied().unwrap_or(0)
    }
    /// Adds one piece of `kind`'s unpromoted kind (kings are never held).
    #[inline(always)]
    pub fn add(&mut self, kind: PieceKind) {
        if let Some(c) = self.0.get_mut(kind.unpromoted().index()) {
            *c = c.saturating_add(1);
        }
    }
    #[inline(always)]
    pub fn remove(&mut self, kind: PieceKind) {
        if let Some(c) = self.0.get_mut(kind.index()) {
            *c = c.saturating_sub(1);
        }
    }
    pub fn set(&mut self, kind: PieceKind, n: u8) {
        if let Some(c) = self.0.get_mut(kind.index()) {
            *c = n;
        }
    }
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| c as u32).sum()
    }
    /// Adds every piece of `other`.
    pub fn merge(&mut self, other: &Hand) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.saturating_add(*b);
        }
    }
    /// (kind, count) for the kinds held, in SFEN order (R B G S N L P).
    pub fn pieces(&self) -> impl Iterator<Item = (PieceKind, u8)> + '_ {
        PieceKind::SFEN_HAND_ORDER
            .into_iter()
            .map(|k| (k, self.count(k)))
            .filter(|&(_, n)| n > 0)
    }
    /// SFEN-style text without colour (`R2P`), `-` for an empty hand, as YSFEN writes it.
    pub fn to_sfen_part(&self, lower: bool) -> String {
        let mut s = String::new();
        for (k, n) in self.pieces() {
            if n > 1 {
                s.push_str(&n.to_string());
            }
            let c = k.letter();
            s.push(if lower { c.to_ascii_lowercase() } else { c });
        }
        s
    }
}
