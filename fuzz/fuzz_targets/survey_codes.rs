//! Fuzz the survey's code parsers (`--codes` lists, one code, `--prefix`, `--shard`): never a
//! panic; an accepted code prints back to itself and gives its ruleset.
//! Run: `cargo fuzz run -s none survey_codes fuzz/seeds/survey_codes`.
#![no_main]

#[path = "../common/gate.rs"]
mod gate;

use grundy::survey::codes::{Prefix, Shard, SurveyCode, parse_list};
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: gate::init(), |data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(c) = text.parse::<SurveyCode>() {
        let again: SurveyCode = c.to_string().parse().expect("Display output parses");
        assert_eq!(again, c);
        let _ = c.ruleset().values(16);
        let _ = c.file_stem();
    }
    if let Ok(list) = parse_list(text) {
        for c in list {
            let _ = c.ruleset();
        }
    }
    let _ = text.parse::<Prefix>();
    if let Ok(s) = text.parse::<Shard>() {
        let again: Shard = s.to_string().parse().expect("Display output parses");
        assert_eq!(again.to_string(), s.to_string());
        let _ = s.contains(12345);
    }
});
