//! `grundy seq <RULESET> --to N`: the nim-sequence of a heap game, its period (proved where a
//! theorem applies), a plot, and resumable checkpoints.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use grundy::families::heap::checkpoint::{self, CheckpointError};
use grundy::families::heap::{Analysis, Kind, MAX_TO, Ruleset, Sequencer};
use grundy::report::seq::{SeqReport, plot_title};

use super::progress::Bar;
use super::{CmdResult, Failure, parse_u64, write_json};

/// Arguments of `grundy seq`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The ruleset: an octal/hexadecimal code (0.77, .07, 4.07, 0.8, 4!.0), sub:1,3,4,
    /// sub:squares|primes|powers-of-2|fibonacci, allbut:1,2, or a name (nim, kayles,
    /// dawsons-kayles, treblecross, guiles, grundys-game).
    #[arg(allow_hyphen_values = true)]
    pub ruleset: String,
    /// Compute the values of heaps 0..=N.
    #[arg(long, value_parser = parse_u64, allow_hyphen_values = true)]
    pub to: u64,
    /// Print the values, one line `n G(n)` per heap, after the summary.
    #[arg(long)]
    pub values: bool,
    /// Print JSON: {"ruleset","values":[..],"period","preperiod","proved","saltus",
    /// "filled_from" (when values were copied by the proved period),...}.
    #[arg(long)]
    pub json: bool,
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
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = parse_u64)]
    pub threads: Option<u64>,
}

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
    if args.to > MAX_TO as u64 {
        return Err(Failure::invalid(anyhow::anyhow!(
            "--to {} is beyond the supported limit {MAX_TO} (all values are kept in memory)",
            args.to
        )));
    }
    let to = args.to as usize;
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
    let analysis = pool.install(|| compute(&args, &ruleset, to))?;
    let elapsed = started.elapsed();
    if let Some(p) = &args.plot {
        let values: Vec<u64> = analysis.iter_u64().collect();
        grundy::plot::scatter(p, &plot_title(&analysis), &values).map_err(Failure::io)?;
    }
    if args.json {
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
    let bar = Bar::new(args.quiet);
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

fn theorem(r: &Ruleset) -> &'static str {
    match r.kind() {
        Kind::Code(c) if c.digits().iter().any(|&d| d & 8 != 0) => {
            "the octal periodicity theorem (Guy–Smith), extended to three-heap splits"
        }
        Kind::Code(c) if c.unequal() => {
            "the octal periodicity theorem (Guy–Smith), extended to unequal splits"
        }
        Kind::Code(_) => "the octal periodicity theorem (Guy–Smith)",
        Kind::Subtraction(_) => "the window criterion for finite subtraction games",
        Kind::AllBut(_) => {
            "the arithmetic-periodicity certificate for all-but games (our derivation, in periodicity.rs)"
        }
    }
}

fn describe(a: &Analysis) -> String {
    match a.period() {
        None => "no period visible in the values computed".to_string(),
        Some(p) if p.saltus > 0 && p.proved => format!(
            "arithmetic period {} from heap {} with saltus {} (G(n+{}) = G(n)+{}) — proved by {}",
            p.period,
            p.preperiod,
            p.saltus,
            p.period,
            p.saltus,
            theorem(a.ruleset())
        ),
        Some(p) if p.saltus > 0 => format!(
            "apparent arithmetic period {} from heap {} with saltus {} (G(n+{}) = G(n)+{}; not proved)",
            p.period, p.preperiod, p.saltus, p.period, p.saltus
        ),
        Some(p) if p.proved => format!(
            "{} from heap {} — proved by {}",
            p.period,
            p.preperiod,
            theorem(a.ruleset())
        ),
        Some(p) => format!(
            "apparent {} from heap {} (seen {} times; not proved)",
            p.period,
            p.preperiod,
            (a.len() - p.preperiod) / p.period
        ),
    }
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
