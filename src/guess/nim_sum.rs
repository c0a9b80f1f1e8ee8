//! Sums of two games: `T(x, y) = f(x) ⊕ g(y)`. By the Sprague–Grundy theorem the value of a
//! sum of independent games is the nim-sum (xor) of their values, so a table of a game on two
//! heaps that do not interact is of this form, with `f` and `g` the nim-sequences of the two
//! games; they are guessed in turn as sequences ([`super::sequence`]).
//!
//! Fitting: `g(y0) = 0` for the first column `y0` with a given cell; then each given cell
//! `(x, y, v)` fixes `f(x) = v ⊕ g(y)` once `g(y)` is known, or `g(y) = v ⊕ f(x)` once `f(x)` is
//! (a search of the graph whose vertices are the rows and columns and whose edges are the given
//! cells), so cells may be missing anywhere as long as every row and column is reached. Every
//! cell then tests the rule. On a full table this is `f(x) = T(x, 0)`, `g(y) = T(0, y) ⊕ T(0, 0)`.

use super::formula::Bank;
use super::table::{Factor, Table, TableRule};

/// `f(x) ⊕ g(y)`.
pub fn value(f: &Factor, g: &Factor, x: u64, y: u64) -> Option<u128> {
    Some(f.value(x)? ^ g.value(y)?)
}

/// The factors `f` and `g` that the given cells force (module docs), with `g(y0) = 0`; `None`
/// when a row or a column is joined to the others by no chain of given cells.
fn factors(t: &Table) -> Option<(Vec<u64>, Vec<u64>)> {
    let (w, h) = (t.width(), t.height());
    let mut by_row: Vec<Vec<(usize, u64)>> = vec![Vec::new(); w];
    let mut by_col: Vec<Vec<(usize, u64)>> = vec![Vec::new(); h];
    for (x, y, v) in t.cells() {
        by_row[x].push((y, v));
        by_col[y].push((x, v));
    }
    let y0 = (0..h).find(|&y| !by_col[y].is_empty())?;
    let mut f: Vec<Option<u64>> = vec![None; w];
    let mut g: Vec<Option<u64>> = vec![None; h];
    g[y0] = Some(0);
    // vertices: rows 0..w, then columns w..w + h
    let mut stack = vec![w + y0];
    while let Some(n) = stack.pop() {
        if n < w {
            let fx = f[n]?;
            for &(y, v) in &by_row[n] {
                if g[y].is_none() {
                    g[y] = Some(v ^ fx);
                    stack.push(w + y);
                }
            }
        } else {
            let gy = g[n - w]?;
            for &(x, v) in &by_col[n - w] {
                if f[x].is_none() {
                    f[x] = Some(v ^ gy);
                    stack.push(x);
                }
            }
        }
    }
    Some((
        f.into_iter().collect::<Option<_>>()?,
        g.into_iter().collect::<Option<_>>()?,
    ))
}

/// The sum rule, if the table is a sum (on every given cell), with its factors guessed.
pub fn detect(t: &Table) -> Option<TableRule> {
    if t.width() < 2 || t.height() < 2 {
        return None;
    }
    let (f, g) = factors(t)?;
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
        fn sums_with_missing_cells_are_found_and_predict_the_missing_ones(
            f in proptest::collection::vec(0u64..64, 16..40),
            g in proptest::collection::vec(0u64..64, 16..40),
            holes in any::<u64>(),
        ) {
            let full = Table::from_fn(f.len(), g.len(), |x, y| f[x as usize] ^ g[y as usize]);
            // about one cell in eight missing (none of the first row, so every column is reached)
            let mut t = Table::new(f.len(), g.len());
            let mut missing = Vec::new();
            for (x, y, v) in full.cells() {
                let h = (holes ^ (x as u64) << 32 ^ y as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                if x > 0 && h >> 61 == 0 {
                    missing.push((x, y, v));
                } else {
                    t.set(x, y, v);
                }
            }
            // every row keeps a cell with high probability; a row with none is not determined
            let reached = (0..f.len()).all(|x| t.cells().any(|c| c.0 == x));
            let rule = detect(&t);
            prop_assert_eq!(rule.is_some(), reached);
            if let Some(rule) = rule {
                for (x, y, v) in full.cells() {
                    prop_assert_eq!(rule.value(x as u64, y as u64), Some(u128::from(v)));
                }
                prop_assert!(missing.iter().all(|&(x, y, v)| rule.value(x as u64, y as u64) == Some(u128::from(v))));
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
