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
        fn exceptions_cost_more_than_their_values(list in proptest::collection::btree_map(0u64..1000, 0u64..100, 0..20)) {
            let list: Vec<(u64, u64)> = list.into_iter().collect();
            let vals: Vec<u64> = list.iter().map(|p| p.1).collect();
            prop_assert!(exceptions(&list) >= values(&vals));
        }
    }
}
