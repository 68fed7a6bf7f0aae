//! The transposition table: two-slot buckets sized in megabytes, replace by depth and age,
//! storing the move bits, score, static evaluation, depth and bound of a searched position.

/// What kind of bound a stored score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is at most this (fail low).
    Upper = 1,
    /// The score is at least this (fail high).
    Lower = 2,
    Exact = 3,
}

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    mv: u16,
    score: i16,
    /// The static evaluation, or [`NO_EVAL`].
    eval: i16,
    depth: i8,
    /// Low two bits: bound; the rest: the search generation.
    meta: u8,
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

/// The table. Not shared between threads: each searcher owns one.
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
        Tt {
            slots: vec![Slot::default(); n],
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
        self.slots.iter_mut().for_each(|s| *s = Slot::default());
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
            if s.key == key && s.meta & 3 != 0 {
                let bound = match s.meta & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    _ => Bound::Exact,
                };
                return Some(Hit {
                    mv: s.mv,
                    score: s.score as i32,
                    eval: s.eval as i32,
                    depth: s.depth as i32,
                    bound,
                });
            }
        }
        None
    }

    /// Stores a searched position; `eval` is its static evaluation or [`NO_EVAL`].
    #[inline]
    pub fn store(&mut self, key: u64, mv: u16, score: i32, eval: i32, depth: i32, bound: Bound) {
        let i = (key as usize) & self.mask;
        let generation = self.generation & !3;
        // Same position: replace (keeping the old move when the new one has none).
        let pick = if self.slots[i].key == key {
            i
        } else if self.slots[i + 1].key == key {
            i + 1
        } else {
            // Otherwise the slot worth less: old generation first, then shallower depth.
            let worth = |s: &Slot| {
                let age = generation.wrapping_sub(s.meta & !3) as i32 / 4;
                s.depth as i32 - 8 * age
            };
            if worth(&self.slots[i]) <= worth(&self.slots[i + 1]) {
                i
            } else {
                i + 1
            }
        };
        let s = &mut self.slots[pick];
        if s.key == key && bound != Bound::Exact && (depth as i8) < s.depth - 2 {
            return;
        }
        let mv = if mv == 0 && s.key == key { s.mv } else { mv };
        *s = Slot {
            key,
            mv,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            eval: eval.clamp(NO_EVAL, i16::MAX as i32) as i16,
            depth: depth.clamp(-100, 100) as i8,
            meta: generation | bound as u8,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
