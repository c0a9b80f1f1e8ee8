//! The generalized Sprague–Grundy function of a token on a digraph with cycles.
//!
//! **Definition** (Smith 1966; Fraenkel & Yesha 1986, "The generalized Sprague–Grundy function and
//! its invariance under certain mappings", J. Combin. Theory A 43; in the form of Fraenkel,
//! "Complexity, appeal and challenges of combinatorial games", Theoret. Comput. Sci. 313 (2004)).
//! `γ : V -> N ∪ {∞}` is the generalized SG function if, writing `γ'(u)` for the mex of the finite
//! values of `u`'s followers:
//! - (A) if `γ(u) < ∞` then `γ(u) = γ'(u)`;
//! - (B) if `γ(u) < ∞` and a follower `v` has `γ(v) > γ(u)` (∞ counts as larger), then `v` has a
//!   follower `w` with `γ(w) = γ(u)`;
//! - (C) if `γ(u) = ∞` then `u` has a follower `v` with `γ(v) = ∞` and no follower `w` of `v` has
//!   `γ(w) = γ'(u)`;
//!
//! together with a counter function that makes it unique. An infinite value is written `∞(K)`, `K`
//! the set of finite values among the followers. A token at `u` behaves like the nimber `*γ(u)`
//! when finite; sums follow Smith's rules ([`crate::LoopyValue::sum`]).
//!
//! **Algorithm** (Fraenkel–Yesha; Fraenkel 2004, Algorithm GSG). All vertices start unlabelled.
//! For `i = 0, 1, 2, ...`:
//! 1. while some unlabelled `u` has no follower labelled `i` and every follower of `u` that is
//!    unlabelled or labelled `∞` has a follower labelled `i`: label `u` with `i`;
//! 2. label `∞` every unlabelled vertex with no follower labelled `i`;
//! 3. stop when no vertex is unlabelled.
//!
//! Step 1 is a least fixpoint and is computed like a retrograde win/lose analysis: each unlabelled
//! `u` keeps a counter of its followers that are unlabelled or `∞` and have no follower labelled
//! `i` yet. Labelling `x` with `i` marks each predecessor `p` of `x` (once per phase) as *having
//! an `i`*; if `p` is unlabelled or `∞`, the counter of each unlabelled predecessor of `p` drops
//! by one, and a counter reaching zero (with no `i`-follower) labels that vertex `i` next. Once a
//! vertex qualifies it stays qualified (a follower that could still be labelled `i` later already
//! has an `i`-follower, so it is blocked), so the order of labelling does not matter.
//! Each phase costs `O(V + E)`; a vertex that survives phase `i` has followers of values
//! `0..=i`, so there are at most `max out-degree + 1` phases: `O(K·(V + E))` in all, iterative.

use super::csr::Digraph;
use crate::progress::Progress;

/// Label of a vertex whose value is infinite.
pub const INFINITE: u32 = u32::MAX;
const UNLABELED: u32 = u32::MAX - 1;

/// The generalized SG label of every vertex: a finite value, or [`INFINITE`].
///
/// ```
/// use grundy::families::digraph::{Digraph, loopy::{labels, INFINITE}};
/// use grundy::progress::Silent;
/// // 0 <-> 1, 0 -> 2 (a sink): γ(2) = 0, γ(1) = 0, γ(0) = 1. A self-loop alone is ∞.
/// let g = Digraph::from_edges(4, &[(0, 1), (1, 0), (0, 2), (3, 3)]).unwrap();
/// assert_eq!(labels(&g, &Silent), vec![1, 0, 0, INFINITE]);
/// ```
pub fn labels(g: &Digraph, progress: &dyn Progress) -> Vec<u32> {
    let n = g.vertex_count();
    let rev = g.reverse();
    let mut label = vec![UNLABELED; n];
    let mut count = vec![0u32; n];
    // has_i[v] == stamp: v has a follower labelled with the current phase's value
    let mut has_i = vec![0u32; n];
    let mut active: Vec<u32> = (0..n as u32).collect();
    let mut queue: Vec<u32> = Vec::new();
    let bad = |l: u32| l >= UNLABELED; // unlabelled or ∞
    let mut phase: u32 = 0;
    progress.start(n as u64, "generalized Sprague-Grundy values");
    while !active.is_empty() {
        let stamp = phase + 1;
        queue.clear();
        for &u in &active {
            let c = g
                .successors(u)
                .iter()
                .filter(|&&w| bad(label[w as usize]))
                .count() as u32;
            count[u as usize] = c;
            if c == 0 {
                queue.push(u);
            }
        }
        let mut labelled_now = 0usize;
        while let Some(x) = queue.pop() {
            let xi = x as usize;
            if label[xi] != UNLABELED || has_i[xi] == stamp {
                continue;
            }
            label[xi] = phase;
            labelled_now += 1;
            for &p in rev.successors(x) {
                let pi = p as usize;
                if has_i[pi] == stamp {
                    continue;
                }
                has_i[pi] = stamp;
                if !bad(label[pi]) {
                    continue;
                }
                for &q in rev.successors(p) {
                    let qi = q as usize;
                    if label[qi] == UNLABELED && has_i[qi] != stamp {
                        count[qi] -= 1;
                        if count[qi] == 0 {
                            queue.push(q);
                        }
                    }
                }
            }
        }
        let before = active.len();
        active.retain(|&u| {
            let ui = u as usize;
            if label[ui] != UNLABELED {
                return false;
            }
            if has_i[ui] != stamp {
                label[ui] = INFINITE;
                return false;
            }
            true
        });
        progress.set((n - active.len()) as u64);
        debug_assert!(labelled_now > 0 || active.is_empty() || before == 0);
        phase += 1;
    }
    progress.finish();
    label
}
