//! Description length: how many bits a rule costs and how many the data it explains cost, so that
//! a rule is accepted only when it is much shorter than the data (the minimum-description-length
//! principle, Rissanen 1978). A rule that merely memorises its data is as long as the data, and is
//! refused.
//!
//! Integers are priced by the Elias gamma code of `v + 1`: `2⌊log₂(v + 1)⌋ + 1` bits, a code
//! with no length limit in which small numbers are cheap; a signed integer costs one bit more
//! (zero costs one bit). A finite list of exceptions costs, per entry, the gap from the previous
//! position and the value.

/// Bits of a natural number `v` (Elias gamma code of `v + 1`).
pub fn nat(v: u128) -> f64 {
    let w = 128 - (v.saturating_add(1)).leading_zeros();
    f64::from(2 * (w - 1) + 1)
}

/// Bits of a signed integer: its magnitude and a sign (zero: one bit).
pub fn int(v: i128) -> f64 {
    if v == 0 {
        1.0
    } else {
        nat(v.unsigned_abs()) + 1.0
    }
}

/// Bits that name which kind of rule this is (among the detectors).
pub const TAG: f64 = 3.0;

/// Bits of a list of exceptions `(position, value)` sorted by position.
pub fn exceptions(list: &[(u64, u64)]) -> f64 {
    let mut prev = 0u64;
    let mut bits = nat(list.len() as u128);
    for &(n, v) in list {
        bits += nat(u128::from(n - prev)) + nat(u128::from(v));
        prev = n;
    }
    bits
}

/// Bits of the data itself, written plainly: every value by [`nat`].
pub fn values(data: &[u64]) -> f64 {
    data.iter().map(|&v| nat(u128::from(v))).sum()
}

/// Bits of the data written as its first value and its increments `G(n + 1) − G(n)` by their
/// empirical entropy (each distinct increment and its count listed, then `m·H` bits for the `m`
/// increments). A slowly growing sequence (a Beatty sequence `⌊n√2⌋` has increments 1 and 2)
/// costs far less so than value by value, and a rule must say more than its increments do.
///
/// ```
/// use grundy::guess::description_length::{increments, values};
/// let beatty: Vec<u64> = (0..300u64).map(|n| ((2 * n * n) as f64).sqrt() as u64).collect();
/// assert!(increments(&beatty) < values(&beatty) / 5.0);
/// ```
pub fn increments(data: &[u64]) -> f64 {
    let Some(&first) = data.first() else {
        return 0.0;
    };
    let mut counts: std::collections::HashMap<i128, usize> = std::collections::HashMap::new();
    for w in data.windows(2) {
        *counts
            .entry(i128::from(w[1]) - i128::from(w[0]))
            .or_default() += 1;
    }
    let m = (data.len() - 1) as f64;
    let mut bits = nat(u128::from(first)) + nat(counts.len() as u128);
    for (&d, &c) in &counts {
        let c = c as f64;
        bits += int(d) + nat(c as u128) - c * (c / m).log2();
    }
    bits
}

/// Bits of a 0/1 pattern of `n` entries of which `ones` are 1, written by its entropy
/// (`n·h(ones/n)`, at least one bit).
pub fn pattern(n: usize, ones: usize) -> f64 {
    if n == 0 || ones == 0 || ones == n {
        return 1.0;
    }
    let q = ones as f64 / n as f64;
    let h = -(q * q.log2() + (1.0 - q) * (1.0 - q).log2());
    (n as f64 * h).max(1.0)
}

/// Whether a rule of `rule` bits is much shorter than data of `data` bits: at most half.
pub fn much_shorter(rule: f64, data: f64) -> bool {
    rule <= data / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn gamma_code_lengths_are_those_of_elias() {
        // v + 1 = 1 -> "1"; 2, 3 -> 3 bits; 4..7 -> 5 bits.
        assert_eq!(
            [nat(0), nat(1), nat(2), nat(3), nat(6), nat(7)],
            [1.0, 3.0, 3.0, 5.0, 5.0, 7.0]
        );
        assert_eq!(int(0), 1.0);
        assert_eq!(int(-3), nat(3) + 1.0);
    }

    #[test]
    fn a_constant_pattern_costs_one_bit() {
        assert_eq!(pattern(100, 0), 1.0);
        assert_eq!(pattern(100, 100), 1.0);
        assert!((pattern(100, 50) - 100.0).abs() < 1e-9);
    }

    proptest! {
        #[test]
        fn nat_is_the_gamma_length(v in 0u64..u64::MAX) {
            let w = 64 - (v + 1).leading_zeros();
            prop_assert_eq!(nat(u128::from(v)), f64::from(2 * w - 1));
        }

        #[test]
        fn increments_of_a_constant_step_cost_little_and_distinct_ones_their_entropy(
            start in 0u64..1000, step in 0u64..10, len in 2usize..500,
        ) {
            let line: Vec<u64> = (0..len as u64).map(|n| start + step * n).collect();
            prop_assert!(increments(&line) <= nat(u128::from(start)) + nat(1) + int(step as i128) + nat(len as u128));
            // triangular numbers: every increment distinct, so at least log₂ m bits each
            let tri: Vec<u64> = (0..len as u64).map(|n| start + n * (n + 1) / 2).collect();
            let m = (len - 1) as f64;
            prop_assert!(increments(&tri) >= m * m.log2());
        }

        #[test]
        fn exceptions_cost_more_than_their_values(list in proptest::collection::btree_map(0u64..1000, 0u64..100, 0..20)) {
            let list: Vec<(u64, u64)> = list.into_iter().collect();
            let vals: Vec<u64> = list.iter().map(|p| p.1).collect();
            prop_assert!(exceptions(&list) >= values(&vals));
        }
    }
}
