//! The online scenes drawn by the built `yonin` binary under a virtual X display, and checked
//! in their pixels: the Reconnecting overlay darkens the board under its box, the chat panel
//! shows its lines in their speakers' colours (a refused line in red), in the game and in
//! the room.
//!
//! Needs an X display: the test starts its own `xvfb-run` when it can and otherwise uses
//! `$DISPLAY`; with neither it prints a notice and passes.

use crate::common;

use common::pictures::{self, Picture};
use macroquad::color::Color;
use macroquad::math::Rect;
use yonin_client::view::layout::Layout;
use yonin_core::Seat;

const W: u32 = 1280;
const H: u32 = 800;

/// Draws a scenario at the window's size.
fn shoot(scenario: &str) -> Option<Picture> {
    let pic = pictures::shoot(scenario, W, H)?;
    assert_eq!((pic.width, pic.height), (W, H), "the window's size");
    Some(pic)
}

/// The chat panel of the standard game scenes (under the record).
fn game_chat_rect() -> Rect {
    let layout = Layout::new(W as f32, H as f32, Seat::South, false);
    yonin_client::view::chat::split_panel(layout.record, layout.unit).1
}

#[test]
fn the_overlay_covers_the_board_and_the_chat_shows_its_lines() {
    // The same game and window, with and without the connection.
    let Some(lost) = shoot("reconnecting") else {
        return;
    };
    let Some(chat) = shoot("chat-panel") else {
        return;
    };
    let layout = Layout::new(W as f32, H as f32, Seat::South, false);
    let board = layout.board.outer;
    // The overlay's box sits over the middle of the board: dark where the wood was.
    let middle = Rect::new(
        board.center().x - board.w * 0.1,
        board.center().y + board.h * 0.02,
        board.w * 0.2,
        board.h * 0.04,
    );
    let (dark, wood) = (lost.brightness(middle), chat.brightness(middle));
    assert!(
        dark < wood * 0.4,
        "the overlay's box covers the board: {dark} vs {wood}"
    );
    // Around it, the whole board is dimmed, not hidden.
    let corner = Rect::new(
        board.x + 4.0,
        board.y + board.h * 0.85,
        board.w * 0.15,
        board.h * 0.1,
    );
    let (dim, lit) = (lost.brightness(corner), chat.brightness(corner));
    assert!(
        dim < lit * 0.8 && dim > lit * 0.3,
        "the board is dimmed under the overlay: {dim} vs {lit}"
    );

    // The refused line is red in the chat panel, and only there.
    let refused = Color::new(1.0, 0.45, 0.4, 1.0);
    let r = game_chat_rect();
    let red = chat.count(r, refused, 40);
    assert!(
        red > 40,
        "the refusal is drawn in red in the chat ({red} pixels)"
    );
    eprintln!("overlay box {dark:.0} over wood {wood:.0}; dimmed board {dim:.0} vs {lit:.0}; red {red} px");
    assert_eq!(
        lost.count(r, refused, 40),
        0,
        "no refusal in the other scene's chat"
    );
}

#[test]
fn the_room_screen_has_the_chat_beside_the_seats() {
    let Some(room) = shoot("room-chat") else {
        return;
    };
    // The panel beside the seat rows (1.5 units of margin, rows 40 units wide, a unit apart).
    let u = yonin_client::view::ui::text_unit(W as f32, H as f32);
    let x = u * 1.5 + (W as f32 - 3.0 * u).min(u * 40.0) + u;
    let panel = Rect::new(x, u * 7.0, W as f32 - x - u * 1.5, H as f32 - u * 10.0);
    // Hanako (South) speaks in South's colour, lightened as chat lines are.
    let south = yonin_client::view::theme::mix(
        yonin_client::view::theme::seat_color_in(Seat::South, true),
        macroquad::color::WHITE,
        0.25,
    );
    let lines = room.count(panel, south, 30);
    eprintln!("room chat: {lines} pixels of South's colour");
    assert!(
        lines > 40,
        "South's lines in the room chat ({lines} pixels)"
    );
    // Left of the panel, where the seats are, no chat text in that colour.
    let seats = Rect::new(u * 1.5, u * 12.0, u * 30.0, u * 10.0);
    assert!(room.count(seats, south, 30) < lines / 4);
}

#[test]
fn a_room_that_lost_its_connection_shows_the_reconnect_overlay() {
    let Some(lost) = shoot("room-reconnecting") else {
        return;
    };
    let Some(room) = shoot("room-chat") else {
        return;
    };
    // The overlay's box in the middle of the window, outlined in the accent colour (as in a
    // game), with its Back to lobby button; the room is dimmed around it.
    let middle = Rect::new(
        W as f32 * 0.25,
        H as f32 * 0.3,
        W as f32 * 0.5,
        H as f32 * 0.4,
    );
    let accent = yonin_client::view::theme::ACCENT;
    let outline = lost.count(middle, accent, 30);
    assert!(
        outline > 600,
        "no Reconnecting box ({outline} accent pixels)"
    );
    let button = yonin_client::view::theme::palette().panel_light;
    assert!(
        lost.count(middle, button, 3) > 2000,
        "no Back to lobby button"
    );
    let top_left = Rect::new(0.0, H as f32 * 0.9, W as f32 * 0.2, H as f32 * 0.1);
    let (dim, lit) = (lost.brightness(top_left), room.brightness(top_left));
    assert!(
        dim < lit,
        "the room is dimmed under the overlay: {dim} vs {lit}"
    );
}

#[test]
fn the_lobby_shows_its_chat_beside_the_rooms() {
    let Some(lobby) = shoot("lobby-chat") else {
        return;
    };
    // Hanako's own line, in the lightened accent colour, right of the list of rooms.
    let own = yonin_client::view::theme::mix(
        yonin_client::view::theme::ACCENT,
        macroquad::color::WHITE,
        0.25,
    );
    let right = Rect::new(W as f32 * 0.62, 0.0, W as f32 * 0.38, H as f32 * 0.85);
    let left = Rect::new(0.0, 0.0, W as f32 * 0.6, H as f32 * 0.85);
    let lines = lobby.count(right, own, 30);
    assert!(
        lines > 40,
        "the own line in the lobby chat ({lines} pixels)"
    );
    assert!(
        lobby.count(left, own, 30) < lines / 4,
        "the chat is on the right"
    );
}
