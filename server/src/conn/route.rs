//! What a client says, routed: each `ClientMessage` to the lobby, the player's room, or the
//! store, with the connection's own rate and guess allowances.

use super::Conn;
use crate::handles::{Found, HostAction, LobbyCmd, Refusal, RoomCmd, RoomHandle, Visitor};
use yonin_core::protocol::{
    self, ChatScope, ClientMessage, ErrorCode, GameRequest, PlayerId, ResumeToken, ServerMessage,
};
use yonin_core::text::check_name;

impl Conn {
    async fn send_to_room(&mut self, make: impl FnOnce(PlayerId) -> RoomCmd) {
        let id = self.id();
        let Some(room) = &self.room else {
            return self.refuse(ErrorCode::NotInRoom, "you are not in a room");
        };
        if !room.send(make(id)).await {
            self.room = None;
            self.refuse(ErrorCode::NoSuchRoom, "that room is closed");
        }
    }

    async fn host(&mut self, action: HostAction) {
        self.send_to_room(|player| RoomCmd::Host { player, action })
            .await;
    }

    async fn game(&mut self, request: GameRequest) {
        self.send_to_room(|player| RoomCmd::Game { player, request })
            .await;
    }

    fn visitor(&self) -> Visitor {
        Visitor {
            player: self.player.clone(),
            outbox: self.outbox.clone(),
        }
    }

    /// Leaves the current room unless it is `keep`.
    async fn leave_room_unless(&mut self, keep: Option<yonin_core::protocol::RoomId>) {
        if let Some(room) = self.room.take() {
            if Some(room.id) == keep {
                self.room = Some(room);
                return;
            }
            room.send(RoomCmd::Leave { player: self.id() }).await;
        }
    }

    pub(super) async fn resume(&mut self, token: ResumeToken) {
        let Some(room) = self
            .lobby
            .ask(|reply| LobbyCmd::FindToken { token, reply })
            .await
            .flatten()
        else {
            return self.refuse(
                ErrorCode::BadToken,
                "that token holds no seat (the game may be over)",
            );
        };
        self.leave_room_unless(Some(room.id)).await;
        let who = self.visitor();
        match room
            .ask(|reply| RoomCmd::Resume { who, token, reply })
            .await
        {
            Ok(()) => self.room = Some(room),
            Err(r) => self.send(r.to_message()),
        }
    }

    pub(super) async fn on_message(&mut self, msg: ClientMessage) {
        match msg {
            ClientMessage::Hello { .. } => {
                self.refuse(ErrorCode::HelloFirst, "Hello comes once, first");
            }
            ClientMessage::Ping { nonce } => self.send(ServerMessage::Pong { nonce }),
            ClientMessage::ListRooms => {
                let player = self.id();
                self.lobby.send(LobbyCmd::ListRooms { player }).await;
            }
            ClientMessage::SetName { name } => match check_name(&name) {
                Err(why) => self.refuse(ErrorCode::BadName, why),
                Ok(name) => {
                    self.player.name = name.clone();
                    let player = self.id();
                    self.lobby
                        .send(LobbyCmd::Rename {
                            player,
                            name: name.clone(),
                        })
                        .await;
                    if let Some(room) = &self.room {
                        room.send(RoomCmd::Rename { player, name }).await;
                    }
                }
            },
            ClientMessage::CreateRoom { settings } => {
                if self.room.is_some() {
                    return self.refuse(
                        ErrorCode::AlreadyInRoom,
                        "leave your room before creating another",
                    );
                }
                let Some(share) = self.ctx.shares.room(self.addr) else {
                    return self.refuse(
                        ErrorCode::TooManyRooms,
                        format!(
                            "your address has {} rooms open, its most; close one first",
                            self.ctx.shares.limits().rooms_per_address
                        ),
                    );
                };
                let (host, outbox) = (self.player.clone(), self.outbox.clone());
                let settings = Box::new(settings);
                match self
                    .lobby
                    .ask(|reply| LobbyCmd::CreateRoom {
                        host,
                        outbox,
                        settings,
                        share,
                        reply,
                    })
                    .await
                {
                    Some(Ok(room)) => self.room = Some(room),
                    Some(Err(r)) => self.send(r.to_message()),
                    None => self.refuse(ErrorCode::ShuttingDown, "the server is shutting down"),
                }
            }
            ClientMessage::Join { room, seat, code } => {
                if self.room.as_ref().is_some_and(|r| r.id != room) {
                    return self.refuse(
                        ErrorCode::AlreadyInRoom,
                        "leave your room before joining another",
                    );
                }
                if !self.may_guess() {
                    return;
                }
                let Some(handle) = self.find_room(room, false, seat, &code).await else {
                    return;
                };
                let who = self.visitor();
                let answer = handle
                    .ask(|reply| RoomCmd::Join {
                        who,
                        seat,
                        code,
                        reply,
                    })
                    .await;
                self.entered(handle, answer);
            }
            ClientMessage::Spectate { room, code } => {
                if self.room.is_some() {
                    return self.refuse(
                        ErrorCode::AlreadyInRoom,
                        "leave your room before watching another",
                    );
                }
                if !self.may_guess() {
                    return;
                }
                let Some(handle) = self.find_room(room, true, None, &code).await else {
                    return;
                };
                let who = self.visitor();
                let answer = handle
                    .ask(|reply| RoomCmd::Spectate { who, code, reply })
                    .await;
                self.entered(handle, answer);
            }
            ClientMessage::Resume { token } => self.resume(token).await,
            ClientMessage::Leave => {
                if self.room.is_none() {
                    return self.refuse(ErrorCode::NotInRoom, "you are not in a room");
                }
                self.leave_room_unless(None).await;
            }
            ClientMessage::Chat { scope, text } => {
                if !self.chat.take() {
                    return self.refuse(ErrorCode::RateLimited, "you are chatting too fast");
                }
                // One check for every chat line, room or lobby (core's `check_chat`).
                let text = match yonin_core::text::check_chat(&text) {
                    Ok(text) => text,
                    Err(why) => return self.refuse(ErrorCode::BadChat, why.to_string()),
                };
                match scope {
                    ChatScope::Room => {
                        self.send_to_room(|player| RoomCmd::Chat { player, text })
                            .await
                    }
                    ChatScope::Lobby => {
                        let from = self.player.clone();
                        self.lobby.send(LobbyCmd::Chat { from, text }).await;
                    }
                }
            }
            ClientMessage::AddBot { seat, level } => {
                self.host(HostAction::AddBot { seat, level }).await
            }
            ClientMessage::RemoveFromSeat { seat } => {
                self.host(HostAction::RemoveFromSeat { seat }).await
            }
            ClientMessage::MoveSeat { from, to } => {
                self.host(HostAction::MoveSeat { from, to }).await
            }
            ClientMessage::Kick { player } => self.host(HostAction::Kick { player }).await,
            ClientMessage::Start => self.host(HostAction::Start).await,
            ClientMessage::SetBotPace { ms } => self.host(HostAction::SetBotPace { ms }).await,
            ClientMessage::Game(request) => self.game(request).await,
            msg if crate::store::requests::is_store_request(&msg) => {
                if matches!(msg, ClientMessage::ImportRecord { .. }) && !self.may_import() {
                    return self.refuse(
                        ErrorCode::RateLimited,
                        "too many imports: wait a minute before the next",
                    );
                }
                let store = self.ctx.config.store.clone();
                self.send(crate::store::requests::answer(store, msg).await);
            }
            _ => self.refuse(
                ErrorCode::NotAllowed,
                "this server does not handle that message",
            ),
        }
    }

    /// May this connection try to enter a room now? Wrong join codes are limited per connection
    /// and per address, so a private room's code cannot be guessed by trying them all.
    fn may_guess(&mut self) -> bool {
        if self.guesses.has() && self.ctx.shares.may_guess(self.addr) {
            return true;
        }
        self.refuse(
            ErrorCode::RateLimited,
            "too many wrong join codes: wait a minute before trying again",
        );
        false
    }

    /// The room's answer to a Join or Spectate: in, or told why not (a wrong code counts).
    fn entered(&mut self, handle: RoomHandle, answer: Result<(), Refusal>) {
        match answer {
            Ok(()) => self.room = Some(handle),
            Err(r) => {
                if r.code == ErrorCode::WrongJoinCode {
                    self.guesses.take();
                    self.ctx.shares.wrong_guess(self.addr);
                }
                self.send(r.to_message());
            }
        }
    }

    /// Takes one import from this connection's and its address's allowances.
    fn may_import(&mut self) -> bool {
        self.imports.has() && self.ctx.shares.import(self.addr) && self.imports.take()
    }

    /// The room to enter; `None` when it is on another node (the client is sent there with
    /// `redirect(url)`) or nowhere (the client is told).
    /// The room's handle when it is on this node. A room of another node is answered with a
    /// `Redirect` there (echoing what to ask again: to `watch` or take `seat`, with `code`),
    /// an unknown room with `NoSuchRoom`; both give `None`.
    async fn find_room(
        &mut self,
        room: yonin_core::protocol::RoomId,
        watch: bool,
        seat: Option<yonin_core::Seat>,
        code: &Option<String>,
    ) -> Option<RoomHandle> {
        let found = self
            .lobby
            .ask(|reply| LobbyCmd::FindRoom { room, reply })
            .await;
        match found {
            Some(Found::Here(handle)) => Some(handle),
            Some(Found::There(url)) => {
                self.send(ServerMessage::Redirect(Box::new(protocol::Redirect {
                    url,
                    room,
                    watch,
                    seat,
                    code: echo_code(code),
                })));
                None
            }
            Some(Found::Nowhere) | None => {
                self.send(
                    Refusal::new(ErrorCode::NoSuchRoom, format!("there is no room {room}"))
                        .to_message(),
                );
                None
            }
        }
    }
}

/// A join code as a `Redirect` gives it back (bounded: a real code is `JOIN_CODE_CHARS` long).
fn echo_code(code: &Option<String>) -> Option<String> {
    code.as_ref()
        .map(|c| c.chars().take(4 * protocol::JOIN_CODE_CHARS).collect())
}
