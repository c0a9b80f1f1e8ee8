//! A short move notation for humans: the component's index, then the kind's numbers.
//!
//! | kind | notation | meaning |
//! |------|----------|---------|
//! | nim | `C HEAP TO` | heap `HEAP` of component `C` goes down to `TO` counters |
//! | heap | `C HEAP [TO...]` | heap `HEAP` is replaced by the heaps `TO...` (none: it vanishes) |
//! | staircase | `C STEP COUNT` | carry `COUNT` coins from step `STEP` down to `STEP - 1` |
//! | coins | `C FROM TO` | slide the coin on cell `FROM` left to cell `TO` |
//! | graph | `C TOKEN TO` | move token `TOKEN` along an edge to vertex `TO` |
//! | chips | `C VERTEX [TARGET...]` | take a chip from `VERTEX`, add one on each `TARGET` |
//!
//! Indices of components, heaps and tokens start at 0. Numbers may be separated by spaces or
//! commas.
//!
//! ```
//! use grundy::position::{Rules, Position, Action, notation};
//! let p = Position::new(vec![Rules::Nim], vec![vec![3, 4, 5]]);
//! let m = notation::parse_move(&p.sum, &p.state, "0 2 1").unwrap();
//! assert_eq!(m.action, Action::Nim { heap: 2, from: 5, to: 1 });
//! assert_eq!(notation::format_move(&m), "0 2 1");
//! assert!(notation::parse_move(&p.sum, &p.state, "0 7 1").is_err());
//! ```

use super::{Action, Move, Rules, State, Sum};

/// The notation of a kind, e.g. `C HEAP TO`.
pub fn syntax(kind: &str) -> &'static str {
    match kind {
        "nim" => "C HEAP TO — heap HEAP goes down to TO counters",
        "heap" => "C HEAP [TO...] — heap HEAP is replaced by the heaps TO... (none: it vanishes)",
        "staircase" => "C STEP COUNT — carry COUNT coins from step STEP down one step",
        "coins" => "C FROM TO — slide the coin on cell FROM left to cell TO",
        "graph" => "C TOKEN TO — move token TOKEN along an edge to vertex TO",
        _ => "C VERTEX [TARGET...] — take a chip from VERTEX, add one on each TARGET",
    }
}

/// A move in notation (the inverse of [`parse_move`]).
pub fn format_move(m: &Move) -> String {
    let c = m.component;
    let list = |v: &[u64]| v.iter().map(|x| format!(" {x}")).collect::<String>();
    match &m.action {
        Action::Nim { heap, to, .. } => format!("{c} {heap} {to}"),
        Action::Heap { heap, to, .. } => format!("{c} {heap}{}", list(to)),
        Action::Staircase { step, count } => format!("{c} {step} {count}"),
        Action::Coins { from, to } => format!("{c} {from} {to}"),
        Action::Graph { token, to, .. } => format!("{c} {token} {to}"),
        Action::Chips { vertex, targets } => format!("{c} {vertex}{}", list(targets)),
    }
}

/// A move in words, e.g. `component 0 (nim): heap 2 from 5 to 1`.
pub fn describe_move(m: &Move) -> String {
    let c = m.component;
    let list = |v: &[u64]| {
        if v.is_empty() {
            "nothing".to_string()
        } else {
            v.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ")
        }
    };
    let what = match &m.action {
        Action::Nim { heap, from, to } => format!("heap {heap} from {from} to {to}"),
        Action::Heap { heap, from, to } => format!("heap {heap} of {from} into {}", list(to)),
        Action::Staircase { step, count } => {
            format!(
                "carry {count} coin(s) from step {step} to step {}",
                step - 1
            )
        }
        Action::Coins { from, to } => format!("slide the coin on cell {from} to cell {to}"),
        Action::Graph { token, from, to } => format!("token {token} from vertex {from} to {to}"),
        Action::Chips { vertex, targets } => format!(
            "a chip from vertex {vertex} to {}",
            if targets.is_empty() {
                "nowhere".to_string()
            } else {
                targets
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        ),
    };
    format!("component {c} ({}): {what}", m.action.kind())
}

fn number(tok: &str, what: &str) -> Result<u64, String> {
    tok.parse::<u64>().map_err(|_| {
        if tok.starts_with('-') {
            format!("{what} '{tok}' is negative")
        } else {
            format!("{what} '{tok}' is not a non-negative integer")
        }
    })
}

fn index(tok: &str, what: &str) -> Result<usize, String> {
    let n = number(tok, what)?;
    usize::try_from(n).map_err(|_| format!("{what} '{tok}' is too large"))
}

/// Parse a move in notation for the position `state` of `sum`. The result is well-formed but not
/// necessarily legal: [`Sum::apply`] says why an illegal move is refused.
pub fn parse_move(sum: &Sum, state: &[State], text: &str) -> Result<Move, String> {
    let toks: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    let Some((&first, rest)) = toks.split_first() else {
        return Err("empty move".into());
    };
    let component = index(first, "component")?;
    let Some(rules) = sum.components.get(component) else {
        return Err(format!(
            "there is no component {component} (components are 0 to {})",
            sum.components.len().saturating_sub(1)
        ));
    };
    let s = &state[component];
    let kind = rules.kind();
    let exact = |n: usize| -> Result<(), String> {
        if rest.len() == n {
            Ok(())
        } else {
            Err(format!(
                "component {component} is {kind}: write {}",
                syntax(kind)
            ))
        }
    };
    let at_least = |n: usize| -> Result<(), String> {
        if rest.len() >= n {
            Ok(())
        } else {
            Err(format!(
                "component {component} is {kind}: write {}",
                syntax(kind)
            ))
        }
    };
    let pick = |i: usize, what: &str| -> Result<u64, String> {
        s.get(i).copied().ok_or_else(|| {
            format!(
                "there is no {what} {i} in component {component} ({what}s are 0 to {})",
                s.len().saturating_sub(1)
            )
        })
    };
    let action = match rules {
        Rules::Nim => {
            exact(2)?;
            let heap = index(rest[0], "heap")?;
            Action::Nim {
                heap,
                from: pick(heap, "heap")?,
                to: number(rest[1], "size")?,
            }
        }
        Rules::Staircase => {
            exact(2)?;
            Action::Staircase {
                step: index(rest[0], "step")?,
                count: number(rest[1], "count")?,
            }
        }
        Rules::Coins { .. } => {
            exact(2)?;
            Action::Coins {
                from: number(rest[0], "cell")?,
                to: number(rest[1], "cell")?,
            }
        }
        Rules::Heap(_) => {
            at_least(1)?;
            let heap = index(rest[0], "heap")?;
            let to = rest[1..]
                .iter()
                .filter(|t| **t != "-")
                .map(|t| number(t, "heap size"))
                .collect::<Result<Vec<u64>, String>>()?;
            Action::Heap {
                heap,
                from: pick(heap, "heap")?,
                to,
            }
        }
        Rules::Chips(_) => {
            at_least(1)?;
            Action::Chips {
                vertex: number(rest[0], "vertex")?,
                targets: rest[1..]
                    .iter()
                    .filter(|t| **t != "-")
                    .map(|t| number(t, "vertex"))
                    .collect::<Result<Vec<u64>, String>>()?,
            }
        }
        Rules::Graph(_) => {
            exact(2)?;
            let token = index(rest[0], "token")?;
            Action::Graph {
                token,
                from: pick(token, "token")?,
                to: number(rest[1], "vertex")?,
            }
        }
    };
    Ok(Move { component, action })
}
