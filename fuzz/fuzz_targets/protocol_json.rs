//! The protocol's JSON decoder for both directions: never panics, and a decoded message
//! encodes and decodes again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use yonin_core::protocol::{from_json, to_json, ClientMessage, ServerMessage};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(msg) = from_json::<ClientMessage>(text) {
        let out = to_json(&msg).expect("a client message encodes");
        assert_eq!(
            from_json::<ClientMessage>(&out).expect("own JSON decodes"),
            msg
        );
    }
    if let Ok(msg) = from_json::<ServerMessage>(text) {
        if let Ok(out) = to_json(&msg) {
            assert_eq!(
                from_json::<ServerMessage>(&out).expect("own JSON decodes"),
                msg
            );
        }
    }
});
