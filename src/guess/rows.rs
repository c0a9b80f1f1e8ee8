//! A rule for every row (or every column): `T(x, ·)` guessed as a sequence for each `x`, e.g. a
//! family of games with the parameter `x` (subtraction games `sub:1..x`, octal games by their
//! digits) each eventually periodic with its own period. The rule is accepted only if every row
//! has one (a table of rows some of which have no rule has none); the rows share one bank of
//! closed forms ([`super::formula::Bank`]), so a table of 256 rows costs one bank.
//!
//! Cells may be missing anywhere: a row with cells missing is filled from its own eventual period
//! (or arithmetic period, or residue-class lines) read off its given cells
//! ([`super::missing::fill`]) and then guessed like a complete row; its rule must give every
//! given cell, and it predicts the missing ones.
//!
//! ```
//! use grundy::guess::rows::detect_rows;
//! use grundy::guess::table::Table;
//! // row x: take 1..=x+1 from a heap of y, so T(x, y) = y mod (x + 2); a few cells missing
//! let mut t = Table::new(4, 60);
//! for x in 0..4 {
//!     for y in 0..60 {
//!         if (x + 3 * y) % 11 != 5 {
//!             t.set(x, y, (y % (x + 2)) as u64);
//!         }
//!     }
//! }
//! let rule = detect_rows(&t).unwrap();
//! assert_eq!(rule.value(3, 1000), Some(1000 % 5));
//! assert_eq!(t.get(2, 1), None); // missing: predicted
//! assert_eq!(rule.value(2, 1), Some(1));
//! ```

use super::formula::Bank;
use super::grid::{Factor, Table};
use super::missing;
use super::sequence;

/// A rule for every row `T(x, ·)`, if each row has one (module docs).
pub fn detect_rows(t: &Table) -> Option<Rows> {
    let lines: Vec<Vec<Option<u64>>> = (0..t.width()).map(|x| t.row_cells(x)).collect();
    each(lines).map(Rows)
}

/// A rule for every column `T(·, y)`, if each column has one (module docs).
pub fn detect_columns(t: &Table) -> Option<Columns> {
    let lines: Vec<Vec<Option<u64>>> = (0..t.height()).map(|y| t.column_cells(y)).collect();
    each(lines).map(Columns)
}

/// A rule for every row: `T(x, y)` is row `x`'s rule at `y`.
#[derive(Clone, Debug, PartialEq)]
pub struct Rows(pub Vec<Factor>);

impl Rows {
    /// `T(x, y)`.
    pub fn value(&self, x: u64, y: u64) -> Option<u128> {
        self.0.get(usize::try_from(x).ok()?)?.value(y)
    }
}

/// A rule for every column: `T(x, y)` is column `y`'s rule at `x`.
#[derive(Clone, Debug, PartialEq)]
pub struct Columns(pub Vec<Factor>);

impl Columns {
    /// `T(x, y)`.
    pub fn value(&self, x: u64, y: u64) -> Option<u128> {
        self.0.get(usize::try_from(y).ok()?)?.value(x)
    }
}

fn each(lines: Vec<Vec<Option<u64>>>) -> Option<Vec<Factor>> {
    let len = lines.first()?.len();
    if lines.len() < 2 || len < 8 {
        return None;
    }
    let bank = Bank::new(1, sequence::training_sample(len));
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        let filled = missing::fill(&line)?;
        match Factor::guess(filled, Some(&bank)) {
            Factor::Rule(mut f) => {
                // an exception at a missing cell would only repeat the value it was filled with,
                // unless the rule has no value there (`⌊2/lowbit(y)⌋` at 0 for the period
                // 0, 2, 1, 2): then the filled value is the prediction
                f.exceptions
                    .retain(|e| line[e.0 as usize].is_some() || f.rule.value(e.0).is_none());
                let given = |n: usize| line[n].is_none_or(|v| f.value(n as u64) == Some(v.into()));
                if !(0..len).all(given) {
                    return None;
                }
                out.push(Factor::Rule(f));
            }
            Factor::Values(_) => return None,
        }
    }
    Some(out)
}

/// `row x = 0: T(0, y) = …; row x = 1: …` (at most 20 shown); a column `y = i` is written with
/// `G(x) = T(x, i)`.
pub fn text(lines: &[Factor], what: &str, index: &str, arg: &str) -> String {
    let mut parts: Vec<String> = lines
        .iter()
        .enumerate()
        .take(20)
        .map(|(i, f)| match what {
            "row" => format!(
                "{what} {index} = {i}: {}",
                f.text_with(&format!("T({i}, "), arg)
            ),
            _ => format!(
                "{what} {index} = {i} (G(x) = T(x, {i})): {}",
                f.text_with("G(", arg)
            ),
        })
        .collect();
    if lines.len() > 20 {
        parts.push(format!("… ({} {what}s, each with its rule)", lines.len()));
    }
    format!("a rule for every {what}: {}", parts.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `t` with about one cell in eight removed (chosen by `seed`), and the removed cells.
    fn with_holes(t: &Table, seed: u64) -> (Table, Vec<(usize, usize, u64)>) {
        let mut out = Table::new(t.width(), t.height());
        let mut missing = Vec::new();
        for (x, y, v) in t.cells() {
            let mut h = (seed ^ (x as u64) << 32 ^ y as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            h = (h ^ h >> 29).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            if h >> 61 == 0 {
                missing.push((x, y, v));
            } else {
                out.set(x, y, v);
            }
        }
        (out, missing)
    }

    proptest! {
        // each case builds banks of closed forms: fewer cases than the default 256
        #![proptest_config(ProptestConfig::with_cases(32))]

        #[test]
        fn rows_with_random_periods_are_found(
            blocks in proptest::collection::vec(proptest::collection::vec(0u64..4, 1..6), 2..6),
        ) {
            let t = Table::from_fn(blocks.len(), 60, |x, y| {
                let b = &blocks[x as usize];
                b[y as usize % b.len()]
            });
            let rule = detect_rows(&t).unwrap();
            for x in 0..blocks.len() as u64 {
                for y in [100u64, 1000, 123_456] {
                    let b = &blocks[x as usize];
                    prop_assert_eq!(rule.value(x, y), Some(u128::from(b[y as usize % b.len()])));
                }
            }
        }

        #[test]
        fn periodic_rows_with_missing_cells_are_found_and_predict_the_missing_ones(
            blocks in proptest::collection::vec(proptest::collection::vec(0u64..4, 1..6), 2..6),
            holes in any::<u64>(),
        ) {
            let truth = |x: u64, y: u64| {
                let b = &blocks[x as usize];
                b[y as usize % b.len()]
            };
            let (t, missing) = with_holes(&Table::from_fn(blocks.len(), 60, truth), holes);
            // the evidence a row's period needs: every residue class keeps three given values
            // in the part the lines are read from (the first 45); an unlucky draw that takes six
            // of a class's nine is no rule's fault
            prop_assume!((0..blocks.len()).all(|x| {
                let p = blocks[x].len();
                (0..p).all(|r| (r..45).step_by(p).filter(|&y| t.get(x, y).is_some()).count() >= 3)
            }));
            let rule = detect_rows(&t).unwrap();
            for (x, y, v) in missing {
                prop_assert_eq!(rule.value(x as u64, y as u64), Some(u128::from(v)));
            }
            for x in 0..blocks.len() as u64 {
                for y in [100u64, 1000, 123_457] {
                    prop_assert_eq!(rule.value(x, y), Some(u128::from(truth(x, y))));
                }
            }
        }

        #[test]
        fn periodic_columns_with_missing_cells_are_found_and_predict_the_missing_ones(
            blocks in proptest::collection::vec(proptest::collection::vec(0u64..4, 1..6), 2..6),
            saltus in 0u64..3,
            holes in any::<u64>(),
        ) {
            // column y: an arithmetic period (a period when the saltus is 0)
            let truth = |x: u64, y: u64| {
                let b = &blocks[y as usize];
                b[x as usize % b.len()] + saltus * (x / b.len() as u64)
            };
            let (t, missing) = with_holes(&Table::from_fn(60, blocks.len(), truth), holes);
            let rule = detect_columns(&t).unwrap();
            for (x, y, v) in missing {
                prop_assert_eq!(rule.value(x as u64, y as u64), Some(u128::from(v)));
            }
            for y in 0..blocks.len() as u64 {
                for x in [100u64, 1000, 123_457] {
                    prop_assert_eq!(rule.value(x, y), Some(u128::from(truth(x, y))));
                }
            }
        }

        #[test]
        fn rows_of_noise_with_missing_cells_have_no_rule(
            cells in proptest::collection::vec(0u64..30, 4 * 60),
            holes in any::<u64>(),
        ) {
            let full = Table::from_fn(4, 60, |x, y| cells[(x * 60 + y) as usize]);
            let (t, _) = with_holes(&full, holes);
            prop_assert!(detect_rows(&t).is_none());
            prop_assert!(detect_columns(&t).is_none());
        }

        #[test]
        fn rows_of_noise_have_no_rule(cells in proptest::collection::vec(0u64..30, 4 * 60)) {
            let t = Table::from_fn(4, 60, |x, y| cells[(x * 60 + y) as usize]);
            prop_assert!(detect_rows(&t).is_none());
        }
    }
}
