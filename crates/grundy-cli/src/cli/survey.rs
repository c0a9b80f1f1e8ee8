//! `grundy survey`: classify every octal game of up to D digits (solved with a proof, or open),
//! resumable and shardable; `grundy survey merge DIR... --out DIR` merges shard folders.

use std::io::Write;
use std::path::PathBuf;

use grundy::progress::Progress;
use grundy::survey::SurveyError;
use grundy::survey::codes::{self, Prefix, Shard};
use grundy::survey::game::{Budget, GameResult};
use grundy::survey::merge;
use grundy::survey::run::{self, Observer, Summary, Survey};

use super::progress::Bar;
use super::{CmdResult, Failure, Output, parse_u64, write_json};

/// The help of `--json` of `survey` and `survey merge`.
const JSON: &str =
    r#"Print the summary as JSON: {"out","total","solved","open","classes","computed","seconds"}"#;

/// Arguments of `grundy survey`.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true, mut_arg("json", |a| a.help(JSON)))]
pub struct Args {
    #[command(subcommand)]
    pub action: Option<Action>,
    /// Survey every code with at most D digits after the point (last digit nonzero).
    #[arg(long, value_parser = parse_u64, default_value_t = 3, conflicts_with = "codes")]
    pub digits: u64,
    /// The digit before the point: 0, 4 (a heap may also be split without taking) or all.
    #[arg(long, default_value = "0", conflicts_with = "codes")]
    pub prefix: String,
    /// Survey exactly these codes instead (comma-separated, e.g. .77,.137,4.12).
    #[arg(long, allow_hyphen_values = true)]
    pub codes: Option<String>,
    /// At most the heaps 0..=N per game.
    #[arg(long, value_parser = parse_u64, default_value_t = 1 << 20, allow_hyphen_values = true)]
    pub to: u64,
    /// At most S seconds of CPU time per game (the CPU time of the game's thread, so a busy
    /// machine gives the same records; checked between steps of the computation).
    #[arg(long, default_value = "60", allow_hyphen_values = true)]
    pub max_seconds: String,
    /// The survey folder: one file per finished game, the descriptor, and the reports.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Survey only part I of K (1-based), e.g. for a cluster array job; merge the parts after.
    #[arg(long, value_name = "I/K")]
    pub shard: Option<String>,
    #[command(flatten)]
    pub output: Output,
    /// Worker threads, each computing one game at a time (default: all cores).
    #[arg(long, value_parser = parse_u64)]
    pub threads: Option<u64>,
}

/// `grundy survey merge`.
#[derive(clap::Subcommand, Debug)]
pub enum Action {
    /// Merge shard folders of one survey into one folder and report.
    Merge(MergeArgs),
}

/// Arguments of `grundy survey merge`.
#[derive(clap::Args, Debug)]
#[command(mut_arg("json", |a| a.help(JSON)))]
pub struct MergeArgs {
    /// The shard folders.
    #[arg(required = true, value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// The merged survey folder.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    #[command(flatten)]
    pub output: Output,
}

fn failure(e: SurveyError) -> Failure {
    if e.is_io() {
        Failure::io(e)
    } else {
        Failure::invalid(e)
    }
}

/// The progress bar: games finished / total, and the game last started.
struct BarObserver(Bar);

impl Observer for BarObserver {
    fn begin(&self, total: usize, finished: usize) {
        self.0.start(total as u64, "survey");
        self.0.set(finished as u64);
    }
    fn game_started(&self, code: &str) {
        self.0.set_message(&format!("survey {code}"));
    }
    fn game_finished(&self, _r: &GameResult, finished: usize) {
        self.0.set(finished as u64);
    }
    fn end(&self) {
        self.0.finish();
    }
}

#[derive(serde::Serialize)]
struct JsonSummary<'a> {
    out: String,
    #[serde(flatten)]
    summary: &'a Summary,
}

fn print(
    out: &mut dyn Write,
    dir: &std::path::Path,
    what: &str,
    s: &Summary,
    json: bool,
) -> CmdResult {
    if json {
        return write_json(
            out,
            &JsonSummary {
                out: dir.display().to_string(),
                summary: s,
            },
        );
    }
    writeln!(out, "survey: {what}")?;
    writeln!(
        out,
        "games: {} (computed now: {}, finished before: {})",
        s.total,
        s.computed,
        s.total - s.computed
    )?;
    writeln!(
        out,
        "solved: {} (period proved), open: {}",
        s.solved, s.open
    )?;
    writeln!(out, "classes: {}", s.classes)?;
    writeln!(
        out,
        "report: {}",
        ["survey.md", "survey.json", "survey.csv"]
            .map(|f| dir.join(f).display().to_string())
            .join(", ")
    )?;
    writeln!(out, "time: {:.1} s", s.seconds)?;
    Ok(())
}

pub fn run(args: Args, out: &mut dyn Write) -> CmdResult {
    if let Some(Action::Merge(m)) = args.action {
        let s = merge::merge(&m.dirs, &m.out).map_err(failure)?;
        return print(out, &m.out, "merged", &s, m.output.json);
    }
    let dir = args.out.clone().ok_or_else(|| {
        Failure::invalid(anyhow::anyhow!(
            "--out DIR is required: the folder for the survey"
        ))
    })?;
    let max_seconds: f64 = args.max_seconds.trim().parse().map_err(|_| {
        Failure::invalid(anyhow::anyhow!(
            "--max-seconds '{}': expected a positive number of seconds",
            args.max_seconds
        ))
    })?;
    let budget = Budget {
        to: usize::try_from(args.to).unwrap_or(usize::MAX),
        max_seconds,
    };
    let shard = match &args.shard {
        Some(s) => Some(s.parse::<Shard>().map_err(failure)?),
        None => None,
    };
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
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let survey = match &args.codes {
        Some(list) => Survey::from_codes(codes::parse_list(list).map_err(failure)?, budget, shard),
        None => {
            let prefix: Prefix = args.prefix.parse().map_err(failure)?;
            let digits = usize::try_from(args.digits).unwrap_or(usize::MAX);
            if !(1..=codes::MAX_DIGITS).contains(&digits) {
                return Err(failure(SurveyError::BadDigits(args.digits)));
            }
            Survey::from_digits(digits, prefix, budget, shard)
        }
    }
    .map_err(failure)?;
    let bar = BarObserver(Bar::new(args.output.quiet()));
    let s = run::run(&survey, &dir, threads, &bar).map_err(failure)?;
    print(
        out,
        &dir,
        &survey.descriptor.describe(),
        &s,
        args.output.json,
    )
}
