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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
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
