//! How a game ended: the reason and the places of every seat.

use crate::position::EliminationReason;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    /// Standard: the side to move is mated.
    Checkmate,
    /// Standard: the side to move has no legal move and is not in check.
    NoLegalMove,
    Resignation,
    Time,
    /// A player left or was removed for good.
    Forfeit,
    #[doc(alias = "sennichite")]
    Repetition,
    /// Repetition where one side gave check with every move.
    PerpetualCheck,
    #[doc(alias = "nyugyoku")]
    ImpasseDeclaration,
    MoveLimit,
    /// Both players agreed to a draw.
    Agreement,
    /// Yonin: one live seat is left.
    LastSurvivor,
    /// Yonin teams: a seat of the other team was eliminated.
    TeamElimination,
    /// The game was stopped without a result.
    Aborted,
}

impl From<EliminationReason> for EndReason {
    fn from(r: EliminationReason) -> EndReason {
        match r {
            EliminationReason::Checkmate => EndReason::Checkmate,
            EliminationReason::Stalemate => EndReason::NoLegalMove,
            EliminationReason::Resignation => EndReason::Resignation,
            EliminationReason::Time => EndReason::Time,
            EliminationReason::Forfeit => EndReason::Forfeit,
            EliminationReason::PerpetualCheck => EndReason::PerpetualCheck,
        }
    }
}

/// The result: places from first to last; seats sharing a place are listed together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub reason: EndReason,
    /// `places[0]` holds the winner(s). A draw is one place holding every seat.
    pub places: Vec<Vec<Seat>>,
}

impl Outcome {
    /// A standard win.
    pub fn win(winner: Seat, loser: Seat, reason: EndReason) -> Outcome {
        Outcome {
            reason,
            places: vec![vec![winner], vec![loser]],
        }
    }
    pub fn draw(seats: Vec<Seat>, reason: EndReason) -> Outcome {
        Outcome {
            reason,
            places: vec![seats],
        }
    }
    /// The single winner, if there is one.
    pub fn winner(&self) -> Option<Seat> {
        match self.places.first() {
            Some(first) if first.len() == 1 => Some(first[0]),
            _ => None,
        }
    }
    /// The winners (a team, a single seat, or everyone in a draw).
    pub fn winners(&self) -> &[Seat] {
        self.places.first().map(Vec::as_slice).unwrap_or(&[])
    }
    pub fn is_draw(&self) -> bool {
        self.places.len() == 1
    }
    /// The place of `seat`, 1-based.
    pub fn place_of(&self, seat: Seat) -> Option<usize> {
        let mut place = 1;
        for group in &self.places {
            if group.contains(&seat) {
                return Some(place);
            }
            place += group.len();
        }
        None
    }
}
