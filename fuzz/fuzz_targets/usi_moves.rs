//! USI `position … moves …` lines on both variants (first byte: the variant), and single USI
//! move texts checked against the start position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use yonin_core::record::position_text;
use yonin_core::record::usi;
use yonin_core::{Move, Position, RuleSet};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let rules = if pick % 2 == 0 {
        RuleSet::standard()
    } else {
        RuleSet::yonin()
    };
    let text = String::from_utf8_lossy(rest);
    if let Ok((start, moves, end)) = usi::parse_position_line(&text, &rules) {
        let mut pos = start;
        for m in &moves {
            pos.play(*m).expect("the parser checked every move");
        }
        assert_eq!(position_text(&pos), position_text(&end));
    }
    for word in text.split_whitespace().take(64) {
        if let Ok(m) = Move::from_usi(word) {
            assert_eq!(Move::from_usi(&m.to_string()), Ok(m));
            let _ = Position::start(&rules).is_legal(m);
        }
    }
});
