//! Moves typed by a player: USI (`7g7f`, `2b3c+`, `P*5e`) or Japanese (`76歩`, `７六歩`,
//! `七六歩`, `同歩`, `55角成`, `58金右`, `24歩打`, `5六歩(57)`), resolved against the position
//! by core's KI2 reader; a move that cannot be played says why, with core's legality diagnosis.
//!
//! In Yonin the same forms work: USI squares are the same 9×9 board, and the Japanese words
//! are read from the mover's own side (右 is the mover's right, 上 its forward), as core's
//! KI2 reader does for every seat; an origin in brackets (`5六歩(57)`) settles any case the
//! words cannot (many pieces of one kind, as after an army passes to its mater).

use crate::record::notation::{self, NotationError};
use crate::{IllegalMove, Move, PieceKind, Position, Seat, Square, Variant};

/// A typed move read: played as it is, or (Japanese text that did not say 成 or 不成) a move
/// that may promote or not, for the player to choose, as a click does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypedMove {
    /// The move to play.
    Play(Move),
    /// Both are legal; the text did not say which.
    AskPromotion { plain: Move, promoted: Move },
}

/// Why a typed move was not played (the client says it in the player's language).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypedMoveError {
    /// Nothing but spaces.
    Empty,
    /// The text is neither USI nor Japanese move text; core's reason is kept.
    NotAMove { text: String, reason: String },
    /// It is another seat's turn (or the player only watches).
    NotYourTurn,
    /// The text starts with ▲/△ or a seat arrow of another seat.
    WrongSeatMark { text: String },
    /// Several pieces fit the text: a JSA word (右 左 直 上 引 寄) is needed.
    Ambiguous {
        text: String,
        piece: String,
        square: Square,
        count: usize,
    },
    /// No piece of that kind can get there, by any rule.
    NoSuchPiece {
        text: String,
        piece: String,
        square: Square,
    },
    /// The move exists on the board but a rule forbids it.
    Illegal { text: String, why: IllegalMove },
}

/// Reads `text` as a move of `me` in `pos`; `prev` is the previous move's destination (同).
///
/// USI is exact (`2b3c` does not promote). Japanese text without 成 or 不成 for a move that
/// may promote or not gives [`TypedMove::AskPromotion`], as a click does.
pub fn parse_typed_move(
    pos: &Position,
    me: Option<Seat>,
    prev: Option<Square>,
    text: &str,
) -> Result<TypedMove, TypedMoveError> {
    let clean = normalize(text);
    if clean.is_empty() {
        return Err(TypedMoveError::Empty);
    }
    if me != Some(pos.to_move()) {
        return Err(TypedMoveError::NotYourTurn);
    }
    let body = strip_seat_mark(pos, &clean)?;
    if body.is_ascii() {
        let usi = usi_text(body);
        return match Move::from_usi(&usi) {
            Ok(m) => check(pos, m, &clean).map(TypedMove::Play),
            Err(e) => Err(TypedMoveError::NotAMove {
                text: clean.clone(),
                reason: e.to_string(),
            }),
        };
    }
    match notation::parse_ki2_move(pos, body, prev) {
        Ok(m) => {
            let m = check(pos, m, &clean)?;
            Ok(promotion_choice(pos, m, body))
        }
        Err(NotationError::Ambiguous {
            piece,
            square,
            count,
        }) => Err(TypedMoveError::Ambiguous {
            text: clean,
            piece,
            square,
            count,
        }),
        Err(NotationError::NoCandidate { piece, square }) => {
            Err(diagnose_missing(pos, body, &clean, piece, square))
        }
        Err(e) => Err(TypedMoveError::NotAMove {
            text: clean,
            reason: e.to_string(),
        }),
    }
}

/// Spaces trimmed, full-width ASCII (`Ｐ＊５ｅ`, `７６`) made half-width.
fn normalize(text: &str) -> String {
    text.trim_matches(|c: char| c.is_whitespace() || c == notation::IDEOGRAPHIC_SPACE)
        .chars()
        .map(|c| match c as u32 {
            0xFF01..=0xFF5E => char::from_u32(c as u32 - 0xFF01 + 0x21).unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// Drops a leading ▲ △ ☗ ☖ or seat arrow after checking it names the seat to move.
fn strip_seat_mark<'a>(pos: &Position, text: &'a str) -> Result<&'a str, TypedMoveError> {
    let Some(first) = text.chars().next() else {
        return Ok(text);
    };
    let named = match first {
        '▲' | '☗' => Some(Seat::South),
        '△' | '☖' => Some(match pos.variant() {
            Variant::Standard => Seat::North,
            // Yonin has no △; it is nobody's mark.
            Variant::Yonin => return Err(wrong_mark(text)),
        }),
        c => notation::seat_of_arrow(c),
    };
    match named {
        None => Ok(text),
        Some(s) if s == pos.to_move() => Ok(text[first.len_utf8()..].trim_start()),
        Some(_) => Err(wrong_mark(text)),
    }
}

fn wrong_mark(text: &str) -> TypedMoveError {
    TypedMoveError::WrongSeatMark {
        text: text.to_string(),
    }
}

/// USI as people type it: `p*5e` is `P*5e`.
fn usi_text(s: &str) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    if chars.get(1) == Some(&'*') {
        chars[0] = chars[0].to_ascii_uppercase();
    }
    chars.into_iter().collect()
}

/// `m` if it is legal, or the rule it breaks.
fn check(pos: &Position, m: Move, text: &str) -> Result<Move, TypedMoveError> {
    if pos.is_legal(m) {
        return Ok(m);
    }
    match pos.clone().play(m) {
        Err(why) => Err(TypedMoveError::Illegal {
            text: text.to_string(),
            why,
        }),
        // Not in the legal list yet accepted: the list is the authority.
        Ok(()) => Err(TypedMoveError::Illegal {
            text: text.to_string(),
            why: IllegalMove::KingInCheck,
        }),
    }
}

/// Did the Japanese text say 成 or 不成 (生) after the piece? (成香 成桂 成銀 are names.)
fn says_promotion(body: &str) -> bool {
    let head = match body.find(['(', '（']) {
        Some(i) => &body[..i],
        None => body,
    };
    let head = head.trim_end();
    head.ends_with('成') || head.ends_with('生')
}

/// A Japanese move that could also have been played the other way asks, unless the text said.
fn promotion_choice(pos: &Position, m: Move, body: &str) -> TypedMove {
    let Some(from) = m.from() else {
        return TypedMove::Play(m);
    };
    if says_promotion(body) {
        return TypedMove::Play(m);
    }
    let plain = Move::normal(from, m.to(), false);
    let promoted = Move::normal(from, m.to(), true);
    if pos.is_legal(plain) && pos.is_legal(promoted) {
        TypedMove::AskPromotion { plain, promoted }
    } else {
        TypedMove::Play(m)
    }
}

/// No legal move fits the text: find the piece the player meant and name the rule it breaks
/// (pinned, nifu, a drop on the last line…), or say no such piece can get there.
fn diagnose_missing(
    pos: &Position,
    body: &str,
    text: &str,
    piece: String,
    square: Square,
) -> TypedMoveError {
    let none = || TypedMoveError::NoSuchPiece {
        text: text.to_string(),
        piece: piece.clone(),
        square,
    };
    let Some(kind) = PieceKind::ALL.into_iter().find(|k| k.kanji() == piece) else {
        return none();
    };
    let me = pos.to_move();
    let is_drop = body.contains('打');
    let mut tries: Vec<Move> = Vec::new();
    if !is_drop {
        let promote = says_promotion(body) && !body.contains("不成") && !body.ends_with('生');
        let occupied = pos.occupied();
        for from in pos.pieces_of(me) {
            let Some(p) = pos.piece_at(from) else {
                continue;
            };
            if p.kind() == kind
                && crate::attacks::piece(kind, p.facing(), from, occupied).contains(square)
            {
                tries.push(Move::normal(from, square, promote));
            }
        }
    }
    if tries.is_empty() && kind.index() < PieceKind::HAND.len() && pos.hand(me).count(kind) > 0 {
        tries.push(Move::drop(kind, square));
    }
    match tries.as_slice() {
        [m] => match check(pos, *m, text) {
            Err(e) => e,
            Ok(_) => none(),
        },
        _ => none(),
    }
}
