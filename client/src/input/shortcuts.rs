//! The game screen's keyboard, in one place: which key does what, given what is open
//! (chat, help, a pending move, typed text). [`dispatch`] is a pure function from a key and
//! the screen's state to an action, so it is tested without a window; [`read_keys`] turns
//! the frame's input into keys.
//!
//! When the chat has the focus every key goes to it. Otherwise: printable characters type a
//! move (F flips, T opens the chat and ? shows the help only while nothing is typed, as no
//! move starts with them), Enter plays the typed move (or confirms, or opens the chat when
//! nothing is typed), Esc cancels the innermost thing open, Ctrl+R resigns after asking,
//! Ctrl+D offers a draw, F1 shows the help.

use crate::view::ui::Input;

/// A key the game screen reacts to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Key {
    /// A printable character (with Shift applied).
    Char(char),
    Enter,
    Escape,
    Backspace,
    F1,
    /// A letter with Ctrl held (lower case).
    Ctrl(char),
}

/// What is open on the game screen when a key comes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct KeyState {
    /// The chat panel has the keyboard.
    pub(crate) chat_focused: bool,
    /// The shortcut help is shown.
    pub(crate) help_open: bool,
    /// "Really resign?" is being asked.
    pub(crate) resign_asked: bool,
    /// The promotion question is open.
    pub(crate) promotion_open: bool,
    /// A move waits for confirmation (the confirm-moves setting).
    pub(crate) move_pending: bool,
    /// Something is typed in the move line.
    pub(crate) typing: bool,
    /// A piece is picked up.
    pub(crate) picked: bool,
    /// The viewer plays in a running game (may type moves, resign, offer a draw).
    pub(crate) playing: bool,
}

/// What a key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KeyAction {
    /// The chat panel handles the key.
    ToChat,
    OpenChat,
    /// A character for the move line.
    Type(char),
    Erase,
    SubmitTyped,
    ClearTyped,
    ConfirmMove,
    CancelPending,
    Promote,
    DontPromote,
    ClearPick,
    Flip,
    ToggleHelp,
    CloseHelp,
    AskResign,
    ConfirmResign,
    CancelResign,
    OfferDraw,
    /// Nothing on the game screen took the Esc: leave the game (the screen asks first).
    Leave,
    Ignore,
}

/// The action of `key` in state `s`.
pub(crate) fn dispatch(key: Key, s: &KeyState) -> KeyAction {
    use KeyAction as A;
    if s.chat_focused {
        return A::ToChat;
    }
    match key {
        Key::Escape => {
            if s.help_open {
                A::CloseHelp
            } else if s.resign_asked {
                A::CancelResign
            } else if s.promotion_open || s.move_pending {
                A::CancelPending
            } else if s.typing {
                A::ClearTyped
            } else if s.picked {
                A::ClearPick
            } else {
                A::Leave
            }
        }
        Key::F1 => A::ToggleHelp,
        _ if s.help_open => match key {
            Key::Char('?') | Key::Enter => A::CloseHelp,
            _ => A::Ignore,
        },
        Key::Ctrl('r') if s.playing => {
            if s.resign_asked {
                A::ConfirmResign
            } else {
                A::AskResign
            }
        }
        Key::Ctrl('d') if s.playing => A::OfferDraw,
        Key::Ctrl(_) => A::Ignore,
        Key::Enter if s.resign_asked => A::ConfirmResign,
        _ if s.promotion_open => match key {
            Key::Enter | Key::Char('+' | 'y' | 'Y') => A::Promote,
            Key::Char('-' | '=' | 'n' | 'N') => A::DontPromote,
            _ => A::Ignore,
        },
        Key::Enter if s.move_pending => A::ConfirmMove,
        Key::Enter if s.typing => A::SubmitTyped,
        Key::Enter => A::OpenChat,
        Key::Backspace if s.typing => A::Erase,
        Key::Backspace => A::Ignore,
        Key::Char(c) if !s.typing => match c {
            'f' | 'F' => A::Flip,
            't' | 'T' => A::OpenChat,
            '?' => A::ToggleHelp,
            ' ' => A::Ignore,
            _ if s.playing => A::Type(c),
            _ => A::Ignore,
        },
        Key::Char(c) => A::Type(c),
    }
}

/// The keys pressed this frame, in a sensible order (characters as typed, then the others).
pub(crate) fn read_keys(input: &Input) -> Vec<Key> {
    let mut keys = Vec::new();
    if input.ctrl {
        // Ctrl+letter: the character (if any) is not typed.
        keys.extend(input.ctrl_letters.iter().map(|&c| Key::Ctrl(c)));
    } else {
        keys.extend(input.chars.iter().map(|&c| Key::Char(c)));
    }
    if input.backspace {
        keys.push(Key::Backspace);
    }
    if input.enter {
        keys.push(Key::Enter);
    }
    if input.f1 {
        keys.push(Key::F1);
    }
    if input.escape {
        keys.push(Key::Escape);
    }
    keys
}

/// The lines of the help overlay: keys and what they do.
pub(crate) fn help_lines() -> Vec<(&'static str, crate::i18n::Text)> {
    use crate::i18n::Text;
    vec![
        ("7g7f · 7六歩 Enter", Text::KeyTypeMove),
        ("Esc", Text::KeyEsc),
        ("F", Text::KeyFlip),
        ("Ctrl+R", Text::KeyResign),
        ("Ctrl+D", Text::KeyDraw),
        ("+ / -", Text::KeyPromote),
        ("Enter · T", Text::KeyChat),
        ("? · F1", Text::KeyHelp),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use KeyAction as A;

    fn playing() -> KeyState {
        KeyState {
            playing: true,
            ..KeyState::default()
        }
    }

    #[test]
    fn chat_focus_takes_every_key() {
        let s = KeyState {
            chat_focused: true,
            typing: true,
            ..playing()
        };
        for k in [
            Key::Char('f'),
            Key::Enter,
            Key::Escape,
            Key::Ctrl('r'),
            Key::F1,
        ] {
            assert_eq!(dispatch(k, &s), A::ToChat, "{k:?}");
        }
    }

    #[test]
    fn letters_are_shortcuts_only_while_nothing_is_typed() {
        let idle = playing();
        assert_eq!(dispatch(Key::Char('f'), &idle), A::Flip);
        assert_eq!(dispatch(Key::Char('T'), &idle), A::OpenChat);
        assert_eq!(dispatch(Key::Char('?'), &idle), A::ToggleHelp);
        assert_eq!(dispatch(Key::Char('7'), &idle), A::Type('7'));
        assert_eq!(dispatch(Key::Char('P'), &idle), A::Type('P'));
        let typing = KeyState {
            typing: true,
            ..playing()
        };
        // `7g7f`: the f is part of the move.
        assert_eq!(dispatch(Key::Char('f'), &typing), A::Type('f'));
        assert_eq!(dispatch(Key::Char('t'), &typing), A::Type('t'));
        assert_eq!(dispatch(Key::Enter, &typing), A::SubmitTyped);
        assert_eq!(dispatch(Key::Backspace, &typing), A::Erase);
        // A spectator cannot type moves, but may still flip.
        let watching = KeyState::default();
        assert_eq!(dispatch(Key::Char('7'), &watching), A::Ignore);
        assert_eq!(dispatch(Key::Char('f'), &watching), A::Flip);
    }

    #[test]
    fn enter_opens_the_chat_only_when_nothing_waits() {
        assert_eq!(dispatch(Key::Enter, &playing()), A::OpenChat);
        let pending = KeyState {
            move_pending: true,
            ..playing()
        };
        assert_eq!(dispatch(Key::Enter, &pending), A::ConfirmMove);
        let asked = KeyState {
            resign_asked: true,
            ..playing()
        };
        assert_eq!(dispatch(Key::Enter, &asked), A::ConfirmResign);
    }

    #[test]
    fn escape_cancels_the_innermost_thing() {
        let all = KeyState {
            help_open: true,
            resign_asked: true,
            move_pending: true,
            typing: true,
            picked: true,
            ..playing()
        };
        let mut s = all;
        let mut seen = Vec::new();
        loop {
            let a = dispatch(Key::Escape, &s);
            seen.push(a);
            match a {
                A::CloseHelp => s.help_open = false,
                A::CancelResign => s.resign_asked = false,
                A::CancelPending => s.move_pending = false,
                A::ClearTyped => s.typing = false,
                A::ClearPick => s.picked = false,
                _ => break,
            }
        }
        assert_eq!(
            seen,
            [
                A::CloseHelp,
                A::CancelResign,
                A::CancelPending,
                A::ClearTyped,
                A::ClearPick,
                A::Leave
            ]
        );
    }

    #[test]
    fn resign_asks_first_and_draw_needs_a_game() {
        let s = playing();
        assert_eq!(dispatch(Key::Ctrl('r'), &s), A::AskResign);
        let asked = KeyState {
            resign_asked: true,
            ..s
        };
        assert_eq!(dispatch(Key::Ctrl('r'), &asked), A::ConfirmResign);
        assert_eq!(dispatch(Key::Ctrl('d'), &s), A::OfferDraw);
        let watching = KeyState::default();
        assert_eq!(dispatch(Key::Ctrl('r'), &watching), A::Ignore);
        assert_eq!(dispatch(Key::Ctrl('d'), &watching), A::Ignore);
    }

    #[test]
    fn the_promotion_question_takes_plus_and_minus() {
        let s = KeyState {
            promotion_open: true,
            ..playing()
        };
        assert_eq!(dispatch(Key::Char('+'), &s), A::Promote);
        assert_eq!(dispatch(Key::Enter, &s), A::Promote);
        assert_eq!(dispatch(Key::Char('-'), &s), A::DontPromote);
        assert_eq!(dispatch(Key::Char('7'), &s), A::Ignore);
        assert_eq!(dispatch(Key::Escape, &s), A::CancelPending);
    }

    #[test]
    fn help_swallows_keys_until_closed() {
        let s = KeyState {
            help_open: true,
            ..playing()
        };
        assert_eq!(dispatch(Key::Char('7'), &s), A::Ignore);
        assert_eq!(dispatch(Key::Char('?'), &s), A::CloseHelp);
        assert_eq!(dispatch(Key::F1, &s), A::ToggleHelp);
        assert_eq!(dispatch(Key::Ctrl('r'), &s), A::Ignore);
    }
}
