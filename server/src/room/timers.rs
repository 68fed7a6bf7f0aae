//! A room's deadlines: clocks that flag, grace periods that run out (a stand-in bot takes
//! the seat), and a game nobody is left to watch.

use super::*;

impl Room {
    // --- timers ----------------------------------------------------------------------------

    pub(super) fn next_deadline(&self) -> Option<Instant> {
        let mut next: Option<Instant> = None;
        let mut consider = |t: Instant| {
            next = Some(next.map_or(t, |n| n.min(t)));
        };
        if let Some(m) = &self.game {
            if let Some((_, t)) = m.clock.as_ref().and_then(|c| c.deadline()) {
                consider(Instant::from_std(t));
            }
        }
        for seat in self.in_play.iter() {
            if let Some(t) = self.seats[seat].person().and_then(|p| p.grace_until) {
                consider(t);
            }
        }
        if let Some(t) = self.empty_since {
            if self.playing() {
                consider(t + self.ctx.config.abandoned_game);
            }
        }
        // Writes the store refused are tried again then (by `settle`, after the timer).
        if let Some(t) = self.journal_retry_at {
            consider(t);
        }
        next
    }

    pub(super) async fn on_timer(&mut self, now: Instant) {
        // A flag.
        let flagged = self.game.as_ref().and_then(|m| {
            let (seat, t) = m.clock.as_ref()?.deadline()?;
            (Instant::from_std(t) <= now).then_some(seat)
        });
        if let Some(seat) = flagged {
            if let Some(c) = self.game.as_mut().and_then(|m| m.clock.as_mut()) {
                c.flag(seat);
            }
            tracing::debug!(room = %self.id, %seat, "flag");
            let _ = self.apply(Action::Flag { seat }, now);
        }
        // Grace periods that ran out.
        for seat in self.in_play.iter() {
            let expired = self.seats[seat]
                .person()
                .and_then(|p| p.grace_until)
                .is_some_and(|t| t <= now);
            if expired {
                self.grace_expired(seat);
            }
        }
        // A game nobody watches any more.
        if let Some(t) = self.empty_since {
            if self.playing() && t + self.ctx.config.abandoned_game <= now {
                self.close("nobody is left in the room").await;
            }
        }
    }

    pub(super) fn grace_expired(&mut self, seat: Seat) {
        let level = self.settings.takeover_level;
        let playing = self.playing();
        let Some(p) = self.seats[seat].person_mut() else {
            return;
        };
        p.grace_until = None;
        if !playing {
            self.seats[seat] = Slot::Empty;
            self.broadcast_state();
            return;
        }
        p.stand_in = Some(level);
        self.bot_took_over(seat);
    }

    /// A bot of the takeover level now plays `seat` (already set as its stand-in).
    pub(super) fn bot_took_over(&mut self, seat: Seat) {
        let claimable = self.game.as_mut().is_some_and(|m| m.game.stand_in(seat));
        self.broadcast(ServerMessage::BotTookOver {
            seat,
            level: self.settings.takeover_level,
            claimable,
        });
        self.broadcast_state();
    }
}
