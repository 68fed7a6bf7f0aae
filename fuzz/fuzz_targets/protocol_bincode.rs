//! The protocol's bincode decoder for both directions: never panics (length bombs are
//! refused), and a decoded message encodes to the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use yonin_core::protocol::{from_bincode, to_bincode, ClientMessage, ServerMessage};

fuzz_target!(|data: &[u8]| {
    if let Ok(msg) = from_bincode::<ClientMessage>(data) {
        let out = to_bincode(&msg).expect("a client message encodes");
        assert_eq!(
            from_bincode::<ClientMessage>(&out).expect("own bincode decodes"),
            msg
        );
    }
    if let Ok(msg) = from_bincode::<ServerMessage>(data) {
        if let Ok(out) = to_bincode(&msg) {
            assert_eq!(
                from_bincode::<ServerMessage>(&out).expect("own bincode decodes"),
                msg
            );
        }
    }
});
