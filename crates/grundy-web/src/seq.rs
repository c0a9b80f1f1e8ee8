//! `#/seq`: the nim-sequence of a ruleset (`grundy seq RULESET --to N --json`), with the period
//! line in words, the sparse-space split of octal games, and progress reported while it runs.

use grundy::games::heap::{MAX_TO, Ruleset, Sequencer};
use grundy::progress::Silent;
use grundy::report::seq::{SeqReport, describe};
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

use crate::answer;

/// The largest heap the page computes: the values travel to the page as JSON.
pub const PAGE_MAX_TO: usize = 20_000_000;

/// The sequence of `ruleset` up to heap `to`: `grundy seq --json`'s report plus `"period_line"`
/// (its period line in words) and `"sparse"` (`{"mask", "rare_count", "last_rare"}`, octal codes
/// computed by the sparse-space method), or `{"error"}`.
#[wasm_bindgen]
pub fn seq(ruleset: &str, to: f64) -> String {
    answer::json(compute(ruleset, to, &mut |_, _| {}))
}

/// [`seq`], calling `progress(done, total)` after each chunk of heaps.
#[wasm_bindgen]
pub fn seq_with_progress(ruleset: &str, to: f64, progress: &js_sys::Function) -> String {
    answer::json(compute(ruleset, to, &mut |done, total| {
        let _ = progress.call2(&JsValue::NULL, &done.into(), &total.into());
    }))
}

/// Parse, compute and report, calling `tick(done, total)` as heaps are finished.
pub fn compute(ruleset: &str, to: f64, tick: &mut dyn FnMut(f64, f64)) -> Result<Value, String> {
    let r: Ruleset = ruleset
        .parse()
        .map_err(|e| format!("ruleset '{ruleset}': {e}"))?;
    if !(to >= 0.0 && to.fract() == 0.0) {
        return Err(format!("--to {to}: expected a non-negative integer"));
    }
    let limit = MAX_TO.min(PAGE_MAX_TO);
    if to > limit as f64 {
        return Err(format!(
            "--to {to} is beyond the page's limit {limit} (the command line goes to {MAX_TO})"
        ));
    }
    let to = to as usize;
    let mut s = Sequencer::new(&r);
    let total = (to + 1) as f64;
    let _ = s.run::<()>(to, &Silent, |s| {
        tick(s.len() as f64, total);
        Ok(())
    });
    let sparse = s.sparse_split();
    let a = s.analysis();
    let mut report = serde_json::to_value(SeqReport::new(&a)).map_err(|e| e.to_string())?;
    if let Value::Object(m) = &mut report {
        m.insert("period_line".into(), json!(describe(&a)));
        m.insert(
            "sparse".into(),
            match sparse {
                Some(split) => json!({
                    "mask": split.mask,
                    "rare_count": split.rare_count,
                    "last_rare": split.last_rare,
                }),
                None => Value::Null,
            },
        );
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(ruleset: &str, to: f64) -> Value {
        serde_json::from_str(&seq(ruleset, to)).unwrap()
    }

    #[test]
    fn kayles_is_the_library_report() {
        let v = get("kayles", 300.0);
        let a = "kayles".parse::<Ruleset>().unwrap().analyse(300);
        let mut lib = serde_json::to_value(SeqReport::new(&a)).unwrap();
        lib["period_line"] = json!(describe(&a));
        for (k, x) in lib.as_object().unwrap() {
            assert_eq!(&v[k], x, "field {k}");
        }
        assert!(v["period_line"].as_str().unwrap().contains("Guy–Smith"));
    }

    #[test]
    fn bad_input_is_an_error_with_the_place() {
        let v = get("0.9x", 10.0);
        assert!(v["error"].as_str().unwrap().starts_with("ruleset '0.9x': "));
        let v = get("0.77", -1.0);
        assert!(v["error"].as_str().unwrap().contains("non-negative"));
        let v = get("0.77", 1e12);
        assert!(
            v["error"]
                .as_str()
                .unwrap()
                .contains("beyond the page's limit")
        );
    }

    #[test]
    fn progress_reaches_the_total() {
        let mut last = (0.0, 0.0);
        compute("0.007", 20_000.0, &mut |d, t| last = (d, t)).unwrap();
        assert_eq!(last, (20_001.0, 20_001.0));
    }
}
