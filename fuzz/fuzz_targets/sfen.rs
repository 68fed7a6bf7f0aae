//! SFEN: parsing never panics, and a position read writes back to SFEN that reads the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use yonin_core::record::sfen;
use yonin_core::RuleSet;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = sfen::parse(&text);
    let rules = RuleSet::standard();
    if let Ok(pos) = sfen::position(&text, &rules) {
        let out = sfen::format(&pos);
        let again = sfen::position(&out, &rules).expect("own SFEN reads back");
        assert_eq!(sfen::format(&again), out);
        let _ = pos.legal_moves();
    }
});
