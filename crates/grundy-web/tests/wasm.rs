//! The library on the wasm target itself (run by web/test in Node.js through
//! wasm-bindgen-test-runner): the same answers as natively, including the paths that read the
//! clock (misère quotients with a deadline, misère play of heap games), which `std` cannot serve
//! there, and the heap engines, which must not try to start threads.
#![cfg(target_arch = "wasm32")]

use grundy::games::heap::Ruleset;
use grundy::misere::{Quotient, Settings};
use grundy::position::{analyse, parse_position};
use grundy::progress::Silent;
use grundy::solve::outcomes::Play;
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

#[wasm_bindgen_test]
fn a_small_cram_board_is_searched_as_natively() {
    // the search engine on the wasm target: no thread starts, the same report as natively
    // (`grundy search cram --rows 4 --cols 5 --moves --json`: *2, with its winning moves)
    use grundy::report::search::{Request, SearchOptions, Target, run};
    let board = grundy::games::cram::Cram::default().board(4, 5).unwrap();
    let mut options = SearchOptions {
        moves: true,
        memory: 16 << 20,
        ..Default::default()
    };
    options.config.threads = 1;
    let r = run(
        &Request {
            target: Target::Cram(board),
            options,
        },
        &Silent,
    )
    .unwrap();
    assert_eq!(r.value, Some(2));
    assert_eq!(r.outcome, grundy::Outcome::N);
    let moves: Vec<String> = r.winning_moves.unwrap().into_iter().map(|m| m.mv).collect();
    assert!(!moves.is_empty());
    // the page's answer is the same report, with the winning moves' cells
    let silent = &Silent;
    let v = grundy_web::search::search_value("cram", "size", "4x5", "16M", silent).unwrap();
    assert_eq!(v["value"], 2);
    let shown: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(shown, moves);
    assert_eq!(v["winning_cells"].as_array().unwrap().len(), moves.len());
}

#[wasm_bindgen_test]
fn sprouts_and_kayles_are_searched_on_the_wasm_target() {
    let silent = &Silent;
    // 0*3 is won by the first player; 0*2 lost (df-pn, one thread)
    let v = grundy_web::search::search_value("sprouts", "position", "0*3", "", silent).unwrap();
    assert_eq!(v["outcome"], "N");
    let v = grundy_web::search::search_value("sprouts", "position", "0*2", "", silent).unwrap();
    assert_eq!(
        (v["value"].as_u64(), v["outcome"].as_str()),
        (Some(0), Some("P"))
    );
    // Node-Kayles on the 1 × 3 grid: the middle wins at once
    let v = grundy_web::search::search_value("node-kayles", "grid", "1x3", "", silent).unwrap();
    assert_eq!(v["winning_moves"][0]["move"], "1,2");
    let v = grundy_web::search::search_value("arc-kayles", "grid", "2x3", "", silent).unwrap();
    assert!(v["value"].is_u64());
}
