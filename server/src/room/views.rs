//! What a room shows: seat and room states for each member, game states, the lobby summary,
//! and the broadcasts that carry them.

use super::*;

impl Room {
    // --- views -----------------------------------------------------------------------------

    pub(super) fn seat_infos(&self, now: Instant) -> Vec<SeatInfo> {
        self.in_play
            .iter()
            .map(|seat| match &self.seats[seat] {
                Slot::Empty => SeatInfo {
                    seat,
                    occupant: Occupant::Empty,
                    connected: true,
                    grace_ms: None,
                    stand_in: None,
                },
                Slot::Bot(level) => SeatInfo {
                    seat,
                    occupant: Occupant::Bot(*level),
                    connected: true,
                    grace_ms: None,
                    stand_in: None,
                },
                Slot::Person(p) => SeatInfo {
                    seat,
                    occupant: Occupant::Person(PlayerRef {
                        id: p.player,
                        name: p.name.clone(),
                    }),
                    connected: p.connected,
                    grace_ms: p
                        .grace_until
                        .map(|g| g.saturating_duration_since(now).as_millis() as u64),
                    stand_in: p.stand_in,
                },
            })
            .collect()
    }

    pub(super) fn state_for(&self, player: PlayerId) -> RoomState {
        let mut spectators: Vec<PlayerRef> = self
            .members
            .iter()
            .filter(|(_, m)| m.seat.is_none())
            .map(|(id, m)| PlayerRef {
                id: *id,
                name: m.name.clone(),
            })
            .collect();
        spectators.sort_by_key(|p| p.id);
        RoomState {
            id: self.id,
            settings: self.settings.clone(),
            join_code: self.join_code.clone(),
            host: self.host.unwrap_or(PlayerId(0)),
            phase: self.phase,
            seats: self.seat_infos(Instant::now()),
            spectators,
            you: self.members.get(&player).and_then(|m| m.seat),
            rematch: self.rematch.iter().collect(),
        }
    }

    pub(super) fn game_state_for(&self, player: PlayerId) -> Option<GameState> {
        let m = self.game.as_ref()?;
        let now = Instant::now();
        let you = self.members.get(&player).and_then(|mem| mem.seat);
        let token = you
            .and_then(|s| self.seats[s].person())
            .filter(|p| p.player == player)
            .and_then(|p| p.token);
        Some(GameState {
            room: self.id,
            rules: *m.game.rules(),
            start: m.start_text.clone(),
            actions: m.actions.clone(),
            seats: self.seat_infos(now),
            clocks: self.clocks(now),
            you,
            token,
            draw_offer: m.game.draw_offer(),
            claimable: m.game.claimable().iter().collect(),
            outcome: m.game.outcome().cloned(),
            paused: m.paused,
        })
    }

    pub(super) fn clocks(&self, now: Instant) -> yonin_core::protocol::Clocks {
        self.game
            .as_ref()
            .and_then(|m| m.clock.as_ref())
            .map(|c| c.snapshot(now.into_std()))
            .unwrap_or_default()
    }

    pub(super) fn summary(&self) -> RoomSummary {
        let mut people = 0;
        let mut bots = 0;
        for seat in self.in_play.iter() {
            match self.seats[seat] {
                Slot::Person(_) => people += 1,
                Slot::Bot(_) => bots += 1,
                Slot::Empty => {}
            }
        }
        let host_name = self
            .host
            .and_then(|h| self.members.get(&h))
            .map(|m| m.name.clone())
            .unwrap_or_default();
        RoomSummary {
            id: self.id,
            name: self.settings.name.clone(),
            variant: self.settings.rules.variant,
            time_control: self.settings.time_control,
            phase: self.phase,
            seats: self.in_play.len() as u8,
            people,
            bots,
            spectators: self.members.values().filter(|m| m.seat.is_none()).count() as u16,
            private: self.settings.private,
            host_name,
            node: None,
        }
    }

    /// Tells the lobby which seat tokens were issued and which no longer hold a seat (a seat
    /// left, emptied or taken over), so the lobby's token map holds only live seats.
    pub(super) async fn sync_tokens(&mut self) {
        let now: Vec<TokenHash> = self
            .in_play
            .iter()
            .filter_map(|s| self.seats[s].person().map(|p| p.token_hash))
            .collect();
        let retired: Vec<TokenHash> = self
            .known_tokens
            .iter()
            .filter(|t| !now.contains(t))
            .copied()
            .collect();
        let issued: Vec<TokenHash> = now
            .iter()
            .filter(|t| !self.known_tokens.contains(t))
            .copied()
            .collect();
        for token in retired {
            self.lobby.send(LobbyCmd::TokenRetired { token }).await;
        }
        for token in issued {
            let room = self.id;
            self.lobby.send(LobbyCmd::TokenIssued { token, room }).await;
        }
        self.known_tokens = now;
    }

    /// Tells the lobby when the summary changed.
    pub(super) async fn report(&mut self) {
        let summary = self.summary();
        if self.last_summary.as_ref() != Some(&summary) {
            self.last_summary = Some(summary.clone());
            self.lobby.send(LobbyCmd::RoomChanged(summary)).await;
        }
    }

    /// Sends a message to every member (after this command's writes: see `Outgoing`).
    pub(super) fn broadcast(&self, msg: ServerMessage) {
        self.outgoing.borrow_mut().push(Out::All(Arc::new(msg)));
    }

    /// Sends a chat line to every member, shed for those whose queues are filling.
    pub(super) fn broadcast_chat(&self, msg: ServerMessage) {
        self.outgoing.borrow_mut().push(Out::Chat(Arc::new(msg)));
    }

    /// Sends each member the room's state as they see it.
    pub(super) fn broadcast_state(&self) {
        self.outgoing.borrow_mut().push(Out::States);
    }

    pub(super) fn send_to(&self, player: PlayerId, msg: ServerMessage) {
        self.outgoing.borrow_mut().push(Out::One(player, msg));
    }

    /// Hands every queued message to the members' outboxes, in order. The run loop calls it
    /// once the command's journal writes are durable, so nobody hears of a move the store
    /// could lose.
    pub(super) fn flush_outgoing(&self) {
        let queued = std::mem::take(&mut *self.outgoing.borrow_mut());
        for out in queued {
            match out {
                Out::All(msg) => {
                    for m in self.members.values() {
                        m.outbox.send_shared(msg.clone());
                    }
                }
                Out::Chat(msg) => {
                    for m in self.members.values() {
                        m.outbox.send_sheddable(msg.clone());
                    }
                }
                Out::States => {
                    for (id, m) in &self.members {
                        m.outbox
                            .send(ServerMessage::RoomState(Box::new(self.state_for(*id))));
                    }
                }
                Out::One(player, msg) => {
                    if let Some(m) = self.members.get(&player) {
                        m.outbox.send(msg);
                    }
                }
            }
        }
    }

    pub(super) fn send_game_state(&self, player: PlayerId) {
        if let Some(state) = self.game_state_for(player) {
            self.send_to(player, ServerMessage::GameStarted(Box::new(state)));
        }
    }

    pub(super) fn playing(&self) -> bool {
        self.phase == RoomPhase::Playing
    }

    /// The seat `player` holds here, with a live connection.
    pub(super) fn seat_of(&self, player: PlayerId) -> Option<Seat> {
        self.members.get(&player).and_then(|m| m.seat)
    }
}
