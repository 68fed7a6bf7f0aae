//! KIF (Kakinoki format): writing and reading standard records (`７六歩(77)`, headers, board
//! diagrams, times, final lines) and Yonin records in the same style (`↑5六歩(57)`, YSFEN start).
//!
//! Reading accepts UTF-8 and Shift-JIS (cp932), comments (`*`), bookmarks (`&`), board diagrams
//! (BOD) with 持駒 lines, both spellings of promoted pieces (成銀/全, 龍/竜), and takes the main
//! line only (everything from the first `変化：` on is a branch).

use super::game_record::{
    apply_rules_text, detect_handicap, position_text, rules_to_text, Comment, Ending, GameRecord,
    RecordError, RecordErrorKind, RecordedMove, Removal, Replayer, MAX_RECORD_BYTES,
};
use super::notation::{self, kanji_digit, IDEOGRAPHIC_SPACE};
use crate::hand::Hand;
use crate::piece::{Piece, PieceKind};
use crate::position::{EliminationReason, Position};
use crate::rules::{Handicap, RuleSet, Variant};
use crate::seat::{BySeat, Seat};
use crate::setup::Setup;
use crate::square::Square;

/// The line that opens the moves of a KIF record.
pub const MOVES_HEADER: &str = "手数----指手---------消費時間--";
/// The 手合割 of Yonin records.
pub const YONIN_NAME: &str = "四人将棋";

fn short(s: &str) -> String {
    s.chars().take(32).collect()
}

fn err(line: usize, kind: RecordErrorKind) -> RecordError {
    RecordError::new(line, kind)
}

// ---------------------------------------------------------------------------------------------
// Text decoding

/// Decodes a record file: UTF-8 (with or without a byte-order mark) or Shift-JIS (cp932).
pub fn decode(bytes: &[u8]) -> Result<String, RecordError> {
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(err(0, RecordErrorKind::TooLarge(bytes.len())));
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Ok(s.to_owned());
    }
    let (text, had_errors) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(bytes);
    if !had_errors {
        return Ok(text.into_owned());
    }
    // Name the line where the encoding that read further broke down.
    let sjis_line = text
        .lines()
        .position(|l| l.contains('\u{FFFD}'))
        .map_or(1, |i| i + 1);
    let utf8_ok = std::str::from_utf8(bytes).map_or_else(|e| e.valid_up_to(), |s| s.len());
    let utf8_line = 1 + bytes[..utf8_ok].iter().filter(|&&b| b == b'\n').count();
    Err(err(sjis_line.max(utf8_line), RecordErrorKind::Encoding))
}

pub(crate) fn check_size(text: &str) -> Result<(), RecordError> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(err(0, RecordErrorKind::TooLarge(text.len())));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Shared by KIF and KI2: headers, board diagrams, endings

/// Handicap names KIF files use, with their start positions.
const EXTRA_HANDICAPS: [(&str, &str); 5] = [
    (
        "右香落ち",
        "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "三枚落ち",
        "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "五枚落ち",
        "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "左五枚落ち",
        "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "十枚落ち",
        "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
];

/// A board diagram (BOD) being read.
#[derive(Default)]
struct Bod {
    rows: Vec<[Option<Piece>; 9]>,
    hands: [Hand; 4],
    to_move: Option<Seat>,
}

/// What the header lines of a KIF or KI2 file said.
pub(crate) struct Header {
    pub rules: RuleSet,
    handicap_sfen: Option<String>,
    yonin_start: Option<String>,
    bod: Option<Bod>,
    pub players: BySeat<Option<String>>,
    pub started: Option<String>,
    /// Any header, diagram or move line seen at all.
    pub seen: bool,
    /// `手数＝N`: moves played before the diagram.
    moves_before: u32,
}

fn piece_of_bod(c: char) -> Option<PieceKind> {
    use PieceKind::*;
    Some(match c {
        '歩' => Pawn,
        '香' => Lance,
        '桂' => Knight,
        '銀' => Silver,
        '金' => Gold,
        '角' => Bishop,
        '飛' => Rook,
        '玉' | '王' => King,
        'と' => ProPawn,
        '杏' => ProLance,
        '圭' => ProKnight,
        '全' => ProSilver,
        '馬' => Horse,
        '龍' | '竜' => Dragon,
        _ => return None,
    })
}

fn bod_char(kind: PieceKind) -> char {
    use PieceKind::*;
    match kind {
        ProLance => '杏',
        ProKnight => '圭',
        ProSilver => '全',
        k => k.kanji().chars().next().unwrap_or('・'),
    }
}

/// Parses a kanji count: 一…九, 十, 十一…十八 (also ASCII digits).
fn kanji_count(s: &str) -> Option<u8> {
    if s.is_empty() {
        return Some(1);
    }
    if let Ok(n) = s.parse::<u8>() {
        return (1..=18).contains(&n).then_some(n);
    }
    let digit = |c: char| {
        "一二三四五六七八九"
            .chars()
            .position(|d| d == c)
            .map(|i| i as u8 + 1)
    };
    let mut chars = s.chars();
    let first = chars.next()?;
    let rest: Vec<char> = chars.collect();
    let n = if first == '十' {
        match rest.as_slice() {
            [] => 10,
            [d] => 10 + digit(*d)?,
            _ => return None,
        }
    } else if rest.is_empty() {
        digit(first)?
    } else {
        return None;
    };
    (n <= 18).then_some(n)
}

fn kanji_count_text(n: u8) -> String {
    match n {
        0 | 1 => String::new(),
        2..=9 => kanji_digit(n).to_string(),
        10 => "十".into(),
        _ => format!("十{}", kanji_digit(n - 10)),
    }
}

/// Reads `角　歩三` / `なし`.
fn parse_hand(text: &str) -> Result<Hand, RecordErrorKind> {
    let mut hand = Hand::EMPTY;
    let text = text.trim_matches([' ', IDEOGRAPHIC_SPACE]);
    if text.is_empty() || text == "なし" {
        return Ok(hand);
    }
    for item in text
        .split([' ', IDEOGRAPHIC_SPACE])
        .filter(|s| !s.is_empty())
    {
        let mut chars = item.chars();
        let bad = || RecordErrorKind::BadHand(short(text));
        let kind = chars
            .next()
            .and_then(piece_of_bod)
            .filter(|k| k.index() < 7)
            .ok_or_else(bad)?;
        let n = kanji_count(chars.as_str()).ok_or_else(bad)?;
        hand.set(kind, hand.count(kind).saturating_add(n));
    }
    Ok(hand)
}

fn hand_text(hand: &Hand) -> String {
    let parts: Vec<String> = hand
        .pieces()
        .map(|(k, n)| format!("{}{}", k.kanji(), kanji_count_text(n)))
        .collect();
    if parts.is_empty() {
        "なし".into()
    } else {
        parts.join("　")
    }
}

/// Reads a BOD rank: `|v香v桂 ・ ...|一`.
fn parse_bod_row(line: &str) -> Result<[Option<Piece>; 9], RecordErrorKind> {
    let bad = || RecordErrorKind::BadBoard(short(line));
    let inner = line.strip_prefix('|').ok_or_else(bad)?;
    let end = inner.find('|').ok_or_else(bad)?;
    let cells: Vec<char> = inner[..end].chars().collect();
    if cells.len() != 18 {
        return Err(bad());
    }
    let mut row = [None; 9];
    for (i, pair) in cells.chunks(2).enumerate() {
        let (mark, c) = (pair[0], pair[1]);
        if c == '・' {
            continue;
        }
        let kind = piece_of_bod(c).ok_or_else(bad)?;
        let seat = match mark {
            'v' | 'V' => Seat::North,
            ' ' | '^' => Seat::South,
            _ => return Err(bad()),
        };
        row[i] = Some(Piece::of(kind, seat));
    }
    Ok(row)
}

fn seat_of_side_name(name: &str) -> Option<Seat> {
    match name {
        "先手" | "下手" => Some(Seat::South),
        "後手" | "上手" => Some(Seat::North),
        "南" => Some(Seat::South),
        "西" => Some(Seat::West),
        "北" => Some(Seat::North),
        "東" => Some(Seat::East),
        _ => None,
    }
}

impl Header {
    pub(crate) fn new() -> Header {
        Header {
            rules: RuleSet::standard(),
            handicap_sfen: None,
            yonin_start: None,
            bod: None,
            players: BySeat::default(),
            started: None,
            seen: false,
            moves_before: 0,
        }
    }

    fn bod(&mut self) -> &mut Bod {
        self.bod.get_or_insert_with(Bod::default)
    }

    /// Reads one header line; `Ok(false)` when the line is not a header line.
    pub(crate) fn line(&mut self, line: &str, lineno: usize) -> Result<bool, RecordError> {
        let trimmed = line.trim_end_matches([' ', IDEOGRAPHIC_SPACE, '\t']);
        let e = |k| err(lineno, k);
        if trimmed.starts_with('#') || trimmed.starts_with('*') || trimmed.starts_with('&') {
            return Ok(true);
        }
        if trimmed.starts_with('|') {
            let row = parse_bod_row(trimmed).map_err(e)?;
            let bod = self.bod();
            if bod.rows.len() >= 9 {
                return Err(e(RecordErrorKind::BadBoard("more than 9 ranks".into())));
            }
            bod.rows.push(row);
            self.seen = true;
            return Ok(true);
        }
        if trimmed.starts_with("+--") || trimmed.trim_start().starts_with('９') {
            self.bod();
            return Ok(true);
        }
        match trimmed.trim_start() {
            "先手番" | "下手番" => {
                self.bod().to_move = Some(Seat::South);
                return Ok(true);
            }
            "後手番" | "上手番" => {
                self.bod().to_move = Some(Seat::North);
                return Ok(true);
            }
            _ => {}
        }
        if let Some(n) = trimmed.strip_prefix("手数＝") {
            // `手数＝3  △３四歩  まで`: the moves before the diagram; the moves below are
            // numbered as they come.
            let digits: String = n
                .trim_start()
                .chars()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            self.moves_before = digits
                .parse::<u32>()
                .ok()
                .filter(|n| *n < 100_000)
                .ok_or_else(|| e(RecordErrorKind::BadLine(short(trimmed))))?;
            return Ok(true);
        }
        let Some((key, value)) = trimmed.split_once('：') else {
            return Ok(false);
        };
        let value = value.trim_matches([' ', IDEOGRAPHIC_SPACE, '\t']);
        let key = key.trim();
        self.seen = true;
        match key {
            "開始日時" => self.started = (!value.is_empty()).then(|| value.to_string()),
            "手合割" => self.set_handicap(value).map_err(e)?,
            "局面" => self.yonin_start = Some(value.to_string()),
            "ルール" => apply_rules_text(&mut self.rules, value).map_err(e)?,
            "先手の持駒" | "下手の持駒" | "持駒" => {
                let h = parse_hand(value).map_err(e)?;
                self.bod().hands[Seat::South.index()] = h;
            }
            "後手の持駒" | "上手の持駒" => {
                let h = parse_hand(value).map_err(e)?;
                self.bod().hands[Seat::North.index()] = h;
            }
            _ => {
                let name = key.strip_suffix("家").unwrap_or(key);
                if let Some(seat) = seat_of_side_name(name) {
                    self.players[seat] = (!value.is_empty()).then(|| value.to_string());
                }
                // Any other header (棋戦, 場所, 持ち時間, 戦型 …) is kept by nobody.
            }
        }
        Ok(true)
    }

    fn set_handicap(&mut self, name: &str) -> Result<(), RecordErrorKind> {
        if name == YONIN_NAME {
            self.rules.variant = Variant::Yonin;
            return Ok(());
        }
        if name == "その他" || name.is_empty() {
            return Ok(());
        }
        if let Some(h) = Handicap::ALL.into_iter().find(|h| h.kif_name() == name) {
            self.rules.handicap = h;
            self.handicap_sfen = Some(h.sfen().to_string());
            return Ok(());
        }
        if let Some((_, sfen)) = EXTRA_HANDICAPS.iter().find(|(n, _)| *n == name) {
            self.handicap_sfen = Some(sfen.to_string());
            return Ok(());
        }
        Err(RecordErrorKind::UnknownHandicap(short(name)))
    }

    /// The start position the headers describe.
    pub(crate) fn start(&self) -> Result<Position, RecordErrorKind> {
        let rules = &self.rules;
        if rules.variant == Variant::Yonin {
            return match &self.yonin_start {
                Some(t) => Ok(super::ysfen::position(t, rules)?),
                None => Ok(Position::start(rules)),
            };
        }
        if let Some(bod) = &self.bod {
            if !bod.rows.is_empty() {
                if bod.rows.len() != 9 {
                    return Err(RecordErrorKind::BadBoard(format!(
                        "{} ranks instead of 9",
                        bod.rows.len()
                    )));
                }
                let mut board = [None; 81];
                for (r, row) in bod.rows.iter().enumerate() {
                    for (i, p) in row.iter().enumerate() {
                        if let Some(sq) = Square::from_file_rank(9 - i as u8, r as u8 + 1) {
                            board[sq.index()] = *p;
                        }
                    }
                }
                let setup = Setup {
                    board,
                    hands: bod.hands,
                    to_move: bod.to_move.unwrap_or(Seat::South),
                    dead: Vec::new(),
                    ply: self.moves_before + 1,
                };
                return setup
                    .into_position(rules)
                    .map_err(|e| RecordErrorKind::Position(e.into()));
            }
        }
        match &self.handicap_sfen {
            Some(s) => Ok(super::sfen::position(s, rules)?),
            None => Ok(Position::start(rules)),
        }
    }
}

/// The final summary line `まで{n}手で…`, read.
pub(crate) struct Summary {
    text: String,
    winner: Option<Seat>,
}

pub(crate) fn parse_summary(line: &str) -> Option<Summary> {
    let rest = line.trim().strip_prefix("まで")?;
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    let rest = rest[digits.len()..].strip_prefix("手")?;
    let rest = rest.strip_prefix("で").unwrap_or(rest);
    let winner = ["先手", "下手", "後手", "上手"]
        .into_iter()
        .find(|n| {
            rest.contains(&format!("{n}の勝ち"))
                || rest.contains(&format!("{n}の入玉勝ち"))
                || rest.contains(&format!("{n}の反則勝ち"))
                || rest.contains(&format!("{n}の不戦勝"))
        })
        .and_then(seat_of_side_name);
    Some(Summary {
        text: rest.to_string(),
        winner,
    })
}

/// The special words that end the moves of a KIF record.
const END_WORDS: [&str; 15] = [
    "投了",
    "詰み",
    "千日手",
    "持将棋",
    "切れ負け",
    "時間切れ",
    "反則勝ち",
    "反則負け",
    "入玉勝ち",
    "不戦勝",
    "不戦敗",
    "中断",
    "手数制限",
    "封じ手",
    "不詰",
];

/// The ending a KIF final word (or, with `word = None`, a KI2 summary) describes, given the
/// final position. `None` when nothing is known.
pub(crate) fn ending_of(
    word: Option<&str>,
    summary: Option<&Summary>,
    end: &Position,
) -> Option<Ending> {
    let to_move = end.to_move();
    let text = summary.map(|s| s.text.as_str()).unwrap_or("");
    let named_winner = summary.and_then(|s| s.winner);
    let loser_or = |default: Seat| named_winner.map(Seat::opposite).unwrap_or(default);
    let mated = |loser: Seat| {
        if end.in_check(loser) || !end.legal_moves().is_empty() {
            Ending::Checkmate { loser }
        } else {
            Ending::NoLegalMove { loser }
        }
    };
    let word = match word {
        Some(w) => w,
        None => {
            // KI2: only the summary.
            if text.contains("連続王手") {
                return Some(Ending::PerpetualCheck {
                    loser: loser_or(to_move),
                });
            }
            let w = [
                "千日手",
                "持将棋",
                "中断",
                "入玉勝ち",
                "反則勝ち",
                "反則負け",
                "時間切れ",
                "切れ負け",
                "不戦",
                "手数制限",
                "合意",
            ]
            .into_iter()
            .find(|w| text.contains(w));
            match w {
                Some("合意") => return Some(Ending::Agreement),
                Some("手数制限") => return Some(Ending::MoveLimit),
                Some("不戦") => return Some(Ending::Forfeit(loser_or(to_move))),
                Some(w) => w,
                None if text.contains("勝ち") => {
                    let loser = loser_or(to_move);
                    if loser == to_move && end.legal_moves().is_empty() {
                        return Some(mated(loser));
                    }
                    return Some(Ending::Resign(loser));
                }
                None => return None,
            }
        }
    };
    Some(match word {
        "投了" => Ending::Resign(loser_or(to_move)),
        "詰み" => mated(to_move),
        "千日手" if text.contains("連続王手") => Ending::PerpetualCheck {
            loser: loser_or(to_move),
        },
        "千日手" => Ending::Sennichite,
        "持将棋" if text.contains("合意") => Ending::Agreement,
        "持将棋" if text.contains("手数制限") => Ending::MoveLimit,
        "持将棋" => Ending::ImpasseDraw,
        "手数制限" => Ending::MoveLimit,
        "切れ負け" | "時間切れ" => Ending::Time(loser_or(to_move)),
        "反則勝ち" | "反則負け" => {
            let default = if word == "反則負け" {
                to_move
            } else {
                to_move.opposite()
            };
            let loser = loser_or(default);
            if text.contains("連続王手") {
                Ending::PerpetualCheck { loser }
            } else {
                Ending::IllegalMove { loser }
            }
        }
        "入玉勝ち" => Ending::ImpasseWin(named_winner.unwrap_or(to_move)),
        "不戦敗" => Ending::Forfeit(loser_or(to_move)),
        "不戦勝" => Ending::Forfeit(loser_or(to_move.opposite())),
        "中断" => Ending::Abort,
        _ => return None,
    })
}

fn side_name(seat: Seat, handicap: bool) -> &'static str {
    match (seat == Seat::North, handicap) {
        (false, false) => "先手",
        (true, false) => "後手",
        (false, true) => "下手",
        (true, true) => "上手",
    }
}

/// The KIF final word and the summary line of a standard ending; `to_move` is the side to move
/// in the final position.
pub(crate) fn ending_lines(
    ending: &Ending,
    moves: usize,
    to_move: Seat,
    handicap: bool,
) -> (Option<&'static str>, Option<String>) {
    let name = |s: Seat| side_name(s, handicap);
    let n = moves;
    let win = |loser: Seat| format!("まで{n}手で{}の勝ち", name(loser.opposite()));
    match ending {
        Ending::Resign(l) => (Some("投了"), Some(win(*l))),
        Ending::Checkmate { loser } | Ending::NoLegalMove { loser } => {
            (Some("詰み"), Some(win(*loser)))
        }
        Ending::Sennichite => (Some("千日手"), Some(format!("まで{n}手で千日手"))),
        Ending::PerpetualCheck { loser } => (
            Some(if *loser == to_move {
                "反則負け"
            } else {
                "反則勝ち"
            }),
            Some(format!(
                "まで{n}手で連続王手の千日手により{}の勝ち",
                name(loser.opposite())
            )),
        ),
        Ending::ImpasseWin(w) => (
            Some("入玉勝ち"),
            Some(format!("まで{n}手で{}の入玉勝ち", name(*w))),
        ),
        Ending::ImpasseDraw => (Some("持将棋"), Some(format!("まで{n}手で持将棋"))),
        Ending::Agreement => (
            Some("持将棋"),
            Some(format!("まで{n}手で合意により引き分け")),
        ),
        Ending::Time(l) => (
            Some("切れ負け"),
            Some(format!(
                "まで{n}手で時間切れにより{}の勝ち",
                name(l.opposite())
            )),
        ),
        Ending::IllegalMove { loser } => (
            Some(if *loser == to_move {
                "反則負け"
            } else {
                "反則勝ち"
            }),
            Some(format!("まで{n}手で{}の反則勝ち", name(loser.opposite()))),
        ),
        Ending::Forfeit(l) => (
            Some(if *l == to_move {
                "不戦敗"
            } else {
                "不戦勝"
            }),
            Some(format!("まで{n}手で{}の不戦勝", name(l.opposite()))),
        ),
        Ending::MoveLimit => (
            Some("持将棋"),
            Some(format!("まで{n}手で手数制限により引き分け")),
        ),
        Ending::Abort => (Some("中断"), Some(format!("まで{n}手で中断"))),
        Ending::Ranking(_) => (None, None),
    }
}

/// Header lines shared by KIF and KI2 writers (date, 手合割 or board diagram, names, rules).
pub(crate) fn header_text(rec: &GameRecord, start: &Position) -> String {
    let mut s = String::new();
    if let Some(d) = &rec.started {
        s.push_str(&format!("開始日時：{d}\n"));
    }
    if rec.rules.variant == Variant::Yonin {
        s.push_str(&format!("手合割：{YONIN_NAME}\n"));
        s.push_str(&format!("局面：{}\n", position_text(start)));
        let rules = rules_to_text(&rec.rules);
        if !rules.is_empty() {
            s.push_str(&format!("ルール：{rules}\n"));
        }
        for (seat, name) in rec.players.iter() {
            if let Some(n) = name {
                s.push_str(&format!("{}：{n}\n", yonin_seat_name(seat)));
            }
        }
        return s;
    }
    let handicap = rec.handicap();
    match handicap {
        Some(h) => s.push_str(&format!("手合割：{}\n", h.kif_name())),
        None => s.push_str(&bod_text(start)),
    }
    let hc = matches!(handicap, Some(h) if h != Handicap::Even);
    for seat in [Seat::South, Seat::North] {
        if let Some(n) = &rec.players[seat] {
            s.push_str(&format!("{}：{n}\n", side_name(seat, hc)));
        }
    }
    let rules = rules_to_text(&rec.rules);
    if !rules.is_empty() {
        s.push_str(&format!("ルール：{rules}\n"));
    }
    s
}

fn yonin_seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "南",
        Seat::West => "西",
        Seat::North => "北",
        Seat::East => "東",
    }
}

/// A standard position as a Kakinoki board diagram.
pub fn bod_text(pos: &Position) -> String {
    let mut s = format!("後手の持駒：{}\n", hand_text(pos.hand(Seat::North)));
    s.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for rank in 1..=9u8 {
        s.push('|');
        for file in (1..=9u8).rev() {
            let p = Square::from_file_rank(file, rank).and_then(|sq| pos.piece_at(sq));
            match p {
                None => s.push_str(" ・"),
                Some(p) => {
                    s.push(if p.owner() == Seat::North { 'v' } else { ' ' });
                    s.push(bod_char(p.kind()));
                }
            }
        }
        s.push('|');
        s.push(kanji_digit(rank));
        s.push('\n');
    }
    s.push_str("+---------------------------+\n");
    s.push_str(&format!(
        "先手の持駒：{}\n",
        hand_text(pos.hand(Seat::South))
    ));
    if pos.ply() > 1 {
        s.push_str(&format!("手数＝{}\n", pos.ply() - 1));
    }
    if pos.to_move() == Seat::North {
        s.push_str("後手番\n");
    }
    s
}

// ---------------------------------------------------------------------------------------------
// Writing

/// Display width: full-width characters count 2.
fn width(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

fn pad(s: &str, w: usize) -> String {
    let n = w.saturating_sub(width(s)).max(1);
    format!("{s}{}", " ".repeat(n))
}

fn time_text(millis: u64, total_secs: u64) -> String {
    let secs = millis / 1000;
    let (h, rest) = (total_secs / 3600, total_secs % 3600);
    format!(
        "({:>2}:{:02}/{:02}:{:02}:{:02})",
        secs / 60,
        secs % 60,
        h,
        rest / 60,
        rest % 60
    )
}

/// Writes a record as KIF (UTF-8 text). Yonin records use the arrow notation and a YSFEN start.
pub fn write(rec: &GameRecord) -> Result<String, RecordError> {
    let start = rec.start_position()?;
    let mut out = header_text(rec, &start);
    out.push_str(MOVES_HEADER);
    out.push('\n');
    let yonin = rec.rules.variant == Variant::Yonin;
    let mut totals = BySeat([0u64; 4]);
    let first = start.ply() as usize;
    let mut prev: Option<Square> = None;
    let mut lines: Vec<(usize, String)> = Vec::new();
    let end = rec.replay(|step| {
        let legal = step.before.legal_moves();
        let text = if yonin {
            notation::yonin_move_with(step.before, step.rec.mv, &legal)
        } else {
            notation::kif_move_with(step.before, step.rec.mv, prev, &legal)
        };
        prev = Some(step.rec.mv.to());
        let mut line = format!("{:>4} ", step.index + first);
        match step.rec.millis {
            Some(ms) => {
                totals[step.rec.seat] = totals[step.rec.seat].saturating_add(ms / 1000);
                line.push_str(&pad(&text, 18));
                line.push_str(&time_text(ms, totals[step.rec.seat]));
            }
            None => line.push_str(&text),
        }
        lines.push((step.index, line));
    })?;
    // Yonin removals go just before the move they preceded.
    let removal_line = |r: &Removal| {
        let word = match r.reason {
            EliminationReason::Time => "切れ負け",
            EliminationReason::Forfeit => "不戦敗",
            _ => "投了",
        };
        format!("{:>4} {}{word}", r.after + first, r.seat.arrow())
    };
    let comment_lines = |out: &mut String, after: usize| {
        for text in rec.comments_after(after) {
            out.push('*');
            out.push_str(text);
            out.push('\n');
        }
    };
    comment_lines(&mut out, 0);
    for (index, line) in lines {
        for r in rec.removals.iter().filter(|r| r.after == index) {
            out.push_str(&removal_line(r));
            out.push('\n');
        }
        out.push_str(&line);
        out.push('\n');
        comment_lines(&mut out, index + 1);
    }
    for r in rec.removals.iter().filter(|r| r.after >= rec.moves.len()) {
        out.push_str(&removal_line(r));
        out.push('\n');
    }
    // The number of the last move (moves before a diagram count).
    let n = rec.moves.len() + first - 1;
    match (&rec.ending, yonin) {
        (Some(Ending::Ranking(r)), true) => {
            let places: Vec<String> = r
                .iter()
                .enumerate()
                .map(|(i, s)| format!("{}位{}", i + 1, s.arrow()))
                .collect();
            out.push_str(&format!("順位：{}\n", places.join(" ")));
        }
        (Some(e), true) => {
            let word = match e {
                Ending::Sennichite => Some("千日手"),
                Ending::MoveLimit => Some("手数制限"),
                Ending::Abort => Some("中断"),
                _ => None,
            };
            if let Some(w) = word {
                out.push_str(&format!("{:>4} {w}\n", n + 1));
            }
        }
        (Some(e), false) => {
            let hc = matches!(rec.handicap(), Some(h) if h != Handicap::Even);
            let (word, summary) = ending_lines(e, n, end.to_move(), hc);
            if let Some(w) = word {
                out.push_str(&format!("{:>4} {w}\n", n + 1));
            }
            if let Some(s) = summary {
                out.push_str(&s);
                out.push('\n');
            }
        }
        (None, _) => {}
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// Reading

/// Parses `( 0:03/00:00:03)` (the part before `/` is the move's time) into milliseconds.
fn parse_time(text: &str) -> Result<u64, RecordErrorKind> {
    let bad = || RecordErrorKind::BadTime(short(text));
    let inner = text
        .trim()
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .ok_or_else(bad)?;
    let this = inner.split('/').next().unwrap_or("").trim();
    let mut secs: u64 = 0;
    let parts: Vec<&str> = this.split(':').collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err(bad());
    }
    for p in parts {
        let p = p.trim();
        if p.is_empty() || p.len() > 9 || !p.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let v: u64 = p.parse().map_err(|_| bad())?;
        secs = secs
            .checked_mul(60)
            .and_then(|s| s.checked_add(v))
            .ok_or_else(bad)?;
    }
    secs.checked_mul(1000).ok_or_else(bad)
}

/// Splits a move line `  12 ７六歩(77)   ( 0:03/00:00:03)+` into number, text and time.
fn split_move_line(line: &str) -> Option<(&str, &str, Option<&str>)> {
    let line = line.trim_start();
    let digits = line.bytes().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let (number, rest) = line.split_at(digits);
    if !rest.starts_with([' ', IDEOGRAPHIC_SPACE, '\t']) {
        return None;
    }
    let rest = rest.trim_matches([' ', IDEOGRAPHIC_SPACE, '\t']);
    let rest = rest.strip_suffix('+').unwrap_or(rest).trim_end();
    if rest.ends_with(')') {
        if let Some(open) = rest.rfind('(') {
            let inside = &rest[open..];
            if inside.contains(':') {
                let text = rest[..open].trim_end_matches([' ', IDEOGRAPHIC_SPACE, '\t']);
                return Some((number, text, Some(inside)));
            }
        }
    }
    Some((number, rest, None))
}

/// Reads a KIF file's bytes (UTF-8 or Shift-JIS).
pub fn read_bytes(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    read(&decode(bytes)?)
}

/// Reads KIF text (standard or Yonin).
pub fn read(text: &str) -> Result<GameRecord, RecordError> {
    check_size(text)?;
    let mut header = Header::new();
    let mut state: Option<MovesState> = None;
    for (i, raw) in text.lines().enumerate() {
        let lineno = i + 1;
        let line = raw.trim_end_matches([' ', IDEOGRAPHIC_SPACE, '\t', '\r']);
        if line.trim().is_empty() {
            continue;
        }
        if line.trim_start().starts_with("変化：") {
            break;
        }
        if line.starts_with("手数----") {
            header.seen = true;
            if state.is_none() {
                state = Some(MovesState::new(&header).map_err(|k| err(lineno, k))?);
            }
            continue;
        }
        if let Some((number, mtext, time)) = split_move_line(line) {
            header.seen = true;
            if state.is_none() {
                state = Some(MovesState::new(&header).map_err(|k| err(lineno, k))?);
            }
            if let Some(st) = state.as_mut() {
                st.move_line(number, mtext, time)
                    .map_err(|k| err(lineno, k))?;
            }
            continue;
        }
        if let Some(s) = parse_summary(line) {
            header.seen = true;
            if let Some(st) = state.as_mut() {
                st.summary = Some(s);
            }
            continue;
        }
        if let Some(r) = line.strip_prefix("順位：") {
            let ranking: Vec<Seat> = r.chars().filter_map(notation::seat_of_arrow).collect();
            if ranking.is_empty() {
                return Err(err(lineno, RecordErrorKind::BadLine(short(line))));
            }
            if let Some(st) = state.as_mut() {
                st.ranking = Some(ranking);
            }
            continue;
        }
        if let (Some(text), Some(st)) = (line.strip_prefix('*'), state.as_mut()) {
            st.comments.push(Comment {
                after: st.moves.len(),
                text: text.to_string(),
            });
            continue;
        }
        if header.line(line, lineno)? {
            continue;
        }
        return Err(err(lineno, RecordErrorKind::BadLine(short(line))));
    }
    if !header.seen {
        return Err(err(
            1,
            RecordErrorKind::BadLine("no KIF header or move found".into()),
        ));
    }
    let st = match state {
        Some(st) => st,
        None => MovesState::new(&header).map_err(|k| err(0, k))?,
    };
    st.finish(header)
}

/// The moves section being read.
struct MovesState {
    rules: RuleSet,
    start: Position,
    replayer: Replayer,
    moves: Vec<RecordedMove>,
    removals: Vec<Removal>,
    prev: Option<Square>,
    next_number: Option<usize>,
    end_word: Option<&'static str>,
    summary: Option<Summary>,
    ranking: Option<Vec<Seat>>,
    /// `*` lines after the moves header, each after the moves read before it.
    comments: Vec<Comment>,
}

impl MovesState {
    fn new(header: &Header) -> Result<MovesState, RecordErrorKind> {
        let start = header.start()?;
        let mut rules = header.rules;
        detect_handicap(&mut rules, &start);
        Ok(MovesState {
            rules,
            replayer: Replayer::new(rules, start.clone()),
            start,
            moves: Vec::new(),
            removals: Vec::new(),
            prev: None,
            next_number: None,
            end_word: None,
            summary: None,
            ranking: None,
            comments: Vec::new(),
        })
    }

    fn move_line(
        &mut self,
        number: &str,
        text: &str,
        time: Option<&str>,
    ) -> Result<(), RecordErrorKind> {
        let expected = self.next_number.unwrap_or(1);
        let n: usize = number
            .parse()
            .ok()
            .filter(|n| self.next_number.is_none() || *n == expected)
            .ok_or_else(|| RecordErrorKind::MoveNumber {
                expected,
                found: short(number),
            })?;
        if self.next_number.is_none() {
            self.next_number = Some(n);
        }
        let number = n;
        let yonin = self.rules.variant == Variant::Yonin;
        // A Yonin seat leaving the game: `→投了`.
        if yonin {
            let mut chars = text.chars();
            if let Some(seat) = chars.next().and_then(notation::seat_of_arrow) {
                let reason = match chars.as_str() {
                    "投了" => Some(EliminationReason::Resignation),
                    "切れ負け" | "時間切れ" => Some(EliminationReason::Time),
                    "不戦敗" => Some(EliminationReason::Forfeit),
                    _ => None,
                };
                if let Some(reason) = reason {
                    if self.end_word.is_some() {
                        return Err(RecordErrorKind::MoveAfterEnd);
                    }
                    self.replayer.remove(seat, reason)?;
                    self.removals.push(Removal {
                        after: self.moves.len(),
                        seat,
                        reason,
                    });
                    return Ok(());
                }
            }
        }
        if let Some(w) = END_WORDS.iter().find(|w| text.starts_with(**w)) {
            if self.end_word.is_none() {
                self.end_word = Some(w);
            }
            return Ok(());
        }
        if self.end_word.is_some() {
            return Err(RecordErrorKind::MoveAfterEnd);
        }
        let pos = self.replayer.position();
        let (seat, mv) = if yonin {
            let (arrow, mv) = notation::parse_yonin_move(pos, text).map_err(|cause| {
                RecordErrorKind::Notation {
                    number,
                    text: short(text),
                    cause,
                }
            })?;
            (arrow.unwrap_or(pos.to_move()), mv)
        } else {
            let mv = notation::parse_kif_move(pos, text, self.prev).map_err(|cause| {
                RecordErrorKind::Notation {
                    number,
                    text: short(text),
                    cause,
                }
            })?;
            (pos.to_move(), mv)
        };
        let millis = time.map(parse_time).transpose()?;
        let rec = RecordedMove { mv, seat, millis };
        self.replayer.play(&rec, number, text)?;
        self.moves.push(rec);
        self.prev = Some(mv.to());
        self.next_number = Some(number + 1);
        Ok(())
    }

    fn finish(self, header: Header) -> Result<GameRecord, RecordError> {
        let end = self.replayer.into_position();
        let ending = match self.ranking {
            Some(r) => Some(Ending::Ranking(r)),
            None if self.rules.variant == Variant::Yonin => match self.end_word {
                Some("千日手") => Some(Ending::Sennichite),
                Some("手数制限") => Some(Ending::MoveLimit),
                Some("中断") => Some(Ending::Abort),
                _ => None,
            },
            None => ending_of(self.end_word, self.summary.as_ref(), &end)
                .filter(|_| self.end_word.is_some() || self.summary.is_some()),
        };
        Ok(GameRecord {
            rules: self.rules,
            start: position_text(&self.start),
            moves: self.moves,
            removals: self.removals,
            players: header.players,
            started: header.started,
            ending,
            comments: self.comments,
        })
    }
}
