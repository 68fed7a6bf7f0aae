//! The next-seat rule: plain alternation for standard shogi, and Yonin's check priority with
//! eliminations (docs/rules.md §4, "Turn order"). This is the one place the two differ.

use crate::moves::{Move, MoveList};
use crate::position::{EliminationReason, Position};
use crate::seat::{Seat, SeatSet};

/// Finds the seat to move after `mover` moved (or resigned, or was judged by repetition),
/// eliminating seats that have no legal move when the turn reaches them. `credit` is the seat
/// credited with those eliminations.
pub(crate) fn advance(pos: &mut Position, mover: Seat, credit: Option<Seat>) {
    advance_with(pos, mover, credit, None);
}

/// [`advance`] after `mover` played `m`; `before` is the set of seats in check before the move
/// when it was known, which lets only the seats the move could have checked be examined.
pub(crate) fn advance_after_move(
    pos: &mut Position,
    mover: Seat,
    m: Move,
    before: Option<SeatSet>,
) {
    advance_after(pos, mover, m, before, None);
}

/// [`advance_after_move`], also filling `list` with the legal moves of the seat to move next:
/// in Yonin that list is the proof the seat can move, so no separate test is made.
pub(crate) fn advance_after_move_listing(
    pos: &mut Position,
    mover: Seat,
    m: Move,
    before: Option<SeatSet>,
    list: &mut MoveList,
) {
    advance_after(pos, mover, m, before, Some(list));
}

/// The two above: the quick Yonin turn when it applies, else the full rule.
#[inline(always)]
fn advance_after(
    pos: &mut Position,
    mover: Seat,
    m: Move,
    before: Option<SeatSet>,
    mut list: Option<&mut MoveList>,
) {
    if let Some(before) = before {
        if pos.rules.check_priority
            && !pos.rules.mate_immediately
            && quick_turn(pos, mover, m, before, list.as_deref_mut())
        {
            return;
        }
    }
    advance_with(pos, mover, Some(mover), before.map(|b| (b, m)));
    if let Some(list) = list {
        pos.legal_moves_into(list);
    }
}

/// The usual Yonin turn after a move: the first seat clockwise from the mover that is in
/// check, else the next live seat, when that seat has a legal move. Returns `false`, having
/// changed nothing, when the turn needs the full rule (an elimination, or a decided game).
#[inline(always)]
fn quick_turn(
    pos: &mut Position,
    mover: Seat,
    m: Move,
    before: SeatSet,
    list: Option<&mut MoveList>,
) -> bool {
    let others = pos.live.without(mover);
    if others.is_empty() || pos.is_decided_by_elimination() {
        return false;
    }
    let hint = Some((before, m));
    let mut checked = SeatSet::EMPTY;
    let mut rest = others.0;
    while rest != 0 {
        let s = Seat::from_index(rest.trailing_zeros() as usize);
        rest &= rest - 1;
        if in_check_after(pos, s, mover, hint) {
            checked.insert(s);
        }
    }
    let first_checked = checked.next_after(mover);
    let Some(candidate) = first_checked.or_else(|| others.next_after(mover)) else {
        return false;
    };
    match list {
        Some(list) => {
            // The candidate's moves, generated with the check record already in place.
            let to_move = pos.to_move;
            pos.set_to_move(candidate);
            pos.set_checked(checked);
            list.clear();
            crate::movegen::generate(pos, candidate, list);
            if list.is_empty() {
                pos.set_to_move(to_move);
                pos.checked_known = false;
                return false;
            }
        }
        None => {
            if !crate::movegen::has_legal_move(pos, candidate, first_checked.is_none()) {
                return false;
            }
            pos.set_to_move(candidate);
            pos.set_checked(checked);
        }
    }
    true
}

/// Is live seat `s` in check, using what the last move can have changed when that is known?
#[inline(always)]
fn in_check_after(pos: &Position, s: Seat, mover: Seat, hint: Option<(SeatSet, Move)>) -> bool {
    match hint {
        Some((before, m)) if !before.contains(s) => pos.move_checks(s, mover, m),
        _ => pos.compute_in_check(s),
    }
}

fn advance_with(
    pos: &mut Position,
    mover: Seat,
    credit: Option<Seat>,
    mut hint: Option<(SeatSet, Move)>,
) {
    let after_move = hint.is_some();
    if !pos.rules.check_priority {
        // Standard: the other seat moves; a mate is found by the game when it has no move.
        let next = pos.seats.next_after(mover).unwrap_or(mover);
        pos.set_to_move(next);
        if pos.live.contains(next) && next != mover {
            let mut checked = SeatSet::EMPTY;
            if in_check_after(pos, next, mover, hint) {
                checked.insert(next);
            }
            pos.set_checked(checked);
        }
        return;
    }
    if pos.rules.mate_immediately {
        let live = pos.live;
        eliminate_mated_now(pos, mover, credit);
        if pos.live != live {
            hint = None;
        }
    }
    loop {
        if pos.is_decided_by_elimination() {
            // The survivor is the seat shown to move; in teams, the mover if still live (it
            // delivered the mate), else the next live seat clockwise (a winning seat).
            let s = if pos.live.contains(mover) {
                mover
            } else {
                pos.live.next_after(mover).unwrap_or(mover)
            };
            pos.set_to_move(s);
            return;
        }
        let others = pos.live.without(mover);
        let mut checked = SeatSet::EMPTY;
        for s in others.iter() {
            if in_check_after(pos, s, mover, hint) {
                checked.insert(s);
            }
        }
        let candidate = checked
            .next_after(mover)
            .or_else(|| others.next_after(mover));
        let Some(candidate) = candidate else {
            pos.set_to_move(mover);
            return;
        };
        if crate::movegen::has_legal_move(pos, candidate, !checked.contains(candidate)) {
            pos.set_to_move(candidate);
            // A legal move never leaves the mover in check; otherwise (a turn passed on after
            // eliminations outside the board) the mover is examined like the others.
            if pos.live.contains(mover) && !after_move && pos.compute_in_check(mover) {
                checked.insert(mover);
            }
            pos.set_checked(checked);
            return;
        }
        let reason = if checked.contains(candidate) {
            EliminationReason::Checkmate
        } else {
            EliminationReason::Stalemate
        };
        pos.eliminate(candidate, credit, reason);
        hint = None;
    }
}

/// The "immediately" house rule: every other live seat in check without a legal move is out,
/// clockwise from the mover, until none is left.
fn eliminate_mated_now(pos: &mut Position, mover: Seat, credit: Option<Seat>) {
    loop {
        let mut found = None;
        let mut s = mover;
        for _ in 0..3 {
            s = s.clockwise();
            if s != mover && pos.live.contains(s) && pos.in_check(s) && !pos.has_legal_move(s) {
                found = Some(s);
                break;
            }
        }
        match found {
            Some(s) => {
                pos.eliminate(s, credit, EliminationReason::Checkmate);
                if pos.is_decided_by_elimination() {
                    return;
                }
            }
            None => return,
        }
    }
}

/// Eliminates `seat` for a reason outside the board (resignation, time, forfeit, repetition)
/// and, when it was that seat's turn, moves the turn on as if it had just moved.
pub(crate) fn remove_seat(pos: &mut Position, seat: Seat, reason: EliminationReason) {
    if !pos.live.contains(seat) {
        return;
    }
    let was_to_move = pos.to_move == seat;
    pos.eliminate(seat, None, reason);
    if pos.rules.check_priority && (was_to_move || pos.is_decided_by_elimination()) {
        advance(pos, seat, None);
    }
}

/// Playing moves: each is followed by the turn order finding the next seat.
impl Position {
    /// Plays a move known to be legal (from [`Position::legal_moves`]) and then finds the next
    /// seat by the turn order, with its eliminations. Playing an illegal move leaves the
    /// position inconsistent; use [`Position::play`] for moves from outside.
    pub fn play_unchecked(&mut self, m: Move) {
        let me = self.to_move;
        let before = self.checked_known.then_some(self.checked);
        self.apply_raw(me, m);
        self.ply += 1;
        advance_after_move(self, me, m, before);
    }

    /// [`Position::play_unchecked`], filling `list` with the legal moves of the seat to move
    /// after it (what [`Position::legal_moves_into`] would give), often more cheaply.
    pub fn play_unchecked_listing(&mut self, m: Move, list: &mut MoveList) {
        let me = self.to_move;
        let before = self.checked_known.then_some(self.checked);
        self.apply_raw(me, m);
        self.ply += 1;
        advance_after_move_listing(self, me, m, before, list);
    }

    /// Plays a move from outside after checking it, naming the rule an illegal move breaks.
    pub fn play(&mut self, m: Move) -> Result<(), crate::IllegalMove> {
        crate::legality::check(self, m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// [`Position::play`], also telling which other seats the move left in check, seen right
    /// after the move and before any seat is eliminated: the checks a game reports.
    pub fn play_noting_checks(&mut self, m: Move) -> Result<Vec<Seat>, crate::IllegalMove> {
        crate::legality::check(self, m)?;
        let me = self.to_move;
        let before = self.checked_known.then_some(self.checked);
        self.apply_raw(me, m);
        let mut checked = Vec::new();
        let mut s = me;
        for _ in 0..3 {
            s = s.clockwise();
            if s != me && self.in_check(s) {
                checked.push(s);
            }
        }
        self.ply += 1;
        advance_after_move(self, me, m, before);
        Ok(checked)
    }
}
