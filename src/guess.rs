//! Guessing the rule behind a table of Grundy values — "make the table, then find the pattern" —
//! and saying exactly how sure it is.
//!
//! A sequence `G(0), G(1), …` ([`sequence`]) or a table `T(x, y)` ([`table`]) is given to a set of
//! detectors, each for one class of rules, each in its own file: eventual periodicity with
//! exceptions ([`periodic`]), arithmetic periodicity ([`arithmetic`]), residue classes
//! ([`residue`]), binary rules ([`binary`]), recursions on the `k`-kernel ([`kernel`]), `k`-regular sequences in general ([`k_regular`]),
//! closed forms
//! from a small grammar ([`formula`]); for tables also sums `f(x) ⊕ g(y)` ([`nim_sum`]),
//! nim-products `f(x) ⊗ g(y)` ([`nim_product`]), a rule per row or column ([`rows`]) and
//! P-positions on Beatty pairs ([`beatty`]). Each detector sees three quarters of the data and
//! must predict the rest; the shortest rule wins, and only if it is much shorter than the data
//! ([`description_length`]), so noise gives no rule. A sequence is also looked up among the
//! heap games the project computes ([`identify`]): a game whose values are the data is reported
//! beside the rule (or alone), as *consistent* with the data, never as proved to be their game;
//! so are the two factors of a table that is a sum `f(x) ⊕ g(y)` of two games
//! ([`nim_sum::identify_factors`]).
//!
//! **Certainty.** A rule read off data is *consistent with all N values*, never proved; it is
//! *proved* only when a theorem covers it — here the periodicity theorems of the heap games
//! ([`crate::games::heap::periodicity`]) for values that [`Ruleset::analyse`] computed and
//! whose period it proved ([`sequence::Proof`]).
//!
//! ```
//! use grundy::guess::{Guess, sequence};
//! // Lasker's Nim: take any number, or split a heap in two.
//! let g: Vec<u64> = (0..200u64).map(|n| match n % 4 { 0 if n > 0 => n - 1, 3 => n + 1, _ => n }).collect();
//! let guess = Guess::Sequence(sequence::guess(&g));
//! assert_eq!(guess.rule().unwrap(), "G(4k + 3) = 4k + 4, G(4k + 4) = 4k + 3, otherwise G(n) = n; holds from n = 1 on; exceptions: G(0) = 0");
//! assert_eq!(guess.certainty(), "consistent with all 200 values (a rule read off the data, not proved)");
//! assert_eq!(guess.predict(&[10u64.pow(12) + 3]).unwrap().value, Some(10u128.pow(12) + 4));
//! ```

pub mod arithmetic;
pub mod beatty;
pub mod binary;
#[cfg(test)]
pub(crate) mod classes;
pub mod description_length;
pub mod formula;
pub mod grid;
pub mod identify;
pub mod input;
pub mod k_regular;
pub mod kernel;
pub mod missing;
pub mod nim_product;
pub mod nim_sum;
pub mod periodic;
pub mod report;
pub mod residue;
pub mod rows;
pub mod sequence;
pub mod table;

use thiserror::Error;

use crate::Outcome;
use crate::games::heap::{Analysis, Kind, Ruleset};
use sequence::{Proof, SeqGuess};
use table::TableGuess;

/// The guess for a sequence or a table.
#[derive(Clone, Debug)]
pub enum Guess {
    /// For a sequence.
    Sequence(SeqGuess),
    /// For a table.
    Table(TableGuess),
}

/// The prediction of the rule at a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prediction {
    /// The position: `[n]` or `[x, y]`.
    pub at: Vec<u64>,
    /// The value, when the rule gives values (`None` for outcome rules or beyond what is known).
    pub value: Option<u128>,
    /// P or N, when known.
    pub outcome: Option<Outcome>,
}

/// A question the guess cannot answer.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum GuessError {
    /// `--at` with the wrong number of coordinates.
    #[error("--at {at}: the data are {dims}, so give {want}")]
    Dimension {
        /// The position asked, as written.
        at: String,
        /// `a sequence` or `a table`.
        dims: &'static str,
        /// What to give instead.
        want: &'static str,
    },
}

/// The theorem that proves periods of a ruleset's nim-sequence, in words.
pub fn theorem(r: &Ruleset) -> &'static str {
    match r.kind() {
        Kind::Code(c) if c.digits().iter().any(|&d| d & 8 != 0) => {
            "the octal periodicity theorem (Guy–Smith), extended to three-heap splits"
        }
        Kind::Code(c) if c.unequal() => {
            "the octal periodicity theorem (Guy–Smith), extended to unequal splits"
        }
        Kind::Code(_) => "the octal periodicity theorem (Guy–Smith)",
        Kind::Subtraction(_) => "the window criterion for finite subtraction games",
        Kind::AllBut(_) => "the arithmetic-periodicity certificate for all-but games",
    }
}

/// The guess for the nim-sequence a ruleset computed, proved where its period is.
///
/// ```
/// use grundy::{games::heap::Ruleset, guess::guess_analysis};
/// let a = "kayles".parse::<Ruleset>().unwrap().analyse(1000);
/// let g = guess_analysis(&a);
/// assert!(g.proved());
/// assert_eq!(g.from(), Some(vec![71]));
/// ```
pub fn guess_analysis(a: &Analysis) -> Guess {
    let values: Vec<u64> = a.iter_u64().collect();
    let proof = a.period().filter(|p| p.proved).map(|&period| Proof {
        period,
        theorem: theorem(a.ruleset()),
    });
    Guess::Sequence(sequence::guess_with(&values, None, proof))
}

impl Guess {
    /// Whether a rule was found.
    pub fn found(&self) -> bool {
        match self {
            Guess::Sequence(g) => g.fitted.is_some(),
            Guess::Table(g) => g.fitted.is_some(),
        }
    }

    /// The known game the values are consistent with ([`identify`]), for a sequence given
    /// without its game.
    pub fn identified(&self) -> Option<&identify::Identified> {
        match self {
            Guess::Sequence(g) => g.identified.as_ref(),
            Guess::Table(_) => None,
        }
    }

    /// For a table that is a sum `f(x) ⊕ g(y)` of two games, the known heap games its factors
    /// are consistent with ([`nim_sum::identify_factors`]).
    pub fn identified_factors(&self) -> Option<&nim_sum::IdentifiedFactors> {
        match self {
            Guess::Sequence(_) => None,
            Guess::Table(g) => g.identified.as_deref(),
        }
    }

    /// The rule in the field's notation, with its exceptions.
    pub fn rule(&self) -> Option<String> {
        match self {
            Guess::Sequence(g) => g.fitted.as_ref().map(|f| f.text()),
            Guess::Table(g) => g.fitted.as_ref().map(|f| f.text()),
        }
    }

    /// The class of the rule.
    pub fn class(&self) -> Option<&'static str> {
        match self {
            Guess::Sequence(g) => g.fitted.as_ref().map(|f| f.rule.class()),
            Guess::Table(g) => g.fitted.as_ref().map(|f| f.rule.class()),
        }
    }

    /// Whether the rule gives only the outcomes (P-positions).
    pub fn outcome_only(&self) -> bool {
        match self {
            Guess::Sequence(g) => g.fitted.as_ref().is_some_and(|f| f.rule.outcome_only()),
            Guess::Table(g) => g.fitted.as_ref().is_some_and(|f| f.rule.outcome_only()),
        }
    }

    /// The theorem that proves the rule, if one does.
    pub fn proved_by(&self) -> Option<&'static str> {
        match self {
            Guess::Sequence(g) if g.fitted.is_some() => g.proved_by,
            _ => None,
        }
    }

    /// Whether a theorem proves the rule.
    pub fn proved(&self) -> bool {
        self.proved_by().is_some()
    }

    /// How many values (cells) were given.
    pub fn total(&self) -> usize {
        match self {
            Guess::Sequence(g) => g.len,
            Guess::Table(g) => g.len,
        }
    }

    /// How many of them the rule explains without listing them as exceptions.
    pub fn explains(&self) -> usize {
        match self {
            Guess::Sequence(g) => g.fitted.as_ref().map_or(0, |f| g.len - f.exceptions.len()),
            Guess::Table(g) => g.fitted.as_ref().map_or(0, |f| g.len - f.exceptions.len()),
        }
    }

    /// From where the rule holds without exception: `[n]` for a sequence, `[d]` for a table
    /// (every cell with `max(x, y) >= d`).
    pub fn from(&self) -> Option<Vec<u64>> {
        match self {
            Guess::Sequence(g) => g.fitted.as_ref().map(|f| vec![f.from]),
            Guess::Table(g) => g.fitted.as_ref().map(|f| vec![f.from]),
        }
    }

    /// The exceptions: `([n] or [x, y], value)` (for outcome rules the value is 1 for P).
    pub fn exceptions(&self) -> Vec<(Vec<u64>, u64)> {
        match self {
            Guess::Sequence(g) => g.fitted.as_ref().map_or(Vec::new(), |f| {
                f.exceptions.iter().map(|&(n, v)| (vec![n], v)).collect()
            }),
            Guess::Table(g) => g.fitted.as_ref().map_or(Vec::new(), |f| {
                f.exceptions
                    .iter()
                    .map(|&((x, y), v)| (vec![x, y], v))
                    .collect()
            }),
        }
    }

    /// How sure the rule is, in words — stated every time.
    pub fn certainty(&self) -> String {
        let n = self.total();
        let what = match self {
            Guess::Sequence(_) => "values",
            Guess::Table(_) => "cells",
        };
        if let Some(t) = self.proved_by() {
            return format!(
                "proved: the values are computed by the ruleset and the period is proved by {t}; the rule agrees with them over a full period"
            );
        }
        if self.found() {
            return format!(
                "consistent with all {n} {what} (a rule read off the data, not proved)"
            );
        }
        format!(
            "no rule found: no rule much shorter than the {n} {what} predicts those kept back (the last quarter)"
        )
    }

    /// The rule's prediction at `at` (`[n]`, or `[x, y]` for a table).
    pub fn predict(&self, at: &[u64]) -> Result<Prediction, GuessError> {
        let text = at
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(",");
        let (raw, outcome_only) = match (self, at) {
            (Guess::Sequence(g), [n]) => (
                g.fitted.as_ref().and_then(|f| f.value(*n)),
                g.fitted.as_ref().is_some_and(|f| f.rule.outcome_only()),
            ),
            (Guess::Table(g), [x, y]) => (
                g.fitted.as_ref().and_then(|f| f.value(*x, *y)),
                g.fitted.as_ref().is_some_and(|f| f.rule.outcome_only()),
            ),
            (Guess::Sequence(_), _) => {
                return Err(GuessError::Dimension {
                    at: text,
                    dims: "a sequence",
                    want: "one heap N",
                });
            }
            (Guess::Table(_), _) => {
                return Err(GuessError::Dimension {
                    at: text,
                    dims: "a table",
                    want: "a cell X,Y",
                });
            }
        };
        let (value, outcome) = match (raw, outcome_only) {
            (None, _) => (None, None),
            (Some(p), true) => (None, Some(if p == 1 { Outcome::P } else { Outcome::N })),
            (Some(v), false) => (Some(v), Some(if v == 0 { Outcome::P } else { Outcome::N })),
        };
        Ok(Prediction {
            at: at.to_vec(),
            value,
            outcome,
        })
    }
}
