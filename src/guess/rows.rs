//! A rule for every row (or every column): `T(x, ·)` guessed as a sequence for each `x`, e.g. a
//! family of games with the parameter `x` (subtraction games `sub:1..x`, octal games by their
//! digits) each eventually periodic with its own period. The rule is accepted only if every row
//! has one (a table of rows some of which have no rule has none); the rows share one bank of
//! closed forms ([`super::formula::Bank`]), so a table of 256 rows costs one bank.

use super::formula::Bank;
use super::sequence;
use super::table::{Factor, Table, TableRule};

/// A rule for every row `T(x, ·)`, if each row (given in full) has one.
pub fn detect_rows(t: &Table) -> Option<TableRule> {
    let lines: Option<Vec<Vec<u64>>> = (0..t.width()).map(|x| t.row(x)).collect();
    each(lines?).map(TableRule::Rows)
}

/// A rule for every column `T(·, y)`, if each column (given in full) has one.
pub fn detect_columns(t: &Table) -> Option<TableRule> {
    let lines: Option<Vec<Vec<u64>>> = (0..t.height()).map(|y| t.column(y)).collect();
    each(lines?).map(TableRule::Columns)
}

fn each(lines: Vec<Vec<u64>>) -> Option<Vec<Factor>> {
    let len = lines.first()?.len();
    if lines.len() < 2 || len < 8 {
        return None;
    }
    let bank = Bank::new(1, sequence::training_sample(len));
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        match Factor::guess(line, Some(&bank)) {
            f @ Factor::Rule(_) => out.push(f),
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
        fn rows_of_noise_have_no_rule(cells in proptest::collection::vec(0u64..30, 4 * 60)) {
            let t = Table::from_fn(4, 60, |x, y| cells[(x * 60 + y) as usize]);
            prop_assert!(detect_rows(&t).is_none());
        }
    }
}
