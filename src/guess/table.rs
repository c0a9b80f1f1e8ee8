//! Guessing the rule of a two-dimensional table `T(x, y)` (a game on two heaps, or a family of
//! games: rows a parameter `k`, columns the heap `n`), missing cells allowed.
//!
//! As for sequences ([`super::sequence`]), a quarter of the table is kept back: the detectors
//! fit their rules on the cells with `x < ⌈3X/4⌉` and `y < ⌈3Y/4⌉` (the sums and products fit
//! their factors on one row and one column, and the rest of the table tests them), and a rule must
//! predict every other cell. A rule may fail at finitely many cells near the origin (all with
//! `max(x, y) < from`), listed as exceptions. Of the rules that pass, the one with the shortest
//! description wins, and it must be much shorter than the table. When no rule gives the values,
//! rules for the P-positions alone are tried.
//!
//! The detectors: closed forms in `x, y` ([`super::formula`]), `T = f(x) ⊕ g(y)`
//! ([`super::nim_sum`]), `T = f(x) ⊗ g(y)` ([`super::nim_product`]), a rule for every row or
//! every column ([`super::rows`]), P-positions on Beatty pairs ([`super::beatty`]) or where a
//! closed form vanishes.
//!
//! A table that is a sum `f(x) ⊕ g(y)` of two games also has its factors looked up among the known
//! heap games ([`nim_sum::identify_factors`]), beside the rule. The factors of a nim-product are
//! not: by Tartan's theorem they are the values of single coins in two coin-turning games (Ruler,
//! Mock Turtles, …), not nim-sequences of heap games, and they are fixed only up to a nonzero
//! nimber factor `λ` (`f ⊗ λ`, `g ⊘ λ`), so a match would depend on the normalisation chosen.

use super::beatty::{self, Beatty};
use super::description_length as dl;
use super::formula::{Bank, Expr};
pub use super::grid::{Factor, Table, rename};
use super::{nim_product, nim_sum, rows};

/// A rule for a table.
#[derive(Clone, Debug, PartialEq)]
pub enum TableRule {
    /// `T(x, y) = e(x, y)`.
    Formula(Expr),
    /// `T(x, y) = f(x) ⊕ g(y)`.
    NimSum(Factor, Factor),
    /// `T(x, y) = f(x) ⊗ g(y)`.
    NimProduct(Factor, Factor),
    /// A rule for each row `T(x, ·)`.
    Rows(Vec<Factor>),
    /// A rule for each column `T(·, y)`.
    Columns(Vec<Factor>),
    /// P-positions on Beatty pairs.
    Beatty(Beatty),
    /// P-positions where a closed form vanishes.
    PZeros(Expr),
}

impl TableRule {
    /// The value at `(x, y)`; for the outcome rules 1 for a P-position, 0 otherwise.
    pub fn value(&self, x: u64, y: u64) -> Option<u128> {
        match self {
            TableRule::Formula(e) => e.eval(&[x, y]).and_then(|v| u128::try_from(v).ok()),
            TableRule::NimSum(f, g) => nim_sum::value(f, g, x, y),
            TableRule::NimProduct(f, g) => nim_product::value(f, g, x, y),
            TableRule::Rows(r) => r.get(usize::try_from(x).ok()?)?.value(y),
            TableRule::Columns(c) => c.get(usize::try_from(y).ok()?)?.value(x),
            TableRule::Beatty(b) => b.is_p(x, y).map(u128::from),
            TableRule::PZeros(e) => Some(u128::from(e.eval(&[x, y]) == Some(0))),
        }
    }

    /// Whether the rule gives only outcomes.
    pub fn outcome_only(&self) -> bool {
        matches!(self, TableRule::Beatty(_) | TableRule::PZeros(_))
    }

    /// Bits of the rule.
    pub fn bits(&self) -> f64 {
        dl::TAG
            + match self {
                TableRule::Formula(e) | TableRule::PZeros(e) => e.bits(),
                TableRule::NimSum(f, g) | TableRule::NimProduct(f, g) => f.bits() + g.bits(),
                TableRule::Rows(r) | TableRule::Columns(r) => r.iter().map(Factor::bits).sum(),
                TableRule::Beatty(b) => b.bits(),
            }
    }

    /// The class, as the JSON's `"class"`.
    pub fn class(&self) -> &'static str {
        match self {
            TableRule::Formula(_) => "closed-form",
            TableRule::NimSum(..) => "nim-sum",
            TableRule::NimProduct(..) => "nim-product",
            TableRule::Rows(_) => "rows",
            TableRule::Columns(_) => "columns",
            TableRule::Beatty(_) => "beatty-p-positions",
            TableRule::PZeros(_) => "p-positions",
        }
    }

    /// The rule in the field's notation.
    pub fn text(&self) -> String {
        match self {
            TableRule::Formula(e) => format!("T(x, y) = {}", e.text(&["x", "y"])),
            TableRule::NimSum(f, g) => format!(
                "T(x, y) = f(x) ⊕ g(y) (a sum of two games), {}; {}",
                f.text("f", "x"),
                g.text("g", "y")
            ),
            TableRule::NimProduct(f, g) => format!(
                "T(x, y) = f(x) ⊗ g(y) (a nim-product, as for coin-turning products: Tartan's theorem), {}; {}",
                f.text("f", "x"),
                g.text("g", "y")
            ),
            TableRule::Rows(r) => rows::text(r, "row", "x", "y"),
            TableRule::Columns(c) => rows::text(c, "column", "y", "x"),
            TableRule::Beatty(b) => b.text(),
            TableRule::PZeros(e) => format!(
                "P-positions (T(x, y) = 0): the cells with {} = 0",
                e.text(&["x", "y"])
            ),
        }
    }
}

/// A table rule with its exceptions, all with `max(x, y) < from`.
#[derive(Clone, Debug, PartialEq)]
pub struct TableFitted {
    /// The rule.
    pub rule: TableRule,
    /// The cells where it fails, with their values (1 for P in an outcome rule).
    pub exceptions: Vec<((u64, u64), u64)>,
    /// Every cell with `max(x, y) >= from` follows the rule.
    pub from: u64,
}

impl TableFitted {
    /// The value at `(x, y)`: an exception's, else the rule's.
    pub fn value(&self, x: u64, y: u64) -> Option<u128> {
        match self.exceptions.iter().find(|e| e.0 == (x, y)) {
            Some(e) => Some(u128::from(e.1)),
            None => self.rule.value(x, y),
        }
    }

    /// Bits of the rule and its exceptions.
    pub fn bits(&self) -> f64 {
        let list: Vec<(u64, u64)> = self.exceptions.iter().map(|e| (e.0.0, e.1)).collect();
        self.rule.bits()
            + dl::exceptions(&list)
            + self
                .exceptions
                .iter()
                .map(|e| dl::nat(u128::from(e.0.1)))
                .sum::<f64>()
    }

    /// The rule and its exceptions.
    pub fn text(&self) -> String {
        let mut s = self.rule.text();
        if !self.exceptions.is_empty() {
            let outcome = self.rule.outcome_only();
            let shown: Vec<String> = self
                .exceptions
                .iter()
                .take(40)
                .map(|&((x, y), v)| match outcome {
                    true => format!("({x}, {y}) is {}", if v == 1 { "P" } else { "N" }),
                    false => format!("T({x}, {y}) = {v}"),
                })
                .collect();
            let more = match self.exceptions.len() {
                k if k > 40 => format!(", … ({k} in all)"),
                _ => String::new(),
            };
            s.push_str(&format!(
                "; holds wherever max(x, y) >= {}; exceptions: {}{more}",
                self.from,
                shown.join(", ")
            ));
        }
        s
    }
}

/// The guess for a table.
#[derive(Clone, Debug)]
pub struct TableGuess {
    /// The rule found, if any.
    pub fitted: Option<TableFitted>,
    /// How many cells were given.
    pub len: usize,
    /// When every cell is `f(x) ⊕ g(y)` (a sum of two games), the known heap games its factors
    /// are consistent with ([`nim_sum::identify_factors`]), whatever rule was found (boxed: a
    /// guess is mostly without it).
    pub identified: Option<Box<nim_sum::IdentifiedFactors>>,
}

/// Fit `rule` to the table (`target` the value or the P-indicator of a cell): the exceptions
/// must lie in `max(x, y) < from` with `from` at most half the training region; `None` if not,
/// or if a cell outside the training region is mispredicted.
fn fit(rule: TableRule, t: &Table, target: impl Fn(u64) -> u64) -> Option<TableFitted> {
    let (tx, ty) = t.training();
    let mut bad: Vec<((u64, u64), u64)> = Vec::new();
    let mut from = 0u64;
    for (x, y, v) in t.cells() {
        let want = target(v);
        if rule.value(x as u64, y as u64) != Some(u128::from(want)) {
            if x >= tx || y >= ty {
                return None;
            }
            from = from.max(x.max(y) as u64 + 1);
            if 2 * from > tx.min(ty) as u64 {
                return None;
            }
            bad.push(((x as u64, y as u64), want));
        }
    }
    Some(TableFitted {
        rule,
        exceptions: bad,
        from,
    })
}

/// The sample cells of the closed-form bank: up to 8 × 8 given cells of the training region,
/// spread from a third of the way in (exceptions near the origin are allowed).
pub fn table_sample(t: &Table) -> Vec<Vec<u64>> {
    let (tx, ty) = t.training();
    let pick = |n: usize| -> Vec<usize> {
        if n <= 8 {
            return (0..n).collect();
        }
        let lo = n / 3;
        let mut v: Vec<usize> = (0..8).map(|i| lo + i * (n - lo) / 8).collect();
        v.dedup();
        v
    };
    let mut pts = Vec::new();
    for x in pick(tx.min(t.width())) {
        for y in pick(ty.min(t.height())) {
            if t.get(x, y).is_some() {
                pts.push(vec![x as u64, y as u64]);
            }
        }
    }
    pts
}

/// The rule of a table (module docs).
///
/// ```
/// use grundy::guess::table::{Table, guess};
/// let t = Table::from_fn(32, 32, |x, y| x ^ y); // two Nim heaps
/// let found = guess(&t).fitted.unwrap();
/// assert_eq!(found.rule.text(), "T(x, y) = x ⊕ y");
/// assert_eq!(found.value(1000, 24), Some(1000 ^ 24));
/// ```
pub fn guess(t: &Table) -> TableGuess {
    let len = t.len();
    let mut out = TableGuess {
        fitted: None,
        len,
        identified: nim_sum::identify_factors(t).map(Box::new),
    };
    if len < 4 {
        return out;
    }
    let values: Vec<u64> = t.cells().map(|c| c.2).collect();
    let bank = Bank::new(2, table_sample(t));
    let sample_target: Vec<u64> = bank
        .points()
        .iter()
        .map(|p| t.get(p[0] as usize, p[1] as usize).unwrap_or(0))
        .collect();
    let mut rules: Vec<TableRule> = Vec::new();
    if let Some(e) = bank.lookup(&sample_target) {
        rules.push(TableRule::Formula(e));
    }
    rules.extend(nim_sum::detect(t).map(|s| TableRule::NimSum(s.f, s.g)));
    rules.extend(nim_product::detect(t).map(|p| TableRule::NimProduct(p.f, p.g)));
    rules.extend(rows::detect_rows(t).map(|r| TableRule::Rows(r.0)));
    rules.extend(rows::detect_columns(t).map(|c| TableRule::Columns(c.0)));
    let mut best: Option<TableFitted> = None;
    for rule in rules {
        if let Some(f) = fit(rule, t, |v| v)
            && best.as_ref().is_none_or(|b| f.bits() < b.bits())
        {
            best = Some(f);
        }
    }
    out.fitted = best.filter(|f| dl::much_shorter(f.bits(), dl::values(&values)));
    if out.fitted.is_some() {
        return out;
    }
    // P-positions alone
    let mut rules: Vec<TableRule> = Vec::new();
    rules.extend(beatty::detect(t).map(TableRule::Beatty));
    let mut mask = 0u64;
    for (j, &v) in sample_target.iter().enumerate() {
        if v == 0 {
            mask |= 1 << j;
        }
    }
    if mask != 0
        && let Some(e) = bank.lookup_zeros(mask)
    {
        rules.push(TableRule::PZeros(e));
    }
    let mut best: Option<TableFitted> = None;
    for rule in rules {
        if let Some(f) = fit(rule, t, |v| u64::from(v == 0))
            && best.as_ref().is_none_or(|b| f.bits() < b.bits())
        {
            best = Some(f);
        }
    }
    let zeros = values.iter().filter(|&&v| v == 0).count();
    out.fitted = best.filter(|f| dl::much_shorter(f.bits(), dl::pattern(len, zeros)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn noise_tables_give_no_rule() {
        let mut s = 0x2545_f491_4f6c_dd1du64;
        let t = Table::from_fn(40, 40, |_, _| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s % 5
        });
        assert!(guess(&t).fitted.is_none());
    }

    #[test]
    fn a_family_of_subtraction_games_is_n_mod_k_plus_one() {
        // row k: take 1..=k+1 from a heap of n (computed by the mex)
        let mut t = Table::new(12, 60);
        for k in 0..12 {
            let mut g: Vec<u64> = Vec::new();
            for n in 0..60 {
                let mut seen = [false; 16];
                for take in 1..=(k + 1).min(n) {
                    seen[g[n - take] as usize] = true;
                }
                g.push(seen.iter().position(|&s| !s).unwrap() as u64);
                t.set(k, n, g[n]);
            }
        }
        let f = guess(&t).fitted.unwrap();
        assert_eq!(f.rule.text(), "T(x, y) = y mod (x + 2)");
    }

    #[test]
    fn p_positions_on_beatty_pairs_with_an_exception_are_the_rule_and_the_exception() {
        let rule = Beatty {
            alpha: beatty::Quadratic { p: 1, q: 5, r: 2 },
            beta: beatty::Quadratic { p: 3, q: 5, r: 2 },
            symmetric: true,
        };
        let mut t = Table::from_fn(64, 64, |x, y| {
            if rule.is_p(x, y).unwrap() {
                0
            } else {
                1 + (x + y) % 7
            }
        });
        t.set(2, 2, 0); // one more P-position, on the diagonal
        let f = guess(&t).fitted.unwrap();
        assert_eq!(f.rule, TableRule::Beatty(rule));
        assert_eq!(f.exceptions, vec![((2, 2), 1)]);
        assert_eq!(f.from, 3);
    }

    proptest! {
        // each case builds banks of closed forms: fewer cases than the default 256
        #![proptest_config(ProptestConfig::with_cases(16))]

        #[test]
        fn random_tables_give_no_rule(cells in proptest::collection::vec(0u64..20, 24 * 24)) {
            let t = Table::from_fn(24, 24, |x, y| cells[(x * 24 + y) as usize]);
            prop_assert!(guess(&t).fitted.is_none());
        }
    }
}
