//! Online and LAN play: connect to a server (or host one on this computer), the lobby's list
//! of rooms, and the room itself (seats, bots, start).

use super::{draw_toast, Ctx, Screen, Transition};
use crate::i18n::{level_name, side_mark, side_name, tr, trf, Text};
use crate::net::{LanScan, DEFAULT_PORT};
use crate::state::session::{Link, Session, Start, Storage};
use crate::state::settings::{Mode, Settings};
use crate::state::table::time_control_name;
use crate::view::reconnect::OverlayChoice;
use crate::view::theme;
use crate::view::ui::{list_rows, rounded_rect, TextField};
use macroquad::prelude::*;
use std::net::SocketAddr;
use yonin_core::protocol::{ClientMessage, Occupant, RoomPhase};
use yonin_core::text::{check_name, MAX_NAME_CHARS};
use yonin_core::BotLevel;
use yonin_core::Variant;

pub(crate) struct ConnectScreen {
    address: TextField,
    name: TextField,
    error: Option<String>,
    /// Games announced on the local network.
    scan: LanScan,
}

impl ConnectScreen {
    pub(crate) fn new(s: &Settings) -> ConnectScreen {
        ConnectScreen {
            address: TextField::new(s.server.clone(), 120),
            name: TextField::new(s.name.clone(), MAX_NAME_CHARS),
            error: None,
            scan: LanScan::start(),
        }
    }
}

impl Screen for ConnectScreen {
    fn frame(&mut self, ctx: &mut Ctx) -> Transition {
        if ctx.input.escape {
            return Transition::Pop;
        }
        let ui = ctx.ui();
        let (w, h) = (screen_width(), screen_height());
        let u = ui.unit;
        ui.title(tr(Text::MenuOnline));
        let rw = (w - 4.0 * u).min(u * 32.0);
        let x = (w - rw) / 2.0;
        let rh = (u * 2.4).min(h / 12.0);
        let y0 = u * 7.0;
        let enter_a = self
            .address
            .show(&ui, Rect::new(x, y0, rw, rh), tr(Text::ServerAddress));
        let enter_n = self
            .name
            .show(&ui, Rect::new(x, y0 + rh * 1.4, rw, rh), tr(Text::YourName));
        ui.paragraph(
            &trf(Text::ConnectHelp, &[&DEFAULT_PORT]),
            x,
            y0 + rh * 3.2,
            rw,
            u * 0.9,
            theme::palette().text_dim,
        );
        let by = y0 + rh * 5.6;
        let mut connect = ui.button_styled(
            Rect::new(x, by, rw, rh * 1.2),
            tr(Text::Connect),
            true,
            Some(theme::ACCENT),
        ) || enter_a
            || enter_n;
        let host = ui.button(
            Rect::new(x, by + rh * 1.6, rw, rh * 1.2),
            tr(Text::HostHere),
        );
        let mut y = by + rh * 3.4;
        if let Some(e) = &self.error {
            ui.text_mid(e, x, y, u * 0.95, theme::CHECK_GLOW);
            y += rh;
        }
        // Games on the local network: a click fills in the address and connects.
        ui.text_mid(tr(Text::GamesOnNetwork), x, y, u, theme::palette().text_dim);
        y += rh * 0.7;
        let servers = self.scan.servers();
        if servers.is_empty() {
            let text = self
                .scan
                .error()
                .unwrap_or_else(|| tr(Text::ListeningNone).to_string());
            ui.text_mid(&text, x, y + rh * 0.4, u * 0.9, theme::palette().text_dim);
        }
        for server in servers.iter().take(5) {
            let r = Rect::new(x, y, rw, rh);
            let label = trf(
                Text::ServerLine,
                &[&server.name, &server.address, &server.rooms, &server.open],
            ) + if server.compatible {
                ""
            } else {
                tr(Text::AnotherVersion)
            };
            if ui.button_styled(r, &label, server.compatible, None) {
                self.address.text = server.address.clone();
                connect = true;
            }
            y += rh * 1.2;
        }
        if connect || host {
            let name = match check_name(&self.name.text) {
                Ok(n) => n,
                Err(e) => {
                    self.error = Some(trf(Text::NameError, &[&e]));
                    return Transition::Stay;
                }
            };
            ctx.settings.name = name.clone();
            ctx.settings.last_mode = Mode::Online;
            if connect {
                let address = self.address.text.trim().to_string();
                if address.is_empty() {
                    self.error = Some(tr(Text::EnterAddress).into());
                    return Transition::Stay;
                }
                ctx.settings.server = address.clone();
                ctx.session = Some(Session::start(
                    Start::Online(address),
                    &name,
                    Storage::user(),
                ));
            } else {
                let bind = SocketAddr::from(([0, 0, 0, 0], DEFAULT_PORT));
                ctx.session = Some(Session::start(Start::Host(bind), &name, Storage::user()));
            }
            let _ = ctx.settings.save();
            return Transition::Push(Box::new(LobbyScreen::new()));
        }
        Transition::Stay
    }
}

/// The lobby, and the room once we are in one.
pub(crate) struct LobbyScreen {
    scroll: usize,
    selected: Option<usize>,
    code: TextField,
    /// The game screen was opened for the running game.
    in_game: bool,
    /// The room's chat, beside the seats.
    chat: crate::view::chat::ChatPanel,
    /// Where others join the server this window hosts.
    join_at: crate::net::hosting::JoinAddresses,
}

impl LobbyScreen {
    pub(crate) fn new() -> LobbyScreen {
        LobbyScreen {
            scroll: 0,
            selected: None,
            code: TextField::new("", 6),
            in_game: false,
            chat: crate::view::chat::ChatPanel::new(),
            join_at: crate::net::hosting::JoinAddresses::default(),
        }
    }
}

impl Default for LobbyScreen {
    fn default() -> Self {
        LobbyScreen::new()
    }
}

impl Screen for LobbyScreen {
    fn frame(&mut self, ctx: &mut Ctx) -> Transition {
        // In a room or the lobby, the chat takes its keys first (Esc closes it before it
        // leaves the room); in the lobby T and Enter are the join code's while it is typed.
        let code_typed = self.code.focused;
        if let Some(s) = ctx.session.as_mut().filter(|s| !s.offline) {
            let in_room = s.room.is_some();
            if let Some(crate::view::chat::ChatAction::Send(line)) =
                self.chat.take_keys(&mut ctx.input, in_room || !code_typed)
            {
                let _ = if in_room {
                    s.say(&line, ctx.now)
                } else {
                    s.say_lobby(&line, ctx.now)
                };
            }
        }
        let Some(session) = ctx.session.as_ref() else {
            return Transition::Pop;
        };
        if ctx.input.escape {
            if session.room.is_some() && matches!(session.link, Link::Open) {
                session.send(ClientMessage::Leave);
                return Transition::Stay;
            }
            ctx.session = None;
            return Transition::Pop;
        }
        // A game runs in our room: show it.
        let playing = session.table.as_ref().is_some_and(|t| !t.is_over());
        if playing && !self.in_game {
            self.in_game = true;
            return Transition::Push(Box::new(super::game::GameScreen::new()));
        }
        if !playing {
            self.in_game = false;
        }
        // The connection dropped while we wait in a room: the same overlay as in a game
        // (the attempt, the seconds left, back to the lobby).
        if let Some(r) = &session.reconnect {
            let ui = ctx.ui();
            match &session.room {
                Some(room) => ui.title(&trf(Text::RoomTitle, &[&room.settings.name])),
                None => ui.title(tr(Text::Lobby)),
            }
            let area = Rect::new(0.0, 0.0, screen_width(), screen_height());
            let choice =
                crate::view::reconnect::draw_overlay(&ui, area, r, ctx.now, session.offline);
            if let Some(s) = ctx.session.as_mut() {
                match choice {
                    Some(OverlayChoice::TryAgain) => s.retry_reconnect(ctx.now),
                    Some(OverlayChoice::BackToLobby) => s.abandon_seat(),
                    None => {}
                }
            }
            return Transition::Stay;
        }
        let ui = ctx.ui();
        let (w, h) = (screen_width(), screen_height());
        let u = ui.unit;
        match &session.link {
            Link::Connecting => {
                ui.title(tr(Text::Lobby));
                ui.text_centered(
                    tr(Text::Connecting),
                    vec2(w / 2.0, h / 2.0),
                    u * 1.3,
                    theme::palette().text,
                );
                return Transition::Stay;
            }
            Link::Closed(why) => {
                ui.title(tr(Text::Lobby));
                ui.paragraph(
                    why,
                    u * 1.5,
                    u * 8.0,
                    w - u * 3.0,
                    u * 1.1,
                    theme::CHECK_GLOW,
                );
                ui.text(
                    tr(Text::EscBack),
                    u * 1.5,
                    u * 11.0,
                    u,
                    theme::palette().text_dim,
                );
                return Transition::Stay;
            }
            Link::Open => {}
        }
        let mut out = Transition::Stay;
        let mut send: Vec<ClientMessage> = Vec::new();
        let mut rejoin = None;
        if let Some(room) = &session.room {
            // --- inside a room ---
            ui.title(&trf(Text::RoomTitle, &[&room.settings.name]));
            let x = u * 1.5;
            let mut y = u * 7.0;
            let variant = match room.settings.rules.variant {
                Variant::Standard => tr(Text::Shogi),
                Variant::Yonin => tr(Text::YoninName),
            };
            let info = format!(
                "{variant} · {} · {}",
                time_control_name(room.settings.time_control),
                match room.phase {
                    RoomPhase::Waiting => tr(Text::WaitingForPlayers),
                    RoomPhase::Playing => tr(Text::Playing),
                    RoomPhase::Finished => tr(Text::Finished),
                }
            );
            ui.text(&info, x, y, u, theme::palette().text_dim);
            if let Some(code) = &room.join_code {
                ui.text(
                    &trf(Text::JoinCodeIs, &[&code]),
                    x + u * 30.0,
                    y,
                    u,
                    theme::ACCENT,
                );
            }
            y += u * 1.5;
            let host = session.is_host();
            let waiting = room.phase != RoomPhase::Playing;
            let rw = (w - 3.0 * u).min(u * 40.0);
            let rh = u * 2.6;
            for s in &room.seats {
                let r = Rect::new(x, y, rw, rh);
                rounded_rect(r, 6.0, theme::palette().panel);
                let color =
                    theme::seat_color_in(s.seat, room.settings.rules.variant == Variant::Yonin);
                let chip = Rect::new(r.x + u * 0.4, r.y + u * 0.4, rh - u * 0.8, rh - u * 0.8);
                rounded_rect(chip, 4.0, color);
                let variant = room.settings.rules.variant;
                ui.text_centered(
                    &side_mark(s.seat, variant).to_string(),
                    chip.center(),
                    u,
                    theme::palette().background,
                );
                let who = match &s.occupant {
                    Occupant::Empty => tr(Text::Empty).to_string(),
                    Occupant::Person(p) => {
                        let mut n = p.name.clone();
                        if Some(p.id) == room_host_id(room) {
                            n.push_str(tr(Text::HostSuffix));
                        }
                        if room.you == Some(s.seat) {
                            n.push_str(tr(Text::YouDash));
                        }
                        n
                    }
                    Occupant::Bot(l) => trf(Text::ComputerParen, &[&level_name(*l)]),
                };
                ui.text_mid(
                    &format!("{}  {who}", side_name(s.seat, variant)),
                    chip.x + chip.w + u * 0.6,
                    r.center().y,
                    u,
                    theme::palette().text,
                );
                // Host controls before the game: a bot in an empty seat, change or remove it.
                let bw = u * 7.0;
                let b1 = Rect::new(
                    r.x + r.w - 2.0 * bw - u * 0.8,
                    r.y + u * 0.35,
                    bw,
                    rh - u * 0.7,
                );
                let b2 = Rect::new(r.x + r.w - bw - u * 0.4, r.y + u * 0.35, bw, rh - u * 0.7);
                if host && waiting {
                    match &s.occupant {
                        Occupant::Empty => {
                            if ui.button(b2, tr(Text::AddComputer)) {
                                send.push(ClientMessage::AddBot {
                                    seat: s.seat,
                                    level: BotLevel::Easy,
                                });
                            }
                            if room.you.is_none() && ui.button(b1, tr(Text::SitHere)) {
                                send.push(ClientMessage::Join {
                                    room: room.id,
                                    seat: Some(s.seat),
                                    code: room.join_code.clone(),
                                });
                            }
                        }
                        Occupant::Bot(l) => {
                            let next = BotLevel::ALL
                                [(BotLevel::ALL.iter().position(|x| x == l).unwrap_or(0) + 1) % 4];
                            if ui.button(b1, &trf(Text::LevelIs, &[&level_name(*l)])) {
                                send.push(ClientMessage::AddBot {
                                    seat: s.seat,
                                    level: next,
                                });
                            }
                            if ui.button(b2, tr(Text::Remove)) {
                                send.push(ClientMessage::RemoveFromSeat { seat: s.seat });
                            }
                        }
                        Occupant::Person(_) => {}
                    }
                } else if matches!(s.occupant, Occupant::Empty)
                    && room.you.is_none()
                    && ui.button(b2, tr(Text::SitHere))
                {
                    send.push(ClientMessage::Join {
                        room: room.id,
                        seat: Some(s.seat),
                        code: room.join_code.clone(),
                    });
                }
                y += rh + u * 0.4;
            }
            y += u;
            let bw = u * 10.0;
            let bh = u * 2.6;
            let full = room
                .seats
                .iter()
                .all(|s| !matches!(s.occupant, Occupant::Empty));
            if host && waiting {
                let label = if full {
                    tr(Text::StartTheGame)
                } else {
                    tr(Text::FillEverySeat)
                };
                if ui.button_styled(
                    Rect::new(x, y, bw * 1.4, bh),
                    label,
                    full,
                    Some(theme::ACCENT),
                ) {
                    send.push(ClientMessage::Start);
                }
            } else if waiting {
                // Under the buttons, as wide as the seats: beside them it ran under Rules.
                let text = tr(Text::HostStarts);
                let size = crate::view::ui::fit(&ui, text, rw, u);
                ui.text_mid(text, x, y + bh + u * 1.2, size, theme::palette().text_dim);
            }
            if ui.button(Rect::new(x + bw * 1.4 + u, y, bw, bh), tr(Text::MenuRules)) {
                out = Transition::Push(Box::new(super::rules::RulesScreen::for_game(
                    room.settings.rules,
                    room.settings.time_control,
                )));
            }
            if ui.button(
                Rect::new(x + bw * 2.4 + 2.0 * u, y, bw, bh),
                tr(Text::LeaveRoom),
            ) {
                send.push(ClientMessage::Leave);
            }
            // The chat beside the seats, when the window is wide enough.
            let chat_x = x + rw + u;
            if w - chat_x - u * 1.5 > u * 12.0 && !session.offline {
                let r = Rect::new(chat_x, u * 7.0, w - chat_x - u * 1.5, h - u * 10.0);
                let four = room.settings.rules.variant == Variant::Yonin;
                self.chat.draw(&ui, r, &session.chat, true, four);
            } else {
                self.chat.hide();
            }
            if room.phase == RoomPhase::Playing
                && room.you.is_none()
                && session.table.is_some()
                && ui.button(Rect::new(x, y + bh + u, bw, bh), tr(Text::Watch))
            {
                out = Transition::Push(Box::new(super::game::GameScreen::new()));
            }
        } else {
            // --- the lobby ---
            ui.title(tr(Text::Lobby));
            let x = u * 1.5;
            // A host is told where others join: this machine's addresses, read again now
            // and then (they come and go); the line wraps when there are several.
            let who = match session.hosting {
                Some(addr) => {
                    let at = self.join_at.get(addr, ctx.now);
                    crate::net::hosting::hosting_line(&session.name, addr, at)
                }
                None => format!("{} · {}", session.name, session.server_name),
            };
            let who_x = x + u * 12.0;
            ui.paragraph(
                &who,
                who_x,
                u * 3.0,
                (w - who_x - u * 1.5).max(u * 8.0),
                u * 0.9,
                theme::palette().text_dim,
            );
            // The lobby's chat beside the list of rooms, when the window is wide enough.
            let full = w - 3.0 * u;
            let chat_w = (full * 0.34).min(u * 24.0);
            let with_chat = chat_w >= u * 12.0 && !session.offline;
            let list_w = if with_chat { full - chat_w - u } else { full };
            let mut list = Rect::new(x, u * 6.0, list_w, h - u * 12.0);
            // A seat of ours saved on this server (the window was closed during its game).
            if let Some(seat) = session.rejoinable.first() {
                let r = Rect::new(x, list.y, list_w, u * 2.4);
                let label = trf(Text::RejoinNamed, &[&seat.describe()]);
                if ui.button_styled(r, &label, true, Some(theme::REJOIN_COLOR)) {
                    rejoin = Some(seat.clone());
                }
                list.y += u * 3.0;
                list.h -= u * 3.0;
            }
            if with_chat {
                let r = Rect::new(x + list_w + u, list.y, chat_w, list.h);
                self.chat.draw(&ui, r, &session.lobby_chat, true, false);
            } else {
                self.chat.hide();
            }
            ui.panel(list);
            let rows: Vec<String> = session
                .rooms
                .iter()
                .map(|r| {
                    trf(
                        Text::RoomRow,
                        &[
                            &format!("{}{}", if r.private { "◆ " } else { "" }, r.name),
                            &match r.variant {
                                Variant::Standard => tr(Text::Shogi),
                                Variant::Yonin => tr(Text::Yonin),
                            },
                            &(r.people + r.bots),
                            &r.seats,
                            &if r.bots > 0 {
                                trf(Text::NComputers, &[&r.bots])
                            } else {
                                String::new()
                            },
                            &match r.phase {
                                RoomPhase::Waiting => tr(Text::Open),
                                RoomPhase::Playing => tr(Text::Playing),
                                RoomPhase::Finished => tr(Text::Finished),
                            },
                            &r.host_name,
                        ],
                    )
                })
                .collect();
            let inner = Rect::new(
                list.x + u * 0.4,
                list.y + u * 0.4,
                list.w - u * 0.8,
                list.h - u * 0.8,
            );
            if rows.is_empty() {
                ui.text(
                    tr(Text::NoRoomsYet),
                    inner.x + u * 0.4,
                    inner.y + u * 1.4,
                    u,
                    theme::palette().text_dim,
                );
            }
            if let Some(i) = list_rows(&ui, inner, &rows, u * 2.0, &mut self.scroll, self.selected)
            {
                self.selected = Some(i);
            }
            let by = h - u * 5.0;
            let bh = u * 2.6;
            let bw = u * 9.0;
            let sel = self.selected.and_then(|i| session.rooms.get(i));
            if ui.button_styled(
                Rect::new(x, by, bw * 1.3, bh),
                tr(Text::CreateGame),
                true,
                Some(theme::ACCENT),
            ) {
                out = Transition::Push(Box::new(super::setup::SetupScreen::online(&ctx.settings)));
            }
            let code =
                (!self.code.text.trim().is_empty()).then(|| self.code.text.trim().to_uppercase());
            if ui.button_styled(
                Rect::new(x + bw * 1.3 + u, by, bw, bh),
                tr(Text::Join),
                sel.is_some(),
                None,
            ) {
                if let Some(r) = sel {
                    send.push(ClientMessage::Join {
                        room: r.id,
                        seat: None,
                        code: code.clone(),
                    });
                }
            }
            if ui.button_styled(
                Rect::new(x + bw * 2.3 + 2.0 * u, by, bw, bh),
                tr(Text::Watch),
                sel.is_some(),
                None,
            ) {
                if let Some(r) = sel {
                    send.push(ClientMessage::Spectate {
                        room: r.id,
                        code: code.clone(),
                    });
                }
            }
            if ui.button(
                Rect::new(x + bw * 3.3 + 3.0 * u, by, bw, bh),
                tr(Text::Refresh),
            ) {
                send.push(ClientMessage::ListRooms);
            }
            self.code.show(
                &ui,
                Rect::new(x + bw * 4.3 + 4.0 * u, by, bw * 2.0, bh),
                tr(Text::JoinCode),
            );
        }
        if let Some(n) = session.current_notice(ctx.now) {
            draw_toast(&ui, &n.text, n.error);
        }
        for m in send {
            session.send(m);
        }
        if let (Some(seat), Some(s)) = (rejoin, ctx.session.as_mut()) {
            s.rejoin_saved(&seat);
        }
        out
    }
}

fn room_host_id(room: &yonin_core::protocol::RoomState) -> Option<yonin_core::protocol::PlayerId> {
    Some(room.host)
}
