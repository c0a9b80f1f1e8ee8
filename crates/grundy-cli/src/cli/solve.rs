//! `grundy solve <FILE|-> [--json] [--misere]`: value, outcome and every winning move of a
//! position file (a sum of components of every family).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use grundy::Outcome;
use grundy::position::{self, Analysis, Position, PositionError, notation};
use grundy::report::solve::SolveReport;
use grundy::solve::misere::Play;

use super::{CmdResult, Failure, write_json};

/// Arguments of `grundy solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Position file (TOML, `[[component]]` tables), or `-` for standard input (then files it
    /// names are read relative to the current folder).
    pub file: PathBuf,
    /// Print JSON: {"play", "value", "outcome", "components": [{"kind", "value"}], "winning_moves"}.
    #[arg(long)]
    pub json: bool,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    pub misere: bool,
}

/// Read a position file, or standard input for `-`.
pub fn load(file: &Path) -> Result<Position, Failure> {
    let result = if file == Path::new("-") {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| Failure::io(anyhow::anyhow!("cannot read standard input: {e}")))?;
        position::parse_position(&text, Path::new("."))
    } else {
        position::read_position(file)
    };
    result.map_err(|e| match e {
        PositionError::Io { .. } => Failure::io(e),
        other => Failure::invalid(other),
    })
}

pub fn run(args: Args, out: &mut dyn Write) -> CmdResult {
    let p = load(&args.file)?;
    let play = if args.misere {
        Play::Misere
    } else {
        Play::Normal
    };
    let a = position::analyse(&p, play).map_err(Failure::invalid)?;
    if args.json {
        return write_json(out, &SolveReport::new(&p, &a));
    }
    write_text(out, &p, &a)
}

/// The human-readable report.
pub fn write_text(out: &mut dyn Write, p: &Position, a: &Analysis) -> CmdResult {
    let lines = p.describe();
    writeln!(
        out,
        "position ({} component{}):",
        lines.len(),
        if lines.len() == 1 { "" } else { "s" }
    )?;
    for (i, line) in lines.iter().enumerate() {
        match a.components.get(i) {
            Some(v) => writeln!(out, "  {line}   [value {v}]")?,
            None => writeln!(out, "  {line}")?,
        }
    }
    match a.play {
        Play::Normal => {
            let v = a.value.as_ref().expect("normal play has a value");
            let parts: Vec<String> = a.components.iter().map(|v| v.to_string()).collect();
            if parts.len() > 1 {
                writeln!(out, "value: {} = {v}", parts.join(" ⊕ "))?;
            } else {
                writeln!(out, "value: {v}")?;
            }
        }
        Play::Misere => {
            let how = match a.method {
                position::Method::MisereNim => "the misère Nim rule".to_string(),
                position::Method::MisereQuotient => {
                    "the misère quotient of the heap game (Plambeck–Siegel; see grundy misere)"
                        .to_string()
                }
                position::Method::Retrograde => {
                    "retrograde analysis of the whole sum (with draws)".to_string()
                }
                _ => "exact search of the whole sum".to_string(),
            };
            writeln!(
                out,
                "misère play (the last player to move loses), solved by {how}"
            )?;
        }
    }
    writeln!(out, "outcome: {} — {}", a.outcome, a.outcome.describe())?;
    if a.winning_moves.is_empty() {
        let why = match a.outcome {
            Outcome::D => "none (best play draws)",
            _ => "none (every move loses against best play)",
        };
        writeln!(out, "winning moves: {why}")?;
        return Ok(());
    }
    writeln!(
        out,
        "winning moves ({}), in play notation and in words:",
        a.winning_moves.len()
    )?;
    for m in &a.winning_moves {
        writeln!(
            out,
            "  {:<12} {}",
            notation::format_move(m),
            notation::describe_move(m)
        )?;
    }
    Ok(())
}
