//! The seed judge problems: exact input and output formats (parsing and printing only).
//!
//! Each problem reads the whole judge input (bytes), checks it strictly, and returns the judge's
//! exact output; the mathematics lives in the library ([`crate::count::dag_edges`],
//! [`crate::count::coin_strip`], [`crate::games::chips`]). Every input error names the problem
//! and the line (and column for a bad token), and nothing is printed on error.
//!
//! ```
//! use grundy::judge::{solve, Problem};
//! let out = solve(Problem::Sdoi2019, b"9 3\n").unwrap();
//! assert_eq!(out, b"68\n");
//! let err = solve(Problem::Agc016f, b"3 1\n2 1\n").unwrap_err();
//! assert_eq!(err.to_string(), "agc016f: line 2: edge 2 -> 1 needs x < y (vertex labels are a topological order)");
//! ```

pub mod agc016f;
pub mod sdoi2019;
pub mod xsy1149;

mod tokens;

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

pub(crate) use tokens::Tokens;

/// One of the seed judge problems.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
    /// Seed 000, AtCoder AGC 016 F "Games on DAG": count edge subsets where the first player wins.
    Agc016f,
    /// Seed 004, SDOI 2019 "moving coins": count winning coin placements on a strip.
    Sdoi2019,
    /// Seed 001, XSY 1149: the chip game on a DAG, per round WINNING or LOSING.
    Xsy1149,
}

impl Problem {
    /// Every problem, in the order of the seeds.
    pub const ALL: [Problem; 3] = [Problem::Agc016f, Problem::Xsy1149, Problem::Sdoi2019];

    /// The problem's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Problem::Agc016f => "agc016f",
            Problem::Sdoi2019 => "sdoi2019",
            Problem::Xsy1149 => "xsy1149",
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Problem {
    type Err = JudgeError;
    fn from_str(s: &str) -> Result<Problem, JudgeError> {
        Problem::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| JudgeError::UnknownProblem(s.to_string()))
    }
}

/// Why a judge input was rejected.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum JudgeError {
    /// The problem name is not one of [`Problem::ALL`].
    #[error("unknown problem '{0}'; expected one of: agc016f, sdoi2019, xsy1149")]
    UnknownProblem(String),
    /// The input ended before a required number.
    #[error("{problem}: line {line}: expected {what}, found the end of the input")]
    Missing {
        /// The problem.
        problem: Problem,
        /// The line of the input (1-based).
        line: usize,
        /// What was expected there.
        what: &'static str,
    },
    /// A token that is not a non-negative decimal integer.
    #[error(
        "{problem}: line {line}, column {column}: expected {what} (a non-negative integer), found '{found}'"
    )]
    NotANumber {
        /// The problem.
        problem: Problem,
        /// The line of the input (1-based).
        line: usize,
        /// The column (1-based).
        column: usize,
        /// What was expected there.
        what: &'static str,
        /// What was found.
        found: String,
    },
    /// A negative number where only non-negative ones are allowed.
    #[error(
        "{problem}: line {line}, column {column}: {what} must not be negative, found '{found}'"
    )]
    Negative {
        /// The problem.
        problem: Problem,
        /// The line of the input (1-based).
        line: usize,
        /// The column (1-based).
        column: usize,
        /// What was expected there.
        what: &'static str,
        /// What was found.
        found: String,
    },
    /// A number above the largest allowed value.
    #[error(
        "{problem}: line {line}, column {column}: {what} = {found} is too large (at most {max})"
    )]
    TooLarge {
        /// The problem.
        problem: Problem,
        /// The line of the input (1-based).
        line: usize,
        /// The column (1-based).
        column: usize,
        /// What was expected there.
        what: &'static str,
        /// What was found.
        found: String,
        /// The largest allowed value.
        max: u64,
    },
    /// Input left over after the last expected number.
    #[error(
        "{problem}: line {line}, column {column}: unexpected input '{found}' after the end of the data"
    )]
    Trailing {
        /// The problem.
        problem: Problem,
        /// The line of the input (1-based).
        line: usize,
        /// The column (1-based).
        column: usize,
        /// What was found.
        found: String,
    },
    /// Well-formed numbers that break a rule of the problem (a cycle, `m > n`, ...).
    #[error("{problem}: line {line}: {message}")]
    Invalid {
        /// The problem.
        problem: Problem,
        /// The line of the input (1-based).
        line: usize,
        /// What is wrong.
        message: String,
    },
}

/// Solve one judge input: the exact bytes the judge expects on stdout.
///
/// ```
/// use grundy::judge::{solve, Problem};
/// assert_eq!(solve(Problem::Agc016f, b"3 3\n1 2\n1 3\n2 3\n").unwrap(), b"6\n");
/// ```
pub fn solve(problem: Problem, input: &[u8]) -> Result<Vec<u8>, JudgeError> {
    match problem {
        Problem::Agc016f => agc016f::run(input),
        Problem::Sdoi2019 => sdoi2019::run(input),
        Problem::Xsy1149 => xsy1149::run(input),
    }
}
