//! SFEN: parsing and writing standard-shogi positions (`lnsgkgsnl/… b - 1`).

use crate::hand::Hand;
use crate::piece::{Piece, PieceKind};
use crate::position::Position;
use crate::rules::RuleSet;
use crate::seat::Seat;
use crate::setup::Setup;
use crate::square::Square;
use serde::{Deserialize, Serialize};

/// The standard start position.
pub const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// Why an SFEN or YSFEN text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum ParseSfenError {
    #[error("the position is empty")]
    Empty,
    #[error("the {0} field is missing")]
    MissingField(String),
    #[error("there are extra fields after the move number")]
    ExtraFields,
    #[error("the board must have 9 ranks, found {0}")]
    BadRankCount(usize),
    #[error("rank {rank} must have 9 squares, found {len}")]
    BadRankLength { rank: usize, len: usize },
    #[error("rank {0} has two digits in a row")]
    DoubleDigit(usize),
    #[error("`{0}` is not a piece")]
    UnknownPiece(String),
    #[error("`{0}` cannot be promoted")]
    BadPromotion(String),
    #[error("`{0}` is not a seat to move")]
    BadSideToMove(String),
    #[error("`{0}` is not a hand")]
    BadHand(String),
    #[error("`{0}` is not a list of eliminated seats")]
    BadDeadSeats(String),
    #[error("`{0}` is not a move number")]
    BadMoveNumber(String),
}

fn short(s: &str) -> String {
    s.chars().take(24).collect()
}

/// Splits a board field into ranks of tokens, calling `piece` to read one piece token from the
/// front of the remaining text (returns the piece and the bytes it used).
pub(crate) fn parse_board(
    board: &str,
    mut piece: impl FnMut(&str) -> Result<(Piece, usize), ParseSfenError>,
) -> Result<[Option<Piece>; 81], ParseSfenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 9 {
        return Err(ParseSfenError::BadRankCount(ranks.len()));
    }
    let mut out = [None; 81];
    for (r, text) in ranks.iter().enumerate() {
        let mut file = 9i32; // next file to fill, from 9 down to 1
        let mut rest = *text;
        let mut last_digit = false;
        while let Some(c) = rest.chars().next() {
            if let Some(d) = c.to_digit(10) {
                if last_digit {
                    return Err(ParseSfenError::DoubleDigit(r + 1));
                }
                if d == 0 {
                    return Err(ParseSfenError::UnknownPiece("0".into()));
                }
                file -= d as i32;
                rest = &rest[1..];
                last_digit = true;
            } else {
                let (p, used) = piece(rest)?;
                if file >= 1 {
                    if let Some(sq) = Square::from_file_rank(file as u8, r as u8 + 1) {
                        out[sq.index()] = Some(p);
                    }
                }
                file -= 1;
                rest = &rest[used..];
                last_digit = false;
            }
            if file < 0 {
                return Err(ParseSfenError::BadRankLength {
                    rank: r + 1,
                    len: (9 - file) as usize,
                });
            }
        }
        if file != 0 {
            return Err(ParseSfenError::BadRankLength {
                rank: r + 1,
                len: (9 - file) as usize,
            });
        }
    }
    Ok(out)
}

/// Reads hand text (`2P3p`, `R2P`) calling `place(kind, lower_case, count)`.
pub(crate) fn parse_hand_text(
    text: &str,
    mut place: impl FnMut(PieceKind, bool, u8) -> Result<(), ParseSfenError>,
) -> Result<(), ParseSfenError> {
    if text == "-" {
        return Ok(());
    }
    let bad = || ParseSfenError::BadHand(short(text));
    if text.is_empty() {
        return Err(bad());
    }
    let mut count: u32 = 0;
    let mut digits = 0;
    for c in text.chars() {
        if let Some(d) = c.to_digit(10) {
            digits += 1;
            count = count * 10 + d;
            if digits > 2 || count > 18 || (digits == 1 && d == 0) {
                return Err(bad());
            }
            continue;
        }
        let kind = PieceKind::from_letter(c)
            .filter(|k| *k != PieceKind::King)
            .ok_or_else(bad)?;
        if digits > 0 && count < 2 {
            return Err(bad());
        }
        place(kind, c.is_ascii_lowercase(), count.max(1) as u8)?;
        count = 0;
        digits = 0;
    }
    if digits > 0 {
        return Err(bad());
    }
    Ok(())
}

pub(crate) fn parse_move_number(field: Option<&str>) -> Result<u32, ParseSfenError> {
    match field {
        None => Ok(1),
        Some(t) => t
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=100_000).contains(n))
            .ok_or_else(|| ParseSfenError::BadMoveNumber(short(t))),
    }
}

/// Parses SFEN (the move number may be left out; it is then 1).
pub fn parse(text: &str) -> Result<Setup, ParseSfenError> {
    let mut fields = text.split_ascii_whitespace();
    let board = fields.next().ok_or(ParseSfenError::Empty)?;
    let board = parse_board(board, |s| {
        let mut chars = s.chars();
        let c = chars.next().unwrap_or(' ');
        let (promoted, c, used) = if c == '+' {
            let n = chars
                .next()
                .ok_or_else(|| ParseSfenError::UnknownPiece("+".into()))?;
            (true, n, 1 + n.len_utf8())
        } else {
            (false, c, c.len_utf8())
        };
        let kind =
            PieceKind::from_letter(c).ok_or_else(|| ParseSfenError::UnknownPiece(c.to_string()))?;
        let kind = if promoted {
            if !kind.can_promote() {
                return Err(ParseSfenError::BadPromotion(format!("+{c}")));
            }
            kind.promoted()
        } else {
            kind
        };
        let seat = if c.is_ascii_uppercase() {
            Seat::South
        } else {
            Seat::North
        };
        Ok((Piece::of(kind, seat), used))
    })?;
    let side = fields
        .next()
        .ok_or_else(|| ParseSfenError::MissingField("side to move".into()))?;
    let to_move = match side {
        "b" => Seat::South,
        "w" => Seat::North,
        t => return Err(ParseSfenError::BadSideToMove(short(t))),
    };
    let hand_text = fields
        .next()
        .ok_or_else(|| ParseSfenError::MissingField("hand".into()))?;
    let mut hands = [Hand::EMPTY; 4];
    parse_hand_text(hand_text, |k, lower, n| {
        let seat = if lower { Seat::North } else { Seat::South };
        let h = &mut hands[seat.index()];
        h.set(k, h.count(k).saturating_add(n));
        Ok(())
    })?;
    let ply = parse_move_number(fields.next())?;
    if fields.next().is_some() {
        return Err(ParseSfenError::ExtraFields);
    }
    Ok(Setup {
        board,
        hands,
        to_move,
        dead: Vec::new(),
        ply,
    })
}

/// Parses and validates a standard position (`startpos` is accepted too).
pub fn position(text: &str, rules: &RuleSet) -> Result<Position, super::ParseError> {
    let text = if text.trim() == "startpos" {
        START
    } else {
        text
    };
    Ok(parse(text)?.into_position(rules)?)
}

/// The board field of SFEN.
fn board_text(board: &[Option<Piece>; 81], piece: impl Fn(Piece) -> String) -> String {
    let mut s = String::new();
    for rank in 1..=9u8 {
        if rank > 1 {
            s.push('/');
        }
        let mut empty = 0;
        for file in (1..=9u8).rev() {
            let Some(sq) = Square::from_file_rank(file, rank) else {
                continue;
            };
            match board[sq.index()] {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(&piece(p));
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
    }
    s
}

pub(crate) fn board_field(board: &[Option<Piece>; 81], piece: impl Fn(Piece) -> String) -> String {
    board_text(board, piece)
}

/// Writes SFEN for a standard position.
pub fn format(pos: &Position) -> String {
    let board = board_text(&pos.board, |p| {
        let mut t = String::new();
        if p.kind().is_promoted() {
            t.push('+');
        }
        let c = p.kind().letter();
        t.push(if p.owner() == Seat::South {
            c
        } else {
            c.to_ascii_lowercase()
        });
        t
    });
    let side = if pos.to_move() == Seat::North {
        'w'
    } else {
        'b'
    };
    let mut hands = pos.hand(Seat::South).to_sfen_part(false);
    hands.push_str(&pos.hand(Seat::North).to_sfen_part(true));
    if hands.is_empty() {
        hands.push('-');
    }
    format!("{board} {side} {hands} {}", pos.ply())
}
