//! Seed 000 (AtCoder AGC 016 F "Games on DAG"): over all `2^M` subsets of the edges of a DAG on
//! vertices `1..=N` (labels in topological order, `x < y` for every edge `x -> y`), count those in
//! which the first player wins the two-token game with tokens on vertices 1 and 2.
//!
//! **Rule.** By the Sprague–Grundy theorem the two tokens form a sum, so the first player wins
//! iff `G(1) != G(2)`. We count the complement. Every edge set determines the Grundy layering of
//! a vertex set `S`: `U` = the vertices of value 0 and `T = S \ U`. An edge set on `S` has that
//! layering exactly when no chosen edge lies inside `U`, edges `U -> T` are
//! free, every vertex of `T` has at least one edge into `U`, and the edges inside `T` form a
//! configuration of `T` alone (each value in `T` is one more than its value inside `T`). Hence
//!
//! `f(S) = Σ_{U ⊆ S, U ≠ ∅, 1 ∈ U ⇔ 2 ∈ U} f(S \ U) · Π_{p ∈ T} (2^{e(p→U)} − 1) · 2^{e(U→p)}`,
//!
//! `f(∅) = 1`, and the answer is `2^M − f({1..N})`, where `e(·)` counts edges *with multiplicity*
//! (a repeated pair is two distinct edges of the multigraph).
//!
//! **Speed.** The `O(3^N)` pairs `(S, U)` cost O(1) each: the vertices are split into a low part
//! `A` and a high part `B`. Because edges only go upwards, the factor of a vertex of `T ∩ B`
//! depends on `U ∩ B` alone, except for the edges `U ∩ A -> T ∩ B`, whose factor `2^{e(U_A→T_B)}`
//! is a table over two half-sets. So `Ways(S, U) = X_A[T_A, U_A, U_B] · Y_B[T_B, U_B] · Z[T_B, U_A]`
//! from three precomputed tables (zero entries are skipped). The sets `S` of one size
//! are independent of each other and are computed in parallel (rayon).

use rayon::prelude::*;
use thiserror::Error;

use super::arithmetic::pow_mod;

/// The modulus of the answer, `10^9 + 7`.
pub const MODULUS: u64 = 1_000_000_007;

/// The largest number of vertices supported (`O(3^N)` time, `2^N` memory).
pub const MAX_VERTICES: usize = 20;

/// An invalid DAG for [`first_player_wins`].
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum DagEdgesError {
    /// Fewer than two vertices: the tokens start on vertices 1 and 2.
    #[error("the graph needs at least 2 vertices (the tokens start on 1 and 2), got {0}")]
    TooFewVertices(usize),
    /// More vertices than [`MAX_VERTICES`].
    #[error("{0} vertices is above the supported maximum of {MAX_VERTICES}")]
    TooManyVertices(usize),
    /// An edge `x -> y` without `1 <= x < y <= n`.
    #[error("edge number {index} ({x} -> {y}) needs 1 <= x < y <= {n}")]
    BadEdge {
        /// 0-based position of the edge in the list.
        index: usize,
        /// Its tail.
        x: u32,
        /// Its head.
        y: u32,
        /// The number of vertices.
        n: usize,
    },
}

fn check(n: usize, edges: &[(u32, u32)]) -> Result<(), DagEdgesError> {
    if n < 2 {
        return Err(DagEdgesError::TooFewVertices(n));
    }
    if n > MAX_VERTICES {
        return Err(DagEdgesError::TooManyVertices(n));
    }
    for (index, &(x, y)) in edges.iter().enumerate() {
        if x < 1 || x >= y || y as usize > n {
            return Err(DagEdgesError::BadEdge { index, x, y, n });
        }
    }
    Ok(())
}

/// The number of edge subsets (mod [`MODULUS`]) in which the first player wins, tokens on 1 and 2.
///
/// Vertices are `1..=n`; every edge `(x, y)` needs `1 <= x < y <= n`; repeated pairs are distinct
/// edges. `2 <= n <=` [`MAX_VERTICES`].
///
/// ```
/// use grundy::count::dag_edges::first_player_wins;
/// assert_eq!(first_player_wins(3, &[(1, 2), (1, 3), (2, 3)]).unwrap(), 6);
/// assert_eq!(first_player_wins(5, &[(1, 2), (1, 3), (2, 4), (3, 5), (4, 5), (1, 5)]).unwrap(), 51);
/// // a doubled edge 1 -> 2: the first player wins iff at least one copy is kept
/// assert_eq!(first_player_wins(2, &[(1, 2), (1, 2)]).unwrap(), 3);
/// ```
pub fn first_player_wins(n: usize, edges: &[(u32, u32)]) -> Result<u64, DagEdgesError> {
    check(n, edges)?;
    let total = pow_mod(2, edges.len() as u64, MODULUS);
    let equal = equal_value_subsets(n, edges);
    Ok((total + MODULUS - equal) % MODULUS)
}

// Why this function is long: the three tables and the sum over `(S, U)` of the module docs' *Speed*
// share the split into halves `A`, `B` and the ternary indices; kept together to be read against
// that paragraph, one block per table.
/// The number of edge subsets (mod [`MODULUS`]) with `G(1) = G(2)`: `f({1..n})` of the module
/// docs. Requires a checked graph.
fn equal_value_subsets(n: usize, edges: &[(u32, u32)]) -> u64 {
    const P: u64 = MODULUS;
    let a = (n / 3).clamp(2, n);
    let b = n - a;
    let (na, nb) = (1usize << a, 1usize << b);
    let amask = (na - 1) as u32;

    // mult[p][q]: number of edges p -> q (0-based vertices).
    let mut mult = vec![0u32; n * n];
    for &(x, y) in edges {
        mult[(x as usize - 1) * n + (y as usize - 1)] += 1;
    }

    let pow2: Vec<u64> = {
        let mut v = Vec::with_capacity(edges.len() + 1);
        let mut x = 1u64;
        for _ in 0..=edges.len() {
            v.push(x);
            x = x * 2 % P;
        }
        v
    };
    let tern = |bits: usize| -> Vec<usize> {
        let mut t = vec![0usize; 1 << bits];
        for x in 1..t.len() {
            let low = x.trailing_zeros();
            t[x] = t[x & (x - 1)] + 3usize.pow(low);
        }
        t
    };
    let (tern_a, tern_b) = (tern(a), tern(b));
    let (pa, pb) = (3usize.pow(a as u32), 3usize.pow(b as u32));

    // Subset sums over a half: table[p][X] = Σ_{q ∈ X} w(p, q), X a set of local indices.
    let subset_sums = |rows: std::ops::Range<usize>,
                       offset: usize,
                       bits: usize,
                       w: &dyn Fn(usize, usize) -> u32| {
        let mut t = vec![0u32; rows.len() << bits];
        for (r, p) in rows.enumerate() {
            let row = &mut t[r << bits..(r + 1) << bits];
            for x in 1..1usize << bits {
                let q = x.trailing_zeros() as usize;
                row[x] = row[x & (x - 1)] + w(p, offset + q);
            }
        }
        t
    };
    let out_b = subset_sums(0..n, a, b, &|p, q| mult[p * n + q]); // [p][X ⊆ B]: edges p -> X
    let out_a = subset_sums(0..a, 0, a, &|p, q| mult[p * n + q]); // [p ∈ A][X ⊆ A]
    let in_a = subset_sums(0..a, 0, a, &|p, q| mult[q * n + p]); // [p ∈ A][X ⊆ A]: edges X -> p
    let in_b = subset_sums(a..n, a, b, &|p, q| mult[q * n + p]); // [p ∈ B][X ⊆ B]

    // X_A[U_B][tern(T_A) + 2 tern(U_A)] = Π_{p ∈ T_A} (2^{e(p→U)} − 1) · 2^{e(U_A→p)}.
    let mut xa = vec![0u32; nb * pa];
    xa.par_chunks_mut(pa).enumerate().for_each(|(ub, row)| {
        row[0] = 1;
        for sa in 1..na {
            let mut ua = sa;
            loop {
                let ta = sa ^ ua;
                let idx = tern_a[ta] + 2 * tern_a[ua];
                row[idx] = if ta == 0 {
                    1
                } else {
                    let p = ta.trailing_zeros() as usize;
                    let prev = row[idx - tern_a[1 << p]] as u64;
                    let e_out = out_a[(p << a) + ua] + out_b[(p << b) + ub];
                    let h =
                        (pow2[e_out as usize] + P - 1) % P * pow2[in_a[(p << a) + ua] as usize] % P;
                    (prev * h % P) as u32
                };
                if ua == 0 {
                    break;
                }
                ua = (ua - 1) & sa;
            }
        }
    });
    // Y_B[tern(T_B) + 2 tern(U_B)] = Π_{p ∈ T_B} (2^{e(p→U_B)} − 1) · 2^{e(U_B→p)}.
    let mut yb = vec![0u32; pb];
    yb[0] = 1;
    for sb in 1..nb {
        let mut ub = sb;
        loop {
            let tb = sb ^ ub;
            let idx = tern_b[tb] + 2 * tern_b[ub];
            yb[idx] = if tb == 0 {
                1
            } else {
                let r = tb.trailing_zeros() as usize;
                let prev = yb[idx - tern_b[1 << r]] as u64;
                let h = (pow2[out_b[((a + r) << b) + ub] as usize] + P - 1) % P
                    * pow2[in_b[(r << b) + ub] as usize]
                    % P;
                (prev * h % P) as u32
            };
            if ub == 0 {
                break;
            }
            ub = (ub - 1) & sb;
        }
    }
    // Z[T_B][U_A] = 2^{e(U_A → T_B)}.
    let mut z = vec![0u32; nb * na];
    z.par_chunks_mut(na).enumerate().for_each(|(tb, row)| {
        let mut count = vec![0u32; na];
        row[0] = 1;
        for ua in 1..na {
            let q = ua.trailing_zeros() as usize;
            count[ua] = count[ua & (ua - 1)] + out_b[(q << b) + tb];
            row[ua] = pow2[count[ua] as usize] as u32;
        }
    });

    // acc mod P for acc < 2^128, with 64-bit operations only.
    let r64 = ((1u128 << 64) % P as u128) as u64;
    let reduce = |acc: u128| ((acc >> 64) as u64 % P * r64 + (acc as u64) % P) % P;
    let mut f = vec![0u32; 1 << n];
    f[0] = 1;
    // Sets S with 1 ∈ S ⇔ 2 ∈ S (bits 0 and 1), by size.
    let mut layers: Vec<Vec<u32>> = vec![Vec::new(); n + 1];
    for s in 1u32..1 << n {
        if (s ^ (s >> 1)) & 1 == 0 {
            layers[s.count_ones() as usize].push(s);
        }
    }
    for layer in &layers[1..] {
        let fs = &f;
        let values: Vec<u32> = layer
            .par_iter()
            .map(|&s| {
                let sa = (s & amask) as usize;
                let sb = (s >> a) as usize;
                let mut total = 0u64;
                let mut ub = sb;
                loop {
                    let tb = sb ^ ub;
                    let y = yb[tern_b[tb] + 2 * tern_b[ub]];
                    if y != 0 {
                        let xrow = &xa[ub * pa..(ub + 1) * pa];
                        let zrow = &z[tb * na..(tb + 1) * na];
                        let high = tb << a;
                        let mut acc: u128 = 0;
                        // U_A ranges over subsets of S_A holding both or neither of vertices 1, 2.
                        let ts = tern_a[sa];
                        let pair = sa & 3;
                        let rest = sa & !3;
                        let mut r = rest;
                        loop {
                            for ua in [r | pair, r] {
                                if ua == 0 && ub == 0 {
                                    continue;
                                }
                                // tern(T_A) + 2 tern(U_A) = tern(S_A) + tern(U_A)
                                let x = xrow[ts + tern_a[ua]] as u64;
                                if x != 0 {
                                    // < 2^60 · 2^30: no reduction inside the loop (≤ 2^7 terms)
                                    let w = x * zrow[ua] as u64;
                                    acc += w as u128 * fs[(sa ^ ua) | high] as u128;
                                }
                                if pair == 0 {
                                    break;
                                }
                            }
                            if r == 0 {
                                break;
                            }
                            r = (r - 1) & rest;
                        }
                        total = (total + reduce(acc) * y as u64) % P;
                    }
                    if ub == 0 {
                        break;
                    }
                    ub = (ub - 1) & sb;
                }
                total as u32
            })
            .collect();
        for (&s, v) in layer.iter().zip(values) {
            f[s as usize] = v;
        }
    }
    f[(1usize << n) - 1] as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ImpartialGame;
    use crate::solve::memo::Solver;
    use proptest::prelude::*;

    /// Two tokens on a DAG; a move slides one token along one edge. Whole positions, no SG theory.
    struct TwoTokens {
        succ: Vec<Vec<usize>>,
    }

    impl ImpartialGame for TwoTokens {
        type Position = (usize, usize);
        fn options(&self, &(x, y): &(usize, usize), out: &mut Vec<(usize, usize)>) {
            out.extend(self.succ[x].iter().map(|&v| (v, y)));
            out.extend(self.succ[y].iter().map(|&v| (x, v)));
        }
    }

    /// Enumerate every edge subset and search the game: the oracle.
    fn brute(n: usize, edges: &[(u32, u32)]) -> u64 {
        let mut wins = 0u64;
        for mask in 0u64..1 << edges.len() {
            let mut succ = vec![Vec::new(); n];
            for (i, &(x, y)) in edges.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    succ[x as usize - 1].push(y as usize - 1);
                }
            }
            let mut solver = Solver::new(TwoTokens { succ });
            if !solver.grundy(&(0, 1)).unwrap().is_zero() {
                wins += 1;
            }
        }
        wins % MODULUS
    }

    #[test]
    fn published_samples() {
        assert_eq!(first_player_wins(2, &[(1, 2)]), Ok(1));
        assert_eq!(first_player_wins(3, &[(1, 2), (1, 3), (2, 3)]), Ok(6));
        assert_eq!(first_player_wins(4, &[(1, 3), (2, 4)]), Ok(2));
        let e = [(1, 2), (1, 3), (2, 4), (3, 5), (4, 5), (1, 5)];
        assert_eq!(first_player_wins(5, &e), Ok(51));
    }

    #[test]
    fn edge_cases() {
        assert_eq!(first_player_wins(2, &[]), Ok(0));
        assert_eq!(first_player_wins(20, &[]), Ok(0));
        assert_eq!(
            first_player_wins(1, &[]),
            Err(DagEdgesError::TooFewVertices(1))
        );
        assert_eq!(
            first_player_wins(21, &[]),
            Err(DagEdgesError::TooManyVertices(21))
        );
        assert!(matches!(
            first_player_wins(3, &[(2, 2)]),
            Err(DagEdgesError::BadEdge { .. })
        ));
        assert!(matches!(
            first_player_wins(3, &[(1, 4)]),
            Err(DagEdgesError::BadEdge { .. })
        ));
        assert!(matches!(
            first_player_wins(3, &[(0, 1)]),
            Err(DagEdgesError::BadEdge { .. })
        ));
        // Only edges away from 1 and 2 matter for nothing: G(1) = G(2) = 0 always -> 0 wins.
        assert_eq!(first_player_wins(4, &[(3, 4), (3, 4)]), Ok(0));
    }

    #[test]
    fn complete_dags_match_brute_force() {
        for n in 2..=5usize {
            let mut e = Vec::new();
            for x in 1..=n as u32 {
                for y in x + 1..=n as u32 {
                    e.push((x, y));
                }
            }
            assert_eq!(first_player_wins(n, &e).unwrap(), brute(n, &e), "n = {n}");
        }
    }

    fn dag() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
        (2usize..=7).prop_flat_map(|n| {
            let pair = (1..n as u32).prop_flat_map(move |x| (Just(x), x + 1..=n as u32));
            (Just(n), proptest::collection::vec(pair, 0..=11))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]
        /// Random multigraphs (repeated pairs are likely) against enumeration of edge subsets.
        #[test]
        fn counts_match_brute_force((n, edges) in dag()) {
            prop_assert_eq!(first_player_wins(n, &edges).unwrap(), brute(n, &edges));
        }
    }
}
