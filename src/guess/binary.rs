//! Binary rules: values read off the binary expansion of `n` — the 2-adic valuation `v₂(n)` and
//! the lowest set bit `lowbit(n) = 2^v₂(n)` (the Ruler game: `G(n) = lowbit(n)`), the number of
//! ones `popcount(n)`, its parity (*odious* numbers have an odd number of ones, *evil* ones an
//! even number; Mock Turtles: `G(n) = 2n + [popcount(n) even]`, the `n`-th odious number), and
//! `n xor c`.
//!
//! Each family has a shift `a` of the argument (`n + a`) and an added constant `b`; the detector
//! fits `b` (or `c`) to the last value and checks the rule downwards, as the other detectors do.

use super::arithmetic::signed;
use super::description_length as dl;

/// The families of binary rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// `G(n) = lowbit(n + a) + b`.
    Lowbit,
    /// `G(n) = v₂(n + a) + b` (`n + a >= 1`).
    Valuation,
    /// `G(n) = popcount(n + a) + b`.
    Popcount,
    /// `G(n) = c·n + b + [popcount(n) even]` (`c = a` here).
    PlusEvil,
    /// `G(n) = c·n + b + [popcount(n) odd]`.
    PlusOdious,
    /// `G(n) = n xor b`.
    Xor,
}

/// A binary rule: a family with its shift `a` and constant `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binary {
    /// Which rule.
    pub family: Family,
    /// The shift of the argument, or the slope `c` of the parity families.
    pub a: u64,
    /// The added constant, or the xor mask.
    pub b: i128,
}

fn evil(n: u64) -> i128 {
    i128::from(n.count_ones().is_multiple_of(2))
}

impl Binary {
    /// The value at `n` (`None` where undefined or negative).
    pub fn value(&self, n: u64) -> Option<u128> {
        let m = n.checked_add(self.a)?;
        let v: i128 = match self.family {
            Family::Lowbit => i128::from(m & m.wrapping_neg()) + self.b,
            Family::Valuation if m == 0 => return None,
            Family::Valuation => i128::from(m.trailing_zeros()) + self.b,
            Family::Popcount => i128::from(m.count_ones()) + self.b,
            Family::PlusEvil => i128::from(self.a) * i128::from(n) + self.b + evil(n),
            Family::PlusOdious => i128::from(self.a) * i128::from(n) + self.b + 1 - evil(n),
            Family::Xor => return u64::try_from(self.b).ok().map(|c| u128::from(n ^ c)),
        };
        u128::try_from(v).ok()
    }

    /// Bits: a family, its shift and its constant.
    pub fn bits(&self) -> f64 {
        dl::TAG + 3.0 + dl::nat(u128::from(self.a)) + dl::int(self.b)
    }

    /// The rule in the field's notation.
    pub fn text(&self) -> String {
        let arg = if self.a == 0 {
            "n".to_string()
        } else {
            format!("n + {}", self.a)
        };
        let b = signed(self.b);
        let slope = match self.a {
            0 => String::new(),
            1 => "n".to_string(),
            c => format!("{c}n"),
        };
        let lead = |s: &str| {
            if slope.is_empty() {
                s.to_string()
            } else {
                format!("{slope} + {s}")
            }
        };
        match self.family {
            Family::Lowbit => {
                format!("G(n) = lowbit({arg}){b} (the largest power of 2 dividing {arg})")
            }
            Family::Valuation => format!("G(n) = v₂({arg}){b} (the 2-adic valuation)"),
            Family::Popcount => format!("G(n) = popcount({arg}){b}"),
            Family::PlusEvil => format!("G(n) = {}{b}", lead("[popcount(n) even]")),
            Family::PlusOdious => format!("G(n) = {}{b}", lead("[popcount(n) odd]")),
            Family::Xor => format!("G(n) = n xor {}", self.b),
        }
    }
}

/// The cheapest binary rule holding on a tail covering at least half of `t`, or `None`.
pub fn detect(t: &[u64]) -> Option<Binary> {
    let len = t.len();
    if len < 4 {
        return None;
    }
    let top = len - 1;
    let mut best: Option<Binary> = None;
    let mut consider = |rule: Binary| {
        let holds = |n: usize| rule.value(n as u64) == Some(u128::from(t[n]));
        let mut n0 = len;
        while n0 > 0 && holds(n0 - 1) {
            n0 -= 1;
        }
        if 2 * n0 <= len && best.is_none_or(|b| rule.bits() < b.bits()) {
            best = Some(rule);
        }
    };
    let at = |r: Binary| i128::from(t[top]) - r.value(top as u64).map_or(0, |v| v as i128);
    for family in [
        Family::Lowbit,
        Family::Valuation,
        Family::Popcount,
        Family::PlusEvil,
        Family::PlusOdious,
    ] {
        for a in 0..4u64 {
            let probe = Binary { family, a, b: 0 };
            if probe.value(top as u64).is_none() {
                continue;
            }
            consider(Binary {
                family,
                a,
                b: at(probe),
            });
        }
    }
    consider(Binary {
        family: Family::Xor,
        a: 0,
        b: i128::from(t[top] ^ top as u64),
    });
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_ruler_sequence_is_lowbit() {
        let t: Vec<u64> = (0..200u64).map(|n| n & n.wrapping_neg()).collect();
        let r = detect(&t).unwrap();
        assert_eq!((r.family, r.a, r.b), (Family::Lowbit, 0, 0));
    }

    #[test]
    fn the_odious_numbers_are_two_n_plus_evil() {
        let odious: Vec<u64> = (0..1000u64)
            .filter(|m| m.count_ones() % 2 == 1)
            .take(300)
            .collect();
        let r = detect(&odious).unwrap();
        assert_eq!(r.text(), "G(n) = 2n + [popcount(n) even]");
    }

    proptest! {
        #[test]
        fn every_family_is_found_with_random_parameters(f in 0usize..6, a in 0u64..4, b in 0i128..20, len in 64usize..300) {
            let family = [Family::Lowbit, Family::Valuation, Family::Popcount, Family::PlusEvil, Family::PlusOdious, Family::Xor][f];
            let rule = Binary { family, a: if family == Family::Xor { 0 } else { a }, b };
            let t: Vec<u64> = (0..len as u64).map(|n| rule.value(n).unwrap_or(0) as u64).collect();
            let found = detect(&t).unwrap();
            for (n, &v) in t.iter().enumerate().skip(len / 2) {
                prop_assert_eq!(found.value(n as u64), Some(u128::from(v)));
            }
        }

        #[test]
        fn periodic_sequences_are_not_binary(block in proptest::collection::vec(0u64..5, 3..8), head in 0u64..5) {
            prop_assume!(block.iter().any(|&v| v != block[0]));
            let t: Vec<u64> = (0..200).map(|n| if n == 0 { head } else { block[n % block.len()] }).collect();
            prop_assert!(detect(&t).is_none());
        }

        #[test]
        fn other_classes_give_no_binary_rule_or_the_right_one(c in super::super::classes::any_class()) {
            use super::super::{classes, sequence::SeqRule};
            classes::other_class_gives_no_rule_or_the_right_one(&c, 400, |t| detect(t).map(SeqRule::Binary), classes::beatty_or_stern)?;
        }

        #[test]
        fn random_values_are_not_binary(t in proptest::collection::vec(0u64..1000, 30..300)) {
            prop_assert!(detect(&t).is_none());
        }

        #[test]
        fn random_small_values_are_not_binary(t in proptest::collection::vec(0u64..3, 30..300)) {
            prop_assert!(detect(&t).is_none());
        }
    }
}
