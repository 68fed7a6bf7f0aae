//! The terms and weights of the tuning layout against the evaluation itself.

use super::*;
use crate::bot::eval_standard::linear_evaluation as evaluate;
use crate::bot::random_games::random_game;
use crate::rules::RuleSet;

#[test]
fn terms_times_weights_is_the_evaluation() {
    let w = standard_weights();
    let mut checked = 0;
    let mut quiet = 0;
    for g in 0..12u64 {
        for pos in random_game(&RuleSet::standard(), 0x5eed ^ (g << 8), 300) {
            let t = standard_terms(&pos);
            let sum: f64 = t.iter().zip(&w).map(|(a, b)| a * b).sum();
            let e = evaluate(&pos) as f64;
            // The evaluation floors its sixteenths once: within a centipawn.
            assert!(sum - e >= -0.01 && sum - e < 1.0, "{sum} vs {e}");
            checked += 1;
            quiet += usize::from(is_quiet(&pos));
        }
    }
    assert!(checked > 1000, "{checked} positions");
    assert!(quiet > 0 && quiet < checked, "{quiet} quiet of {checked}");
}

#[test]
fn rendered_weights_are_the_current_constant() {
    let src = render_standard_weights(&standard_weights());
    let file = include_str!("eval_weights.rs");
    let body = &file[file.find("pub(crate) const STD").expect("the constant")..];
    let squeeze = |s: &str| s.split_whitespace().collect::<String>();
    assert_eq!(squeeze(&src), squeeze(body));
}

#[test]
fn every_term_has_a_name() {
    let names = term_names();
    assert_eq!(names.len(), TERMS);
    assert_eq!(
        standard_terms(&Position::start(&RuleSet::standard())).len(),
        TERMS
    );
    assert_eq!(names[KNIGHT_EDGE], "knight on an edge lane");
    assert_eq!(names[TEMPO], "tempo");
}

#[test]
fn the_start_position_is_quiet_and_level_but_for_the_tempo() {
    let pos = Position::start(&RuleSet::standard());
    assert!(is_quiet(&pos));
    let t = standard_terms(&pos);
    assert!(t[..TEMPO].iter().all(|&x| x == 0.0));
    assert_eq!(t[TEMPO], 1.0);
}
