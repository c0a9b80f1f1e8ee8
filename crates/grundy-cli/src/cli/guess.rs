//! `grundy guess`: find the rule behind a table of Grundy values — a sequence (`--values FILE`,
//! or a ruleset computed `--to N`) or a table (`--table FILE`, lines `x y v`) — say how sure it
//! is, and predict values (`--at N`, `--at X,Y`) beyond the data; pasted values are also looked
//! up among known heap games (`identified`), and so are the factors of a table that is a sum of
//! two games (`identified_factors`). The library's
//! [`grundy::guess`] does the work; this module reads the input and prints the answer.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::Instant;

use grundy::games::heap::{MAX_TO, Ruleset};
use grundy::guess::input::{parse_table, parse_values};
use grundy::guess::report::{GuessReport, lines};
use grundy::guess::{Guess, Prediction, guess_analysis, sequence, table};

use super::{CmdResult, Failure, Output, parse_u64, write_json};

/// The help of `--json`: the report's fields.
const JSON: &str = r#"Print JSON: {"found","rule","class","proved","proved_by","certainty","outcome_only", "explains","total","from","exceptions","predictions":[{"at","value","outcome"}], "identified":{"ruleset","name","agrees","also","proved_by","certainty","predictions":[{"at","value"}]} (null when no known game matches), "identified_factors":{"rows","columns","predictions":[{"at","value"}]} (a table that is a sum f(x) ⊕ g(y) of two games: the known games its factors match, each as "identified"; null otherwise)}"#;

/// Arguments of `grundy guess`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, mut_arg("json", |a| a.help(JSON)))]
pub struct Args {
    /// A ruleset that `grundy seq` accepts (0.77, sub:1,3,4, allbut:1,2, kayles, ...): its values
    /// G(0..=N) are computed (--to N), then guessed; a period proved by the theorems of `grundy seq`
    /// makes the rule proved.
    #[arg(conflicts_with_all = ["values", "table"])]
    pub ruleset: Option<String>,
    /// With RULESET: compute the heaps 0..=N.
    #[arg(long, value_name = "N", value_parser = parse_u64, allow_hyphen_values = true, requires = "ruleset")]
    pub to: Option<u64>,
    /// A sequence G(0) G(1) ... in FILE (integers separated by whitespace or commas; # comments;
    /// - for stdin).
    #[arg(long, value_name = "FILE", conflicts_with = "table")]
    pub values: Option<PathBuf>,
    /// A table in FILE: one cell `x y v` per line (missing cells allowed; # comments; - for stdin).
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,
    /// Predict the value (or the outcome P/N) at heap N, or at cell X,Y of a table; repeatable.
    #[arg(long, value_name = "N|X,Y", value_parser = parse_point, allow_hyphen_values = true)]
    pub at: Vec<Vec<u64>>,
    #[command(flatten)]
    pub output: Output,
}

/// `N` or `X,Y`, non-negative integers.
fn parse_point(s: &str) -> Result<Vec<u64>, String> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() > 2 {
        return Err(format!(
            "'{s}': give a heap N or a cell X,Y (two numbers at most)"
        ));
    }
    parts.iter().map(|p| parse_u64(p)).collect()
}

/// The text of `path` (`-`: stdin).
fn read(path: &PathBuf) -> Result<String, Failure> {
    if path.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| Failure::io(anyhow::anyhow!("stdin: {e}")))?;
        return Ok(s);
    }
    std::fs::read_to_string(path)
        .map_err(|e| Failure::io(anyhow::anyhow!("{}: {e}", path.display())))
}

pub fn run(args: Args, out: &mut dyn Write) -> CmdResult {
    let started = Instant::now();
    let (guess, data) = if let Some(code) = &args.ruleset {
        let r: Ruleset = code
            .parse()
            .map_err(|e| Failure::invalid(anyhow::anyhow!("ruleset '{code}': {e}")))?;
        let Some(to) = args.to else {
            return Err(Failure::invalid(anyhow::anyhow!(
                "a ruleset needs --to N: the heaps 0..=N to compute and guess from"
            )));
        };
        if to > MAX_TO as u64 {
            return Err(Failure::invalid(anyhow::anyhow!(
                "--to {to} is beyond the supported limit {MAX_TO}"
            )));
        }
        let a = r.analyse(to as usize);
        let name = r.name().map(|n| format!(" ({n})")).unwrap_or_default();
        let data = format!("{} values G(0..={to}) of {r}{name}, computed", to + 1);
        (guess_analysis(&a), data)
    } else if let Some(path) = &args.values {
        let text = read(path)?;
        let g = parse_values(&text)
            .map_err(|e| Failure::invalid(anyhow::anyhow!("{}: {e}", path.display())))?;
        let data = format!(
            "{} values G(0..={}) from {}",
            g.len(),
            g.len() - 1,
            path.display()
        );
        (Guess::Sequence(sequence::guess(&g)), data)
    } else if let Some(path) = &args.table {
        let text = read(path)?;
        let t = parse_table(&text)
            .map_err(|e| Failure::invalid(anyhow::anyhow!("{}: {e}", path.display())))?;
        let data = format!(
            "{} cells T(x, y), x < {}, y < {}, from {}",
            t.len(),
            t.width(),
            t.height(),
            path.display()
        );
        (Guess::Table(table::guess(&t)), data)
    } else {
        return Err(Failure::invalid(anyhow::anyhow!(
            "give the data: RULESET --to N, --values FILE or --table FILE (- for stdin)"
        )));
    };
    let predictions: Vec<Prediction> = args
        .at
        .iter()
        .map(|at| guess.predict(at).map_err(Failure::invalid))
        .collect::<Result<_, _>>()?;
    if args.output.json {
        return write_json(out, &GuessReport::new(&guess, &predictions));
    }
    writeln!(out, "data: {data}")?;
    for line in lines(&guess, &predictions) {
        writeln!(out, "{line}")?;
    }
    writeln!(out, "time: {:.3} s", started.elapsed().as_secs_f64())?;
    Ok(())
}
