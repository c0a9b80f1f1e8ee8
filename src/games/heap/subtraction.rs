//! Subtraction and all-but games: a move takes `k` counters from one heap for `k` in a set `S`
//! (subtraction game) or for any `k >= 1` outside a finite set `E` (all-but game), leaving one heap.

use crate::mex::MexSet;

use super::ruleset::SubtractionSet;

/// `G(0..=to)` of the subtraction game on `set`: `G(n) = mex { G(n - s) : s ∈ S, s <= n }`.
///
/// ```
/// use grundy::games::heap::{SubtractionSet, subtraction};
/// let g = subtraction::values(&SubtractionSet::Finite(vec![1, 2]), 6);
/// assert_eq!(g, vec![0, 1, 2, 0, 1, 2, 0]); // G(n) = n mod 3
/// ```
pub fn values(set: &SubtractionSet, to: usize) -> Vec<u32> {
    let mut g = Vec::with_capacity(to + 1);
    extend(set, &mut g, to);
    g
}

/// Extend `g = G(0..len)` to `G(0..=to)` for the subtraction game on `set`.
pub fn extend(set: &SubtractionSet, g: &mut Vec<u32>, to: usize) {
    let members: Vec<usize> = set
        .members_up_to(to as u64)
        .into_iter()
        .map(|s| s as usize)
        .collect();
    let mut seen = MexSet::new();
    for n in g.len()..=to {
        seen.clear();
        for &s in members.iter().take_while(|&&s| s <= n) {
            seen.insert(g[n - s] as u64);
        }
        g.push(seen.mex() as u32);
    }
}

/// `G(0..=to)` of the all-but game excluding `excluded` (sorted): `G(n) = mex { G(n - k) : 1 <= k <=
/// n, k ∉ E }`, in `O(|E|)` per heap: the mex of all earlier values (kept incrementally with a count
/// per value) is corrected for the `|E|` heaps `n - e` that are not options.
///
/// ```
/// use grundy::games::heap::subtraction;
/// assert_eq!(subtraction::all_but_values(&[], 5), vec![0, 1, 2, 3, 4, 5]); // Nim
/// assert_eq!(subtraction::all_but_values(&[1], 5), vec![0, 0, 1, 1, 2, 2]);
/// ```
pub fn all_but_values(excluded: &[u64], to: usize) -> Vec<u32> {
    let mut g = Vec::with_capacity(to + 1);
    all_but_extend(excluded, &mut g, to);
    g
}

/// Extend `g = G(0..len)` to `G(0..=to)` for the all-but game excluding `excluded` (sorted).
pub fn all_but_extend(excluded: &[u64], g: &mut Vec<u32>, to: usize) {
    let ex: Vec<usize> = excluded
        .iter()
        .filter(|&&e| e <= to as u64)
        .map(|&e| e as usize)
        .collect();
    let mut count: Vec<u32> = vec![0; to.max(g.len()) + 2];
    for &v in g.iter() {
        count[v as usize] += 1;
    }
    let mut global_mex = 0usize; // least value absent from G(0..n)
    while count[global_mex] > 0 {
        global_mex += 1;
    }
    for n in g.len()..=to {
        for &e in ex.iter().take_while(|&&e| e <= n) {
            count[g[n - e] as usize] -= 1;
        }
        let mut result = global_mex;
        for &e in ex.iter().take_while(|&&e| e <= n) {
            let v = g[n - e] as usize;
            if count[v] == 0 && v < result {
                result = v;
            }
        }
        for &e in ex.iter().take_while(|&&e| e <= n) {
            count[g[n - e] as usize] += 1;
        }
        g.push(result as u32);
        count[result] += 1;
        while count[global_mex] > 0 {
            global_mex += 1;
        }
    }
}
