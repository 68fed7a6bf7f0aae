//! A df-pn mate solver for standard shogi (tsume), and for Yonin once two seats are left
//! (they alternate like the two sides of a standard game): depth-first proof-number search with
//! a transposition table, checks only at OR nodes (attacker to move), every evasion at AND nodes
//! (defender in check), a node budget, and repetition on the path counted as a failed attack
//! (perpetual check loses).
//!
//! Proof and disproof numbers are kept in the "phi/delta" form: for the side to move, `phi` is
//! the number of leaves to prove *its* goal (pn at OR nodes, dn at AND nodes) and `delta` the
//! number to refute it. Proofs are sound: a node is proven only when its proof tree is; a budget
//! or depth cut only ever makes the solver miss a mate, never claim a false one.

use super::control::NodeBudget;
use super::mate::may_check;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::Variant;
use crate::seat::Seat;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Proof or disproof number meaning "impossible" (a proven or disproven node).
const INF: u32 = 100_000_000;
/// Deepest line searched, in plies; deeper OR nodes count as not mating.
const MAX_PLY: usize = 96;

/// What [`solve_mate`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateVerdict {
    /// The side to move mates by checks: the first move of the proof and the length in plies
    /// of the proof line found (an upper bound of the shortest mate under best defence).
    Mate { first: Move, plies: u32 },
    /// No mate by continuous checks exists (within the solver's depth limit).
    NoMate,
    /// The budget ran out first.
    Unknown,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    /// Proof number (the attacker's work left to mate).
    pn: u32,
    /// Disproof number (the work left to show there is no mate).
    dn: u32,
    /// Proof length in plies once proven.
    len: u16,
}

struct Child {
    m: Move,
    pos: Position,
    hash: u64,
}

struct Solver<'a> {
    table: HashMap<u64, Entry>,
    budget: NodeBudget<'a>,
    /// Hashes of the game before the root and of the current line.
    path: Vec<u64>,
    /// Where the game history ends in `path`.
    root_index: usize,
    /// The seat being mated.
    defender: Seat,
}

impl Solver<'_> {
    fn on_path(&self, hash: u64) -> bool {
        self.path.contains(&hash)
    }

    /// The table entry of a position never expanded: an OR node starts at (1, 1); an AND node
    /// (the defender in check) is mated at once without a legal move, else its proof number is
    /// its number of evasions (each must be refuted).
    fn initial(&mut self, child: &Child, attacker_to_move: bool) -> Entry {
        if let Some(&e) = self.table.get(&child.hash) {
            return e;
        }
        if attacker_to_move {
            return Entry {
                pn: 1,
                dn: 1,
                len: 0,
            };
        }
        self.budget.tick();
        let mut list = MoveList::new();
        child.pos.legal_moves_into(&mut list);
        // Yonin: the turn order has already eliminated a defender without a move.
        let e = if list.is_empty() || !child.pos.is_live(self.defender) {
            Entry {
                pn: 0,
                dn: INF,
                len: 0,
            }
        } else {
            Entry {
                pn: list.len() as u32,
                dn: 1,
                len: 0,
            }
        };
        self.table.insert(child.hash, e);
        e
    }

    /// The children of `pos`: its checks when the attacker moves, else all its moves.
    fn children(&mut self, pos: &Position, or_node: bool) -> Vec<Child> {
        let mut list = MoveList::new();
        pos.legal_moves_into(&mut list);
        let them = self.defender;
        let king = pos.king(them);
        let mut out = Vec::new();
        for &m in list.iter() {
            if or_node {
                match king {
                    Some(k) if may_check(pos, m, k) => {}
                    _ => continue,
                }
            }
            let mut c = pos.clone();
            c.play_unchecked(m);
            if or_node && !c.in_check(them) && c.is_live(them) {
                continue;
            }
            let hash = c.hash();
            out.push(Child { m, pos: c, hash });
        }
        out
    }

    /// The entry of a child as its parent sees it: a position on the current line counts as a
    /// failed attack (the checker would repeat).
    fn child_entry(&mut self, c: &Child, attacker_to_move: bool) -> Entry {
        if self.on_path(c.hash) {
            return Entry {
                pn: INF,
                dn: 0,
                len: 0,
            };
        }
        self.initial(c, attacker_to_move)
    }

    /// Expands `pos` until its phi reaches `th_phi` or its delta reaches `th_delta`.
    fn mid(&mut self, pos: &Position, hash: u64, or_node: bool, th_phi: u32, th_delta: u32) {
        if self.budget.tick() {
            return;
        }
        let ply = self.path.len() - self.root_index;
        let children = self.children(pos, or_node);
        if children.is_empty() || (or_node && ply >= MAX_PLY) {
            // No check (or too deep): not a mate. An AND node without moves is mated (usually
            // caught by `initial` already).
            let e = if or_node {
                Entry {
                    pn: INF,
                    dn: 0,
                    len: 0,
                }
            } else {
                Entry {
                    pn: 0,
                    dn: INF,
                    len: 0,
                }
            };
            self.table.insert(hash, e);
            return;
        }
        self.path.push(hash);
        loop {
            // phi(n) = min over children of their delta; delta(n) = sum of their phi.
            let mut phi = INF;
            let mut delta = 0u32;
            let mut best = 0usize;
            let mut best_delta = INF;
            let mut second = INF;
            let mut best_phi = 0u32;
            let mut len_best: Option<u16> = None;
            let mut len_all: u16 = 0;
            for (i, c) in children.iter().enumerate() {
                let e = self.child_entry(c, !or_node);
                // The child's own phi/delta (its side to move is the other one).
                let (c_phi, c_delta) = if or_node { (e.dn, e.pn) } else { (e.pn, e.dn) };
                delta = delta.saturating_add(c_phi).min(INF);
                if c_delta < best_delta {
                    second = best_delta;
                    best_delta = c_delta;
                    best = i;
                    best_phi = c_phi;
                } else if c_delta < second {
                    second = c_delta;
                }
                phi = phi.min(c_delta);
                if e.pn == 0 {
                    len_best = Some(len_best.map_or(e.len, |l| l.min(e.len)));
                    len_all = len_all.max(e.len);
                }
            }
            let (pn, dn) = if or_node { (phi, delta) } else { (delta, phi) };
            if phi >= th_phi || delta >= th_delta || self.budget.aborted {
                let len = if pn == 0 {
                    1 + if or_node {
                        len_best.unwrap_or(0)
                    } else {
                        len_all
                    }
                } else {
                    0
                };
                if !self.budget.aborted || pn == 0 || dn == 0 {
                    self.table.insert(hash, Entry { pn, dn, len });
                } else {
                    // Keep what was learnt, without claiming more than is known.
                    self.table.insert(hash, Entry { pn, dn, len: 0 });
                }
                break;
            }
            // Thresholds of the most promising child (with a 1 + 1/4 widening against thrashing).
            let child_th_delta = th_phi.min(second.saturating_add(second / 4 + 1)).min(INF);
            let child_th_phi = th_delta
                .saturating_sub(delta)
                .saturating_add(best_phi)
                .min(INF);
            let c = &children[best];
            self.mid(&c.pos, c.hash, !or_node, child_th_phi, child_th_delta);
            if self.budget.aborted {
                // Store this node's last known numbers and unwind.
                continue;
            }
        }
        self.path.pop();
    }

    /// The proof's first move at a proven root: a proven child with the shortest proof line.
    fn best_first(&mut self, pos: &Position) -> Option<(Move, u32)> {
        let children = self.children(pos, true);
        children
            .iter()
            .filter_map(|c| {
                let e = self.table.get(&c.hash)?;
                (e.pn == 0).then_some((c.m, e.len as u32 + 1))
            })
            .min_by_key(|&(_, len)| len)
    }
}

/// Solves the side to move's mate by continuous checks in standard shogi, or in a Yonin game
/// (without teams) where two seats are left, spending at most `budget` positions and stopping
/// at `deadline` or when `stop` is set. `history` holds the hashes of the game's earlier
/// positions: a line that repeats one of them does not mate. Other Yonin positions are
/// `Unknown`.
pub fn solve_mate(
    pos: &Position,
    budget: u64,
    deadline: Option<Instant>,
    stop: &AtomicBool,
    history: &[u64],
) -> MateVerdict {
    let attacker = pos.to_move();
    let defender = match pos.variant() {
        Variant::Standard => attacker.opposite(),
        Variant::Yonin => {
            let others = pos.live().without(attacker);
            match (others.iter().next(), others.len(), pos.rules.teams) {
                (Some(d), 1, false) => d,
                _ => return MateVerdict::Unknown,
            }
        }
    };
    if pos.legal_moves().is_empty() {
        return MateVerdict::NoMate;
    }
    let mut s = Solver {
        table: HashMap::new(),
        budget: NodeBudget::new(budget, deadline, stop),
        path: history.to_vec(),
        root_index: history.len(),
        defender,
    };
    let hash = pos.hash();
    s.mid(pos, hash, true, INF - 1, INF - 1);
    match s.table.get(&hash).copied() {
        Some(e) if e.pn == 0 => match s.best_first(pos) {
            Some((first, plies)) => MateVerdict::Mate { first, plies },
            None => MateVerdict::Unknown,
        },
        Some(e) if e.dn == 0 && !s.budget.aborted => MateVerdict::NoMate,
        _ => MateVerdict::Unknown,
    }
}
