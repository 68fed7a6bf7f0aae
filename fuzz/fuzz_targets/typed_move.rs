//! Typed moves (USI or Japanese) on a few positions of both variants: first byte picks the
//! position, the second the previous move's square (同) and whether it is the player's turn.
#![no_main]

use libfuzzer_sys::fuzz_target;
use yonin_core::parse_start;
use yonin_core::record::typed::{parse_typed_move, TypedMove};
use yonin_core::{RuleSet, Square};

const POSITIONS: [(bool, &str); 4] = [
    (false, "startpos"),
    (false, "ln1g3nl/1r1s1kg2/p1ppppsp1/1p4p1p/9/2PBP2PP/PPSP1P3/2G2S1R1/LN2KG1NL w Bp 20"),
    (true, "startpos"),
    (true, "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw5PeGe/KwRwPw3PeReKe/GwPw4PsPeGe/Sw7Se/3PsRs1Ps2/2SsGsKsGsSs2 w -/-/-/- - 5"),
];

fuzz_target!(|data: &[u8]| {
    let [a, b, text @ ..] = data else {
        return;
    };
    let (yonin, start) = POSITIONS[*a as usize % POSITIONS.len()];
    let rules = if yonin {
        RuleSet::yonin()
    } else {
        RuleSet::standard()
    };
    let Ok(pos) = parse_start(&rules, start) else {
        return;
    };
    let prev = Square::new(b & 0x7f);
    let me = (b & 0x80 == 0).then(|| pos.to_move());
    let text = String::from_utf8_lossy(text);
    match parse_typed_move(&pos, me, prev, &text) {
        Ok(TypedMove::Play(m)) => assert!(pos.is_legal(m), "{text:?} gave an illegal move"),
        Ok(TypedMove::AskPromotion { plain, promoted }) => {
            assert!(pos.is_legal(plain) && pos.is_legal(promoted));
        }
        Err(e) => {
            let _ = format!("{e:?}");
        }
    }
});
