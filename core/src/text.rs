//! One check for every name and text that enters the server or the store.
//!
//! Player names, room names and chat lines that a person types are *checked*: trimmed, and
//! refused with a [`TextError`] a player can read when they are empty, too long, or hold
//! characters that hide or disguise text (controls, direction overrides, invisible-only
//! names, stacks of combining marks). Names read from another program's game record are
//! *cleaned* instead ([`clean_name`], [`clean_room_name`]): the same characters are dropped and
//! the text is cut to length, so that the record still imports.

use std::fmt;
use unicode_normalization::char::is_combining_mark;

/// Longest player name, in characters (names are trimmed first; 1 character at least).
pub const MAX_NAME_CHARS: usize = 24;
/// Longest room name, in characters.
pub const MAX_ROOM_NAME_CHARS: usize = 40;
/// Longest chat message, in characters.
pub const MAX_CHAT_CHARS: usize = 280;

/// The most combining marks allowed in a row on one letter (more is "Zalgo" text that
/// spills over the lines around it).
pub const MAX_COMBINING_RUN: usize = 3;
/// The most lines a chat message may have.
pub const MAX_CHAT_LINES: usize = 6;
/// The most line breaks in a row in a chat message (2 leave one empty line).
pub const MAX_CHAT_NEWLINE_RUN: usize = 2;

/// Which kind of text is checked: each has its own length and its own rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextKind {
    /// A player's name (also the names read from imported records).
    Name,
    /// A room's name (also an imported record's title).
    RoomName,
    /// A chat message: the only kind that may hold line breaks.
    Chat,
}

impl TextKind {
    /// The longest text of this kind, in characters.
    pub fn max_chars(self) -> usize {
        match self {
            TextKind::Name => MAX_NAME_CHARS,
            TextKind::RoomName => MAX_ROOM_NAME_CHARS,
            TextKind::Chat => MAX_CHAT_CHARS,
        }
    }
}

impl fmt::Display for TextKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TextKind::Name => "a name",
            TextKind::RoomName => "a room name",
            TextKind::Chat => "a chat message",
        })
    }
}

/// Why a text was refused, in words a player can read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// Nothing but spaces.
    #[error("{0} needs at least one character")]
    Empty(TextKind),
    /// Only characters that show nothing (zero-width spaces, fillers, lone accents).
    #[error("{0} needs at least one visible character")]
    Invisible(TextKind),
    /// Longer than the kind allows.
    #[error("{kind} has at most {max} characters")]
    TooLong { kind: TextKind, max: usize },
    /// A control character (NUL, escape, tab, DEL…); chat keeps its line breaks.
    #[error("{0} may not hold control characters")]
    Control(TextKind),
    /// A character that reverses or isolates the direction of the text around it.
    #[error("{0} may not hold characters that change the direction of the text")]
    Direction(TextKind),
    /// More than [`MAX_COMBINING_RUN`] accents stacked on one letter.
    #[error("{0} may not stack more than {MAX_COMBINING_RUN} accents on one letter")]
    StackedMarks(TextKind),
    /// A chat message with more than [`MAX_CHAT_LINES`] lines.
    #[error("a chat message has at most {MAX_CHAT_LINES} lines")]
    TooManyLines,
    /// A chat message with more than one empty line in a row.
    #[error("a chat message may not hold more than one empty line in a row")]
    BlankLines,
}

/// The text the server sends back with its error code.
impl From<TextError> for String {
    fn from(e: TextError) -> String {
        e.to_string()
    }
}

/// Explicit direction overrides, embeddings and isolates (U+202A–U+202E, U+2066–U+2069):
/// refused everywhere.
fn is_direction_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Direction marks (Arabic letter mark, LRM, RLM): harmless in chat, refused in names.
fn is_direction_mark(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}')
}

/// Characters that show nothing on their own: zero-width spaces and joiners, word joiner and
/// invisible operators, BOM, Mongolian vowel separator and free variation selectors, Hangul
/// fillers, soft hyphen, combining grapheme joiner, Khmer inherent vowels, variation
/// selectors, tags, and the blank Braille pattern.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200D}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2800}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// Invisible characters that change the one before them (variation selectors, tags, the
/// combining grapheme joiner): part of an emoji or a letter, so never trimmed off an end.
fn is_modifier(c: char) -> bool {
    matches!(
        c,
        '\u{034F}' | '\u{180B}'..='\u{180D}' | '\u{180F}' | '\u{FE00}'..='\u{FE0F}' | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// Whitespace or an invisible character that is no modifier: what trimming removes from both
/// ends.
fn is_blank(c: char) -> bool {
    c.is_whitespace() || (is_invisible(c) && !is_modifier(c))
}

/// Shows nothing by itself: blank, or a combining mark (which needs a letter to sit on).
fn shows_nothing(c: char) -> bool {
    c.is_whitespace() || is_invisible(c) || is_combining_mark(c) || is_direction_mark(c)
}

/// Checks and tidies a text of the given kind: both ends trimmed of spaces and invisible
/// characters, `\r\n` made `\n` in chat; refused with the first rule it breaks.
pub fn check(kind: TextKind, raw: &str) -> Result<String, TextError> {
    let text = raw.trim_matches(is_blank);
    if text.is_empty() {
        return Err(if raw.trim().is_empty() {
            TextError::Empty(kind)
        } else {
            TextError::Invisible(kind)
        });
    }
    let max = kind.max_chars();
    if text.chars().count() > max {
        return Err(TextError::TooLong { kind, max });
    }
    let text = if kind == TextKind::Chat {
        text.replace("\r\n", "\n")
    } else {
        text.to_string()
    };
    if text.chars().all(shows_nothing) {
        return Err(TextError::Invisible(kind));
    }
    let mut marks = 0usize;
    // Line breaks since the last character that shows something.
    let mut breaks = 0usize;
    let mut lines = 1usize;
    for c in text.chars() {
        if kind == TextKind::Chat && c == '\n' {
            breaks += 1;
            lines += 1;
            if breaks > MAX_CHAT_NEWLINE_RUN {
                return Err(TextError::BlankLines);
            }
            if lines > MAX_CHAT_LINES {
                return Err(TextError::TooManyLines);
            }
        } else if c.is_control() {
            return Err(TextError::Control(kind));
        } else if !c.is_whitespace() {
            breaks = 0;
        }
        if is_direction_control(c) || (kind != TextKind::Chat && is_direction_mark(c)) {
            return Err(TextError::Direction(kind));
        }
        if is_combining_mark(c) {
            marks += 1;
            if marks > MAX_COMBINING_RUN {
                return Err(TextError::StackedMarks(kind));
            }
        } else {
            marks = 0;
        }
    }
    Ok(text)
}

/// Checks and tidies a player name (1..=[`MAX_NAME_CHARS`] characters).
pub fn check_name(name: &str) -> Result<String, TextError> {
    check(TextKind::Name, name)
}

/// Checks and tidies a room name (1..=[`MAX_ROOM_NAME_CHARS`] characters).
pub fn check_room_name(name: &str) -> Result<String, TextError> {
    check(TextKind::RoomName, name)
}

/// Checks and tidies a chat message (1..=[`MAX_CHAT_CHARS`] characters, at most
/// [`MAX_CHAT_LINES`] lines).
pub fn check_chat(text: &str) -> Result<String, TextError> {
    check(TextKind::Chat, text)
}

/// Cleans a one-line text from outside (an imported record's player name or title) so that it
/// passes [`check`]: line breaks and tabs become spaces, other controls, direction controls and
/// marks and invisible characters (except the zero-width joiner inside emoji) are dropped,
/// stacks of combining marks cut to [`MAX_COMBINING_RUN`], and the result is trimmed and cut
/// to the kind's length. `None` when nothing visible is left.
pub fn clean(kind: TextKind, raw: &str) -> Option<String> {
    let mut out = String::new();
    let mut marks = 0usize;
    for c in raw.chars() {
        let c = if c.is_whitespace() { ' ' } else { c };
        if c.is_control()
            || is_direction_control(c)
            || is_direction_mark(c)
            || (is_invisible(c) && c != '\u{200D}')
        {
            continue;
        }
        if is_combining_mark(c) {
            marks += 1;
            if marks > MAX_COMBINING_RUN {
                continue;
            }
        } else {
            marks = 0;
        }
        out.push(c);
    }
    let cut: String = out
        .trim_matches(is_blank)
        .chars()
        .take(kind.max_chars())
        .collect();
    let tidy = cut.trim_matches(is_blank);
    if tidy.chars().all(shows_nothing) {
        return None;
    }
    let tidy = tidy.to_string();
    debug_assert!(
        check(kind, &tidy).is_ok(),
        "cleaned text {tidy:?} fails the check"
    );
    Some(tidy)
}

/// Cleans an imported player name (see [`clean`]); `None` means "use the seat's default".
pub fn clean_name(raw: &str) -> Option<String> {
    clean(TextKind::Name, raw)
}

/// Cleans an imported record's title for use as a room name (see [`clean`]).
pub fn clean_room_name(raw: &str) -> Option<String> {
    clean(TextKind::RoomName, raw)
}

/// Cuts `s` to at most `max` bytes, on a character boundary (never inside a character).
pub fn truncate_bytes(s: &mut String, max: usize) {
    let end = prefix_bytes(s, max).len();
    s.truncate(end);
}

/// Cuts `s` to at most `max` bytes on a character boundary, borrowing.
pub fn prefix_bytes(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name_err(s: &str) -> TextError {
        check_name(s).expect_err(s)
    }

    #[test]
    fn ordinary_names_pass_trimmed() {
        assert_eq!(check_name("  Ann ").unwrap(), "Ann");
        assert_eq!(check_name("羽生善治").unwrap(), "羽生善治");
        assert_eq!(check_name("김민준").unwrap(), "김민준");
        assert_eq!(
            check_name("Zoë O'Brien-Ñúñez").unwrap(),
            "Zoë O'Brien-Ñúñez"
        );
        // Decomposed accents and Japanese voiced marks are combining marks, but short runs.
        assert_eq!(check_name("Zoe\u{308}").unwrap(), "Zoe\u{308}");
        assert_eq!(check_name("か\u{3099}").unwrap(), "か\u{3099}");
        // Emoji, also joined with ZWJ and with a variation selector.
        assert_eq!(check_name("🦊 fox").unwrap(), "🦊 fox");
        let family = "👨\u{200D}👩\u{200D}👧";
        assert_eq!(check_name(family).unwrap(), family);
        assert_eq!(check_name("♥\u{FE0F}").unwrap(), "♥\u{FE0F}");
        // Invisible characters at the ends go with the trimming.
        assert_eq!(check_name("\u{200B}Ann\u{FEFF}").unwrap(), "Ann");
        assert_eq!(
            check_name(&"将".repeat(MAX_NAME_CHARS))
                .unwrap()
                .chars()
                .count(),
            24
        );
    }

    #[test]
    fn empty_and_too_long_names_are_refused() {
        assert_eq!(name_err(""), TextError::Empty(TextKind::Name));
        assert_eq!(name_err(" \t\u{3000} "), TextError::Empty(TextKind::Name));
        let long = TextError::TooLong {
            kind: TextKind::Name,
            max: MAX_NAME_CHARS,
        };
        assert_eq!(name_err(&"x".repeat(30_000)), long);
        assert_eq!(name_err(&"x".repeat(MAX_NAME_CHARS + 1)), long);
        assert_eq!(name_err(&"将".repeat(MAX_NAME_CHARS + 1)), long);
        assert_eq!(long.to_string(), "a name has at most 24 characters");
    }

    #[test]
    fn control_characters_are_refused() {
        for s in [
            "a\0b",
            "a\u{1b}[31mred",
            "a\u{7}b",
            "a\u{7f}b",
            "a\u{85}b",
            "a\u{9b}b",
        ] {
            assert_eq!(name_err(s), TextError::Control(TextKind::Name), "{s:?}");
        }
        assert_eq!(name_err("Ann\nBob"), TextError::Control(TextKind::Name));
        assert_eq!(
            check_room_name("a\tb"),
            Err(TextError::Control(TextKind::RoomName))
        );
    }

    #[test]
    fn direction_controls_are_refused() {
        for c in ['\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}'] {
            assert_eq!(
                name_err(&format!("ab{c}cd")),
                TextError::Direction(TextKind::Name)
            );
        }
        for c in ['\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}'] {
            let s = format!("x{c}y");
            assert_eq!(name_err(&s), TextError::Direction(TextKind::Name));
            assert_eq!(check_chat(&s), Err(TextError::Direction(TextKind::Chat)));
            assert_eq!(
                check_room_name(&s),
                Err(TextError::Direction(TextKind::RoomName))
            );
        }
        // Marks: refused in names, allowed in chat.
        for c in ['\u{061C}', '\u{200E}', '\u{200F}'] {
            let s = format!("x{c}y");
            assert_eq!(name_err(&s), TextError::Direction(TextKind::Name));
            assert_eq!(check_chat(&s).unwrap(), s);
        }
        assert!(TextError::Direction(TextKind::Name)
            .to_string()
            .contains("direction"));
    }

    #[test]
    fn invisible_only_names_are_refused() {
        let only = [
            "\u{200B}",
            "\u{200B}\u{200C}\u{200D}",
            "\u{2060}\u{FEFF}",
            "\u{180E}",
            "\u{3164}",
            "\u{115F}\u{1160}",
            "\u{3164}\u{3164}\u{3164}",
            "\u{301}",
            "\u{301}\u{302}\u{303}",
            " \u{200B} \u{3164} ",
            "\u{2800}",
            "\u{FE0F}",
            "\u{E0041}\u{E007F}",
        ];
        for s in only {
            assert_eq!(name_err(s), TextError::Invisible(TextKind::Name), "{s:?}");
            assert!(check_room_name(s).is_err());
            assert!(check_chat(s).is_err());
        }
        // A Hangul filler between letters is not trimmed away, but the name still has letters.
        assert!(check_name("a\u{3164}b").is_ok());
    }

    #[test]
    fn stacks_of_combining_marks_are_refused() {
        let three = "e\u{301}\u{302}\u{303}";
        assert_eq!(check_name(three).unwrap(), three);
        let zalgo = "e\u{301}\u{302}\u{303}\u{304}";
        assert_eq!(name_err(zalgo), TextError::StackedMarks(TextKind::Name));
        let chat = format!("h{}i", "\u{336}".repeat(40));
        assert_eq!(
            check_chat(&chat),
            Err(TextError::StackedMarks(TextKind::Chat))
        );
    }

    #[test]
    fn chat_keeps_line_breaks_within_limits() {
        assert_eq!(check_chat("hi\nthere").unwrap(), "hi\nthere");
        assert_eq!(check_chat("hi\r\nthere").unwrap(), "hi\nthere");
        assert_eq!(check_chat("a\n\nb").unwrap(), "a\n\nb");
        assert_eq!(check_chat("\n\nhi\n\n\n").unwrap(), "hi");
        assert_eq!(check_chat("a\n\n\nb"), Err(TextError::BlankLines));
        assert_eq!(check_chat("a\n \n\u{3000}\nb"), Err(TextError::BlankLines));
        let max_lines = ["x"; MAX_CHAT_LINES].join("\n");
        assert_eq!(check_chat(&max_lines).unwrap(), max_lines);
        let too_many = ["x"; MAX_CHAT_LINES + 1].join("\n");
        assert_eq!(check_chat(&too_many), Err(TextError::TooManyLines));
        assert_eq!(check_chat("a\rb"), Err(TextError::Control(TextKind::Chat)));
        assert_eq!(check_chat("a\0b"), Err(TextError::Control(TextKind::Chat)));
        assert!(check_chat(&"x".repeat(MAX_CHAT_CHARS)).is_ok());
        assert_eq!(
            check_chat(&"x".repeat(MAX_CHAT_CHARS + 1)),
            Err(TextError::TooLong {
                kind: TextKind::Chat,
                max: MAX_CHAT_CHARS
            })
        );
        assert_eq!(
            check_chat("よろしくお願いします 🙏").unwrap(),
            "よろしくお願いします 🙏"
        );
    }

    #[test]
    fn room_names_have_their_own_length() {
        assert!(check_room_name(&"r".repeat(MAX_ROOM_NAME_CHARS)).is_ok());
        assert_eq!(
            check_room_name(&"r".repeat(MAX_ROOM_NAME_CHARS + 1)),
            Err(TextError::TooLong {
                kind: TextKind::RoomName,
                max: MAX_ROOM_NAME_CHARS
            })
        );
        assert_eq!(check_room_name(" 四人将棋 ").unwrap(), "四人将棋");
    }

    #[test]
    fn imported_names_are_cleaned_not_refused() {
        let dirty = format!(
            "\0\u{1b}[31m\u{202E}Ann\u{200B}\u{2066}e{}\n",
            "x".repeat(30_000)
        );
        let clean = clean_name(&dirty).unwrap();
        assert_eq!(clean.chars().count(), MAX_NAME_CHARS);
        assert!(clean.starts_with("[31mAnne"), "{clean:?}");
        assert_eq!(check_name(&clean).unwrap(), clean);
        assert_eq!(clean_name("Ann\tBob").unwrap(), "Ann Bob");
        assert_eq!(
            clean_name("e\u{301}\u{302}\u{303}\u{304}\u{305}").unwrap(),
            "e\u{301}\u{302}\u{303}"
        );
        assert_eq!(clean_name("\u{200B}\u{3164}\0 "), None);
        assert_eq!(clean_name("\u{301}\u{302}"), None);
        assert_eq!(clean_name(""), None);
        assert_eq!(clean_name("羽生 善治").unwrap(), "羽生 善治");
        let title = clean_room_name(&"題".repeat(100)).unwrap();
        assert_eq!(title.chars().count(), MAX_ROOM_NAME_CHARS);
    }

    #[test]
    fn cuts_fall_on_character_boundaries() {
        let mut s = format!("{}é", "a".repeat(199));
        truncate_bytes(&mut s, 200);
        assert_eq!(s, "a".repeat(199));
        let mut short = String::from("ok");
        truncate_bytes(&mut short, 200);
        assert_eq!(short, "ok");
        assert_eq!(prefix_bytes("将棋", 4), "将");
        assert_eq!(prefix_bytes("将棋", 6), "将棋");
        assert_eq!(prefix_bytes("将棋", 2), "");
    }
}
