//! Eventual periodicity: `G(n + p) = G(n)` for every `n >= n0`, so that
//! `G(n) = B[n mod p]` for a block `B` of `p` values, except at finitely many `n < n0`.
//!
//! The detector takes the least period `p` whose repeating stretch, in the values it is shown,
//! repeats at least three times and covers at least half of them (the evidence that
//! `grundy seq` asks of an *apparent* period); the exceptions before the stretch are listed by the
//! caller. A period read off values is only *consistent* with them; it is *proved* only by a
//! periodicity theorem of the game (see [`crate::games::heap::periodicity`]).

use super::description_length as dl;

/// `G(n) = block[n mod period]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Periodic {
    /// The period `p >= 1`.
    pub period: u64,
    /// `G(n)` for `n mod p = 0, 1, …, p − 1`.
    pub block: Vec<u64>,
}

impl Periodic {
    /// The value the rule gives at `n`.
    pub fn value(&self, n: u64) -> Option<u128> {
        Some(u128::from(self.block[(n % self.period) as usize]))
    }

    /// Bits of the rule: the period and the block.
    pub fn bits(&self) -> f64 {
        dl::TAG
            + dl::nat(u128::from(self.period))
            + self
                .block
                .iter()
                .map(|&v| dl::nat(u128::from(v)))
                .sum::<f64>()
    }

    /// The rule in the field's notation: `G(n) = (0 1 1 2)[n mod 4]`.
    pub fn text(&self) -> String {
        if self.period == 1 {
            return format!("G(n) = {}", self.block[0]);
        }
        format!(
            "G(n) = ({})[n mod {}], period {}",
            list(&self.block),
            self.period,
            self.period
        )
    }
}

/// The first values of a list separated by spaces, at most 60 of them.
pub(crate) fn list<T: std::fmt::Display>(v: &[T]) -> String {
    let mut s: Vec<String> = v.iter().take(60).map(|x| x.to_string()).collect();
    if v.len() > 60 {
        s.push(format!("… ({} values)", v.len()));
    }
    s.join(" ")
}

/// The least `n0` such that `rel(n)` holds for every `n0 <= n < len − p`, scanning down from
/// `start` (where it is known to hold from `start` on).
pub(crate) fn tail_start(len: usize, p: usize, start: usize, rel: impl Fn(usize) -> bool) -> usize {
    let mut n0 = start.min(len - p);
    while n0 > 0 && rel(n0 - 1) {
        n0 -= 1;
    }
    n0
}

/// Whether a stretch from `n0` repeating with period `p` in `len` values is evidence enough: at
/// least three repeats, covering at least half of the values.
pub(crate) fn enough(len: usize, p: usize, n0: usize) -> bool {
    len - n0 >= 3 * p && 2 * n0 <= len
}

/// The least period of `t` with enough evidence (module docs), or `None`.
pub fn detect(t: &[u64]) -> Option<Periodic> {
    let len = t.len();
    if len < 3 {
        return None;
    }
    let top = len - 1;
    // Periods whose long tail is known: a multiple of one repeats at least from its start.
    let mut bases: Vec<(usize, usize)> = Vec::new();
    for p in 1..=len / 3 {
        if t[top] != t[top - p] {
            continue;
        }
        let known = bases
            .iter()
            .filter(|(b, _)| p % b == 0)
            .map(|&(_, n0)| n0)
            .min()
            .unwrap_or(len - p - 1);
        let n0 = tail_start(len, p, known, |n| t[n] == t[n + p]);
        if enough(len, p, n0) {
            let block = (0..p)
                .map(|r| {
                    // the first n >= n0 with n ≡ r (mod p)
                    let n = n0 + (r + p - n0 % p) % p;
                    t[n]
                })
                .collect();
            return Some(Periodic {
                period: p as u64,
                block,
            });
        }
        if len - n0 >= 64 && bases.len() < 64 {
            bases.push((p, n0));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn kayles_has_period_twelve() {
        let r: crate::games::heap::Ruleset = "kayles".parse().unwrap();
        let g: Vec<u64> = r.values(400).iter().map(|v| v.0).collect();
        let p = detect(&g).unwrap();
        assert_eq!(p.period, 12);
        assert_eq!(p.block, vec![4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7]);
    }

    proptest! {
        #[test]
        fn a_random_block_repeated_after_a_random_start_is_found(
            block in proptest::collection::vec(0u64..6, 1..12),
            head in proptest::collection::vec(6u64..20, 0..30),
            reps in 4usize..10,
        ) {
            let p = block.len();
            let mut t = head.clone();
            while t.len() < head.len() + reps * p + 2 * head.len() {
                let n = t.len();
                t.push(block[(n - head.len()) % p]);
            }
            let found = detect(&t).unwrap();
            // the least period divides p and gives the same values from the head on
            prop_assert!((p as u64).is_multiple_of(found.period));
            for (n, &v) in t.iter().enumerate().skip(head.len()) {
                prop_assert_eq!(found.value(n as u64), Some(u128::from(v)));
            }
        }

        #[test]
        fn strictly_increasing_sequences_are_not_periodic(steps in proptest::collection::vec(1u64..5, 10..200)) {
            let t: Vec<u64> = steps.iter().scan(0, |s, &d| { *s += d; Some(*s) }).collect();
            prop_assert!(detect(&t).is_none());
        }

        #[test]
        fn random_values_are_not_periodic(t in proptest::collection::vec(0u64..1000, 30..300)) {
            prop_assert!(detect(&t).is_none());
        }

        #[test]
        fn other_classes_give_no_period_or_the_right_one(c in super::super::classes::any_class()) {
            use super::super::{classes, sequence::SeqRule};
            classes::other_class_gives_no_rule_or_the_right_one(&c, 400, |t| detect(t).map(SeqRule::Periodic), classes::beatty_or_stern)?;
        }
    }
}
