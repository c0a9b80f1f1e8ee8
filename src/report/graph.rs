//! The report of tokens on a directed graph: the graph's size, whether it is acyclic, the value of
//! the tokens' sum (XOR, or Smith's rules with infinite values), the outcome, every winning move,
//! and optionally the value of every vertex.

use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

use crate::games::digraph::{Digraph, GraphValues, sum::TokenAnalysis};

/// Streams the value of every vertex as a JSON array without building it: a number for a finite
/// value, `{"infinite": [..]}` for `∞(K)`.
#[derive(Clone, Copy, Debug)]
pub struct AllValues<'a>(pub &'a GraphValues);

impl Serialize for AllValues<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for v in 0..self.0.len() as u32 {
            match self.0.finite(v) {
                Some(n) => seq.serialize_element(&n.0)?,
                None => seq.serialize_element(&self.0.get(v))?,
            }
        }
        seq.end()
    }
}

/// `{"vertices", "edges", "acyclic", "tokens", "value", "outcome", "winning_moves", ["values"]}`.
///
/// ```
/// use grundy::games::digraph::{parse_edge_list, sum, values};
/// use grundy::progress::Silent;
/// use grundy::report::graph::GraphReport;
/// let g = parse_edge_list(b"0 1\n1 2\n", None).unwrap(); // a path: G = 0, 1, 0 from the end
/// let vals = values(&g, &Silent);
/// let a = sum::analyze(&g, &vals, &[0]).unwrap();
/// let json = serde_json::to_value(GraphReport::new(&g, &vals, &[0], &a, true)).unwrap();
/// assert_eq!(json["values"], serde_json::json!([0, 1, 0]));
/// assert_eq!(json["outcome"], "P");
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct GraphReport<'a> {
    /// Number of vertices.
    pub vertices: usize,
    /// Number of edges.
    pub edges: usize,
    /// True when the graph has no cycle (every value finite).
    pub acyclic: bool,
    /// The vertices holding a token, as given.
    pub tokens: &'a [u64],
    /// Value, outcome and winning moves of the tokens' sum.
    #[serde(flatten)]
    pub analysis: &'a TokenAnalysis,
    /// The value of every vertex, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<AllValues<'a>>,
}

impl<'a> GraphReport<'a> {
    /// The report of `analysis`, the tokens `tokens` on `g` with vertex values `values`;
    /// `with_values` adds every vertex's value.
    pub fn new(
        g: &Digraph,
        values: &'a GraphValues,
        tokens: &'a [u64],
        analysis: &'a TokenAnalysis,
        with_values: bool,
    ) -> GraphReport<'a> {
        GraphReport {
            vertices: g.vertex_count(),
            edges: g.edge_count(),
            acyclic: values.is_acyclic(),
            tokens,
            analysis,
            values: with_values.then_some(AllValues(values)),
        }
    }
}
