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
//! **Algorithm** (the phase procedure of Fraenkel–Yesha 1986, as presented in Fraenkel 2004).
//! All vertices start unlabelled.
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
//!
//! Two refinements keep the phases cheap. (1) Vertices that reach no cycle are *peeled* first in
//! reverse topological order and get their ordinary mex value, in `O(V + E)`; the phase algorithm
//! would label them with the same value in that phase, so phase `i` only replays their effect on
//! their predecessors. (2) The number of followers without a finite label is kept up to date
//! across phases, so a phase starts its counters in `O(1)` per unlabelled vertex instead of
//! rescanning their edges. A phase then costs `O(unlabelled vertices + edges into vertices
//! labelled or marked in it)`.
//!
//! The tests check every value against an independent oracle with no Sprague–Grundy theory:
//! retrograde (win/lose/draw) analysis of "a token at `u` plus a Nim heap of size `n`", whose
//! outcome is P iff `γ(u) = n` for finite `γ(u)`, and N iff `n ∈ K` (else a draw) for `∞(K)`.

use super::csr::Digraph;
use crate::progress::{self, Cancelled, Progress, Uncancellable};

/// Label of a vertex whose value is infinite.
pub const INFINITE: u32 = u32::MAX;
const UNLABELED: u32 = u32::MAX - 1;

/// The generalized SG label of every vertex: a finite value, or [`INFINITE`].
///
/// ```
/// use grundy::games::digraph::{Digraph, loopy::{labels, INFINITE}};
/// use grundy::progress::Silent;
/// // 0 <-> 1, 0 -> 2 (a sink): γ(2) = 0, γ(1) = 0, γ(0) = 1. A self-loop alone is ∞.
/// let g = Digraph::from_edges(4, &[(0, 1), (1, 0), (0, 2), (3, 3)]).unwrap();
/// assert_eq!(labels(&g, &Silent), vec![1, 0, 0, INFINITE]);
/// ```
pub fn labels(g: &Digraph, progress: &dyn Progress) -> Vec<u32> {
    try_labels(g, &Uncancellable(progress))
        .unwrap_or_else(|Cancelled| unreachable!("an Uncancellable sink never cancels"))
}

// Why this function is long: to be split (issue 50): the peeling (with its counting sort by value)
// becomes a function returning the labels, the counters and the peeled vertices by value; the
// phases stay.
/// [`labels`], stopping with [`Cancelled`] when `progress` asks (checked every 2^16 peeled
/// vertices and once per phase).
pub fn try_labels(g: &Digraph, progress: &dyn Progress) -> Result<Vec<u32>, Cancelled> {
    let n = g.vertex_count();
    let rev = g.reverse();
    let mut label = vec![UNLABELED; n];
    progress.start(n as u64, "generalized Sprague-Grundy values");

    // Peeling: vertices that reach no cycle get their ordinary mex value, in reverse topological
    // order (counters of unfinished followers). The phase algorithm labels them with the same
    // values (in phase = value); they are replayed below as labelled in that phase.
    // bad[u] = number of edges from u to followers without a finite label.
    let mut bad: Vec<u32> = (0..n as u32).map(|u| g.out_degree(u) as u32).collect();
    let mut peeled: Vec<u32> = (0..n as u32).filter(|&u| bad[u as usize] == 0).collect();
    let max_deg = (0..n as u32).map(|u| g.out_degree(u)).max().unwrap_or(0);
    let mut seen = vec![u32::MAX; max_deg + 1];
    let mut head = 0;
    while head < peeled.len() {
        let x = peeled[head];
        head += 1;
        if head & 0xFFFF == 0 {
            progress::check(progress)?;
        }
        let succ = g.successors(x);
        for &w in succ {
            let v = label[w as usize] as usize;
            if v < seen.len() {
                seen[v] = x;
            }
        }
        let mut m = 0;
        while m < succ.len() && seen[m] == x {
            m += 1;
        }
        label[x as usize] = m as u32;
        for &p in rev.successors(x) {
            bad[p as usize] -= 1;
            if bad[p as usize] == 0 {
                peeled.push(p);
            }
        }
    }
    drop(seen);
    progress.set(peeled.len() as u64);
    // peeled vertices grouped by value (a counting sort)
    let top = peeled
        .iter()
        .map(|&x| label[x as usize])
        .max()
        .map_or(0, |m| m as usize + 1);
    let mut by_value_start = vec![0usize; top + 1];
    for &x in &peeled {
        by_value_start[label[x as usize] as usize + 1] += 1;
    }
    for i in 0..top {
        by_value_start[i + 1] += by_value_start[i];
    }
    let mut by_value = vec![0u32; peeled.len()];
    {
        let mut fill = by_value_start.clone();
        for &x in &peeled {
            let slot = &mut fill[label[x as usize] as usize];
            by_value[*slot] = x;
            *slot += 1;
        }
    }
    drop(peeled);

    let mut active: Vec<u32> = (0..n as u32)
        .filter(|&u| label[u as usize] == UNLABELED)
        .collect();
    let mut count = vec![0u32; n];
    // has_i[v] == stamp: v has a follower labelled with the current phase's value
    let mut has_i = vec![0u32; n];
    let mut queue: Vec<u32> = Vec::new();
    let is_bad = |l: u32| l >= UNLABELED; // unlabelled or ∞
    let mut phase: u32 = 0;
    while !active.is_empty() {
        let stamp = phase + 1;
        queue.clear();
        for &u in &active {
            count[u as usize] = bad[u as usize];
        }
        // x has just become (or, for peeled x, counts as just become) labelled `phase`
        let mark_predecessors =
            |x: u32, label: &[u32], count: &mut [u32], has_i: &mut [u32], queue: &mut Vec<u32>| {
                for &p in rev.successors(x) {
                    let pi = p as usize;
                    if has_i[pi] == stamp {
                        continue;
                    }
                    has_i[pi] = stamp;
                    if !is_bad(label[pi]) {
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
            };
        let replay = by_value_start
            .get(phase as usize..phase as usize + 2)
            .map_or(&[][..], |w| &by_value[w[0]..w[1]]);
        for &x in replay {
            mark_predecessors(x, &label, &mut count, &mut has_i, &mut queue);
        }
        for &u in &active {
            if count[u as usize] == 0 {
                queue.push(u);
            }
        }
        while let Some(x) = queue.pop() {
            let xi = x as usize;
            if label[xi] != UNLABELED || has_i[xi] == stamp {
                continue;
            }
            label[xi] = phase;
            for &p in rev.successors(x) {
                bad[p as usize] -= 1;
            }
            mark_predecessors(x, &label, &mut count, &mut has_i, &mut queue);
        }
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
        progress::check(progress)?;
        phase += 1;
    }
    progress.finish();
    Ok(label)
}
