//! The triangular principal-variation table: the best line found below each ply.

use super::ordering::MAX_PLY;
use super::NO_MOVE;
use crate::moves::Move;

pub(crate) struct PvTable {
    pv: Vec<[Move; MAX_PLY]>,
    len: [usize; MAX_PLY],
}

impl PvTable {
    pub fn new() -> PvTable {
        PvTable {
            pv: vec![[NO_MOVE; MAX_PLY]; MAX_PLY],
            len: [0; MAX_PLY],
        }
    }

    /// A node at `ply` starts with an empty line.
    #[inline]
    pub fn clear(&mut self, ply: usize) {
        self.len[ply.min(MAX_PLY - 1)] = ply;
    }

    /// `m` is the best move at `ply`: the line becomes `m` then the line below it.
    pub fn update(&mut self, ply: usize, m: Move) {
        if ply + 1 >= MAX_PLY {
            return;
        }
        self.pv[ply][ply] = m;
        let n = self.len[ply + 1].clamp(ply + 1, MAX_PLY - 1);
        for k in ply + 1..n {
            self.pv[ply][k] = self.pv[ply + 1][k];
        }
        self.len[ply] = n;
    }

    /// The line from the root, or just `m` when none was recorded.
    pub fn root_line(&self, m: Move) -> Vec<Move> {
        let line = &self.pv[0][..self.len[0]];
        if line.is_empty() {
            vec![m]
        } else {
            line.to_vec()
        }
    }
}
