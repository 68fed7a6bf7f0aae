//! YSFEN: Yonin positions as SFEN extended with seats (`<board> <to move> <hands> <dead> <ply>`).
//!
//! A piece is `[+]<letter><owner>` (`Ks`, `+Rw`). Under the house rule that passes a mated army
//! to the mating seat a piece's facing can differ from its owner; the facing then follows as a
//! second seat letter (`Psw`: South's pawn, moving as West's). Canonical text writes the second
//! letter only when it differs.

use super::sfen::{board_field, parse_board, parse_hand_text, parse_move_number, ParseSfenError};
use crate::hand::Hand;
use crate::piece::{Piece, PieceKind};
use crate::position::Position;
use crate::rules::RuleSet;
use crate::seat::Seat;
use crate::setup::Setup;

/// The Yonin start position.
pub const START: &str = "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw5PeGe/KwRwPw3PeReKe/GwPw5PeGe/Sw3Ps3Se/3PsRsPs3/2SsGsKsGsSs2 s -/-/-/- - 1";

fn short(s: &str) -> String {
    s.chars().take(24).collect()
}

/// Parses YSFEN (without validating the position).
pub fn parse(text: &str) -> Result<Setup, ParseSfenError> {
    let mut fields = text.split_ascii_whitespace();
    let board = fields.next().ok_or(ParseSfenError::Empty)?;
    let board = parse_board(board, |s| {
        let b = s.as_bytes();
        let (promoted, at) = if b.first() == Some(&b'+') {
            (true, 1)
        } else {
            (false, 0)
        };
        let token = || s.chars().take(at + 2).collect::<String>();
        let letter = *b
            .get(at)
            .ok_or_else(|| ParseSfenError::UnknownPiece(token()))?;
        let seat_letter = *b
            .get(at + 1)
            .ok_or_else(|| ParseSfenError::UnknownPiece(token()))?;
        let kind = Some(letter as char)
            .filter(|c| c.is_ascii_uppercase())
            .and_then(PieceKind::from_letter)
            .ok_or_else(|| ParseSfenError::UnknownPiece(token()))?;
        let seat = Seat::from_letter(seat_letter as char)
            .ok_or_else(|| ParseSfenError::UnknownPiece(token()))?;
        let kind = if promoted {
            if !kind.can_promote() {
                return Err(ParseSfenError::BadPromotion(token()));
            }
            kind.promoted()
        } else {
            kind
        };
        // A second seat letter gives the facing when it differs from the owner (a mated army
        // passed to the mating seat keeps its facing): `Psw` is South's pawn facing West.
        match b.get(at + 2).and_then(|&c| Seat::from_letter(c as char)) {
            Some(facing) if facing != seat => Ok((Piece::new(kind, seat, facing), at + 3)),
            Some(_) => Err(ParseSfenError::UnknownPiece(
                s.chars().take(at + 3).collect(),
            )),
            None => Ok((Piece::of(kind, seat), at + 2)),
        }
    })?;
    let side = fields
        .next()
        .ok_or_else(|| ParseSfenError::MissingField("seat to move".into()))?;
    let to_move = single_seat(side).ok_or_else(|| ParseSfenError::BadSideToMove(short(side)))?;
    let hand_field = fields
        .next()
        .ok_or_else(|| ParseSfenError::MissingField("hands".into()))?;
    let groups: Vec<&str> = hand_field.split('/').collect();
    if groups.len() != 4 {
        return Err(ParseSfenError::BadHand(short(hand_field)));
    }
    let mut hands = [Hand::EMPTY; 4];
    for (i, g) in groups.iter().enumerate() {
        parse_hand_text(g, |k, lower, n| {
            if lower {
                return Err(ParseSfenError::BadHand(short(g)));
            }
            let h = &mut hands[i];
            h.set(k, h.count(k).saturating_add(n));
            Ok(())
        })?;
    }
    let dead_field = fields
        .next()
        .ok_or_else(|| ParseSfenError::MissingField("eliminated seats".into()))?;
    let dead = if dead_field == "-" {
        Vec::new()
    } else {
        let seats: Option<Vec<Seat>> = dead_field.chars().map(Seat::from_letter).collect();
        match seats {
            Some(v) if !v.is_empty() && v.len() <= 4 => v,
            _ => return Err(ParseSfenError::BadDeadSeats(short(dead_field))),
        }
    };
    let ply = parse_move_number(fields.next())?;
    if fields.next().is_some() {
        return Err(ParseSfenError::ExtraFields);
    }
    Ok(Setup {
        board,
        hands,
        to_move,
        dead,
        ply,
    })
}

fn single_seat(s: &str) -> Option<Seat> {
    let mut c = s.chars();
    let seat = Seat::from_letter(c.next()?)?;
    c.next().is_none().then_some(seat)
}

/// Parses and validates a Yonin position (`startpos` is accepted too).
pub fn position(text: &str, rules: &RuleSet) -> Result<Position, super::ParseError> {
    let text = if text.trim() == "startpos" {
        START
    } else {
        text
    };
    Ok(parse(text)?.into_position(rules)?)
}

/// Writes canonical YSFEN.
pub fn format(pos: &Position) -> String {
    let board = board_field(&pos.board, |p| {
        let mut t = String::new();
        if p.kind().is_promoted() {
            t.push('+');
        }
        t.push(p.kind().letter());
        t.push(p.owner().letter());
        if p.facing() != p.owner() {
            t.push(p.facing().letter());
        }
        t
    });
    let hands: Vec<String> = Seat::ALL
        .iter()
        .map(|&s| {
            let h = pos.hand(s).to_sfen_part(false);
            if h.is_empty() {
                "-".to_string()
            } else {
                h
            }
        })
        .collect();
    let dead: String = pos.dead().map(|s| s.letter()).collect();
    let dead = if dead.is_empty() {
        "-".to_string()
    } else {
        dead
    };
    format!(
        "{board} {} {} {dead} {}",
        pos.to_move().letter(),
        hands.join("/"),
        pos.ply()
    )
}
