//! Fuzz the sdoi2019 judge parser: any bytes give an answer or a typed error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = grundy::judge::solve(grundy::judge::Problem::Sdoi2019, data);
});
