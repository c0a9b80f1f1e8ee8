//! Fuzz the agc016f judge parser: any bytes give an answer or a typed error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = grundy::judge::solve(grundy::judge::Problem::Agc016f, data);
});
