//! The next-seat rule: plain alternation for standard shogi, and Yonin's check priority with
//! eliminations (RULES.md §4, "Turn order"). This is the one place the two differ.

use crate::position::{EliminationReason, Position};
use crate::seat::{Seat, SeatSet};

/// Finds the seat to move after `mover` moved (or resigned, or was judged by repetition),
/// eliminating seats that have no legal move when the turn reaches them. `credit` is the seat
/// credited with those eliminations.
pub(crate) fn advance(pos: &mut Position, mover: Seat, credit: Option<Seat>) {
    if !pos.rules.check_priority {
        // Standard: the other seat moves; a mate is found by the game when it has no move.
        let next = pos.seats.next_after(mover).unwrap_or(mover);
        pos.set_to_move(next);
        return;
    }
    if pos.rules.mate_immediately {
        eliminate_mated_now(pos, mover, credit);
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
            if pos.in_check(s) {
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
        if pos.has_legal_move(candidate) {
            pos.set_to_move(candidate);
            return;
        }
        let reason = if checked.contains(candidate) {
            EliminationReason::Checkmate
        } else {
            EliminationReason::Stalemate
        };
        pos.eliminate(candidate, credit, reason);
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
