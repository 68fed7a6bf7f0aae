//! The room's and the lobby's chat: the log of lines the session keeps (sender, seat or
//! spectator, the server's refusals). The panel that shows it with its input line is
//! `crate::view::chat`.

use crate::i18n::{tr, trf, Text};
use macroquad::prelude::*;
use std::collections::VecDeque;
use yonin_core::protocol::{Occupant, PlayerRef, RoomState};
use yonin_core::text::TextError;
use yonin_core::text::MAX_CHAT_CHARS;
use yonin_core::Seat;

/// Lines kept; older ones are dropped.
pub(crate) const MAX_LINES: usize = 200;
/// A server refusal within this many seconds of a line sent is about that line.
const REFUSAL_WINDOW: f64 = 5.0;

/// Who said a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Speaker {
    /// A person in a seat.
    Seated(Seat),
    /// A person watching.
    Spectator,
    /// The server refusing a line of ours (rate limit, length).
    Refusal,
    /// Someone in the lobby (the lobby's chat has no seats).
    Lobby,
}

/// One line of the chat.
#[derive(Clone, Debug, PartialEq)]
pub struct ChatLine {
    pub name: String,
    pub speaker: Speaker,
    pub text: String,
    /// Said by this player.
    pub own: bool,
    /// Local time it arrived.
    pub at: f64,
}

/// The room chat as the session keeps it.
#[derive(Clone, Debug, Default)]
pub struct ChatLog {
    pub lines: VecDeque<ChatLine>,
    /// When the player last sent a line (to tell which refusals are about chat).
    last_sent: Option<f64>,
}

/// Why a line was not sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChatError {
    Empty,
    TooLong,
    /// Another of the server's rules (core's `text::check_chat`), in its words.
    Refused(String),
}

impl std::fmt::Display for ChatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ChatError::Empty => f.write_str(tr(Text::ChatEmpty)),
            ChatError::TooLong => f.write_str(&trf(Text::ChatTooLong, &[&MAX_CHAT_CHARS])),
            ChatError::Refused(why) => f.write_str(why),
        }
    }
}

/// A line as the server will take it, checked by the server's own rule (core's
/// `text::check_chat`): the field is one line, so a pasted control character (a tab, a line
/// break) becomes a space first.
pub(crate) fn clean_line(text: &str) -> Result<String, ChatError> {
    let text: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    yonin_core::text::check_chat(&text).map_err(|e| match e {
        TextError::Empty(_) | TextError::Invisible(_) => ChatError::Empty,
        TextError::TooLong { .. } => ChatError::TooLong,
        other => ChatError::Refused(other.to_string()),
    })
}

impl ChatLog {
    fn push(&mut self, line: ChatLine) {
        self.lines.push_back(line);
        while self.lines.len() > MAX_LINES {
            self.lines.pop_front();
        }
    }

    /// A line from the server, placed by what the room says about its sender.
    pub fn heard(
        &mut self,
        from: &PlayerRef,
        text: String,
        room: Option<&RoomState>,
        me: Option<yonin_core::protocol::PlayerId>,
        now: f64,
    ) {
        let seat = room.and_then(|r| {
            r.seats.iter().find_map(|s| match &s.occupant {
                Occupant::Person(p) if p.id == from.id => Some(s.seat),
                _ => None,
            })
        });
        self.push(ChatLine {
            name: from.name.clone(),
            speaker: seat.map_or(Speaker::Spectator, Speaker::Seated),
            text,
            own: me == Some(from.id),
            at: now,
        });
    }

    /// The room's chat as the server kept it, in place of what this client had (the player
    /// just entered, or came back after missing lines).
    pub(crate) fn replace_with(
        &mut self,
        lines: &[yonin_core::protocol::ChatEntry],
        room: Option<&RoomState>,
        me: Option<yonin_core::protocol::PlayerId>,
        now: f64,
    ) {
        self.lines.clear();
        for l in lines {
            self.heard(&l.from, l.text.clone(), room, me, now);
        }
    }

    /// A line of the lobby's chat.
    pub(crate) fn heard_in_lobby(
        &mut self,
        from: &PlayerRef,
        text: String,
        me: Option<yonin_core::protocol::PlayerId>,
        now: f64,
    ) {
        self.push(ChatLine {
            name: from.name.clone(),
            speaker: Speaker::Lobby,
            text,
            own: me == Some(from.id),
            at: now,
        });
    }

    /// The player sent a line.
    pub fn sent(&mut self, now: f64) {
        self.last_sent = Some(now);
    }

    /// A server error arrived: when it follows a line of ours, show it in the chat.
    /// Returns true when it was taken as a chat refusal.
    pub fn refused(&mut self, message: &str, now: f64) -> bool {
        if !self.last_sent.is_some_and(|t| now - t <= REFUSAL_WINDOW) {
            return false;
        }
        self.note_refusal(message, now);
        true
    }

    /// A line of ours that was not sent, and why.
    pub(crate) fn note_refusal(&mut self, why: &str, now: f64) {
        self.push(ChatLine {
            name: String::new(),
            speaker: Speaker::Refusal,
            text: why.to_string(),
            own: true,
            at: now,
        });
    }

    /// Forgets the room's lines (after leaving it).
    pub fn clear(&mut self) {
        self.lines.clear();
        self.last_sent = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yonin_core::protocol::PlayerId;

    #[test]
    fn lines_are_cleaned_and_limited() {
        assert_eq!(clean_line("  hi  "), Ok("hi".into()));
        assert_eq!(clean_line("a\tb"), Ok("a b".into()));
        assert_eq!(clean_line("   "), Err(ChatError::Empty));
        let long = "x".repeat(MAX_CHAT_CHARS + 1);
        assert_eq!(clean_line(&long), Err(ChatError::TooLong));
        assert!(clean_line(&"字".repeat(MAX_CHAT_CHARS)).is_ok());
        // The server's rules, checked before sending: nothing visible, a direction override.
        assert_eq!(clean_line("\u{200B}"), Err(ChatError::Empty));
        assert!(matches!(
            clean_line("a\u{202E}b"),
            Err(ChatError::Refused(_))
        ));
    }

    #[test]
    fn speakers_are_placed_by_the_room_and_refusals_follow_a_line() {
        let mut log = ChatLog::default();
        let ann = PlayerRef {
            id: PlayerId(1),
            name: "Ann".into(),
        };
        let cara = PlayerRef {
            id: PlayerId(3),
            name: "Cara".into(),
        };
        log.heard(&ann, "hi".into(), None, Some(PlayerId(3)), 1.0);
        assert_eq!(
            log.lines[0].speaker,
            Speaker::Spectator,
            "no room: nobody is seated"
        );
        assert!(!log.refused("too fast", 2.0), "no line was sent");
        log.sent(3.0);
        log.heard(&cara, "hello".into(), None, Some(PlayerId(3)), 3.1);
        assert!(log.lines[1].own);
        assert!(log.refused("you are chatting too fast", 3.2));
        assert_eq!(log.lines[2].speaker, Speaker::Refusal);
        assert!(!log.refused("late", 9.0));
        for i in 0..MAX_LINES + 5 {
            log.heard(&ann, format!("{i}"), None, None, 10.0);
        }
        assert_eq!(log.lines.len(), MAX_LINES);
        assert_eq!(log.lines.back().unwrap().text, format!("{}", MAX_LINES + 4));
    }
}
