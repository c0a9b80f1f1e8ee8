//! The chip game of seed 001 (XSY 1149) on a DAG.
//!
//! **Rules.** Vertex `u` holds some chips and has a number `K_u`. A move picks a vertex `u` with at
//! least one chip *and at least one out-edge*, removes one chip from it, and adds one chip to each
//! of `K_u` successors of `u` chosen with repetition. A player who cannot move loses.
//!
//! **Values.** Every chip is an independent game, so a position is the sum of its chips, and two
//! chips on one vertex cancel. A chip on `u` with no out-edge is worth 0. Otherwise its options are
//! the multisets of `K_u` successors; the value of a multiset is the XOR over the successors it
//! holds an *odd* number of times, so the option values are the XORs of the sets `S` of (distinct)
//! successors with `|S| <= K_u` and `|S| ≡ K_u (mod 2)` (the other chips go in pairs onto any
//! successor). Hence
//!
//! `G(u) = mex { ⊕_{v ∈ S} G(v) : S ⊆ succ(u), |S| <= K_u, |S| ≡ K_u (mod 2) }`
//!
//! (`K_u = 0` with an out-edge gives `mex {0} = 1`), and a position's value is the XOR of `G(u)`
//! over the vertices holding an odd number of chips. Values can double along a path, so they are
//! kept as `u128`.
//!
//! **Methods, per vertex** (all are cross-checked in the tests):
//! - *Linear algebra* when `K_u >=` the number of successors: every size of the right parity is
//!   allowed. The XORs of even subsets of `d_1..d_k` form the space `V = span{d_1 ⊕ d_j}`, and the
//!   odd ones the coset `d_1 ⊕ V`. With an echelon basis of `V` whose leading bits are `L`, every
//!   number below `2^j` (`j` the least bit not in `L`) is in `V` and `2^j` is not, so
//!   `mex V = 2^j`; `mex (d_1 ⊕ V)` is `2^j` when `d_1 ∈ V` and 0 otherwise.
//!   The same holds when `K_u = k − 1` (then too every size of the parity of `K_u` is allowed),
//!   and whenever `K_u > r = dim V`: writing an element of `V` in a basis of `r` vectors
//!   `d_1 ⊕ d_j` uses at most `r + 1` successors, and so does an element of the coset.
//! - *Gray-code enumeration* of all `2^k` successor subsets when `k` is small.
//! - *Enumeration of the small subsets* (sizes `<= K_u` of its parity) when `K_u` is small.
//! - *Shortest subsets*: a breadth-first search over `(xor, parity)` states below the next power
//!   of two above the successors' values gives the least size of a subset of each XOR and parity;
//!   `x` is an option iff that size for the parity of `K_u` is at most `K_u`.
//!
//! When none applies (many successors, `K_u` between a few and `dim V`, and wide successor values:
//! in general a bounded-weight coset question) the vertex is reported as
//! [`ChipError::Unsupported`] rather than guessed.

use std::collections::VecDeque;

use thiserror::Error;

use crate::{ImpartialGame, Nimber};

/// Gray-code enumeration is used up to this many distinct successors.
pub const MAX_ENUMERATED_SUCCESSORS: usize = 24;

/// Enumeration of the small subsets is used up to this many subsets.
const MAX_SMALL_SUBSETS: u64 = 1 << 24;

/// The shortest-subset search is used when `2^(bits+1) · values` stays below this.
const MAX_SEARCH_WORK: u64 = 1 << 29;

/// Why a chip game is invalid or its values cannot be computed.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ChipError {
    /// An edge names a vertex outside `0..vertices`.
    #[error("edge number {index} ({from} -> {to}): vertex {vertex} is out of range 0..{vertices}")]
    VertexOutOfRange {
        /// 0-based position in the edge list.
        index: usize,
        /// Tail.
        from: u32,
        /// Head.
        to: u32,
        /// The offending vertex.
        vertex: u32,
        /// The number of vertices.
        vertices: usize,
    },
    /// An edge `u -> u`.
    #[error("edge number {index} ({vertex} -> {vertex}) is a self-loop; the graph must be acyclic")]
    SelfLoop {
        /// 0-based position in the edge list.
        index: usize,
        /// The vertex.
        vertex: u32,
    },
    /// The edges contain a cycle.
    #[error("the graph has a cycle {}; it must be acyclic", cycle_text(.vertices))]
    Cycle {
        /// 0-based positions in the edge list of the edges along the cycle, in order.
        edges: Vec<usize>,
        /// The vertices along the cycle, the first repeated at the end.
        vertices: Vec<u32>,
    },
    /// `K` must have one entry per vertex.
    #[error("{got} numbers K for {vertices} vertices")]
    KCount {
        /// Entries given.
        got: usize,
        /// Vertices.
        vertices: usize,
    },
    /// The chip counts must have one entry per vertex.
    #[error("{got} chip counts for {vertices} vertices")]
    ChipCount {
        /// Entries given.
        got: usize,
        /// Vertices.
        vertices: usize,
    },
    /// A value is at least `2^128`.
    #[error("the value of vertex {vertex} is 2^128 or more, beyond the supported 128 bits")]
    Overflow {
        /// The vertex.
        vertex: u32,
    },
    /// A value (or a position's value) does not fit a 64-bit [`Nimber`].
    #[error("the value {value} of vertex {vertex} does not fit in 64 bits")]
    TooLarge {
        /// The vertex.
        vertex: u32,
        /// Its value.
        value: u128,
    },
    /// No supported method computes this vertex's value.
    #[error(
        "vertex {vertex}: {successors} successors with K = {k} and successor values of {bits} bits are beyond the supported methods"
    )]
    Unsupported {
        /// The vertex.
        vertex: u32,
        /// Its distinct successors.
        successors: usize,
        /// Its K.
        k: u32,
        /// Bit length of the largest successor value.
        bits: u32,
    },
    /// Listing moves needs subsets of too many successors.
    #[error(
        "vertex {vertex} has {successors} successors; listing moves supports at most {MAX_ENUMERATED_SUCCESSORS}"
    )]
    TooManySuccessors {
        /// The vertex.
        vertex: u32,
        /// Its distinct successors.
        successors: usize,
    },
    /// A move that is not legal in the position.
    #[error("illegal move: {0}")]
    IllegalMove(String),
}

fn cycle_text(vertices: &[u32]) -> String {
    vertices
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" -> ")
}

/// A move: one chip leaves `vertex`; `targets` (increasing, distinct successors) receive one chip
/// each, and `pairs` further pairs of chips land on `pad` (the smallest successor), so that
/// `targets.len() + 2 · pairs = K_vertex`.
///
/// Canonical form: moves with the same vertex and the same odd-multiplicity target set change every
/// value the same way, so each such class is listed once, with its extra chips paired on `pad`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct ChipMove {
    /// The vertex losing a chip.
    pub vertex: u32,
    /// The successors receiving an odd number of chips, increasing.
    pub targets: Vec<u32>,
    /// The number of extra pairs placed on `pad`.
    pub pairs: u64,
    /// The successor receiving the pairs.
    pub pad: u32,
}

/// A chip game: a DAG with `K` per vertex, and the values of its chips.
#[derive(Clone, Debug)]
pub struct ChipGame {
    k: Vec<u32>,
    /// Distinct successors in CSR form, each list increasing.
    start: Vec<usize>,
    succ: Vec<u32>,
    values: Vec<u128>,
}

/// Topological order by Kahn's algorithm, or the edges of a cycle.
fn topological_order(vertices: usize, edges: &[(u32, u32)]) -> Result<Vec<u32>, ChipError> {
    let mut indeg = vec![0u32; vertices];
    let mut start = vec![0usize; vertices + 1];
    for &(u, v) in edges {
        start[u as usize + 1] += 1;
        indeg[v as usize] += 1;
    }
    for i in 0..vertices {
        start[i + 1] += start[i];
    }
    let mut heads = vec![0u32; edges.len()];
    let mut fill = start.clone();
    for &(u, v) in edges {
        heads[fill[u as usize]] = v;
        fill[u as usize] += 1;
    }
    let mut order: Vec<u32> = (0..vertices as u32)
        .filter(|&v| indeg[v as usize] == 0)
        .collect();
    let mut i = 0;
    while i < order.len() {
        let u = order[i] as usize;
        for &v in &heads[start[u]..start[u + 1]] {
            indeg[v as usize] -= 1;
            if indeg[v as usize] == 0 {
                order.push(v);
            }
        }
        i += 1;
    }
    if order.len() == vertices {
        return Ok(order);
    }
    // Every vertex left has an in-edge from another vertex left: walk backwards until a repeat.
    let mut pred_edge = vec![usize::MAX; vertices];
    for (index, &(u, v)) in edges.iter().enumerate() {
        if indeg[u as usize] > 0 && indeg[v as usize] > 0 && pred_edge[v as usize] == usize::MAX {
            pred_edge[v as usize] = index;
        }
    }
    let first = (0..vertices).find(|&v| indeg[v] > 0).unwrap_or(0);
    let mut seen = vec![usize::MAX; vertices];
    let mut walk = Vec::new();
    let mut v = first;
    while seen[v] == usize::MAX && pred_edge[v] != usize::MAX {
        seen[v] = walk.len();
        walk.push(pred_edge[v]);
        v = edges[pred_edge[v]].0 as usize;
    }
    let from = if seen[v] == usize::MAX { 0 } else { seen[v] };
    let mut cycle_edges: Vec<usize> = walk[from..].to_vec();
    cycle_edges.reverse();
    let mut cycle_vertices: Vec<u32> = cycle_edges.iter().map(|&e| edges[e].0).collect();
    if let Some(&e) = cycle_edges.last() {
        cycle_vertices.push(edges[e].1);
    }
    Err(ChipError::Cycle {
        edges: cycle_edges,
        vertices: cycle_vertices,
    })
}

/// Reusable buffers for the per-vertex methods.
#[derive(Default)]
struct Scratch {
    bits: Vec<u64>,
    dist: Vec<u32>,
    queue: VecDeque<u32>,
}

fn mex_of_marks(bits: &[u64]) -> u128 {
    for (w, &word) in bits.iter().enumerate() {
        if word != u64::MAX {
            return (w * 64) as u128 + (!word).trailing_zeros() as u128;
        }
    }
    (bits.len() * 64) as u128
}

/// `mex` by linear algebra (requires `d` nonempty and `k + 1 >= d.len()` or `k > rank V`); `None` when it is `2^128`.
pub(crate) fn value_by_span(d: &[u128], k: u32) -> Option<u128> {
    // Reduced basis of span{d_1 ^ d_j}, indexed by leading bit.
    let mut basis = [0u128; 128];
    let mut leading: u128 = 0;
    let reduce = |basis: &[u128; 128], mut x: u128| {
        while x != 0 {
            let top = 127 - x.leading_zeros();
            if basis[top as usize] == 0 {
                break;
            }
            x ^= basis[top as usize];
        }
        x
    };
    for &dj in &d[1..] {
        let x = reduce(&basis, d[0] ^ dj);
        if x != 0 {
            let top = 127 - x.leading_zeros();
            basis[top as usize] = x;
            leading |= 1 << top;
        }
    }
    let j = (!leading).trailing_zeros();
    let low_gap = if j >= 128 { None } else { Some(1u128 << j) };
    if k.is_multiple_of(2) {
        low_gap
    } else {
        // d_1 ∈ V iff it reduces to 0 against the (not fully reduced) echelon basis.
        let mut x = d[0];
        for bit in (0..128).rev() {
            if x >> bit & 1 == 1 && basis[bit] != 0 {
                x ^= basis[bit];
            }
        }
        if x == 0 { low_gap } else { Some(0) }
    }
}

/// The dimension of `V = span{d_1 ⊕ d_j}`.
pub(crate) fn even_span_rank(d: &[u128]) -> usize {
    let mut basis = [0u128; 128];
    let mut rank = 0;
    for &dj in &d[1..] {
        let mut x = d[0] ^ dj;
        while x != 0 {
            let top = (127 - x.leading_zeros()) as usize;
            if basis[top] == 0 {
                basis[top] = x;
                rank += 1;
                break;
            }
            x ^= basis[top];
        }
    }
    rank
}

/// `mex` by enumerating all subsets in Gray-code order (requires `d.len() <= 24`).
pub(crate) fn value_by_enumeration(d: &[u128], k: u32, scratch: &mut Vec<u64>) -> u128 {
    let n = d.len();
    let count = 1usize << n;
    scratch.clear();
    scratch.resize(count / 64 + 1, 0);
    let limit = count as u128; // the mex is at most the number of subsets
    let mut mark = |x: u128, size: u32| {
        if size <= k && (k - size).is_multiple_of(2) && x <= limit {
            scratch[(x / 64) as usize] |= 1 << (x % 64);
        }
    };
    let mut x = 0u128;
    let mut size = 0u32;
    mark(0, 0);
    for i in 1..count {
        let bit = i.trailing_zeros() as usize;
        x ^= d[bit];
        let gray = i ^ (i >> 1);
        if gray >> bit & 1 == 1 {
            size += 1;
        } else {
            size -= 1;
        }
        mark(x, size);
    }
    mex_of_marks(scratch)
}

/// The number of subsets of `n` elements with size `s <= k`, `s ≡ k (mod 2)` (saturating).
fn small_subset_count(n: usize, k: u32) -> u64 {
    let mut total = 0u64;
    let mut binom = 1u64; // C(n, s)
    for s in 0..=n.min(k as usize) {
        if s > 0 {
            // C(n, s) = C(n, s-1) (n-s+1) / s, exact in u128 before the division
            let next = binom as u128 * (n - s + 1) as u128 / s as u128;
            binom = u64::try_from(next).unwrap_or(u64::MAX);
        }
        if (k as usize - s).is_multiple_of(2) {
            total = total.saturating_add(binom);
        }
        if binom == u64::MAX {
            return u64::MAX;
        }
    }
    total
}

/// `mex` by enumerating the subsets of size `s <= k`, `s ≡ k (mod 2)` (few when `k` is small).
pub(crate) fn value_by_small_subsets(d: &[u128], k: u32, scratch: &mut Vec<u64>) -> u128 {
    let n = d.len();
    let limit = small_subset_count(n, k) as u128; // the mex is at most the number of subsets
    scratch.clear();
    scratch.resize((limit / 64) as usize + 1, 0);
    let mut mark = |x: u128| {
        if x <= limit {
            scratch[(x / 64) as usize] |= 1 << (x % 64);
        }
    };
    let mut idx: Vec<usize> = Vec::new();
    let mut prefix: Vec<u128> = Vec::new(); // prefix[i] = XOR of d[idx[0..i]]
    let mut s = (k % 2) as usize;
    while s <= n.min(k as usize) {
        // combinations of size s in lexicographic order
        idx.clear();
        idx.extend(0..s);
        prefix.clear();
        prefix.push(0);
        for &i in &idx {
            let last = prefix[prefix.len() - 1];
            prefix.push(last ^ d[i]);
        }
        loop {
            mark(prefix[s]);
            let Some(i) = (0..s).rev().find(|&i| idx[i] < n - s + i) else {
                break;
            };
            idx[i] += 1;
            for j in i + 1..s {
                idx[j] = idx[j - 1] + 1;
            }
            for j in i..s {
                prefix[j + 1] = prefix[j] ^ d[idx[j]];
            }
        }
        s += 2;
    }
    mex_of_marks(scratch)
}

/// `mex` by the shortest subset of each (xor, parity), values below `2^bits`.
fn value_by_search(d: &[u128], k: u32, bits: u32, s: &mut Scratch) -> u128 {
    let mut vals: Vec<u32> = d.iter().map(|&v| v as u32).collect();
    vals.sort_unstable();
    vals.dedup(); // a shortest subset never uses two equal values
    let states = 1usize << (bits + 1);
    s.dist.clear();
    s.dist.resize(states, u32::MAX);
    s.queue.clear();
    s.dist[0] = 0;
    s.queue.push_back(0);
    // state = xor * 2 + parity
    while let Some(st) = s.queue.pop_front() {
        let dd = s.dist[st as usize];
        if dd >= k {
            continue;
        }
        for &v in &vals {
            let next = (((st >> 1) ^ v) << 1) | ((st & 1) ^ 1);
            if s.dist[next as usize] == u32::MAX {
                s.dist[next as usize] = dd + 1;
                s.queue.push_back(next);
            }
        }
    }
    let parity = (k & 1) as usize;
    (0..1usize << bits)
        .find(|&x| s.dist[2 * x + parity] > k)
        .map_or(1u128 << bits, |x| x as u128)
}

impl ChipGame {
    /// Validate the DAG (vertices `0..vertices`, edges `(u, v)` meaning `u -> v`, repeats allowed,
    /// any numbering) and compute every chip value, without recursion.
    ///
    /// ```
    /// use grundy::{Nimber, games::chips::ChipGame};
    /// // seed 001's first sample game: edges 1->0, 2->0, 1->2 and K = (0, 2, 2)
    /// let g = ChipGame::new(3, &[(1, 0), (2, 0), (1, 2)], vec![0, 2, 2]).unwrap();
    /// assert_eq!(g.values().unwrap(), vec![Nimber(0), Nimber(2), Nimber(1)]);
    /// assert_eq!(g.position_value(&[3, 0, 0]).unwrap(), Nimber(0)); // LOSING
    /// assert_eq!(g.position_value(&[5, 0, 1]).unwrap(), Nimber(1)); // WINNING
    /// assert!(ChipGame::new(2, &[(0, 1), (1, 0)], vec![1, 1]).is_err()); // a cycle
    /// ```
    pub fn new(vertices: usize, edges: &[(u32, u32)], k: Vec<u32>) -> Result<ChipGame, ChipError> {
        if k.len() != vertices {
            return Err(ChipError::KCount {
                got: k.len(),
                vertices,
            });
        }
        for (index, &(from, to)) in edges.iter().enumerate() {
            for vertex in [from, to] {
                if vertex as usize >= vertices {
                    return Err(ChipError::VertexOutOfRange {
                        index,
                        from,
                        to,
                        vertex,
                        vertices,
                    });
                }
            }
            if from == to {
                return Err(ChipError::SelfLoop {
                    index,
                    vertex: from,
                });
            }
        }
        let order = topological_order(vertices, edges)?;
        // Distinct successors, increasing.
        let mut sorted: Vec<(u32, u32)> = edges.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        let mut start = vec![0usize; vertices + 1];
        for &(u, _) in &sorted {
            start[u as usize + 1] += 1;
        }
        for i in 0..vertices {
            start[i + 1] += start[i];
        }
        let succ: Vec<u32> = sorted.iter().map(|&(_, v)| v).collect();
        let mut game = ChipGame {
            k,
            start,
            succ,
            values: vec![0; vertices],
        };
        let mut scratch = Scratch::default();
        let mut d: Vec<u128> = Vec::new();
        for &u in order.iter().rev() {
            let value = game.compute(u, &mut d, &mut scratch)?;
            game.values[u as usize] = value;
        }
        Ok(game)
    }

    fn compute(&self, u: u32, d: &mut Vec<u128>, scratch: &mut Scratch) -> Result<u128, ChipError> {
        let succ = self.successors(u);
        if succ.is_empty() {
            return Ok(0);
        }
        d.clear();
        d.extend(succ.iter().map(|&v| self.values[v as usize]));
        let k = self.k[u as usize];
        // Sizes s <= K with s ≡ K (mod 2) are all sizes of that parity when K >= k - 1, and every
        // value of V or of its coset needs at most rank(V) + 1 successors.
        if k as usize + 1 >= d.len() || k as usize > even_span_rank(d) {
            return value_by_span(d, k).ok_or(ChipError::Overflow { vertex: u });
        }
        let bits = 128 - d.iter().fold(0u128, |a, &v| a | v).leading_zeros();
        let search_work = if bits < 31 {
            (1u64 << (bits + 1)).saturating_mul(d.len() as u64)
        } else {
            u64::MAX
        };
        let enum_work = if d.len() <= MAX_ENUMERATED_SUCCESSORS {
            1u64 << d.len()
        } else {
            u64::MAX
        };
        let small_work = small_subset_count(d.len(), k).saturating_mul(2);
        let best = enum_work.min(search_work).min(small_work);
        if best == enum_work && enum_work != u64::MAX {
            Ok(value_by_enumeration(d, k, &mut scratch.bits))
        } else if best == small_work && small_work <= MAX_SMALL_SUBSETS * 2 {
            Ok(value_by_small_subsets(d, k, &mut scratch.bits))
        } else if search_work <= MAX_SEARCH_WORK {
            Ok(value_by_search(d, k, bits, scratch))
        } else {
            Err(ChipError::Unsupported {
                vertex: u,
                successors: d.len(),
                k,
                bits,
            })
        }
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.values.len()
    }

    /// The distinct successors of `u`, increasing.
    pub fn successors(&self, u: u32) -> &[u32] {
        &self.succ[self.start[u as usize]..self.start[u as usize + 1]]
    }

    /// The `K` of every vertex.
    pub fn k(&self) -> &[u32] {
        &self.k
    }

    /// The value of one chip on each vertex, as 128-bit integers (values can double along a path).
    pub fn wide_values(&self) -> &[u128] {
        &self.values
    }

    /// The value of one chip on each vertex, or [`ChipError::TooLarge`] for one beyond 64 bits.
    pub fn values(&self) -> Result<Vec<Nimber>, ChipError> {
        self.values
            .iter()
            .enumerate()
            .map(|(v, &value)| {
                u64::try_from(value)
                    .map(Nimber)
                    .map_err(|_| ChipError::TooLarge {
                        vertex: v as u32,
                        value,
                    })
            })
            .collect()
    }

    fn check_chips(&self, chips: &[u64]) -> Result<(), ChipError> {
        if chips.len() != self.vertices() {
            return Err(ChipError::ChipCount {
                got: chips.len(),
                vertices: self.vertices(),
            });
        }
        Ok(())
    }

    /// The 128-bit value of a position (`chips[v]` chips on vertex `v`): the XOR of the values of
    /// the vertices holding an odd number of chips.
    pub fn position_wide_value(&self, chips: &[u64]) -> Result<u128, ChipError> {
        self.check_chips(chips)?;
        Ok(chips
            .iter()
            .zip(&self.values)
            .filter(|(c, _)| *c & 1 == 1)
            .fold(0, |acc, (_, &v)| acc ^ v))
    }

    /// The value of a position as a [`Nimber`] ([`ChipError::TooLarge`] if beyond 64 bits).
    pub fn position_value(&self, chips: &[u64]) -> Result<Nimber, ChipError> {
        let value = self.position_wide_value(chips)?;
        u64::try_from(value)
            .map(Nimber)
            .map_err(|_| ChipError::TooLarge {
                vertex: chips
                    .iter()
                    .zip(&self.values)
                    .position(|(c, &v)| c & 1 == 1 && v > u64::MAX as u128)
                    .unwrap_or(0) as u32,
                value,
            })
    }

    /// Every move (one per canonical class, see [`ChipMove`]) from `chips` to a position of value
    /// `target`; `target = 0` gives the winning moves. Sorted. Enumerates the successor subsets of
    /// each vertex holding a chip, so such vertices may have at most
    /// [`MAX_ENUMERATED_SUCCESSORS`] successors.
    ///
    /// ```
    /// use grundy::{Nimber, games::chips::ChipGame};
    /// let g = ChipGame::new(3, &[(1, 0), (2, 0), (1, 2)], vec![0, 2, 2]).unwrap();
    /// let moves = g.moves_to_value(&[0, 1, 0], Nimber(0)).unwrap();
    /// // from vertex 1 (value 2): put the two chips as a pair on vertex 0 -> value 0
    /// assert_eq!(moves.len(), 1);
    /// assert_eq!((moves[0].vertex, moves[0].targets.len(), moves[0].pairs), (1, 0, 1));
    /// ```
    pub fn moves_to_value(
        &self,
        chips: &[u64],
        target: Nimber,
    ) -> Result<Vec<ChipMove>, ChipError> {
        let total = self.position_wide_value(chips)?;
        let mut moves = Vec::new();
        for u in 0..self.vertices() as u32 {
            let succ = self.successors(u);
            if chips[u as usize] == 0 || succ.is_empty() {
                continue;
            }
            if succ.len() > MAX_ENUMERATED_SUCCESSORS {
                return Err(ChipError::TooManySuccessors {
                    vertex: u,
                    successors: succ.len(),
                });
            }
            let k = self.k[u as usize];
            let want = total ^ self.values[u as usize] ^ target.0 as u128;
            for set in 0u32..1 << succ.len() {
                let size = set.count_ones();
                if size > k || (k - size) % 2 == 1 {
                    continue;
                }
                let targets: Vec<u32> = (0..succ.len())
                    .filter(|&i| set >> i & 1 == 1)
                    .map(|i| succ[i])
                    .collect();
                let x = targets
                    .iter()
                    .fold(0u128, |a, &v| a ^ self.values[v as usize]);
                if x == want {
                    moves.push(ChipMove {
                        vertex: u,
                        targets,
                        pairs: ((k - size) / 2) as u64,
                        pad: succ[0],
                    });
                }
            }
        }
        moves.sort();
        Ok(moves)
    }

    /// The position after `m`, or why `m` is illegal.
    pub fn apply(&self, chips: &[u64], m: &ChipMove) -> Result<Vec<u64>, ChipError> {
        self.check_chips(chips)?;
        let u = m.vertex;
        if u as usize >= self.vertices() || chips[u as usize] == 0 {
            return Err(ChipError::IllegalMove(format!("vertex {u} holds no chip")));
        }
        let succ = self.successors(u);
        let k = self.k[u as usize] as u64;
        let count = m.targets.len() as u64 + 2 * m.pairs;
        if count != k {
            return Err(ChipError::IllegalMove(format!(
                "vertex {u} sends exactly K = {k} chips, not {count}"
            )));
        }
        let mut out = chips.to_vec();
        out[u as usize] -= 1;
        let pad = if m.pairs > 0 { Some(m.pad) } else { None };
        for (&v, add) in m
            .targets
            .iter()
            .map(|v| (v, 1))
            .chain(pad.iter().map(|v| (v, 2 * m.pairs)))
        {
            if succ.binary_search(&v).is_err() {
                return Err(ChipError::IllegalMove(format!(
                    "{v} is not a successor of {u}"
                )));
            }
            out[v as usize] = out[v as usize].checked_add(add).ok_or_else(|| {
                ChipError::IllegalMove(format!("vertex {v} would hold 2^64 chips"))
            })?;
        }
        Ok(out)
    }
}

/// The chip game on whole positions (`Vec<u64>` of chip counts), every multiset of `K_u`
/// successors an option: the brute-force oracle for small games. No Sprague–Grundy shortcut.
pub struct ChipPositions<'a>(pub &'a ChipGame);

impl ImpartialGame for ChipPositions<'_> {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let g = self.0;
        for u in 0..g.vertices() {
            let succ = g.successors(u as u32);
            if p[u] == 0 || succ.is_empty() {
                continue;
            }
            let k = g.k[u] as usize;
            // A multiset of k successors: a non-decreasing sequence of successor indices.
            let mut seq = vec![0usize; k];
            loop {
                let mut q = p.clone();
                q[u] -= 1;
                for &i in &seq {
                    q[succ[i] as usize] += 1;
                }
                out.push(q);
                let Some(j) = (0..k).rev().find(|&j| seq[j] + 1 < succ.len()) else {
                    break;
                };
                let next = seq[j] + 1;
                for s in &mut seq[j..] {
                    *s = next;
                }
            }
        }
    }
}

/// The name of the chip game on the command line, in Python and in the page's URLs.
pub const NAME: &str = "chips";

/// The chip game on a DAG in the catalogue ([`crate::games::registry`]).
pub const INFO: crate::games::entry::GameInfo = crate::games::entry::GameInfo {
    name: NAME,
    aliases: &[],
    title: "The chip game on a DAG",
    rules: "Take a chip from a vertex with out-edges and put one chip on each of K successors.",
    notation: "an edge list, each vertex its K, and the chips",
    parameters: &[
        crate::games::entry::Parameter {
            name: "file",
            help: "the graph",
        },
        crate::games::entry::Parameter {
            name: "k",
            help: "each vertex's K",
        },
    ],
    engines: &[
        crate::games::entry::Engine::ClosedForm,
        crate::games::entry::Engine::PositionFile,
    ],
    commands: &["grundy judge xsy1149", "grundy solve"],
    module: "grundy::games::chips",
    search: None,
    tier: None,
};

#[cfg(test)]
mod tests;
