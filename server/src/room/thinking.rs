//! The room's computer players: which bot thinks now, starting it on the blocking pool, and
//! playing its answer through the same checks as a person's move.

use super::*;

impl Room {
    // --- bots ------------------------------------------------------------------------------

    pub(super) fn stop_bot(&mut self) {
        if let Some(job) = self.bot.take() {
            job.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Starts a bot thinking when the seat to move is played by one.
    pub(super) fn schedule_bot(&mut self) {
        self.stop_bot();
        if !self.playing() {
            return;
        }
        let Some(m) = self.game.as_mut() else {
            return;
        };
        if m.game.is_over() {
            return;
        }
        let seat = m.game.to_move();
        let Some(level) = self.seats[seat].bot_level() else {
            return;
        };
        let mut budget = self.ctx.config.bot_think;
        if let Some(c) = &m.clock {
            if let Some((_, t)) = c.deadline() {
                let left = t.saturating_duration_since(std::time::Instant::now());
                budget = budget.min(left / BOT_CLOCK_SHARE);
            }
        }
        let ticket = self.next_ticket;
        self.next_ticket += 1;
        let stop = Arc::new(AtomicBool::new(false));
        self.bot = Some(BotJob {
            ticket,
            stop: stop.clone(),
        });
        let game = m.game.clone();
        let mut player = m.bots[seat].take().unwrap_or_else(|| {
            let seed = bots::splitmix(m.seed ^ seat.index() as u64);
            self.ctx.config.bot_engine.player(level, seed)
        });
        let me = self.me.clone();
        let alive = self.ctx.alive.clone();
        tokio::spawn(async move {
            let _alive = alive;
            let thinking = tokio::task::spawn_blocking(move || {
                let mv = player.choose(&game, budget, stop);
                (mv, player)
            });
            // A bot that panicked is dropped; the room then plays a fallback move.
            let (mv, player) = match thinking.await {
                Ok((mv, player)) => (mv, Some(player)),
                Err(_) => (None, None),
            };
            // The room may be gone (closed or shutting down): then nobody needs the move.
            let _ = me
                .send(RoomCmd::BotMoved {
                    ticket,
                    seat,
                    mv,
                    player,
                })
                .await;
        });
    }

    pub(super) fn bot_moved(
        &mut self,
        ticket: u64,
        seat: Seat,
        mv: Option<Move>,
        player: Option<Box<dyn BotPlayer>>,
    ) {
        if let Some(m) = self.game.as_mut() {
            if m.bots[seat].is_none() {
                m.bots[seat] = player;
            }
        }
        if self.bot.as_ref().map(|j| j.ticket) != Some(ticket) {
            return; // A stale answer: the position changed since.
        }
        self.bot = None;
        let Some(m) = self.game.as_ref() else {
            return;
        };
        if m.game.is_over() || m.game.to_move() != seat || self.seats[seat].bot_level().is_none() {
            return;
        }
        let now = Instant::now();
        let legal = m.game.position().legal_moves();
        let mv = match mv {
            Some(mv) if legal.contains(mv) => Some(mv),
            other => {
                if other.is_some() {
                    tracing::warn!(room = %self.id, %seat, "the bot chose an illegal move");
                }
                legal.as_slice().first().copied()
            }
        };
        let result = match mv {
            Some(mv) => self
                .person_move(seat, mv, now)
                .map_err(|e| format!("{e:?}")),
            None => self
                .apply(Action::Resign { seat }, now)
                .map_err(|e| e.to_string()),
        };
        if let Err(e) = result {
            tracing::warn!(room = %self.id, %seat, "bot move refused: {e}");
        }
    }
}
