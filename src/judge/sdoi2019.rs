//! Seed 004, SDOI 2019 "moving coins": input `n m`; output the number of placements of `m` coins
//! on a `1 x n` strip in which the first player wins, mod `10^9 + 9`, and a newline. Solved by
//! [`crate::count::coin_strip`].

use super::{JudgeError, Problem, Tokens};
use crate::count::coin_strip::{self, MAX_CELLS};

/// Parse `n m` (`m <= n <=` [`MAX_CELLS`]).
///
/// ```
/// use grundy::judge::sdoi2019::parse;
/// assert_eq!(parse(b"9 3").unwrap(), (9, 3));
/// assert_eq!(
///     parse(b"4\n5\n").unwrap_err().to_string(),
///     "sdoi2019: line 2: m = 5 coins do not fit on n = 4 cells (need m <= n)"
/// );
/// ```
pub fn parse(input: &[u8]) -> Result<(u64, u64), JudgeError> {
    let mut t = Tokens::new(Problem::Sdoi2019, input);
    let n = t.number("the strip length n", MAX_CELLS)?;
    let m = t.number("the number of coins m", u64::MAX)?;
    if m > n {
        return Err(t.invalid(
            t.token_line(),
            format!("m = {m} coins do not fit on n = {n} cells (need m <= n)"),
        ));
    }
    t.finish()?;
    Ok((n, m))
}

/// Solve an input: the judge's exact output.
///
/// ```
/// use grundy::judge::sdoi2019::run;
/// assert_eq!(run(b"10 4\n").unwrap(), b"160\n");
/// ```
pub fn run(input: &[u8]) -> Result<Vec<u8>, JudgeError> {
    let (n, m) = parse(input)?;
    let answer = coin_strip::winning_placements(n, m).map_err(|e| JudgeError::Invalid {
        problem: Problem::Sdoi2019,
        line: 1,
        message: e.to_string(),
    })?;
    Ok(format!("{answer}\n").into_bytes())
}
