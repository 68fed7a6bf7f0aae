//! A validated position for either variant: board, hands, seats in play and alive, whose turn.

use crate::attacks;
use crate::hand::Hand;
use crate::moves::Move;
use crate::piece::{Piece, PieceKind};
use crate::rules::{PlayRules, RuleSet, Variant};
use crate::seat::{BySeat, Seat, SeatSet};
use crate::square::Square;
use crate::square_set::SquareSet;
use crate::zobrist;

/// Why a seat left the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum EliminationReason {
    Checkmate,
    /// No legal move while not in check.
    Stalemate,
    Resignation,
    Time,
    Forfeit,
    /// Repetition with continuous checks.
    PerpetualCheck,
}

/// One seat's elimination: who, by whom (the seat credited), and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Elimination {
    pub seat: Seat,
    pub by: Option<Seat>,
    pub reason: EliminationReason,
}

/// A legal position. Built from a parsed setup (`Setup`) or a start position; changed only by
/// moves (and eliminations the turn order makes).
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) board: [Option<Piece>; 81],
    pub(crate) by_owner: [SquareSet; 4],
    pub(crate) by_facing: [SquareSet; 4],
    pub(crate) by_kind: [SquareSet; 14],
    pub(crate) occupied: SquareSet,
    pub(crate) hands: [Hand; 4],
    pub(crate) kings: [Option<Square>; 4],
    pub(crate) to_move: Seat,
    /// Seats taking part (two for standard, four for Yonin).
    pub(crate) seats: SeatSet,
    /// Seats not yet eliminated.
    pub(crate) live: SeatSet,
    /// Eliminations in order.
    pub(crate) eliminations: [Option<Elimination>; 4],
    pub(crate) ply: u32,
    /// The sum (wrapping) of one key per feature: pieces on squares, pieces in hand, seat to
    /// move, dead seats. Every update adds or subtracts, so the value depends only on the
    /// position, never on the order of the moves that reached it.
    pub(crate) hash: u64,
    pub(crate) rules: PlayRules,
    pub(crate) variant: Variant,
    /// The live seats in check, when `checked_known`: worked out by the turn order after each
    /// move (mostly from what the move itself could have changed) and forgotten by any other
    /// edit of the board or of who is live.
    pub(crate) checked: SeatSet,
    pub(crate) checked_known: bool,
}

impl Position {
    /// An empty board (used while building positions from a setup).
    pub(crate) fn empty(rules: &RuleSet) -> Position {
        let seats = rules.variant.seats();
        let mut p = Position {
            board: [None; 81],
            by_owner: [SquareSet::EMPTY; 4],
            by_facing: [SquareSet::EMPTY; 4],
            by_kind: [SquareSet::EMPTY; 14],
            occupied: SquareSet::EMPTY,
            hands: [Hand::EMPTY; 4],
            kings: [None; 4],
            to_move: Seat::South,
            seats,
            live: seats,
            eliminations: [None; 4],
            ply: 1,
            hash: 0,
            rules: rules.play_rules(),
            variant: rules.variant,
            checked: SeatSet::EMPTY,
            checked_known: false,
        };
        p.hash = zobrist::TO_MOVE[0];
        p
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }
    pub fn to_move(&self) -> Seat {
        self.to_move
    }
    pub fn seats(&self) -> SeatSet {
        self.seats
    }
    pub fn live(&self) -> SeatSet {
        self.live
    }
    pub fn is_live(&self, s: Seat) -> bool {
        self.live.contains(s)
    }
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }
    pub fn hand(&self, s: Seat) -> &Hand {
        &self.hands[s.index()]
    }
    pub fn hands(&self) -> BySeat<Hand> {
        BySeat(self.hands)
    }
    pub fn king(&self, s: Seat) -> Option<Square> {
        self.kings[s.index()]
    }
    /// The ply number: 1 before the first move, +1 for every move.
    pub fn ply(&self) -> u32 {
        self.ply
    }
    pub fn hash(&self) -> u64 {
        self.hash
    }
    pub fn occupied(&self) -> SquareSet {
        self.occupied
    }
    pub fn pieces_of(&self, s: Seat) -> SquareSet {
        self.by_owner[s.index()]
    }
    pub fn pieces_of_kind(&self, k: PieceKind) -> SquareSet {
        self.by_kind[k.index()]
    }
    /// Eliminations so far, in order.
    pub fn eliminations(&self) -> impl Iterator<Item = Elimination> + '_ {
        self.eliminations.iter().flatten().copied()
    }
    /// Dead seats in elimination order.
    pub fn dead(&self) -> impl Iterator<Item = Seat> + '_ {
        self.eliminations().map(|e| e.seat)
    }

    /// Is the game over by elimination (Yonin: one live seat left, or in teams any seat out)?
    /// Standard games end by checkmate, which [`Position::outcome_by_rule`] decides.
    pub fn is_decided_by_elimination(&self) -> bool {
        self.live.len() <= 1 || (self.rules.teams && self.live.len() < self.seats.len())
    }

    /// The partner seat in teams mode.
    pub fn partner(&self, s: Seat) -> Option<Seat> {
        (self.rules.teams && self.live.contains(s.opposite())).then(|| s.opposite())
    }

    /// Live seats whose pieces can check `s`.
    #[inline(always)]
    pub(crate) fn enemy_seats(&self, s: Seat) -> SeatSet {
        let mut e = self.live.without(s);
        if self.rules.teams {
            e = e.without(s.opposite());
        }
        e
    }

    /// Pieces that attack on behalf of `s`'s enemies.
    #[inline(always)]
    pub(crate) fn enemy_pieces(&self, s: Seat) -> SquareSet {
        if !self.rules.check_priority {
            // Standard: the other seat, always live while the game runs.
            return self.by_owner[s.opposite().index()];
        }
        let b = &self.by_owner;
        if self.live == self.seats && !self.rules.teams {
            // Every seat live: every piece but `s`'s own.
            return self.occupied & !b[s.index()];
        }
        let mut live = SquareSet::EMPTY;
        for (i, own) in b.iter().enumerate() {
            if self.live.0 & (1 << i) != 0 {
                live |= *own;
            }
        }
        let mut friends = b[s.index()];
        if self.rules.teams {
            friends |= b[s.opposite().index()];
        }
        live & !friends
    }

    /// Pieces `s` may not land on besides kings: its own, and a live partner's.
    #[inline(always)]
    pub(crate) fn friendly_pieces(&self, s: Seat) -> SquareSet {
        match self.partner(s) {
            Some(p) => self.by_owner[s.index()] | self.by_owner[p.index()],
            None => self.by_owner[s.index()],
        }
    }

    /// Pieces that move like a gold: golds and the four small promoted pieces.
    #[inline(always)]
    pub(crate) fn gold_movers(&self) -> SquareSet {
        use PieceKind::*;
        let k = &self.by_kind;
        k[Gold as usize]
            | k[ProPawn as usize]
            | k[ProLance as usize]
            | k[ProKnight as usize]
            | k[ProSilver as usize]
    }

    /// All pieces (of any seat, live or not) attacking `sq` with occupancy `occ`.
    #[inline]
    pub(crate) fn attackers_to(&self, sq: Square, occ: SquareSet) -> SquareSet {
        self.attackers_of(sq, occ, self.occupied)
    }

    /// The pieces among `attackers` that attack `sq` with occupancy `occ`. Cheap when nothing
    /// stands near `sq` and no slider shares a line with it, the common case for a king.
    #[inline]
    pub(crate) fn attackers_of(
        &self,
        sq: Square,
        occ: SquareSet,
        attackers: SquareSet,
    ) -> SquareSet {
        let mut found = SquareSet::EMPTY;
        for x in attacks::near(sq) & attackers {
            if let Some(p) = self.board[x.index()] {
                if attacks::step(p.kind(), p.facing(), x).contains(sq) {
                    found.insert(x);
                }
            }
        }
        found | self.slider_attackers(sq, occ, attackers)
    }

    /// Is `sq` attacked by any of `attackers` with occupancy `occ`? Stops at the first
    /// attacker found.
    #[inline]
    pub(crate) fn is_attacked(&self, sq: Square, occ: SquareSet, attackers: SquareSet) -> bool {
        for x in attacks::near(sq) & attackers {
            if let Some(p) = self.board[x.index()] {
                if attacks::step(p.kind(), p.facing(), x).contains(sq) {
                    return true;
                }
            }
        }
        self.slider_attackers(sq, occ, attackers).any()
    }

    /// The lances, bishops, rooks, horses and dragons among `attackers` whose rays reach `sq`:
    /// those on a line with `sq` (a lance only looking its way) with nothing in between.
    #[inline(always)]
    fn slider_attackers(&self, sq: Square, occ: SquareSet, attackers: SquareSet) -> SquareSet {
        use PieceKind::*;
        let k = &self.by_kind;
        let mut found = SquareSet::EMPTY;
        let lines = (((k[Rook as usize] | k[Dragon as usize] | k[Lance as usize])
            & attacks::rook_pseudo(sq))
            | ((k[Bishop as usize] | k[Horse as usize]) & attacks::bishop_pseudo(sq)))
            & attackers;
        for s in lines {
            if (attacks::between(sq, s) & occ).is_empty() {
                found.insert(s);
            }
        }
        let lances = found & k[Lance as usize];
        for l in lances {
            if let Some(p) = self.board[l.index()] {
                if !attacks::lance_ray(p.facing(), l).contains(sq) {
                    found.remove(l);
                }
            }
        }
        found
    }

    /// Is `s`'s king attacked by a live enemy? (Dead seats are never in check.)
    pub fn in_check(&self, s: Seat) -> bool {
        if !self.live.contains(s) {
            return false;
        }
        if self.checked_known {
            return self.checked.contains(s);
        }
        self.compute_in_check(s)
    }

    /// [`Position::in_check`] worked out from the board.
    #[inline]
    pub(crate) fn compute_in_check(&self, s: Seat) -> bool {
        match self.kings[s.index()] {
            Some(k) => self.is_attacked(k, self.occupied, self.enemy_pieces(s)),
            None => false,
        }
    }

    /// Is live seat `s`, not in check before `mover` played `m` (already on the board), in
    /// check now? Only the moved piece and a line opened through its origin can give check;
    /// most moves are near neither, which two table lookups show.
    #[inline(always)]
    pub(crate) fn move_checks(&self, s: Seat, mover: Seat, m: Move) -> bool {
        let Some(king) = self.kings[s.index()] else {
            return false;
        };
        let near = attacks::any_reach(king).contains(m.to());
        let aligned = m.from().is_some_and(|from| attacks::line(king, from).any());
        (near || aligned) && self.move_checks_closely(s, king, mover, m)
    }

    /// [`Position::move_checks`] once the move is known to be near `s`'s king or on a line
    /// with it.
    #[inline(never)]
    fn move_checks_closely(&self, s: Seat, king: Square, mover: Seat, m: Move) -> bool {
        let to = m.to();
        if attacks::any_reach(king).contains(to) && self.enemy_seats(s).contains(mover) {
            if let Some(p) = self.board[to.index()] {
                if attacks::reaches(p.kind(), p.facing(), to, king, self.occupied) {
                    return true;
                }
            }
        }
        match m.from() {
            Some(from) => {
                // Only a line on which the origin was the nearest piece to the king opens.
                let line = attacks::line(king, from);
                line.any()
                    && (attacks::between(king, from) & self.occupied).is_empty()
                    && self
                        .slider_attackers(king, self.occupied, line & self.enemy_pieces(s))
                        .any()
            }
            None => false,
        }
    }

    /// Records which live seats are in check (the turn order has just worked it out).
    #[inline(always)]
    pub(crate) fn set_checked(&mut self, checked: SeatSet) {
        self.checked = checked;
        self.checked_known = true;
    }

    /// The enemy pieces giving check to `s`.
    pub fn checkers(&self, s: Seat) -> SquareSet {
        match self.kings[s.index()] {
            Some(k) => self.attackers_of(k, self.occupied, self.enemy_pieces(s)),
            None => SquareSet::EMPTY,
        }
    }

    /// Live seats in check, in clockwise order from South.
    pub fn seats_in_check(&self) -> SeatSet {
        let mut c = SeatSet::EMPTY;
        for s in self.live.iter() {
            if self.in_check(s) {
                c.insert(s);
            }
        }
        c
    }

    // ---- board editing (keeps every set and the hash in step) ----

    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        let b = SquareSet::from_square(sq);
        self.checked_known = false;
        self.board[sq.index()] = Some(p);
        self.by_owner[p.owner().index()] |= b;
        self.by_facing[p.facing().index()] |= b;
        self.by_kind[p.kind().index()] |= b;
        self.occupied |= b;
        self.hash = self.hash.wrapping_add(zobrist::piece(p.code(), sq.index()));
        if p.kind() == PieceKind::King {
            self.kings[p.owner().index()] = Some(sq);
        }
    }

    /// Moves `p`, already lifted from `from`'s board slot, to the empty square `to`,
    /// promoting it if asked: one flip of both squares in each set it belongs to.
    #[inline(always)]
    pub(crate) fn shift_piece(&mut self, p: Piece, from: Square, to: Square, promote: bool) {
        let (f, t) = (SquareSet::from_square(from), SquareSet::from_square(to));
        let both = f | t;
        let q = if promote {
            let q = p.with_kind(p.kind().promoted());
            self.by_kind[p.kind().index()] ^= f;
            self.by_kind[q.kind().index()] ^= t;
            q
        } else {
            self.by_kind[p.kind().index()] ^= both;
            p
        };
        self.checked_known = false;
        self.board[to.index()] = Some(q);
        self.by_owner[p.owner().index()] ^= both;
        self.by_facing[p.facing().index()] ^= both;
        self.occupied ^= both;
        self.hash = self
            .hash
            .wrapping_sub(zobrist::piece(p.code(), from.index()))
            .wrapping_add(zobrist::piece(q.code(), to.index()));
        if p.kind() == PieceKind::King {
            self.kings[p.owner().index()] = Some(to);
        }
    }

    #[inline(always)]
    pub(crate) fn take(&mut self, sq: Square) -> Option<Piece> {
        let p = self.board[sq.index()].take()?;
        self.checked_known = false;
        let b = !SquareSet::from_square(sq);
        self.by_owner[p.owner().index()] &= b;
        self.by_facing[p.facing().index()] &= b;
        self.by_kind[p.kind().index()] &= b;
        self.occupied &= b;
        self.hash = self.hash.wrapping_sub(zobrist::piece(p.code(), sq.index()));
        Some(p)
    }

    #[inline(always)]
    pub(crate) fn hand_add(&mut self, s: Seat, k: PieceKind) {
        let k = k.unpromoted();
        self.hands[s.index()].add(k);
        self.hash = self
            .hash
            .wrapping_add(zobrist::HAND[s.index() * 7 + k.index()]);
    }

    #[inline(always)]
    pub(crate) fn hand_remove(&mut self, s: Seat, k: PieceKind) {
        self.hands[s.index()].remove(k);
        self.hash = self
            .hash
            .wrapping_sub(zobrist::HAND[s.index() * 7 + k.index()]);
    }

    pub(crate) fn set_to_move(&mut self, s: Seat) {
        self.hash = self
            .hash
            .wrapping_sub(zobrist::TO_MOVE[self.to_move.index()])
            .wrapping_add(zobrist::TO_MOVE[s.index()]);
        self.to_move = s;
    }

    /// Takes `seat` out of the game and applies the house rules for its army and hand.
    pub(crate) fn eliminate(&mut self, seat: Seat, by: Option<Seat>, reason: EliminationReason) {
        if !self.live.contains(seat) {
            return;
        }
        self.live.remove(seat);
        self.checked_known = false;
        self.hash = self.hash.wrapping_add(zobrist::DEAD[seat.index()]);
        if let Some(slot) = self.eliminations.iter_mut().find(|e| e.is_none()) {
            *slot = Some(Elimination { seat, by, reason });
        }
        let mated = matches!(
            reason,
            EliminationReason::Checkmate | EliminationReason::Stalemate
        );
        if let (Some(to), true) = (by, mated) {
            if self.rules.army_to_mater && self.live.contains(to) {
                let army = self.by_owner[seat.index()] & !self.by_kind[PieceKind::King.index()];
                for sq in army {
                    if let Some(p) = self.take(sq) {
                        self.put(sq, p.with_owner(to));
                    }
                }
            }
            if self.rules.hand_to_mater && self.live.contains(to) {
                let hand = self.hands[seat.index()];
                for (k, n) in hand.pieces() {
                    for _ in 0..n {
                        self.hand_remove(seat, k);
                        self.hand_add(to, k);
                    }
                }
            }
        }
    }

    /// Is every square and set consistent? (Used by tests and debug assertions.)
    pub fn is_consistent(&self) -> bool {
        let mut copy = Position::empty(&RuleSet {
            variant: self.variant,
            ..RuleSet::default()
        });
        copy.rules = self.rules;
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                copy.put(sq, p);
            }
        }
        let checks_right = !self.checked_known
            || self
                .live
                .iter()
                .all(|s| self.checked.contains(s) == self.compute_in_check(s));
        copy.by_owner == self.by_owner
            && copy.by_facing == self.by_facing
            && copy.by_kind == self.by_kind
            && copy.occupied == self.occupied
            && checks_right
    }
}
