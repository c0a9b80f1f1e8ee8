//! `grundy guess`: find the rule behind a table of Grundy values — a sequence (`--values FILE`,
//! or a ruleset computed `--to N`) or a table (`--table FILE`, lines `x y v`) — say how sure it
//! is, and predict values (`--at N`, `--at X,Y`) beyond the data; pasted values are also looked
//! up among known heap games (`identified`). The library's
//! [`grundy::guess`] does the work; this module reads the input and prints the answer.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::Instant;

use grundy::families::heap::{MAX_TO, Ruleset};
use grundy::guess::identify::Identified;
use grundy::guess::input::{parse_table, parse_values};
use grundy::guess::report::GuessReport;
use grundy::guess::{Guess, Prediction, guess_analysis, sequence, table};

use super::{CmdResult, Failure, Output, parse_u64, write_json};

/// The help of `--json`: the report's fields.
const JSON: &str = r#"Print JSON: {"found","rule","class","proved","proved_by","certainty","outcome_only", "explains","total","from","exceptions","predictions":[{"at","value","outcome"}], "identified":{"ruleset","name","agrees","also","proved_by","certainty","predictions":[{"at","value"}]} (null when no known game matches)}"#;

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
    match guess.rule() {
        Some(rule) => {
            writeln!(out, "rule: {rule}")?;
            writeln!(out, "class: {}", guess.class().unwrap_or("?"))?;
            let what = if matches!(guess, Guess::Sequence(_)) {
                "values"
            } else {
                "cells"
            };
            let from = guess.from().map_or(0, |f| f[0]);
            let exc = guess.total() - guess.explains();
            let place = match (&guess, from) {
                (_, 0) => "everywhere".to_string(),
                (Guess::Sequence(_), f) => format!("without exception from n = {f} on"),
                (Guess::Table(_), f) => format!("wherever max(x, y) >= {f}"),
            };
            let outcome = if guess.outcome_only() {
                "the outcome (P or N) of "
            } else {
                ""
            };
            writeln!(
                out,
                "explains: {outcome}{} of {} {what} ({place}; {exc} listed as exceptions)",
                guess.explains(),
                guess.total()
            )?;
        }
        None => writeln!(out, "rule: none found")?,
    }
    writeln!(out, "certainty: {}", guess.certainty())?;
    for p in &predictions {
        writeln!(out, "{}", prediction_text(&guess, p))?;
    }
    if let Some(id) = guess.identified() {
        identified_text(out, id, &predictions)?;
    }
    writeln!(out, "time: {:.3} s", started.elapsed().as_secs_f64())?;
    Ok(())
}

/// The known game the values are consistent with, its ties, and its values at the heaps asked.
fn identified_text(out: &mut dyn Write, id: &Identified, predictions: &[Prediction]) -> CmdResult {
    writeln!(
        out,
        "identified: {}, agreeing on all {} values",
        id.text(),
        id.agrees
    )?;
    if !id.also.is_empty() {
        let shown: Vec<String> = id.also.iter().take(12).map(|r| r.to_string()).collect();
        let more = match id.also.len() {
            k if k > 12 => format!(", … ({k} in all)"),
            _ => String::new(),
        };
        writeln!(out, "also: {}{more}", shown.join(", "))?;
    }
    writeln!(out, "identified certainty: {}", id.certainty())?;
    for p in predictions {
        let [n] = p.at.as_slice() else { continue };
        let why = match id.proved_by() {
            _ if *n < id.analysis.len() as u64 => format!("computed for {}", id.ruleset),
            Some(t) => format!("proved for {} by {t}", id.ruleset),
            None => format!("computed for {}", id.ruleset),
        };
        match id.value_at(*n) {
            Some(v) => writeln!(out, "if it is {}: G({n}) = {v} ({why})", id.ruleset)?,
            None => writeln!(
                out,
                "if it is {}: G({n}) not known (beyond the heaps computed; its period is not proved)",
                id.ruleset
            )?,
        }
    }
    Ok(())
}

fn prediction_text(g: &Guess, p: &Prediction) -> String {
    let at = match p.at.as_slice() {
        [n] => format!("G({n})"),
        v => format!("T({}, {})", v[0], v[1]),
    };
    match (p.value, p.outcome) {
        (Some(v), Some(o)) => format!("{at} = {v} ({o}-position)"),
        (None, Some(o)) => {
            format!("{at}: {o}-position (the rule gives the outcome, not the value)")
        }
        _ if !g.found() => format!("{at}: not predicted (no rule found)"),
        _ => format!("{at}: not predicted (the rule says nothing there)"),
    }
}
