//! The player's input, one frame at a time. Every press, click and character the window
//! reports is kept in order; a frame takes events up to the first that would press a key or a
//! button it already saw pressed, and the rest wait for the next frame. So two quick taps of a
//! key are two presses however slow the frames are (macroquad's per-frame sets merge them).

pub mod intent;
pub mod keyboard;
pub(crate) mod shortcuts;
pub mod typed_move;

use macroquad::input::utils::{register_input_subscriber, repeat_all_miniquad_input};
use macroquad::miniquad::{EventHandler, KeyCode, KeyMods, MouseButton};
use macroquad::prelude::{
    get_frame_time, get_time, is_key_down, is_mouse_button_down, mouse_position, vec2, Vec2,
};
use std::collections::VecDeque;

/// What the player did this frame.
#[derive(Clone, Debug, Default)]
pub struct Input {
    pub mouse: Vec2,
    /// The left button went down this frame.
    pub pressed: bool,
    /// The left button went up this frame.
    pub released: bool,
    /// The left button is held.
    pub down: bool,
    pub right_pressed: bool,
    /// Wheel movement this frame (positive: away from the player, i.e. scroll up).
    pub wheel: f32,
    /// Characters typed this frame.
    pub chars: Vec<char>,
    /// A Control key was held while keys were pressed this frame.
    pub ctrl: bool,
    /// Letters pressed with Control held (lower case).
    pub ctrl_letters: Vec<char>,
    pub escape: bool,
    pub enter: bool,
    pub backspace: bool,
    pub tab: bool,
    pub left: bool,
    pub right: bool,
    pub up: bool,
    pub down_key: bool,
    pub home: bool,
    pub end: bool,
    pub page_up: bool,
    pub page_down: bool,
    pub f1: bool,
    pub f12: bool,
    /// Seconds since the program started.
    pub time: f64,
    pub dt: f32,
}

impl Input {
    /// Whether the player did anything at all this frame (a move of the mouse included).
    pub fn any(&self, before: Vec2) -> bool {
        self.pressed
            || self.released
            || self.right_pressed
            || self.wheel != 0.0
            || !self.chars.is_empty()
            || !self.ctrl_letters.is_empty()
            || self.keys().iter().any(|&k| k)
            || self.mouse != before
    }

    fn keys(&self) -> [bool; 14] {
        [
            self.escape,
            self.enter,
            self.backspace,
            self.tab,
            self.left,
            self.right,
            self.up,
            self.down_key,
            self.home,
            self.end,
            self.page_up,
            self.page_down,
            self.f1,
            self.f12,
        ]
    }

    /// The flag of a key this program listens to, if it is one.
    fn key_flag(&mut self, key: KeyCode) -> Option<&mut bool> {
        Some(match key {
            KeyCode::Escape => &mut self.escape,
            KeyCode::Enter | KeyCode::KpEnter => &mut self.enter,
            KeyCode::Backspace => &mut self.backspace,
            KeyCode::Tab => &mut self.tab,
            KeyCode::Left => &mut self.left,
            KeyCode::Right => &mut self.right,
            KeyCode::Up => &mut self.up,
            KeyCode::Down => &mut self.down_key,
            KeyCode::Home => &mut self.home,
            KeyCode::End => &mut self.end,
            KeyCode::PageUp => &mut self.page_up,
            KeyCode::PageDown => &mut self.page_down,
            KeyCode::F1 => &mut self.f1,
            KeyCode::F12 => &mut self.f12,
            _ => return None,
        })
    }
}

/// One thing the window reported.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Event {
    Motion(Vec2),
    Wheel(f32),
    Down(MouseButton, Vec2),
    Up(MouseButton, Vec2),
    Char(char, bool),
    Key(KeyCode, bool),
}

/// Keys whose held repeats count as presses (stepping through a record, erasing a line).
fn repeats(key: KeyCode) -> bool {
    matches!(
        key,
        KeyCode::Backspace | KeyCode::Left | KeyCode::Right | KeyCode::Up | KeyCode::Down
    )
}

/// Collects macroquad's events into the queue.
struct Collector<'a>(&'a mut VecDeque<Event>);

impl EventHandler for Collector<'_> {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn mouse_motion_event(&mut self, x: f32, y: f32) {
        self.0.push_back(Event::Motion(vec2(x, y)));
    }
    fn mouse_wheel_event(&mut self, _x: f32, y: f32) {
        self.0.push_back(Event::Wheel(y));
    }
    fn mouse_button_down_event(&mut self, button: MouseButton, x: f32, y: f32) {
        self.0.push_back(Event::Down(button, vec2(x, y)));
    }
    fn mouse_button_up_event(&mut self, button: MouseButton, x: f32, y: f32) {
        self.0.push_back(Event::Up(button, vec2(x, y)));
    }
    fn char_event(&mut self, c: char, mods: KeyMods, _repeat: bool) {
        self.0.push_back(Event::Char(c, mods.ctrl));
    }
    fn key_down_event(&mut self, key: KeyCode, mods: KeyMods, repeat: bool) {
        if !repeat || repeats(key) {
            self.0.push_back(Event::Key(key, mods.ctrl));
        }
    }
}

/// The window's events, handed out a frame at a time.
pub struct InputQueue {
    subscriber: usize,
    pending: VecDeque<Event>,
    left_held: bool,
}

impl InputQueue {
    /// Starts listening (call once the window exists).
    pub fn new() -> InputQueue {
        InputQueue {
            subscriber: register_input_subscriber(),
            pending: VecDeque::new(),
            left_held: false,
        }
    }

    /// This frame's input; the events it could not take wait for the next frame.
    pub fn frame(&mut self) -> Input {
        repeat_all_miniquad_input(&mut Collector(&mut self.pending), self.subscriber);
        let mut input = take_frame(&mut self.pending, &mut self.left_held);
        if self.pending.is_empty() {
            let (x, y) = mouse_position();
            input.mouse = vec2(x, y);
            input.down = self.left_held && is_mouse_button_down(MouseButton::Left);
            self.left_held = input.down;
        }
        input.ctrl |= is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
        input.time = get_time();
        input.dt = get_frame_time();
        input
    }

    /// Events are waiting for the next frame.
    pub(crate) fn has_pending(&self) -> bool {
        !self.pending.is_empty()
    }
}

impl Default for InputQueue {
    fn default() -> InputQueue {
        InputQueue::new()
    }
}

/// Takes events for one frame from the front of `pending`: up to the first that would press
/// again a key or button this frame already pressed.
fn take_frame(pending: &mut VecDeque<Event>, left_held: &mut bool) -> Input {
    let mut input = Input {
        down: *left_held,
        ..Input::default()
    };
    let mut pressed_keys: Vec<KeyCode> = Vec::new();
    while let Some(&event) = pending.front() {
        match event {
            Event::Motion(at) => input.mouse = at,
            Event::Wheel(y) => input.wheel += y,
            Event::Down(MouseButton::Left, at) => {
                if input.pressed || input.released {
                    break;
                }
                input.pressed = true;
                input.down = true;
                input.mouse = at;
            }
            Event::Up(MouseButton::Left, at) => {
                if input.released {
                    break;
                }
                input.released = true;
                input.down = false;
                input.mouse = at;
            }
            Event::Down(MouseButton::Right, at) => {
                if input.right_pressed {
                    break;
                }
                input.right_pressed = true;
                input.mouse = at;
            }
            Event::Down(_, _) | Event::Up(_, _) => {}
            Event::Char(c, ctrl) => {
                if !c.is_control() && !ctrl {
                    input.chars.push(c);
                }
            }
            Event::Key(key, ctrl) => {
                let letter = ctrl.then(|| ctrl_letter(key)).flatten();
                let listened = letter.is_some() || input.key_flag(key).is_some();
                if listened && pressed_keys.contains(&key) {
                    break;
                }
                input.ctrl |= ctrl;
                if let Some(l) = letter {
                    pressed_keys.push(key);
                    input.ctrl_letters.push(l);
                } else if let Some(flag) = input.key_flag(key) {
                    pressed_keys.push(key);
                    *flag = true;
                }
            }
        }
        pending.pop_front();
    }
    *left_held = input.down;
    input
}

/// The letter of a key pressed with Control (the ones shortcuts use).
fn ctrl_letter(key: KeyCode) -> Option<char> {
    match key {
        KeyCode::R => Some('r'),
        KeyCode::D => Some('d'),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn queue(events: &[Event]) -> VecDeque<Event> {
        events.iter().copied().collect()
    }

    #[test]
    fn two_taps_of_one_key_are_two_frames_of_presses() {
        let mut q = queue(&[
            Event::Key(KeyCode::Right, false),
            Event::Key(KeyCode::Right, false),
            Event::Key(KeyCode::Left, false),
        ]);
        let mut held = false;
        let first = take_frame(&mut q, &mut held);
        assert!(first.right && !first.left);
        let second = take_frame(&mut q, &mut held);
        assert!(second.right && second.left);
        assert!(q.is_empty());
    }

    #[test]
    fn two_clicks_in_one_slow_frame_are_two_clicks() {
        let a = vec2(10.0, 10.0);
        let b = vec2(200.0, 50.0);
        let mut q = queue(&[
            Event::Down(MouseButton::Left, a),
            Event::Up(MouseButton::Left, a),
            Event::Motion(b),
            Event::Down(MouseButton::Left, b),
            Event::Up(MouseButton::Left, b),
        ]);
        let mut held = false;
        let first = take_frame(&mut q, &mut held);
        assert!(first.pressed && first.released && !first.down);
        // The second click waits, with the pointer where it happened.
        assert_eq!(first.mouse, b);
        let second = take_frame(&mut q, &mut held);
        assert!(second.pressed && second.released);
        assert_eq!(second.mouse, b);
    }

    #[test]
    fn a_held_button_stays_held_across_frames() {
        let a = vec2(1.0, 2.0);
        let mut q = queue(&[Event::Down(MouseButton::Left, a)]);
        let mut held = false;
        let first = take_frame(&mut q, &mut held);
        assert!(first.pressed && first.down);
        let mut q = queue(&[Event::Motion(vec2(5.0, 5.0))]);
        let drag = take_frame(&mut q, &mut held);
        assert!(drag.down && !drag.pressed);
        let mut q = queue(&[Event::Up(MouseButton::Left, a)]);
        let drop = take_frame(&mut q, &mut held);
        assert!(drop.released && !drop.down);
    }

    #[test]
    fn control_letters_are_shortcuts_not_typing() {
        let mut q = queue(&[Event::Char('r', true), Event::Key(KeyCode::R, true)]);
        let mut held = false;
        let i = take_frame(&mut q, &mut held);
        assert!(i.chars.is_empty());
        assert_eq!(i.ctrl_letters, vec!['r']);
        assert!(i.ctrl);
    }

    #[test]
    fn typed_characters_all_arrive() {
        let mut q = queue(&[
            Event::Char('7', false),
            Event::Key(KeyCode::Key7, false),
            Event::Char('g', false),
            Event::Key(KeyCode::G, false),
            Event::Char('7', false),
            Event::Key(KeyCode::Key7, false),
            Event::Char('f', false),
            Event::Key(KeyCode::F, false),
        ]);
        let mut held = false;
        let i = take_frame(&mut q, &mut held);
        assert_eq!(i.chars.iter().collect::<String>(), "7g7f");
    }
}
