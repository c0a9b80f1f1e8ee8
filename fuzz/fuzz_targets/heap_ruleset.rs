//! Fuzz the heap-game ruleset parser: never a panic; anything accepted prints back to an equal
//! ruleset, and its first values and moves can be computed.
//! Run: `cargo fuzz run -s none heap_ruleset` (from the repository root).
#![no_main]

#[path = "../common/gate.rs"]
mod gate;

use grundy::games::heap::Ruleset;
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: gate::init(), |data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(r) = text.parse::<Ruleset>() {
        let again: Ruleset = r.to_string().parse().expect("Display output parses");
        assert_eq!(again, r);
        let values = r.values(24);
        assert_eq!(values.len(), 25);
        let mut moves = Vec::new();
        r.moves(12, &mut moves);
    }
});
