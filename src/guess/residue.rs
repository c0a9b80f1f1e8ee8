//! Residue-class rules: `G(mk + r) = a_r·k + b_r` for each residue `r` modulo `m` — a linear
//! rule per class, the slopes free (an arithmetic period is the case of equal slopes). Lasker's
//! Nim (split a heap into two, or take any number) is the classic example:
//! `G(4k + 1) = 4k + 1`, `G(4k + 2) = 4k + 2`, `G(4k + 3) = 4k + 4`, `G(4k + 4) = 4k + 3`.
//!
//! A class whose rule is `G(n) = n + c` is written that way (and costs less: no slope), and the
//! classes with `G(n) = n` are grouped as "otherwise `G(n) = n`".

use super::arithmetic::signed;
use super::description_length as dl;

/// The moduli tried.
const MAX_MODULUS: usize = 16;

/// `G(mk + r) = slopes[r]·k + intercepts[r]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Residues {
    /// The modulus `m >= 2`.
    pub modulus: u64,
    /// `a_r >= 0`.
    pub slopes: Vec<u64>,
    /// `b_r` (may be negative).
    pub intercepts: Vec<i128>,
}

impl Residues {
    /// The value the rule gives at `n` (`None` if negative).
    pub fn value(&self, n: u64) -> Option<u128> {
        let (k, r) = (n / self.modulus, (n % self.modulus) as usize);
        let v = i128::from(self.slopes[r]) * i128::from(k) + self.intercepts[r];
        u128::try_from(v).ok()
    }

    /// `G(n) = n + c` on class `r`: the slope is `m`; `c = b_r − r`.
    fn shift(&self, r: usize) -> Option<i128> {
        (self.slopes[r] == self.modulus).then(|| self.intercepts[r] - r as i128)
    }

    /// Bits: the modulus; per class one bit for `G(n) = n`, else `n + c` or the slope and intercept.
    pub fn bits(&self) -> f64 {
        let mut bits = dl::TAG + dl::nat(u128::from(self.modulus));
        for r in 0..self.slopes.len() {
            bits += match self.shift(r) {
                Some(0) => 1.0,
                Some(c) => 2.0 + dl::int(c),
                None => 2.0 + dl::nat(u128::from(self.slopes[r])) + dl::int(self.intercepts[r]),
            };
        }
        bits
    }

    /// `G(4k + 3) = 4k + 4, G(4k + 4) = 4k + 3, otherwise G(n) = n`.
    pub fn text(&self) -> String {
        let m = self.modulus;
        let mut parts = Vec::new();
        let mut identity = 0;
        // class 0 last, written G(mk + m) (k >= 0), so that n = 0 stands apart
        let order: Vec<usize> = (1..self.slopes.len()).chain([0]).collect();
        for r in order {
            let (a, b) = (self.slopes[r], self.intercepts[r]);
            let (rr, b) = if r == 0 {
                (m, b + i128::from(a))
            } else {
                (r as u64, b)
            };
            if self.shift(r) == Some(0) {
                identity += 1;
                continue;
            }
            let lhs = format!("G({m}k + {rr})");
            let rhs = match a {
                0 => b.to_string(),
                1 => format!("k{}", signed(b)),
                _ => format!("{a}k{}", signed(b)),
            };
            parts.push(format!("{lhs} = {rhs}"));
        }
        if identity > 0 {
            parts.push("otherwise G(n) = n".to_string());
        }
        if self.intercepts[0] >= 0 && self.shift(0) != Some(0) {
            parts.push(format!("G(0) = {}", self.intercepts[0]));
        }
        parts.join(", ")
    }
}

/// The least modulus whose classes are each linear on a tail (at least three values per class,
/// all classes from the first half of the values on), or `None`. Rules with every slope 0 are
/// periodic and left to [`super::periodic`].
pub fn detect(t: &[u64]) -> Option<Residues> {
    let len = t.len();
    'm: for m in 2..=MAX_MODULUS.min(len / 6) {
        let mut slopes = Vec::with_capacity(m);
        let mut intercepts = Vec::with_capacity(m);
        let mut from = 0;
        for r in 0..m {
            let count = (len - r).div_ceil(m); // k = 0..count
            let v = |k: usize| i128::from(t[m * k + r]);
            let last = count - 1;
            let a = v(last) - v(last - 1);
            if a < 0 {
                continue 'm;
            }
            let b = v(last) - a * last as i128;
            let mut k0 = last - 1;
            while k0 > 0 && v(k0 - 1) == a * (k0 - 1) as i128 + b {
                k0 -= 1;
            }
            if last - k0 < 2 {
                continue 'm;
            }
            from = from.max(m * k0 + r);
            slopes.push(a as u64);
            intercepts.push(b);
        }
        if 2 * from > len || slopes.iter().all(|&a| a == 0) {
            continue;
        }
        return Some(Residues {
            modulus: m as u64,
            slopes,
            intercepts,
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Lasker's Nim by brute force: take any number, or split a heap into two nonempty heaps.
    fn lasker(to: usize) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::new();
        for n in 0..=to {
            let mut seen = vec![false; 2 * n + 2];
            for k in 1..=n {
                seen[g[n - k] as usize] = true;
            }
            for a in 1..n {
                let v = (g[a] ^ g[n - a]) as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
            }
            g.push(seen.iter().position(|&s| !s).unwrap() as u64);
        }
        g
    }

    #[test]
    fn laskers_nim_is_found_with_its_four_classes() {
        let r = detect(&lasker(80)).unwrap();
        assert_eq!(r.modulus, 4);
        assert_eq!(
            r.text(),
            "G(4k + 3) = 4k + 4, G(4k + 4) = 4k + 3, otherwise G(n) = n"
        );
    }

    proptest! {
        #[test]
        fn random_linear_classes_are_found(
            slopes in proptest::collection::vec(0u64..6, 2..7),
            inter in proptest::collection::vec(0i128..10, 7),
            reps in 6usize..20,
        ) {
            prop_assume!(slopes.iter().any(|&a| a > 0));
            let m = slopes.len();
            let t: Vec<u64> = (0..m * reps)
                .map(|n| (slopes[n % m] as i128 * (n / m) as i128 + inter[n % m]) as u64)
                .collect();
            let r = detect(&t).unwrap();
            for (n, &v) in t.iter().enumerate() {
                prop_assert_eq!(r.value(n as u64), Some(u128::from(v)));
            }
        }

        #[test]
        fn random_values_have_no_residue_classes(t in proptest::collection::vec(0u64..1000, 60..300)) {
            prop_assert!(detect(&t).is_none());
        }

        #[test]
        fn other_classes_give_no_residue_rule_or_the_right_one(c in super::super::classes::any_class()) {
            use super::super::{classes, sequence::SeqRule};
            classes::other_class_gives_no_rule_or_the_right_one(&c, 400, |t| detect(t).map(SeqRule::Residues), classes::beatty_or_stern)?;
        }

        #[test]
        fn random_small_values_have_no_residue_classes(t in proptest::collection::vec(0u64..3, 60..300)) {
            prop_assert!(detect(&t).is_none());
        }
    }
}
