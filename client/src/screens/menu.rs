//! The main menu: big friendly buttons; the last used mode is remembered and lit. When a
//! seat of a game in progress is saved (the window was closed or crashed during it), the
//! first button is "Rejoin your game", with the room and the other players under it.

use super::{Ctx, Screen, Transition};
use crate::i18n::{tr, Text};
use crate::state::seats::{SavedSeat, SeatBook, ServerPlace};
use crate::state::session::{Session, Start, Storage};
use crate::state::settings::Mode;
use crate::view::board::{draw_piece, piece_text, PieceLook, PieceStyle};
use crate::view::theme;
use macroquad::prelude::*;
use std::f32::consts::FRAC_PI_2;
use yonin_core::{PieceKind, Seat};

/// How often the menu reads the saved seats again, in seconds (another window may have
/// saved or forgotten one).
const SEATS_READ_EVERY: f64 = 2.0;

#[derive(Default)]
pub struct MenuScreen {
    /// The newest saved seat, offered as "Rejoin your game".
    rejoin: Option<SavedSeat>,
    /// When the saved seats were last read (None: never; read on the first frame).
    read_at: Option<f64>,
    /// The seat was given (a scene): do not read the file.
    fixed: bool,
}

impl MenuScreen {
    pub fn new() -> MenuScreen {
        MenuScreen::default()
    }

    /// The menu offering `seat` to rejoin, without reading the saved seats (scenes).
    pub(crate) fn with_saved_seat(seat: SavedSeat) -> MenuScreen {
        MenuScreen {
            rejoin: Some(seat),
            read_at: None,
            fixed: true,
        }
    }

    /// Reads the saved seats again when it is time (only while no session runs: a session's
    /// own seat is not one to rejoin).
    fn refresh(&mut self, ctx: &Ctx) {
        if self.fixed || ctx.session.is_some() {
            return;
        }
        if self.read_at.is_some_and(|t| ctx.now - t < SEATS_READ_EVERY) {
            return;
        }
        self.read_at = Some(ctx.now);
        self.rejoin = SeatBook::user().and_then(|b| b.list().into_iter().next());
    }
}

/// Where the buttons go in a `w`×`h` window: "Rejoin your game" (with a line about the game
/// under it) when there is one, then the six menu buttons. With a game to rejoin every
/// button is a little lower so all of them fit.
pub fn buttons(w: f32, h: f32, rejoin: bool) -> (Option<Rect>, Vec<Rect>) {
    const ITEMS: usize = 6;
    let bw = (w * 0.36).clamp(260.0, 520.0);
    let rows = ITEMS as f32 + if rejoin { 1.6 } else { 0.0 };
    let bh = (h * 0.085).min(h * 0.66 / (rows * 1.28)).clamp(30.0, 76.0);
    let gap = bh * 0.28;
    let x = (w - bw) / 2.0;
    let mut top = h * 0.3;
    let first = rejoin.then(|| {
        let r = Rect::new(x, top, bw, bh);
        top += bh * 1.6 + gap;
        r
    });
    let items = (0..ITEMS)
        .map(|i| Rect::new(x, top + i as f32 * (bh + gap), bw, bh))
        .collect();
    (first, items)
}

/// The session that takes `seat` back, and the screen that shows it: the game screen for an
/// offline game, the lobby (which opens the game once it is back) otherwise.
pub fn rejoin(ctx: &mut Ctx, seat: SavedSeat) -> Transition {
    let name = if seat.name.trim().is_empty() {
        ctx.settings.name.clone()
    } else {
        seat.name.clone()
    };
    let offline = seat.server == ServerPlace::InProcess;
    ctx.session = Some(Session::start(Start::Rejoin(seat), &name, Storage::user()));
    if offline {
        Transition::Push(Box::new(super::game::GameScreen::new()))
    } else {
        Transition::Push(Box::new(super::online::LobbyScreen::new()))
    }
}

impl Screen for MenuScreen {
    fn frame(&mut self, ctx: &mut Ctx) -> Transition {
        let ui = ctx.ui();
        let (w, h) = (screen_width(), screen_height());
        let u = ui.unit;
        // The title, with four kings around it pointing away from their seats.
        let title_c = vec2(w / 2.0, h * 0.16);
        ui.text_centered("四人将棋", title_c, u * 3.6, theme::palette().text);
        ui.text_centered(
            tr(Text::Subtitle),
            title_c + vec2(0.0, u * 3.0),
            u * 1.1,
            theme::palette().text_dim,
        );
        let cell = u * 2.6;
        let dx = u * 9.0;
        for (i, seat) in Seat::ALL.iter().enumerate() {
            let x = if i % 2 == 0 {
                -dx - cell * 0.6 * i as f32
            } else {
                dx + cell * 0.6 * (i - 1) as f32
            };
            let c = title_c + vec2(x, 0.0);
            let kind = if i == 0 {
                PieceKind::King
            } else {
                PieceKind::Gold
            };
            draw_piece(
                &ui,
                c,
                cell,
                i as f32 * FRAC_PI_2,
                kind,
                piece_text(kind, true, PieceStyle::OneKanji),
                PieceLook::live(kind, theme::seat_color(*seat)),
            );
        }

        self.refresh(ctx);
        let items = [
            tr(Text::MenuComputer),
            tr(Text::MenuOnline),
            tr(Text::MenuReplay),
            tr(Text::MenuRules),
            tr(Text::MenuSettings),
            tr(Text::MenuQuit),
        ];
        let (rejoin_r, rows) = buttons(w, h, self.rejoin.is_some());
        if let (Some(seat), Some(r)) = (&self.rejoin, rejoin_r) {
            if ui.button_styled(r, tr(Text::RejoinGame), true, Some(theme::REJOIN_COLOR)) {
                let seat = seat.clone();
                return rejoin(ctx, seat);
            }
            let about = seat.describe();
            let size = crate::view::ui::fit(&ui, &about, w - 2.0 * u, r.h * 0.34);
            ui.text_centered(
                &about,
                vec2(w / 2.0, r.y + r.h * 1.33),
                size,
                theme::palette().text_dim,
            );
        }
        let mut chosen = None;
        for (i, (label, r)) in items.iter().zip(rows).enumerate() {
            let last = match ctx.settings.last_mode {
                Mode::Computer => 0,
                Mode::Online => 1,
            };
            let accent = (i == last).then_some(theme::ACCENT);
            if ui.button_styled(r, label, true, accent) {
                chosen = Some(i);
            }
        }
        match chosen {
            Some(0) => {
                Transition::Push(Box::new(super::setup::SetupScreen::offline(&ctx.settings)))
            }
            Some(1) => Transition::Push(Box::new(super::online::ConnectScreen::new(&ctx.settings))),
            Some(2) => Transition::Push(Box::new(super::replay::ReplayList::new())),
            Some(3) => Transition::Push(Box::new(super::rules::RulesScreen::general())),
            Some(4) => Transition::Push(Box::new(super::settings::SettingsScreen::new(
                &ctx.settings,
            ))),
            Some(5) => Transition::Quit,
            _ => Transition::Stay,
        }
    }
}
