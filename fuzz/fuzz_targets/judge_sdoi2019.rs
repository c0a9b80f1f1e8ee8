//! Fuzz the sdoi2019 judge parser: any bytes give an answer or a typed error, never a panic.
//! Inputs the parser accepts with more than 2^26 cells × coins are only parsed: they are valid,
//! and take seconds to solve (up to the documented limit of 4·10^10 operations), which is not what
//! the fuzzer looks for.
#![no_main]

#[path = "../common/gate.rs"]
mod gate;

use grundy::judge::{Problem, sdoi2019};
use libfuzzer_sys::fuzz_target;

fuzz_target!(init: gate::init(), |data: &[u8]| {
    if let Ok((n, m)) = sdoi2019::parse(data)
        && n.saturating_mul(m) > 1 << 26
    {
        return;
    }
    let _ = grundy::judge::solve(Problem::Sdoi2019, data);
});
