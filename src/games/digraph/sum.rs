//! Several tokens on one graph (they may share a vertex): a sum of games. Its value follows
//! Smith's rules ([`LoopyValue::sum`]): finite values XOR; one `∞(K)` plus finite `x` is
//! `∞(K ⊕ x)`; two or more infinite parts give `∞()`, a draw.
//!
//! A winning move goes to a P-position, i.e. to a sum of value `0`: all tokens must then have
//! finite values with XOR 0. So with two or more infinite tokens there is none; with exactly one,
//! only that token moves, to a finite vertex of value `X` (the XOR of the others); with none,
//! token `i` at `u` moves to a successor of value `X ⊕ γ(u)`.

use serde::Serialize;

use super::{Digraph, GraphValues};
use crate::{LoopyValue, Outcome};

/// A move of token `token` (its index in the list) from vertex `from` to vertex `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct TokenMove {
    /// Index of the token in the position.
    pub token: usize,
    /// Its vertex before the move.
    pub from: u32,
    /// Its vertex after the move (a successor of `from`).
    pub to: u32,
}

/// The analysis of a multi-token position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TokenAnalysis {
    /// The value of the sum.
    pub value: LoopyValue,
    /// Its outcome (P, N, or D).
    pub outcome: Outcome,
    /// Every move to a P-position, by token then target (parallel edges give one move).
    pub winning_moves: Vec<TokenMove>,
}

/// A token that is not a vertex of the graph.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "token {index} is on vertex {vertex}, but the graph has only {vertices} vertices (0..{vertices})"
)]
pub struct TokenError {
    /// Index of the token.
    pub index: usize,
    /// Its vertex.
    pub vertex: u64,
    /// The vertex count.
    pub vertices: usize,
}

/// Check that every token is a vertex of `g`.
pub fn check_tokens(g: &Digraph, tokens: &[u64]) -> Result<Vec<u32>, TokenError> {
    tokens
        .iter()
        .enumerate()
        .map(|(index, &t)| {
            if t < g.vertex_count() as u64 {
                Ok(t as u32)
            } else {
                Err(TokenError {
                    index,
                    vertex: t,
                    vertices: g.vertex_count(),
                })
            }
        })
        .collect()
}

/// Value, outcome and every winning move of tokens on `tokens` (values from [`super::values`]).
///
/// ```
/// use grundy::games::digraph::{Digraph, values, sum::{analyze, TokenMove}};
/// use grundy::{Outcome, progress::Silent};
/// // a path 0 -> 1 -> 2: values 0, 1, 0 from the end; tokens at 0 and 2 sum to 0 (P).
/// let g = Digraph::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
/// let v = values(&g, &Silent);
/// assert_eq!(analyze(&g, &v, &[0, 2]).unwrap().outcome, Outcome::P);
/// let a = analyze(&g, &v, &[1, 2]).unwrap();
/// assert_eq!(a.winning_moves, vec![TokenMove { token: 0, from: 1, to: 2 }]);
/// ```
pub fn analyze(
    g: &Digraph,
    values: &GraphValues,
    tokens: &[u32],
) -> Result<TokenAnalysis, TokenError> {
    let tokens64: Vec<u64> = tokens.iter().map(|&t| t as u64).collect();
    check_tokens(g, &tokens64)?;
    let value = LoopyValue::sum(tokens.iter().map(|&t| values.get(t)));
    let outcome = value.outcome();
    let mut x = 0u64;
    let mut infinite = Vec::new();
    for (i, &t) in tokens.iter().enumerate() {
        match values.finite(t) {
            Some(n) => x ^= n.0,
            None => infinite.push(i),
        }
    }
    let mut winning_moves = Vec::new();
    let mut targets: Vec<u32> = Vec::new();
    let mut push_moves = |i: usize, from: u32, want: u64, out: &mut Vec<TokenMove>| {
        targets.clear();
        targets.extend(
            g.successors(from)
                .iter()
                .copied()
                .filter(|&w| values.finite(w).is_some_and(|n| n.0 == want)),
        );
        targets.sort_unstable();
        targets.dedup();
        out.extend(targets.iter().map(|&to| TokenMove { token: i, from, to }));
    };
    match infinite.as_slice() {
        [] => {
            for (i, &t) in tokens.iter().enumerate() {
                let own = values.finite(t).map_or(0, |n| n.0);
                push_moves(i, t, x ^ own, &mut winning_moves);
            }
        }
        [i] => push_moves(*i, tokens[*i], x, &mut winning_moves),
        _ => {}
    }
    Ok(TokenAnalysis {
        value,
        outcome,
        winning_moves,
    })
}
