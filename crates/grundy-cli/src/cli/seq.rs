//! `grundy seq <RULESET> --to N`: the nim-sequence of a heap game, its period (proved where a
//! theorem applies), a plot, and resumable checkpoints.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use grundy::games::heap::checkpoint::{self, CheckpointError};
use grundy::games::heap::one_heap::{HeapValue, value_of_heap};
use grundy::games::heap::{Analysis, MAX_TO, Ruleset, Sequencer};
use grundy::report::seq::{SeqReport, describe, plot_title, theorem};
use num_bigint::BigUint;

use super::progress::Bar;
use super::{CmdResult, Failure, Output, parse_u64, write_json};

/// The help of `--json`: the report's fields.
const JSON: &str = r#"Print JSON: {"ruleset","values":[..],"period","preperiod","proved","saltus", "filled_from" (when values were copied by the proved period),...}"#;

// The `--at` number's parser, in a file of its own (no dependencies but num-bigint) so that the
// fuzz target `seq_at` runs the same code.
#[path = "seq_at.rs"]
mod seq_at;
use seq_at::parse_heap;

/// Arguments of `grundy seq`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, mut_arg("json", |a| a.help(JSON)))]
pub struct Args {
    /// The ruleset: an octal/hexadecimal code (0.77, .07, 4.07, 0.8, 4!.0), sub:1,3,4,
    /// sub:squares|primes|powers-of-2|fibonacci, allbut:1,2, or a name (nim, kayles,
    /// dawsons-kayles, treblecross, guiles, grundys-game).
    pub ruleset: String,
    /// Compute the values of heaps 0..=N.
    #[arg(long, value_parser = parse_u64, allow_hyphen_values = true, required_unless_present = "at", conflicts_with = "at")]
    pub to: Option<u64>,
    /// The value of one heap of N counters, N of any size (10^18, or beyond 64 bits), through the
    /// proved period: computes heaps until a period is proved (or N is reached), at most --budget.
    #[arg(long, value_name = "N", value_parser = parse_heap, allow_hyphen_values = true, conflicts_with_all = ["values", "plot", "checkpoint", "no_fill"])]
    pub at: Option<BigUint>,
    /// With --at: compute at most heaps 0..=B while looking for a proved period [default:
    /// 10000000].
    #[arg(long, value_name = "B", value_parser = parse_u64)]
    pub budget: Option<u64>,
    /// Print the values, one line `n G(n)` per heap, after the summary.
    #[arg(long)]
    pub values: bool,
    /// Draw G(n) against n into FILE (.svg or .png).
    #[arg(long, value_name = "FILE")]
    pub plot: Option<PathBuf>,
    /// Save progress to FILE and resume from it (atomic writes, checksummed).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between checkpoint writes (0: after every chunk).
    #[arg(long, hide = true, default_value_t = 10, value_parser = parse_u64)]
    pub checkpoint_secs: u64,
    /// Compute every value, also beyond a proved period (by default they are copied, being proved
    /// equal): for cross-checks and for timing the engines alone.
    #[arg(long)]
    pub no_fill: bool,
    #[command(flatten)]
    pub output: Output,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = parse_u64)]
    pub threads: Option<u64>,
}

/// The default --budget of `--at`: 10^7 heaps (seconds for most games, tens of MB).
const DEFAULT_BUDGET: u64 = 10_000_000;

fn checkpoint_failure(e: CheckpointError) -> Failure {
    match e {
        CheckpointError::Io { .. } => Failure::io(e),
        _ => Failure::invalid(e),
    }
}

pub fn run(args: Args, out: &mut dyn Write) -> CmdResult {
    let ruleset: Ruleset = args
        .ruleset
        .parse()
        .map_err(|e| Failure::invalid(anyhow::anyhow!("ruleset '{}': {e}", args.ruleset)))?;
    if args.budget.is_some() && args.at.is_none() {
        return Err(Failure::invalid(anyhow::anyhow!(
            "--budget is for --at N (the value of one heap); --to computes every heap up to its bound"
        )));
    }
    let to = match (args.to, &args.at) {
        (Some(to), _) if to > MAX_TO as u64 => {
            return Err(Failure::invalid(anyhow::anyhow!(
                "--to {to} is beyond the supported limit {MAX_TO} (all values are kept in memory); for the value of one larger heap use --at N"
            )));
        }
        (Some(to), _) => to as usize,
        (None, _) => 0,
    };
    if let Some(p) = &args.plot {
        let ext = p
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        if !matches!(ext.as_deref(), Some("svg" | "png")) {
            return Err(Failure::invalid(anyhow::anyhow!(
                "--plot {}: the file name must end in .svg or .png",
                p.display()
            )));
        }
    }
    let threads = match args.threads {
        Some(0) => {
            return Err(Failure::invalid(anyhow::anyhow!(
                "--threads 0: at least one thread is needed"
            )));
        }
        Some(k) if k > 1024 => {
            return Err(Failure::invalid(anyhow::anyhow!(
                "--threads {k} is too many (at most 1024)"
            )));
        }
        Some(k) => k as usize,
        None => 0,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Failure::io(anyhow::anyhow!("cannot start worker threads: {e}")))?;
    let started = Instant::now();
    if let Some(n) = &args.at {
        let bar = Bar::new(args.output.quiet());
        let v = pool
            .install(|| value_of_heap(&ruleset, n, args.budget.unwrap_or(DEFAULT_BUDGET), &bar))
            .map_err(Failure::invalid)?;
        return write_heap_value(out, &args, &ruleset, &v, started.elapsed());
    }
    let analysis = pool.install(|| compute(&args, &ruleset, to))?;
    let elapsed = started.elapsed();
    if let Some(p) = &args.plot {
        let values: Vec<u64> = analysis.iter_u64().collect();
        grundy::plot::scatter(p, &plot_title(&analysis), &values).map_err(Failure::io)?;
    }
    if args.output.json {
        return write_json(out, &SeqReport::new(&analysis));
    }
    summary(out, &analysis, elapsed)?;
    if args.values {
        for (n, v) in analysis.iter_u64().enumerate() {
            writeln!(out, "{n} {v}")?;
        }
    }
    Ok(())
}

fn compute(args: &Args, ruleset: &Ruleset, to: usize) -> Result<Analysis, Failure> {
    let bar = Bar::new(args.output.quiet());
    let mut seq = match &args.checkpoint {
        Some(path) if path.exists() => {
            let mut values = checkpoint::load(path, ruleset).map_err(checkpoint_failure)?;
            values.truncate(to + 1);
            Sequencer::resume(ruleset, values)
        }
        _ => Sequencer::new(ruleset),
    };
    seq.set_fill(!args.no_fill);
    let Some(path) = &args.checkpoint else {
        seq.run::<Failure>(to, &bar, |_| Ok(()))?;
        return Ok(seq.analysis());
    };
    let every = Duration::from_secs(args.checkpoint_secs);
    let mut last = Instant::now();
    let mut cost = Duration::ZERO;
    seq.run::<Failure>(to, &bar, |s| {
        // Write at most every `every`, and spend at most ~10% of the time writing.
        if last.elapsed() >= every.max(cost * 10) {
            let t = Instant::now();
            checkpoint::save(path, s).map_err(checkpoint_failure)?;
            cost = t.elapsed();
            last = Instant::now();
        }
        Ok(())
    })?;
    checkpoint::save(path, &seq).map_err(checkpoint_failure)?;
    Ok(seq.analysis())
}

fn summary(out: &mut dyn Write, a: &Analysis, elapsed: Duration) -> CmdResult {
    let r = a.ruleset();
    let name = r.name().map(|n| format!(" ({n})")).unwrap_or_default();
    writeln!(out, "ruleset: {r}{name}")?;
    writeln!(out, "heaps: 0..={} ({} values)", a.len() - 1, a.len())?;
    writeln!(out, "period: {}", describe(a))?;
    if let Some(n) = a.filled_from() {
        writeln!(
            out,
            "filled: heaps {n}..={} copied by the proved period (G(n) = G(n - p)), not scanned",
            a.len() - 1
        )?;
    }
    writeln!(out, "largest value: {}", a.largest().0)?;
    writeln!(out, "P-positions (value 0): {}", a.p_positions())?;
    writeln!(
        out,
        "checksum (CRC-32 of the values as u32 LE): {:08x}",
        a.checksum()
    )?;
    writeln!(out, "time: {:.3} s", elapsed.as_secs_f64())?;
    Ok(())
}

/// `--at N`: the value of one heap, and how it follows from the proved period.
fn write_heap_value(
    out: &mut dyn Write,
    args: &Args,
    r: &Ruleset,
    v: &HeapValue,
    elapsed: Duration,
) -> CmdResult {
    // Big numbers as JSON numbers (serde_json's arbitrary precision), never rounded.
    let number = |x: &BigUint| -> serde_json::Value {
        serde_json::Value::Number(x.to_string().parse().expect("decimal digits"))
    };
    if args.output.json {
        let p = v.period;
        let report = serde_json::json!({
            "ruleset": r.to_string(),
            "name": r.name(),
            "heap": number(&v.heap),
            "value": number(&v.value),
            "period": p.map(|p| p.period),
            "preperiod": p.map(|p| p.preperiod),
            "saltus": p.map(|p| p.saltus),
            "proved": p.is_some_and(|p| p.proved),
            "reduced": v.reduced,
            "laps": number(&v.laps),
            "computed": v.computed,
        });
        return write_json(out, &report);
    }
    let name = r.name().map(|n| format!(" ({n})")).unwrap_or_default();
    writeln!(out, "ruleset: {r}{name}")?;
    writeln!(out, "heap: {}", v.heap)?;
    writeln!(out, "value: G({}) = {}", v.heap, v.value)?;
    match v.period {
        None => writeln!(out, "by: computing every heap up to {}", v.reduced)?,
        Some(p) if p.saltus > 0 => writeln!(
            out,
            "by: arithmetic period {} from heap {} with saltus {} — proved by {}: G(n) = G({}) + {} · {} = {} + {}",
            p.period,
            p.preperiod,
            p.saltus,
            theorem(r),
            v.reduced,
            p.saltus,
            v.laps,
            v.value.clone() - &v.laps * BigUint::from(p.saltus),
            &v.laps * BigUint::from(p.saltus),
        )?,
        Some(p) => writeln!(
            out,
            "by: period {} from heap {} — proved by {}: G(n) = G({}), as n ≡ {} (mod {})",
            p.period,
            p.preperiod,
            theorem(r),
            v.reduced,
            v.reduced % p.period,
            p.period
        )?,
    }
    writeln!(out, "computed: heaps 0..={}", v.computed - 1)?;
    writeln!(out, "time: {:.3} s", elapsed.as_secs_f64())?;
    Ok(())
}
