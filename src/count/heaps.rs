//! `K` heaps of a heap game: how many positions are P and N, over ordered tuples or multisets.
//!
//! A position of `K` heaps with sizes in `A..=B` has value `G(s_1) ⊕ … ⊕ G(s_K)`
//! (Sprague–Grundy), so with `c[v] = #{s ∈ A..=B : G(s) = v}` the ordered `K`-tuples of value 0
//! number `(c^{∗K})[0]` and the multisets `s_1 <= … <= s_K` come from the generating function of
//! [`super::multiset`]; both from [`ValueDistribution`].

use num_bigint::BigUint;
use serde::Serialize;

use super::distribution::{ValueDistribution, json_number};
use super::{Arithmetic, CountError};
use crate::Nimber;

/// The P- and N-positions among `K` heaps (exact, or residues modulo `P`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapCounts {
    /// Positions of value 0 (a loss for the player to move).
    pub p_positions: BigUint,
    /// Positions of nonzero value (a win for the player to move).
    pub n_positions: BigUint,
    /// All positions: `N^K` ordered, `C(N + K - 1, K)` multisets, for `N` sizes.
    pub total: BigUint,
    /// The modulus, `None` for exact counts.
    pub modulus: Option<u64>,
}

impl Serialize for HeapCounts {
    /// `{"p_positions": .., "n_positions": .., "total": ..}` with exact JSON numbers, plus
    /// `"modulus"` when counting modulo `P`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("p_positions", &json_number(&self.p_positions))?;
        m.serialize_entry("n_positions", &json_number(&self.n_positions))?;
        m.serialize_entry("total", &json_number(&self.total))?;
        if let Some(p) = self.modulus {
            m.serialize_entry("modulus", &p)?;
        }
        m.end()
    }
}

/// Count the positions of `K` heaps whose sizes range over a family with the given values
/// (`values[i] = G(size i)`, e.g. `G(A..=B)`), as ordered tuples or as multisets.
///
/// ```
/// use grundy::{Nimber, count::{Arithmetic, heaps::count_heaps}};
/// // Subtract 1 or 2: G(n) = n mod 3. Two heaps of sizes 0..=5, ordered: P iff G equal: 4+4+4 = 12.
/// let g: Vec<Nimber> = (0..6).map(|n| Nimber(n % 3)).collect();
/// let c = count_heaps(&g, 2, false, Arithmetic::Exact).unwrap();
/// assert_eq!((c.p_positions.to_string(), c.total.to_string()), ("12".into(), "36".into()));
/// let c = count_heaps(&g, 2, true, Arithmetic::Exact).unwrap();
/// assert_eq!((c.p_positions.to_string(), c.total.to_string()), ("9".into(), "21".into()));
/// ```
pub fn count_heaps(
    values: &[Nimber],
    k: u128,
    multiset: bool,
    arith: Arithmetic,
) -> Result<HeapCounts, CountError> {
    count_distribution(
        &ValueDistribution::from_nimbers(values)?,
        k,
        multiset,
        arith,
    )
}

/// [`count_heaps`] from a value distribution (e.g. one built from a proved period).
pub fn count_distribution(
    dist: &ValueDistribution,
    k: u128,
    multiset: bool,
    arith: Arithmetic,
) -> Result<HeapCounts, CountError> {
    let s = dist.sums(k, multiset, arith)?;
    Ok(HeapCounts {
        p_positions: s.p_positions(),
        n_positions: s.n_positions(),
        total: s.total(),
        modulus: s.modulus(),
    })
}

/// The reference: enumerate every ordered tuple (or every non-decreasing tuple of indices, for
/// multisets) and XOR the values. Returns `(P-positions, total)`; exponential, for tests.
pub fn brute_force(values: &[Nimber], k: u32, multiset: bool) -> (u64, u64) {
    let (mut p, mut total) = (0u64, 0u64);
    let mut idx = vec![0usize; k as usize];
    if values.is_empty() {
        return if k == 0 { (1, 1) } else { (0, 0) };
    }
    loop {
        if !multiset || idx.windows(2).all(|w| w[0] <= w[1]) {
            total += 1;
            if idx.iter().fold(Nimber(0), |x, &i| x + values[i]).is_zero() {
                p += 1;
            }
        }
        let mut j = 0;
        loop {
            if j == idx.len() {
                return (p, total);
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
