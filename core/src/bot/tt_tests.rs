//! Tests of the shared transposition table: entries round-trip whatever their values, a
//! focused table keeps what it stores, and threads storing and probing one small table at
//! once never get an entry for a key it was not stored under.

use super::*;

#[test]
fn a_stored_entry_comes_back_whole_for_every_bound_and_extreme_value() {
    let tt = Tt::new(1);
    let cases = [
        (1u64, 1u16, 0, 0, 0, Bound::Exact),
        (
            0xffff_ffff_ffff_fffe,
            u16::MAX,
            -32_000,
            NO_EVAL,
            -100,
            Bound::Upper,
        ),
        (
            0x8000_0000_0000_0000,
            0x7abc,
            32_000,
            i16::MAX as i32,
            100,
            Bound::Lower,
        ),
        (0x0123_4567_89ab_cdef, 42, -1, -1, -1, Bound::Exact),
    ];
    for (key, mv, score, eval, depth, bound) in cases {
        tt.store(key, mv, score, eval, depth, bound);
        let hit = tt.probe(key).expect("just stored");
        assert_eq!(
            (hit.mv, hit.score, hit.eval, hit.depth, hit.bound),
            (mv, score, eval, depth, bound)
        );
        assert!(
            tt.probe(key ^ 1 << 40).is_none(),
            "another key, same bucket"
        );
    }
    // Out-of-range values are clamped, not wrapped.
    tt.store(7 << 20, 9, 100_000, -100_000, 500, Bound::Lower);
    let hit = tt.probe(7 << 20).expect("just stored");
    assert_eq!(
        (hit.score, hit.eval, hit.depth),
        (i16::MAX as i32, NO_EVAL, 100)
    );
}

#[test]
fn an_empty_slot_answers_to_no_key_not_even_zero() {
    let tt = Tt::new(1);
    assert!(tt.probe(0).is_none());
}

#[test]
fn a_focused_table_keeps_what_it_stores_and_never_outgrows_the_table() {
    let mut tt = Tt::new(16);
    let len = tt.slots.len();
    tt.focus(1000);
    assert_eq!(tt.mask, (1 << 16) - 2);
    let key = 0xdead_beef_1234_5677;
    tt.store(key, 42, 17, -3, 5, Bound::Exact);
    let hit = tt.probe(key).expect("stored in the focused part");
    assert_eq!((hit.mv, hit.score, hit.eval, hit.depth), (42, 17, -3, 5));
    tt.focus(usize::MAX);
    assert_eq!(tt.mask, len - 2);
    tt.focus(3 << 17);
    assert_eq!(tt.mask, (1 << 19) - 2);
}

/// The entry every thread stores under `key`: each field a function of the key, so a hit
/// that returns another key's entry shows.
fn entry_of(key: u64) -> (u16, i32, i32, i32, Bound) {
    let bound = [Bound::Upper, Bound::Lower, Bound::Exact][(key % 3) as usize];
    let mv = (key >> 8) as u16 | 1;
    let score = ((key >> 24) % 20_001) as i32 - 10_000;
    let eval = ((key >> 40) % 2_001) as i32 - 1_000;
    (mv, score, eval, (key >> 56) as i32 % 60, bound)
}

#[test]
fn threads_hammering_one_small_table_never_read_another_keys_entry() {
    // Eight slots for 64 keys: every store replaces one, and writers race on the same slots.
    let tt = Tt::with_slots(8);
    let threads = 4;
    let hits: usize = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let tt = &tt;
                scope.spawn(move || {
                    let mut rng = crate::bot::level::Rng::new(t);
                    let keys: Vec<u64> = (0..64)
                        .map(|i| crate::bot::level::Rng::new(i).next_u64())
                        .collect();
                    let mut hits = 0;
                    for _ in 0..300_000 {
                        let key = keys[(rng.next_u64() % 64) as usize];
                        if rng.next_u64() & 1 == 0 {
                            let (mv, score, eval, depth, bound) = entry_of(key);
                            tt.store(key, mv, score, eval, depth, bound);
                        } else if let Some(h) = tt.probe(key) {
                            assert_eq!((h.mv, h.score, h.eval, h.depth, h.bound), entry_of(key));
                            hits += 1;
                        }
                    }
                    hits
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("no wrong entry"))
            .sum()
    });
    assert!(
        hits > 1000,
        "only {hits} hits: the test probed next to nothing"
    );
}
