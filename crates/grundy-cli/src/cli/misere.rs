//! `grundy misere RULESET [--max-heap N] [--time-limit S] [--json] [--quiet]`: the misère quotient
//! of a heap game (Plambeck–Siegel), final when its pretending function is proved periodic.

use std::io::Write;
use std::time::{Duration, Instant};

use grundy::games::heap::Ruleset;
use grundy::misere::{MAX_HEAP, Quotient, Settings};
use grundy::report::misere::MisereReport;

use super::progress::Bar;
use super::{CmdResult, Failure, Output, parse_u64, write_json};

/// The help of `--json`: the report's fields.
const JSON: &str = r#"Print JSON: {"ruleset","final","heaps","order","p_portion_size","period","preperiod", "tame","presentation","p_portion","pretending","history"}"#;

/// Arguments of `grundy misere`.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, mut_arg("json", |a| a.help(JSON)))]
pub struct Args {
    /// The ruleset: an octal code (0.77, 0.07, 4.7), sub:1,3,4, allbut:1,2, or a name; its moves
    /// must leave at most two heaps.
    pub ruleset: String,
    /// Compute heaps up to N (default 200) unless the quotient is proved final earlier.
    #[arg(long, default_value_t = 200, value_parser = parse_u64, allow_hyphen_values = true)]
    pub max_heap: u64,
    /// Stop after this many seconds with the partial quotient of the heaps completed.
    #[arg(long, value_parser = parse_u64)]
    pub time_limit: Option<u64>,
    #[command(flatten)]
    pub output: Output,
}

pub fn run(args: Args, out: &mut dyn Write) -> CmdResult {
    let ruleset: Ruleset = args
        .ruleset
        .parse()
        .map_err(|e| Failure::invalid(anyhow::anyhow!("ruleset '{}': {e}", args.ruleset)))?;
    if args.max_heap == 0 {
        return Err(Failure::invalid(anyhow::anyhow!(
            "--max-heap 0: at least heap 1 is needed for a quotient"
        )));
    }
    if args.max_heap > MAX_HEAP as u64 {
        return Err(Failure::invalid(anyhow::anyhow!(
            "--max-heap {} is beyond the supported limit {MAX_HEAP}",
            args.max_heap
        )));
    }
    if args.time_limit == Some(0) {
        return Err(Failure::invalid(anyhow::anyhow!(
            "--time-limit 0: give at least one second"
        )));
    }
    let settings = Settings {
        max_heap: args.max_heap as usize,
        deadline: args
            .time_limit
            .map(|s| Instant::now() + Duration::from_secs(s.min(10_000_000))),
    };
    let bar = Bar::new(args.output.quiet());
    let c = Quotient::compute(&ruleset, &settings, &bar)
        .map_err(|e| Failure::invalid(anyhow::anyhow!("ruleset '{}': {e}", args.ruleset)))?;
    if args.output.json {
        return write_json(out, &MisereReport::new(&ruleset, &c));
    }
    let report = MisereReport::new(&ruleset, &c);
    let (q, p_words, phi_words, stopped) = (
        &c.quotient,
        &report.p_portion,
        &report.pretending,
        &report.stopped,
    );
    let name = match ruleset.name() {
        Some(n) => format!("{ruleset} ({n})"),
        None => ruleset.to_string(),
    };
    writeln!(out, "ruleset: {name}")?;
    match q.period() {
        Some((n0, p)) => writeln!(
            out,
            "final quotient: Φ has period {p} from heap {n0}, proved by the quotient periodicity criterion after heap {} (see misere/periodicity.rs)",
            q.heaps()
        )?,
        None => writeln!(
            out,
            "partial quotient of heaps 0..={} (Φ not proved periodic){}",
            q.heaps(),
            match &stopped {
                Some(why) => format!("; stopped: {why}"),
                None => String::new(),
            }
        )?,
    }
    writeln!(out, "|Q| = {}, |P| = {}", q.order(), q.p_portion_size())?;
    match q.tame() {
        Some(k) => writeln!(out, "tame: yes, the quotient T_{k} of misère Nim")?,
        None => writeln!(out, "tame: no (wild)")?,
    }
    writeln!(out, "presentation: {}", q.presentation())?;
    writeln!(out, "P-portion: {}", p_words.join(", "))?;
    writeln!(out, "history (heap: |Q|, |P|):")?;
    for e in &c.history {
        writeln!(out, "  {}: {}, {}", e.heap, e.order, e.p_portion_size)?;
    }
    writeln!(out, "pretending function Φ(n), n = 0..={}:", q.heaps())?;
    for chunk in phi_words.chunks(12).enumerate() {
        writeln!(out, "  {:>4}: {}", chunk.0 * 12, chunk.1.join(" "))?;
    }
    Ok(())
}
