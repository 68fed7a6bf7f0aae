//! Pass and play: the other people at this computer. Each sits in the game on a connection
//! of their own to the in-process server, so the server seats, clocks, rates and stores them
//! as any player; the session sends a person's moves on their connection and shows the game
//! through the first person's.

use crate::net::{NetEvent, NetHandle};
use std::net::SocketAddr;
use yonin_core::protocol::{
    ClientMessage, PlayerId, ResumeToken, RoomId, RoomSettings, ServerMessage, PROTOCOL_VERSION,
};
use yonin_core::Seat;

/// How long a companion whose connection dropped waits before asking for a new one (s).
const RETRY_AFTER: f64 = 1.0;

/// The seats of an offline room that hold a person at this computer besides its creator:
/// every seat with neither a computer nor the creator.
pub(crate) fn people_here(settings: &RoomSettings) -> Vec<Seat> {
    settings
        .rules
        .variant
        .seats()
        .iter()
        .filter(|&s| Some(s) != settings.host_seat)
        .filter(|&s| !settings.bots.iter().any(|(b, _)| *b == s))
        .collect()
}

/// What a companion's connection had to say to the player.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum News {
    /// A refusal (an illegal move, a refused request) in words for the player.
    Refused(String),
    /// The companion's seat token changed (save the seats again).
    Token,
}

/// One more person at this computer, on their own connection.
#[derive(Debug)]
pub(crate) struct Companion {
    pub(crate) name: String,
    /// The seat asked for when joining (where they sit later the room's seats tell).
    pub(crate) seat: Seat,
    net: NetHandle,
    room: RoomId,
    pub(crate) player_id: Option<PlayerId>,
    /// The seat's token once granted (presented again after a dropped connection).
    pub(crate) token: Option<ResumeToken>,
    /// When the connection dropped (local time), until a new one is asked for.
    down_since: Option<f64>,
}

impl Companion {
    /// Connects to the in-process server at `addr` and takes `seat` in `room`.
    pub(crate) fn join(addr: SocketAddr, room: RoomId, seat: Seat, name: &str) -> Companion {
        Companion::connect(addr, room, seat, name, None)
    }

    /// Connects to the in-process server at `addr` and takes a seat back with its token.
    pub(crate) fn resume(
        addr: SocketAddr,
        room: RoomId,
        seat: Seat,
        name: &str,
        token: ResumeToken,
    ) -> Companion {
        Companion::connect(addr, room, seat, name, Some(token))
    }

    fn connect(
        addr: SocketAddr,
        room: RoomId,
        seat: Seat,
        name: &str,
        token: Option<ResumeToken>,
    ) -> Companion {
        Companion {
            name: name.to_string(),
            seat,
            net: NetHandle::connect(&format!("ws://127.0.0.1:{}/", addr.port())),
            room,
            player_id: None,
            token,
            down_since: None,
        }
    }

    /// Sends a message on this person's connection (dropped while it is down).
    pub(crate) fn send(&self, msg: ClientMessage) {
        if !self.net.send(msg) {
            tracing::debug!("companion message dropped: its connection is closed");
        }
    }

    /// Handles what arrived on this person's connection; asks for a new connection a moment
    /// after one dropped.
    pub(crate) fn pump(&mut self, now: f64) -> Vec<News> {
        let mut news = Vec::new();
        while let Some(ev) = self.net.try_recv() {
            news.extend(self.handle(ev, now));
        }
        if self.down_since.is_some_and(|t| now - t >= RETRY_AFTER) {
            self.down_since = None;
            if !self.net.reconnect() {
                tracing::debug!("companion {}: the network thread is gone", self.name);
            }
        }
        news
    }

    fn handle(&mut self, ev: NetEvent, now: f64) -> Option<News> {
        match ev {
            NetEvent::Connected { .. } => {
                self.send(ClientMessage::Hello {
                    version: PROTOCOL_VERSION,
                    name: self.name.clone(),
                    resume: self.token,
                });
                None
            }
            NetEvent::Closed(why) => {
                tracing::debug!("companion {}: connection closed: {why}", self.name);
                self.down_since = Some(now);
                None
            }
            NetEvent::Hosting { .. } => None,
            NetEvent::Message(m) => self.on_message(m),
        }
    }

    fn on_message(&mut self, msg: ServerMessage) -> Option<News> {
        match msg {
            ServerMessage::Welcome { player_id, .. } => {
                self.player_id = Some(player_id);
                if self.token.is_none() {
                    self.send(ClientMessage::Join {
                        room: self.room,
                        seat: Some(self.seat),
                        code: None,
                    });
                }
                None
            }
            ServerMessage::SeatGranted { token, .. } => {
                self.token = Some(token);
                Some(News::Token)
            }
            ServerMessage::GameStarted(state) => {
                let token = state.token.filter(|t| Some(*t) != self.token)?;
                self.token = Some(token);
                Some(News::Token)
            }
            ServerMessage::GameRefused {
                request,
                code,
                message,
            } => Some(News::Refused(crate::i18n::words::refusal_words(
                request, code, message,
            ))),
            ServerMessage::Error { message, .. } => Some(News::Refused(message)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yonin_core::BotLevel;
    use yonin_core::RuleSet;

    #[test]
    fn people_here_are_the_seats_without_a_bot_or_the_creator() {
        let mut s = RoomSettings::new("x", RuleSet::standard());
        assert_eq!(people_here(&s), vec![Seat::North]);
        s.bots = vec![(Seat::North, BotLevel::Easy)];
        assert!(people_here(&s).is_empty());
        let mut y = RoomSettings::new("y", RuleSet::yonin());
        y.host_seat = Some(Seat::West);
        y.bots = vec![(Seat::South, BotLevel::Hard)];
        assert_eq!(people_here(&y), vec![Seat::North, Seat::East]);
    }
}
