//! The header of a KIF or KI2 record (read and written): the rules and handicap, the
//! players, the start (a board diagram or the Yonin start), and the final lines and endings.

use super::*;

// ---------------------------------------------------------------------------------------------
// Shared by KIF and KI2: headers, board diagrams, endings

/// Handicap names KIF files use, with their start positions.
pub(super) const EXTRA_HANDICAPS: [(&str, &str); 5] = [
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

/// What the header lines of a KIF or KI2 file said.
pub(crate) struct Header {
    pub rules: RuleSet,
    pub(super) handicap_sfen: Option<String>,
    pub(super) yonin_start: Option<String>,
    pub(super) bod: Option<Bod>,
    pub players: BySeat<Option<String>>,
    pub started: Option<String>,
    /// Any header, diagram or move line seen at all.
    pub seen: bool,
    /// `手数＝N`: moves played before the diagram.
    pub(super) moves_before: u32,
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
                Some(t) => Ok(crate::record::ysfen::position(t, rules)?),
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
            Some(s) => Ok(crate::record::sfen::position(s, rules)?),
            None => Ok(Position::start(rules)),
        }
    }
}

/// The final summary line `まで{n}手で…`, read.
pub(crate) struct Summary {
    pub(super) text: String,
    pub(super) winner: Option<Seat>,
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
pub(super) const END_WORDS: [&str; 15] = [
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

pub(super) fn side_name(seat: Seat, handicap: bool) -> &'static str {
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

pub(super) fn yonin_seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "南",
        Seat::West => "西",
        Seat::North => "北",
        Seat::East => "東",
    }
}
