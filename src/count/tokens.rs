//! `K` tokens on a digraph with cycles: how many placements are P, N and D (draws).
//!
//! Vertex values are finite or `∞(S)` (generalized Sprague–Grundy values, [`crate::LoopyValue`]).
//! By Smith's sum rules a placement is
//! - finite (value = XOR of the tokens' values) when no token sits on an infinite vertex: P iff 0;
//! - `∞(S ⊕ x)` with exactly one token on an infinite vertex `∞(S)` and the others' XOR `x`: N iff
//!   `0 ∈ S ⊕ x`, i.e. `x ∈ S`, and a draw otherwise;
//! - a draw with two or more tokens on infinite vertices.
//!
//! So with `F` the finite values' distribution (`N_f` vertices) and `N_∞` infinite vertices,
//! ordered placements count as
//! `P = F^{∗K}[0]`, `N = (N_f^K - P) + K Σ_{∞(S)} Σ_{x ∈ S} F^{∗(K-1)}[x]`, `D = V^K - P - N`,
//! and multisets likewise with the multiset sums of sizes `K` and `K - 1` (the one infinite vertex
//! is chosen once, with no factor `K`) and the total `C(V + K - 1, K)`.

use num_bigint::BigUint;
use serde::Serialize;

use super::arithmetic::{self, Ring};
use super::distribution::{
    Counter, ExactCounter, LoopyDistribution, ModCounter, json_number, log10_count,
};
use super::{Arithmetic, CountError};
use crate::{LoopyValue, Outcome};

/// The P-, N- and D-placements of `K` tokens (exact, or residues modulo `P`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenCounts {
    /// Placements the player to move loses.
    pub p_positions: BigUint,
    /// Placements the player to move wins.
    pub n_positions: BigUint,
    /// Draws (play goes on forever with best play).
    pub d_positions: BigUint,
    /// All placements: `V^K` ordered, `C(V + K - 1, K)` multisets.
    pub total: BigUint,
    /// The modulus, `None` for exact counts.
    pub modulus: Option<u64>,
}

impl Serialize for TokenCounts {
    /// `{"p_positions", "n_positions", "d_positions", "total"}` as exact JSON numbers, plus
    /// `"modulus"` when counting modulo `P`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("p_positions", &json_number(&self.p_positions))?;
        m.serialize_entry("n_positions", &json_number(&self.n_positions))?;
        m.serialize_entry("d_positions", &json_number(&self.d_positions))?;
        m.serialize_entry("total", &json_number(&self.total))?;
        if let Some(p) = self.modulus {
            m.serialize_entry("modulus", &p)?;
        }
        m.end()
    }
}

/// Count the placements of `K` tokens (ordered tuples of vertices, or multisets) by outcome.
///
/// ```
/// use grundy::{LoopyValue, Nimber, count::{Arithmetic, LoopyDistribution, tokens::count_tokens}};
/// // x -> x (a self-loop), y -> x, y -> z: x = ∞() draws, y = ∞(0) wins by moving to z = 0.
/// let d = LoopyDistribution::from_values(&[
///     LoopyValue::infinite(vec![]), LoopyValue::infinite(vec![0]), LoopyValue::Finite(Nimber(0)),
/// ]).unwrap();
/// let c = count_tokens(&d, 1, false, Arithmetic::Exact).unwrap();
/// assert_eq!([c.p_positions, c.n_positions, c.d_positions].map(|x| x.to_string()), ["1", "1", "1"]);
/// ```
pub fn count_tokens(
    dist: &LoopyDistribution,
    k: u128,
    multiset: bool,
    arith: Arithmetic,
) -> Result<TokenCounts, CountError> {
    match arith {
        Arithmetic::Exact => {
            let log10 = log10_count(dist.total(), k, multiset);
            arithmetic::check_exact_size(log10)?;
            // Two tables: the sums of K and of K - 1 tokens.
            arithmetic::check_exact_memory(2 * dist.finite().len(), log10)?;
            if multiset {
                dist.finite().check_exact_multiset_work(k, log10)?;
            }
            Ok(compute(&ExactCounter, dist, k, multiset))
        }
        Arithmetic::Modulo(p) => {
            let c = ModCounter::new(p, multiset.then_some(dist.total()))?;
            Ok(compute(&c, dist, k, multiset))
        }
    }
}

/// [`count_tokens`] from a list of vertex values.
pub fn count_tokens_of(
    values: &[LoopyValue],
    k: u128,
    multiset: bool,
    arith: Arithmetic,
) -> Result<TokenCounts, CountError> {
    count_tokens(&LoopyDistribution::from_values(values)?, k, multiset, arith)
}

fn compute<C: Counter>(c: &C, dist: &LoopyDistribution, k: u128, multiset: bool) -> TokenCounts {
    let ring = c.ring();
    let f = dist.finite();
    let len = f.len();
    let sk = f.sums_in(c, k, multiset, len);
    let p = sk[0].clone();
    let mut no_infinite = ring.of_i128(0);
    for x in &sk {
        no_infinite = ring.add(&no_infinite, x);
    }
    let v = dist.total();
    let total = if multiset {
        c.multiset_coefficient(v, 0, k)
    } else {
        ring.pow(&ring.of_u128(u128::from(v)), k)
    };
    let mut one_infinite_n = ring.of_i128(0);
    if k > 0 && dist.infinite_total() > 0 {
        let sk1 = f.sums_in(c, k - 1, multiset, len);
        for (set, count) in dist.infinite() {
            let mut hits = ring.of_i128(0);
            for &x in set {
                if let Some(y) = usize::try_from(x).ok().and_then(|i| sk1.get(i)) {
                    hits = ring.add(&hits, y);
                }
            }
            let w = ring.mul(&hits, &ring.of_u128(u128::from(*count)));
            one_infinite_n = ring.add(&one_infinite_n, &w);
        }
        if !multiset {
            one_infinite_n = ring.mul(&one_infinite_n, &ring.of_u128(k));
        }
    }
    let n = ring.add(&ring.sub(&no_infinite, &p), &one_infinite_n);
    let d = ring.sub(&ring.sub(&total, &p), &n);
    TokenCounts {
        p_positions: ring.to_biguint(&p),
        n_positions: ring.to_biguint(&n),
        d_positions: ring.to_biguint(&d),
        total: ring.to_biguint(&total),
        modulus: ring.modulus(),
    }
}

/// The reference: every ordered tuple (or non-decreasing tuple, for multisets) of vertices, its
/// value by [`LoopyValue::sum`], its outcome. Returns `[P, N, D]`; exponential, for tests.
pub fn brute_force(values: &[LoopyValue], k: u32, multiset: bool) -> [u64; 3] {
    let mut out = [0u64; 3];
    let mut idx = vec![0usize; k as usize];
    if values.is_empty() && k > 0 {
        return out;
    }
    loop {
        if !multiset || idx.windows(2).all(|w| w[0] <= w[1]) {
            let o = LoopyValue::sum(idx.iter().map(|&i| values[i].clone())).outcome();
            out[match o {
                Outcome::P => 0,
                Outcome::N => 1,
                Outcome::D => 2,
            }] += 1;
        }
        let mut j = 0;
        loop {
            if j == idx.len() {
                return out;
            }
            idx[j] += 1;
            if idx[j] < values.len() {
                break;
            }
            idx[j] = 0;
            j += 1;
        }
    }
}
