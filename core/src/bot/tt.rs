//! The transposition table: two-slot buckets sized in megabytes, replace by depth and age,
//! storing the move bits, score, depth and bound of a searched position.

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
    depth: i8,
    /// Low two bits: bound; the rest: the search generation.
    meta: u8,
}

/// A probe result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub mv: u16,
    pub score: i32,
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
                    depth: s.depth as i32,
                    bound,
                });
            }
        }
        None
    }

    #[inline]
    pub fn store(&mut self, key: u64, mv: u16, score: i32, depth: i32, bound: Bound) {
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
            depth: depth.clamp(-100, 100) as i8,
            meta: generation | bound as u8,
        };
    }
}
