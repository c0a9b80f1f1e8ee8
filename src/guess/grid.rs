//! The data of a two-dimensional guess ([`super::table`]): a table `T(x, y)` with missing cells
//! ([`Table`]), and a one-dimensional part of a rule — a factor, a row, a column — with its rule
//! or only its values ([`Factor`]). A leaf module: the table's detectors ([`super::nim_sum`],
//! [`super::nim_product`], [`super::rows`], [`super::beatty`]) read these types, and
//! [`super::table`] joins the detectors' rules.

use super::description_length as dl;
use super::formula::Bank;
use super::sequence::{self, Fitted, SeqGuess};

/// A table `T(x, y)` for `x < width`, `y < height`, some cells possibly missing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    width: usize,
    height: usize,
    cells: Vec<Option<u64>>,
}

impl Table {
    /// An empty table of `width × height` cells.
    pub fn new(width: usize, height: usize) -> Table {
        Table {
            width,
            height,
            cells: vec![None; width * height],
        }
    }

    /// A full table from `T(x, y) = f(x, y)`.
    pub fn from_fn(width: usize, height: usize, mut f: impl FnMut(u64, u64) -> u64) -> Table {
        let mut t = Table::new(width, height);
        for x in 0..width {
            for y in 0..height {
                t.set(x, y, f(x as u64, y as u64));
            }
        }
        t
    }

    /// The number of columns `x` (`0..width`).
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows `y` (`0..height`).
    pub fn height(&self) -> usize {
        self.height
    }

    /// `T(x, y)`, if given.
    pub fn get(&self, x: usize, y: usize) -> Option<u64> {
        if x < self.width && y < self.height {
            self.cells[x * self.height + y]
        } else {
            None
        }
    }

    /// Set `T(x, y)` (`x < width`, `y < height`).
    pub fn set(&mut self, x: usize, y: usize, v: u64) {
        self.cells[x * self.height + y] = Some(v);
    }

    /// The given cells `(x, y, v)`.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize, u64)> + '_ {
        (0..self.width).flat_map(move |x| {
            (0..self.height).filter_map(move |y| self.get(x, y).map(|v| (x, y, v)))
        })
    }

    /// How many cells are given.
    pub fn len(&self) -> usize {
        self.cells.iter().filter(|c| c.is_some()).count()
    }

    /// True when no cell is given.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `T(x, ·)` when every cell of it is given.
    pub fn row(&self, x: usize) -> Option<Vec<u64>> {
        (0..self.height).map(|y| self.get(x, y)).collect()
    }

    /// `T(·, y)` when every cell of it is given.
    pub fn column(&self, y: usize) -> Option<Vec<u64>> {
        (0..self.width).map(|x| self.get(x, y)).collect()
    }

    /// `T(x, y)` for `y = 0..height`, `None` where missing.
    pub fn row_cells(&self, x: usize) -> Vec<Option<u64>> {
        (0..self.height).map(|y| self.get(x, y)).collect()
    }

    /// `T(x, y)` for `x = 0..width`, `None` where missing.
    pub fn column_cells(&self, y: usize) -> Vec<Option<u64>> {
        (0..self.width).map(|x| self.get(x, y)).collect()
    }

    /// The training region: `x < tx`, `y < ty`.
    pub fn training(&self) -> (usize, usize) {
        (self.width.div_ceil(4) * 3, self.height.div_ceil(4) * 3)
    }
}

/// A one-dimensional part of a rule (a factor, a row): a rule guessed for it, or only its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Factor {
    /// A rule for every argument.
    Rule(Fitted),
    /// The values given, no rule found: nothing is predicted beyond them.
    Values(Vec<u64>),
}

impl Factor {
    /// Guess the rule of `values` (sharing `bank` if given).
    pub fn guess(values: Vec<u64>, bank: Option<&Bank>) -> Factor {
        let g: SeqGuess = sequence::guess_with(&values, bank, None);
        match g.fitted {
            Some(f) if !f.rule.outcome_only() => Factor::Rule(f),
            _ => Factor::Values(values),
        }
    }

    /// The value at `i`.
    pub fn value(&self, i: u64) -> Option<u128> {
        match self {
            Factor::Rule(f) => f.value(i),
            Factor::Values(v) => usize::try_from(i)
                .ok()
                .and_then(|i| v.get(i))
                .map(|&v| u128::from(v)),
        }
    }

    /// Bits of the rule or of the values.
    pub fn bits(&self) -> f64 {
        match self {
            Factor::Rule(f) => f.bits(),
            Factor::Values(v) => dl::values(v),
        }
    }

    /// The rule, written for the argument `arg` (`x` or `y`) and the function name `name`.
    pub fn text(&self, name: &str, arg: &str) -> String {
        self.text_with(&format!("{name}("), arg)
    }

    /// [`Factor::text`] with `G(` replaced by `prefix` (e.g. `T(3, `).
    pub fn text_with(&self, prefix: &str, arg: &str) -> String {
        let name = prefix.trim_end_matches('(');
        match self {
            Factor::Rule(f) => rename(&f.text(), prefix, arg),
            Factor::Values(v) => format!(
                "{name}({arg}) for {arg} = 0..{} given by the table, no rule found: ({})",
                v.len(),
                super::periodic::list(v)
            ),
        }
    }
}

/// A sequence's rule text for another function and variable: `G(` becomes `prefix` (`f(`,
/// `T(3, `) and the variable `n` (a lone letter) becomes `arg`.
pub fn rename(text: &str, prefix: &str, arg: &str) -> String {
    let text = text.replace("G(", prefix);
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        let letter = |j: Option<usize>| {
            j.and_then(|j| chars.get(j))
                .is_some_and(|c| c.is_alphabetic())
        };
        if c == 'n' && !letter(i.checked_sub(1)) && !letter(Some(i + 1)) {
            out.push_str(arg);
        } else {
            out.push(c);
        }
    }
    out
}
