//! Kakinoki board diagrams (BOD): reading rows and 持駒 lines, and writing a position as one.

use super::*;

/// A board diagram (BOD) being read.
#[derive(Default)]
pub(super) struct Bod {
    pub(super) rows: Vec<[Option<Piece>; 9]>,
    pub(super) hands: [Hand; 4],
    pub(super) to_move: Option<Seat>,
}

pub(super) fn piece_of_bod(c: char) -> Option<PieceKind> {
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

pub(super) fn bod_char(kind: PieceKind) -> char {
    use PieceKind::*;
    match kind {
        ProLance => '杏',
        ProKnight => '圭',
        ProSilver => '全',
        k => k.kanji().chars().next().unwrap_or('・'),
    }
}

/// Parses a kanji count: 一…九, 十, 十一…十八 (also ASCII digits).
pub(super) fn kanji_count(s: &str) -> Option<u8> {
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

pub(super) fn kanji_count_text(n: u8) -> String {
    match n {
        0 | 1 => String::new(),
        2..=9 => kanji_digit(n).to_string(),
        10 => "十".into(),
        _ => format!("十{}", kanji_digit(n - 10)),
    }
}

/// Reads `角　歩三` / `なし`.
pub(super) fn parse_hand(text: &str) -> Result<Hand, RecordErrorKind> {
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

pub(super) fn hand_text(hand: &Hand) -> String {
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
pub(super) fn parse_bod_row(line: &str) -> Result<[Option<Piece>; 9], RecordErrorKind> {
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

pub(super) fn seat_of_side_name(name: &str) -> Option<Seat> {
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
