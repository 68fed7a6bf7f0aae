//! Zobrist keys for position hashing, generated at compile time from a fixed seed.

const fn xorshift(mut x: u64) -> u64 {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    x
}

const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut t = [0u64; N];
    let mut x = seed;
    let mut i = 0;
    while i < N {
        x = xorshift(x);
        t[i] = x.wrapping_mul(0x2545_f491_4f6c_dd1d);
        i += 1;
    }
    t
}

/// Indexed by `piece.code() * 81 + square`.
pub(crate) static PIECE: [u64; 256 * 81] = table(0x9e37_79b9_7f4a_7c15);
/// Added once per piece held: indexed by `seat * 7 + kind`.
pub(crate) static HAND: [u64; 28] = table(0xd1b5_4a32_d192_ed03);
pub(crate) static TO_MOVE: [u64; 4] = table(0x8cb9_2ba7_2f3d_8dd7);
pub(crate) static DEAD: [u64; 4] = table(0x52db_f1c3_a88c_1f4b);

#[inline(always)]
pub(crate) fn piece(code: usize, sq: usize) -> u64 {
    PIECE[code * 81 + sq]
}
