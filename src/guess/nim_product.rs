//! Nim-products: `T(x, y) = f(x) ⊗ g(y)`. Tartan's theorem (Winning Ways, ch. 14): the value
//! of a coin at `(x, y)` in the coin-turning product of two coin-turning games is the
//! nim-product of the values of the coins at `x` and at `y` in the two games — e.g. Turning
//! Corners (Nim × Nim): `x ⊗ y`; Rugs (Ruler × Ruler): `lowbit(x) ⊗ lowbit(y)`.
//!
//! The factorisation is unique up to a nonzero nimber `λ` (`f ⊗ λ`, `g ⊘ λ`); it is fixed by
//! `f(x0) = 1` for a reference row `x0` with a nonzero cell `T(x0, y0)`: `g(y) = T(x0, y)`,
//! `f(x) = T(x, y0) ⊘ T(x0, y0)`. The nim-field arithmetic is [`crate::Nimber`]'s.

use super::nim_sum::{guess_factor, reference};
use super::table::{Factor, Table, TableRule};
use crate::Nimber;

/// `f(x) ⊗ g(y)`.
pub fn value(f: &Factor, g: &Factor, x: u64, y: u64) -> Option<u128> {
    let a = u64::try_from(f.value(x)?).ok()?;
    let b = u64::try_from(g.value(y)?).ok()?;
    Some(u128::from(Nimber(a).nim_mul(Nimber(b)).0))
}

/// The product rule, if the table is a nim-product (on every given cell) that is not a sum,
/// with its factors guessed.
pub fn detect(t: &Table) -> Option<TableRule> {
    if t.width() < 2 || t.height() < 2 {
        return None;
    }
    reference(t)?;
    let x0 = (0..t.width()).find(|&x| t.row(x).is_some_and(|r| r.iter().any(|&v| v != 0)))?;
    let row = t.row(x0)?;
    // a column given in full through a nonzero cell of the reference row
    let y0 = (0..t.height()).find(|&y| row[y] != 0 && t.column(y).is_some())?;
    let c = Nimber(row[y0]);
    let f: Vec<u64> = t
        .column(y0)?
        .iter()
        .map(|&v| Nimber(v).checked_div(c).map_or(0, |q| q.0))
        .collect();
    let g = row;
    if !t
        .cells()
        .all(|(x, y, v)| Nimber(f[x]).nim_mul(Nimber(g[y])).0 == v)
    {
        return None;
    }
    Some(TableRule::NimProduct(guess_factor(f), guess_factor(g)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        // each case builds banks of closed forms: fewer cases than the default 256
        #![proptest_config(ProptestConfig::with_cases(32))]

        #[test]
        fn random_nim_products_are_found(
            f in proptest::collection::vec(0u64..256, 16..40),
            g in proptest::collection::vec(0u64..256, 16..40),
            x0 in 0usize..16,
        ) {
            let mut f = f;
            f[x0] = f[x0].max(1);
            let t = Table::from_fn(f.len(), g.len(), |x, y| Nimber(f[x as usize]).nim_mul(Nimber(g[y as usize])).0);
            prop_assume!(g.iter().any(|&v| v != 0));
            let rule = detect(&t).unwrap();
            for (x, y, v) in t.cells() {
                prop_assert_eq!(rule.value(x as u64, y as u64), Some(u128::from(v)));
            }
        }

        #[test]
        fn random_sums_of_large_values_are_not_products(
            f in proptest::collection::vec(1u64..64, 8..20),
            g in proptest::collection::vec(1u64..64, 8..20),
        ) {
            prop_assume!(f.iter().any(|&v| v != f[0]) && g.iter().any(|&v| v != g[0]));
            let t = Table::from_fn(f.len(), g.len(), |x, y| f[x as usize] + g[y as usize]);
            prop_assert!(detect(&t).is_none());
        }
    }
}
