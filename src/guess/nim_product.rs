//! Nim-products: `T(x, y) = f(x) ⊗ g(y)`. Tartan's theorem (Winning Ways, ch. 14): the value
//! of a coin at `(x, y)` in the coin-turning product of two coin-turning games is the
//! nim-product of the values of the coins at `x` and at `y` in the two games — e.g. Turning
//! Corners (Nim × Nim): `x ⊗ y`; Rugs (Ruler × Ruler): `lowbit(x) ⊗ lowbit(y)`.
//!
//! The factorisation is unique up to a nonzero nimber `λ` (`f ⊗ λ`, `g ⊘ λ`); it is fixed by
//! `f(x0) = 1` for the first row `x0` with a nonzero given cell `T(x0, y0)`, so `g(y0) = T(x0, y0)`.
//! Then, as for sums ([`super::nim_sum`]), the factors are propagated along the given cells: a
//! cell `(x, y, v)` fixes `g(y) = v ⊘ f(x)` once a nonzero `f(x)` is known, and `f(x) = v ⊘ g(y)`
//! once a nonzero `g(y)` is. A row whose given cells are all 0, one of them in a column with a
//! nonzero factor, has `f(x) = 0` (and a column likewise). Cells may thus be missing anywhere as
//! long as every row and column is reached; every given cell then tests the rule. The nim-field
//! arithmetic is [`crate::Nimber`]'s.
//!
//! ```
//! use grundy::Nimber;
//! use grundy::guess::nim_product::detect;
//! use grundy::guess::table::Table;
//! // Turning Corners with the cell (5, 7) missing
//! let mut t = Table::new(16, 16);
//! for x in 0..16 {
//!     for y in 0..16 {
//!         if (x, y) != (5, 7) {
//!             t.set(x, y, Nimber(x as u64).nim_mul(Nimber(y as u64)).0);
//!         }
//!     }
//! }
//! let rule = detect(&t).unwrap();
//! assert_eq!(rule.value(5, 7), Some(u128::from(Nimber(5).nim_mul(Nimber(7)).0)));
//! ```

use super::grid::{Factor, Table};
use super::nim_sum::guess_factor;
use crate::Nimber;

/// `f(x) ⊗ g(y)`.
pub fn value(f: &Factor, g: &Factor, x: u64, y: u64) -> Option<u128> {
    let a = u64::try_from(f.value(x)?).ok()?;
    let b = u64::try_from(g.value(y)?).ok()?;
    Some(u128::from(Nimber(a).nim_mul(Nimber(b)).0))
}

/// The factors `f` and `g` that the given cells force (module docs); `None` when a row or a
/// column is left undetermined, or the table has no nonzero cell.
fn factors(t: &Table) -> Option<(Vec<u64>, Vec<u64>)> {
    let (w, h) = (t.width(), t.height());
    let mut by_row: Vec<Vec<(usize, u64)>> = vec![Vec::new(); w];
    let mut by_col: Vec<Vec<(usize, u64)>> = vec![Vec::new(); h];
    for (x, y, v) in t.cells() {
        by_row[x].push((y, v));
        by_col[y].push((x, v));
    }
    let (x0, y0, v0) = t.cells().find(|c| c.2 != 0)?;
    let mut f: Vec<Option<u64>> = vec![None; w];
    let mut g: Vec<Option<u64>> = vec![None; h];
    f[x0] = Some(1);
    g[y0] = Some(v0);
    // vertices: rows 0..w, then columns w..w + h; only nonzero factors propagate
    let mut stack = vec![x0, w + y0];
    while let Some(n) = stack.pop() {
        if n < w {
            let fx = Nimber(f[n]?);
            for &(y, v) in &by_row[n] {
                if g[y].is_none() {
                    let gy = v_div(v, fx)?;
                    g[y] = Some(gy);
                    if gy != 0 {
                        stack.push(w + y);
                    }
                }
            }
        } else {
            let gy = Nimber(g[n - w]?);
            for &(x, v) in &by_col[n - w] {
                if f[x].is_none() {
                    let fx = v_div(v, gy)?;
                    f[x] = Some(fx);
                    if fx != 0 {
                        stack.push(x);
                    }
                }
            }
        }
    }
    Some((
        f.into_iter().collect::<Option<_>>()?,
        g.into_iter().collect::<Option<_>>()?,
    ))
}

/// `v ⊘ d` (`None` for `d = 0`).
fn v_div(v: u64, d: Nimber) -> Option<u64> {
    Nimber(v).checked_div(d).map(|q| q.0)
}

/// A nim-product rule `T(x, y) = f(x) ⊗ g(y)`: its factors.
#[derive(Clone, Debug, PartialEq)]
pub struct NimProduct {
    /// `f`, the factor of `x`.
    pub f: Factor,
    /// `g`, the factor of `y`.
    pub g: Factor,
}

impl NimProduct {
    /// `T(x, y)`.
    pub fn value(&self, x: u64, y: u64) -> Option<u128> {
        value(&self.f, &self.g, x, y)
    }
}

/// The product rule, if the table is a nim-product (on every given cell), with its factors
/// guessed.
pub fn detect(t: &Table) -> Option<NimProduct> {
    if t.width() < 2 || t.height() < 2 {
        return None;
    }
    let (f, g) = factors(t)?;
    if !t
        .cells()
        .all(|(x, y, v)| Nimber(f[x]).nim_mul(Nimber(g[y])).0 == v)
    {
        return None;
    }
    Some(NimProduct {
        f: guess_factor(f),
        g: guess_factor(g),
    })
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
            let i = x0 % f.len();
            f[i] = f[i].max(1);
            let t = Table::from_fn(f.len(), g.len(), |x, y| Nimber(f[x as usize]).nim_mul(Nimber(g[y as usize])).0);
            prop_assume!(g.iter().any(|&v| v != 0));
            let rule = detect(&t).unwrap();
            for (x, y, v) in t.cells() {
                prop_assert_eq!(rule.value(x as u64, y as u64), Some(u128::from(v)));
            }
        }

        #[test]
        fn nim_products_with_missing_cells_are_found_and_predict_the_missing_ones(
            f in proptest::collection::vec(0u64..256, 16..40),
            g in proptest::collection::vec(0u64..256, 16..40),
            holes in any::<u64>(),
        ) {
            prop_assume!(f.iter().any(|&v| v != 0) && g.iter().any(|&v| v != 0));
            let prod = |x: u64, y: u64| Nimber(f[x as usize]).nim_mul(Nimber(g[y as usize])).0;
            let full = Table::from_fn(f.len(), g.len(), prod);
            // about one cell in eight missing, anywhere
            let mut t = Table::new(f.len(), g.len());
            let mut missing = Vec::new();
            for (x, y, v) in full.cells() {
                let mut h = (holes ^ (x as u64) << 32 ^ y as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                h = (h ^ h >> 29).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                if h >> 61 == 0 {
                    missing.push((x, y, v));
                } else {
                    t.set(x, y, v);
                }
            }
            // determined: every row with f(x) ≠ 0 keeps a cell in a column with g(y) ≠ 0 and
            // conversely, and a row (column) with a zero factor keeps a cell in such a column (row)
            let nz_row = |x: usize| t.cells().any(|c| c.0 == x && g[c.1] != 0);
            let nz_col = |y: usize| t.cells().any(|c| c.1 == y && f[c.0] != 0);
            let determined = (0..f.len()).all(nz_row) && (0..g.len()).all(nz_col);
            let rule = detect(&t);
            if determined {
                let rule = rule.as_ref().unwrap();
                for &(x, y, v) in &missing {
                    prop_assert_eq!(rule.value(x as u64, y as u64), Some(u128::from(v)));
                }
            }
            if let Some(rule) = rule {
                for (x, y, v) in t.cells() {
                    prop_assert_eq!(rule.value(x as u64, y as u64), Some(u128::from(v)));
                }
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

        #[test]
        fn random_tables_are_not_products(cells in proptest::collection::vec(0u64..64, 12 * 12)) {
            let t = Table::from_fn(12, 12, |x, y| cells[(x * 12 + y) as usize]);
            prop_assert!(detect(&t).is_none());
        }
    }
}
