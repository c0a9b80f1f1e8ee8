//! Fuzz `grundy seq RULESET --at N`: the heap-size parser of the command (the same file) and the
//! value of that heap through the proved period, within a small budget: never a panic; a parsed
//! number prints back to its digits.
//!
//! The budget is 200 heaps: a code of many split digits costs about `n³ · digits` to compute
//! to heap `n` (`0.BBBBBBBBBB06!` to 600 takes 0.6 s natively and past libFuzzer's 10-s timeout
//! in the fuzzing build), and the parsing and period paths are the same at any budget.
//!
//! The input is `RULESET\nN` (without a newline: N alone, for the ruleset `0.07`).
//! Run: `cargo fuzz run -s none seq_at fuzz/seeds/seq_at`.
#![no_main]

#[path = "../common/gate.rs"]
mod gate;

#[path = "../../crates/grundy-cli/src/cli/seq_at.rs"]
mod seq_at;

use grundy::games::heap::Ruleset;
use grundy::games::heap::one_heap::value_of_heap;
use grundy::progress::Silent;
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: gate::init(), |data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (rules, number) = text.split_once('\n').unwrap_or(("0.07", text));
    let Ok(n) = seq_at::parse_heap(number) else {
        return;
    };
    let digits: String = number.trim().chars().filter(|&c| c != '_').collect();
    let digits = digits.trim_start_matches('0');
    assert_eq!(n.to_string(), if digits.is_empty() { "0" } else { digits });
    let Ok(r) = rules.parse::<Ruleset>() else {
        return;
    };
    if let Ok(v) = value_of_heap(&r, &n, 200, &Silent) {
        assert_eq!(v.heap, n);
    }
});
