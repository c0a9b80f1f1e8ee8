//! `K` heaps of a heap game with sizes `A..=B`, for any `B`: the value distribution of the sizes
//! and the P/N counts, as `grundy count heaps` computes them.
//!
//! Small ranges (`B <= 4096`) are computed heap by heap. Beyond, the nim-sequence is computed up
//! to 1024, 4096, 16384, 65536 heaps, looking for a *proved* ordinary period (saltus 0): once
//! `G(n + p) = G(n)` for all `n >= n0` is proved, the number of sizes in `A..=B` with each value
//! follows from one period ([`ValueDistribution::from_periodic`]), so `B` may be as large as
//! `2^64 - 1`. Without a proof, every value up to `B` is computed, which is refused beyond
//! [`MAX_HEAP`].
//!
//! ```
//! use grundy::count::{Arithmetic, heap_family::count_heap_family};
//! use grundy::games::heap::Ruleset;
//! let squares: Ruleset = "sub:squares".parse().unwrap();
//! let c = count_heap_family(&squares, 3, 0, 29, true, Arithmetic::Exact, &mut || false).unwrap();
//! assert_eq!(c.counts.p_positions.to_string(), "1160");
//! // Kayles has period 12 from heap 71 (proved), so 10^15 heaps are no harder than 10^3.
//! let kayles: Ruleset = "kayles".parse().unwrap();
//! let c = count_heap_family(&kayles, 2, 0, 10u64.pow(15), false, Arithmetic::Exact, &mut || false);
//! assert!(c.unwrap().method.starts_with("period 12 from heap 71 (proved)"));
//! ```

use thiserror::Error;

use super::heaps::{self, HeapCounts};
use super::{Arithmetic, CountError, ValueDistribution};
use crate::Nimber;
use crate::games::heap::{Ruleset, Sequencer};
use crate::progress::Silent;

/// The largest `B` whose values are computed one by one (beyond it, only a proved period).
pub const MAX_HEAP: u64 = 10_000_000;

/// Heaps up to this size are computed directly; beyond it a proved period is sought first.
const DIRECT: u64 = 4096;

/// A period is sought in the values of heaps up to this size.
const PROOF_LIMIT: u64 = 65536;

/// Why heaps `A..=B` cannot be counted.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum HeapFamilyError {
    /// `B < A`.
    #[error("--max {max} is below --min {min}: the heap sizes A..=B would be empty")]
    Empty {
        /// The smallest size `A`.
        min: u64,
        /// The largest size `B`.
        max: u64,
    },
    /// `B` above [`MAX_HEAP`] without a proved period.
    #[error(
        "--max {max} is above {MAX_HEAP}, and no proved period (without saltus) shows in the values of heaps 0..={PROOF_LIMIT}: the values cannot be extended that far"
    )]
    TooFar {
        /// The largest size `B`.
        max: u64,
    },
    /// The counting itself failed (bad modulus, too many digits, ...).
    #[error(transparent)]
    Count(#[from] CountError),
    /// The caller's `stop` callback asked to stop.
    #[error("interrupted")]
    Interrupted,
}

/// The counts with a sentence saying how the heap values were obtained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapFamilyCount {
    /// P-, N- and all positions.
    pub counts: HeapCounts,
    /// E.g. `computed for every heap 0..=29` or `period 12 from heap 71 (proved), extended to
    /// every heap up to 1000000`.
    pub method: String,
}

/// Count the positions of `k` heaps of `ruleset` with sizes in `min..=max`, as ordered tuples or
/// multisets, exactly or modulo `arith`. `stop` is called between chunks of the nim-sequence
/// computation; returning `true` ends it with [`HeapFamilyError::Interrupted`].
pub fn count_heap_family(
    ruleset: &Ruleset,
    k: u128,
    min: u64,
    max: u64,
    multiset: bool,
    arith: Arithmetic,
    stop: &mut dyn FnMut() -> bool,
) -> Result<HeapFamilyCount, HeapFamilyError> {
    if max < min {
        return Err(HeapFamilyError::Empty { min, max });
    }
    // Validate the modulus before the (possibly long) value computation.
    heaps::count_heaps(&[], 0, multiset, arith)?;
    let (dist, method) = heap_distribution(ruleset, min, max, stop)?;
    let counts = heaps::count_distribution(&dist, k, multiset, arith)?;
    Ok(HeapFamilyCount { counts, method })
}

/// Grow `s` to `to`, asking `stop` between chunks.
fn grow(s: &mut Sequencer, to: u64, stop: &mut dyn FnMut() -> bool) -> Result<(), HeapFamilyError> {
    s.run(to as usize, &Silent, |_| {
        if stop() {
            Err(HeapFamilyError::Interrupted)
        } else {
            Ok(())
        }
    })
}

fn computed(
    s: Sequencer,
    lo: u64,
    hi: u64,
) -> Result<(ValueDistribution, String), HeapFamilyError> {
    let a = s.analysis();
    let values: Vec<Nimber> = a.nimbers().collect();
    let d = ValueDistribution::from_nimbers(&values[lo as usize..=hi as usize])?;
    Ok((d, format!("computed for every heap 0..={hi}")))
}

/// The value distribution of heap sizes `lo..=hi` (`lo <= hi`): directly for small `hi`;
/// otherwise from a *proved* ordinary period (found in values computed up to 1024, 4096, ...
/// heaps), which makes any `hi` cheap; without a proof, from all values up to `hi` (at most
/// [`MAX_HEAP`]).
pub fn heap_distribution(
    ruleset: &Ruleset,
    lo: u64,
    hi: u64,
    stop: &mut dyn FnMut() -> bool,
) -> Result<(ValueDistribution, String), HeapFamilyError> {
    let mut s = Sequencer::new(ruleset);
    if hi <= DIRECT {
        grow(&mut s, hi, stop)?;
        return computed(s, lo, hi);
    }
    let mut to = 1024u64;
    while to <= PROOF_LIMIT {
        grow(&mut s, to, stop)?;
        if let Some(p) = s.period()
            && p.proved
            && p.saltus == 0
        {
            let a = s.analysis();
            let values: Vec<Nimber> = a.nimbers().collect();
            let d = ValueDistribution::from_periodic(
                &values,
                p.preperiod as u64,
                p.period as u64,
                lo,
                hi,
            )?;
            let how = format!(
                "period {} from heap {} (proved), extended to every heap up to {hi}",
                p.period, p.preperiod
            );
            return Ok((d, how));
        }
        if to >= hi {
            return computed(s, lo, hi);
        }
        to = (to * 4).min(hi);
    }
    if hi > MAX_HEAP {
        return Err(HeapFamilyError::TooFar { max: hi });
    }
    grow(&mut s, hi, stop)?;
    computed(s, lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::heaps::count_heaps;
    use proptest::prelude::*;

    fn exact(r: &str, k: u128, lo: u64, hi: u64, multiset: bool) -> HeapFamilyCount {
        let r: Ruleset = r.parse().unwrap();
        count_heap_family(&r, k, lo, hi, multiset, Arithmetic::Exact, &mut || false).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// Past 4096 heaps the distribution comes from the proved period: it must agree with
        /// counting over every computed value.
        #[test]
        fn periodic_distribution_equals_the_computed_one(
            rules in prop::sample::select(vec!["kayles", "dawsons-kayles", "sub:1,3,4", "0.137"]),
            lo in 0u64..3000,
            width in 1200u64..4000,
            k in 1u128..4,
            multiset in any::<bool>(),
        ) {
            let hi = 4097 + lo + width;
            let c = exact(rules, k, lo, hi, multiset);
            prop_assert!(c.method.contains("(proved)"), "{}", c.method);
            let r: Ruleset = rules.parse().unwrap();
            let values = r.values(hi as usize);
            let direct = count_heaps(&values[lo as usize..], k, multiset, Arithmetic::Exact).unwrap();
            prop_assert_eq!(c.counts, direct);
        }
    }

    #[test]
    fn squares_three_heaps_to_29_have_1160_p_multisets() {
        assert_eq!(
            exact("sub:squares", 3, 0, 29, true)
                .counts
                .p_positions
                .to_string(),
            "1160"
        );
    }

    #[test]
    fn an_empty_range_and_an_unreachable_range_are_refused() {
        let r: Ruleset = "kayles".parse().unwrap();
        let e = count_heap_family(&r, 2, 5, 4, false, Arithmetic::Exact, &mut || false);
        assert_eq!(e, Err(HeapFamilyError::Empty { min: 5, max: 4 }));
        // Grundy's game has no known period: 10^8 heaps are beyond the direct limit.
        let g: Ruleset = "grundys-game".parse().unwrap();
        let e = count_heap_family(&g, 2, 0, 100_000_000, false, Arithmetic::Exact, &mut || {
            false
        });
        assert_eq!(e, Err(HeapFamilyError::TooFar { max: 100_000_000 }));
    }

    #[test]
    fn stop_interrupts_between_chunks() {
        let r: Ruleset = "grundys-game".parse().unwrap();
        let mut calls = 0;
        let e = count_heap_family(&r, 2, 0, 50_000, false, Arithmetic::Exact, &mut || {
            calls += 1;
            true
        });
        assert_eq!(e, Err(HeapFamilyError::Interrupted));
        assert_eq!(calls, 1);
    }
}
