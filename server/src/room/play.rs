//! The game in a room: starting it, applying actions through the game's checks, players'
//! requests (moves, resignations, draws, claims, rematch), and storing the end.

use super::record::stored_game;
use super::*;
use crate::metrics::Counters;

impl Room {
    // --- the game --------------------------------------------------------------------------

    /// Starts a game: the room's first (`rematch` false) or a rematch, whose seats were
    /// rotated (so sides alternate and a standard game tosses no pawns again).
    pub(super) fn start_game(&mut self, rematch: bool) {
        let mut rules = self.settings.rules;
        let seed = self.ctx.config.bot_seed.unwrap_or_else(secret::u64);
        let draw = self.draw_first(&mut rules, rematch);
        let start = match &self.start_position {
            Some(p) => p.clone(),
            None => Position::start(&rules),
        };
        let game = Game::from_position(rules, start);
        let now = Instant::now();
        let mut clock = GameClock::new(self.settings.time_control, self.in_play);
        if let Some(c) = clock.as_mut() {
            if !game.is_over() {
                c.start(game.to_move(), now.into_std());
            }
        }
        self.game = Some(Match {
            start_text: yonin_core::record::position_text(game.start()),
            game,
            actions: Vec::new(),
            clock,
            turn_started: now,
            seed,
            started_ms: crate::store::now_ms(),
            bot_player: None,
            live: None,
            unsaved: false,
            paused: false,
        });
        self.pending_writes.push(journal::Pending::Start);
        Counters::bump(&self.ctx.stats.counters.games_started);
        self.phase = RoomPhase::Playing;
        self.rematch = SeatSet::EMPTY;
        tracing::info!(room = %self.id, "game started");
        if let Some(draw) = draw {
            let room = self.id;
            self.broadcast(ServerMessage::FirstDrawn { room, draw });
        }
        self.broadcast_state();
        let ids: Vec<PlayerId> = self.members.keys().copied().collect();
        for id in ids {
            self.send_game_state(id);
        }
        if self.game.as_ref().is_some_and(|m| m.game.is_over()) {
            self.finish_game();
        }
    }

    /// Chance chooses who moves first when the rules say so (core's `draw_first`); after a
    /// toss the player who tossed (the host, or Sente's player when the host only watches)
    /// takes the seat the toss gave them.
    fn draw_first(&mut self, rules: &mut RuleSet, rematch: bool) -> Option<FirstDraw> {
        let bits = self.ctx.config.draw_bits.unwrap_or_else(secret::u64);
        let draw = yonin_core::furigoma::draw_first(rules, self.in_play, bits, rematch)?;
        if let FirstDraw::Furigoma { tosser, .. } = draw {
            let tossed_from = self
                .host
                .and_then(|h| self.seat_of(h))
                .unwrap_or(Seat::South);
            if tosser != tossed_from {
                self.seats.0.swap(Seat::South.index(), Seat::North.index());
                for seat in [Seat::South, Seat::North] {
                    self.grant_seat_to_occupant(seat);
                }
            }
        }
        Some(draw)
    }

    /// Applies an action through the game's checks; on success tells everyone what happened
    /// and moves the clocks on (a bot whose turn it now is starts after this command:
    /// `refresh_thinking`).
    pub(super) fn apply(&mut self, action: Action, now: Instant) -> Result<(), GameError> {
        let Some(m) = self.game.as_mut() else {
            return Err(GameError::GameOver);
        };
        let before = m.game.to_move();
        let events = action.apply(&mut m.game)?;
        m.actions.push(action);
        let moved = matches!(action, Action::Move { .. });
        if moved {
            Counters::bump(&self.ctx.stats.counters.moves);
            // The mover's clock was checked before the move (see `person_move`).
            if let Some(c) = m.clock.as_mut() {
                let _ = c.on_move(now.into_std());
            }
        }
        let over = m.game.is_over();
        let after = m.game.to_move();
        if over {
            if let Some(c) = m.clock.as_mut() {
                c.stop();
            }
        } else if moved || after != before {
            m.turn_started = now;
            if let Some(c) = m.clock.as_mut() {
                c.start(after, now.into_std());
            }
        }
        if let Some(c) = m.clock.as_mut() {
            // Eliminated seats' clocks do not run.
            if c.running().is_some_and(|s| !m.game.position().is_live(s)) {
                c.stop();
            }
        }
        let clocks = self.clocks(now);
        let msg = ServerMessage::GameEvents {
            action,
            events: events.clone(),
            clocks,
        };
        // The last action too: a server that stops before the finished game is stored finds
        // the game ended on its restart, and stores it then (`restore`).
        self.journal_action(action, now);
        if over {
            // Sent by `announce_end`, after the game is stored.
            self.final_events = Some(msg);
        } else {
            self.broadcast(msg);
        }
        if over {
            self.finish_game();
        }
        Ok(())
    }

    pub(super) fn finish_game(&mut self) {
        self.phase = RoomPhase::Finished;
        let Some(m) = self.game.as_mut() else {
            return;
        };
        if let Some(c) = m.clock.as_mut() {
            c.stop();
        }
        let Some(outcome) = m.game.outcome().cloned() else {
            return;
        };
        let record = yonin_core::record::usi::game_text(&m.game);
        let stored = stored_game(&self.settings, &self.seats, self.in_play, m, &outcome);
        tracing::info!(room = %self.id, reason = ?outcome.reason, "game over");
        Counters::bump(&self.ctx.stats.counters.games_finished);
        // People a bot stood in for keep their seats, and so their names, in the result and
        // the room's state; the seats empty when the room moves on (`clear_gone_seats`).
        let mut messages: Vec<ServerMessage> = self.final_events.take().into_iter().collect();
        messages.push(ServerMessage::GameOver { outcome, record });
        self.pending_end = Some(PendingEnd { stored, messages });
    }

    /// Stores a game that just ended (durably, when the server keeps a store), then announces
    /// its result: the last `GameEvents`, `GameOver` and the room's state.
    pub(super) async fn announce_end(&mut self) {
        let Some(end) = self.pending_end.take() else {
            return;
        };
        let live = self.game.as_ref().and_then(|m| m.live);
        let mut not_stored = None;
        if let Some(journal) = self.journal.clone() {
            // The stored game has every action: writes still queued for it are not needed.
            self.pending_writes.clear();
            match journal::end_write(&journal, live, end.stored.clone()).await {
                Ok(Some(id)) => tracing::info!(room = %self.id, game = %id, "game stored"),
                Ok(None) => {}
                Err(e) => {
                    tracing::error!(room = %self.id, "the game was not stored: {e}");
                    not_stored = Some(journal::short_reason(&e));
                    // Tried again on the journal's schedule, and on a restart (`restore`); the
                    // players hear of it once, below, not again at each failed retry.
                    self.unstored = Some((live, end.stored));
                    if let Some(m) = self.game.as_mut() {
                        m.unsaved = true;
                    }
                    self.journal_retry_at = Some(Instant::now() + journal::JOURNAL_RETRY);
                }
            }
        }
        for msg in end.messages {
            self.broadcast(msg);
        }
        if let Some(why) = not_stored {
            // Said after the result, so the players read it beside it.
            self.broadcast(ServerMessage::error(
                ErrorCode::StoreUnavailable,
                format!(
                    "this game could not be saved on the server ({why}); save its record yourself"
                ),
            ));
        }
        self.broadcast_state();
    }

    pub(super) fn game_request(&mut self, player: PlayerId, request: GameRequest) {
        let now = Instant::now();
        let reject = |room: &Room, code: ErrorCode| {
            let message = match code {
                ErrorCode::Rules(e) => e.to_string(),
                code => room_rejection_text(code).to_string(),
            };
            room.send_to(
                player,
                ServerMessage::GameRefused {
                    request,
                    code,
                    message,
                },
            );
        };
        let Some(seat) = self.seat_of(player) else {
            return reject(self, ErrorCode::NotSeated);
        };
        if request_needs_game(&request) && (self.game.is_none() || !self.playing()) {
            return reject(self, ErrorCode::NoGame);
        }
        let result: Result<(), ErrorCode> = match request {
            GameRequest::Move(mv) => self.person_move(seat, mv, now),
            GameRequest::Resign => self
                .apply(Action::Resign { seat }, now)
                .map_err(ErrorCode::Rules),
            GameRequest::DeclareImpasse => self
                .apply(Action::DeclareImpasse { seat }, now)
                .map_err(ErrorCode::Rules),
            GameRequest::OfferDraw => self.offer_draw(seat),
            GameRequest::AcceptDraw => match self.game.as_ref() {
                Some(m) => match m.game.check_accept_draw(seat) {
                    Ok(()) => self.apply(Action::AgreeDraw, now).map_err(ErrorCode::Rules),
                    Err(e) => Err(ErrorCode::Rules(e)),
                },
                None => Err(ErrorCode::NoGame),
            },
            GameRequest::DeclineDraw => match self.game.as_mut() {
                Some(m) => match m.game.decline_draw(seat) {
                    Ok(()) => {
                        self.broadcast(ServerMessage::DrawDeclined { by: seat });
                        Ok(())
                    }
                    Err(e) => Err(ErrorCode::Rules(e)),
                },
                None => Err(ErrorCode::NoGame),
            },
            GameRequest::ClaimWin => match self.game.as_ref() {
                Some(m) => match m.game.check_claim_win(seat) {
                    Ok(opponent) => self
                        .apply(Action::Forfeit { seat: opponent }, now)
                        .map_err(ErrorCode::Rules),
                    Err(e) => Err(ErrorCode::Rules(e)),
                },
                None => Err(ErrorCode::NoGame),
            },
            GameRequest::Rematch => self.rematch_vote(seat),
        };
        if let Err(reason) = result {
            reject(self, reason);
        }
    }

    pub(super) fn person_move(
        &mut self,
        seat: Seat,
        mv: Move,
        now: Instant,
    ) -> Result<(), ErrorCode> {
        let Some(m) = self.game.as_ref() else {
            return Err(ErrorCode::NoGame);
        };
        // A move that comes after the mover's time ran out is a flag, not a move.
        if m.game.to_move() == seat {
            if let Some((s, t)) = m.clock.as_ref().and_then(|c| c.deadline()) {
                if s == seat && Instant::from_std(t) <= now {
                    if let Some(c) = self.game.as_mut().and_then(|m| m.clock.as_mut()) {
                        c.flag(seat);
                    }
                    let _ = self.apply(Action::Flag { seat }, now);
                    return Err(ErrorCode::Rules(GameError::GameOver));
                }
            }
        }
        let millis = Some(now.saturating_duration_since(m.turn_started).as_millis() as u64);
        self.apply(Action::Move { seat, mv, millis }, now)
            .map_err(ErrorCode::Rules)
    }

    /// `seat` offers a draw: the other side hears of it, and a computer there declines at once.
    fn offer_draw(&mut self, seat: Seat) -> Result<(), ErrorCode> {
        let computer = self.seats[seat.opposite()].bot_level().is_some();
        let Some(m) = self.game.as_mut() else {
            return Err(ErrorCode::NoGame);
        };
        let answer = m
            .game
            .offer_draw(seat, computer)
            .map_err(ErrorCode::Rules)?;
        self.broadcast(ServerMessage::DrawOffered { by: seat });
        if let yonin_core::DrawAnswer::Declined { by } = answer {
            self.broadcast(ServerMessage::DrawDeclined { by });
        }
        Ok(())
    }

    pub(super) fn rematch_vote(&mut self, seat: Seat) -> Result<(), ErrorCode> {
        if self.phase != RoomPhase::Finished {
            return Err(ErrorCode::NotAllowed);
        }
        self.clear_gone_seats();
        self.rematch.insert(seat);
        let waiting = self.in_play.iter().any(|s| {
            matches!(&self.seats[s], Slot::Person(p) if p.connected && !self.rematch.contains(s))
        });
        let empty = self
            .in_play
            .iter()
            .any(|s| matches!(self.seats[s], Slot::Empty));
        if waiting || empty {
            self.broadcast_state();
            return Ok(());
        }
        // Everyone agreed: rotate the seats clockwise and start.
        let mut rotated = BySeat([Slot::Empty, Slot::Empty, Slot::Empty, Slot::Empty]);
        for s in self.in_play.iter() {
            let to = self.in_play.next_after(s).unwrap_or(s);
            rotated[to] = std::mem::replace(&mut self.seats[s], Slot::Empty);
        }
        self.seats = rotated;
        for s in self.in_play.iter() {
            self.grant_seat_to_occupant(s);
        }
        self.start_game(true);
        Ok(())
    }

    /// Tells the person now sitting in `seat` (if any) that the seat is theirs, with its token.
    pub(super) fn grant_seat_to_occupant(&mut self, seat: Seat) {
        if let Some(p) = self.seats[seat].person() {
            let (id, Some(token)) = (p.player, p.token) else {
                return;
            };
            if let Some(m) = self.members.get_mut(&id) {
                m.seat = Some(seat);
            }
            self.grant_seat(id, seat, token);
        }
    }
}

fn request_needs_game(r: &GameRequest) -> bool {
    !matches!(r, GameRequest::Rematch)
}

fn room_rejection_text(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::NotSeated => "you hold no seat in this game",
        ErrorCode::NoGame => "no game is being played",
        ErrorCode::NotAllowed => "that is not possible now",
        _ => "refused",
    }
}
