//! The value distribution of a family: how many components have each value.
//!
//! This is the whole interface a family needs to be counted: list its components' values
//! ([`ValueDistribution::from_nimbers`], or [`LoopyDistribution::from_values`] for loopy games),
//! and the distribution gives the number of `K`-component sums of every XOR value, for ordered
//! `K`-tuples ([`ValueDistribution::ordered_sums`]: the `K`-fold XOR convolution power, by
//! Walsh–Hadamard transform and pointwise powers) and for `K`-multisets
//! ([`ValueDistribution::multiset_sums`]: the generating function of [`super::multiset`]).

use std::collections::HashMap;

use num_bigint::BigUint;
use num_traits::Zero;

use super::CountError;
use super::arithmetic::{self, Arithmetic, Exact, Residues, Ring, is_prime};
use super::multiset::{BinomialsModP, coefficient_exact};
use super::transform::{inverse_wht, wht_i128};
use crate::{LoopyValue, Nimber};

/// Values must be below `2^MAX_BITS` (the transform is dense over `0..2^b`).
pub const MAX_BITS: u32 = 22;

/// How many components have each finite value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueDistribution {
    /// `counts[v]` = number of components of value `v`; length `2^b`.
    counts: Vec<u64>,
    total: u64,
}

impl ValueDistribution {
    /// The distribution of a list of component values.
    ///
    /// ```
    /// use grundy::{Nimber, count::ValueDistribution};
    /// let d = ValueDistribution::from_nimbers(&[Nimber(0), Nimber(3), Nimber(3)]).unwrap();
    /// assert_eq!((d.count(Nimber(3)), d.total(), d.bits()), (2, 3, 2));
    /// ```
    pub fn from_nimbers(values: &[Nimber]) -> Result<ValueDistribution, CountError> {
        Self::from_counts(values.iter().map(|&v| (v, 1)))
    }

    /// The distribution from `(value, how many components)` pairs (repeats add up).
    pub fn from_counts<I: IntoIterator<Item = (Nimber, u64)>>(
        pairs: I,
    ) -> Result<ValueDistribution, CountError> {
        let mut counts: Vec<u64> = vec![0];
        let mut total = 0u64;
        for (v, n) in pairs {
            if v.0 >> MAX_BITS != 0 {
                return Err(CountError::ValueTooLarge {
                    value: v.0,
                    max_bits: MAX_BITS,
                });
            }
            let v = v.0 as usize;
            if v >= counts.len() {
                counts.resize((v + 1).next_power_of_two(), 0);
            }
            counts[v] = counts[v].checked_add(n).ok_or(CountError::FamilyTooLarge)?;
            total = total.checked_add(n).ok_or(CountError::FamilyTooLarge)?;
        }
        Ok(ValueDistribution { counts, total })
    }

    /// The distribution of `G(lo..=hi)` for a sequence that is purely periodic after a
    /// preperiod: `G(n + period) = G(n)` for all `n >= preperiod` (e.g. a *proved* period of a
    /// heap game, so `hi` may be as large as `u64::MAX`). `values` must hold `G(0..preperiod +
    /// period)` at least; each residue class counts its sizes in `O(1)`.
    ///
    /// ```
    /// use grundy::{Nimber, count::ValueDistribution};
    /// // G(n) = n mod 3 (subtract 1 or 2): period 3 from 0. Sizes 0..=10^18.
    /// let g = [0, 1, 2].map(Nimber);
    /// let d = ValueDistribution::from_periodic(&g, 0, 3, 0, 1_000_000_000_000_000_000).unwrap();
    /// assert_eq!(d.count(Nimber(0)), 333_333_333_333_333_334);
    /// assert_eq!(d.total(), 1_000_000_000_000_000_001);
    /// ```
    pub fn from_periodic(
        values: &[Nimber],
        preperiod: u64,
        period: u64,
        lo: u64,
        hi: u64,
    ) -> Result<ValueDistribution, CountError> {
        let need = preperiod
            .checked_add(period)
            .ok_or(CountError::FamilyTooLarge)?;
        if period == 0 || (values.len() as u64) < need || lo > hi {
            return Self::from_counts(std::iter::empty());
        }
        let mut pairs = Vec::new();
        // Sizes below the preperiod, one by one.
        for s in lo..=hi.min(preperiod.saturating_sub(1)) {
            if s >= preperiod {
                break;
            }
            pairs.push((values[s as usize], 1));
        }
        // Periodic part: sizes s in [start, hi] with (s - preperiod) mod period = r.
        let start = lo.max(preperiod);
        if start <= hi {
            for r in 0..period {
                let offset = (start - preperiod) % period;
                let first = u128::from(start) + u128::from((r + period - offset) % period);
                if first <= u128::from(hi) {
                    let n = (u128::from(hi) - first) / u128::from(period) + 1;
                    let n = u64::try_from(n).map_err(|_| CountError::FamilyTooLarge)?;
                    pairs.push((values[(preperiod + r) as usize], n));
                }
            }
        }
        Self::from_counts(pairs)
    }

    /// The number of components.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The number of components of value `v`.
    pub fn count(&self, v: Nimber) -> u64 {
        usize::try_from(v.0)
            .ok()
            .and_then(|i| self.counts.get(i))
            .copied()
            .unwrap_or(0)
    }

    /// The length `2^b` of the dense count vector.
    pub(crate) fn len(&self) -> usize {
        self.counts.len()
    }

    /// `b`: every value is below `2^b`.
    pub fn bits(&self) -> u32 {
        self.counts.len().trailing_zeros()
    }

    /// The transform `ĉ[w] = Σ_v (-1)^{popcount(v & w)} c[v] = a_w - (N - a_w)`, exactly.
    fn hat(&self, len: usize) -> Vec<i128> {
        let mut h: Vec<i128> = self.counts.iter().map(|&c| i128::from(c)).collect();
        h.resize(len, 0);
        wht_i128(&mut h);
        h
    }

    /// The number of ordered `K`-tuples of components by XOR value: the XOR convolution power
    /// `c^{∗K}`, computed as `inverse WHT( ĉ^K )` (pointwise powers, `O(b 2^b + 2^b log K)`).
    ///
    /// ```
    /// use grundy::{Nimber, count::{Arithmetic, ValueDistribution}};
    /// // Kayles heaps 0..=3 have values 0, 1, 2, 3: like Nim.
    /// let d = ValueDistribution::from_nimbers(&[Nimber(0), Nimber(1), Nimber(2), Nimber(3)]).unwrap();
    /// let s = d.ordered_sums(1_000_000_000_000_000_000, Arithmetic::Modulo(1_000_000_007)).unwrap();
    /// // 4^K tuples, a quarter of them P (each XOR value is equally likely for K >= 1).
    /// assert_eq!(s.p_positions(), s.count(Nimber(3)));
    /// ```
    pub fn ordered_sums(&self, k: u128, arith: Arithmetic) -> Result<SumCounts, CountError> {
        self.sums(k, false, arith)
    }

    /// The number of `K`-multisets of components (a component may repeat) by XOR value: for each
    /// character `w`, `[t^K] (1 - t)^{-a_w} (1 + t)^{-(N - a_w)}` (see [`super::multiset`]), then
    /// the inverse transform. Modulo `P` this needs `P` prime.
    ///
    /// ```
    /// use grundy::{Nimber, count::{Arithmetic, ValueDistribution}};
    /// let d = ValueDistribution::from_nimbers(&[Nimber(0), Nimber(1), Nimber(2), Nimber(3)]).unwrap();
    /// let s = d.multiset_sums(2, Arithmetic::Exact).unwrap();
    /// // 10 multisets {a <= b}; XOR 0 exactly when a = b: 4 of them.
    /// assert_eq!((s.p_positions().to_string(), s.total().to_string()), ("4".into(), "10".into()));
    /// ```
    pub fn multiset_sums(&self, k: u128, arith: Arithmetic) -> Result<SumCounts, CountError> {
        self.sums(k, true, arith)
    }

    /// [`Self::ordered_sums`] or [`Self::multiset_sums`].
    pub fn sums(
        &self,
        k: u128,
        multiset: bool,
        arith: Arithmetic,
    ) -> Result<SumCounts, CountError> {
        let n = self.total;
        match arith {
            Arithmetic::Exact => {
                let log10 = log10_count(n, k, multiset);
                arithmetic::check_exact_size(log10)?;
                arithmetic::check_exact_memory(self.counts.len(), log10)?;
                if multiset {
                    self.check_exact_multiset_work(k, log10)?;
                }
                let c = ExactCounter;
                let v = self.sums_in(&c, k, multiset, self.counts.len());
                Ok(SumCounts::new(&c, v))
            }
            Arithmetic::Modulo(p) => {
                let c = ModCounter::new(p, multiset.then_some(n))?;
                let v = self.sums_in(&c, k, multiset, self.counts.len());
                Ok(SumCounts::new(&c, v))
            }
        }
    }

    /// Refuse exact multiset counts whose series would take too long: each distinct character
    /// sums about `min(d, K) / 2` terms, each a big-number step over the answer's digits.
    pub(crate) fn check_exact_multiset_work(&self, k: u128, log10: f64) -> Result<(), CountError> {
        let mut hats = self.hat(self.counts.len());
        hats.sort_unstable();
        hats.dedup();
        let terms: f64 = hats
            .iter()
            .map(|&h| (h.unsigned_abs().min(k) / 2 + 1) as f64)
            .sum();
        let work = terms * (log10 / 19.0 + 1.0);
        if work > arithmetic::MAX_EXACT_WORK {
            return Err(CountError::TooMuchExactWork { work });
        }
        Ok(())
    }

    /// The sums' distribution in the counter's ring, over `len >= 2^b` values.
    pub(crate) fn sums_in<C: Counter>(
        &self,
        c: &C,
        k: u128,
        multiset: bool,
        len: usize,
    ) -> Vec<<C::R as Ring>::Elem> {
        let ring = c.ring();
        let n = self.total;
        let hat = self.hat(len);
        let mut cache: HashMap<i128, <C::R as Ring>::Elem> = HashMap::new();
        let mut x: Vec<_> = hat
            .iter()
            .map(|&h| {
                cache
                    .entry(h)
                    .or_insert_with(|| {
                        if multiset {
                            // a - c = h, a + c = n
                            let a = ((i128::from(n) + h) / 2) as u64;
                            c.multiset_coefficient(a, n - a, k)
                        } else {
                            ring.pow(&ring.of_i128(h), k)
                        }
                    })
                    .clone()
            })
            .collect();
        inverse_wht(ring, &mut x);
        x
    }
}

/// `log10` of (a bound on) the number of ordered tuples or multisets.
pub(crate) fn log10_count(n: u64, k: u128, multiset: bool) -> f64 {
    if multiset {
        if n == 0 {
            return 0.0;
        }
        arithmetic::log10_binomial_bound(u128::from(n).saturating_add(k) - 1, k)
    } else if n <= 1 {
        0.0
    } else {
        k as f64 * (n as f64).log10()
    }
}

/// A ring together with the multiset coefficients in it.
pub(crate) trait Counter {
    type R: Ring;
    fn ring(&self) -> &Self::R;
    /// `[t^K] (1 - t)^{-a} (1 + t)^{-c}`.
    fn multiset_coefficient(&self, a: u64, c: u64, k: u128) -> <Self::R as Ring>::Elem;
}

/// Exact big integers.
pub(crate) struct ExactCounter;

impl Counter for ExactCounter {
    type R = Exact;
    fn ring(&self) -> &Exact {
        &Exact
    }
    fn multiset_coefficient(&self, a: u64, c: u64, k: u128) -> num_bigint::BigInt {
        coefficient_exact(a, c, k)
    }
}

/// Residues modulo `P`, with binomial tables when multisets are counted.
pub(crate) struct ModCounter {
    r: Residues,
    binomials: Option<BinomialsModP>,
}

impl ModCounter {
    /// `binomials_up_to`: `Some(N)` when multiset coefficients over `N` components are needed
    /// (then `P` must be prime).
    pub(crate) fn new(p: u64, binomials_up_to: Option<u64>) -> Result<ModCounter, CountError> {
        let r = Residues::new(p)?;
        let binomials = match binomials_up_to {
            None => None,
            Some(n) => {
                if !is_prime(p) {
                    return Err(CountError::CompositeModulus { modulus: p });
                }
                Some(BinomialsModP::new(r, n))
            }
        };
        Ok(ModCounter { r, binomials })
    }
}

impl Counter for ModCounter {
    type R = Residues;
    fn ring(&self) -> &Residues {
        &self.r
    }
    fn multiset_coefficient(&self, a: u64, c: u64, k: u128) -> u64 {
        match &self.binomials {
            Some(b) => b.coefficient(a, c, k),
            None => unreachable!("ModCounter built without binomial tables"),
        }
    }
}

/// Counts of `K`-component sums by XOR value (exact, or residues modulo `P`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumCounts {
    by_value: Vec<BigUint>,
    total: BigUint,
    modulus: Option<u64>,
}

impl SumCounts {
    fn new<C: Counter>(c: &C, v: Vec<<C::R as Ring>::Elem>) -> SumCounts {
        let ring = c.ring();
        let mut total = ring.of_i128(0);
        for x in &v {
            total = ring.add(&total, x);
        }
        SumCounts {
            by_value: v.iter().map(|x| ring.to_biguint(x)).collect(),
            total: ring.to_biguint(&total),
            modulus: ring.modulus(),
        }
    }

    /// The number of sums of value `v` (mod `P` when counting modulo `P`).
    pub fn count(&self, v: Nimber) -> BigUint {
        usize::try_from(v.0)
            .ok()
            .and_then(|i| self.by_value.get(i))
            .cloned()
            .unwrap_or_else(BigUint::zero)
    }

    /// Counts indexed by value, `0..2^b`.
    pub fn by_value(&self) -> &[BigUint] {
        &self.by_value
    }

    /// Sums of value 0: the P-positions (the previous player wins).
    pub fn p_positions(&self) -> BigUint {
        self.count(Nimber(0))
    }

    /// Sums of nonzero value: the N-positions (the player to move wins).
    pub fn n_positions(&self) -> BigUint {
        sub_mod(&self.total, &self.p_positions(), self.modulus)
    }

    /// All sums.
    pub fn total(&self) -> BigUint {
        self.total.clone()
    }

    /// The modulus, `None` for exact counts.
    pub fn modulus(&self) -> Option<u64> {
        self.modulus
    }
}

/// `a - b`, modulo `m` when given.
pub(crate) fn sub_mod(a: &BigUint, b: &BigUint, m: Option<u64>) -> BigUint {
    match m {
        None => a - b,
        Some(p) => (a + BigUint::from(p) - b) % p,
    }
}

/// Component values of a loopy family: the finite part's distribution, and the infinite values
/// `∞(S)` with how many components have each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyDistribution {
    finite: ValueDistribution,
    /// `(S, count)`, `S` sorted; one entry per distinct `S`.
    infinite: Vec<(Vec<u64>, u64)>,
    infinite_total: u64,
}

impl LoopyDistribution {
    /// The distribution of a list of generalized Sprague–Grundy values.
    ///
    /// ```
    /// use grundy::{LoopyValue, Nimber, count::LoopyDistribution};
    /// let d = LoopyDistribution::from_values(&[
    ///     LoopyValue::Finite(Nimber(1)), LoopyValue::infinite(vec![0]), LoopyValue::infinite(vec![0]),
    /// ]).unwrap();
    /// assert_eq!((d.finite().total(), d.infinite_total(), d.infinite().len()), (1, 2, 1));
    /// ```
    pub fn from_values(values: &[LoopyValue]) -> Result<LoopyDistribution, CountError> {
        Self::from_values_iter(values.iter().cloned())
    }

    /// The distribution of values given one by one (e.g. `GraphValues::get` over the vertices).
    pub fn from_values_iter<I: IntoIterator<Item = LoopyValue>>(
        values: I,
    ) -> Result<LoopyDistribution, CountError> {
        let mut finite: HashMap<u64, u64> = HashMap::new();
        let mut infinite: HashMap<Vec<u64>, u64> = HashMap::new();
        for v in values {
            match v {
                LoopyValue::Finite(n) => *finite.entry(n.0).or_insert(0) += 1,
                LoopyValue::Infinite(s) => *infinite.entry(s).or_insert(0) += 1,
            }
        }
        Self::from_counts(finite.into_iter().map(|(v, n)| (Nimber(v), n)), infinite)
    }

    /// The distribution from counts: `(finite value, how many)` and `(S of ∞(S), how many)`
    /// pairs (repeats add up; each `S` is sorted and deduplicated here).
    ///
    /// ```
    /// use grundy::{Nimber, count::LoopyDistribution};
    /// let d = LoopyDistribution::from_counts([(Nimber(0), 5)], [(vec![2, 0], 1), (vec![0, 2, 2], 2)]).unwrap();
    /// assert_eq!(d.infinite(), &[(vec![0, 2], 3)]);
    /// ```
    pub fn from_counts<F, I>(finite: F, infinite: I) -> Result<LoopyDistribution, CountError>
    where
        F: IntoIterator<Item = (Nimber, u64)>,
        I: IntoIterator<Item = (Vec<u64>, u64)>,
    {
        let finite = ValueDistribution::from_counts(finite)?;
        let mut sets: HashMap<Vec<u64>, u64> = HashMap::new();
        let mut infinite_total = 0u64;
        for (mut s, n) in infinite {
            s.sort_unstable();
            s.dedup();
            let e = sets.entry(s).or_insert(0);
            *e = e.checked_add(n).ok_or(CountError::FamilyTooLarge)?;
            infinite_total = infinite_total
                .checked_add(n)
                .ok_or(CountError::FamilyTooLarge)?;
        }
        let mut infinite: Vec<(Vec<u64>, u64)> = sets.into_iter().collect();
        infinite.sort_unstable();
        if finite.total().checked_add(infinite_total).is_none() {
            return Err(CountError::FamilyTooLarge);
        }
        Ok(LoopyDistribution {
            finite,
            infinite,
            infinite_total,
        })
    }

    /// The finite values' distribution.
    pub fn finite(&self) -> &ValueDistribution {
        &self.finite
    }

    /// The distinct infinite values `∞(S)` with their multiplicities.
    pub fn infinite(&self) -> &[(Vec<u64>, u64)] {
        &self.infinite
    }

    /// The number of components with an infinite value.
    pub fn infinite_total(&self) -> u64 {
        self.infinite_total
    }

    /// All components.
    pub fn total(&self) -> u64 {
        self.finite.total() + self.infinite_total
    }
}

/// A count as an exact JSON number (`serde_json` with `arbitrary_precision`: digits, never a
/// string, even beyond 64 bits).
pub fn json_number(x: &BigUint) -> serde_json::Number {
    serde_json::Number::from_string_unchecked(x.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Ordered tuples by XOR, by enumeration.
    fn enumerate(values: &[u64], k: u32, multiset: bool) -> Vec<u64> {
        let mut out = vec![0u64; 64];
        let n = values.len();
        let mut idx = vec![0usize; k as usize];
        if n == 0 {
            if k == 0 {
                out[0] = 1;
            }
            return out;
        }
        loop {
            if !multiset || idx.windows(2).all(|w| w[0] <= w[1]) {
                out[idx.iter().fold(0u64, |x, &i| x ^ values[i]) as usize] += 1;
            }
            let mut j = 0;
            loop {
                if j == idx.len() {
                    return out;
                }
                idx[j] += 1;
                if idx[j] < n {
                    break;
                }
                idx[j] = 0;
                j += 1;
            }
        }
    }

    proptest! {
        #[test]
        fn sums_match_enumeration(
            values in prop::collection::vec(0u64..8, 0..7),
            k in 0u32..5,
            multiset: bool,
            p in prop::sample::select(vec![0u64, 3, 5, 7, 1_000_000_007]),
        ) {
            let nims: Vec<Nimber> = values.iter().map(|&v| Nimber(v)).collect();
            let d = ValueDistribution::from_nimbers(&nims).unwrap();
            let arith = if p == 0 { Arithmetic::Exact } else { Arithmetic::Modulo(p) };
            let s = d.sums(u128::from(k), multiset, arith).unwrap();
            let want = enumerate(&values, k, multiset);
            let m = |x: u64| if p == 0 { BigUint::from(x) } else { BigUint::from(x % p) };
            for v in 0..16u64 {
                prop_assert_eq!(s.count(Nimber(v)), m(want[v as usize]), "value {}", v);
            }
            let total: u64 = want.iter().sum();
            prop_assert_eq!(s.total(), m(total));
            prop_assert_eq!(s.n_positions(), m(total - want[0]));
        }
    }

    proptest! {
        #[test]
        fn periodic_distribution_matches_expansion(
            base in prop::collection::vec(0u64..6, 1..12),
            split in 0usize..12, lo in 0u64..60, width in 0u64..60,
        ) {
            let pre = split.min(base.len() - 1);
            let period = (base.len() - pre) as u64;
            let g = |n: u64| if n < pre as u64 { base[n as usize] } else {
                base[pre + ((n - pre as u64) % period) as usize]
            };
            let hi = lo + width;
            let nims: Vec<Nimber> = base.iter().map(|&v| Nimber(v)).collect();
            let d = ValueDistribution::from_periodic(&nims, pre as u64, period, lo, hi).unwrap();
            let direct: Vec<Nimber> = (lo..=hi).map(|n| Nimber(g(n))).collect();
            let want = ValueDistribution::from_nimbers(&direct).unwrap();
            for v in 0..8 {
                prop_assert_eq!(d.count(Nimber(v)), want.count(Nimber(v)));
            }
            prop_assert_eq!(d.total(), want.total());
        }
    }

    #[test]
    fn errors_name_the_problem() {
        let d = ValueDistribution::from_nimbers(&[Nimber(1), Nimber(2)]).unwrap();
        assert_eq!(
            d.multiset_sums(3, Arithmetic::Modulo(15)),
            Err(CountError::CompositeModulus { modulus: 15 })
        );
        assert!(d.ordered_sums(3, Arithmetic::Modulo(15)).is_ok());
        assert_eq!(
            d.ordered_sums(3, Arithmetic::Modulo(4)),
            Err(CountError::EvenModulus { modulus: 4 })
        );
        assert!(matches!(
            d.ordered_sums(10_000_000, Arithmetic::Exact),
            Err(CountError::TooLargeExact { .. })
        ));
        assert!(matches!(
            ValueDistribution::from_nimbers(&[Nimber(1 << 40)]),
            Err(CountError::ValueTooLarge { .. })
        ));
    }
}
