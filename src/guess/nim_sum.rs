//! Sums of two games: `T(x, y) = f(x) ⊕ g(y)`. By the Sprague–Grundy theorem the value of a
//! sum of independent games is the nim-sum (xor) of their values, so a table of a game on two
//! heaps that do not interact is of this form, with `f` and `g` the nim-sequences of the two
//! games; they are guessed in turn as sequences ([`super::sequence`]).
//!
//! Fitting: with a reference row `x0` and column `y0` (the fullest, every cell given), `f(x) =
//! T(x, y0)` and `g(y) = T(x0, y) ⊕ T(x0, y0)`; every other cell then tests the rule.

use super::formula::Bank;
use super::table::{Factor, Table, TableRule};

/// `f(x) ⊕ g(y)`.
pub fn value(f: &Factor, g: &Factor, x: u64, y: u64) -> Option<u128> {
    Some(f.value(x)? ^ g.value(y)?)
}

/// The fullest row and column with every cell given: `(x0, y0)`.
pub(crate) fn reference(t: &Table) -> Option<(usize, usize)> {
    let x0 = (0..t.width()).find(|&x| t.row(x).is_some())?;
    let y0 = (0..t.height()).find(|&y| t.column(y).is_some())?;
    Some((x0, y0))
}

/// The sum rule, if the table is a sum (on every given cell), with its factors guessed.
pub fn detect(t: &Table) -> Option<TableRule> {
    if t.width() < 2 || t.height() < 2 {
        return None;
    }
    let (x0, y0) = reference(t)?;
    let f = t.column(y0)?;
    let c = t.get(x0, y0)?;
    let g: Vec<u64> = t.row(x0)?.iter().map(|&v| v ^ c).collect();
    if !t.cells().all(|(x, y, v)| f[x] ^ g[y] == v) {
        return None;
    }
    Some(TableRule::NimSum(guess_factor(f), guess_factor(g)))
}

/// A factor guessed as a sequence.
pub(crate) fn guess_factor(v: Vec<u64>) -> Factor {
    Factor::guess(v, None::<&Bank>)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        // each case builds banks of closed forms: fewer cases than the default 256
        #![proptest_config(ProptestConfig::with_cases(32))]

        #[test]
        fn random_sums_are_found_and_their_factors_kept(
            f in proptest::collection::vec(0u64..64, 16..40),
            g in proptest::collection::vec(0u64..64, 16..40),
        ) {
            let t = Table::from_fn(f.len(), g.len(), |x, y| f[x as usize] ^ g[y as usize]);
            let rule = detect(&t).unwrap();
            for (x, y, v) in t.cells() {
                prop_assert_eq!(rule.value(x as u64, y as u64), Some(u128::from(v)));
            }
        }

        #[test]
        fn products_of_random_values_are_not_sums(
            f in proptest::collection::vec(2u64..64, 8..20),
            g in proptest::collection::vec(2u64..64, 8..20),
        ) {
            let t = Table::from_fn(f.len(), g.len(), |x, y| f[x as usize] * g[y as usize]);
            prop_assert!(detect(&t).is_none());
        }
    }
}
