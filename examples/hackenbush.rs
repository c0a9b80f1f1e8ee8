//! Green Hackenbush on trees: a user-defined game solved by the generic memoised solver.
//!
//! A rooted tree stands on the ground by its root. A move deletes one edge; everything no longer
//! connected to the ground falls away; the player who cannot move loses. A tree is written as
//! nested parentheses: `()` is the bare root, `(())` one edge, `(()())` two edges from the root.
//!
//! **Colon principle** (Winning Ways, ch. 7): the branches at the root are independent games, and
//! an edge with a tree of value `g` above it (a "stalk") has value `g + 1`. So
//! `G(tree) = ⊕ over the root's children c of (G(c) + 1)`; a path of `n` edges is `*n`.
//!
//! This example implements [`ImpartialGame`] for trees (with the optional `decompose` that splits
//! the root's branches) and checks the colon principle against a plain search of the whole tree.
//!
//! Run: `cargo run --release --example hackenbush`; test: `cargo test --release --example hackenbush`.

use grundy::solve::memo::Solver;
use grundy::{ImpartialGame, Nimber};

/// Green Hackenbush on one rooted tree; `split` turns on decomposition into root branches.
struct Hackenbush {
    split: bool,
}

/// The index of the parenthesis closing the one at `open`.
fn matching(t: &[u8], open: usize) -> usize {
    let mut depth = 0usize;
    for (i, &c) in t.iter().enumerate().skip(open) {
        if c == b'(' {
            depth += 1;
        } else {
            depth -= 1;
            if depth == 0 {
                return i;
            }
        }
    }
    unreachable!("balanced tree")
}

impl ImpartialGame for Hackenbush {
    /// The tree in parentheses, e.g. `b"(()(()))"`.
    type Position = Vec<u8>;

    /// Deleting the edge above a non-root vertex removes its whole subtree.
    fn options(&self, t: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
        for i in 1..t.len() {
            if t[i] == b'(' {
                let j = matching(t, i);
                let mut u = t[..i].to_vec();
                u.extend_from_slice(&t[j + 1..]);
                out.push(u);
            }
        }
    }

    /// The root's branches (each an edge with its subtree) are independent games.
    fn decompose(&self, t: &Vec<u8>) -> Option<Vec<Vec<u8>>> {
        if !self.split {
            return None;
        }
        let mut parts = Vec::new();
        let mut i = 1;
        while i + 1 < t.len() {
            let j = matching(t, i);
            let mut branch = vec![b'('];
            branch.extend_from_slice(&t[i..=j]);
            branch.push(b')');
            parts.push(branch);
            i = j + 1;
        }
        (parts.len() > 1).then_some(parts)
    }
}

/// The colon principle, computed bottom-up with an explicit stack (no recursion).
fn colon_value(t: &[u8]) -> Nimber {
    let mut stack: Vec<u64> = Vec::new();
    let mut result = 0;
    for &c in t {
        if c == b'(' {
            stack.push(0);
        } else {
            let v = stack.pop().expect("balanced");
            match stack.last_mut() {
                Some(parent) => *parent ^= v + 1,
                None => result = v,
            }
        }
    }
    Nimber(result)
}

fn main() {
    let tree = b"((()())(()(())))".to_vec();
    let mut solver = Solver::new(Hackenbush { split: true });
    let g = solver.grundy(&tree).expect("finite game");
    println!(
        "tree {}: value {g} (colon principle: {})",
        String::from_utf8_lossy(&tree),
        colon_value(&tree)
    );
    for w in solver.winning_moves(&tree).expect("finite game") {
        println!("  winning move: leave {}", String::from_utf8_lossy(&w));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A tree from a parent list (`parent[i] < i + 1` is the parent of vertex `i + 1`; 0 is the root).
    fn tree_from_parents(parents: &[usize]) -> Vec<u8> {
        let n = parents.len() + 1;
        let mut children = vec![Vec::new(); n];
        for (i, &p) in parents.iter().enumerate() {
            children[p].push(i + 1);
        }
        // Iterative pre-order walk writing parentheses.
        let mut out = Vec::new();
        let mut stack = vec![(0usize, 0usize)];
        out.push(b'(');
        while let Some((v, k)) = stack.pop() {
            if k < children[v].len() {
                stack.push((v, k + 1));
                out.push(b'(');
                stack.push((children[v][k], 0));
            } else {
                out.push(b')');
            }
        }
        out
    }

    #[test]
    fn published_values() {
        // A path of n edges is *n; a root with three single edges is *1 ⊕ *1 ⊕ *1 = *1.
        assert_eq!(colon_value(b"()"), Nimber(0));
        assert_eq!(colon_value(b"(((())))"), Nimber(3));
        assert_eq!(colon_value(b"(()()())"), Nimber(1));
        // Winning Ways' "a fork on a stalk": an edge carrying two edges = (0+1 ⊕ 0+1) + 1 = *1.
        assert_eq!(colon_value(b"((()()))"), Nimber(1));
    }

    fn tree() -> impl Strategy<Value = Vec<u8>> {
        (0usize..9)
            .prop_flat_map(|n| (0..n).map(|i| 0..=i).collect::<Vec<_>>())
            .prop_map(|parents| tree_from_parents(&parents))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        #[test]
        fn colon_principle_matches_search(t in tree()) {
            let whole = Solver::new(Hackenbush { split: false }).grundy(&t).unwrap();
            let split = Solver::new(Hackenbush { split: true }).grundy(&t).unwrap();
            prop_assert_eq!(whole, colon_value(&t));
            prop_assert_eq!(split, whole);
        }
    }
}
