//! Components whose families live in other parts of the library: heap games
//! ([`crate::families::heap`]), token games on graphs ([`crate::families::digraph`]) and the chip
//! game ([`crate::families::chips`]) — reading them from a position file, and their rules.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use super::file::{FieldReader, PositionError};
use super::{Rules, State};
use crate::families::digraph::{self, Digraph, GraphValues};
use crate::families::heap::{Kind, Ruleset};
use crate::progress::Silent;
use crate::{LoopyValue, Nimber};

/// The most work (options examined) allowed to tabulate a heap game's nim-sequence up to the
/// largest heap of a component: 4·10^8.
pub const HEAP_WORK_LIMIT: u128 = 400_000_000;

/// The largest heap of a heap-game component: 10^7 (the value table is kept in memory).
pub const HEAP_SIZE_LIMIT: u64 = 10_000_000;

/// A heap game and its nim-sequence up to the largest heap of the component.
#[derive(Debug)]
pub struct HeapRules {
    /// The ruleset, as `grundy seq` accepts it.
    pub ruleset: Ruleset,
    /// `G(0..=max)`, `max` the largest heap at the start (heaps never grow).
    pub values: Vec<Nimber>,
}

/// A graph, its file name, and the value of a token on each vertex.
pub struct GraphRules {
    /// The file as named in the position file.
    pub file: String,
    /// The graph.
    pub graph: Digraph,
    /// Values of single tokens (finite or `∞(K)`).
    pub values: GraphValues,
    /// The largest out-degree.
    pub max_degree: u64,
}

impl fmt::Debug for GraphRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GraphRules")
            .field("file", &self.file)
            .field("vertices", &self.graph.vertex_count())
            .field("edges", &self.graph.edge_count())
            .finish()
    }
}

/// Work to tabulate `G(0..=max)` and to list moves: options examined, roughly.
pub fn heap_work(r: &Ruleset, max: u64) -> u128 {
    let n = max as u128 + 1;
    match r.kind() {
        Kind::Code(c) => {
            let d = c.digits().len() as u128;
            if c.digits().iter().any(|&x| x & 8 != 0) {
                d * n * n * n / 6
            } else if c.digits().iter().any(|&x| x & 4 != 0) {
                d * n * n / 2
            } else {
                d * n
            }
        }
        Kind::Subtraction(s) => n * (s.members_up_to(max).len() as u128 + 1),
        Kind::AllBut(_) => n * n / 2,
    }
}

impl HeapRules {
    /// The ruleset with its nim-sequence tabulated up to `max` (check the cost first:
    /// [`heap_work`] against [`HEAP_WORK_LIMIT`]).
    pub fn new(ruleset: Ruleset, max: u64) -> HeapRules {
        let values = ruleset.values(max as usize);
        HeapRules { ruleset, values }
    }

    /// The ruleset's name and code, e.g. `kayles = 0.77`, or the code alone.
    pub fn title(&self) -> String {
        match self.ruleset.name() {
            Some(name) => format!("{name} = {}", self.ruleset),
            None => self.ruleset.to_string(),
        }
    }

    /// Options of one heap (each a sorted list of the heaps left), as [`Ruleset::moves`].
    pub fn moves(&self, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        self.ruleset.moves(n, &mut out);
        out
    }

    /// The value of a list of heaps.
    pub fn value(&self, heaps: &[u64]) -> Nimber {
        heaps.iter().map(|&h| self.values[h as usize]).sum()
    }
}

impl GraphRules {
    /// A graph (named `file` in messages) with the values of its vertices.
    pub fn new(file: String, graph: Digraph) -> GraphRules {
        let values = digraph::values(&graph, &Silent);
        let max_degree = (0..graph.vertex_count() as u32)
            .map(|v| graph.out_degree(v) as u64)
            .max()
            .unwrap_or(0);
        GraphRules {
            file,
            graph,
            values,
            max_degree,
        }
    }

    /// The distinct successors of `v` (parallel edges give one move).
    pub fn targets(&self, v: u64) -> Vec<u64> {
        let mut t: Vec<u64> = self
            .graph
            .successors(v as u32)
            .iter()
            .map(|&w| w as u64)
            .collect();
        t.sort_unstable();
        t.dedup();
        t
    }

    /// The value of tokens on `tokens` (Smith's sum rules).
    pub fn value(&self, tokens: &[u64]) -> LoopyValue {
        LoopyValue::sum(tokens.iter().map(|&t| self.values.get(t as u32)))
    }
}

/// Read a `heap`, `graph` or `chips` component.
pub(super) fn parse_component(
    f: &FieldReader<'_, '_, '_>,
    kind: &str,
    base: &Path,
) -> Result<(Rules, State), PositionError> {
    match kind {
        "heap" => {
            let text = f.string("ruleset")?;
            let ruleset: Ruleset = text
                .parse()
                .map_err(|e| f.err("ruleset", format!("'{text}': {e}")))?;
            let heaps = f.numbers("heaps")?;
            let max = heaps.iter().copied().max().unwrap_or(0);
            if max > HEAP_SIZE_LIMIT || heap_work(&ruleset, max) > HEAP_WORK_LIMIT {
                return Err(f.err(
                    "heaps",
                    format!(
                        "a heap of {max} is too large to tabulate the nim-sequence of {ruleset} here (at most {HEAP_SIZE_LIMIT} counters and {HEAP_WORK_LIMIT} options examined)"
                    ),
                ));
            }
            Ok((Rules::Heap(Arc::new(HeapRules::new(ruleset, max))), heaps))
        }
        "graph" => {
            let file = f.string("file")?;
            let vertices = if f.has("vertices") {
                let n = f.number("vertices")?;
                let n = usize::try_from(n)
                    .ok()
                    .filter(|&n| n <= digraph::MAX_VERTICES)
                    .ok_or_else(|| {
                        f.err(
                            "vertices",
                            format!("{n} is more than the limit of {}", digraph::MAX_VERTICES),
                        )
                    })?;
                Some(n)
            } else {
                None
            };
            let tokens = f.numbers("tokens")?;
            let path = base.join(&file);
            let graph = digraph::read_graph(&path, vertices)
                .map_err(|e| f.err("file", format!("cannot use graph file: {e}")))?;
            digraph::sum::check_tokens(&graph, &tokens)
                .map_err(|e| f.err("tokens", e.to_string()))?;
            Ok((Rules::Graph(Arc::new(GraphRules::new(file, graph))), tokens))
        }
        _ => {
            f.string("file")?;
            f.numbers("k")?;
            f.numbers("values")?;
            Err(f.err(
                "kind",
                format!("components of kind {kind} are not supported in this build"),
            ))
        }
    }
}
