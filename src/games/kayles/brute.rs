//! Node-Kayles and Arc-Kayles by brute force — the reference the tests trust: the plain mex rule
//! over whole vertex sets, written as bit masks, memoised. No components, no canonical
//! labelling, nothing of the engines; exponential, for graphs of a few dozen vertices at most.
//!
//! ```
//! use std::collections::HashMap;
//! use grundy::games::kayles::brute;
//! // the path of three vertices 0 - 1 - 2
//! let adj = [0b010, 0b101, 0b010];
//! assert_eq!(brute::value(&adj, 0b111, false, &mut HashMap::new()), 2); // Node-Kayles: options *1, 0, *1
//! assert_eq!(brute::value(&adj, 0b111, true, &mut HashMap::new()), 1); // Arc-Kayles: either edge leaves one vertex
//! ```

use std::collections::HashMap;

/// The Grundy value of the subgraph induced by `set` of the graph with adjacency rows `adj`
/// (at most 128 vertices): Node-Kayles (`edge` false: a move removes a vertex and its
/// neighbours) or Arc-Kayles (`edge` true: a move removes both ends of an edge); each position
/// looked up in `memo` first.
pub fn value(adj: &[u128], set: u128, edge: bool, memo: &mut HashMap<u128, u8>) -> u8 {
    if let Some(&v) = memo.get(&set) {
        return v;
    }
    let mut seen = 0u128;
    for v in 0..adj.len() {
        if set >> v & 1 == 0 {
            continue;
        }
        if edge {
            for u in v + 1..adj.len() {
                if set >> u & 1 == 1 && adj[v] >> u & 1 == 1 {
                    seen |= 1 << value(adj, set & !(1 << v) & !(1 << u), edge, memo);
                }
            }
        } else {
            seen |= 1 << value(adj, set & !adj[v] & !(1 << v), edge, memo);
        }
    }
    let v = (!seen).trailing_zeros() as u8;
    memo.insert(set, v);
    v
}
