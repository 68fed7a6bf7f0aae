//! Who is in the room and where: joining, watching, resuming a seat with its token, leaving,
//! dropping, chat, and the host's seat actions.

use super::*;

impl Room {
    pub(super) fn check_code(&self, code: Option<&str>) -> Result<(), Refusal> {
        match &self.join_code {
            // Codes are shown in capitals; one typed in lower case is the same code.
            Some(expected) if !code.is_some_and(|c| c.trim().eq_ignore_ascii_case(expected)) => {
                refuse(
                    ErrorCode::WrongJoinCode,
                    "this room is private: ask its host for the join code",
                )
            }
            _ => Ok(()),
        }
    }

    /// After a game, the seats of people a bot stood in for (gone for good) become empty, so
    /// others may take them. Until the room moves on (a join, a host's action, a rematch vote)
    /// they keep their person's name for the result.
    pub(super) fn clear_gone_seats(&mut self) {
        if self.phase != RoomPhase::Finished {
            return;
        }
        let mut changed = false;
        for seat in self.in_play.iter() {
            let gone = self.seats[seat]
                .person()
                .is_some_and(|p| !p.connected && p.grace_until.is_none());
            if gone {
                self.seats[seat] = Slot::Empty;
                self.rematch.remove(seat);
                changed = true;
            }
        }
        if changed {
            self.broadcast_state();
        }
    }

    pub(super) fn check_room_for(&self, player: PlayerId) -> Result<(), Refusal> {
        if !self.members.contains_key(&player) && self.members.len() >= MAX_ROOM_MEMBERS {
            return refuse(ErrorCode::NotAllowed, "this room is full");
        }
        Ok(())
    }

    pub(super) async fn join(
        &mut self,
        who: Visitor,
        seat: Option<Seat>,
        code: Option<String>,
    ) -> Result<(), Refusal> {
        self.check_code(code.as_deref())?;
        self.check_room_for(who.player.id)?;
        self.clear_gone_seats();
        if self.playing() {
            return refuse(
                ErrorCode::GameInProgress,
                "a game is being played here: watch it, or wait for the next",
            );
        }
        let seat = match seat {
            Some(s) if !self.in_play.contains(s) => {
                return refuse(ErrorCode::NoSuchSeat, format!("{s} does not play here"))
            }
            Some(s) => s,
            None => self
                .in_play
                .iter()
                .find(|s| matches!(self.seats[*s], Slot::Empty))
                .ok_or_else(|| Refusal::new(ErrorCode::SeatTaken, "every seat is taken"))?,
        };
        if !matches!(self.seats[seat], Slot::Empty) {
            return refuse(ErrorCode::SeatTaken, format!("{seat} is taken"));
        }
        // Already seated here: move to the new seat, keeping the token.
        let id = who.player.id;
        let old = self.seat_of(id);
        let token = match old.map(|s| std::mem::replace(&mut self.seats[s], Slot::Empty)) {
            Some(Slot::Person(PersonSeat {
                token: Some(token), ..
            })) => token,
            // The lobby learns of it after this command (`sync_tokens`).
            _ => secret::token(),
        };
        self.seats[seat] = Slot::Person(PersonSeat::taken(id, who.player.name.clone(), token));
        self.admit(id, who.player.name, who.outbox, Some(seat));
        self.rematch = SeatSet::EMPTY;
        self.grant_seat(id, seat, token);
        self.broadcast_state();
        self.send_chat_history(id);
        if self.phase == RoomPhase::Finished {
            self.send_game_state(id);
        }
        Ok(())
    }

    pub(super) fn spectate(&mut self, who: Visitor, code: Option<String>) -> Result<(), Refusal> {
        self.check_code(code.as_deref())?;
        self.check_room_for(who.player.id)?;
        let id = who.player.id;
        if self.seat_of(id).is_some() {
            return refuse(
                ErrorCode::AlreadyInRoom,
                "you hold a seat here: leave it first",
            );
        }
        self.admit(id, who.player.name, who.outbox, None);
        self.send_to(id, ServerMessage::RoomState(Box::new(self.state_for(id))));
        self.send_game_state(id);
        self.broadcast_state();
        self.send_chat_history(id);
        Ok(())
    }

    /// Makes `player` a member of the room (in `seat`, or watching): the one way in, for the
    /// creator, a join, a spectator and a resumed seat.
    pub(super) fn admit(
        &mut self,
        player: PlayerId,
        name: String,
        outbox: Outbox,
        seat: Option<Seat>,
    ) {
        self.members.insert(player, Member { name, outbox, seat });
    }

    /// Tells `player` the seat is theirs, with the token that takes it back.
    pub(super) fn grant_seat(&self, player: PlayerId, seat: Seat, token: ResumeToken) {
        let room = self.id;
        self.send_to(player, ServerMessage::SeatGranted { room, seat, token });
    }

    pub(super) fn resume(&mut self, who: Visitor, token: ResumeToken) -> Result<(), Refusal> {
        let Some(seat) = self.in_play.iter().find(|s| {
            self.seats[*s]
                .person()
                .is_some_and(|p| p.token_hash.matches(token))
        }) else {
            return refuse(
                ErrorCode::BadToken,
                "that token holds no seat here any more",
            );
        };
        let id = who.player.id;
        // A connection plays one seat of a room: a second token of the same room is refused
        // (its seat stays as it is, waiting for the connection that holds it).
        if let Some(held) = self.seat_of(id).filter(|s| *s != seat) {
            return refuse(
                ErrorCode::AlreadyInRoom,
                format!(
                    "this connection already plays {held} here; a connection plays one seat \
                     (connect again to take {seat})"
                ),
            );
        }
        let Some(p) = self.seats[seat].person_mut() else {
            return refuse(ErrorCode::BadToken, "that token holds no seat");
        };
        let old = std::mem::replace(&mut p.player, id);
        p.token = Some(token);
        p.name = who.player.name.clone();
        p.connected = true;
        p.grace_until = None;
        // The seat's stand-in (if any) stops at the next `refresh_thinking`; no other seat's
        // bot is touched.
        p.stand_in = None;
        // The seat's earlier connection, if still here, loses it.
        if old != id {
            if let Some(m) = self.members.remove(&old) {
                m.outbox.send(ServerMessage::LeftRoom {
                    room: self.id,
                    reason: LeaveReason::Moved,
                });
            }
        }
        self.admit(id, who.player.name, who.outbox, Some(seat));
        if let Some(m) = self.game.as_mut() {
            m.game.seat_back(seat);
        }
        tracing::info!(room = %self.id, %seat, "seat resumed");
        // A room restored after a restart has no host until its first person is back.
        self.host.get_or_insert(id);
        self.unpause();
        self.grant_seat(id, seat, token);
        self.broadcast(ServerMessage::SeatReconnected { seat });
        self.broadcast_state();
        self.send_game_state(id);
        self.send_chat_history(id);
        Ok(())
    }

    /// A member leaves (or is kicked): a seated person's seat empties, or in a game a bot
    /// plays it from now on.
    pub(super) fn remove_member(&mut self, player: PlayerId, reason: LeaveReason) {
        let Some(m) = self.members.remove(&player) else {
            // A kicked person who had dropped: they may hold a seat without a connection.
            if reason == LeaveReason::Kicked {
                if let Some(seat) = self
                    .in_play
                    .iter()
                    .find(|s| self.seats[*s].person().is_some_and(|p| p.player == player))
                {
                    self.vacate(seat);
                    self.broadcast_state();
                }
            }
            return;
        };
        m.outbox.send(ServerMessage::LeftRoom {
            room: self.id,
            reason,
        });
        if let Some(seat) = m.seat {
            self.vacate(seat);
        }
        self.pass_host(player);
        self.broadcast_state();
    }

    /// The person in `seat` is gone for good: empty it, or hand it to a bot during a game.
    pub(super) fn vacate(&mut self, seat: Seat) {
        let level = self.settings.takeover_level;
        if self.playing() {
            if let Some(p) = self.seats[seat].person_mut() {
                p.connected = false;
                p.grace_until = None;
                if p.stand_in.is_none() {
                    p.stand_in = Some(level);
                    self.bot_took_over(seat);
                }
            }
        } else {
            self.seats[seat] = Slot::Empty;
            self.rematch.remove(seat);
        }
    }

    pub(super) fn pass_host(&mut self, leaving: PlayerId) {
        if self.host != Some(leaving) {
            return;
        }
        // Prefer a seated person, then anyone, the longest here (lowest id) first.
        let mut ids: Vec<(bool, PlayerId)> = self
            .members
            .iter()
            .map(|(id, m)| (m.seat.is_none(), *id))
            .collect();
        ids.sort();
        self.host = ids.first().map(|(_, id)| *id);
    }

    pub(super) fn disconnected(&mut self, player: PlayerId) {
        let Some(m) = self.members.remove(&player) else {
            return;
        };
        if let Some(seat) = m.seat {
            let grace_until = Instant::now() + self.grace;
            if let Some(p) = self.seats[seat].person_mut() {
                p.connected = false;
                if p.stand_in.is_none() {
                    p.grace_until = Some(grace_until);
                }
            }
            if self.playing() {
                self.broadcast(ServerMessage::SeatDisconnected {
                    seat,
                    grace_ms: self.grace.as_millis() as u64,
                });
            }
        }
        self.pass_host(player);
        self.broadcast_state();
    }

    /// A chat line from a member, already checked by its connection (`check_chat`).
    pub(super) fn chat(&mut self, player: PlayerId, text: String) {
        let Some(m) = self.members.get(&player) else {
            return;
        };
        let from = PlayerRef {
            id: player,
            name: m.name.clone(),
        };
        self.recent_chat.push_back(ChatEntry {
            from: from.clone(),
            text: text.clone(),
        });
        while self.recent_chat.len() > ROOM_CHAT_KEPT {
            self.recent_chat.pop_front();
        }
        self.broadcast_chat(ServerMessage::Chat {
            scope: ChatScope::Room,
            from,
            text,
        });
    }

    /// Tells a member who just entered what was said before (when anything was).
    pub(super) fn send_chat_history(&self, player: PlayerId) {
        if self.recent_chat.is_empty() {
            return;
        }
        self.send_to(
            player,
            ServerMessage::ChatHistory {
                room: self.id,
                lines: self.recent_chat.iter().cloned().collect(),
            },
        );
    }

    pub(super) async fn host_action(
        &mut self,
        player: PlayerId,
        action: HostAction,
    ) -> Result<(), Refusal> {
        if self.host != Some(player) {
            return refuse(ErrorCode::NotHost, "only the room's host may do that");
        }
        self.clear_gone_seats();
        let seat_ok = |s: Seat| -> Result<(), Refusal> {
            if self.in_play.contains(s) {
                Ok(())
            } else {
                refuse(ErrorCode::NoSuchSeat, format!("{s} does not play here"))
            }
        };
        let not_playing = || -> Result<(), Refusal> {
            if self.playing() {
                refuse(
                    ErrorCode::GameInProgress,
                    "not while a game is being played",
                )
            } else {
                Ok(())
            }
        };
        match action {
            HostAction::AddBot { seat, level } => {
                not_playing()?;
                seat_ok(seat)?;
                match self.seats[seat] {
                    Slot::Person(_) => {
                        return refuse(ErrorCode::SeatTaken, format!("a person holds {seat}"))
                    }
                    _ => self.seats[seat] = Slot::Bot(level),
                }
                self.broadcast_state();
            }
            HostAction::RemoveFromSeat { seat } => {
                not_playing()?;
                seat_ok(seat)?;
                if let Some(p) = self.seats[seat].person() {
                    if let Some(m) = self.members.get_mut(&p.player) {
                        m.seat = None;
                    }
                }
                self.seats[seat] = Slot::Empty;
                self.rematch.remove(seat);
                self.broadcast_state();
            }
            HostAction::MoveSeat { from, to } => {
                not_playing()?;
                seat_ok(from)?;
                seat_ok(to)?;
                self.seats.0.swap(from.index(), to.index());
                for seat in [from, to] {
                    self.grant_seat_to_occupant(seat);
                }
                self.rematch = SeatSet::EMPTY;
                self.broadcast_state();
            }
            HostAction::Kick { player: target } => {
                if target == player {
                    return refuse(ErrorCode::NotAllowed, "use Leave to leave");
                }
                self.remove_member(target, LeaveReason::Kicked);
            }
            HostAction::Start => {
                not_playing()?;
                if let Some(seat) = self
                    .in_play
                    .iter()
                    .find(|s| matches!(self.seats[*s], Slot::Empty))
                {
                    return refuse(
                        ErrorCode::NotAllowed,
                        format!("{seat} is empty: seat a person or a bot there first"),
                    );
                }
                self.start_game(false);
            }
            HostAction::SetBotPace { ms } => {
                self.bot_pace_ms
                    .store(ms.min(MAX_BOT_PACE_MS), Ordering::Relaxed);
            }
        }
        Ok(())
    }
}
