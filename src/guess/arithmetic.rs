//! Arithmetic periodicity: `G(n + p) = G(n) + s` for every `n >= n0`, with saltus `s > 0`, so
//! that `G(n) = c[n mod p] + s·⌊n/p⌋` for `p` offsets `c`, except at finitely many `n < n0`. The
//! values of all-but games (Siegel) and of many subtraction games with infinite sets are of this
//! kind.
//!
//! The detector takes the least `p` (and its saltus) whose relation holds on a stretch repeating
//! at least three times and covering at least half of the values, as for ordinary periods
//! ([`super::periodic`]), and whose description is shorter than the stretch's increments
//! ([`super::description_length::increments`]): a Beatty sequence `⌊nα⌋` has near-periods
//! `G(n + q) = G(n) + p` for the convergents `p/q` of `α`, failing only once in about `q` heaps,
//! but their offsets say no more than its increments do.

use super::description_length as dl;
use super::periodic::{enough, list, tail_start};

/// `G(n) = offsets[n mod period] + saltus·⌊n/period⌋`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arithmetic {
    /// The period `p >= 1`.
    pub period: u64,
    /// The saltus `s >= 1`.
    pub saltus: u64,
    /// `c[r] = G(n) − s·⌊n/p⌋` for `n ≡ r (mod p)` (may be negative).
    pub offsets: Vec<i128>,
}

impl Arithmetic {
    /// The value the rule gives at `n` (`None` if negative).
    pub fn value(&self, n: u64) -> Option<u128> {
        let c = self.offsets[(n % self.period) as usize];
        let v = c + i128::from(self.saltus) * i128::from(n / self.period);
        u128::try_from(v).ok()
    }

    /// Bits: the period, the saltus and the offsets.
    pub fn bits(&self) -> f64 {
        dl::TAG
            + dl::nat(u128::from(self.period))
            + dl::nat(u128::from(self.saltus))
            + self.offsets.iter().map(|&c| dl::int(c)).sum::<f64>()
    }

    /// `G(n + p) = G(n) + s: G(n) = c[n mod p] + s⌊n/p⌋, c = (…)`.
    pub fn text(&self) -> String {
        let (p, s) = (self.period, self.saltus);
        if p == 1 {
            return format!(
                "G(n + 1) = G(n) + {s}: G(n) = {s}n{}",
                signed(self.offsets[0])
            );
        }
        format!(
            "G(n + {p}) = G(n) + {s}: G(n) = c[n mod {p}] + {s}⌊n/{p}⌋, c = ({})",
            list(&self.offsets)
        )
    }
}

/// ` + 3`, ` − 2`, or nothing for 0.
pub(crate) fn signed(c: i128) -> String {
    match c.cmp(&0) {
        std::cmp::Ordering::Equal => String::new(),
        std::cmp::Ordering::Greater => format!(" + {c}"),
        std::cmp::Ordering::Less => format!(" − {}", c.unsigned_abs()),
    }
}

/// The least arithmetic period with a positive saltus and enough evidence, or `None`.
pub fn detect(t: &[u64]) -> Option<Arithmetic> {
    let len = t.len();
    if len < 3 {
        return None;
    }
    let top = len - 1;
    let d = |n: usize, p: usize| i128::from(t[n + p]) - i128::from(t[n]);
    let mut bases: Vec<(usize, i128, usize)> = Vec::new();
    for p in 1..=len / 3 {
        let s = d(top - p, p);
        if s <= 0 {
            continue;
        }
        let known = bases
            .iter()
            .filter(|(b, sb, _)| p % b == 0 && sb * (p / b) as i128 == s)
            .map(|&(_, _, n0)| n0)
            .min()
            .unwrap_or(len - p - 1);
        let n0 = tail_start(len, p, known, |n| d(n, p) == s);
        if enough(len, p, n0) {
            let offsets = (0..p)
                .map(|r| {
                    let n = n0 + (r + p - n0 % p) % p;
                    i128::from(t[n]) - s * (n / p) as i128
                })
                .collect();
            let rule = Arithmetic {
                period: p as u64,
                saltus: s as u64,
                offsets,
            };
            // the offsets must be shorter than the increments they explain: a Beatty sequence
            // ⌊n√2⌋ has near-periods (G(n + 70) = G(n) + 99 fails once in ~200 heaps) whose
            // offsets merely restate its increments
            if rule.bits() < dl::increments(&t[n0..]) {
                return Some(rule);
            }
        }
        if len - n0 >= 64 && bases.len() < 64 {
            bases.push((p, s, n0));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn an_all_but_game_has_an_arithmetic_period() {
        let r: crate::games::heap::Ruleset = "allbut:2,5,7,8".parse().unwrap();
        let g: Vec<u64> = r.values(600).iter().map(|v| v.0).collect();
        let a = detect(&g).unwrap();
        assert_eq!((a.period, a.saltus), (30, 10));
    }

    proptest! {
        #[test]
        fn random_offsets_with_a_random_saltus_are_found(
            offsets in proptest::collection::vec(0i128..8, 1..10),
            s in 1u64..9,
            reps in 4usize..12,
        ) {
            let p = offsets.len();
            let t: Vec<u64> = (0..p * reps)
                .map(|n| (offsets[n % p] + (s as i128) * (n / p) as i128) as u64)
                .collect();
            // the detector keeps a rule only when it is shorter than the increments it explains
            // (minimum description length): draws where even the true rule is not are outside
            // what it promises (offsets [2, 3, 4, 5, 6], saltus 3, four repetitions: 20 values
            // that a rule of five offsets does not compress)
            let truth = Arithmetic { period: p as u64, saltus: s, offsets: offsets.clone() };
            prop_assume!(truth.bits() < dl::increments(&t));
            let a = detect(&t).unwrap();
            prop_assert!((p as u64).is_multiple_of(a.period));
            for (n, &v) in t.iter().enumerate() {
                prop_assert_eq!(a.value(n as u64), Some(u128::from(v)));
            }
        }

        #[test]
        fn periodic_sequences_have_no_positive_saltus(block in proptest::collection::vec(0u64..5, 1..8)) {
            let t: Vec<u64> = (0..100).map(|n| block[n % block.len()]).collect();
            prop_assert!(detect(&t).is_none());
        }

        #[test]
        fn random_values_are_not_arithmetic_periodic(t in proptest::collection::vec(0u64..1000, 30..300)) {
            prop_assert!(detect(&t).is_none());
        }

        #[test]
        fn other_classes_give_no_arithmetic_period_or_the_right_one(c in super::super::classes::any_class()) {
            use super::super::{classes, sequence::SeqRule};
            classes::other_class_gives_no_rule_or_the_right_one(&c, 400, |t| detect(t).map(SeqRule::Arithmetic), classes::beatty_or_stern)?;
        }
    }
}
