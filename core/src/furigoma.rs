//! Furigoma 振り駒: who plays Sente in an even standard game, decided by tossing five pawns
//! (rule book §1, "Who is Sente").

use serde::{Deserialize, Serialize};

/// The pawns tossed.
pub const PAWNS: usize = 5;

/// How five tossed pawns landed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Toss {
    /// `true` where a pawn landed with its promoted side (と) up.
    pub tokins: [bool; PAWNS],
}

impl Toss {
    /// The toss the low five bits of `bits` describe (bit i set: pawn i shows と), so a
    /// uniformly random number gives each pawn an even chance of either face.
    pub fn from_bits(bits: u64) -> Toss {
        let mut tokins = [false; PAWNS];
        for (i, t) in tokins.iter_mut().enumerate() {
            *t = bits >> i & 1 == 1;
        }
        Toss { tokins }
    }

    /// Pawns that landed promoted side (と) up.
    pub fn tokin_count(&self) -> usize {
        self.tokins.iter().filter(|&&t| t).count()
    }

    /// Pawns that landed unpromoted side (歩) up.
    pub fn pawn_count(&self) -> usize {
        PAWNS - self.tokin_count()
    }

    /// The tosser plays Sente when more 歩 than と land face up (five pawns: no tie).
    pub fn tosser_plays_sente(&self) -> bool {
        self.pawn_count() > self.tokin_count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_toss_decides_both_ways() {
        // All 歩: the tosser is Sente; all と: the other player is.
        assert!(Toss::from_bits(0).tosser_plays_sente());
        assert!(!Toss::from_bits(0b11111).tosser_plays_sente());
        // Three 歩 and two と, and the other way round.
        let t = Toss::from_bits(0b10100);
        assert_eq!((t.pawn_count(), t.tokin_count()), (3, 2));
        assert!(t.tosser_plays_sente());
        let t = Toss::from_bits(0b01011);
        assert_eq!((t.pawn_count(), t.tokin_count()), (2, 3));
        assert!(!t.tosser_plays_sente());
        // Bits above the fifth are ignored.
        assert_eq!(Toss::from_bits(1 << 5), Toss::from_bits(0));
    }

    #[test]
    fn a_fair_source_makes_a_fair_toss() {
        // Over every five-bit pattern the tosser is Sente exactly half the time.
        let sente = (0..32u64)
            .filter(|&b| Toss::from_bits(b).tosser_plays_sente())
            .count();
        assert_eq!(sente, 16);
    }
}
