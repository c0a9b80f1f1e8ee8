//! Token games on directed graphs: a token sits on a vertex and a move slides it along one edge;
//! a player who cannot move loses. Several tokens form a sum.
//!
//! - [`csr`]: the graph ([`Digraph`], compressed sparse rows, `u32` ids; parallel edges and
//!   self-loops allowed).
//! - [`edge_list`]: the text form (`u v` per line), parsed in parallel at hundreds of MB/s.
//! - [`binary`]: a compact checksummed binary form for graphs read many times.
//! - [`acyclic`]: `G(v) = mex` of the successors along a topological order (no recursion).
//! - [`loopy`]: the generalized Sprague–Grundy function (Smith 1966; Fraenkel–Yesha 1986) for
//!   graphs with cycles, in phases with counters.
//! - [`sum`]: the value, outcome and every winning move of several tokens.
//!
//! ```
//! use grundy::games::digraph::{parse_edge_list, values, sum::analyze};
//! use grundy::{LoopyValue, Nimber, Outcome, progress::Silent};
//! // a 2-cycle 0 <-> 1 with an exit 0 -> 2, and a self-loop at 3
//! let g = parse_edge_list(b"0 1\n1 0\n0 2\n3 3\n", None).unwrap();
//! let vals = values(&g, &Silent);
//! assert!(!vals.is_acyclic());
//! assert_eq!(vals.get(0), LoopyValue::Finite(Nimber(1)));
//! assert_eq!(vals.get(3), LoopyValue::Infinite(vec![]));
//! let a = analyze(&g, &vals, &[0, 2]).unwrap();
//! assert_eq!(a.outcome, Outcome::N);
//! assert_eq!(a.winning_moves.len(), 2); // token 0 from 0 to 1 or to 2 (both value 0)
//! ```

pub mod acyclic;
pub mod binary;
pub mod csr;
pub mod edge_list;
pub mod loopy;
pub mod sum;

use std::fs::File;
use std::io::{BufReader, Read};
use std::path::Path;

pub use csr::{Digraph, GraphBuildError, MAX_EDGES, MAX_VERTICES};
pub use edge_list::{EdgeListError, EdgeListErrorKind, parse_edge_list, read_edge_list};

use crate::progress::{Cancelled, Progress, Silent, Uncancellable};
use crate::{LoopyValue, Nimber, Outcome};

/// A graph file that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum GraphError {
    /// The file cannot be opened or read (exit code 1 at the command line).
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        error: std::io::Error,
    },
    /// The edge list is malformed (line and column inside).
    #[error("{path}: {error}")]
    EdgeList {
        /// The file.
        path: String,
        /// The cause.
        error: EdgeListError,
    },
    /// The binary file is malformed.
    #[error("{path}: {error}")]
    Binary {
        /// The file.
        path: String,
        /// The cause.
        error: binary::BinaryError,
    },
    /// The progress sink asked to stop ([`Progress::cancelled`]; an edge list checks after
    /// every chunk of bytes read, a binary file is read whole).
    #[error("{path}: cancelled")]
    Cancelled {
        /// The file.
        path: String,
    },
    /// `--vertices` disagrees with a binary file.
    #[error("{path}: the binary graph has {found} vertices but {declared} were declared")]
    VertexCount {
        /// The file.
        path: String,
        /// Declared count.
        declared: usize,
        /// Count in the file.
        found: usize,
    },
}

impl GraphError {
    /// True for failures to read bytes (as opposed to bad content).
    pub fn is_io(&self) -> bool {
        matches!(
            self,
            GraphError::Io { .. }
                | GraphError::Binary {
                    error: binary::BinaryError::Io(_),
                    ..
                }
        )
    }
}

/// Read a graph file: the binary form (recognised by its magic bytes) or an edge list.
/// `vertices` fixes the vertex count (ids must be below it).
pub fn read_graph(path: &Path, vertices: Option<usize>) -> Result<Digraph, GraphError> {
    read_graph_with(path, vertices, &Silent)
}

/// [`read_graph`] reporting progress (bytes read).
pub fn read_graph_with(
    path: &Path,
    vertices: Option<usize>,
    progress: &dyn Progress,
) -> Result<Digraph, GraphError> {
    let name = path.display().to_string();
    let io = |error| GraphError::Io {
        path: name.clone(),
        error,
    };
    let file = File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    // a pipe or device has no meaningful length
    let len = meta.is_file().then_some(meta.len());
    read_graph_from(
        BufReader::with_capacity(1 << 16, file),
        &name,
        len,
        vertices,
        progress,
    )
}

/// Read a graph (binary or text) from any reader, e.g. standard input; `name` labels errors and
/// `len` is the byte length if known.
pub fn read_graph_from<R: Read>(
    mut r: R,
    name: &str,
    len: Option<u64>,
    vertices: Option<usize>,
    progress: &dyn Progress,
) -> Result<Digraph, GraphError> {
    let mut head = [0u8; 8];
    let mut got = 0;
    while got < head.len() {
        match r.read(&mut head[got..]) {
            Ok(0) => break,
            Ok(k) => got += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(error) => {
                return Err(GraphError::Io {
                    path: name.into(),
                    error,
                });
            }
        }
    }
    let rest = head[..got].chain(r);
    if got == 8 && &head == binary::MAGIC {
        let g = binary::read(rest, len).map_err(|error| GraphError::Binary {
            path: name.into(),
            error,
        })?;
        if let Some(n) = vertices
            && n != g.vertex_count()
        {
            return Err(GraphError::VertexCount {
                path: name.into(),
                declared: n,
                found: g.vertex_count(),
            });
        }
        return Ok(g);
    }
    read_edge_list(rest, vertices, len.unwrap_or(0), progress).map_err(|e| match e {
        edge_list::ReadError::Io(error) => GraphError::Io {
            path: name.into(),
            error,
        },
        edge_list::ReadError::Parse(error) => GraphError::EdgeList {
            path: name.into(),
            error,
        },
        edge_list::ReadError::Cancelled => GraphError::Cancelled { path: name.into() },
    })
}

/// The value of a token on every vertex, stored compactly: one `u32` per vertex (a finite value,
/// or a mark for `∞`) and, for the infinite vertices only, their sets `K` in one flat array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphValues {
    labels: Vec<u32>,
    /// Infinite vertices in increasing order, with their `K` sets in `inf_sets[inf_start[i]..]`.
    inf_vertices: Vec<u32>,
    inf_start: Vec<usize>,
    inf_sets: Vec<u32>,
    acyclic: bool,
}

impl GraphValues {
    fn from_labels(g: &Digraph, labels: Vec<u32>, acyclic: bool) -> GraphValues {
        let mut inf_vertices = Vec::new();
        let mut inf_start = vec![0];
        let mut inf_sets = Vec::new();
        let mut k: Vec<u32> = Vec::new();
        for (u, &l) in labels.iter().enumerate() {
            if l != loopy::INFINITE {
                continue;
            }
            k.clear();
            k.extend(
                g.successors(u as u32)
                    .iter()
                    .map(|&w| labels[w as usize])
                    .filter(|&x| x != loopy::INFINITE),
            );
            k.sort_unstable();
            k.dedup();
            inf_vertices.push(u as u32);
            inf_sets.extend_from_slice(&k);
            inf_start.push(inf_sets.len());
        }
        GraphValues {
            labels,
            inf_vertices,
            inf_start,
            inf_sets,
            acyclic,
        }
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// True for the empty graph.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// True if the graph had no cycle (then every value is finite: the ordinary Grundy value).
    pub fn is_acyclic(&self) -> bool {
        self.acyclic
    }

    /// The finite value of a token at `v`, or `None` when it is `∞(K)`.
    #[inline]
    pub fn finite(&self, v: u32) -> Option<Nimber> {
        let l = self.labels[v as usize];
        (l != loopy::INFINITE).then_some(Nimber(l as u64))
    }

    /// The set `K` of an infinite vertex (`None` for a finite one).
    pub fn infinite_set(&self, v: u32) -> Option<&[u32]> {
        let i = self.inf_vertices.binary_search(&v).ok()?;
        Some(&self.inf_sets[self.inf_start[i]..self.inf_start[i + 1]])
    }

    /// The value of a token at `v`: finite, or `∞(K)`.
    pub fn get(&self, v: u32) -> LoopyValue {
        match self.finite(v) {
            Some(n) => LoopyValue::Finite(n),
            None => LoopyValue::Infinite(
                self.infinite_set(v)
                    .unwrap_or(&[])
                    .iter()
                    .map(|&x| x as u64)
                    .collect(),
            ),
        }
    }

    /// The outcome of one token at `v` (P, N, or D for a draw).
    pub fn outcome(&self, v: u32) -> Outcome {
        match self.finite(v) {
            Some(n) => Outcome::of(n),
            None => match self.infinite_set(v) {
                Some([0, ..]) => Outcome::N,
                _ => Outcome::D,
            },
        }
    }

    /// Number of vertices with an infinite value.
    pub fn infinite_count(&self) -> usize {
        self.inf_vertices.len()
    }

    /// The raw per-vertex labels: a finite value, or [`loopy::INFINITE`].
    pub fn labels(&self) -> &[u32] {
        &self.labels
    }
}

/// The value of a token on every vertex: the acyclic fast path (topological order + mex) when
/// the graph has no cycle, else the generalized Sprague–Grundy function ([`loopy`]).
///
/// ```
/// use grundy::games::digraph::{Digraph, values};
/// use grundy::{LoopyValue, Nimber, progress::Silent};
/// let g = Digraph::from_edges(3, &[(0, 1), (1, 2), (0, 2)]).unwrap();
/// let v = values(&g, &Silent);
/// assert!(v.is_acyclic());
/// assert_eq!(v.get(0), LoopyValue::Finite(Nimber(2)));
/// ```
pub fn values(g: &Digraph, progress: &dyn Progress) -> GraphValues {
    try_values(g, &Uncancellable(progress))
        .unwrap_or_else(|Cancelled| unreachable!("an Uncancellable sink never cancels"))
}

/// [`values`], stopping with [`Cancelled`] when `progress` asks ([`Progress::cancelled`],
/// checked every 2^20 vertices of the acyclic pass, every 2^16 peeled vertices and once per phase
/// of the loopy one).
///
/// ```
/// use grundy::games::digraph::{Digraph, try_values};
/// use grundy::progress::Silent;
/// let g = Digraph::from_edges(2, &[(0, 1), (1, 0)]).unwrap(); // a 2-cycle: both draw
/// assert!(!try_values(&g, &Silent).unwrap().is_acyclic());
/// ```
pub fn try_values(g: &Digraph, progress: &dyn Progress) -> Result<GraphValues, Cancelled> {
    Ok(match acyclic::try_grundy_values(g, progress)? {
        Some(labels) => GraphValues::from_labels(g, labels, true),
        None => GraphValues::from_labels(g, loopy::try_labels(g, progress)?, false),
    })
}

/// The name of token games on a directed graph on the command line, in Python and in the page's URLs.
pub const NAME: &str = "graph";

/// Token games on a directed graph in the catalogue ([`crate::games::registry`]).
pub const INFO: crate::games::entry::GameInfo = crate::games::entry::GameInfo {
    name: NAME,
    aliases: &[],
    title: "Token games on a directed graph",
    rules: "Move a token along an edge; cycles allowed, so positions may be draws.",
    notation: "an edge list, one `u v` a line, and the vertices of the tokens",
    parameters: &[crate::games::entry::Parameter {
        name: "file",
        help: "the edge list",
    }],
    engines: &[
        crate::games::entry::Engine::Loopy,
        crate::games::entry::Engine::PositionFile,
    ],
    commands: &["grundy graph"],
    module: "grundy::games::digraph",
    search: None,
    tier: None,
};
