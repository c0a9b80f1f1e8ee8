//! `grundy staircase <S0> <S1> ...`: staircase Nim.

use std::io::Write;

use grundy::games::staircase::{self, StairMove};
use grundy::{Nimber, Outcome};
use serde::Serialize;

use super::{CmdResult, Output, parse_u64, write_json};

/// The help of `--json`: the report's fields.
const JSON: &str = r#"Print JSON: {"value", "outcome", "winning_moves": [{"step","count"}], ...}"#;

/// Arguments of `grundy staircase`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, mut_arg("json", |a| a.help(JSON)))]
pub struct Args {
    /// Coins on step 0 (the floor), step 1, step 2, ...
    #[arg(value_parser = parse_u64, required = true, value_name = "COINS_ON_STEP")]
    pub steps: Vec<u64>,
    #[command(flatten)]
    pub output: Output,
}

#[derive(Serialize)]
struct Report<'a> {
    steps: &'a [u64],
    value: Nimber,
    outcome: Outcome,
    winning_move_count: usize,
    winning_moves: Vec<StairMove>,
}

pub fn run(args: Args, out: &mut dyn Write) -> CmdResult {
    let value = staircase::value(&args.steps);
    let moves = staircase::winning_moves(&args.steps);
    if args.output.json {
        return write_json(
            out,
            &Report {
                steps: &args.steps,
                value,
                outcome: Outcome::of(value),
                winning_move_count: moves.len(),
                winning_moves: moves,
            },
        );
    }
    let steps: Vec<String> = args
        .steps
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{i}:{c}"))
        .collect();
    writeln!(out, "staircase (step:coins): {}", steps.join(" "))?;
    writeln!(out, "value: {value} (nim-sum of the odd steps)")?;
    writeln!(
        out,
        "outcome: {} — {}",
        Outcome::of(value),
        Outcome::of(value).describe()
    )?;
    if moves.is_empty() {
        writeln!(out, "winning moves: none")?;
    } else {
        writeln!(out, "winning moves ({}):", moves.len())?;
        for m in &moves {
            writeln!(
                out,
                "  carry {} coin(s) from step {} to step {}",
                m.count,
                m.step,
                m.step - 1
            )?;
        }
    }
    Ok(())
}
