//! `grundy coins --length N <CELL>...`: coins on a strip.

use std::io::Write;

use grundy::games::coins::{CoinMove, Strip};
use grundy::{Nimber, Outcome};
use serde::Serialize;

use super::{CmdResult, Failure, Output, parse_u64, write_json};

/// The help of `--json`: the report's fields.
const JSON: &str = r#"Print JSON: {"value", "outcome", "winning_moves": [{"from","to"}], ...}"#;

/// Arguments of `grundy coins`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, mut_arg("json", |a| a.help(JSON)))]
pub struct Args {
    /// Length of the strip (cells 1..=N).
    #[arg(long, short = 'n', value_parser = parse_u64)]
    pub length: u64,
    /// Cells holding a coin (1-based, distinct).
    #[arg(value_parser = parse_u64)]
    pub cells: Vec<u64>,
    #[command(flatten)]
    pub output: Output,
}

#[derive(Serialize)]
struct Report<'a> {
    length: u64,
    cells: &'a [u64],
    staircase: Vec<u64>,
    value: Nimber,
    outcome: Outcome,
    winning_move_count: usize,
    winning_moves: Vec<CoinMove>,
}

pub fn run(args: Args, out: &mut dyn Write) -> CmdResult {
    let strip = Strip::new(args.length, &args.cells).map_err(Failure::invalid)?;
    let value = strip.value();
    let moves = strip.winning_moves();
    if args.output.json {
        return write_json(
            out,
            &Report {
                length: strip.length(),
                cells: strip.cells(),
                staircase: strip.staircase(),
                value,
                outcome: Outcome::of(value),
                winning_move_count: moves.len(),
                winning_moves: moves,
            },
        );
    }
    writeln!(out, "{}", render(&strip))?;
    writeln!(
        out,
        "value: {value} (staircase of gaps, nim-sum of the odd steps)"
    )?;
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
            writeln!(out, "  slide the coin on cell {} to cell {}", m.from, m.to)?;
        }
    }
    Ok(())
}

/// The strip as a row of cells (`o` coin, `.` empty) when short, else as a list.
pub fn render(strip: &Strip) -> String {
    if strip.length() <= 80 {
        let mut row = vec!['.'; strip.length() as usize];
        for &c in strip.cells() {
            row[(c - 1) as usize] = 'o';
        }
        format!(
            "strip of {}: {}",
            strip.length(),
            row.into_iter().collect::<String>()
        )
    } else {
        let cells: Vec<String> = strip.cells().iter().map(u64::to_string).collect();
        format!(
            "strip of {} cells, coins on {}",
            strip.length(),
            cells.join(" ")
        )
    }
}
