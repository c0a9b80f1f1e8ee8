//! Fuzz the survey folder's readers (`survey::store::load_game`, `read_descriptor`) and what is
//! done with what they accept (the report, the CSV record, the survey of a descriptor): never a
//! panic, whatever the files hold.
//!
//! The first byte is a mode: bit 0 frames the rest as the writer does (header line with the
//! right length and checksum), so that the fuzzer reaches the JSON and the uses of the record;
//! bit 1 picks the descriptor instead of a game record.
//! Run: `cargo fuzz run -s none survey_record fuzz/seeds/survey_record`.
#![no_main]

#[path = "../common/gate.rs"]
mod gate;

#[path = "../common/scratch.rs"]
mod scratch;

use grundy::survey::codes::SurveyCode;
use grundy::survey::record::Record;
use grundy::survey::run::Survey;
use grundy::survey::{report, store};
use libfuzzer_sys::fuzz_target;

fn frame(magic: &str, body: &[u8]) -> Vec<u8> {
    let mut f = format!("{magic} 1 {} {:08x}\n", body.len(), crc32fast::hash(body)).into_bytes();
    f.extend_from_slice(body);
    f
}

fuzz_target!(init: gate::init(), |data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let dir = scratch::dir();
    std::fs::create_dir_all(dir.join(store::GAMES)).unwrap();
    if mode & 2 == 0 {
        // the code the record names (its file name and check), or .77
        let code: SurveyCode = std::str::from_utf8(rest)
            .ok()
            .and_then(|t| t.split_once("\"code\":\"")?.1.split_once('"'))
            .and_then(|(c, _)| c.parse().ok())
            .unwrap_or_else(|| ".77".parse().unwrap());
        let bytes = if mode & 1 == 1 {
            frame("grundy-survey-game", rest)
        } else {
            rest.to_vec()
        };
        std::fs::write(store::game_path(dir, &code), &bytes).unwrap();
        if let Ok(Some(r)) = store::load_game(dir, &code) {
            let _ = report::is_trivial(&r);
            let _ = report::sequence_line(&r);
            let _ = Record::new(&r, "x".into(), 0).csv();
            let results = [r];
            let rep = report::build(&results);
            let _ = report::markdown("fuzz", &results, &rep);
        }
    } else {
        let bytes = if mode & 1 == 1 {
            frame("grundy-survey-descriptor", rest)
        } else {
            rest.to_vec()
        };
        std::fs::write(dir.join(store::DESCRIPTOR), &bytes).unwrap();
        if let Ok(Some(d)) = store::read_descriptor(dir) {
            let _ = d.describe();
            if let Ok(s) = Survey::from_descriptor(&d) {
                let _ = s.part();
            }
        }
    }
});
