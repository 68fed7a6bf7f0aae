//! Japanese move text: KIF (`７六歩(77)`, `同　歩(76)`), KI2 with the JSA words (`５二金右`),
//! display notation (`▲7六歩`, Yonin `↑5六歩(57)`), and seat-annotated USI (`s 5g5f`).
//!
//! The JSA rules (shogi.or.jp, 棋譜の表記方法) for KI2, as implemented here:
//! - when two or more pieces of the same kind can reach the square, the *action* comes first:
//!   上 (moves forward), 引 (moves backward), 寄 (moves sideways);
//! - when the action does not single the piece out, its *position* does: 右 / 左 as seen from
//!   the mover, and 直 for a gold-like piece or silver moving straight forward. Golds, silvers,
//!   knights and promoted minors are placed relative to the destination; rooks, bishops, dragons
//!   and horses relative to the other piece (JSA: `２四竜右` for the dragon on 1三, `２四竜左` for
//!   the one on 2二);
//! - if the position word alone is still ambiguous, both are written, position first (`左上`);
//! - 打 only when a board piece of the same kind could also reach the square;
//! - 成 / 不成 whenever the move could promote; they never help to pick the piece.

use crate::moves::{Move, MoveList};
use crate::piece::PieceKind;
use crate::position::Position;
use crate::rules::Variant;
use crate::seat::Seat;
use crate::square::Square;
use serde::{Deserialize, Serialize};

/// Why a Japanese (or seat-annotated) move text could not be turned into a move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum NotationError {
    #[error("the move text is empty")]
    Empty,
    #[error("`{0}` is not a square (a file digit and a rank numeral, or 同)")]
    BadSquare(String),
    #[error("`{0}` is not a piece name")]
    UnknownPiece(String),
    #[error("同 needs a previous move")]
    NoPreviousMove,
    #[error("`{0}` is not an origin square like (77)")]
    BadOrigin(String),
    #[error("there is no {piece} on {square}")]
    PieceMismatch { piece: String, square: Square },
    #[error("no {piece} can move to {square}")]
    NoCandidate { piece: String, square: Square },
    #[error("{count} different moves of {piece} to {square} fit the text")]
    Ambiguous {
        piece: String,
        square: Square,
        count: usize,
    },
    #[error("unexpected `{0}` at the end of the move")]
    Trailing(String),
    #[error("`{0}` is not a seat arrow or letter")]
    BadSeat(String),
    #[error("`{0}` is not a USI move")]
    BadUsi(String),
}

const FULL_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const KANJI_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
/// The ideographic space used after 同 and in headers.
pub const IDEOGRAPHIC_SPACE: char = '　';

fn short(s: &str) -> String {
    s.chars().take(24).collect()
}

/// A rank (1–9) as a kanji numeral.
pub fn kanji_digit(n: u8) -> char {
    KANJI_DIGITS[(n.clamp(1, 9) - 1) as usize]
}

/// A file (1–9) as a full-width digit.
pub fn full_width_digit(n: u8) -> char {
    FULL_DIGITS[(n.clamp(1, 9) - 1) as usize]
}

/// `７六` — full-width file digit and kanji rank, as KIF and KI2 write squares.
pub fn square_kanji(sq: Square) -> String {
    format!("{}{}", full_width_digit(sq.file()), kanji_digit(sq.rank()))
}

/// `7六` — ASCII file digit and kanji rank, as display notation writes squares.
pub fn square_display(sq: Square) -> String {
    format!("{}{}", sq.file(), kanji_digit(sq.rank()))
}

/// The name of a piece kind in records: 歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍.
pub fn piece_name(kind: PieceKind) -> &'static str {
    kind.kanji()
}

/// The mark of a seat in display notation: ▲ △ in standard shogi, ↑ → ↓ ← in Yonin.
pub fn seat_mark(variant: Variant, seat: Seat) -> char {
    match variant {
        Variant::Standard => {
            if seat == Seat::North {
                '△'
            } else {
                '▲'
            }
        }
        Variant::Yonin => seat.arrow(),
    }
}

/// The seat of an arrow (↑ → ↓ ←).
pub fn seat_of_arrow(c: char) -> Option<Seat> {
    Seat::ALL.into_iter().find(|s| s.arrow() == c)
}

/// `(right, forward)` coordinates of a square in `seat`'s frame.
fn frame(seat: Seat, sq: Square) -> (i32, i32) {
    let (f, r) = (sq.file_index(), sq.rank_index());
    match seat {
        Seat::South => (-f, -r),
        Seat::North => (f, r),
        Seat::West => (r, -f),
        Seat::East => (-r, f),
    }
}

/// Could this board move have promoted (and did not)?
fn declined_promotion(legal: &MoveList, mv: Move) -> bool {
    match mv.from() {
        Some(from) if !mv.promotes() => legal.contains(Move::normal(from, mv.to(), true)),
        _ => false,
    }
}

/// The kind of piece a move moves (the kind before promotion), if the move fits the position.
fn moved_kind(pos: &Position, mv: Move) -> Option<PieceKind> {
    match mv.from() {
        Some(from) => pos.piece_at(from).map(|p| p.kind()),
        None => mv.drop_kind(),
    }
}

fn origin_digits(sq: Square) -> String {
    format!("({}{})", sq.file(), sq.rank())
}

/// KIF move text: `７六歩(77)`, `同　歩(76)`, `５五角成(77)`, `７七角不成(22)`, `５六香打`.
/// `prev` is the destination of the previous move (for 同).
pub fn kif_move(pos: &Position, mv: Move, prev: Option<Square>) -> String {
    let legal = pos.legal_moves();
    kif_move_with(pos, mv, prev, &legal)
}

pub(crate) fn kif_move_with(
    pos: &Position,
    mv: Move,
    prev: Option<Square>,
    legal: &MoveList,
) -> String {
    let mut s = String::new();
    if prev == Some(mv.to()) {
        s.push('同');
        s.push(IDEOGRAPHIC_SPACE);
    } else {
        s.push_str(&square_kanji(mv.to()));
    }
    let kind = moved_kind(pos, mv).unwrap_or(PieceKind::Pawn);
    s.push_str(piece_name(kind));
    match mv.from() {
        Some(from) => {
            if mv.promotes() {
                s.push('成');
            } else if declined_promotion(legal, mv) {
                s.push_str("不成");
            }
            s.push_str(&origin_digits(from));
        }
        None => s.push('打'),
    }
    s
}

/// Yonin display text without the arrow: `5六歩(57)`, `5五歩打`, `2三銀成(34)`.
fn yonin_body(pos: &Position, mv: Move, legal: &MoveList) -> String {
    let mut s = square_display(mv.to());
    let kind = moved_kind(pos, mv).unwrap_or(PieceKind::Pawn);
    s.push_str(piece_name(kind));
    match mv.from() {
        Some(from) => {
            if mv.promotes() {
                s.push('成');
            } else if declined_promotion(legal, mv) {
                s.push_str("不成");
            }
            s.push_str(&origin_digits(from));
        }
        None => s.push('打'),
    }
    s
}

/// Yonin display notation with the seat arrow: `↑5六歩(57)`.
pub fn yonin_move(pos: &Position, mv: Move) -> String {
    let legal = pos.legal_moves();
    format!("{}{}", pos.to_move().arrow(), yonin_body(pos, mv, &legal))
}

pub(crate) fn yonin_move_with(pos: &Position, mv: Move, legal: &MoveList) -> String {
    format!("{}{}", pos.to_move().arrow(), yonin_body(pos, mv, legal))
}

/// KI2 move text without the turn mark: `７六歩`, `同　歩`, `同角成`, `５二金右`, `５五角打`.
pub fn ki2_move(pos: &Position, mv: Move, prev: Option<Square>) -> String {
    let legal = pos.legal_moves();
    ki2_text(pos, mv, prev, &legal, true)
}

pub(crate) fn ki2_move_with(
    pos: &Position,
    mv: Move,
    prev: Option<Square>,
    legal: &MoveList,
) -> String {
    ki2_text(pos, mv, prev, legal, true)
}

/// Display notation for the record panel: standard `▲7六歩`, `△同　銀` (KI2 words, ASCII file
/// digit); Yonin `↑5六歩(57)`.
pub fn display_move(pos: &Position, mv: Move, prev: Option<Square>) -> String {
    let legal = pos.legal_moves();
    match pos.variant() {
        Variant::Standard => {
            let mark = seat_mark(Variant::Standard, pos.to_move());
            format!("{mark}{}", ki2_text(pos, mv, prev, &legal, false))
        }
        Variant::Yonin => yonin_move_with(pos, mv, &legal),
    }
}

fn ki2_text(
    pos: &Position,
    mv: Move,
    prev: Option<Square>,
    legal: &MoveList,
    full_width: bool,
) -> String {
    let same = prev == Some(mv.to());
    let kind = moved_kind(pos, mv).unwrap_or(PieceKind::Pawn);
    let mut rest = String::from(piece_name(kind));
    match mv.from() {
        Some(from) => {
            rest.push_str(&ki2_words(pos, from, mv.to(), kind, legal));
            if mv.promotes() {
                rest.push('成');
            } else if declined_promotion(legal, mv) {
                rest.push_str("不成");
            }
        }
        None => {
            let board_can = legal.iter().any(|m| {
                m.to() == mv.to()
                    && m.from().and_then(|f| pos.piece_at(f)).map(|p| p.kind()) == Some(kind)
            });
            if board_can {
                rest.push('打');
            }
        }
    }
    if same {
        if rest.chars().count() == 1 {
            format!("同{IDEOGRAPHIC_SPACE}{rest}")
        } else {
            format!("同{rest}")
        }
    } else if full_width {
        format!("{}{rest}", square_kanji(mv.to()))
    } else {
        format!("{}{rest}", square_display(mv.to()))
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Action {
    Up,
    Down,
    Sideways,
}

impl Action {
    fn word(self) -> &'static str {
        match self {
            Action::Up => "上",
            Action::Down => "引",
            Action::Sideways => "寄",
        }
    }
}

fn action(me: Seat, from: Square, to: Square) -> Action {
    let dy = frame(me, to).1 - frame(me, from).1;
    match dy.signum() {
        1 => Action::Up,
        -1 => Action::Down,
        _ => Action::Sideways,
    }
}

/// Rooks, bishops, dragons and horses are placed relative to each other, not the destination.
fn is_big(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::Rook | PieceKind::Bishop | PieceKind::Dragon | PieceKind::Horse
    )
}

/// Distinct origins of board moves to `to` by pieces of `kind`.
fn origins(pos: &Position, to: Square, kind: PieceKind, legal: &MoveList) -> Vec<Square> {
    let mut v: Vec<Square> = legal
        .iter()
        .filter(|m| m.to() == to)
        .filter_map(|m| m.from())
        .filter(|f| pos.piece_at(*f).map(|p| p.kind()) == Some(kind))
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The JSA words (右 左 直 上 引 寄, possibly two) that single out the piece on `from`.
fn ki2_words(
    pos: &Position,
    from: Square,
    to: Square,
    kind: PieceKind,
    legal: &MoveList,
) -> String {
    let me = pos.to_move();
    let all = origins(pos, to, kind, legal);
    if all.len() <= 1 {
        return String::new();
    }
    let act = |f: Square| action(me, f, to);
    let same_action: Vec<Square> = all
        .iter()
        .copied()
        .filter(|&f| act(f) == act(from))
        .collect();
    if same_action.len() == 1 {
        return act(from).word().to_string();
    }
    let x = |sq: Square| frame(me, sq).0;
    let place = |f: Square| -> Option<&'static str> {
        if is_big(kind) {
            let group: Vec<Square> = all
                .iter()
                .copied()
                .filter(|&o| o != f && act(o) == act(f))
                .collect();
            if group.is_empty() {
                None
            } else if group.iter().all(|&o| x(o) > x(f)) {
                Some("左")
            } else if group.iter().all(|&o| x(o) < x(f)) {
                Some("右")
            } else {
                None
            }
        } else {
            match (x(f) - x(to)).signum() {
                -1 => Some("左"),
                1 => Some("右"),
                _ if act(f) == Action::Up => Some("直"),
                _ => None,
            }
        }
    };
    if let Some(w) = place(from) {
        if all.iter().filter(|&&o| place(o) == Some(w)).count() == 1 {
            return w.to_string();
        }
        let both = |o: Square| place(o) == Some(w) && act(o) == act(from);
        if all.iter().filter(|&&o| both(o)).count() == 1 {
            return format!("{w}{}", act(from).word());
        }
    }
    // No JSA wording singles the piece out (only possible with many pieces of one kind, as in
    // Yonin): name the origin as KIF does.
    origin_digits(from)
}

// ---------------------------------------------------------------------------------------------
// Reading

/// A cursor over the characters of a move text.
struct Cursor<'a> {
    rest: &'a str,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<char> {
        self.rest.chars().next()
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.rest = &self.rest[c.len_utf8()..];
        Some(c)
    }
    fn eat(&mut self, s: &str) -> bool {
        match self.rest.strip_prefix(s) {
            Some(r) => {
                self.rest = r;
                true
            }
            None => false,
        }
    }
    fn skip_spaces(&mut self) {
        self.rest = self.rest.trim_start_matches([' ', IDEOGRAPHIC_SPACE, '\t']);
    }
}

fn digit_value(c: char) -> Option<u8> {
    if let Some(i) = FULL_DIGITS.iter().position(|&d| d == c) {
        return Some(i as u8 + 1);
    }
    if let Some(i) = KANJI_DIGITS.iter().position(|&d| d == c) {
        return Some(i as u8 + 1);
    }
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        _ => None,
    }
}

/// Reads a destination: `７六`, `7六`, `76`, or `同` (optionally after a square: `７六同`).
fn read_destination(cur: &mut Cursor, prev: Option<Square>) -> Result<Square, NotationError> {
    cur.skip_spaces();
    let start = cur.rest;
    // 仝 is an old spelling of 同.
    if cur.eat("同") || cur.eat("仝") {
        cur.skip_spaces();
        return prev.ok_or(NotationError::NoPreviousMove);
    }
    let bad = || NotationError::BadSquare(short(start));
    let file = cur.bump().and_then(digit_value).ok_or_else(bad)?;
    let rank = cur.bump().and_then(digit_value).ok_or_else(bad)?;
    let sq = Square::from_file_rank(file, rank).ok_or_else(bad)?;
    if cur.peek() == Some('同') {
        cur.bump();
        cur.skip_spaces();
    }
    Ok(sq)
}

/// Reads a piece name (both spellings of kings, dragons and promoted minors are accepted).
fn read_piece(cur: &mut Cursor) -> Result<PieceKind, NotationError> {
    use PieceKind::*;
    const NAMES: [(&str, PieceKind); 19] = [
        ("成香", ProLance),
        ("成桂", ProKnight),
        ("成銀", ProSilver),
        ("歩", Pawn),
        ("香", Lance),
        ("桂", Knight),
        ("銀", Silver),
        ("金", Gold),
        ("角", Bishop),
        ("飛", Rook),
        ("玉", King),
        ("王", King),
        ("と", ProPawn),
        ("杏", ProLance),
        ("圭", ProKnight),
        ("全", ProSilver),
        ("馬", Horse),
        ("龍", Dragon),
        ("竜", Dragon),
    ];
    for (name, kind) in NAMES {
        if cur.eat(name) {
            return Ok(kind);
        }
    }
    Err(NotationError::UnknownPiece(short(cur.rest)))
}

/// Reads `(77)` (ASCII or full-width digits).
fn read_origin(cur: &mut Cursor) -> Result<Option<Square>, NotationError> {
    cur.skip_spaces();
    let start = cur.rest;
    if !(cur.eat("(") || cur.eat("（")) {
        return Ok(None);
    }
    let bad = || NotationError::BadOrigin(short(start));
    let file = cur.bump().and_then(digit_value).ok_or_else(bad)?;
    let rank = cur.bump().and_then(digit_value).ok_or_else(bad)?;
    if !(cur.eat(")") || cur.eat("）")) {
        return Err(bad());
    }
    Square::from_file_rank(file, rank).map(Some).ok_or_else(bad)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
enum Suffix {
    #[default]
    None,
    Promote,
    NoPromote,
    Drop,
}

fn read_suffix(cur: &mut Cursor) -> Suffix {
    // 生 is an old spelling of 不成.
    if cur.eat("不成") || cur.eat("生") {
        Suffix::NoPromote
    } else if cur.eat("成") {
        Suffix::Promote
    } else if cur.eat("打") {
        Suffix::Drop
    } else {
        Suffix::None
    }
}

fn expect_end(cur: &mut Cursor) -> Result<(), NotationError> {
    cur.skip_spaces();
    if cur.rest.is_empty() {
        Ok(())
    } else {
        Err(NotationError::Trailing(short(cur.rest)))
    }
}

/// Builds the move a KIF-style text names (origin given, or a drop), checking the piece name
/// against the board. Legality is left to [`Position::play`].
fn kif_style_move(
    pos: &Position,
    to: Square,
    kind: PieceKind,
    suffix: Suffix,
    origin: Option<Square>,
) -> Result<Move, NotationError> {
    match origin {
        Some(from) => {
            let on_board = pos.piece_at(from).map(|p| p.kind());
            if on_board != Some(kind) {
                return Err(NotationError::PieceMismatch {
                    piece: piece_name(kind).to_string(),
                    square: from,
                });
            }
            if from == to {
                return Err(NotationError::BadOrigin(format!(
                    "{}{}",
                    from.file(),
                    from.rank()
                )));
            }
            Ok(Move::normal(from, to, suffix == Suffix::Promote))
        }
        None => {
            if kind.is_promoted() || kind == PieceKind::King || suffix == Suffix::Promote {
                return Err(NotationError::NoCandidate {
                    piece: piece_name(kind).to_string(),
                    square: to,
                });
            }
            Ok(Move::drop(kind, to))
        }
    }
}

/// Reads KIF move text (`７六歩(77)`, `同　歩(76)`, `５五角成(77)`, `５六香打`). Without an
/// origin and 打 the text is read as KI2. The move is not checked for legality.
pub fn parse_kif_move(
    pos: &Position,
    text: &str,
    prev: Option<Square>,
) -> Result<Move, NotationError> {
    let mut cur = Cursor {
        rest: text.trim_matches([' ', IDEOGRAPHIC_SPACE, '\t']),
    };
    if cur.rest.is_empty() {
        return Err(NotationError::Empty);
    }
    let to = read_destination(&mut cur, prev)?;
    cur.skip_spaces();
    let kind = read_piece(&mut cur)?;
    let suffix = read_suffix(&mut cur);
    let origin = read_origin(&mut cur)?;
    expect_end(&mut cur)?;
    if origin.is_none() && suffix != Suffix::Drop {
        // No origin: resolve like KI2 (some writers leave out 打 or the origin).
        return parse_ki2_move(pos, text, prev);
    }
    kif_style_move(pos, to, kind, suffix, origin)
}

/// Reads KI2 move text (`７六歩`, `同　歩`, `５二金右`, `２四龍引`, `５五角打`, with or without a
/// leading ▲/△), resolving the JSA words against the legal moves.
pub fn parse_ki2_move(
    pos: &Position,
    text: &str,
    prev: Option<Square>,
) -> Result<Move, NotationError> {
    let text = text.trim_matches([' ', IDEOGRAPHIC_SPACE, '\t']);
    let text = text.trim_start_matches(['▲', '△', '☗', '☖', '▼', '▽']);
    let mut cur = Cursor { rest: text };
    if cur.rest.is_empty() {
        return Err(NotationError::Empty);
    }
    let to = read_destination(&mut cur, prev)?;
    cur.skip_spaces();
    let kind = read_piece(&mut cur)?;
    let mut place = None;
    for w in ["右", "左", "直"] {
        if cur.eat(w) {
            place = Some(w);
        }
    }
    let mut act = None;
    for (w, a) in [
        ("上", Action::Up),
        // 行 is an old spelling of 上.
        ("行", Action::Up),
        ("引", Action::Down),
        ("寄", Action::Sideways),
    ] {
        if act.is_none() && cur.eat(w) {
            act = Some(a);
        }
    }
    let suffix = read_suffix(&mut cur);
    let origin = read_origin(&mut cur)?;
    expect_end(&mut cur)?;
    if origin.is_some() {
        return kif_style_move(pos, to, kind, suffix, origin);
    }
    resolve_ki2(pos, to, kind, place, act, suffix)
}

fn resolve_ki2(
    pos: &Position,
    to: Square,
    kind: PieceKind,
    place: Option<&str>,
    act: Option<Action>,
    suffix: Suffix,
) -> Result<Move, NotationError> {
    let me = pos.to_move();
    let legal = pos.legal_moves();
    let name = || piece_name(kind).to_string();
    let mut board: Vec<Square> = origins(pos, to, kind, &legal);
    let drop_ok = kind.index() < 7 && legal.contains(Move::drop(kind, to));
    let none = || NotationError::NoCandidate {
        piece: name(),
        square: to,
    };
    if suffix == Suffix::Drop || (board.is_empty() && place.is_none() && act.is_none()) {
        if drop_ok && suffix != Suffix::Promote && suffix != Suffix::NoPromote {
            return Ok(Move::drop(kind, to));
        }
        return Err(none());
    }
    if let Some(a) = act {
        board.retain(|&f| action(me, f, to) == a);
    }
    let x = |sq: Square| frame(me, sq).0;
    // Golds, silvers and knights are placed relative to the destination; the big pieces
    // relative to each other (the leftmost or rightmost of those left).
    let big = is_big(kind);
    match place {
        Some("左") if big => {
            if let Some(m) = board.iter().map(|&f| x(f)).min() {
                board.retain(|&f| x(f) == m);
            }
        }
        Some("右") if big => {
            if let Some(m) = board.iter().map(|&f| x(f)).max() {
                board.retain(|&f| x(f) == m);
            }
        }
        Some("左") => board.retain(|&f| x(f) < x(to)),
        Some("右") => board.retain(|&f| x(f) > x(to)),
        Some(_) => board.retain(|&f| x(f) == x(to) && action(me, f, to) == Action::Up),
        None => {}
    }
    match board.len() {
        0 => Err(none()),
        1 => {
            let from = board[0];
            let promote = Move::normal(from, to, true);
            let plain = Move::normal(from, to, false);
            match suffix {
                Suffix::Promote if legal.contains(promote) => Ok(promote),
                Suffix::NoPromote if legal.contains(plain) => Ok(plain),
                Suffix::Promote | Suffix::NoPromote => Err(none()),
                _ if legal.contains(plain) => Ok(plain),
                _ => Ok(promote),
            }
        }
        count => Err(NotationError::Ambiguous {
            piece: name(),
            square: to,
            count,
        }),
    }
}

/// Reads Yonin display text `↑5六歩(57)` (or without the arrow); returns the seat the arrow
/// names (if any) and the move.
pub fn parse_yonin_move(pos: &Position, text: &str) -> Result<(Option<Seat>, Move), NotationError> {
    let text = text.trim_matches([' ', IDEOGRAPHIC_SPACE, '\t']);
    let mut chars = text.chars();
    let seat = chars.next().and_then(seat_of_arrow);
    let body = if seat.is_some() { chars.as_str() } else { text };
    let mv = parse_kif_move(pos, body, None)?;
    Ok((seat, mv))
}

/// A seat-annotated USI move: `s 5g5f`.
pub fn seat_usi(seat: Seat, mv: Move) -> String {
    format!("{} {mv}", seat.letter())
}

/// Reads `s 5g5f` (seat letter, spaces, USI move).
pub fn parse_seat_usi(text: &str) -> Result<(Seat, Move), NotationError> {
    let mut parts = text.split_ascii_whitespace();
    let seat_text = parts.next().ok_or(NotationError::Empty)?;
    let mut sc = seat_text.chars();
    let seat = match (sc.next().and_then(Seat::from_letter), sc.next()) {
        (Some(s), None) => s,
        _ => return Err(NotationError::BadSeat(short(seat_text))),
    };
    let mv_text = parts.next().ok_or(NotationError::Empty)?;
    let mv = Move::from_usi(mv_text).map_err(|_| NotationError::BadUsi(short(mv_text)))?;
    if let Some(extra) = parts.next() {
        return Err(NotationError::Trailing(short(extra)));
    }
    Ok((seat, mv))
}
