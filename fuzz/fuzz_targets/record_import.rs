//! The importer's own entry point (`records::import`): UTF-8 or Shift-JIS bytes, format guessed
//! from the text (KIF, KI2, CSA, USI, YSFEN record). An imported game replays and writes back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use yonin_core::record::RecordFormat;
use yonin_server::store::records;

fuzz_target!(|data: &[u8]| {
    if let Ok(game) = records::import(data, None, "fuzz") {
        game.replay().expect("an imported game replays");
        for format in RecordFormat::ALL {
            let _ = records::export(&game, format);
        }
    }
});
