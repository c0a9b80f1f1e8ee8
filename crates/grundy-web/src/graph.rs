//! `#/graph`: tokens on a directed graph given as `0-1,1-2,2-0,2-3` (`grundy graph FILE
//! --values --json` of the same edges), with each vertex's outcome for drawing.

use grundy::games::digraph::{self, parse_edge_list, sum};
use grundy::progress::Silent;
use grundy::report::graph::GraphReport;
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

use crate::answer;

/// The most edges the page draws and analyses.
pub const PAGE_MAX_EDGES: usize = 5000;

/// The graph of `edges` (`u-v` pairs, comma-separated) with tokens on `tokens` (comma-separated
/// vertices, may be empty): `grundy graph --values --json`'s report plus `"edge_list"` and
/// `"outcomes"` (one letter per vertex), or `{"error"}`.
#[wasm_bindgen]
pub fn graph(edges: &str, tokens: &str) -> String {
    answer::json(compute(edges, tokens))
}

/// The edges as `u v` lines, each item checked to be `u-v`.
pub(crate) fn edge_lines(edges: &str) -> Result<(String, Vec<[u64; 2]>), String> {
    let mut text = String::new();
    let mut pairs = Vec::new();
    for (i, item) in edges.split(',').map(str::trim).enumerate() {
        if item.is_empty() {
            continue;
        }
        let parsed = item
            .split_once('-')
            .and_then(|(u, v)| Some([u.trim().parse().ok()?, v.trim().parse().ok()?]));
        let Some(pair) = parsed else {
            return Err(format!(
                "edges: item {} '{item}' is not an edge u-v of two vertex numbers",
                i + 1
            ));
        };
        text.push_str(&format!("{} {}\n", pair[0], pair[1]));
        pairs.push(pair);
    }
    if pairs.len() > PAGE_MAX_EDGES {
        return Err(format!(
            "edges: {} edges, more than the page's limit of {PAGE_MAX_EDGES}",
            pairs.len()
        ));
    }
    Ok((text, pairs))
}

fn compute(edges: &str, tokens: &str) -> Result<Value, String> {
    let (text, pairs) = edge_lines(edges)?;
    let g = parse_edge_list(text.as_bytes(), None).map_err(|e| format!("edges: {e}"))?;
    let mut toks = Vec::new();
    for t in tokens.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        toks.push(
            t.parse::<u64>()
                .map_err(|_| format!("--tokens: '{t}' is not a non-negative integer"))?,
        );
    }
    let checked = sum::check_tokens(&g, &toks).map_err(|e| e.to_string())?;
    let vals = digraph::values(&g, &Silent);
    let analysis = sum::analyze(&g, &vals, &checked).map_err(|e| e.to_string())?;
    let mut report = serde_json::to_value(GraphReport::new(&g, &vals, &toks, &analysis, true))
        .map_err(|e| e.to_string())?;
    let outcomes: String = (0..g.vertex_count() as u32)
        .map(|v| vals.outcome(v).to_string())
        .collect();
    if let Value::Object(o) = &mut report {
        o.insert("edge_list".into(), json!(pairs));
        o.insert("outcomes".into(), json!(outcomes));
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cycle_has_infinite_values_and_draws() {
        let v: Value = serde_json::from_str(&graph("0-1,1-2,2-0,2-3", "0")).unwrap();
        assert_eq!(
            (v["vertices"].as_u64(), v["values"][3].as_u64()),
            (Some(4), Some(0))
        );
        let v: Value = serde_json::from_str(&graph("0-1,1-0", "0")).unwrap();
        assert!(v["values"][0]["inf"].is_array(), "{}", v["values"]);
        assert_eq!(v["outcomes"], "DD");
        assert_eq!(v["outcome"], "D");
    }

    #[test]
    fn malformed_edges_name_the_item() {
        let v: Value = serde_json::from_str(&graph("0-1,1x2", "")).unwrap();
        assert!(v["error"].as_str().unwrap().contains("item 2 '1x2'"));
    }
}
