//! Reading a KIF record: header lines, diagrams, moves and times (the main line only).

use super::*;

// ---------------------------------------------------------------------------------------------
// Reading

/// Parses `( 0:03/00:00:03)` (the part before `/` is the move's time) into milliseconds.
pub(super) fn parse_time(text: &str) -> Result<u64, RecordErrorKind> {
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
pub(super) fn split_move_line(line: &str) -> Option<(&str, &str, Option<&str>)> {
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
pub(super) struct MovesState {
    pub(super) rules: RuleSet,
    pub(super) start: Position,
    pub(super) replayer: Replayer,
    pub(super) moves: Vec<RecordedMove>,
    pub(super) removals: Vec<Removal>,
    pub(super) prev: Option<Square>,
    pub(super) next_number: Option<usize>,
    pub(super) end_word: Option<&'static str>,
    pub(super) summary: Option<Summary>,
    pub(super) ranking: Option<Vec<Seat>>,
    /// `*` lines after the moves header, each after the moves read before it.
    pub(super) comments: Vec<Comment>,
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
