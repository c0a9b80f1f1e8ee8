//! `#/table`: a two-heap game's values as a square `size × size` table — Wythoff's game (solved
//! by the library's memoised solver) or the sum of two heap rulesets (`G1(a) ⊕ G2(b)`).

use grundy::ImpartialGame;
use grundy::games::heap::Ruleset;
use grundy::solve::memo::Solver;
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

use crate::answer;

/// The largest table the page computes.
pub const PAGE_MAX_SIZE: usize = 256;

/// Wythoff's game: take any number from one heap, or the same number from both.
pub struct Wythoff;

impl ImpartialGame for Wythoff {
    type Position = (u32, u32);
    fn options(&self, &(a, b): &(u32, u32), out: &mut Vec<(u32, u32)>) {
        out.extend((0..a).map(|x| (x, b)));
        out.extend((0..b).map(|y| (a, y)));
        out.extend((1..=a.min(b)).map(|d| (a - d, b - d)));
    }
}

/// The table `G(a, b)` for `a, b < size` of `game` (`wythoff`) or of `sum` (`R1,R2`, two rulesets
/// `grundy seq` accepts): `{"game", "size", "values": [[..]], "p_positions": [[a, b]], "largest"}`,
/// or `{"error"}`.
#[wasm_bindgen]
pub fn table(game: &str, sum: &str, size: f64) -> String {
    answer::json(compute(game, sum, size))
}

fn compute(game: &str, sum: &str, size: f64) -> Result<Value, String> {
    if !(size >= 1.0 && size.fract() == 0.0 && size <= PAGE_MAX_SIZE as f64) {
        return Err(format!(
            "size {size}: expected a whole number from 1 to {PAGE_MAX_SIZE}"
        ));
    }
    let n = size as usize;
    let (name, rows): (String, Vec<Vec<u64>>) = match (game.trim(), sum.trim()) {
        ("", "") => return Err("give game=wythoff or sum=RULESET1,RULESET2".into()),
        ("wythoff", "") => {
            let mut s = Solver::new(Wythoff);
            let mut rows = Vec::with_capacity(n);
            for a in 0..n as u32 {
                let mut row = Vec::with_capacity(n);
                for b in 0..n as u32 {
                    row.push(s.grundy(&(a, b)).map_err(|e| e.to_string())?.0);
                }
                rows.push(row);
            }
            ("wythoff".into(), rows)
        }
        (g, "") => {
            return Err(format!(
                "game '{g}': unknown two-heap game (known: wythoff; or sum=RULESET1,RULESET2)"
            ));
        }
        ("", s) => {
            let Some((r1, r2)) = s.split_once(',') else {
                return Err(format!(
                    "sum '{s}': expected two rulesets, RULESET1,RULESET2"
                ));
            };
            let parse = |t: &str| {
                t.trim()
                    .parse::<Ruleset>()
                    .map_err(|e| format!("ruleset '{}': {e}", t.trim()))
            };
            let (g1, g2) = (parse(r1)?.values(n - 1), parse(r2)?.values(n - 1));
            let rows = g1
                .iter()
                .map(|&x| g2.iter().map(|&y| x.0 ^ y.0).collect())
                .collect();
            (format!("{} + {}", r1.trim(), r2.trim()), rows)
        }
        _ => return Err("give either game= or sum=, not both".into()),
    };
    let mut p = Vec::new();
    let mut largest = 0;
    for (a, row) in rows.iter().enumerate() {
        for (b, &v) in row.iter().enumerate() {
            largest = largest.max(v);
            if v == 0 {
                p.push([a, b]);
            }
        }
    }
    Ok(json!({ "game": name, "size": n, "values": rows, "p_positions": p, "largest": largest }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wythoff_p_positions_are_the_theorem_s() {
        let v: Value = serde_json::from_str(&table("wythoff", "", 20.0)).unwrap();
        let p: Vec<[u64; 2]> = serde_json::from_value(v["p_positions"].clone()).unwrap();
        // (⌊kφ⌋, ⌊kφ²⌋) and mirrors below 20
        let mut expect = vec![];
        for (a, b) in [
            (0, 0),
            (1, 2),
            (3, 5),
            (4, 7),
            (6, 10),
            (8, 13),
            (9, 15),
            (11, 18),
        ] {
            expect.push([a, b]);
            if a != b {
                expect.push([b, a]);
            }
        }
        expect.sort();
        assert_eq!(p, expect);
    }

    #[test]
    fn a_sum_of_rulesets_is_the_xor_and_bad_input_says_where() {
        let v: Value = serde_json::from_str(&table("", "nim,kayles", 8.0)).unwrap();
        assert_eq!(v["values"][3][3], 3 ^ 3);
        let e: Value = serde_json::from_str(&table("", "nim,0.9q", 8.0)).unwrap();
        assert!(e["error"].as_str().unwrap().starts_with("ruleset '0.9q': "));
    }
}
