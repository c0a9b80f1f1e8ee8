//! `grundy` with no arguments: a guided analysis of an embedded mixed position.

use std::io::Write;
use std::path::Path;

use grundy::position::{self, notation};
use grundy::solve::outcomes::Play;

use super::{CmdResult, Failure};

/// The embedded example, in the position-file format that `grundy solve` and `grundy play` read.
const EXAMPLE: &str = r#"[[component]]
kind = "nim"
heaps = [3, 4, 5]

[[component]]
kind = "heap"
ruleset = "kayles"       # knock down one pin or two adjacent pins
heaps = [10, 7]

[[component]]
kind = "staircase"
steps = [0, 3, 1, 4]     # coins on steps 0 (the floor), 1, 2, 3

[[component]]
kind = "coins"
length = 9
cells = [2, 5, 7]
"#;

/// Why each kind has the value it has (one line per kind).
fn rule(kind: &str) -> &'static str {
    match kind {
        "nim" => "Bouton: the XOR of the heaps",
        "staircase" => "the XOR of the odd-numbered steps",
        "coins" => "the gaps between coins form a staircase",
        "heap" => "the heap game's nim-sequence, XORed over the heaps",
        _ => "its Grundy value",
    }
}

pub fn run(out: &mut dyn Write) -> CmdResult {
    let p = position::parse_position(EXAMPLE, Path::new(".")).map_err(Failure::invalid)?;
    let a = position::analyse(&p, Play::Normal).map_err(Failure::invalid)?;
    writeln!(out, "grundy — Sprague–Grundy analysis of impartial games")?;
    writeln!(
        out,
        "Example: games side by side; a turn is a move in any one of them, and the player who"
    )?;
    writeln!(out, "cannot move loses (normal play). As a position file:")?;
    writeln!(out)?;
    for line in EXAMPLE.lines() {
        if line.is_empty() {
            writeln!(out)?;
        } else {
            writeln!(out, "    {line}")?;
        }
    }
    writeln!(out)?;
    writeln!(out, "Each game's value (its nimber):")?;
    for ((line, r), v) in p
        .describe()
        .iter()
        .zip(&p.sum.components)
        .zip(&a.components)
    {
        writeln!(out, "  {line}")?;
        writeln!(out, "     value {v} — {}", rule(r.kind()))?;
    }
    let parts: Vec<String> = a.components.iter().map(|v| v.to_string()).collect();
    let total = a.value.as_ref().expect("normal play has a value");
    writeln!(
        out,
        "The sum: {} = {total} (Sprague–Grundy: XOR of the parts)",
        parts.join(" ⊕ ")
    )?;
    writeln!(out, "Outcome: {} — {}.", a.outcome, a.outcome.describe())?;
    if a.winning_moves.is_empty() {
        writeln!(out, "Every move loses against best play.")?;
    } else {
        writeln!(
            out,
            "Winning moves — each makes the sum 0 by changing one game to (its value ⊕ {total}):"
        )?;
        for m in &a.winning_moves {
            writeln!(out, "  - {}", notation::describe_move(m))?;
        }
    }
    let nim_alone = grundy::solve::outcomes::nim_outcome(&p.state[0]);
    writeln!(
        out,
        "Misère play (the last mover loses) has no XOR rule: Nim alone follows Bouton's misère"
    )?;
    writeln!(
        out,
        "rule (3 4 5 is {nim_alone}); mixed sums need an exact search (grundy solve FILE --misere)."
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "Try: grundy solve FILE [--json] [--misere] | grundy play FILE | grundy nim 3 4 5 | grundy --help"
    )?;
    Ok(())
}
