//! `#/guess`: the rule behind pasted Grundy values (`grundy guess --values FILE --json`, or
//! `--table FILE` for cells `x y v`), with the answer in the CLI's own words and predictions at
//! the points asked; for a table that is a sum of two games, the known games its factors are
//! consistent with (`identified_factors`).

use grundy::guess::input::{parse_table, parse_values};
use grundy::guess::report::{GuessReport, lines};
use grundy::guess::{Guess, Prediction, sequence, table};
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

use crate::answer;

/// The most values (or cells) the page guesses from: the detectors' time grows with the data.
pub const PAGE_MAX_VALUES: usize = 200_000;

/// The guess of `values` (a sequence `G(0) G(1) …`, or with `is_table` lines `x y v`) with
/// predictions at `at` (points separated by spaces or `;`, each `n` or `x,y`):
/// `grundy guess --json`'s report plus `"data"` (what was read, in words) and `"lines"` (the
/// answer as the CLI prints it), or `{"error"}`.
#[wasm_bindgen]
pub fn guess(values: &str, is_table: bool, at: &str) -> String {
    answer::json(compute(values, is_table, at))
}

/// Parse, guess, predict and report.
pub fn compute(values: &str, is_table: bool, at: &str) -> Result<Value, String> {
    let (g, data) = if is_table {
        let t = parse_table(values).map_err(|e| format!("table: {e}"))?;
        if t.len() > PAGE_MAX_VALUES {
            return Err(format!(
                "{} cells: the page guesses from at most {PAGE_MAX_VALUES} (grundy guess --table has no such limit)",
                t.len()
            ));
        }
        let data = format!(
            "{} cells T(x, y), x < {}, y < {}, pasted",
            t.len(),
            t.width(),
            t.height()
        );
        (Guess::Table(table::guess(&t)), data)
    } else {
        let v = parse_values(values).map_err(|e| format!("values: {e}"))?;
        if v.len() > PAGE_MAX_VALUES {
            return Err(format!(
                "{} values: the page guesses from at most {PAGE_MAX_VALUES} (grundy guess --values has no such limit)",
                v.len()
            ));
        }
        let data = format!("{} values G(0..={}), pasted", v.len(), v.len() - 1);
        (Guess::Sequence(sequence::guess(&v)), data)
    };
    let points = parse_points(at)?;
    let predictions: Vec<Prediction> = points
        .iter()
        .map(|p| g.predict(p).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let mut report =
        serde_json::to_value(GuessReport::new(&g, &predictions)).map_err(|e| e.to_string())?;
    if let Value::Object(m) = &mut report {
        m.insert("data".into(), json!(data));
        m.insert("lines".into(), json!(lines(&g, &predictions)));
    }
    Ok(report)
}

/// Points `n` or `x,y`, separated by spaces or `;` (at most 64).
fn parse_points(text: &str) -> Result<Vec<Vec<u64>>, String> {
    let mut out = Vec::new();
    for tok in text
        .split([' ', ';', '\n', '\t'])
        .filter(|t| !t.trim().is_empty())
    {
        if out.len() == 64 {
            return Err("at most 64 points to predict".into());
        }
        let p: Vec<u64> = tok
            .trim()
            .split(',')
            .map(|x| {
                x.trim()
                    .parse::<u64>()
                    .map_err(|_| format!("at '{tok}': give a heap n or a cell x,y"))
            })
            .collect::<Result<_, _>>()?;
        if p.is_empty() || p.len() > 2 {
            return Err(format!("at '{tok}': give a heap n or a cell x,y"));
        }
        out.push(p);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_values_of_kayles_are_recognised_with_a_proved_prediction() {
        let r: grundy::games::heap::Ruleset = "0.77".parse().unwrap();
        let a = r.analyse(63);
        let text: Vec<String> = (0..64).map(|n| a.value(n).unwrap().0.to_string()).collect();
        let v = compute(&text.join(" "), false, "1000000000000").unwrap();
        assert_eq!(v["identified"]["ruleset"], "0.77");
        assert_eq!(v["data"], "64 values G(0..=63), pasted");
        let lines: Vec<&str> = v["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap())
            .collect();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("identified: 0.77 (kayles)"))
        );
        assert!(lines.iter().any(|l| l.starts_with("certainty: ")));
    }

    #[test]
    fn kayles_plus_subtraction_table_names_both_factors() {
        let cells = include_str!("../../../docs/data/kayles-plus-sub123.txt");
        let v = compute(cells, true, "1000000000000,1000003").unwrap();
        let id = &v["identified_factors"];
        assert_eq!(id["rows"]["ruleset"], "0.77", "{v}");
        assert_eq!(id["columns"]["ruleset"], "0.73");
        assert_eq!(id["predictions"][0]["value"], 2);
        assert!(
            v["lines"]
                .as_array()
                .unwrap()
                .iter()
                .any(|l| l == "identified rows: f(x) = 0.77 (kayles), agreeing on all 40 values")
        );
    }

    #[test]
    fn a_periodic_table_is_found_and_bad_input_names_its_place() {
        let cells: String = (0..6)
            .flat_map(|x| (0..6).map(move |y| format!("{x} {y} {}\n", (x ^ y) % 4)))
            .collect();
        let v = compute(&cells, true, "7,9").unwrap();
        assert_eq!(v["found"], true, "{v}");
        let e = compute("0 1 x", false, "").unwrap_err();
        assert!(e.contains("line 1"), "{e}");
        let e = compute("0 1 2", false, "3,4,5").unwrap_err();
        assert!(e.contains("3,4,5"), "{e}");
    }
}
