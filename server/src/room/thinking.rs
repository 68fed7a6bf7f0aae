//! The room's computer players: the one owner of "who is thinking" (`refresh_thinking`, run
//! after every command and timer), starting a bot on the blocking pool, and playing its answer
//! through the same checks as a person's move.

use super::*;
use crate::metrics::Counters;

impl Room {
    // --- bots ------------------------------------------------------------------------------

    pub(super) fn stop_bot(&mut self) {
        if let Some(job) = self.bot.take() {
            job.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Which bot should be thinking now: the one playing the seat to move, for the position
    /// after `ply` actions, while the game runs.
    fn wanted_thinker(&self) -> Option<(Seat, BotLevel, usize)> {
        if !self.playing() {
            return None;
        }
        let m = self.game.as_ref()?;
        if m.game.is_over() || m.paused {
            return None;
        }
        let seat = m.game.to_move();
        let level = self.seats[seat].bot_level()?;
        Some((seat, level, m.actions.len()))
    }

    /// The one place that decides which bot thinks. The room calls it after every command and
    /// timer, whatever happened (a move, a resume, a drop, a stand-in, a flag, a resignation):
    /// a bot already thinking on the right seat and position goes on; any other is stopped; the
    /// bot of the seat to move is started when none thinks for it. So replacing a stand-in
    /// stops only that seat's bot, and a seat to move that a bot plays always has one thinking.
    pub(super) fn refresh_thinking(&mut self) {
        let wanted = self.wanted_thinker();
        if let Some(job) = &self.bot {
            let same = wanted.is_some_and(|(seat, level, ply)| {
                job.seat == seat && job.level == level && job.ply == ply
            });
            if same {
                return;
            }
            self.stop_bot();
        }
        if let Some((seat, level, ply)) = wanted {
            self.start_bot(seat, level, ply);
        }
    }

    /// Starts `seat`'s bot thinking on the position after `ply` actions.
    fn start_bot(&mut self, seat: Seat, level: BotLevel, ply: usize) {
        let Some(m) = self.game.as_mut() else {
            return;
        };
        let mut budget = self.ctx.config.bot_think;
        // The pace never costs a bot the game on time: it ends this long before its flag.
        let mut latest = None;
        if let Some(c) = &m.clock {
            if let Some((_, t)) = c.deadline() {
                let left = t.saturating_duration_since(std::time::Instant::now());
                budget = budget.min(left / BOT_CLOCK_SHARE);
                latest = Some(t.checked_sub(PACE_CLOCK_MARGIN).unwrap_or(t));
            }
        }
        let ticket = self.next_ticket;
        self.next_ticket += 1;
        let stop = Arc::new(AtomicBool::new(false));
        self.bot = Some(BotJob {
            ticket,
            seat,
            level,
            ply,
            stop: stop.clone(),
        });
        let game = m.game.clone();
        // The game's one computer player (a fresh one only while a stopped search still
        // holds it; the first of the two to come back is kept).
        let config = &self.ctx.config;
        let mut player = m.bot_player.take().unwrap_or_else(|| {
            let threads = bots::bounded_threads(config.bot_threads);
            config.bot_engine.player(bots::splitmix(m.seed), threads)
        });
        let me = self.me.clone();
        let alive = self.ctx.alive.clone();
        let pace = self.bot_pace_ms.clone();
        let started = std::time::Instant::now();
        tokio::spawn(async move {
            let _alive = alive;
            let stopped = stop.clone();
            let thinking = tokio::task::spawn_blocking(move || {
                let mv = player.choose(&game, level, budget, stop);
                (mv, player)
            });
            // A bot that panicked is dropped; the room then plays a fallback move.
            let (mv, player) = match thinking.await {
                Ok((mv, player)) => (mv, Some(player)),
                Err(_) => (None, None),
            };
            wait_for_pace(started, latest, &pace, &stopped).await;
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
            if m.bot_player.is_none() {
                m.bot_player = player;
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
        let counters = &self.ctx.stats.counters;
        let mv = match mv {
            Some(mv) if legal.contains(mv) => {
                Counters::bump(&counters.bot_moves);
                Some(mv)
            }
            other => {
                Counters::bump(&counters.bot_failures);
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

/// How often a bot that chose its move early looks at the pace again (a lowered pace, a
/// stopped search).
const PACE_STEP: Duration = Duration::from_millis(25);
/// A paced move is played at the latest this long before the bot's clock would run out.
const PACE_CLOCK_MARGIN: Duration = Duration::from_millis(300);

/// Holds a chosen move until the room's pace has passed since the bot started, so people see
/// computer moves one at a time; a pace lowered meanwhile (a skip) or a stopped search ends
/// the wait at once.
async fn wait_for_pace(
    started: std::time::Instant,
    latest: Option<std::time::Instant>,
    pace_ms: &AtomicU32,
    stop: &AtomicBool,
) {
    loop {
        let pace = Duration::from_millis(u64::from(pace_ms.load(Ordering::Relaxed)));
        let spent = started.elapsed();
        let late = latest.is_some_and(|l| std::time::Instant::now() >= l);
        if spent >= pace || late || stop.load(Ordering::Relaxed) {
            return;
        }
        tokio::time::sleep((pace - spent).min(PACE_STEP)).await;
    }
}
