//! Seed 001, XSY 1149: the chip game on a DAG ([`crate::games::chips`]).
//!
//! Input: `T`; per game `V E`, `E` lines `u v` (edge `u -> v`, vertices `0..V`), a line of `V`
//! numbers `K_i`, `R`, then `R` lines of `V` chip counts. Output per game: `Game#i:`, then
//! `Round#j: WINNING` or `Round#j: LOSING` per round, then an empty line.

use super::{JudgeError, Problem, Tokens};
use crate::games::chips::{ChipError, ChipGame};

/// The most vertices per game (bounds the memory taken before the numbers are read).
pub const MAX_VERTICES: u64 = 1 << 22;

fn push_number(out: &mut Vec<u8>, mut x: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// Solve an input: the judge's exact output.
///
/// ```
/// use grundy::judge::xsy1149::run;
/// let out = run(b"1\n2 1\n0 1\n1 0\n2\n1 0\n0 1\n").unwrap();
/// assert_eq!(out, b"Game#1:\nRound#1: WINNING\nRound#2: LOSING\n\n");
/// let e = run(b"1\n2 2\n0 1\n1 0\n1 1\n0\n").unwrap_err().to_string();
/// assert_eq!(e, "xsy1149: line 4: edge 1 -> 0 closes the cycle 0 -> 1 -> 0 (edges on lines 3, 4); the graph must be acyclic");
/// ```
pub fn run(input: &[u8]) -> Result<Vec<u8>, JudgeError> {
    let mut t = Tokens::new(Problem::Xsy1149, input);
    let mut out = Vec::with_capacity(input.len() / 2 + 64);
    let games = t.number("the number of games T", u64::MAX)?;
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut lines: Vec<usize> = Vec::new();
    for game in 1..=games {
        let v = t.number("the number of vertices V", MAX_VERTICES)? as usize;
        if v == 0 {
            // (Each round then reads nothing: a tiny input could ask for endless output.)
            return Err(t.invalid(
                t.token_line(),
                format!("game {game} has V = 0; a game needs at least one vertex"),
            ));
        }
        let e = t.number("the number of edges E", u32::MAX as u64)? as usize;
        edges.clear();
        lines.clear();
        edges.reserve(e.min(t.remaining() / 4));
        for _ in 0..e {
            let a = t.number("the edge's tail u", u64::MAX)?;
            let b = t.number("the edge's head v", u64::MAX)?;
            let line = t.token_line();
            for x in [a, b] {
                if x >= v as u64 {
                    return Err(t.invalid(line, format!("vertex {x} out of range 0..={}", v - 1)));
                }
            }
            if a == b {
                return Err(t.invalid(
                    line,
                    format!("edge {a} -> {b} is a self-loop; the graph must be acyclic"),
                ));
            }
            edges.push((a as u32, b as u32));
            lines.push(line);
        }
        let mut k = Vec::with_capacity(v);
        for _ in 0..v {
            k.push(t.number("a number K_i", u32::MAX as u64)? as u32);
        }
        let k_line = t.token_line();
        let chips = ChipGame::new(v, &edges, k).map_err(|err| match err {
            ChipError::Cycle {
                edges: cycle,
                vertices,
            } => {
                let last = cycle.iter().copied().max_by_key(|&i| lines[i]).unwrap_or(0);
                let mut on: Vec<usize> = cycle.iter().map(|&i| lines[i]).collect();
                on.sort_unstable();
                let path: Vec<String> = vertices.iter().map(|x| x.to_string()).collect();
                let on: Vec<String> = on.iter().map(|x| x.to_string()).collect();
                t.invalid(
                    lines[last],
                    format!(
                        "edge {} -> {} closes the cycle {} (edges on lines {}); the graph must be acyclic",
                        edges[last].0,
                        edges[last].1,
                        path.join(" -> "),
                        on.join(", ")
                    ),
                )
            }
            other => t.invalid(k_line, format!("game {game}: {other}")),
        })?;
        let values = chips.wide_values();
        let rounds = t.number("the number of rounds R", u64::MAX)?;
        out.extend_from_slice(b"Game#");
        push_number(&mut out, game);
        out.extend_from_slice(b":\n");
        for round in 1..=rounds {
            let mut x = 0u128;
            for &value in values {
                if t.number("a chip count", u64::MAX)? & 1 == 1 {
                    x ^= value;
                }
            }
            out.extend_from_slice(b"Round#");
            push_number(&mut out, round);
            out.extend_from_slice(if x != 0 {
                b": WINNING\n"
            } else {
                b": LOSING\n"
            });
        }
        out.push(b'\n');
    }
    t.finish()?;
    Ok(out)
}
