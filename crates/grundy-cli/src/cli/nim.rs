//! `grundy nim <HEAP>...`: Bouton's analysis of a Nim position.

use std::io::Write;

use grundy::Outcome;
use grundy::games::nim::{self, NimMove};
use grundy::report::nim::NimReport;

use super::{CmdResult, Output, parse_u64, write_json};

/// The help of `--json`: the report's fields.
const JSON: &str =
    r#"Print JSON: {"value", "outcome", "winning_moves": [{"heap","from","to"}], ...}"#;

/// Arguments of `grundy nim`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, mut_arg("json", |a| a.help(JSON)))]
pub struct Args {
    /// Heap sizes (non-negative integers up to 2^64-1).
    #[arg(value_parser = parse_u64)]
    pub heaps: Vec<u64>,
    #[command(flatten)]
    pub output: Output,
}

pub fn run(args: Args, out: &mut dyn Write) -> CmdResult {
    if args.output.json {
        return write_json(out, &NimReport::new(&args.heaps));
    }
    let value = nim::value(&args.heaps);
    let moves = nim::winning_moves(&args.heaps);
    let list: Vec<String> = args.heaps.iter().map(u64::to_string).collect();
    writeln!(
        out,
        "Nim heaps: {}",
        if list.is_empty() {
            "(none)".into()
        } else {
            list.join(" ")
        }
    )?;
    writeln!(out, "value: {value} (nim-sum of the heaps = {})", value.0)?;
    writeln!(
        out,
        "outcome: {} — {}",
        Outcome::of(value),
        Outcome::of(value).describe()
    )?;
    write_moves(out, &moves)
}

/// Print Nim moves, one per line.
pub fn write_moves(out: &mut dyn Write, moves: &[NimMove]) -> CmdResult {
    if moves.is_empty() {
        writeln!(
            out,
            "winning moves: none (every move loses against best play)"
        )?;
        return Ok(());
    }
    writeln!(out, "winning moves ({}):", moves.len())?;
    for m in moves {
        writeln!(
            out,
            "  heap {}: {} -> {} (take {})",
            m.heap,
            m.from,
            m.to,
            m.from - m.to
        )?;
    }
    Ok(())
}
