//! YSFEN: parsing never panics, and a position read writes back to YSFEN that reads the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use yonin_core::record::ysfen;
use yonin_core::RuleSet;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = ysfen::parse(&text);
    let rules = RuleSet::yonin();
    if let Ok(pos) = ysfen::position(&text, &rules) {
        let out = ysfen::format(&pos);
        let again = ysfen::position(&out, &rules).expect("own YSFEN reads back");
        assert_eq!(ysfen::format(&again), out);
        let _ = pos.legal_moves();
    }
});
