//! A game in progress carried on after a restart: the room is rebuilt from the store's header
//! and actions, every person's seat waits for them (a full grace period, then a stand-in), and
//! the game is paused — no clock runs, no bot thinks — until the first person is back.

use super::*;
use crate::store::{LiveEntry, LiveGame};
use yonin_core::record::stored::StoredPlayer;
use yonin_core::replay;

/// What became of a game in progress the store held.
pub(crate) enum Restored {
    /// It goes on in this room: its handle, summary and the hashes of its seats' tokens.
    Room(RoomHandle, RoomSummary, Vec<TokenHash>),
    /// Its last action had ended it (the server stopped, or the store failed, before the
    /// finished game was written): this is what the store should keep of it (see
    /// `journal::end_write`).
    Ended(Option<yonin_core::record::stored::StoredGame>),
}

/// Rebuilds the room of the game in progress `live` and starts its actor; `Err` (with the
/// reason, for the log) when the stored game cannot be replayed.
pub(crate) fn restore(
    ctx: Ctx,
    lobby: LobbyHandle,
    id: RoomId,
    live: LiveId,
    mut saved: LiveGame,
    entries: Vec<LiveEntry>,
) -> Result<Restored, String> {
    let start_position = settings::validate(&mut saved.settings, &ctx)
        .map_err(|r| format!("its settings: {}", r.message))?;
    let actions: Vec<Action> = entries.iter().map(|e| e.action).collect();
    let game = replay(saved.rules, &saved.start, &actions).map_err(|e| e.to_string())?;
    let (tx, rx) = mpsc::channel(crate::limits::ROOM_INBOX_CAPACITY);
    let mut room = Room::new(
        ctx,
        lobby,
        id,
        tx.clone(),
        saved.settings,
        start_position,
        None,
    );
    room.join_code = saved.join_code;
    let now = Instant::now();
    let grace_until = now + room.grace;
    // Seats a computer stood in for before the restart (standard: claimable again).
    let mut stood_in = Vec::new();
    for seat in room.in_play.iter() {
        room.seats[seat] = Slot::Empty;
    }
    for s in &saved.seats {
        room.seats[s.seat] = match (&s.player, s.token_hash) {
            (StoredPlayer::Person { name }, Some(token_hash)) => {
                if s.stand_in.is_some() {
                    stood_in.push(s.seat);
                }
                Slot::Person(PersonSeat {
                    // Nobody holds it until its person is back with the token.
                    player: PlayerId(0),
                    name: name.clone(),
                    token: None,
                    token_hash,
                    connected: false,
                    grace_until: s.stand_in.is_none().then_some(grace_until),
                    stand_in: s.stand_in,
                })
            }
            (StoredPlayer::Bot { level }, _) => Slot::Bot(*level),
            // A person's seat without a token cannot be claimed: a bot plays it.
            (StoredPlayer::Person { .. }, None) => Slot::Bot(room.settings.takeover_level),
        };
    }
    let saved_clocks = entries.last().map(|e| e.clocks.clone()).unwrap_or_default();
    let clock = if saved_clocks.seats.is_empty() {
        GameClock::new(room.settings.time_control, room.in_play)
    } else {
        GameClock::restore(room.settings.time_control, room.in_play, &saved_clocks)
    };
    let mut game = game;
    for seat in stood_in {
        game.stand_in(seat);
    }
    room.game = Some(Match {
        start_text: saved.start,
        game,
        actions,
        clock,
        turn_started: now,
        seed: saved.seed,
        started_ms: saved.started_ms,
        bot_player: None,
        live: Some(live),
        unsaved: false,
        paused: true,
    });
    room.phase = RoomPhase::Playing;
    if room.game.as_ref().is_some_and(|m| m.game.is_over()) {
        room.finish_game();
        let stored = room.pending_end.take().and_then(|end| end.stored);
        tracing::info!(room = %id, game = %live, "a game in progress had ended: stored as finished");
        return Ok(Restored::Ended(stored));
    }
    room.empty_since = Some(now);
    let tokens: Vec<TokenHash> = room
        .in_play
        .iter()
        .filter_map(|s| room.seats[s].person().map(|p| p.token_hash))
        .collect();
    room.known_tokens = tokens.clone();
    room.written_seats = room.live_game().map(|g| g.seats);
    tracing::info!(room = %id, game = %live, plies = entries.len(), "game in progress restored");
    crate::metrics::Counters::bump(&room.ctx.stats.counters.games_restored);
    let summary = room.launch(rx);
    Ok(Restored::Room(RoomHandle::new(id, tx), summary, tokens))
}

impl Room {
    /// A person is back in a paused game: play resumes, the clock of the seat to move runs from
    /// now, and the bots think again (`refresh_thinking`).
    pub(super) fn unpause(&mut self) {
        let Some(m) = self.game.as_mut() else {
            return;
        };
        if !std::mem::replace(&mut m.paused, false) {
            return;
        }
        let now = Instant::now();
        m.turn_started = now;
        let to_move = m.game.to_move();
        if let Some(c) = m.clock.as_mut() {
            c.start(to_move, now.into_std());
        }
        tracing::info!(room = %self.id, "play resumes");
        let clocks = self.clocks(now);
        self.broadcast(ServerMessage::PlayResumed { clocks });
    }
}
