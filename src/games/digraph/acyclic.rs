//! Grundy values of a token on an acyclic digraph: `G(v) = mex { G(w) : v -> w }` (Sprague 1935,
//! Grundy 1939), computed in reverse topological order by an iterative depth-first search (no
//! recursion, so a path of 10^7 vertices is fine); [`topological_order`] is Kahn's (1962). Time `O(V + E)`, memory `O(V)` beyond the graph.

use super::csr::Digraph;
use crate::progress::{self, Cancelled, Progress, Uncancellable};

/// A topological order (every edge goes from an earlier to a later vertex), or `None` if the
/// graph has a cycle (a self-loop counts). Kahn's algorithm on in-degree counters.
///
/// ```
/// use grundy::games::digraph::{Digraph, acyclic::topological_order};
/// let g = Digraph::from_edges(3, &[(2, 0), (0, 1)]).unwrap();
/// assert_eq!(topological_order(&g), Some(vec![2, 0, 1]));
/// let loop1 = Digraph::from_edges(1, &[(0, 0)]).unwrap();
/// assert_eq!(topological_order(&loop1), None);
/// ```
pub fn topological_order(g: &Digraph) -> Option<Vec<u32>> {
    let n = g.vertex_count();
    let mut indeg = vec![0u32; n];
    for &t in g.targets() {
        indeg[t as usize] += 1;
    }
    let mut order: Vec<u32> = Vec::with_capacity(n);
    order.extend((0..n as u32).filter(|&v| indeg[v as usize] == 0));
    let mut head = 0;
    while head < order.len() {
        let u = order[head];
        head += 1;
        for &v in g.successors(u) {
            let d = &mut indeg[v as usize];
            *d -= 1;
            if *d == 0 {
                order.push(v);
            }
        }
    }
    (order.len() == n).then_some(order)
}

/// The Grundy value of every vertex of an acyclic graph, or `None` if the graph has a cycle.
/// Values are `u32` (a value never exceeds the out-degree).
///
/// One iterative depth-first search with an explicit stack: a vertex's value is the mex of its
/// successors' values, computed when the search leaves it (all successors are finished by then);
/// meeting a vertex still on the stack reveals a cycle. Two reads of a successor's value per edge
/// and no in-degree array (Kahn's order would need three passes over the edges).
///
/// ```
/// use grundy::games::digraph::{Digraph, acyclic::grundy_values};
/// use grundy::progress::Silent;
/// // 0 -> 1 -> 2 and 0 -> 2: G(2) = 0, G(1) = 1, G(0) = mex{1, 0} = 2.
/// let g = Digraph::from_edges(3, &[(0, 1), (1, 2), (0, 2)]).unwrap();
/// assert_eq!(grundy_values(&g, &Silent), Some(vec![2, 1, 0]));
/// ```
pub fn grundy_values(g: &Digraph, progress: &dyn Progress) -> Option<Vec<u32>> {
    try_grundy_values(g, &Uncancellable(progress))
        .unwrap_or_else(|Cancelled| unreachable!("an Uncancellable sink never cancels"))
}

/// [`grundy_values`], stopping with [`Cancelled`] when `progress` asks (checked every 2^20
/// finished vertices).
pub fn try_grundy_values(
    g: &Digraph,
    progress: &dyn Progress,
) -> Result<Option<Vec<u32>>, Cancelled> {
    const UNSEEN: u32 = u32::MAX;
    const OPEN: u32 = u32::MAX - 1;
    let n = g.vertex_count();
    let offsets = g.offsets();
    let targets = g.targets();
    progress.start(n as u64, "Grundy values");
    let mut value = vec![UNSEEN; n];
    let max_deg = offsets.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(0) as usize;
    // seen[x] == u marks value x as present among u's successors (no clearing between vertices)
    let mut seen = vec![u32::MAX; max_deg + 1];
    // (vertex, position of its next edge to explore)
    let mut stack: Vec<(u32, u32)> = Vec::new();
    let mut finished = 0u64;
    for root in 0..n as u32 {
        if value[root as usize] != UNSEEN {
            continue;
        }
        value[root as usize] = OPEN;
        stack.push((root, offsets[root as usize]));
        while let Some(top) = stack.last_mut() {
            let u = top.0;
            let end = offsets[u as usize + 1];
            let mut pushed = false;
            while top.1 < end {
                let w = targets[top.1 as usize];
                top.1 += 1;
                match value[w as usize] {
                    UNSEEN => {
                        value[w as usize] = OPEN;
                        stack.push((w, offsets[w as usize]));
                        pushed = true;
                        break;
                    }
                    OPEN => return Ok(None),
                    _ => {}
                }
            }
            if pushed {
                continue;
            }
            let succ = g.successors(u);
            for &w in succ {
                let x = value[w as usize] as usize;
                if x < seen.len() {
                    seen[x] = u;
                }
            }
            let mut m = 0;
            while m < succ.len() && seen[m] == u {
                m += 1;
            }
            value[u as usize] = m as u32;
            stack.pop();
            finished += 1;
            if finished & 0xF_FFFF == 0 {
                progress.set(finished);
                progress::check(progress)?;
            }
        }
    }
    progress.finish();
    Ok(Some(value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Silent;

    /// Plain reference: mex over successors along Kahn's order, reversed.
    fn reference(g: &Digraph) -> Vec<u32> {
        let order = topological_order(g).unwrap();
        let mut value = vec![0u32; g.vertex_count()];
        for &u in order.iter().rev() {
            let vals: Vec<u64> = g
                .successors(u)
                .iter()
                .map(|&w| value[w as usize] as u64)
                .collect();
            value[u as usize] = crate::mex::mex(vals) as u32;
        }
        value
    }

    #[test]
    fn dfs_values_agree_with_kahn_order_and_mex() {
        // random DAG edges (low to high ids), then a hub of out-degree 70000
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut rng = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let n = 80_000u32;
        let mut edges: Vec<(u32, u32)> = (0..300_000)
            .map(|_| {
                let (a, b) = ((rng() % n as u64) as u32, (rng() % n as u64) as u32);
                (a.min(b), a.max(b))
            })
            .filter(|&(a, b)| a != b)
            .collect();
        let g = Digraph::from_edges(n as usize, &edges).unwrap();
        assert_eq!(grundy_values(&g, &Silent).unwrap(), reference(&g));
        edges.extend((1..70_001).map(|v| (0, v)));
        let g = Digraph::from_edges(n as usize, &edges).unwrap();
        assert!(g.out_degree(0) >= u16::MAX as usize);
        assert_eq!(grundy_values(&g, &Silent).unwrap(), reference(&g));
        // a cycle anywhere is reported
        edges.push((n - 1, 0));
        let g = Digraph::from_edges(n as usize, &edges).unwrap();
        assert_eq!(grundy_values(&g, &Silent), None);
    }
}
