//! Games in progress in either store, through the journal: started, appended, rewritten,
//! refused, finished, discarded, and read back after the store is opened again.

use super::place::Place;
use super::samples::{sample_game, sample_live};
use std::sync::Arc;
use yonin_core::record::stored::GameId;
use yonin_core::BotLevel;
use yonin_server::store::{LiveEntry, LiveGame, LiveId, Store, StoreError};

/// Waits for a journal call (the journal's writer is a thread; any executor will do).
use futures::executor::block_on;

fn live_of(store: &Store, id: LiveId) -> Option<(LiveGame, Vec<LiveEntry>)> {
    store
        .live_games()
        .unwrap()
        .into_iter()
        .find(|(i, _, _)| *i == id)
        .map(|(_, g, e)| (g, e))
}

pub fn a_game_in_progress_is_started_appended_rewritten_and_finished(place: Place) {
    let store = Arc::new(place.open());
    assert!(store.live_games().unwrap().is_empty());
    let journal = store.journal();
    let (live, entries) = sample_live(4);
    let id = block_on(journal.start(live.clone())).unwrap();
    for (ply, entry) in entries.iter().enumerate() {
        block_on(journal.append(id, ply as u32, entry.clone())).unwrap();
    }
    assert_eq!(live_of(&store, id), Some((live.clone(), entries.clone())));

    // The same ply again is harmless; a ply past the next one, or an unknown game, is refused.
    let n = entries.len() as u32;
    block_on(journal.append(id, n - 1, entries[n as usize - 1].clone())).unwrap();
    match block_on(journal.append(id, n + 1, entries[0].clone())) {
        Err(StoreError::LiveGap { ply, expected, .. }) => assert_eq!((ply, expected), (n + 1, n)),
        other => panic!("expected LiveGap, got {other:?}"),
    }
    let nobody = LiveId(id.0 + 1000);
    assert!(matches!(
        block_on(journal.append(nobody, 0, entries[0].clone())),
        Err(StoreError::NoSuchLive(i)) if i == nobody
    ));
    assert!(matches!(
        block_on(journal.rewrite(nobody, live.clone())),
        Err(StoreError::NoSuchLive(_))
    ));
    assert_eq!(live_of(&store, id).unwrap().1.len(), entries.len());

    // A seat changes: the game is rewritten, its actions stay.
    let mut changed = live.clone();
    changed.seats[0].stand_in = Some(BotLevel::Hard);
    changed.seats[0].token_hash = None;
    block_on(journal.rewrite(id, changed.clone())).unwrap();
    assert_eq!(live_of(&store, id), Some((changed, entries.clone())));

    // A second game, and both survive opening the store again.
    let (other, other_entries) = sample_live(5);
    let other_id = block_on(journal.start(other.clone())).unwrap();
    assert_ne!(other_id, id);
    block_on(journal.append(other_id, 0, other_entries[0].clone())).unwrap();
    drop(journal);
    drop(store);
    let store = Arc::new(place.open());
    assert_eq!(store.live_games().unwrap().len(), 2);
    let journal = store.journal();

    // Finishing stores the game and deletes the game in progress, in one step.
    let finished = sample_game(4);
    let game_id = block_on(journal.finish(id, finished.clone())).unwrap();
    assert_eq!(store.try_get(game_id).unwrap(), Some(finished));
    assert_eq!(live_of(&store, id), None);
    assert_eq!(
        live_of(&store, other_id),
        Some((other, vec![other_entries[0].clone()]))
    );
    // Discarding deletes the other (twice is harmless); a third game gets a new id.
    block_on(journal.discard(other_id)).unwrap();
    block_on(journal.discard(other_id)).unwrap();
    assert!(store.live_games().unwrap().is_empty());
    let third = block_on(journal.start(sample_live(6).0)).unwrap();
    assert!(third.0 > other_id.0);
    // Saving through the journal, as an import does.
    let saved = block_on(journal.save(sample_game(7))).unwrap();
    assert_eq!(saved, GameId(game_id.0 + 1));
    assert_eq!(store.try_get(saved).unwrap(), Some(sample_game(7)));
}

/// Many rooms write at once: the journal takes their writes in batches, a refused write in a
/// batch fails alone, and every game's actions come back in order.
pub fn many_rooms_at_once_and_a_refusal_fails_alone(place: Place) {
    let store = Arc::new(place.open());
    let journal = store.journal();
    let games: Vec<(LiveGame, Vec<LiveEntry>)> = (10..22).map(sample_live).collect();
    let ids: Vec<LiveId> = block_on(futures::future::join_all(
        games.iter().map(|(g, _)| journal.start(g.clone())),
    ))
    .into_iter()
    .map(Result::unwrap)
    .collect();
    let longest = games.iter().map(|(_, e)| e.len()).max().unwrap();
    for ply in 0..longest {
        let writes = ids.iter().zip(&games).filter_map(|(id, (_, entries))| {
            let entry = entries.get(ply)?.clone();
            Some(journal.append(*id, ply as u32, entry))
        });
        // A write out of order rides in the same batches as the good ones.
        let gap = journal.append(ids[0], ply as u32 + 5, games[0].1[0].clone());
        let (done, refused) = block_on(futures::future::join(
            futures::future::join_all(writes),
            gap,
        ));
        assert!(done.iter().all(Result::is_ok), "{done:?}");
        assert!(matches!(refused, Err(StoreError::LiveGap { .. })));
    }
    drop(journal);
    drop(store);
    let store = place.open();
    let mut back = store.live_games().unwrap();
    back.sort_by_key(|(id, _, _)| *id);
    assert_eq!(back.len(), games.len());
    for ((id, game, entries), (want_id, (want_game, want_entries))) in
        back.iter().zip(ids.iter().zip(&games))
    {
        assert_eq!((id, game, entries), (want_id, want_game, want_entries));
    }
}

/// A damaged game in progress is left out of what a restarting server carries on; the others
/// come back whole.
pub fn a_damaged_game_in_progress_is_left_out(place: Place) {
    let store = Arc::new(place.open());
    let journal = store.journal();
    let first = block_on(journal.start(sample_live(1).0)).unwrap();
    let second = block_on(journal.start(sample_live(2).0)).unwrap();
    drop(journal);
    drop(store);
    place.damage("live_games", first.0, &[1, 0xff]);
    let store = place.open();
    let back = store.live_games().unwrap();
    assert_eq!(back.len(), 1);
    assert_eq!(back[0].0, second);
    assert_eq!(back[0].1, sample_live(2).0);
}
