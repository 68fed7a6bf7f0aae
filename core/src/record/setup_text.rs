//! A position's text both ways, by its variant (SFEN or YSFEN): read into a `Setup`, and
//! written (`position_text`); and the start position of a rule set, read from its built-in
//! text.

use super::{sfen, ysfen, ParseError};
use crate::position::Position;
use crate::rules::{FirstSeat, RuleSet, Variant};
use crate::setup::Setup;

impl Setup {
    /// Parses SFEN (standard) or YSFEN (Yonin).
    pub fn parse(variant: Variant, text: &str) -> Result<Setup, ParseError> {
        match variant {
            Variant::Standard => sfen::parse(text).map_err(Into::into),
            Variant::Yonin => ysfen::parse(text).map_err(Into::into),
        }
    }
}

impl Position {
    /// The start position of the rule set (handicap for standard; `first_seat` for Yonin, a
    /// random first seat counting as South here — the server draws it).
    pub fn start(rules: &RuleSet) -> Position {
        let text = match rules.variant {
            Variant::Standard => rules.handicap.sfen(),
            Variant::Yonin => ysfen::START,
        };
        let mut p = Setup::parse(rules.variant, text)
            // The built-in start positions are valid (checked by tests).
            .expect("built-in start position parses")
            .into_position(rules)
            .expect("built-in start position is legal");
        if let FirstSeat::Fixed(s) = rules.first_seat {
            if rules.variant == Variant::Yonin {
                p.set_to_move(s);
            }
        }
        p
    }
}

/// SFEN (standard) or YSFEN (Yonin) of a position.
pub fn position_text(pos: &Position) -> String {
    match pos.variant() {
        Variant::Standard => sfen::format(pos),
        Variant::Yonin => ysfen::format(pos),
    }
}
