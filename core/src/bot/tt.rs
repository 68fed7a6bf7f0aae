//! The transposition table, shared by every thread of a search without locks: two-slot
//! buckets sized in megabytes, replace by depth and age, storing the move bits, score, static
//! evaluation, depth and bound of a searched position.
//!
//! A slot is two atomic words: the entry packed into one (`data`), and the position's key
//! XOR that word (`check`). Threads read and write them with plain relaxed loads and stores,
//! so two threads storing into one slot at once can leave one's `check` beside the other's
//! `data`; such a slot then answers to no real key (`check ^ data` is neither key), and a
//! probe misses instead of returning another position's entry. What a hit returns is only
//! ever a hint: the searches use the stored move to order moves they generated themselves, so
//! even a key collision cannot make them play an illegal move.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// What kind of bound a stored score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is at most this (fail low).
    Upper = 1,
    /// The score is at least this (fail high).
    Lower = 2,
    Exact = 3,
}

/// One entry, as packed into a slot's data word.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    mv: u16,
    score: i16,
    /// The static evaluation, or [`NO_EVAL`].
    eval: i16,
    depth: i8,
    /// Low two bits: bound (0: an empty slot); the rest: the search generation.
    meta: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        u64::from(self.mv)
            | u64::from(self.score as u16) << 16
            | u64::from(self.eval as u16) << 32
            | u64::from(self.depth as u8) << 48
            | u64::from(self.meta) << 56
    }

    fn unpack(w: u64) -> Entry {
        Entry {
            mv: w as u16,
            score: (w >> 16) as u16 as i16,
            eval: (w >> 32) as u16 as i16,
            depth: (w >> 48) as u8 as i8,
            meta: (w >> 56) as u8,
        }
    }
}

/// A slot: the key XOR the data word, and the data word.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The key the slot answers to and its entry (a slot torn by two writers answers to a key
    /// no position has, with overwhelming likelihood).
    #[inline]
    fn read(&self) -> (u64, Entry) {
        let data = self.data.load(Relaxed);
        let check = self.check.load(Relaxed);
        (check ^ data, Entry::unpack(data))
    }

    #[inline]
    fn write(&self, key: u64, e: Entry) {
        let data = e.pack();
        self.check.store(key ^ data, Relaxed);
        self.data.store(data, Relaxed);
    }
}

/// The stored evaluation of a position that had none (its side to move was in check).
pub(crate) const NO_EVAL: i32 = i16::MIN as i32;

/// A probe result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub mv: u16,
    pub score: i32,
    /// The static evaluation, or [`NO_EVAL`].
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// The table. Probes and stores take `&self` and may run on many threads at once; resizing,
/// clearing, focusing and starting a new search take `&mut self`, between searches.
pub(crate) struct Tt {
    slots: Vec<Slot>,
    mask: usize,
    generation: u8,
}

const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

impl Tt {
    /// A table of at most `mb` megabytes (at least a few thousand slots).
    pub fn new(mb: usize) -> Tt {
        let want = (mb.clamp(1, 4096) * 1024 * 1024 / SLOT_BYTES).max(4096);
        let mut n = 1usize;
        while n * 2 <= want {
            n *= 2;
        }
        Tt::with_slots(n)
    }

    /// A table of `n` slots (a power of two, at least 2).
    fn with_slots(n: usize) -> Tt {
        Tt {
            slots: (0..n).map(|_| Slot::default()).collect(),
            mask: n - 2,
            generation: 0,
        }
    }

    /// Uses only the first slots of the table, at least `slots` of them (a power of two, at
    /// least 65 536 and at most the whole table): a short search stores few entries, and
    /// spread over a large table each probe misses the cache (at 80 000 nodes a move, a
    /// 16 MB table searched 25–40 % slower than a 1–2 MB one). Changing the focus loses
    /// entries (they are looked for elsewhere), never gives a wrong one: keys are whole.
    pub fn focus(&mut self, slots: usize) {
        let n = slots
            .max(1 << 16)
            .checked_next_power_of_two()
            .unwrap_or(usize::MAX)
            .min(self.slots.len());
        self.mask = n - 2;
    }

    pub fn megabytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES / (1024 * 1024)
    }

    pub fn clear(&mut self) {
        for s in &mut self.slots {
            *s = Slot::default();
        }
        self.generation = 0;
    }

    /// Starts a new search: older entries become cheaper to replace.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(4);
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let i = (key as usize) & self.mask;
        for s in &self.slots[i..i + 2] {
            let (k, e) = s.read();
            if k == key && e.meta & 3 != 0 {
                let bound = match e.meta & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    _ => Bound::Exact,
                };
                return Some(Hit {
                    mv: e.mv,
                    score: e.score as i32,
                    eval: e.eval as i32,
                    depth: e.depth as i32,
                    bound,
                });
            }
        }
        None
    }

    /// Stores a searched position; `eval` is its static evaluation or [`NO_EVAL`].
    #[inline]
    pub fn store(&self, key: u64, mv: u16, score: i32, eval: i32, depth: i32, bound: Bound) {
        let i = (key as usize) & self.mask;
        let generation = self.generation & !3;
        let (first, second) = (self.slots[i].read(), self.slots[i + 1].read());
        // Same position: replace (keeping the old move when the new one has none).
        let (pick, (old_key, old)) = if first.0 == key {
            (i, first)
        } else if second.0 == key {
            (i + 1, second)
        } else {
            // Otherwise the slot worth less: old generation first, then shallower depth.
            let worth = |e: &Entry| {
                let age = generation.wrapping_sub(e.meta & !3) as i32 / 4;
                e.depth as i32 - 8 * age
            };
            if worth(&first.1) <= worth(&second.1) {
                (i, first)
            } else {
                (i + 1, second)
            }
        };
        let same = old_key == key;
        if same && bound != Bound::Exact && (depth as i8) < old.depth - 2 {
            return;
        }
        let mv = if mv == 0 && same { old.mv } else { mv };
        let entry = Entry {
            mv,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            eval: eval.clamp(NO_EVAL, i16::MAX as i32) as i16,
            depth: depth.clamp(-100, 100) as i8,
            meta: generation | bound as u8,
        };
        self.slots[pick].write(key, entry);
    }
}

#[cfg(test)]
#[path = "tt_tests.rs"]
mod tests;
