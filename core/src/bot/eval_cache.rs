//! A small direct-mapped cache of Yonin evaluations, keyed by position and point of view: the
//! best-reply search reaches the same position by many orders of the opponents' moves.

use super::eval_yonin::evaluate;
use crate::position::Position;
use crate::seat::Seat;

/// Entries of a cache (a power of two): 32 768 of 16 bytes, small enough to stay in L2.
const SLOTS: usize = 1 << 15;

/// Salts for the seats the root has mated: the hash knows who is out, not who mated them,
/// and the evaluation credits the root's own mates.
const CREDIT_SALT: [u64; 4] = [
    0x8f1b_bcdc_ca62_c1d6,
    0x2b3d_9e5c_0b4f_7a1d,
    0xd6e8_feb8_6659_fd93,
    0x71c5_3a9e_2f48_b0c7,
];

pub(crate) struct EvalCache {
    slots: Vec<(u64, i32)>,
    root: Seat,
    salt: u64,
}

impl EvalCache {
    /// A cache of evaluations for `root`, whose entries are told apart from another root's by
    /// `salt`.
    pub fn new(root: Seat, salt: u64) -> EvalCache {
        EvalCache {
            slots: vec![(0, 0); SLOTS],
            root,
            salt,
        }
    }

    fn key(&self, pos: &Position) -> u64 {
        let mut key = pos.hash() ^ self.salt;
        for e in pos.eliminations() {
            if e.by == Some(self.root) {
                key ^= CREDIT_SALT[e.seat.index()];
            }
        }
        key
    }

    /// The evaluation of `pos` for the root, from the cache when it is there.
    #[inline]
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        let key = self.key(pos);
        let slot = &mut self.slots[key as usize & (SLOTS - 1)];
        if slot.0 == key {
            return slot.1;
        }
        let v = evaluate(pos, self.root);
        *slot = (key, v);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;

    #[test]
    fn a_cached_evaluation_equals_a_fresh_one_for_each_root() {
        let mut pos = Position::start(&RuleSet::yonin());
        let mut caches: Vec<EvalCache> = Seat::ALL
            .iter()
            .map(|&s| EvalCache::new(s, 0x1234 + s.index() as u64))
            .collect();
        for ply in 0..40 {
            for (i, &s) in Seat::ALL.iter().enumerate() {
                if pos.is_live(s) {
                    // Twice: a miss that fills the slot, then a hit.
                    assert_eq!(caches[i].evaluate(&pos), evaluate(&pos, s), "ply {ply}");
                    assert_eq!(caches[i].evaluate(&pos), evaluate(&pos, s), "ply {ply}");
                }
            }
            let moves = pos.legal_moves();
            let Some(&m) = moves.as_slice().get(ply * 7 % moves.len().max(1)) else {
                break;
            };
            pos.play(m).expect("a legal move");
        }
    }
}
