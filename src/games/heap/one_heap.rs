//! The value of one heap of any size — `10^18`, or beyond `u64` — through a *proved* period.
//!
//! If `G(n + p) = G(n) + s` holds for every `n >= n0` (a period `p` with saltus `s` from `n0`,
//! proved by a theorem: see [`super::periodicity`]), then for every `n >= n0`
//!
//! `G(n) = G(n0 + (n - n0) mod p) + s · ⌊(n - n0) / p⌋`,
//!
//! by induction on `⌊(n - n0) / p⌋`. So the value of any heap needs only the values up to the
//! point where the period is proved. [`value_of_heap`] computes the nim-sequence until a period is
//! proved (or the heap itself is reached), within a budget of heaps, and never guesses: without a
//! proved period it is an error, even when an apparent one shows.
//!
//! ```
//! use grundy::games::heap::{Ruleset, one_heap::value_of_heap};
//! use grundy::progress::Silent;
//! use num_bigint::BigUint;
//!
//! let kayles: Ruleset = "kayles".parse().unwrap();
//! let n = BigUint::from(10u32).pow(30);
//! let v = value_of_heap(&kayles, &n, 10_000, &Silent).unwrap();
//! // 10^30 ≡ 4 (mod 12), and Kayles has period 12 from heap 71: G(10^30) = G(76) = 1.
//! assert_eq!((v.value, v.reduced), (BigUint::from(1u32), 76));
//! // No period of 0.007 is known: a budget of 1000 heaps proves none.
//! let g: Ruleset = "0.007".parse().unwrap();
//! assert!(value_of_heap(&g, &n, 1000, &Silent).is_err());
//! ```

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use thiserror::Error;

use super::periodicity::Period;
use super::ruleset::Ruleset;
use super::sequence::{MAX_TO, Sequencer};
use crate::progress::Progress;

/// The value of one heap and how it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapValue {
    /// The heap size `n`.
    pub heap: BigUint,
    /// `G(n)`.
    pub value: BigUint,
    /// The proved period used (`None` when `n` itself was computed).
    pub period: Option<Period>,
    /// The computed heap `n0 + (n - n0) mod p` whose value gives `G(n)` (`n` itself when computed).
    pub reduced: usize,
    /// `⌊(n - n0) / p⌋`: how many periods lie between `reduced` and `n` (0 when computed).
    pub laps: BigUint,
    /// How many values were computed (heaps `0..computed`).
    pub computed: usize,
}

/// Why the value of a heap cannot be given.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum HeapValueError {
    /// The budget of computed heaps is beyond what memory allows.
    #[error("a budget of {budget} heaps is beyond the supported limit {MAX_TO}")]
    BudgetTooLarge {
        /// The budget asked for.
        budget: u64,
    },
    /// No period was proved within the budget, and the heap is beyond it.
    #[error(
        "no period of {ruleset} is proved within heaps 0..={budget}{}, so G({heap}) is not known: raise the budget (at most {MAX_TO}) or ask for a heap within it",
        apparent.map(|p| format!(" (an apparent period {} from heap {} shows, not proved)", p.period, p.preperiod)).unwrap_or_default()
    )]
    NoProvedPeriod {
        /// The ruleset.
        ruleset: String,
        /// The heap asked for.
        heap: BigUint,
        /// The last heap computed.
        budget: usize,
        /// A period apparent in the values, if any.
        apparent: Option<Period>,
    },
}

/// `G(n)` for a heap of any size: computes `G(0), G(1), …` until a period is proved (checked as
/// in [`Sequencer`]) or heap `n` is reached, computing at most heaps `0..=budget`; then applies
/// the period (module docs). Reports progress over the budget.
pub fn value_of_heap(
    r: &Ruleset,
    n: &BigUint,
    budget: u64,
    progress: &dyn Progress,
) -> Result<HeapValue, HeapValueError> {
    if budget > MAX_TO as u64 {
        return Err(HeapValueError::BudgetTooLarge { budget });
    }
    let budget = budget as usize;
    let last = n.to_usize().map_or(budget, |n| n.min(budget));
    let mut seq = Sequencer::new(r);
    // Stop at the first chunk after which a period is proved: by the checks made while extending,
    // or (for certificates that those checks do not make, e.g. arithmetic periods) by a search of
    // the values each time their number doubles.
    let mut next_search = 256;
    let _ = seq.run(last, progress, |s| {
        if s.proof().is_some() {
            return Err(());
        }
        if s.len() >= next_search {
            next_search = 2 * s.len();
            if s.period().is_some_and(|p| p.proved) {
                return Err(());
            }
        }
        Ok(())
    });
    progress.finish();
    let proof = seq.proof();
    let a = seq.analysis();
    let computed = a.len();
    if let Some(i) = n.to_usize().filter(|&i| i < computed) {
        let value = a.value(i).expect("computed").0;
        return Ok(HeapValue {
            heap: n.clone(),
            value: BigUint::from(value),
            period: None,
            reduced: i,
            laps: BigUint::ZERO,
            computed,
        });
    }
    // Prefer the least period found on the values when it is proved; else the one proved while
    // extending (valid too, perhaps not the least).
    let Some(p) = a.period().copied().filter(|p| p.proved).or(proof) else {
        return Err(HeapValueError::NoProvedPeriod {
            ruleset: r.to_string(),
            heap: n.clone(),
            budget: computed - 1,
            apparent: a.period().copied(),
        });
    };
    let beyond = n - BigUint::from(p.preperiod);
    let per = BigUint::from(p.period);
    let reduced = p.preperiod + (&beyond % &per).to_usize().expect("below the period");
    let laps = beyond / per;
    let base = a
        .value(reduced)
        .expect("a proved period lies within the values")
        .0;
    let value = BigUint::from(base) + &laps * BigUint::from(p.saltus);
    Ok(HeapValue {
        heap: n.clone(),
        value,
        period: Some(p),
        reduced,
        laps,
        computed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Silent;
    use proptest::prelude::*;
    use std::sync::OnceLock;

    /// The nim-sequence by the definition alone: `G(n)` is the mex of the XORs of the heaps each
    /// move of a heap of `n` leaves.
    fn brute(r: &Ruleset, to: usize) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::with_capacity(to + 1);
        let mut options = Vec::new();
        for n in 0..=to as u64 {
            r.moves(n, &mut options);
            let seen: std::collections::HashSet<u64> = options
                .iter()
                .map(|o| o.iter().fold(0, |x, &h| x ^ g[h as usize]))
                .collect();
            g.push((0..).find(|v| !seen.contains(v)).expect("a mex exists"));
        }
        g
    }

    const RULESETS: &[&str] = &[
        "kayles",
        "dawsons-kayles",
        "0.137",
        "sub:1,3,4",
        "sub:2,3,7",
        "allbut:2",
        "allbut:1,3",
        "0.6",
    ];
    const TO: usize = 1200;

    fn oracle(i: usize) -> &'static [u64] {
        static TABLES: OnceLock<Vec<Vec<u64>>> = OnceLock::new();
        &TABLES.get_or_init(|| {
            RULESETS
                .iter()
                .map(|r| brute(&r.parse().unwrap(), TO))
                .collect()
        })[i]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Within any budget, a value is given exactly when the heap is within the budget or a
        /// period is proved, and it is the value of the definition (heaps beyond the budget are
        /// answered through the period alone).
        #[test]
        fn the_value_of_one_heap_is_the_mex_of_its_options(i in 0..RULESETS.len(), n in 0..=TO as u64, budget in 0u64..1000) {
            let r: Ruleset = RULESETS[i].parse().unwrap();
            match value_of_heap(&r, &BigUint::from(n), budget, &Silent) {
                Ok(v) => {
                    prop_assert_eq!(v.value, BigUint::from(oracle(i)[n as usize]));
                    prop_assert!(v.period.is_some_and(|p| p.proved) || n < v.computed as u64);
                }
                Err(HeapValueError::NoProvedPeriod { budget: b, .. }) => {
                    prop_assert!(n > budget && b as u64 <= budget);
                }
                Err(e) => prop_assert!(false, "{}", e),
            }
        }
    }

    /// Kayles (Guy–Smith 1956): period 12 from heap 71, the period's values being
    /// 4 1 2 8 1 4 7 2 1 8 2 7 for n ≡ 0, 1, …, 11 (mod 12).
    #[test]
    fn kayles_at_ten_to_the_k_follows_the_published_period() {
        let row = [4u32, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7];
        let kayles: Ruleset = "kayles".parse().unwrap();
        for k in [3u32, 18, 19, 40, 100] {
            for d in 0..12u32 {
                let n = BigUint::from(10u32).pow(k) + d;
                let v = value_of_heap(&kayles, &n, 10_000, &Silent).unwrap();
                let m = (&n % 12u32).to_usize().unwrap();
                assert_eq!(v.value, BigUint::from(row[m]), "G({n})");
            }
        }
    }

    /// An arithmetic period: `allbut:2` has `G(n + p) = G(n) + s`, so values grow without bound,
    /// also beyond `u64`.
    #[test]
    fn an_arithmetic_period_gives_values_beyond_64_bits() {
        let r: Ruleset = "allbut:2".parse().unwrap();
        let g = oracle(5);
        let n = BigUint::from(u64::MAX) * 1000u32 + 7u32;
        let v = value_of_heap(&r, &n, 10_000, &Silent).unwrap();
        let p = v.period.unwrap();
        assert!(p.saltus > 0 && v.value > BigUint::from(u64::MAX));
        // Step back by whole periods onto a computed heap: the saltus accounts for each.
        assert_eq!(
            v.value,
            BigUint::from(g[v.reduced]) + &v.laps * BigUint::from(p.saltus)
        );
        assert_eq!(
            n,
            BigUint::from(v.reduced) + &v.laps * BigUint::from(p.period)
        );
    }

    #[test]
    fn without_a_proved_period_the_answer_is_an_error_not_a_guess() {
        let r: Ruleset = "0.007".parse().unwrap();
        let e = value_of_heap(&r, &BigUint::from(10u32).pow(20), 2000, &Silent).unwrap_err();
        assert!(
            e.to_string()
                .contains("no period of 0.007 is proved within heaps 0..=2000"),
            "{e}"
        );
        let e = value_of_heap(&r, &BigUint::from(5u32), MAX_TO as u64 + 1, &Silent).unwrap_err();
        assert!(matches!(e, HeapValueError::BudgetTooLarge { .. }));
    }
}
