//! A room's game as the store keeps it and as the players' record text.

use super::*;

/// The game as the store keeps it; `None` for a game stopped before any move.
pub(super) fn stored_game(
    settings: &RoomSettings,
    seats: &BySeat<Slot>,
    in_play: SeatSet,
    m: &Match,
    outcome: &yonin_core::Outcome,
) -> Option<yonin_core::record::stored::StoredGame> {
    use yonin_core::record::stored::{StoredGame, StoredPlayer, StoredSeat};
    if outcome.reason == yonin_core::EndReason::Aborted && m.game.moves().is_empty() {
        return None;
    }
    let seats = in_play
        .iter()
        .filter_map(|seat| {
            let (player, stand_in) = match &seats[seat] {
                Slot::Person(p) => (
                    StoredPlayer::Person {
                        name: p.name.clone(),
                    },
                    p.stand_in,
                ),
                Slot::Bot(level) => (StoredPlayer::Bot { level: *level }, None),
                Slot::Empty => return None,
            };
            Some(StoredSeat {
                seat,
                player,
                stand_in,
            })
        })
        .collect();
    Some(StoredGame {
        rules: *m.game.rules(),
        time_control: settings.time_control,
        room_name: settings.name.clone(),
        start: m.start_text.clone(),
        seats,
        actions: m.actions.clone(),
        outcome: outcome.clone(),
        started_ms: m.started_ms,
        ended_ms: crate::store::now_ms(),
        imported: false,
    })
}
