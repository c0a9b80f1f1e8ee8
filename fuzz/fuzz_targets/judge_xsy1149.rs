//! Fuzz the xsy1149 judge parser: any bytes give an answer or a typed error, never a panic.
#![no_main]

#[path = "../common/gate.rs"]
mod gate;

use libfuzzer_sys::fuzz_target;

fuzz_target!(init: gate::init(), |data: &[u8]| {
    let _ = grundy::judge::solve(grundy::judge::Problem::Xsy1149, data);
});
