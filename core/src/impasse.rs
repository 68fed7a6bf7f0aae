//! The impasse declaration 入玉宣言 of standard shogi: the 27-point rule and the JSA 24-point rule.

use crate::piece::PieceKind;
use crate::position::Position;
use crate::rules::ImpasseRule;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// What a valid declaration gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ImpasseVerdict {
    Win {
        points: u32,
    },
    /// 24-point rule: 24 to 30 points.
    Draw {
        points: u32,
    },
}

/// Why a declaration is rejected (the game goes on).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
pub enum ImpasseRefusal {
    #[error("a declaration is made on your own turn")]
    NotYourTurn,
    #[error("the impasse declaration exists only in standard shogi")]
    NotStandard,
    #[error("your king is not in the enemy zone")]
    KingNotInZone,
    #[error("your king is in check")]
    InCheck,
    #[error("only {0} of your other pieces are in the enemy zone; 10 are needed")]
    TooFewPieces(u32),
    #[error("you have {have} points; {need} are needed")]
    TooFewPoints { have: u32, need: u32 },
}

/// `seat`'s pieces in the enemy zone (its king left out) and its impasse points: rook and
/// bishop (promoted or not) 5, every other piece 1, counting those in the zone and in hand.
fn zone_count_and_points(pos: &Position, seat: Seat) -> (u32, u32) {
    let mut count = 0;
    let mut points = 0;
    for sq in pos.pieces_of(seat) {
        let Some(p) = pos.piece_at(sq) else { continue };
        if p.kind() != PieceKind::King && sq.in_zone(seat) {
            count += 1;
            points += p.kind().impasse_points();
        }
    }
    for (k, n) in pos.hand(seat).pieces() {
        points += k.impasse_points() * n as u32;
    }
    (count, points)
}

/// When both kings of a standard game stand in the enemy zones, each side's impasse points
/// (Sente, Gote): JSA's adjudication by agreement draws when both have 24 or more, and a
/// side under 24 loses. None otherwise.
pub fn mutual_entry_points(pos: &Position) -> Option<(u32, u32)> {
    if pos.variant() != crate::Variant::Standard {
        return None;
    }
    let entered = |s: Seat| pos.king(s).is_some_and(|k| k.in_zone(s));
    if !(entered(Seat::South) && entered(Seat::North)) {
        return None;
    }
    Some((
        zone_count_and_points(pos, Seat::South).1,
        zone_count_and_points(pos, Seat::North).1,
    ))
}

/// Judges a declaration by `seat` in `pos`.
#[doc(alias = "nyugyoku")]
pub fn declaration(
    pos: &Position,
    seat: Seat,
    rule: ImpasseRule,
) -> Result<ImpasseVerdict, ImpasseRefusal> {
    if pos.variant() != crate::Variant::Standard {
        return Err(ImpasseRefusal::NotStandard);
    }
    if pos.to_move() != seat {
        return Err(ImpasseRefusal::NotYourTurn);
    }
    let king = pos.king(seat).ok_or(ImpasseRefusal::KingNotInZone)?;
    if !king.in_zone(seat) {
        return Err(ImpasseRefusal::KingNotInZone);
    }
    if pos.in_check(seat) {
        return Err(ImpasseRefusal::InCheck);
    }
    let (count, points) = zone_count_and_points(pos, seat);
    if count < 10 {
        return Err(ImpasseRefusal::TooFewPieces(count));
    }
    match rule {
        ImpasseRule::Points27 => {
            let need = if seat == Seat::South { 28 } else { 27 };
            if points >= need {
                Ok(ImpasseVerdict::Win { points })
            } else {
                Err(ImpasseRefusal::TooFewPoints { have: points, need })
            }
        }
        ImpasseRule::Points24 => match points {
            31.. => Ok(ImpasseVerdict::Win { points }),
            24..=30 => Ok(ImpasseVerdict::Draw { points }),
            _ => Err(ImpasseRefusal::TooFewPoints {
                have: points,
                need: 24,
            }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;
    use crate::setup::Setup;

    fn position(sfen: &str) -> Position {
        Setup::parse(crate::Variant::Standard, sfen)
            .unwrap()
            .into_position(&RuleSet::standard())
            .unwrap()
    }

    #[test]
    fn points_are_shown_only_when_both_kings_have_entered() {
        // Sente's king on 9a, Gote's on 1i: both in the enemy zones. Sente: a dragon in the
        // zone (5) and a rook and two pawns in hand (7); Gote: a bishop in hand (5).
        let both = position("K8/4+R4/9/9/9/9/9/9/8k b R2Pb 1");
        assert_eq!(mutual_entry_points(&both), Some((12, 5)));
        // Gote's king at home: no adjudication to show.
        let one = position("K7k/4+R4/9/9/9/9/9/9/9 b R2Pb 1");
        assert_eq!(mutual_entry_points(&one), None);
        // The start position.
        assert_eq!(
            mutual_entry_points(&Position::start(&RuleSet::standard())),
            None
        );
    }
}
