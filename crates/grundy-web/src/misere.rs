//! `#/misere`: the misère quotient of a heap game (`grundy misere RULESET --json`): order,
//! presentation, P-portion, pretending function, tame or not.

use grundy::games::heap::Ruleset;
use grundy::misere::{MAX_HEAP, Quotient, Settings};
use grundy::progress::Silent;
use grundy::report::misere::MisereReport;
use wasm_bindgen::prelude::*;

use crate::answer;

/// The quotient of `ruleset` over heaps up to `max_heap` (200 as the CLI's default), stopped
/// after `seconds` (0: no limit) with the partial quotient; `grundy misere`'s report or
/// `{"error"}`.
#[wasm_bindgen]
pub fn misere(ruleset: &str, max_heap: f64, seconds: f64) -> String {
    answer::json(compute(ruleset, max_heap, seconds))
}

fn compute(ruleset: &str, max_heap: f64, seconds: f64) -> Result<serde_json::Value, String> {
    let r: Ruleset = ruleset
        .parse()
        .map_err(|e| format!("ruleset '{ruleset}': {e}"))?;
    if !(max_heap >= 1.0 && max_heap.fract() == 0.0) {
        return Err(format!(
            "--max-heap {max_heap}: at least heap 1 is needed for a quotient"
        ));
    }
    if max_heap > MAX_HEAP as f64 {
        return Err(format!(
            "--max-heap {max_heap} is beyond the supported limit {MAX_HEAP}"
        ));
    }
    let deadline = (seconds > 0.0).then(|| {
        grundy::time::Instant::now() + std::time::Duration::from_secs_f64(seconds.min(1e7))
    });
    let settings = Settings {
        max_heap: max_heap as usize,
        deadline,
    };
    let c = Quotient::compute(&r, &settings, &Silent)
        .map_err(|e| format!("ruleset '{ruleset}': {e}"))?;
    serde_json::to_value(MisereReport::new(&r, &c)).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quotient_of_0_75_is_final() {
        let v: serde_json::Value = serde_json::from_str(&misere("0.75", 200.0, 0.0)).unwrap();
        assert_eq!(v["final"], true);
        assert_eq!(v["order"], 8);
        let e: serde_json::Value = serde_json::from_str(&misere("0.7z", 200.0, 0.0)).unwrap();
        assert!(e["error"].as_str().unwrap().starts_with("ruleset '0.7z': "));
    }
}
