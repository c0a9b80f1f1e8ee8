//! The directed graph in compressed sparse row (CSR) form: vertex ids are `u32`, the successors of
//! `v` are one contiguous slice, parallel edges and self-loops are kept (each listed edge is a move).

use std::fmt;

/// Largest vertex count accepted from any input (`2^28`): every array is sized by a checked number.
pub const MAX_VERTICES: usize = 1 << 28;

/// Largest edge count (offsets are `u32`).
pub const MAX_EDGES: usize = u32::MAX as usize;

/// A directed multigraph in CSR form: `successors(v)` is `targets[offsets[v]..offsets[v+1]]`.
///
/// ```
/// use grundy::games::digraph::Digraph;
/// let g = Digraph::from_edges(3, &[(0, 1), (1, 2), (0, 2), (2, 2)]).unwrap();
/// assert_eq!((g.vertex_count(), g.edge_count()), (3, 4));
/// assert_eq!(g.successors(0), &[1, 2]);
/// assert_eq!(g.successors(2), &[2]); // a self-loop
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Digraph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

/// A graph that cannot be built: too many vertices or edges, or an edge to a missing vertex.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphBuildError {
    /// More vertices than [`MAX_VERTICES`].
    #[error("{0} vertices is more than the limit of {MAX_VERTICES}")]
    TooManyVertices(u64),
    /// More edges than [`MAX_EDGES`].
    #[error("{0} edges is more than the limit of {MAX_EDGES}")]
    TooManyEdges(u64),
    /// An edge names a vertex `>=` the vertex count.
    #[error("edge {index} ({from} -> {to}) names a vertex beyond the {vertices} vertices")]
    VertexOutOfRange {
        /// Index of the edge in the list.
        index: usize,
        /// Its tail.
        from: u32,
        /// Its head.
        to: u32,
        /// The vertex count.
        vertices: usize,
    },
}

impl Digraph {
    /// The graph with `vertices` vertices and the listed edges `(from, to)`, in order.
    pub fn from_edges(vertices: usize, edges: &[(u32, u32)]) -> Result<Digraph, GraphBuildError> {
        check_sizes(vertices, edges.len())?;
        for (index, &(from, to)) in edges.iter().enumerate() {
            if from as usize >= vertices || to as usize >= vertices {
                return Err(GraphBuildError::VertexOutOfRange {
                    index,
                    from,
                    to,
                    vertices,
                });
            }
        }
        let (src, dst): (Vec<u32>, Vec<u32>) = edges.iter().copied().unzip();
        Ok(Self::from_columns(vertices, &src, &dst))
    }

    /// Build from two parallel columns whose ids are already known to be `< vertices` and whose
    /// sizes are within limits (a stable counting sort by tail).
    pub(crate) fn from_columns(vertices: usize, src: &[u32], dst: &[u32]) -> Digraph {
        debug_assert_eq!(src.len(), dst.len());
        let mut offsets = vec![0u32; vertices + 1];
        for &s in src {
            offsets[s as usize + 1] += 1;
        }
        for i in 0..vertices {
            offsets[i + 1] += offsets[i];
        }
        let mut fill: Vec<u32> = offsets[..vertices].to_vec();
        let mut targets = vec![0u32; dst.len()];
        for (&s, &d) in src.iter().zip(dst) {
            let slot = &mut fill[s as usize];
            targets[*slot as usize] = d;
            *slot += 1;
        }
        Digraph { offsets, targets }
    }

    /// Build from raw CSR arrays, checking every invariant (used by the binary reader).
    pub fn from_csr(offsets: Vec<u32>, targets: Vec<u32>) -> Result<Digraph, String> {
        if offsets.is_empty() {
            return Err("the offsets array is empty".into());
        }
        let vertices = offsets.len() - 1;
        if offsets[0] != 0 {
            return Err("the first offset is not 0".into());
        }
        if let Some(i) = offsets.windows(2).position(|w| w[0] > w[1]) {
            return Err(format!("offsets decrease at vertex {i}"));
        }
        if offsets[vertices] as usize != targets.len() {
            return Err(format!(
                "the last offset is {} but there are {} edges",
                offsets[vertices],
                targets.len()
            ));
        }
        if let Some(i) = targets.iter().position(|&t| t as usize >= vertices) {
            return Err(format!(
                "edge {i} goes to vertex {} beyond the {vertices} vertices",
                targets[i]
            ));
        }
        Ok(Digraph { offsets, targets })
    }

    /// Build from CSR arrays produced by this crate's own counting sorts (checked in debug builds).
    pub(crate) fn from_csr_trusted(offsets: Vec<u32>, targets: Vec<u32>) -> Digraph {
        debug_assert!(Digraph::from_csr(offsets.clone(), targets.clone()).is_ok());
        Digraph { offsets, targets }
    }

    /// Number of vertices.
    #[inline]
    pub fn vertex_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Number of edges (parallel edges counted separately).
    #[inline]
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The heads of the edges leaving `v`, in input order (repeats for parallel edges).
    #[inline]
    pub fn successors(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// Out-degree of `v`.
    #[inline]
    pub fn out_degree(&self, v: u32) -> usize {
        let v = v as usize;
        (self.offsets[v + 1] - self.offsets[v]) as usize
    }

    /// The CSR offsets (`vertex_count() + 1` entries, starting at 0).
    pub fn offsets(&self) -> &[u32] {
        &self.offsets
    }

    /// The CSR targets (`edge_count()` entries).
    pub fn targets(&self) -> &[u32] {
        &self.targets
    }

    /// The reverse graph (every edge `u -> v` becomes `v -> u`), in CSR form.
    pub fn reverse(&self) -> Digraph {
        let n = self.vertex_count();
        let mut offsets = vec![0u32; n + 1];
        for &t in &self.targets {
            offsets[t as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill: Vec<u32> = offsets[..n].to_vec();
        let mut targets = vec![0u32; self.targets.len()];
        for u in 0..n as u32 {
            for &v in self.successors(u) {
                let slot = &mut fill[v as usize];
                targets[*slot as usize] = u;
                *slot += 1;
            }
        }
        Digraph { offsets, targets }
    }

    /// Every edge `(from, to)` in CSR order.
    pub fn edges(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.vertex_count() as u32)
            .flat_map(move |u| self.successors(u).iter().map(move |&v| (u, v)))
    }
}

/// Check a vertex and edge count against the limits.
pub(crate) fn check_sizes(vertices: usize, edges: usize) -> Result<(), GraphBuildError> {
    if vertices > MAX_VERTICES {
        return Err(GraphBuildError::TooManyVertices(vertices as u64));
    }
    if edges > MAX_EDGES {
        return Err(GraphBuildError::TooManyEdges(edges as u64));
    }
    Ok(())
}

impl fmt::Debug for Digraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Digraph({} vertices, {} edges",
            self.vertex_count(),
            self.edge_count()
        )?;
        if self.edge_count() <= 32 {
            write!(f, ": {:?}", self.edges().collect::<Vec<_>>())?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reverse_twice_gives_the_same_edge_multiset() {
        let g = Digraph::from_edges(4, &[(0, 1), (0, 1), (3, 0), (2, 2), (1, 3)]).unwrap();
        let r = g.reverse();
        assert_eq!(r.successors(1), &[0, 0]);
        let mut a: Vec<_> = g.edges().collect();
        let mut b: Vec<_> = r.reverse().edges().collect();
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b);
    }

    #[test]
    fn out_of_range_edges_and_bad_csr_are_rejected() {
        assert!(matches!(
            Digraph::from_edges(2, &[(0, 2)]),
            Err(GraphBuildError::VertexOutOfRange { index: 0, .. })
        ));
        assert!(Digraph::from_csr(vec![0, 2, 1], vec![0, 1]).is_err());
        assert!(Digraph::from_csr(vec![0, 1], vec![1]).is_err());
        assert!(Digraph::from_csr(vec![], vec![]).is_err());
        assert!(Digraph::from_csr(vec![0], vec![]).is_ok());
        assert!(matches!(
            Digraph::from_edges(MAX_VERTICES + 1, &[]),
            Err(GraphBuildError::TooManyVertices(_))
        ));
    }
}
