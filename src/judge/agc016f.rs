//! Seed 000, AtCoder AGC 016 F "Games on DAG": input `N M` then `M` lines `x y` (`1 <= x < y <= N`,
//! repeated pairs are distinct edges); output the number of edge subsets in which the first
//! player wins, mod `10^9 + 7`, and a newline. Solved by [`crate::count::dag_edges`].

use super::{JudgeError, Problem, Tokens};
use crate::count::dag_edges::{self, MAX_VERTICES};

/// A parsed input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// Vertices `1..=n`.
    pub n: usize,
    /// Edges `(x, y)`, meaning `x -> y`, in input order.
    pub edges: Vec<(u32, u32)>,
}

/// Parse and check an input.
///
/// ```
/// use grundy::judge::agc016f::parse;
/// assert_eq!(parse(b"2 1\n1 2\n").unwrap().edges, vec![(1, 2)]);
/// let e = parse(b"5 1\n1 7\n").unwrap_err().to_string();
/// assert_eq!(e, "agc016f: line 2: vertex 7 out of range 1..=5");
/// ```
pub fn parse(input: &[u8]) -> Result<Input, JudgeError> {
    let mut t = Tokens::new(Problem::Agc016f, input);
    let n = t.number("the number of vertices N", MAX_VERTICES as u64)? as usize;
    if n < 2 {
        return Err(t.invalid(
            t.token_line(),
            format!("N = {n}, but the tokens start on vertices 1 and 2 (need N >= 2)"),
        ));
    }
    let m = t.number("the number of edges M", u32::MAX as u64)? as usize;
    let mut edges = Vec::with_capacity(m.min(t.remaining() / 4));
    for _ in 0..m {
        let x = t.number("the edge's tail x", u64::MAX)?;
        let y = t.number("the edge's head y", u64::MAX)?;
        let line = t.token_line();
        for v in [x, y] {
            if v < 1 || v > n as u64 {
                return Err(t.invalid(line, format!("vertex {v} out of range 1..={n}")));
            }
        }
        if x == y {
            return Err(t.invalid(
                line,
                format!("edge {x} -> {y} is a self-loop; the graph must be acyclic (x < y)"),
            ));
        }
        if x > y {
            return Err(t.invalid(
                line,
                format!("edge {x} -> {y} needs x < y (vertex labels are a topological order)"),
            ));
        }
        edges.push((x as u32, y as u32));
    }
    t.finish()?;
    Ok(Input { n, edges })
}

/// Solve an input: the judge's exact output.
///
/// ```
/// use grundy::judge::agc016f::run;
/// assert_eq!(run(b"4 2\n1 3\n2 4\n").unwrap(), b"2\n");
/// ```
pub fn run(input: &[u8]) -> Result<Vec<u8>, JudgeError> {
    let parsed = parse(input)?;
    let answer =
        dag_edges::first_player_wins(parsed.n, &parsed.edges).map_err(|e| JudgeError::Invalid {
            problem: Problem::Agc016f,
            line: 1,
            message: e.to_string(),
        })?;
    Ok(format!("{answer}\n").into_bytes())
}
