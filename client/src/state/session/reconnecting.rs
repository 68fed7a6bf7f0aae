//! Getting back to the room: following a `Redirect` to the node that holds it, coming back
//! after a dropped connection on the `reconnect` schedule, and giving the seat up.

use super::{Following, Link, Session};
use crate::i18n::{tr, trf, Text};
use crate::state::reconnect::{Phase, Rejoin};
use crate::state::seats::ServerPlace;
use yonin_core::protocol::{self, ClientMessage};

impl Session {
    /// Goes to the node of a cluster that holds a room (a `Redirect`) and asks for `ask` there:
    /// only a `ws://` or `wss://` URL, only from a server elsewhere (not this computer's own).
    /// The place follows too, so a dropped connection later comes back to the room's node.
    pub(super) fn follow(&mut self, url: &str, ask: ClientMessage) -> Result<(), String> {
        let ServerPlace::Remote { url: here } = &self.place else {
            return Err(trf(Text::RedirectRefused, &[&url]));
        };
        if !protocol::is_redirect_url(url) || self.following.is_some() {
            return Err(trf(Text::RedirectRefused, &[&url]));
        }
        self.following = Some(Following {
            ask,
            back: here.clone(),
        });
        self.place = ServerPlace::Remote {
            url: url.to_string(),
        };
        self.link = Link::Connecting;
        self.player_id = None;
        self.net.follow(url);
        Ok(())
    }

    /// What we could come back to if the connection dropped now: our seat, or the game we
    /// watch.
    pub(super) fn resumable(&self) -> Option<Rejoin> {
        if self.server_stopping || self.player_id.is_none() {
            return None;
        }
        let seated = self.room.as_ref().is_some_and(|r| r.you.is_some())
            || self.table.as_ref().is_some_and(|t| t.me.is_some());
        if seated {
            return self.token.map(Rejoin::Seat);
        }
        // Watching a game (not only sitting in a room's audience before it starts).
        let room = self.room.as_ref().filter(|_| self.table.is_some())?;
        Some(Rejoin::Watch {
            room: room.id,
            code: room.join_code.clone(),
        })
    }

    /// Starts the next attempt when one is due.
    pub(super) fn drive_reconnect(&mut self, now: f64) {
        let Some(r) = &mut self.reconnect else {
            return;
        };
        if r.due(now) {
            r.started();
            if !self.net.reconnect() {
                r.failed(now, tr(Text::NetworkGone).to_string());
            }
        }
        if r.phase == Phase::GaveUp && !matches!(self.link, Link::Closed(_)) {
            self.link = Link::Closed(r.last_error.clone());
        }
    }

    /// After giving up: another period of attempts.
    pub fn retry_reconnect(&mut self, now: f64) {
        if let Some(r) = &mut self.reconnect {
            r.retry(now);
            self.link = Link::Connecting;
        }
    }

    /// Stops trying to get the seat back and forgets the game: back to the lobby (when the
    /// server can be reached) or to the connect screen.
    pub fn abandon_seat(&mut self) {
        let connected =
            self.reconnect.as_ref().is_some_and(|r| !r.active()) && self.link == Link::Open;
        if let Some(r) = self.reconnect.take() {
            if !connected {
                // No connection and no more attempts: the lobby says why.
                self.link = Link::Closed(r.last_error);
            }
        }
        self.forget_seat();
        self.table = None;
        self.room = None;
        self.token = None;
        self.seat_room = None;
        self.chat.clear();
        if connected {
            self.send(ClientMessage::ListRooms);
        }
    }
}
