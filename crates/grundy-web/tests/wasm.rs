//! The library on the wasm target itself (run by web/test in Node.js through
//! wasm-bindgen-test-runner): the same answers as natively, including the paths that read the
//! clock (misère quotients with a deadline, misère play of heap games), which `std` cannot serve
//! there, and the heap engines, which must not try to start threads.
#![cfg(target_arch = "wasm32")]

use grundy::families::heap::Ruleset;
use grundy::misere::{Quotient, Settings};
use grundy::position::{analyse, parse_position};
use grundy::progress::Silent;
use grundy::solve::misere::Play;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn kayles_has_its_proved_period() {
    let a = "kayles".parse::<Ruleset>().unwrap().analyse(1000);
    let p = a.period().unwrap();
    assert_eq!((p.period, p.preperiod, p.proved), (12, 71, true));
    assert_eq!(format!("{:08x}", a.checksum()), "ff10f898"); // as `grundy seq kayles --to 1000`
}

#[wasm_bindgen_test]
fn a_long_octal_scan_runs_on_one_thread() {
    // 0.007 to 10^5: the sparse engine's long scans (rayon falls back to the calling thread)
    let a = "0.007".parse::<Ruleset>().unwrap().analyse(100_000);
    assert_eq!(a.len(), 100_001);
    assert!(a.largest().0 > 0);
}

#[wasm_bindgen_test]
fn a_quotient_with_a_deadline_reads_the_browser_clock() {
    let r: Ruleset = "0.75".parse().unwrap();
    let settings = Settings {
        max_heap: 200,
        deadline: Some(grundy::time::Instant::now() + std::time::Duration::from_secs(30)),
    };
    let c = Quotient::compute(&r, &settings, &Silent).unwrap();
    assert!(c.quotient.is_final());
    assert_eq!(c.quotient.order(), 8);
}

#[wasm_bindgen_test]
fn misere_kayles_is_solved_by_its_quotient() {
    let p = parse_position(
        "[[component]]\nkind = \"heap\"\nruleset = \"kayles\"\nheaps = [5, 3]\n",
        ".".as_ref(),
    )
    .unwrap();
    let a = analyse(&p, Play::Misere).unwrap();
    assert_eq!(a.outcome, grundy::Outcome::N);
    assert_eq!(a.winning_moves.len(), 3);
}

#[wasm_bindgen_test]
fn the_exported_functions_answer_json() {
    let v: serde_json::Value = serde_json::from_str(&grundy_web::seq::seq("0.77", 300.0)).unwrap();
    assert_eq!(v["period"], 12);
    let e: serde_json::Value = serde_json::from_str(&grundy_web::seq::seq("0.9x", 3.0)).unwrap();
    assert!(e["error"].as_str().unwrap().starts_with("ruleset '0.9x': "));
}
