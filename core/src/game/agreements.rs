//! What the two players of a standard game settle beside their moves: a draw offer and its
//! answer, and the win a player may claim once a computer stands in for an opponent who did not
//! come back (docs/rules.md, "Draws" and the house rules on leaving). Yonin has neither.
//!
//! The room keeps this state in its `Game` from its players' requests; the client's mirror
//! keeps it in its own from the room's messages (`DrawOffered`, `DrawDeclined`, `BotTookOver`,
//! `SeatReconnected`) and from the moves both apply. A move by the side an offer was made to
//! declines it; the end of the game clears both.

use super::{Game, GameError};
use crate::rules::Variant;
use crate::seat::{Seat, SeatSet};

/// What became of a draw offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawAnswer {
    /// It stands until the opponent answers or moves.
    Pending,
    /// Declined at once by `by`: a computer plays that side, and computers do not take draws.
    Declined { by: Seat },
}

impl Game {
    /// The seat whose draw offer stands.
    pub fn draw_offer(&self) -> Option<Seat> {
        self.draw_offer
    }

    /// Seats a computer stands in for whose opponent may claim the win.
    pub fn claimable(&self) -> SeatSet {
        self.claimable
    }

    /// Can `seat` settle anything now: a standard game, not over, and `seat` in it?
    fn check_can_settle(&self, seat: Seat) -> Result<(), GameError> {
        if self.rules.variant != Variant::Standard {
            return Err(GameError::StandardOnly);
        }
        self.check_can_act(seat)
    }

    /// `seat` offers a draw. `computer_opponent`: a computer plays the other side, which
    /// declines at once.
    pub fn offer_draw(
        &mut self,
        seat: Seat,
        computer_opponent: bool,
    ) -> Result<DrawAnswer, GameError> {
        self.check_can_settle(seat)?;
        if computer_opponent {
            self.draw_offer = None;
            return Ok(DrawAnswer::Declined {
                by: seat.opposite(),
            });
        }
        self.draw_offer = Some(seat);
        Ok(DrawAnswer::Pending)
    }

    /// May `seat` accept a draw now (its opponent's offer stands)? The draw itself is the
    /// action `AgreeDraw`, applied by the caller like every action.
    pub fn check_accept_draw(&self, seat: Seat) -> Result<(), GameError> {
        self.check_can_settle(seat)?;
        if self.draw_offer != Some(seat.opposite()) {
            return Err(GameError::NoDrawOffer);
        }
        Ok(())
    }

    /// `seat` declines its opponent's standing offer.
    pub fn decline_draw(&mut self, seat: Seat) -> Result<(), GameError> {
        self.check_accept_draw(seat)?;
        self.draw_offer = None;
        Ok(())
    }

    /// May `seat` claim the win now? The seat that loses by it (the opponent, as the action
    /// `Forfeit`), when a computer stands in for it after its grace period ran out.
    pub fn check_claim_win(&self, seat: Seat) -> Result<Seat, GameError> {
        self.check_can_settle(seat)?;
        let opponent = seat.opposite();
        if !self.claimable.contains(opponent) {
            return Err(GameError::NothingToClaim);
        }
        Ok(opponent)
    }

    /// A computer now stands in for `seat`, whose person did not come back in time. In a
    /// standard game running, the opponent may then claim the win instead of playing on:
    /// returns whether it may.
    pub fn stand_in(&mut self, seat: Seat) -> bool {
        if self.check_can_settle(seat).is_err() {
            return false;
        }
        self.claimable.insert(seat);
        true
    }

    /// `seat`'s person is back: no win can be claimed against it.
    pub fn seat_back(&mut self, seat: Seat) {
        self.claimable.remove(seat);
    }

    /// After `seat`'s move: an offer the other side made is declined by it.
    pub(super) fn moved(&mut self, seat: Seat) {
        if self.draw_offer.is_some_and(|s| s != seat) {
            self.draw_offer = None;
        }
    }

    /// At the end of the game nothing is left to settle.
    pub(super) fn settled(&mut self) {
        self.draw_offer = None;
        self.claimable = SeatSet::EMPTY;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;

    fn standard() -> Game {
        Game::new(RuleSet::standard())
    }

    #[test]
    fn an_offer_stands_until_answered_or_moved_against() {
        let mut g = standard();
        assert_eq!(g.offer_draw(Seat::South, false), Ok(DrawAnswer::Pending));
        assert_eq!(g.draw_offer(), Some(Seat::South));
        // The offerer cannot accept its own offer; its own move leaves it standing.
        assert_eq!(
            g.check_accept_draw(Seat::South),
            Err(GameError::NoDrawOffer)
        );
        let mv = g.position().legal_moves().as_slice()[0];
        g.play(Seat::South, mv).unwrap();
        assert_eq!(g.draw_offer(), Some(Seat::South));
        assert_eq!(g.check_accept_draw(Seat::North), Ok(()));
        // The other side's move declines it.
        let mv = g.position().legal_moves().as_slice()[0];
        g.play(Seat::North, mv).unwrap();
        assert_eq!(g.draw_offer(), None);
        assert_eq!(
            g.check_accept_draw(Seat::North),
            Err(GameError::NoDrawOffer)
        );
    }

    #[test]
    fn a_decline_clears_the_offer_and_the_end_clears_everything() {
        let mut g = standard();
        g.offer_draw(Seat::North, false).unwrap();
        assert_eq!(g.decline_draw(Seat::North), Err(GameError::NoDrawOffer));
        assert_eq!(g.decline_draw(Seat::South), Ok(()));
        assert_eq!(g.draw_offer(), None);
        g.offer_draw(Seat::North, false).unwrap();
        assert!(g.stand_in(Seat::North));
        g.resign(Seat::South).unwrap();
        assert_eq!(g.draw_offer(), None);
        assert_eq!(g.claimable(), SeatSet::EMPTY);
        assert_eq!(g.offer_draw(Seat::South, false), Err(GameError::GameOver));
        assert!(!g.stand_in(Seat::South));
    }

    #[test]
    fn computers_decline_at_once() {
        let mut g = standard();
        assert_eq!(
            g.offer_draw(Seat::South, true),
            Ok(DrawAnswer::Declined { by: Seat::North })
        );
        assert_eq!(g.draw_offer(), None);
    }

    #[test]
    fn a_win_is_claimed_only_against_a_stand_in() {
        let mut g = standard();
        assert_eq!(
            g.check_claim_win(Seat::South),
            Err(GameError::NothingToClaim)
        );
        assert!(g.stand_in(Seat::North));
        assert_eq!(g.check_claim_win(Seat::South), Ok(Seat::North));
        // Not against oneself.
        assert_eq!(
            g.check_claim_win(Seat::North),
            Err(GameError::NothingToClaim)
        );
        g.seat_back(Seat::North);
        assert_eq!(
            g.check_claim_win(Seat::South),
            Err(GameError::NothingToClaim)
        );
    }

    #[test]
    fn yonin_settles_nothing() {
        let mut g = Game::new(RuleSet::yonin());
        assert_eq!(
            g.offer_draw(Seat::South, false),
            Err(GameError::StandardOnly)
        );
        assert_eq!(g.check_claim_win(Seat::West), Err(GameError::StandardOnly));
        assert!(!g.stand_in(Seat::West));
    }
}
