//! Small simple graphs (at most 127 vertices, adjacency rows as 128-bit sets) with a canonical
//! labelling, for vertex and edge games on arbitrary graphs.
//!
//! **Canonical labelling** by *individualisation and refinement* (McKay, "Practical graph
//! isomorphism", 1981 — the method of nauty, without its automorphism pruning). An ordered
//! partition of the vertices is refined until every vertex of a cell has the same number of
//! neighbours in each cell (the cells are split by that signature and ordered by it, which does
//! not depend on the labels). When cells of several vertices remain, each vertex of the first
//! such cell is individualised in turn and the search goes on; every discrete partition reached
//! is a labelling, and the labelled adjacency matrix that is least wins. Isomorphic graphs reach
//! the same set of matrices, so they get the same least one.
//!
//! The search is exponential on very symmetric graphs, so it stops after [`LEAF_BUDGET`]
//! labellings; past that the graph keeps the first labelling found. That form is still *this*
//! graph (two graphs written the same are equal), so values stay right — only some isomorphic
//! copies are then stored twice.
//!
//! ```
//! use grundy::games::kayles::graph::Graph;
//! // a path a–b–c labelled two ways
//! let p = Graph::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
//! let q = Graph::from_edges(3, &[(2, 0), (0, 1)]).unwrap();
//! assert_eq!(p.canonical(), q.canonical());
//! assert_ne!(p.canonical(), Graph::from_edges(3, &[(0, 1), (1, 2), (2, 0)]).unwrap().canonical());
//! ```

/// The most vertices of a graph.
pub const MAX_VERTICES: usize = 127;

/// Labellings tried before the canonical search settles for the first one.
pub const LEAF_BUDGET: usize = 512;

/// A simple undirected graph on vertices `0 … n−1`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Graph {
    /// `adj[v]`: the neighbours of `v`.
    pub adj: Vec<u128>,
}

impl Graph {
    /// The graph on `n` vertices with the given edges (no self-loops; repeated edges are one).
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> Result<Graph, String> {
        if n > MAX_VERTICES {
            return Err(format!(
                "{n} vertices is more than the {MAX_VERTICES} the search supports"
            ));
        }
        let mut adj = vec![0u128; n];
        for &(u, v) in edges {
            if u >= n || v >= n {
                return Err(format!("edge {u} {v}: a vertex is beyond 0..{n}"));
            }
            if u == v {
                return Err(format!("edge {u} {v} is a self-loop"));
            }
            adj[u] |= 1 << v;
            adj[v] |= 1 << u;
        }
        Ok(Graph { adj })
    }

    /// The number of vertices.
    #[inline]
    pub fn n(&self) -> usize {
        self.adj.len()
    }

    /// All vertices as a set.
    #[inline]
    pub fn all(&self) -> u128 {
        crate::games::grid::region::low(self.n())
    }

    /// The number of edges.
    pub fn edges(&self) -> usize {
        self.adj
            .iter()
            .map(|a| a.count_ones() as usize)
            .sum::<usize>()
            / 2
    }

    /// The part of `within` connected to the vertices `seed`.
    #[inline]
    pub fn flood(&self, seed: u128, within: u128) -> u128 {
        let mut x = seed & within;
        let mut frontier = x;
        while frontier != 0 {
            let mut next = 0u128;
            let mut f = frontier;
            while f != 0 {
                let v = f.trailing_zeros() as usize;
                f &= f - 1;
                next |= self.adj[v];
            }
            next &= within & !x;
            x |= next;
            frontier = next;
        }
        x
    }

    /// The subgraph induced by the vertices `set`, relabelled `0 … |set|−1` in increasing order.
    pub fn induced(&self, set: u128) -> Graph {
        let mut index = [0u8; 128];
        let mut s = set;
        let mut k = 0u8;
        while s != 0 {
            let v = s.trailing_zeros() as usize;
            s &= s - 1;
            index[v] = k;
            k += 1;
        }
        let mut adj = Vec::with_capacity(k as usize);
        let mut s = set;
        while s != 0 {
            let v = s.trailing_zeros() as usize;
            s &= s - 1;
            let mut row = 0u128;
            let mut a = self.adj[v] & set;
            while a != 0 {
                let u = a.trailing_zeros() as usize;
                a &= a - 1;
                row |= 1u128 << index[u];
            }
            adj.push(row);
        }
        Graph { adj }
    }

    /// The connected components of the vertices `set`, each handed to `f`.
    #[inline]
    pub fn for_each_component(&self, set: u128, mut f: impl FnMut(u128)) {
        let mut rest = set;
        while rest != 0 {
            let comp = self.flood(rest & rest.wrapping_neg(), rest);
            rest &= !comp;
            f(comp);
        }
    }

    /// True when every two vertices are adjacent.
    pub fn is_complete(&self) -> bool {
        let all = self.all();
        self.adj
            .iter()
            .enumerate()
            .all(|(v, &a)| a == all & !(1u128 << v))
    }

    /// The graph relabelled so that vertex `order[i]` becomes `i`.
    fn relabel(&self, order: &[u8]) -> Vec<u128> {
        let mut pos = [0u8; 128];
        for (i, &v) in order.iter().enumerate() {
            pos[v as usize] = i as u8;
        }
        order
            .iter()
            .map(|&v| {
                let mut row = 0u128;
                let mut a = self.adj[v as usize];
                while a != 0 {
                    let u = a.trailing_zeros() as usize;
                    a &= a - 1;
                    row |= 1u128 << pos[u];
                }
                row
            })
            .collect()
    }

    /// Refine an ordered partition (cells as vertex sets) until it is equitable.
    fn refine(&self, cells: &mut Vec<u128>) {
        let mut sig: Vec<(Vec<u8>, u8)> = Vec::new();
        loop {
            let mut next: Vec<u128> = Vec::with_capacity(cells.len() + 4);
            for &cell in cells.iter() {
                if cell.count_ones() == 1 {
                    next.push(cell);
                    continue;
                }
                sig.clear();
                let mut c = cell;
                while c != 0 {
                    let v = c.trailing_zeros() as usize;
                    c &= c - 1;
                    let s: Vec<u8> = cells
                        .iter()
                        .map(|&k| (self.adj[v] & k).count_ones() as u8)
                        .collect();
                    sig.push((s, v as u8));
                }
                sig.sort_unstable();
                let mut group = 0u128;
                for i in 0..sig.len() {
                    if i > 0 && sig[i].0 != sig[i - 1].0 {
                        next.push(group);
                        group = 0;
                    }
                    group |= 1u128 << sig[i].1;
                }
                next.push(group);
            }
            let done = next.len() == cells.len();
            *cells = next;
            if done {
                return;
            }
        }
    }

    fn search_labellings(
        &self,
        mut cells: Vec<u128>,
        best: &mut Option<Vec<u128>>,
        leaves: &mut usize,
    ) {
        self.refine(&mut cells);
        match cells.iter().position(|c| c.count_ones() > 1) {
            None => {
                *leaves += 1;
                let order: Vec<u8> = cells.iter().map(|c| c.trailing_zeros() as u8).collect();
                let m = self.relabel(&order);
                if best.as_ref().is_none_or(|b| m < *b) {
                    *best = Some(m);
                }
            }
            Some(k) => {
                let mut c = cells[k];
                while c != 0 {
                    if *leaves >= LEAF_BUDGET {
                        return;
                    }
                    let v = c & c.wrapping_neg();
                    c &= c - 1;
                    let mut next = Vec::with_capacity(cells.len() + 1);
                    next.extend_from_slice(&cells[..k]);
                    next.push(v);
                    next.push(cells[k] & !v);
                    next.extend_from_slice(&cells[k + 1..]);
                    self.search_labellings(next, best, leaves);
                }
            }
        }
    }

    /// The canonical form (see the module docs; the first labelling past [`LEAF_BUDGET`]).
    pub fn canonical(&self) -> Graph {
        if self.n() <= 1 {
            return self.clone();
        }
        // first cells: vertices by degree, smallest degree first
        let mut by_degree: Vec<u128> = Vec::new();
        let mut degrees: Vec<u32> = self.adj.iter().map(|a| a.count_ones()).collect();
        degrees.sort_unstable();
        degrees.dedup();
        for d in degrees {
            let mut cell = 0u128;
            for (v, a) in self.adj.iter().enumerate() {
                if a.count_ones() == d {
                    cell |= 1u128 << v;
                }
            }
            by_degree.push(cell);
        }
        let mut best = None;
        let mut leaves = 0;
        self.search_labellings(by_degree, &mut best, &mut leaves);
        Graph {
            adj: best.expect("at least one labelling"),
        }
    }

    /// A 64-bit fingerprint of the labelled graph (of its canonical form, when it is one).
    pub fn fingerprint(&self) -> u64 {
        let mut x: u64 = 0x243f_6a88_85a3_08d3 ^ self.n() as u64;
        for &row in &self.adj {
            for half in [row as u64, (row >> 64) as u64] {
                x ^= half;
                x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                x ^= x >> 31;
            }
        }
        x
    }
}

/// Parse an undirected edge list: one edge `u v` per line (vertices are numbers from 0), a line
/// with one vertex alone declares it (an isolated vertex), `#` starts a comment. The graph has
/// vertices `0 … max`.
///
/// ```
/// use grundy::games::kayles::graph::parse_edge_list;
/// let g = parse_edge_list("# a path and a lone vertex\n0 1\n1 2\n4\n").unwrap();
/// assert_eq!((g.n(), g.edges()), (5, 2));
/// assert!(parse_edge_list("0 0").unwrap_err().contains("line 1"));
/// ```
pub fn parse_edge_list(text: &str) -> Result<Graph, String> {
    let mut edges = Vec::new();
    let mut n = 0usize;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = |msg: String| format!("line {}: {msg}", i + 1);
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() > 2 {
            return Err(at(format!(
                "{line:?} has {} fields; expected `u v` (an edge) or `v` (a vertex)",
                fields.len()
            )));
        }
        let mut vs = [0usize; 2];
        for (k, f) in fields.iter().enumerate() {
            if f.starts_with('-') {
                return Err(at(format!(
                    "vertex {f} is negative; vertices are 0, 1, 2, …"
                )));
            }
            let v: u64 = f
                .parse()
                .map_err(|_| at(format!("{f:?} is not a vertex number")))?;
            if v >= MAX_VERTICES as u64 {
                return Err(at(format!(
                    "vertex {v} is beyond the {MAX_VERTICES} vertices (0..={}) the search supports",
                    MAX_VERTICES - 1
                )));
            }
            vs[k] = v as usize;
            n = n.max(v as usize + 1);
        }
        if fields.len() == 2 {
            if vs[0] == vs[1] {
                return Err(at(format!("edge {} {} is a self-loop", vs[0], vs[1])));
            }
            edges.push((vs[0], vs[1]));
        }
    }
    Graph::from_edges(n, &edges)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn random_graph(n: usize, bits: &[bool]) -> Graph {
        let mut edges = Vec::new();
        let mut k = 0;
        for u in 0..n {
            for v in u + 1..n {
                if bits[k % bits.len()] {
                    edges.push((u, v));
                }
                k += 1;
            }
        }
        Graph::from_edges(n, &edges).unwrap()
    }

    fn permuted(g: &Graph, perm: &[usize]) -> Graph {
        let mut edges = Vec::new();
        for u in 0..g.n() {
            for v in u + 1..g.n() {
                if g.adj[u] >> v & 1 == 1 {
                    edges.push((perm[u], perm[v]));
                }
            }
        }
        Graph::from_edges(g.n(), &edges).unwrap()
    }

    /// Isomorphism by brute force over all permutations (n ≤ 6).
    fn isomorphic(a: &Graph, b: &Graph) -> bool {
        fn perms(n: usize) -> Vec<Vec<usize>> {
            if n == 0 {
                return vec![vec![]];
            }
            let mut out = Vec::new();
            for p in perms(n - 1) {
                for i in 0..n {
                    let mut q = p.clone();
                    q.insert(i, n - 1);
                    out.push(q);
                }
            }
            out
        }
        a.n() == b.n() && perms(a.n()).iter().any(|p| permuted(a, p) == *b)
    }

    proptest! {
        #[test]
        fn relabelled_graphs_have_one_canonical_form(
            n in 1usize..12, bits in proptest::collection::vec(any::<bool>(), 66),
            perm in Just((0..12).collect::<Vec<usize>>()).prop_shuffle()
        ) {
            let g = random_graph(n, &bits);
            let p: Vec<usize> = perm.iter().copied().filter(|&v| v < n).collect();
            let h = permuted(&g, &p);
            prop_assert_eq!(g.canonical(), h.canonical());
            prop_assert_eq!(g.canonical().edges(), g.edges());
        }

        #[test]
        fn canonical_forms_are_equal_exactly_for_isomorphic_graphs(
            n in 1usize..7, a in proptest::collection::vec(any::<bool>(), 15),
            b in proptest::collection::vec(any::<bool>(), 15)
        ) {
            let g = random_graph(n, &a);
            let h = random_graph(n, &b);
            prop_assert_eq!(g.canonical() == h.canonical(), isomorphic(&g, &h));
        }
    }

    #[test]
    fn bad_edges_are_refused() {
        assert!(Graph::from_edges(3, &[(0, 3)]).is_err());
        assert!(Graph::from_edges(3, &[(1, 1)]).is_err());
        assert!(Graph::from_edges(200, &[]).is_err());
    }
}
