//! Perft: counting the leaves of the legal-move tree, with bulk counting at the last ply.

use crate::moves::{Move, MoveList};
use crate::position::Position;

/// Leaf count at `depth` (bulk-counted at depth 1).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // One move list per ply, allocated once: a list is 2 KiB and zeroing it per node shows.
    let mut lists: Vec<MoveList> = (0..depth).map(|_| MoveList::new()).collect();
    pos.legal_moves_into(&mut lists[0]);
    count(pos, depth, &mut lists)
}

/// Leaves below `pos`, whose legal moves are already in `lists[0]`.
fn count(pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    let Some((list, rest)) = lists.split_first_mut() else {
        return 1;
    };
    if depth == 1 {
        return list.len() as u64;
    }
    let mut total = 0;
    for &m in list.iter() {
        let mut child = pos.clone();
        child.play_unchecked_listing(m, &mut rest[0]);
        total += count(&child, depth - 1, rest);
    }
    total
}

/// Leaf count below each legal move.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let list = pos.legal_moves();
    list.iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (
                m,
                if depth <= 1 {
                    1
                } else {
                    perft(&child, depth - 1)
                },
            )
        })
        .collect()
}
