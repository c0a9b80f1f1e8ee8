//! `grundy solve <FILE|-> [--json] [--misere]`: value, outcome and every winning move of a
//! position file (a sum of components of every family).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use grundy::Outcome;
use grundy::position::{self, Analysis, Engine, Position, PositionError, notation};
use grundy::remoteness::{Remoteness, TooLarge};
use grundy::report::solve::SolveReport;
use grundy::solve::outcomes::Play;

use super::{CmdResult, Failure, Output, write_json};

/// The help of `--json`: the report's fields.
const JSON: &str = r#"Print JSON: {"play", "value", "outcome", "components": [{"kind", "value"}], "winning_moves"}"#;

/// Arguments of `grundy solve`.
#[derive(clap::Args, Debug)]
#[command(mut_arg("json", |a| a.help(JSON)))]
pub struct Args {
    /// Position file (TOML, `[[component]]` tables), or `-` for standard input (then files it
    /// names are read relative to the current folder).
    pub file: PathBuf,
    #[command(flatten)]
    pub output: Output,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// Also the remoteness: how many moves the game lasts when the winner hurries and the loser
    /// delays (a search of the whole sum, within 200000 positions and 0.25 s; JSON:
    /// "remoteness", null for a draw, with "remoteness_note" when unknown).
    #[arg(long)]
    pub remoteness: bool,
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
    let mut engine = Engine::new(p.sum.clone(), play);
    let a = engine.analyse(&p.state).map_err(Failure::invalid)?;
    let r = args.remoteness.then(|| engine.remoteness(&p.state));
    if args.output.json {
        let report = SolveReport::new(&p, &a);
        return match &r {
            Some(r) => write_json(out, &report.with_remoteness(r)),
            None => write_json(out, &report),
        };
    }
    write_text(out, &p, &a)?;
    if let Some(r) = r {
        write_remoteness(out, &r)?;
    }
    Ok(())
}

/// The remoteness line of `--remoteness`.
fn write_remoteness(out: &mut dyn Write, r: &Result<Remoteness, TooLarge>) -> CmdResult {
    match r {
        Ok(Remoteness {
            remoteness: Some(n),
            outcome,
        }) => {
            let who = if *outcome == Outcome::N {
                "the player to move wins"
            } else {
                "the player to move loses"
            };
            writeln!(
                out,
                "remoteness: {n} — {who} with move {n} from here when the winner hurries and the loser delays"
            )?;
        }
        Ok(_) => writeln!(out, "remoteness: none (a draw: play goes on forever)")?,
        Err(e) => writeln!(out, "{e}")?,
    }
    Ok(())
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
