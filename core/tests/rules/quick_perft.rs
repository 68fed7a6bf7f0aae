//! Smoke perft numbers from the published tables (the golden file has many more).
use yonin_core::perft::perft;
use yonin_core::record::{sfen, ysfen};
use yonin_core::RuleSet;

#[test]
fn standard_start_position() {
    let pos = sfen::position("startpos", &RuleSet::standard()).unwrap();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&pos, d)).collect();
    assert_eq!(counts, [30, 900, 25_470, 719_731]);
}

#[test]
fn matsuri() {
    let pos = sfen::position(
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        &RuleSet::standard(),
    )
    .unwrap();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&pos, d)).collect();
    assert_eq!(counts, [207, 28_684, 4_809_015]);
}

#[test]
fn yonin_start_is_symmetric_in_move_count() {
    let pos = ysfen::position("startpos", &RuleSet::yonin()).unwrap();
    let n = perft(&pos, 1);
    assert!(n > 0);
}
