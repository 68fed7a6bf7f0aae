//! `Game`: a position with its history — repetition, resignation, impasse, move limit, flags —
//! and the events every change yields, so that servers and clients render from events.

use crate::impasse::{self, ImpasseRefusal, ImpasseVerdict};
use crate::moves::Move;
use crate::outcome::{EndReason, Outcome};
use crate::piece::PieceKind;
use crate::position::{Elimination, EliminationReason, Position};
use crate::rules::{RuleSet, Variant};
use crate::seat::{Seat, SeatSet};
use crate::IllegalMove;
use serde::{Deserialize, Serialize};

mod action;
mod agreements;

pub use action::{parse_start, replay, Action, ReplayError};
pub use agreements::DrawAnswer;

/// A move as it was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedMove {
    pub seat: Seat,
    pub mv: Move,
    /// Ply number of the move (1 = first move).
    pub ply: u32,
    /// Thinking time, when a clock measured it.
    pub millis: Option<u64>,
}

/// What happened; a move yields several events in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Moved {
        seat: Seat,
        mv: Move,
        ply: u32,
        /// The kind captured (as it stood on the board).
        captured: Option<PieceKind>,
        promoted: bool,
    },
    /// The live seats in check after the move, clockwise from the mover; they answer in order.
    Checks {
        by: Seat,
        seats: Vec<Seat>,
    },
    Eliminated(Elimination),
    /// Yonin: a resignation sent out of turn, taken when the seat's turn comes.
    ResignationQueued {
        seat: Seat,
    },
    /// A declaration or draw offer was refused; the game goes on.
    ImpasseRejected {
        seat: Seat,
        reason: ImpasseRefusal,
    },
    /// The seat to move now.
    Turn {
        seat: Seat,
    },
    GameOver(Outcome),
}

/// Why a request to the game was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
pub enum GameError {
    #[error("the game is over")]
    GameOver,
    #[error("it is not {0}'s turn")]
    NotYourTurn(Seat),
    #[error("{0} is not playing in this game")]
    NotPlaying(Seat),
    #[error("illegal move: {0}")]
    Illegal(#[from] IllegalMove),
    #[error("impasse declaration rejected: {0}")]
    Impasse(#[from] ImpasseRefusal),
    #[error("that is only possible in standard shogi")]
    StandardOnly,
    #[error("there is no draw offer to answer")]
    NoDrawOffer,
    #[error("no win can be claimed: the opponent is still playing or may come back")]
    NothingToClaim,
}

/// One history entry per position reached (the start included).
#[derive(Clone, Copy, Debug)]
struct Reached {
    hash: u64,
    /// The seat that moved into this position (None for the start and after eliminations).
    mover: Option<Seat>,
    /// Did that move leave some other live seat in check?
    gave_check: bool,
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    rules: RuleSet,
    start: Position,
    position: Position,
    moves: Vec<PlayedMove>,
    history: Vec<Reached>,
    queued_resignations: SeatSet,
    outcome: Option<Outcome>,
    /// Standard: the seat whose draw offer stands (see `agreements`).
    draw_offer: Option<Seat>,
    /// Standard: seats a computer stands in for, whose opponent may claim the win.
    claimable: SeatSet,
}

impl Game {
    /// A new game from the rule set's start position. A random first seat must be resolved by
    /// the caller (`FirstSeat::Fixed`) — the server draws it — else South starts.
    pub fn new(rules: RuleSet) -> Game {
        Game::from_position(rules, Position::start(&rules))
    }

    /// A game from any legal position of the rule set's variant.
    pub fn from_position(rules: RuleSet, start: Position) -> Game {
        let mut g = Game {
            rules,
            start: start.clone(),
            history: vec![Reached {
                hash: start.hash(),
                mover: None,
                gave_check: false,
            }],
            position: start,
            moves: Vec::new(),
            queued_resignations: SeatSet::EMPTY,
            outcome: None,
            draw_offer: None,
            claimable: SeatSet::EMPTY,
        };
        g.judge_position(&mut Vec::new());
        g
    }

    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }
    pub fn start(&self) -> &Position {
        &self.start
    }
    pub fn position(&self) -> &Position {
        &self.position
    }
    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
    pub fn to_move(&self) -> Seat {
        self.position.to_move()
    }
    /// Seats whose resignation waits for their turn.
    pub fn queued_resignations(&self) -> SeatSet {
        self.queued_resignations
    }

    fn check_can_act(&self, seat: Seat) -> Result<(), GameError> {
        if self.outcome.is_some() {
            return Err(GameError::GameOver);
        }
        if !self.position.seats().contains(seat) || !self.position.is_live(seat) {
            return Err(GameError::NotPlaying(seat));
        }
        Ok(())
    }

    /// Plays `mv` for `seat`, which must be the seat to move.
    pub fn play(&mut self, seat: Seat, mv: Move) -> Result<Vec<Event>, GameError> {
        self.play_timed(seat, mv, None)
    }

    /// Plays a move and records the time it took.
    pub fn play_timed(
        &mut self,
        seat: Seat,
        mv: Move,
        millis: Option<u64>,
    ) -> Result<Vec<Event>, GameError> {
        self.check_can_act(seat)?;
        if self.position.to_move() != seat {
            return Err(GameError::NotYourTurn(seat));
        }
        let ply = self.position.ply();
        let captured = self.position.piece_at(mv.to()).map(|p| p.kind());
        let known = self.position.eliminations().count();
        let checked = self.position.play_noting_checks(mv)?;
        self.moves.push(PlayedMove {
            seat,
            mv,
            ply,
            millis,
        });
        let mut events = vec![Event::Moved {
            seat,
            mv,
            ply,
            captured,
            promoted: mv.promotes(),
        }];
        if !checked.is_empty() {
            events.push(Event::Checks {
                by: seat,
                seats: checked.clone(),
            });
        }
        self.push_new_eliminations(known, &mut events);
        self.history.push(Reached {
            hash: self.position.hash(),
            mover: Some(seat),
            gave_check: !checked.is_empty(),
        });
        self.moved(seat);
        self.judge_position(&mut events);
        Ok(events)
    }

    /// Adds an event for each elimination after the first `known`.
    fn push_new_eliminations(&self, known: usize, events: &mut Vec<Event>) {
        for e in self.position.eliminations().skip(known) {
            events.push(Event::Eliminated(e));
        }
    }

    /// After a change: game end by mate, elimination, repetition or move limit; queued
    /// resignations; and the turn event.
    fn judge_position(&mut self, events: &mut Vec<Event>) {
        loop {
            if self.outcome.is_some() {
                return;
            }
            if let Some(o) = self.decided_outcome() {
                self.finish(o, events);
                return;
            }
            if let Some(o) = self.repetition(events) {
                self.finish(o, events);
                return;
            }
            if self.position.is_decided_by_elimination() {
                continue;
            }
            if let Some(limit) = self.rules.move_limit {
                if self.moves.len() as u32 >= limit {
                    let o = self.shared_places(EndReason::MoveLimit);
                    self.finish(o, events);
                    return;
                }
            }
            let next = self.position.to_move();
            if self.queued_resignations.contains(next) {
                self.queued_resignations.remove(next);
                let known = self.position.eliminations().count();
                crate::turn::remove_seat(&mut self.position, next, EliminationReason::Resignation);
                self.push_new_eliminations(known, events);
                continue;
            }
            events.push(Event::Turn { seat: next });
            return;
        }
    }

    /// The outcome when the position itself decides the game.
    fn decided_outcome(&self) -> Option<Outcome> {
        let pos = &self.position;
        match self.rules.variant {
            Variant::Standard => {
                let me = pos.to_move();
                if !pos.legal_moves().is_empty() {
                    return None;
                }
                let reason = if pos.in_check(me) {
                    EndReason::Checkmate
                } else {
                    EndReason::NoLegalMove
                };
                Some(Outcome::win(me.opposite(), me, reason))
            }
            Variant::Yonin => {
                if !pos.is_decided_by_elimination() {
                    return None;
                }
                if self.rules.teams && pos.live().len() > 1 {
                    let loser = pos.dead().next().unwrap_or(Seat::South);
                    let winners: Vec<Seat> =
                        [loser.clockwise(), loser.clockwise().opposite()].into();
                    let losers: Vec<Seat> = vec![loser, loser.opposite()];
                    return Some(Outcome {
                        reason: EndReason::TeamElimination,
                        places: vec![winners, losers],
                    });
                }
                let mut places: Vec<Vec<Seat>> = pos.live().iter().map(|s| vec![s]).collect();
                let dead: Vec<Seat> = pos.dead().collect();
                places.extend(dead.iter().rev().map(|&s| vec![s]));
                let reason = pos
                    .eliminations()
                    .last()
                    .map(|e| match e.reason {
                        EliminationReason::Checkmate | EliminationReason::Stalemate => {
                            EndReason::LastSurvivor
                        }
                        r => r.into(),
                    })
                    .unwrap_or(EndReason::LastSurvivor);
                Some(Outcome { reason, places })
            }
        }
    }

    /// Live seats share the first places; eliminated seats follow in reverse order.
    fn shared_places(&self, reason: EndReason) -> Outcome {
        let pos = &self.position;
        let mut places = vec![pos.live().iter().collect::<Vec<_>>()];
        let dead: Vec<Seat> = pos.dead().collect();
        places.extend(dead.iter().rev().map(|&s| vec![s]));
        Outcome { reason, places }
    }

    /// Sennichite: the 4th occurrence of the current position.
    #[doc(alias = "sennichite")]
    fn repetition(&mut self, events: &mut Vec<Event>) -> Option<Outcome> {
        let hash = self.position.hash();
        let occurrences: Vec<usize> = self
            .history
            .iter()
            .enumerate()
            .filter(|(_, r)| r.hash == hash)
            .map(|(i, _)| i)
            .collect();
        if occurrences.len() < 4 {
            return None;
        }
        let first = occurrences[occurrences.len() - 4];
        // Seats that moved since the first occurrence, and whether every such move checked.
        let mut moved = SeatSet::EMPTY;
        let mut always_checked = SeatSet::ALL;
        for r in &self.history[first + 1..] {
            if let Some(m) = r.mover {
                moved.insert(m);
                if !r.gave_check {
                    always_checked.remove(m);
                }
            }
        }
        let checkers = SeatSet(moved.0 & always_checked.0);
        match self.rules.variant {
            Variant::Standard => {
                if let Some(loser) = checkers.iter().next() {
                    return Some(Outcome::win(
                        loser.opposite(),
                        loser,
                        EndReason::PerpetualCheck,
                    ));
                }
                Some(Outcome::draw(
                    vec![Seat::South, Seat::North],
                    EndReason::Repetition,
                ))
            }
            Variant::Yonin => {
                let culprits: Vec<Seat> = checkers
                    .iter()
                    .filter(|s| self.position.is_live(*s))
                    .collect();
                if culprits.is_empty() {
                    return Some(self.shared_places(EndReason::Repetition));
                }
                let known = self.position.eliminations().count();
                let last_mover = self
                    .history
                    .last()
                    .and_then(|r| r.mover)
                    .unwrap_or(Seat::South);
                for s in culprits {
                    self.position
                        .eliminate(s, None, EliminationReason::PerpetualCheck);
                }
                if !self.position.is_decided_by_elimination() {
                    // Play goes on by the turn order, from the seat that moved last.
                    crate::turn::advance(&mut self.position, last_mover, None);
                }
                self.push_new_eliminations(known, events);
                // The position changed (dead seats): a fresh history entry starts counting.
                self.history.push(Reached {
                    hash: self.position.hash(),
                    mover: None,
                    gave_check: false,
                });
                None
            }
        }
    }

    fn finish(&mut self, outcome: Outcome, events: &mut Vec<Event>) {
        events.push(Event::GameOver(outcome.clone()));
        self.outcome = Some(outcome);
        self.settled();
    }

    /// Resigns for `seat`. Standard: at any time. Yonin: taken on the seat's own turn; sent at
    /// another time it waits (a `ResignationQueued` event).
    pub fn resign(&mut self, seat: Seat) -> Result<Vec<Event>, GameError> {
        self.check_can_act(seat)?;
        let mut events = Vec::new();
        match self.rules.variant {
            Variant::Standard => {
                let o = Outcome::win(seat.opposite(), seat, EndReason::Resignation);
                self.finish(o, &mut events);
            }
            Variant::Yonin => {
                if self.position.to_move() != seat {
                    self.queued_resignations.insert(seat);
                    events.push(Event::ResignationQueued { seat });
                    return Ok(events);
                }
                self.remove_now(seat, EliminationReason::Resignation, &mut events);
            }
        }
        Ok(events)
    }

    /// `seat`'s clock ran out: a loss in standard, an elimination in Yonin.
    pub fn flag(&mut self, seat: Seat) -> Result<Vec<Event>, GameError> {
        self.lose_outside_board(seat, EliminationReason::Time)
    }

    /// `seat` is out for good (left the game, or an administrator removed it).
    pub fn forfeit(&mut self, seat: Seat) -> Result<Vec<Event>, GameError> {
        self.lose_outside_board(seat, EliminationReason::Forfeit)
    }

    fn lose_outside_board(
        &mut self,
        seat: Seat,
        reason: EliminationReason,
    ) -> Result<Vec<Event>, GameError> {
        self.check_can_act(seat)?;
        let mut events = Vec::new();
        match self.rules.variant {
            Variant::Standard => {
                let o = Outcome::win(seat.opposite(), seat, reason.into());
                self.finish(o, &mut events);
            }
            Variant::Yonin => self.remove_now(seat, reason, &mut events),
        }
        Ok(events)
    }

    fn remove_now(&mut self, seat: Seat, reason: EliminationReason, events: &mut Vec<Event>) {
        let known = self.position.eliminations().count();
        self.queued_resignations.remove(seat);
        crate::turn::remove_seat(&mut self.position, seat, reason);
        self.push_new_eliminations(known, events);
        self.history.push(Reached {
            hash: self.position.hash(),
            mover: None,
            gave_check: false,
        });
        self.judge_position(events);
    }

    /// Would a declaration by `seat` succeed now? (The client shows its button only then.)
    pub fn impasse_verdict(&self, seat: Seat) -> Result<ImpasseVerdict, ImpasseRefusal> {
        if self.rules.variant != Variant::Standard {
            return Err(ImpasseRefusal::NotStandard);
        }
        impasse::declaration(&self.position, seat, self.rules.impasse)
    }

    /// Declares an impasse for `seat`: ends the game when valid; otherwise an error with the
    /// reason, and the game goes on.
    pub fn declare_impasse(&mut self, seat: Seat) -> Result<Vec<Event>, GameError> {
        self.check_can_act(seat)?;
        let verdict = self.impasse_verdict(seat)?;
        let mut events = Vec::new();
        let o = match verdict {
            ImpasseVerdict::Win { .. } => {
                Outcome::win(seat, seat.opposite(), EndReason::ImpasseDeclaration)
            }
            ImpasseVerdict::Draw { .. } => Outcome::draw(
                vec![Seat::South, Seat::North],
                EndReason::ImpasseDeclaration,
            ),
        };
        self.finish(o, &mut events);
        Ok(events)
    }

    /// Ends a standard game as a draw by agreement (the room checks the offer first with
    /// `check_accept_draw`; a replay applies it as recorded).
    pub fn agree_draw(&mut self) -> Result<Vec<Event>, GameError> {
        if self.outcome.is_some() {
            return Err(GameError::GameOver);
        }
        if self.rules.variant != Variant::Standard {
            return Err(GameError::StandardOnly);
        }
        let mut events = Vec::new();
        self.finish(
            Outcome::draw(vec![Seat::South, Seat::North], EndReason::Agreement),
            &mut events,
        );
        Ok(events)
    }

    /// Stops the game without a result.
    pub fn abort(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        if self.outcome.is_none() {
            let seats = self.position.seats().iter().collect();
            self.finish(Outcome::draw(seats, EndReason::Aborted), &mut events);
        }
        events
    }
}
