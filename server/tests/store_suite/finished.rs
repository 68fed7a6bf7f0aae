//! Finished games in either store: saved, fetched, listed with every filter and paged, counted;
//! a second opening of one database; damaged values.

use super::place::Place;
use super::samples::{has_person, sample_game, NAMES};
use yonin_core::record::stored::{GameFilter, GameId, StoredGame};
use yonin_core::Variant;
use yonin_server::store::StoreError;

fn ids(list: &[yonin_core::record::stored::GameSummary]) -> Vec<u64> {
    list.iter().map(|s| s.id.0).collect()
}

pub fn saves_gets_lists_filters_and_counts(place: Place) {
    let store = place.open();
    assert!(store.is_empty().unwrap());
    assert!(store.try_list(&GameFilter::default()).unwrap().is_empty());
    let games: Vec<StoredGame> = (1..=30).map(sample_game).collect();
    let saved: Vec<GameId> = games.iter().map(|g| store.save(g).unwrap()).collect();
    // Ids are increasing from 1.
    assert_eq!(saved, (1..=30).map(GameId).collect::<Vec<_>>());
    assert_eq!(store.len().unwrap(), 30);
    for (id, game) in saved.iter().zip(&games) {
        assert_eq!(store.try_get(*id).unwrap().as_ref(), Some(game));
    }
    assert_eq!(store.try_get(GameId(999)).unwrap(), None);
    assert_eq!(store.try_get(GameId(u64::MAX)).unwrap(), None);

    // Newest first, limited, each summary the game's own.
    let all = store
        .try_list(&GameFilter {
            limit: 10,
            ..GameFilter::default()
        })
        .unwrap();
    assert_eq!(ids(&all), (21..=30).rev().collect::<Vec<_>>());
    assert_eq!(all[0], games[29].summary(GameId(30)));

    // Paged with `before`.
    let page = store
        .try_list(&GameFilter {
            limit: 10,
            before: Some(GameId(21)),
            ..GameFilter::default()
        })
        .unwrap();
    assert_eq!(ids(&page), (11..=20).rev().collect::<Vec<_>>());

    // By variant, also paged.
    let yonin = store
        .try_list(&GameFilter {
            variant: Some(Variant::Yonin),
            ..GameFilter::default()
        })
        .unwrap();
    let expected: Vec<u64> = (1..=30u64).rev().filter(|k| k % 3 == 0).collect();
    assert_eq!(ids(&yonin), expected);
    let older = store
        .try_list(&GameFilter {
            variant: Some(Variant::Yonin),
            before: Some(GameId(15)),
            limit: 2,
            player: None,
        })
        .unwrap();
    assert_eq!(ids(&older), vec![12, 9]);

    // By player without case, alone and with the variant.
    for name in NAMES {
        for variant in [None, Some(Variant::Standard)] {
            let listed = store
                .try_list(&GameFilter {
                    player: Some(format!(" {} ", name.to_uppercase())),
                    variant,
                    limit: 0,
                    before: None,
                })
                .unwrap();
            let expected: Vec<u64> = (1..=30u64)
                .rev()
                .filter(|&k| {
                    let g = &games[k as usize - 1];
                    variant.is_none_or(|v| g.rules.variant == v) && has_person(g, name)
                })
                .collect();
            assert_eq!(ids(&listed), expected, "{name} {variant:?}");
        }
    }
    let nobody = store
        .try_list(&GameFilter {
            player: Some("nobody".into()),
            ..GameFilter::default()
        })
        .unwrap();
    assert!(nobody.is_empty());

    // Reopened, everything is still there and ids go on.
    drop(store);
    let store = place.open();
    assert_eq!(store.len().unwrap(), 30);
    assert_eq!(store.try_get(GameId(7)).unwrap().as_ref(), Some(&games[6]));
    assert_eq!(store.save(&sample_game(31)).unwrap(), GameId(31));
}

/// The embedded store is one process's file: a second opening is refused, clearly. PostgreSQL
/// is shared by server nodes: both openings work, and each sees the other's games.
pub fn a_second_opening_is_refused_or_shares_the_games(place: Place) {
    let first = place.open();
    first.save(&sample_game(1)).unwrap();
    match place.try_open_as("b") {
        Err(StoreError::InUse(_)) => assert!(place.exclusive()),
        Ok(second) => {
            assert!(!place.exclusive(), "the embedded store was opened twice");
            assert_eq!(second.try_get(GameId(1)).unwrap(), Some(sample_game(1)));
            assert_eq!(second.save(&sample_game(2)).unwrap(), GameId(2));
            assert_eq!(first.save(&sample_game(3)).unwrap(), GameId(3));
            assert_eq!(first.try_get(GameId(2)).unwrap(), Some(sample_game(2)));
            assert_eq!(second.len().unwrap(), 3);
        }
        Err(e) => panic!("a second opening failed: {e}"),
    }
}

/// A damaged game, or a damaged summary, is an error for what reads it (never a panic), and
/// the rest of the store reads as before.
pub fn damaged_values_are_errors_not_panics(place: Place) {
    let store = place.open();
    for k in 1..=3 {
        store.save(&sample_game(k)).unwrap();
    }
    drop(store);
    // An unknown format, and bincode cut short after a good format byte.
    place.damage("games", 2, &[9, 1, 2, 3]);
    place.damage("summaries", 3, &[1, 0xff, 0xff]);
    let store = place.open();
    assert!(matches!(
        store.try_get(GameId(2)),
        Err(StoreError::Decode(_))
    ));
    assert_eq!(store.get(GameId(2)), None);
    assert_eq!(store.try_get(GameId(1)).unwrap(), Some(sample_game(1)));
    assert!(matches!(
        store.try_list(&GameFilter::default()),
        Err(StoreError::Decode(_))
    ));
    assert!(store.list(&GameFilter::default()).is_empty());
    let older = store
        .try_list(&GameFilter {
            before: Some(GameId(3)),
            ..GameFilter::default()
        })
        .unwrap();
    assert_eq!(ids(&older), vec![2, 1]);
    assert_eq!(store.len().unwrap(), 3);
}
