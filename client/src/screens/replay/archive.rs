//! Games stored on a server, as the replay browser reaches them: a connection of its own (the
//! play session is left alone) that says hello, lists the finished games (`ListGames`) and
//! fetches one (`GetGame`). It never waits: `pump` handles whatever has arrived. Works without
//! a window, so tests drive it the way the browser does.

use super::source;
use crate::i18n::{tr, Text};
use crate::net::{NetEvent, NetHandle};
use crate::state::settings::SavedGame;
use std::time::{Duration, Instant};
use yonin_core::protocol::{ClientMessage, ErrorCode, ServerMessage, PROTOCOL_VERSION};
use yonin_core::record::stored::{GameFilter, GameId, GameSummary};

/// Where the conversation with the server is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArchiveState {
    Connecting,
    /// Asked for the list.
    Listing,
    /// The list is here (it may be empty).
    Listed,
    /// Asked for this game.
    Fetching(GameId),
    /// The connection is gone; why, in words for people.
    Closed(String),
}

pub struct Archive {
    net: Option<NetHandle>,
    name: String,
    /// The address as typed (`host:port`).
    pub address: String,
    pub server_name: String,
    pub state: ArchiveState,
    /// Finished games on the server, newest first.
    pub games: Vec<GameSummary>,
    /// The server's last refusal (no such game, no store…), for people.
    pub error: Option<String>,
}

impl Archive {
    /// Connects to `address` (`host:port`) as `name` and asks for the list of games.
    pub fn connect(address: &str, name: &str) -> Archive {
        Archive {
            net: Some(NetHandle::connect(address)),
            name: name.to_string(),
            address: address.trim().to_string(),
            server_name: String::new(),
            state: ArchiveState::Connecting,
            games: Vec::new(),
            error: None,
        }
    }

    /// A list already received, with no connection (scenarios draw the browser with it).
    pub(crate) fn with_games(address: &str, server_name: &str, games: Vec<GameSummary>) -> Archive {
        Archive {
            net: None,
            name: String::new(),
            address: address.to_string(),
            server_name: server_name.to_string(),
            state: ArchiveState::Listed,
            games,
            error: None,
        }
    }

    fn send(&mut self, msg: ClientMessage) {
        let sent = self.net.as_ref().is_some_and(|n| n.send(msg));
        if !sent && !matches!(self.state, ArchiveState::Closed(_)) {
            self.state = ArchiveState::Closed(tr(Text::ArchiveOffline).to_string());
        }
    }

    /// Asks for the list again.
    pub fn refresh(&mut self) {
        if matches!(self.state, ArchiveState::Listed | ArchiveState::Listing) {
            self.error = None;
            self.state = ArchiveState::Listing;
            self.send(ClientMessage::ListGames {
                filter: GameFilter::default(),
            });
        }
    }

    /// Asks for one game; `pump` returns it when it arrives.
    pub fn fetch(&mut self, id: GameId) {
        if matches!(self.state, ArchiveState::Listed) {
            self.error = None;
            self.state = ArchiveState::Fetching(id);
            self.send(ClientMessage::GetGame { id });
        }
    }

    /// Handles everything that has arrived; returns a game fetched, if one came.
    pub fn pump(&mut self) -> Option<SavedGame> {
        let mut got = None;
        while let Some(ev) = self.net.as_ref().and_then(NetHandle::try_recv) {
            if let Some(g) = self.handle(ev) {
                got = Some(g);
            }
        }
        got
    }

    /// Waits up to `timeout` for the state to leave `Connecting`, `Listing` and `Fetching`
    /// (tests and tools); returns a game fetched meanwhile.
    pub fn wait(&mut self, timeout: Duration) -> Option<SavedGame> {
        let until = Instant::now() + timeout;
        let mut got = None;
        while self.busy() {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            let Some(ev) = self.net.as_ref().and_then(|n| n.recv_timeout(left)) else {
                break;
            };
            if let Some(g) = self.handle(ev) {
                got = Some(g);
            }
        }
        got
    }

    /// Waiting for the server.
    pub(crate) fn busy(&self) -> bool {
        matches!(
            self.state,
            ArchiveState::Connecting | ArchiveState::Listing | ArchiveState::Fetching(_)
        )
    }

    fn handle(&mut self, ev: NetEvent) -> Option<SavedGame> {
        match ev {
            NetEvent::Connected { .. } => {
                let name = self.name.clone();
                self.send(ClientMessage::Hello {
                    version: PROTOCOL_VERSION,
                    name,
                    resume: None,
                });
            }
            NetEvent::Closed(why) => self.state = ArchiveState::Closed(why),
            NetEvent::Hosting { .. } => {}
            NetEvent::Message(m) => return self.on_message(m),
        }
        None
    }

    fn on_message(&mut self, msg: ServerMessage) -> Option<SavedGame> {
        match msg {
            ServerMessage::Welcome { server_name, .. } => {
                self.server_name = server_name;
                self.state = ArchiveState::Listing;
                self.send(ClientMessage::ListGames {
                    filter: GameFilter::default(),
                });
            }
            ServerMessage::GameList { games } => {
                self.games = games;
                self.state = ArchiveState::Listed;
            }
            ServerMessage::StoredGame { id, game } if self.state == ArchiveState::Fetching(id) => {
                self.state = ArchiveState::Listed;
                return Some(source::from_stored(&game));
            }
            ServerMessage::Error { code, message } => {
                let text = match code {
                    ErrorCode::StoreUnavailable => tr(Text::ArchiveNoStore).to_string(),
                    _ => message,
                };
                self.error = Some(text);
                match self.state {
                    ArchiveState::Listing | ArchiveState::Fetching(_) => {
                        self.state = ArchiveState::Listed;
                    }
                    ArchiveState::Connecting => {
                        // Refused before the welcome (another version, server full).
                        let why = self.error.clone().unwrap_or_default();
                        self.state = ArchiveState::Closed(why);
                    }
                    _ => {}
                }
            }
            _ => {}
        }
        None
    }
}
