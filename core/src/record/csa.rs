//! CSA V2.2 records (`+7776FU`, `T3`, `%TORYO`): writing and reading standard games.
//!
//! Reading accepts several statements on a line separated by `,`, `'` comments, `PI` with
//! removed pieces (`PI82HI22KA`), `P1`…`P9` board lines, `P+`/`P-` piece lines (`00` = hand,
//! `00AL` = every remaining piece), and decimal times (`T1.5`). A `/` ends the first game.

use super::game_record::{
    detect_handicap, Ending, GameRecord, RecordError, RecordErrorKind, RecordedMove, Replayer,
};
use super::kif::{check_size, decode};
use super::notation::NotationError;
use super::position_text;
use crate::hand::Hand;
use crate::moves::Move;
use crate::piece::{Piece, PieceKind};
use crate::position::Position;
use crate::rules::{RuleSet, Variant};
use crate::seat::{BySeat, Seat};
use crate::setup::Setup;
use crate::square::Square;

fn short(s: &str) -> String {
    s.chars().take(32).collect()
}

fn sign(seat: Seat) -> char {
    if seat == Seat::North {
        '-'
    } else {
        '+'
    }
}

fn seat_of_sign(c: char) -> Option<Seat> {
    match c {
        '+' => Some(Seat::South),
        '-' => Some(Seat::North),
        _ => None,
    }
}

fn csa_square(sq: Square) -> String {
    format!("{}{}", sq.file(), sq.rank())
}

/// The even start position's board rows as CSA writes them.
const EVEN_ROWS: [&str; 9] = [
    "-KY-KE-GI-KI-OU-KI-GI-KE-KY",
    " * -HI *  *  *  *  * -KA * ",
    "-FU-FU-FU-FU-FU-FU-FU-FU-FU",
    " *  *  *  *  *  *  *  *  * ",
    " *  *  *  *  *  *  *  *  * ",
    " *  *  *  *  *  *  *  *  * ",
    "+FU+FU+FU+FU+FU+FU+FU+FU+FU",
    " * +KA *  *  *  *  * +HI * ",
    "+KY+KE+GI+KI+OU+KI+GI+KE+KY",
];

/// The `%` word and (when the word alone would not say it) a comment naming the ending.
fn ending_words(e: &Ending, to_move: Seat) -> (Option<String>, &'static str) {
    let tagged = |kind: &str, s: Seat| Some(format!("'ending {kind} {}", sign(s)));
    match *e {
        Ending::Resign(l) => (
            if l == to_move {
                None
            } else {
                tagged("resign", l)
            },
            "%TORYO",
        ),
        Ending::Checkmate { .. } | Ending::NoLegalMove { .. } => (None, "%TSUMI"),
        Ending::Sennichite => (None, "%SENNICHITE"),
        Ending::PerpetualCheck { loser } => (
            tagged("perpetual-check", loser),
            if loser == Seat::North {
                "%-ILLEGAL_ACTION"
            } else {
                "%+ILLEGAL_ACTION"
            },
        ),
        Ending::ImpasseWin(w) => (
            if w == to_move {
                None
            } else {
                tagged("kachi", w)
            },
            "%KACHI",
        ),
        Ending::ImpasseDraw => (None, "%JISHOGI"),
        Ending::Agreement => (None, "%HIKIWAKE"),
        Ending::Time(l) => (
            if l == to_move {
                None
            } else {
                tagged("time-up", l)
            },
            "%TIME_UP",
        ),
        Ending::IllegalMove { loser } => (
            None,
            if loser == Seat::North {
                "%-ILLEGAL_ACTION"
            } else {
                "%+ILLEGAL_ACTION"
            },
        ),
        Ending::Forfeit(l) => (tagged("forfeit", l), "%TORYO"),
        Ending::MoveLimit => (None, "%MAX_MOVES"),
        Ending::Abort | Ending::Ranking(_) => (None, "%CHUDAN"),
    }
}

/// Writes a standard record as CSA V2.2.
pub fn write(rec: &GameRecord) -> Result<String, RecordError> {
    if rec.rules.variant != Variant::Standard {
        return Err(RecordError::new(
            0,
            RecordErrorKind::Unsupported("Yonin".into()),
        ));
    }
    let start = rec.start_position()?;
    let mut out = String::from("V2.2\n");
    for seat in [Seat::South, Seat::North] {
        if let Some(n) = &rec.players[seat] {
            out.push_str(&format!("N{}{n}\n", sign(seat)));
        }
    }
    if let Some(d) = &rec.started {
        out.push_str(&format!("$START_TIME:{d}\n"));
    }
    let rules = super::game_record::rules_to_text(&rec.rules);
    if !rules.is_empty() {
        out.push_str(&format!("'rules {rules}\n"));
    }
    out.push_str(&position_lines(&start));
    let mut body = String::new();
    let end = rec.replay(|step| {
        let mv = step.rec.mv;
        let kind_after = match mv.from() {
            Some(from) => {
                let k = step
                    .before
                    .piece_at(from)
                    .map_or(PieceKind::Pawn, |p| p.kind());
                if mv.promotes() {
                    k.promoted()
                } else {
                    k
                }
            }
            None => mv.drop_kind().unwrap_or(PieceKind::Pawn),
        };
        let from = mv.from().map_or("00".to_string(), csa_square);
        body.push_str(&format!(
            "{}{from}{}{}\n",
            sign(step.rec.seat),
            csa_square(mv.to()),
            kind_after.csa()
        ));
        if let Some(ms) = step.rec.millis {
            body.push_str(&format!("T{}\n", ms / 1000));
        }
    })?;
    out.push_str(&body);
    if let Some(e) = &rec.ending {
        let (comment, word) = ending_words(e, end.to_move());
        if let Some(c) = comment {
            out.push_str(&c);
            out.push('\n');
        }
        out.push_str(word);
        out.push('\n');
    }
    Ok(out)
}

/// `PI` for the even start, else `P1`…`P9` and `P+`/`P-` hand lines; then the side to move.
pub fn position_lines(pos: &Position) -> String {
    let mut s = String::new();
    let even = super::sfen::format(pos) == super::sfen::START;
    if even {
        s.push_str("PI\n");
    } else {
        for rank in 1..=9u8 {
            s.push_str(&format!("P{rank}"));
            for file in (1..=9u8).rev() {
                match Square::from_file_rank(file, rank).and_then(|sq| pos.piece_at(sq)) {
                    Some(p) => {
                        s.push(sign(p.owner()));
                        s.push_str(p.kind().csa());
                    }
                    None => s.push_str(" * "),
                }
            }
            s.push('\n');
        }
        for seat in [Seat::South, Seat::North] {
            let hand = pos.hand(seat);
            if hand.is_empty() {
                continue;
            }
            s.push_str(&format!("P{}", sign(seat)));
            for (k, n) in hand.pieces() {
                for _ in 0..n {
                    s.push_str("00");
                    s.push_str(k.csa());
                }
            }
            s.push('\n');
        }
    }
    s.push(sign(pos.to_move()));
    s.push('\n');
    s
}

/// Reads CSA bytes (ASCII, UTF-8 or Shift-JIS names).
pub fn read_bytes(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    read(&decode(bytes)?)
}

/// The position being built from `PI` / `P1`…`P9` / `P±` lines.
struct Board {
    squares: [Option<Piece>; 81],
    hands: [Hand; 4],
    touched: bool,
}

impl Board {
    fn new() -> Board {
        Board {
            squares: [None; 81],
            hands: [Hand::EMPTY; 4],
            touched: false,
        }
    }

    fn row(&mut self, rank: u8, cells: &str) -> Result<(), RecordErrorKind> {
        let bad = || RecordErrorKind::BadBoard(short(cells));
        if !cells.is_ascii() || cells.len() > 27 {
            return Err(bad());
        }
        let padded = format!("{cells:<27}");
        for i in 0..9 {
            let cell = &padded[i * 3..i * 3 + 3];
            let Some(sq) = Square::from_file_rank(9 - i as u8, rank) else {
                return Err(bad());
            };
            if cell.trim() == "*" || cell.trim().is_empty() {
                self.squares[sq.index()] = None;
                continue;
            }
            let seat = cell.chars().next().and_then(seat_of_sign).ok_or_else(bad)?;
            let kind = PieceKind::from_csa(&cell[1..]).ok_or_else(bad)?;
            self.squares[sq.index()] = Some(Piece::of(kind, seat));
        }
        self.touched = true;
        Ok(())
    }

    fn even(&mut self, removals: &str) -> Result<(), RecordErrorKind> {
        for (r, row) in EVEN_ROWS.iter().enumerate() {
            self.row(r as u8 + 1, row)?;
        }
        let bad = || RecordErrorKind::BadBoard(short(removals));
        if !removals.is_ascii() || !removals.as_bytes().chunks_exact(4).remainder().is_empty() {
            return Err(bad());
        }
        for i in (0..removals.len()).step_by(4) {
            let sq = csa_square_of(&removals[i..i + 2]).ok_or_else(bad)?;
            let kind = PieceKind::from_csa(&removals[i + 2..i + 4]).ok_or_else(bad)?;
            match self.squares[sq.index()] {
                Some(p) if p.kind() == kind => self.squares[sq.index()] = None,
                _ => return Err(bad()),
            }
        }
        Ok(())
    }

    /// `P+00FU00KA`, `P-5142OU`, `P+00AL`.
    fn pieces(&mut self, seat: Seat, items: &str) -> Result<(), RecordErrorKind> {
        let bad = || RecordErrorKind::BadBoard(short(items));
        if !items.is_ascii()
            || items.is_empty()
            || !items.as_bytes().chunks_exact(4).remainder().is_empty()
        {
            return Err(bad());
        }
        for i in (0..items.len()).step_by(4) {
            let at = &items[i..i + 2];
            let kind_text = &items[i + 2..i + 4];
            if kind_text == "AL" {
                if at != "00" {
                    return Err(bad());
                }
                self.all_to_hand(seat);
                continue;
            }
            let kind = PieceKind::from_csa(kind_text).ok_or_else(bad)?;
            if at == "00" {
                if kind.index() >= 7 {
                    return Err(bad());
                }
                let h = &mut self.hands[seat.index()];
                h.set(kind, h.count(kind).saturating_add(1));
            } else {
                let sq = csa_square_of(at).ok_or_else(bad)?;
                self.squares[sq.index()] = Some(Piece::of(kind, seat));
            }
        }
        self.touched = true;
        Ok(())
    }

    /// Every piece of the standard set not on the board or in a hand goes to `seat`'s hand.
    fn all_to_hand(&mut self, seat: Seat) {
        let full: [u8; 7] = [18, 4, 4, 4, 4, 2, 2];
        for k in PieceKind::HAND {
            let on_board = self
                .squares
                .iter()
                .flatten()
                .filter(|p| p.kind().unpromoted() == k)
                .count() as u8;
            let in_hands: u8 = self.hands.iter().map(|h| h.count(k)).sum();
            let rest = full[k.index()].saturating_sub(on_board.saturating_add(in_hands));
            let h = &mut self.hands[seat.index()];
            h.set(k, h.count(k).saturating_add(rest));
        }
    }

    fn position(&self, to_move: Seat, rules: &RuleSet) -> Result<Position, RecordErrorKind> {
        if !self.touched {
            return Ok(Position::start(rules));
        }
        let setup = Setup {
            board: self.squares,
            hands: self.hands,
            to_move,
            dead: Vec::new(),
            ply: 1,
        };
        setup
            .into_position(rules)
            .map_err(|e| RecordErrorKind::Position(e.into()))
    }
}

fn csa_square_of(s: &str) -> Option<Square> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let file = b[0].checked_sub(b'0')?;
    let rank = b[1].checked_sub(b'0')?;
    Square::from_file_rank(file, rank)
}

/// Parses the move `+7776FU` in `pos` (not checked for legality).
fn parse_move(pos: &Position, text: &str) -> Result<(Seat, Move), NotationError> {
    let bad = || NotationError::BadUsi(short(text));
    if !text.is_ascii() || text.len() != 7 {
        return Err(bad());
    }
    let seat = text.chars().next().and_then(seat_of_sign).ok_or_else(bad)?;
    let to = csa_square_of(&text[3..5]).ok_or_else(bad)?;
    let kind = PieceKind::from_csa(&text[5..7])
        .ok_or_else(|| NotationError::UnknownPiece(text[5..7].into()))?;
    if &text[1..3] == "00" {
        if kind.index() >= 7 {
            return Err(NotationError::NoCandidate {
                piece: kind.csa().into(),
                square: to,
            });
        }
        return Ok((seat, Move::drop(kind, to)));
    }
    let from = csa_square_of(&text[1..3]).ok_or_else(bad)?;
    let on_board = pos.piece_at(from).map(|p| p.kind());
    let mismatch = || NotationError::PieceMismatch {
        piece: kind.csa().into(),
        square: from,
    };
    let k0 = on_board.ok_or_else(mismatch)?;
    let promote = if k0 == kind {
        false
    } else if k0.can_promote() && k0.promoted() == kind {
        true
    } else {
        return Err(mismatch());
    };
    if from == to {
        return Err(bad());
    }
    Ok((seat, Move::normal(from, to, promote)))
}

/// Parses `T12` / `T1.5` into milliseconds.
fn parse_time(text: &str) -> Result<u64, RecordErrorKind> {
    let bad = || RecordErrorKind::BadTime(short(text));
    let t = text.strip_prefix('T').ok_or_else(bad)?;
    let (int, frac) = t.split_once('.').unwrap_or((t, ""));
    if int.is_empty() || int.len() > 12 || !int.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    if frac.len() > 9 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let secs: u64 = int.parse().map_err(|_| bad())?;
    let mut ms = secs.checked_mul(1000).ok_or_else(bad)?;
    let frac3: String = frac.chars().chain("000".chars()).take(3).collect();
    ms += frac3.parse::<u64>().map_err(|_| bad())?;
    Ok(ms)
}

/// Reads CSA text (the first game of the file).
pub fn read(text: &str) -> Result<GameRecord, RecordError> {
    check_size(text)?;
    let mut rules = RuleSet::standard();
    let mut board = Board::new();
    let mut players: BySeat<Option<String>> = BySeat::default();
    let mut started = None;
    let mut replayer: Option<Replayer> = None;
    let mut start_text = String::new();
    let mut moves: Vec<RecordedMove> = Vec::new();
    let mut end_word: Option<String> = None;
    let mut tag: Option<(String, Seat)> = None;
    let mut seen = false;
    'lines: for (i, raw) in text.lines().enumerate() {
        let lineno = i + 1;
        let e = |k| RecordError::new(lineno, k);
        let line = raw.trim_end_matches(['\r', ' ', '\t']);
        if line.starts_with('\'') {
            if let Some(r) = line.strip_prefix("'rules ") {
                if replayer.is_none() {
                    super::game_record::apply_rules_text(&mut rules, r).map_err(e)?;
                }
            }
            if let Some(rest) = line.strip_prefix("'ending ") {
                let mut it = rest.split_ascii_whitespace();
                if let (Some(kind), Some(s)) = (it.next(), it.next()) {
                    if let Some(seat) = s.chars().next().and_then(seat_of_sign) {
                        tag = Some((kind.to_string(), seat));
                    }
                }
            }
            continue;
        }
        let statements: Vec<&str> = if line.starts_with('N') || line.starts_with('$') {
            vec![line]
        } else {
            line.split(',').collect()
        };
        for st in statements {
            let st = st.trim();
            if st.is_empty() {
                continue;
            }
            if st == "/" {
                break 'lines;
            }
            seen = true;
            let first = st.chars().next().unwrap_or(' ');
            let in_moves = replayer.is_some();
            match first {
                'V' if !in_moves => {}
                'N' if !in_moves => {
                    let seat = st[1..].chars().next().and_then(seat_of_sign);
                    let name = st.get(2..).unwrap_or("").trim();
                    match seat {
                        Some(s) => players[s] = (!name.is_empty()).then(|| name.to_string()),
                        None => return Err(e(RecordErrorKind::BadLine(short(st)))),
                    }
                }
                '$' => {
                    if let Some(v) = st.strip_prefix("$START_TIME:") {
                        started = (!v.trim().is_empty()).then(|| v.trim().to_string());
                    }
                }
                'P' if !in_moves => {
                    let rest = &st[1..];
                    if let Some(r) = rest.strip_prefix('I') {
                        board.even(r).map_err(e)?;
                    } else if let Some(r) = rest.strip_prefix('+') {
                        board.pieces(Seat::South, r).map_err(e)?;
                    } else if let Some(r) = rest.strip_prefix('-') {
                        board.pieces(Seat::North, r).map_err(e)?;
                    } else {
                        let rank = rest
                            .chars()
                            .next()
                            .and_then(|c| c.to_digit(10))
                            .filter(|d| (1..=9).contains(d));
                        let Some(rank) = rank else {
                            return Err(e(RecordErrorKind::BadLine(short(st))));
                        };
                        board
                            .row(
                                rank as u8,
                                raw.trim_end_matches(['\r', '\n']).get(2..).unwrap_or(""),
                            )
                            .map_err(e)?;
                        // A board row holds the whole line.
                        continue 'lines;
                    }
                }
                '+' | '-' if st.len() == 1 => {
                    if in_moves {
                        return Err(e(RecordErrorKind::BadLine(short(st))));
                    }
                    let to_move = seat_of_sign(first).unwrap_or(Seat::South);
                    let start = board.position(to_move, &rules).map_err(e)?;
                    detect_handicap(&mut rules, &start);
                    start_text = position_text(&start);
                    replayer = Some(Replayer::new(rules, start));
                }
                '+' | '-' => {
                    if end_word.is_some() {
                        return Err(e(RecordErrorKind::MoveAfterEnd));
                    }
                    if replayer.is_none() {
                        let start = board.position(Seat::South, &rules).map_err(e)?;
                        detect_handicap(&mut rules, &start);
                        start_text = position_text(&start);
                        replayer = Some(Replayer::new(rules, start));
                    }
                    let Some(r) = replayer.as_mut() else { continue };
                    let number = moves.len() + 1;
                    let (seat, mv) = parse_move(r.position(), st).map_err(|cause| {
                        e(RecordErrorKind::Notation {
                            number,
                            text: short(st),
                            cause,
                        })
                    })?;
                    let rec = RecordedMove {
                        mv,
                        seat,
                        millis: None,
                    };
                    r.play(&rec, number, st).map_err(e)?;
                    moves.push(rec);
                }
                'T' if in_moves => {
                    let ms = parse_time(st).map_err(e)?;
                    match moves.last_mut() {
                        Some(m) if end_word.is_none() => m.millis = Some(ms),
                        _ => {}
                    }
                }
                '%' => {
                    if end_word.is_none() {
                        end_word = Some(st.to_string());
                    }
                }
                _ => return Err(e(RecordErrorKind::BadLine(short(st)))),
            }
        }
    }
    if !seen {
        return Err(RecordError::new(
            1,
            RecordErrorKind::BadLine("no CSA statement found".into()),
        ));
    }
    let end = match replayer {
        Some(r) => r.into_position(),
        None => {
            let start = board
                .position(Seat::South, &rules)
                .map_err(|k| RecordError::new(0, k))?;
            detect_handicap(&mut rules, &start);
            start_text = position_text(&start);
            start
        }
    };
    let ending = end_word.and_then(|w| csa_ending(&w, tag, &end));
    Ok(GameRecord {
        rules,
        start: start_text,
        moves,
        removals: Vec::new(),
        players,
        started,
        ending,
        comments: Vec::new(),
    })
}

fn csa_ending(word: &str, tag: Option<(String, Seat)>, end: &Position) -> Option<Ending> {
    let to_move = end.to_move();
    if let Some((kind, s)) = tag {
        match kind.as_str() {
            "resign" => return Some(Ending::Resign(s)),
            "perpetual-check" => return Some(Ending::PerpetualCheck { loser: s }),
            "kachi" => return Some(Ending::ImpasseWin(s)),
            "time-up" => return Some(Ending::Time(s)),
            "forfeit" => return Some(Ending::Forfeit(s)),
            _ => {}
        }
    }
    Some(match word {
        "%TORYO" => Ending::Resign(to_move),
        "%TSUMI" => {
            if end.in_check(to_move) || !end.legal_moves().is_empty() {
                Ending::Checkmate { loser: to_move }
            } else {
                Ending::NoLegalMove { loser: to_move }
            }
        }
        "%SENNICHITE" => Ending::Sennichite,
        "%OUTE_SENNICHITE" => Ending::PerpetualCheck {
            loser: to_move.opposite(),
        },
        "%KACHI" => Ending::ImpasseWin(to_move),
        "%JISHOGI" => Ending::ImpasseDraw,
        "%HIKIWAKE" => Ending::Agreement,
        "%TIME_UP" => Ending::Time(to_move),
        "%ILLEGAL_MOVE" => Ending::IllegalMove { loser: to_move },
        "%+ILLEGAL_ACTION" => Ending::IllegalMove { loser: Seat::South },
        "%-ILLEGAL_ACTION" => Ending::IllegalMove { loser: Seat::North },
        "%MAX_MOVES" => Ending::MoveLimit,
        "%CHUDAN" => Ending::Abort,
        _ => return None,
    })
}
