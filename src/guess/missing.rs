//! Missing values of a row or column of a table: filled from the row's own eventual structure, so
//! that the sequence detectors ([`super::sequence`]), which read complete sequences, can guess it.
//!
//! A row with values missing is filled by the least modulus `p` for which every residue class
//! `n ≡ r (mod p)` lies on a line `G(n) = a_r·⌊n/p⌋ + b_r` (`a_r >= 0`) over a tail of the given
//! values: an eventual period (every `a_r = 0`), an arithmetic period (every `a_r = s`) or a
//! residue-class rule. The lines are read off the *training* part only (the first three quarters,
//! [`super::sequence::held_out`]), with the evidence an eventual period needs from complete values
//! (the tail repeats at least three times and covers at least half of them, [`super::periodic`]),
//! each class with two given values on its line and, in all, at least `⌈p/2⌉` (and 2) more values
//! on the lines than the two per class that fix them. Every missing value is then the value of its
//! class's line (0 where that is negative), and the filled row is guessed as a sequence; the given
//! values kept back test the rule, as for a complete row.
//!
//! A row with values missing whose rule is of another kind (binary, a kernel recursion) is not
//! filled, and gets no rule.
//!
//! ```
//! use grundy::guess::missing::fill;
//! // n mod 3 with three values missing
//! let mut row: Vec<Option<u64>> = (0..40).map(|n| Some(n % 3)).collect();
//! for n in [2, 17, 31] {
//!     row[n as usize] = None;
//! }
//! let filled = fill(&row).unwrap();
//! assert_eq!(filled, (0..40).map(|n| n % 3).collect::<Vec<u64>>());
//! ```

use super::periodic::enough;
use super::sequence::held_out;

/// The row with its missing values filled (module docs), or `None` when no modulus fits; a
/// complete row is returned as it is.
pub fn fill(line: &[Option<u64>]) -> Option<Vec<u64>> {
    if line.iter().all(Option::is_some) {
        return line.iter().copied().collect();
    }
    let len = line.len();
    let train = len - held_out(len);
    if train < 6 {
        return None;
    }
    for p in 1..=train / 3 {
        if let Some(lines) = class_lines(&line[..train], p) {
            return Some(
                (0..len)
                    .map(|n| {
                        line[n].unwrap_or_else(|| {
                            let (a, b) = lines[n % p];
                            u64::try_from(a * (n / p) as i128 + b).unwrap_or(0)
                        })
                    })
                    .collect(),
            );
        }
    }
    None
}

/// For each class `r` modulo `p`, the line `(a_r, b_r)` through its given values on a common
/// tail of `t` with enough evidence (module docs), or `None`.
fn class_lines(t: &[Option<u64>], p: usize) -> Option<Vec<(i128, i128)>> {
    let len = t.len();
    let mut lines = Vec::with_capacity(p);
    // the lowest n from which every class's given values lie on its line
    let mut from = 0usize;
    for r in 0..p {
        // given values of the class from the top down: (k, v) with n = kp + r
        let mut pts = (0..=(len - 1 - r) / p)
            .rev()
            .filter_map(|k| t[k * p + r].map(|v| (k as i128, i128::from(v))));
        let (k1, v1) = pts.next()?;
        let (k0, v0) = pts.next()?;
        if (v1 - v0) % (k1 - k0) != 0 || v1 < v0 {
            return None;
        }
        let a = (v1 - v0) / (k1 - k0);
        let b = v1 - a * k1;
        // the class holds from just above its highest given value off the line (a missing
        // value is no evidence against it)
        let low = pts.find(|&(k, v)| v != a * k + b).map_or(0, |(k, _)| k + 1);
        let start = low as usize * p + r;
        from = from.max(start);
        lines.push((a, b));
    }
    if !enough(len, p, from) {
        return None;
    }
    // values on the lines beyond the two per class that fix them
    let on_lines = (from..len).filter(|&n| t[n].is_some()).count();
    let confirmations = on_lines.checked_sub(2 * p)?;
    // every class has two given values in the tail
    for r in 0..p {
        let count = (from..len)
            .filter(|&n| n % p == r && t[n].is_some())
            .count();
        if count < 2 {
            return None;
        }
    }
    (confirmations >= p.div_ceil(2).max(2)).then_some(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn holes(len: usize, seed: u64) -> Vec<bool> {
        (0..len as u64)
            .map(|n| {
                let h = (seed ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                (h ^ h >> 29).wrapping_mul(0xbf58_476d_1ce4_e5b9) >> 61 == 0
            })
            .collect()
    }

    proptest! {
        #[test]
        fn periodic_rows_with_holes_are_filled_with_their_values(
            block in proptest::collection::vec(0u64..6, 1..8),
            seed in any::<u64>(),
        ) {
            let len = 80;
            let full: Vec<u64> = (0..len).map(|n| block[n % block.len()]).collect();
            let gone = holes(len, seed);
            let line: Vec<Option<u64>> = (0..len).map(|n| (!gone[n]).then_some(full[n])).collect();
            if let Some(f) = fill(&line) {
                // the least modulus that fits divides the period or agrees with it where given
                for n in 0..len {
                    if let Some(v) = line[n] {
                        prop_assert_eq!(f[n], v);
                    }
                }
            }
        }

        #[test]
        fn arithmetic_rows_with_holes_are_filled_with_their_values(
            offsets in proptest::collection::vec(0i128..8, 1..6),
            s in 0i128..5,
            seed in any::<u64>(),
        ) {
            let (p, len) = (offsets.len(), 120);
            let full: Vec<u64> = (0..len).map(|n| (offsets[n % p] + s * (n / p) as i128) as u64).collect();
            let gone = holes(len, seed);
            let line: Vec<Option<u64>> = (0..len).map(|n| (!gone[n]).then_some(full[n])).collect();
            // each class keeps two values in the training part's tail with high probability
            let f = fill(&line).unwrap();
            prop_assert_eq!(f, full);
        }

        #[test]
        fn noise_with_holes_is_not_filled(
            t in proptest::collection::vec(0u64..1000, 40..200),
            seed in any::<u64>(),
        ) {
            let gone = holes(t.len(), seed);
            prop_assume!(gone.iter().any(|&g| g));
            let line: Vec<Option<u64>> = (0..t.len()).map(|n| (!gone[n]).then_some(t[n])).collect();
            prop_assert!(fill(&line).is_none());
        }
    }
}
