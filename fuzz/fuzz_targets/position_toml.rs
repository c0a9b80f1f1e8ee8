//! Fuzz the position-file (TOML) reader: never a panic, whatever the bytes. Files named inside are
//! resolved against a folder that does not exist, so only the parser and validators run.
//! Run: `cargo fuzz run -s none position_toml` (from the repository root).
#![no_main]

#[path = "../common/gate.rs"]
mod gate;

use std::path::Path;

use libfuzzer_sys::fuzz_target;

fuzz_target!(init: gate::init(), |data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = grundy::position::parse_position(text, Path::new("/nonexistent-fuzz-base"));
});
