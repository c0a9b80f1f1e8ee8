//! Reading the data of `grundy guess`: a sequence (`G(0) G(1) …`, integers separated by
//! whitespace or commas, over any number of lines) or a table (one cell `x y v` per line, missing
//! cells allowed); `#` starts a comment. Every mistake is reported with its line: a token that is
//! not a non-negative integer, a negative or too large number, a line of a table without exactly
//! three numbers, a cell given twice, and no data at all.

use thiserror::Error;

use super::grid::Table;

/// The largest value accepted: `2^48` (no table of Grundy values one can compute comes near it,
/// and the closed forms' arithmetic stays exact far beyond).
pub const MAX_VALUE: u64 = 1 << 48;
/// The largest coordinate of a table cell.
pub const MAX_COORD: u64 = 4095;
/// The most values of a sequence.
pub const MAX_VALUES: usize = 100_000_000;

/// A mistake in the data, with its line (1-based).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum InputError {
    /// Not an integer at all.
    #[error("line {line}: '{token}' is not a non-negative integer")]
    NotInteger {
        /// The line.
        line: usize,
        /// The token.
        token: String,
    },
    /// A negative number.
    #[error("line {line}: '{token}' is negative; values and positions are non-negative integers")]
    Negative {
        /// The line.
        line: usize,
        /// The token.
        token: String,
    },
    /// A value above [`MAX_VALUE`].
    #[error("line {line}: {token} is too large (values up to 2^48 = {MAX_VALUE})")]
    TooLarge {
        /// The line.
        line: usize,
        /// The token.
        token: String,
    },
    /// A coordinate above [`MAX_COORD`].
    #[error("line {line}: {axis} = {token} is too large (coordinates up to {MAX_COORD})")]
    CoordinateTooLarge {
        /// The line.
        line: usize,
        /// `x` or `y`.
        axis: &'static str,
        /// The token.
        token: String,
    },
    /// A table line without three numbers.
    #[error("line {line}: expected three numbers 'x y v' (a cell and its value), found {found}")]
    Arity {
        /// The line.
        line: usize,
        /// How many numbers were found.
        found: usize,
    },
    /// A cell given twice.
    #[error("line {line}: cell ({x}, {y}) is given twice (first on line {first})")]
    Twice {
        /// The line.
        line: usize,
        /// `x`.
        x: u64,
        /// `y`.
        y: u64,
        /// Where it was first given.
        first: usize,
    },
    /// No data.
    #[error("no values: the input is empty (only blank lines and comments)")]
    Empty,
    /// Too many values.
    #[error("line {line}: more than {MAX_VALUES} values")]
    TooMany {
        /// The line.
        line: usize,
    },
}

/// One number of the input: non-negative, at most `max`.
fn number(token: &str, line: usize, max: u64) -> Result<u64, InputError> {
    let t = token.trim_start_matches('+');
    if t.starts_with('-') && t.len() > 1 && t[1..].bytes().all(|b| b.is_ascii_digit()) {
        return Err(InputError::Negative {
            line,
            token: token.to_string(),
        });
    }
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(InputError::NotInteger {
            line,
            token: token.to_string(),
        });
    }
    match t.parse::<u64>() {
        Ok(v) if v <= max => Ok(v),
        _ => Err(InputError::TooLarge {
            line,
            token: token.to_string(),
        }),
    }
}

/// The tokens of each line, comments removed: `(line number, tokens)`.
fn lines(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines().enumerate().filter_map(|(i, l)| {
        let l = l.split('#').next().unwrap_or("");
        let toks: Vec<&str> = l
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .collect();
        (!toks.is_empty()).then_some((i + 1, toks))
    })
}

/// A sequence `G(0), G(1), …`.
///
/// ```
/// use grundy::guess::input::{parse_values, InputError};
/// assert_eq!(parse_values("0 1 2\n# a comment\n0, 1").unwrap(), vec![0, 1, 2, 0, 1]);
/// assert_eq!(parse_values("0 1\n2 x").unwrap_err().to_string(), "line 2: 'x' is not a non-negative integer");
/// assert_eq!(parse_values("\n# nothing\n"), Err(InputError::Empty));
/// ```
pub fn parse_values(text: &str) -> Result<Vec<u64>, InputError> {
    let mut out = Vec::new();
    for (line, toks) in lines(text) {
        for t in toks {
            if out.len() >= MAX_VALUES {
                return Err(InputError::TooMany { line });
            }
            out.push(number(t, line, MAX_VALUE)?);
        }
    }
    if out.is_empty() {
        return Err(InputError::Empty);
    }
    Ok(out)
}

/// A table: lines `x y v`.
///
/// ```
/// use grundy::guess::input::parse_table;
/// let t = parse_table("0 0 0\n0 1 1\n1 0 1\n").unwrap();
/// assert_eq!((t.width(), t.height(), t.get(1, 1)), (2, 2, None));
/// assert_eq!(parse_table("0 0 0\n0 0 1").unwrap_err().to_string(), "line 2: cell (0, 0) is given twice (first on line 1)");
/// ```
pub fn parse_table(text: &str) -> Result<Table, InputError> {
    let mut cells: Vec<(u64, u64, u64, usize)> = Vec::new();
    for (line, toks) in lines(text) {
        if toks.len() != 3 {
            return Err(InputError::Arity {
                line,
                found: toks.len(),
            });
        }
        let coord = |i: usize, axis: &'static str| match number(toks[i], line, MAX_COORD) {
            Err(InputError::TooLarge { line, token }) => {
                Err(InputError::CoordinateTooLarge { line, axis, token })
            }
            r => r,
        };
        let (x, y) = (coord(0, "x")?, coord(1, "y")?);
        let v = number(toks[2], line, MAX_VALUE)?;
        cells.push((x, y, v, line));
    }
    if cells.is_empty() {
        return Err(InputError::Empty);
    }
    let width = cells.iter().map(|c| c.0).max().unwrap_or(0) as usize + 1;
    let height = cells.iter().map(|c| c.1).max().unwrap_or(0) as usize + 1;
    let mut first = vec![0usize; width * height];
    let mut t = Table::new(width, height);
    for (x, y, v, line) in cells {
        let i = x as usize * height + y as usize;
        if first[i] != 0 {
            return Err(InputError::Twice {
                line,
                x,
                y,
                first: first[i],
            });
        }
        first[i] = line;
        t.set(x as usize, y as usize, v);
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn bad_tokens_are_named_with_their_line() {
        assert_eq!(
            parse_values("1 2\n3 -4").unwrap_err(),
            InputError::Negative {
                line: 2,
                token: "-4".into()
            }
        );
        assert_eq!(
            parse_values("1.5").unwrap_err(),
            InputError::NotInteger {
                line: 1,
                token: "1.5".into()
            }
        );
        assert!(matches!(
            parse_values("\n\n99999999999999999999"),
            Err(InputError::TooLarge { line: 3, .. })
        ));
        assert!(matches!(
            parse_table("0 5000 1"),
            Err(InputError::CoordinateTooLarge {
                line: 1,
                axis: "y",
                ..
            })
        ));
        assert_eq!(
            parse_table("0 0\n").unwrap_err(),
            InputError::Arity { line: 1, found: 2 }
        );
        assert_eq!(parse_table(""), Err(InputError::Empty));
    }

    proptest! {
        #[test]
        fn written_values_read_back(v in proptest::collection::vec(0u64..=MAX_VALUE, 1..100), width in 1usize..10) {
            let text: String = v.chunks(width).map(|c| c.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ") + "\n").collect();
            prop_assert_eq!(parse_values(&text).unwrap(), v);
        }

        #[test]
        fn written_tables_read_back(cells in proptest::collection::btree_map((0u64..20, 0u64..20), 0u64..100, 1..50)) {
            let text: String = cells.iter().map(|((x, y), v)| format!("{x} {y} {v}\n")).collect();
            let t = parse_table(&text).unwrap();
            prop_assert_eq!(t.len(), cells.len());
            for ((x, y), v) in cells {
                prop_assert_eq!(t.get(x as usize, y as usize), Some(v));
            }
        }
    }
}
