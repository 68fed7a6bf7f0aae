//! Each record reader with its format named (first byte: KIF, KI2, CSA, USI or YSFEN), then the
//! record replayed into a stored game, as an import that names its format does.
#![no_main]

use libfuzzer_sys::fuzz_target;
use yonin_core::record::RecordFormat;
use yonin_server::store::records;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let format = RecordFormat::ALL[pick as usize % RecordFormat::ALL.len()];
    if let Ok((_, rec)) = records::read(bytes, Some(format)) {
        let _ = rec.positions();
        if let Ok(game) = records::from_record(&rec, "fuzz") {
            game.replay().expect("an imported game replays");
        }
    }
});
