//! Stepping through a replay: where a key, a button, the wheel or a click on a record line
//! takes the cursor. The cursor counts the game's actions applied (moves, and the resignations
//! and other endings between them), so an elimination by resignation is a step of its own.

use yonin_core::Action;

/// Where to go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    First,
    Last,
    Back(usize),
    Forward(usize),
    /// Right after the n-th move (0: the start; the last move: the end, endings included).
    ToMove(usize),
}

/// How far Page Up / Page Down go.
pub(crate) const PAGE: usize = 10;

/// The cursor after `step`, from `at`, in a game of `actions`.
pub(crate) fn go(actions: &[Action], at: usize, step: Step) -> usize {
    let n = actions.len();
    match step {
        Step::First => 0,
        Step::Last => n,
        Step::Back(k) => at.min(n).saturating_sub(k),
        Step::Forward(k) => at.saturating_add(k).min(n),
        Step::ToMove(0) => 0,
        Step::ToMove(m) => {
            let mut seen = 0;
            for (i, a) in actions.iter().enumerate() {
                if matches!(a, Action::Move { .. }) {
                    seen += 1;
                    if seen == m {
                        // The last move shows the end, with what came after it.
                        let later_moves = actions[i + 1..]
                            .iter()
                            .any(|a| matches!(a, Action::Move { .. }));
                        return if later_moves { i + 1 } else { n };
                    }
                }
            }
            n
        }
    }
}

/// The number of moves among the first `at` actions (the record line to highlight is this
/// minus one).
pub(crate) fn moves_before(actions: &[Action], at: usize) -> usize {
    actions[..at.min(actions.len())]
        .iter()
        .filter(|a| matches!(a, Action::Move { .. }))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use yonin_core::{Move, Seat};

    fn mv(seat: Seat, usi: &str) -> Action {
        Action::Move {
            seat,
            mv: Move::from_usi(usi).unwrap(),
            millis: None,
        }
    }

    #[test]
    fn steps_stay_inside_the_game_and_moves_map_to_actions() {
        // Three moves, West resigns, one more move, then East resigns.
        let a = vec![
            mv(Seat::South, "5g5f"),
            mv(Seat::West, "8d7d"),
            mv(Seat::North, "5c5d"),
            Action::Resign { seat: Seat::West },
            mv(Seat::East, "2d3d"),
            Action::Resign { seat: Seat::East },
        ];
        assert_eq!(go(&a, 3, Step::First), 0);
        assert_eq!(go(&a, 0, Step::Last), 6);
        assert_eq!(go(&a, 2, Step::Back(10)), 0);
        assert_eq!(go(&a, 2, Step::Forward(PAGE)), 6);
        assert_eq!(go(&a, 2, Step::Forward(1)), 3);
        assert_eq!(go(&a, 0, Step::ToMove(0)), 0);
        assert_eq!(go(&a, 0, Step::ToMove(3)), 3);
        // The last move shows the end, the final resignation included.
        assert_eq!(go(&a, 0, Step::ToMove(4)), 6);
        assert_eq!(go(&a, 0, Step::ToMove(99)), 6);
        assert_eq!(moves_before(&a, 4), 3);
        assert_eq!(moves_before(&a, 6), 4);
        assert_eq!(moves_before(&a, 60), 4);
    }
}
