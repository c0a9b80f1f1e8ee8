//! Components whose families live in other parts of the library: heap games
//! ([`crate::games::heap`]), token games on graphs ([`crate::games::digraph`]) and the chip
//! game ([`crate::games::chips`]) — their rules and values. (Position files are read in
//! [`super::file`], which builds these; this module depends on the families alone.)

use std::fmt;

use crate::games::chips::{ChipGame, MAX_ENUMERATED_SUCCESSORS};
use crate::games::digraph::{self, Digraph, GraphValues};
use crate::games::heap::{Kind, Ruleset, Sequencer};
use crate::progress::{self, Cancelled, Progress, Silent};
use crate::{LoopyValue, Nimber};

/// The largest heap of a heap-game component: 10^5 (the value table is kept in memory and the
/// options of a heap are listed to find winning moves).
pub const HEAP_SIZE_LIMIT: u64 = 100_000;

/// The largest heap of a heap game whose moves split a heap in three (hexadecimal codes): 3,000
/// (a heap of `n` has about `n²/12` options per code digit).
pub const HEAP3_SIZE_LIMIT: u64 = 3_000;

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

/// The largest `K` of a chip-game component: a move lists its `K` targets, so `K` is bounded
/// (seed 001 has `K <= 100`).
pub const CHIPS_K_LIMIT: u64 = 1_000;

/// A chip game (seed 001), its file name, and the value of one chip on each vertex.
#[derive(Debug)]
pub struct ChipRules {
    /// The file as named in the position file.
    pub file: String,
    /// The game.
    pub game: ChipGame,
    /// One chip's value on each vertex.
    pub values: Vec<Nimber>,
    /// The longest play a chip on each vertex can start (saturating): `L(u) = 1 + K_u · max L(v)`
    /// over successors `v`, 0 without successors.
    pub longest: Vec<u128>,
    /// Moves from any position: the sum over vertices with successors of the number of
    /// multisets of `K_u` successors (saturating).
    pub move_bound: u128,
}

/// `C(n + k - 1, k)`, saturating: the number of multisets of size `k` from `n` kinds.
pub(crate) fn multisets(n: u128, k: u128) -> u128 {
    if n == 0 {
        return 0;
    }
    let mut c: u128 = 1;
    for i in 0..k {
        // c = C(n - 1 + i + 1, i + 1) from C(n - 1 + i, i)
        c = match c.checked_mul(n + i) {
            Some(x) => x / (i + 1),
            None => return u128::MAX,
        };
    }
    c
}

impl ChipRules {
    /// The game with its values; errors name the vertex when a value or a move list is beyond
    /// what this build supports.
    pub fn new(file: String, game: ChipGame) -> Result<ChipRules, String> {
        let values = game.values().map_err(|e| e.to_string())?;
        let n = game.vertices();
        let mut move_bound: u128 = 0;
        for u in 0..n as u32 {
            let d = game.successors(u).len();
            if d > MAX_ENUMERATED_SUCCESSORS {
                return Err(format!(
                    "vertex {u} has {d} successors; listing its moves supports at most {MAX_ENUMERATED_SUCCESSORS}"
                ));
            }
            let k = game.k()[u as usize] as u64;
            if d > 0 && k > CHIPS_K_LIMIT {
                return Err(format!(
                    "vertex {u} has K = {k}; positions support K up to {CHIPS_K_LIMIT}"
                ));
            }
            move_bound = move_bound.saturating_add(multisets(d as u128, k as u128));
        }
        // Longest play, in reverse topological order: successors first. Vertices are processed
        // until stable (the graph is acyclic, so n passes suffice; usually one or two).
        let mut longest = vec![0u128; n];
        let mut order: Vec<u32> = Vec::with_capacity(n);
        let mut indeg = vec![0usize; n];
        for u in 0..n as u32 {
            for &v in game.successors(u) {
                indeg[v as usize] += 1;
            }
        }
        order.extend((0..n as u32).filter(|&v| indeg[v as usize] == 0));
        let mut i = 0;
        while i < order.len() {
            let u = order[i];
            for &v in game.successors(u) {
                indeg[v as usize] -= 1;
                if indeg[v as usize] == 0 {
                    order.push(v);
                }
            }
            i += 1;
        }
        for &u in order.iter().rev() {
            let succ = game.successors(u);
            if !succ.is_empty() {
                let best = succ.iter().map(|&v| longest[v as usize]).max().unwrap_or(0);
                let k = game.k()[u as usize] as u128;
                longest[u as usize] = best.saturating_mul(k).saturating_add(1);
            }
        }
        Ok(ChipRules {
            file,
            game,
            values,
            longest,
            move_bound,
        })
    }

    /// The value of a position: XOR of the values of vertices with an odd number of chips.
    pub fn value(&self, chips: &[u64]) -> Nimber {
        chips
            .iter()
            .zip(&self.values)
            .filter(|(c, _)| *c & 1 == 1)
            .map(|(_, &v)| v)
            .sum()
    }
}

/// The largest heap of a take-and-break code whose moves leave at most two heaps: 2·10^6 (its
/// values come from the sparse-space method and its proved period; misère play of such sums is
/// answered by the misère quotient when it is final).
pub const CODE_HEAP_SIZE_LIMIT: u64 = 2_000_000;

/// The largest heap allowed for a ruleset ([`HEAP_SIZE_LIMIT`], [`CODE_HEAP_SIZE_LIMIT`] or
/// [`HEAP3_SIZE_LIMIT`]).
pub fn heap_size_limit(r: &Ruleset) -> u64 {
    match r.kind() {
        Kind::Code(c) if c.digits().iter().any(|&x| x & 8 != 0) => HEAP3_SIZE_LIMIT,
        Kind::Code(_) => CODE_HEAP_SIZE_LIMIT,
        _ => HEAP_SIZE_LIMIT,
    }
}

impl HeapRules {
    /// The ruleset with its nim-sequence tabulated up to `max` (at most [`heap_size_limit`]).
    pub fn new(ruleset: Ruleset, max: u64) -> HeapRules {
        let values = ruleset.values(max as usize);
        HeapRules { ruleset, values }
    }

    /// [`HeapRules::new`], stopping with [`Cancelled`] when `progress` asks (checked after
    /// every chunk of heaps: 64 heaps, growing to 1/16 of the heaps computed, so that heaps
    /// with `O(n²)` options are checked often).
    pub fn try_new(
        ruleset: Ruleset,
        max: u64,
        progress: &dyn Progress,
    ) -> Result<HeapRules, Cancelled> {
        let to = max as usize;
        let mut seq = Sequencer::new(&ruleset);
        progress.start(max + 1, "heaps");
        while seq.len() <= to {
            let n = seq.len();
            seq.extend_to((n + (n / 16).clamp(64, 1 << 18)).min(to));
            progress.set(seq.len() as u64);
            progress::check(progress)?;
        }
        progress.finish();
        let values = seq
            .values_u32()
            .into_iter()
            .map(|v| Nimber(u64::from(v)))
            .collect();
        Ok(HeapRules { ruleset, values })
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
        match GraphRules::try_new(file, graph, &Silent) {
            Ok(rules) => rules,
            Err(Cancelled) => unreachable!("Silent never cancels"),
        }
    }

    /// [`GraphRules::new`], stopping with [`Cancelled`] when `progress` asks (see
    /// [`digraph::try_values`]).
    pub fn try_new(
        file: String,
        graph: Digraph,
        progress: &dyn Progress,
    ) -> Result<GraphRules, Cancelled> {
        let values = digraph::try_values(&graph, progress)?;
        let max_degree = (0..graph.vertex_count() as u32)
            .map(|v| graph.out_degree(v) as u64)
            .max()
            .unwrap_or(0);
        Ok(GraphRules {
            file,
            graph,
            values,
            max_degree,
        })
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
