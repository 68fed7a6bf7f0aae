//! Furigoma 振り駒: who plays Sente in an even standard game, decided by tossing five pawns
//! (rule book §1, "Who is Sente"); and `draw_first`, which seat moves first when the rules
//! leave it to chance (furigoma in standard shogi, a drawn seat in Yonin).

use crate::rules::{FirstSeat, Handicap, RuleSet, Variant};
use crate::seat::{Seat, SeatSet};
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

/// How chance chose who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FirstDraw {
    /// Standard (even game): the player now in `tosser` tossed five pawns (the host, or
    /// Sente's player when the host only watches); the seats were swapped if the toss said so.
    Furigoma { toss: Toss, tosser: Seat },
    /// Yonin: this seat was drawn to move first.
    Seat(Seat),
}

/// Draws who moves first when `rules.first_seat` is `Random`, and fixes it in `rules`; `None`
/// (and `rules` unchanged) when the rules name the first seat. `bits` is a fresh random number.
///
/// - Yonin: one of the seats `in_play` is drawn.
/// - Standard: South (Sente) moves first. An even game that is not a rematch tosses five pawns:
///   `FirstDraw::Furigoma::tosser` is the seat the player who tossed belongs in (Sente's when
///   more 歩 than と land face up), and the caller moves that player there, swapping the two
///   players when needed. A handicap game (its giver is Gote) and a rematch (the sides
///   already swapped) toss nothing.
pub fn draw_first(
    rules: &mut RuleSet,
    in_play: SeatSet,
    bits: u64,
    rematch: bool,
) -> Option<FirstDraw> {
    if rules.first_seat != FirstSeat::Random {
        return None;
    }
    match rules.variant {
        Variant::Yonin => {
            let seats: Vec<Seat> = in_play.iter().collect();
            let pick = *seats.get((bits % seats.len().max(1) as u64) as usize)?;
            rules.first_seat = FirstSeat::Fixed(pick);
            Some(FirstDraw::Seat(pick))
        }
        Variant::Standard => {
            rules.first_seat = FirstSeat::Fixed(Seat::South);
            if rules.handicap != Handicap::Even || rematch {
                return None;
            }
            let toss = Toss::from_bits(bits);
            let tosser = if toss.tosser_plays_sente() {
                Seat::South
            } else {
                Seat::North
            };
            Some(FirstDraw::Furigoma { toss, tosser })
        }
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

    #[test]
    fn draw_first_fixes_the_first_seat_only_when_chance_decides() {
        // Named first seat: nothing drawn, the rules unchanged.
        let mut named = RuleSet::yonin();
        named.first_seat = FirstSeat::Fixed(Seat::West);
        assert_eq!(draw_first(&mut named, SeatSet::ALL, 7, false), None);
        assert_eq!(named.first_seat, FirstSeat::Fixed(Seat::West));

        // Yonin: a seat in play is drawn and named in the rules.
        for bits in 0..8 {
            let mut rules = RuleSet::yonin();
            rules.first_seat = FirstSeat::Random;
            let Some(FirstDraw::Seat(s)) = draw_first(&mut rules, SeatSet::ALL, bits, false) else {
                panic!("a Yonin draw names a seat");
            };
            assert_eq!(rules.first_seat, FirstSeat::Fixed(s));
        }

        // Standard, even: South moves first and the toss says where the tosser sits.
        let mut rules = RuleSet::standard();
        rules.first_seat = FirstSeat::Random;
        let all_pawns = draw_first(&mut rules, SeatSet::STANDARD, 0, false);
        assert_eq!(rules.first_seat, FirstSeat::Fixed(Seat::South));
        assert!(matches!(
            all_pawns,
            Some(FirstDraw::Furigoma {
                tosser: Seat::South,
                ..
            })
        ));
        let mut rules = RuleSet::standard();
        rules.first_seat = FirstSeat::Random;
        let all_tokins = draw_first(&mut rules, SeatSet::STANDARD, 0b11111, false);
        assert!(matches!(
            all_tokins,
            Some(FirstDraw::Furigoma {
                tosser: Seat::North,
                ..
            })
        ));

        // A rematch and a handicap game toss nothing, but South still moves first.
        for (handicap, rematch) in [(Handicap::Even, true), (Handicap::Rook, false)] {
            let mut rules = RuleSet::standard();
            rules.first_seat = FirstSeat::Random;
            rules.handicap = handicap;
            assert_eq!(draw_first(&mut rules, SeatSet::STANDARD, 0, rematch), None);
            assert_eq!(rules.first_seat, FirstSeat::Fixed(Seat::South));
        }
    }
}
