//! Picking: which pieces the player may pick up, where they may go, what a click on a square
//! chooses (a move, the promotion question, nothing) and why a move is refused.

use yonin_core::{Move, Square};

use super::{Choice, Pick, Table};

impl Table {
    /// The legal moves of a picked piece (only on the player's turn).
    pub(crate) fn moves_of(&self, pick: Pick) -> Vec<Move> {
        if !self.my_turn() {
            return Vec::new();
        }
        self.legal
            .iter()
            .copied()
            .filter(|m| match pick {
                Pick::Square(sq) => m.from() == Some(sq),
                Pick::Hand(k) => m.drop_kind() == Some(k),
            })
            .collect()
    }

    /// May this be picked up? (One of the player's pieces with somewhere to go.)
    pub(crate) fn can_pick(&self, pick: Pick) -> bool {
        !self.moves_of(pick).is_empty()
    }

    /// Destinations of a pick: (square, is a capture), each square once.
    pub fn hints(&self, pick: Pick) -> Vec<(Square, bool)> {
        let pos = self.game.position();
        let mut out: Vec<(Square, bool)> = Vec::new();
        for m in self.moves_of(pick) {
            if !out.iter().any(|(s, _)| *s == m.to()) {
                out.push((m.to(), pos.piece_at(m.to()).is_some()));
            }
        }
        out
    }

    /// What putting the pick on `to` means.
    pub(crate) fn choose(&self, pick: Pick, to: Square) -> Choice {
        let moves: Vec<Move> = self
            .moves_of(pick)
            .into_iter()
            .filter(|m| m.to() == to)
            .collect();
        let plain = moves.iter().copied().find(|m| !m.promotes());
        let promoted = moves.iter().copied().find(|m| m.promotes());
        match (plain, promoted) {
            (Some(plain), Some(promoted)) => Choice::AskPromotion { plain, promoted },
            (Some(m), None) | (None, Some(m)) => Choice::Play(m),
            (None, None) => Choice::Nothing,
        }
    }

    /// Why moving `pick` to `to` is refused, in the player's words (None when some move there
    /// is legal, or the square is the piece's own).
    pub fn refusal(&self, pick: Pick, to: Square) -> Option<String> {
        let mv = match pick {
            Pick::Square(from) if from == to => return None,
            Pick::Square(from) => Move::normal(from, to, false),
            Pick::Hand(kind) => Move::drop(kind, to),
        };
        if self.choose(pick, to) != Choice::Nothing {
            return None;
        }
        let pos = self.game.position();
        // A move that must promote is refused plainly; its promoting twin says why not.
        let why = match pos.why_illegal(mv)? {
            yonin_core::IllegalMove::MustPromote => match pick {
                Pick::Square(from) => pos.why_illegal(Move::normal(from, to, true))?,
                Pick::Hand(_) => yonin_core::IllegalMove::MustPromote,
            },
            // A piece that just cannot go there, or an empty square: nothing worth saying.
            yonin_core::IllegalMove::CannotReach(..)
            | yonin_core::IllegalMove::OwnPiece(_)
            | yonin_core::IllegalMove::NoPiece(_)
            | yonin_core::IllegalMove::NotYourPiece(_) => return None,
            why => why,
        };
        let usi = mv.to_string();
        Some(crate::i18n::words::illegal_reason(&why, &usi))
    }

    /// Would an impasse declaration by the player succeed now? (Its button shows only then.)
    pub(crate) fn impasse_available(&self) -> bool {
        match self.me {
            Some(me) if self.my_turn() => self.game.impasse_verdict(me).is_ok(),
            _ => false,
        }
    }

    /// All legal moves in the current position (tests and bots of the test suite use it).
    pub fn legal_moves(&self) -> &[Move] {
        &self.legal
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yonin_core::Action;
    use yonin_core::Seat;
    use yonin_core::{Game, RuleSet};

    fn mv(s: &str) -> Move {
        Move::from_usi(s).unwrap()
    }

    #[test]
    fn picking_shows_destinations_and_asks_about_promotion() {
        let mut t = Table::from_game(Game::new(RuleSet::standard()), Some(Seat::South), 0.0);
        let pawn = Pick::Square(Square::from_usi("7g").unwrap());
        assert_eq!(
            t.hints(pawn),
            vec![(Square::from_usi("7f").unwrap(), false)]
        );
        assert_eq!(
            t.choose(pawn, Square::from_usi("7f").unwrap()),
            Choice::Play(mv("7g7f"))
        );
        assert_eq!(
            t.choose(pawn, Square::from_usi("7e").unwrap()),
            Choice::Nothing
        );
        for m in ["7g7f", "3c3d"] {
            let seat = t.game.to_move();
            t.apply_local(
                Action::Move {
                    seat,
                    mv: mv(m),
                    millis: None,
                },
                0.0,
            )
            .unwrap();
        }
        // The bishop may take on 2b promoted or not.
        let bishop = Pick::Square(Square::from_usi("8h").unwrap());
        assert_eq!(
            t.choose(bishop, Square::from_usi("2b").unwrap()),
            Choice::AskPromotion {
                plain: mv("8h2b"),
                promoted: mv("8h2b+")
            }
        );
        assert!(t
            .hints(bishop)
            .contains(&(Square::from_usi("2b").unwrap(), true)));
        assert_eq!(t.record.len(), 2);
        assert_eq!(t.record[0].japanese, "▲7六歩");
        assert_eq!(t.record[1].japanese, "△3四歩");
        assert_eq!(t.record_text(false), "1 ▲7六歩\n2 △3四歩");
        assert_eq!(t.record_text(true), "position startpos moves 7g7f 3c3d");
    }

    #[test]
    fn nothing_is_picked_on_someone_elses_turn() {
        let t = Table::from_game(Game::new(RuleSet::standard()), Some(Seat::North), 0.0);
        assert!(!t.my_turn());
        assert!(!t.can_pick(Pick::Square(Square::from_usi("3c").unwrap())));
    }
}
