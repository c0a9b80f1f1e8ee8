//! `grundy retro GAME [--rows R --cols C | --coins N] [--out DIR] [--position P] [--json]
//! [--quiet] [--threads T]`: every position of a game solved by tiered retrograde analysis.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::builder::{PossibleValue, PossibleValuesParser};
use grundy::games::registry::{self, Engine, Sizes};
use grundy::report::retro::{RetroReport, peak_bytes};
use grundy::tier::{self, Analysis, SolveOptions, TierError, TieredGame};

use super::progress::Bar;
use super::{CmdResult, Failure, Output, write_json};

/// The help of `--json`: the report's fields.
const JSON: &str = r#"Print JSON: {"game","positions","tiers","counts","largest_value","values","position", "solved_tiers","option_visits","database","seconds","peak_bytes"}"#;

/// The games of the tier engine, from the catalogue ([`grundy::games::registry`]).
fn tier_games() -> PossibleValuesParser {
    PossibleValuesParser::new(registry::with_engine(Engine::Tier).map(|g| {
        let needs: Vec<String> = g
            .parameters
            .iter()
            .map(|p| format!("--{}", p.name))
            .collect();
        let help = format!(
            "{} (needs {}); positions: {}",
            g.title,
            needs.join(", "),
            g.notation
        );
        PossibleValue::new(g.name)
            .aliases(g.aliases.iter().copied())
            .help(help)
    }))
}

/// Arguments of `grundy retro`.
#[derive(clap::Args, Debug)]
#[command(mut_arg("json", |a| a.help(JSON)))]
pub struct Args {
    /// The game.
    #[arg(value_parser = tier_games())]
    pub game: String,
    /// Rows of the box or board (chomp, cram).
    #[arg(long)]
    pub rows: Option<u32>,
    /// Columns of the box or board (chomp, cram).
    #[arg(long)]
    pub cols: Option<u32>,
    /// Number of coins (fair-shares), the largest heap (subtract-square).
    #[arg(long)]
    pub coins: Option<u32>,
    /// Database directory: tier files and manifest.json are kept there; a rerun resumes at the
    /// first unfinished tier, and a finished database answers --position without solving.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// The position to report (default: the start position: the full box or board, one heap).
    #[arg(long, value_name = "P", allow_hyphen_values = true)]
    pub position: Option<String>,
    #[command(flatten)]
    pub output: Output,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Testing aid: stop (exit code 3) after solving this many tiers, as if killed.
    #[arg(long, hide = true)]
    pub stop_after_tiers: Option<u32>,
    /// Solve on timely dataflow with W worker threads in this process (the distributed engine;
    /// with --processes, W per process).
    #[arg(long, value_name = "W")]
    pub workers: Option<usize>,
    /// Number of cooperating processes (needs --process and --hostfile).
    #[arg(long, value_name = "N", requires_all = ["process", "hostfile"])]
    pub processes: Option<usize>,
    /// This process, 0..N (process 0 prints the report; the others print nothing on stdout).
    #[arg(long, value_name = "I", requires = "processes")]
    pub process: Option<usize>,
    /// host:port of every process, one per line, process 0 first (timely's format).
    #[arg(long, value_name = "FILE", requires = "processes")]
    pub hostfile: Option<PathBuf>,
    /// With --processes: stop (exit code 1) when the other processes make no progress for this
    /// many seconds (default 600).
    #[arg(long, value_name = "SECONDS", requires = "processes")]
    pub silence_limit: Option<u64>,
    /// With --workers: about how many options a worker lists per round when it looks options
    /// up from other workers (default 262144; smaller: less memory, more rounds).
    #[arg(long, value_name = "K", requires = "workers")]
    pub options_per_round: Option<usize>,
}

fn timely_failure(e: grundy_timely::Error) -> Failure {
    match e {
        grundy_timely::Error::Tier(e) => tier_failure(e),
        e if e.is_io() => Failure::io(e),
        e => Failure::invalid(e),
    }
}

/// The distributed solve (`--workers`): the report's figures, or `None` on processes other
/// than 0. A directory of shards written by several processes is read after merging them.
fn solve_distributed(
    args: &Args,
    game: Box<dyn TieredGame + Send>,
    position: tier::Tiered,
) -> Result<Option<grundy_timely::Summary>, Failure> {
    let workers = args.workers.unwrap_or(1);
    let mut config = match (&args.hostfile, args.processes) {
        (Some(file), Some(n)) => {
            let addresses = grundy_timely::read_hostfile(file).map_err(timely_failure)?;
            if addresses.len() != n {
                return Err(Failure::invalid(anyhow::anyhow!(
                    "--processes {n}: the hostfile {} lists {} addresses",
                    file.display(),
                    addresses.len()
                )));
            }
            grundy_timely::Config::cluster(workers, args.process.unwrap_or(0), addresses)
        }
        _ => grundy_timely::Config::threads(workers),
    };
    config.dir = args.out.clone();
    config.stop_after = args.stop_after_tiers;
    config.report_traffic = config.processes > 1;
    if let Some(k) = args.options_per_round {
        config.chunk_options = k;
    }
    if let Some(s) = args.silence_limit {
        config.silence_limit = std::time::Duration::from_secs(s);
    }
    // each process draws its own bar (positions of the tiers it has finished) on its stderr
    let bar = std::sync::Arc::new(Bar::new(args.output.quiet()));
    config.progress = grundy_timely::ProgressSink(Some(bar.clone()));
    let solved = grundy_timely::solve::<dyn TieredGame + Send>(
        std::sync::Arc::from(game),
        position,
        &config,
    );
    grundy::progress::Progress::finish(bar.as_ref());
    solved.map_err(timely_failure)
}

/// What the report needs from a solve, from either engine.
trait Solved {
    fn game_id(&self) -> &str;
    fn stats(&self) -> tier::Stats;
    fn solved_now(&self) -> u32;
    fn option_visits(&self) -> u64;
    fn checksums(&self) -> Vec<u32>;
    fn analyse(&self, game: &dyn TieredGame, p: tier::Tiered) -> Result<Analysis, TierError>;
}

impl Solved for tier::Database {
    fn game_id(&self) -> &str {
        tier::Database::game_id(self)
    }
    fn stats(&self) -> tier::Stats {
        tier::Database::stats(self)
    }
    fn solved_now(&self) -> u32 {
        tier::Database::solved_now(self)
    }
    fn option_visits(&self) -> u64 {
        tier::Database::option_visits(self)
    }
    fn checksums(&self) -> Vec<u32> {
        tier::Database::checksums(self)
    }
    fn analyse(&self, game: &dyn TieredGame, p: tier::Tiered) -> Result<Analysis, TierError> {
        tier::Database::analyse(self, game, p)
    }
}

impl Solved for grundy_timely::Summary {
    fn game_id(&self) -> &str {
        &self.game_id
    }
    fn stats(&self) -> tier::Stats {
        self.stats.clone()
    }
    fn solved_now(&self) -> u32 {
        self.solved_now
    }
    fn option_visits(&self) -> u64 {
        self.option_visits
    }
    fn checksums(&self) -> Vec<u32> {
        self.checksums.clone()
    }
    fn analyse(&self, _game: &dyn TieredGame, _p: tier::Tiered) -> Result<Analysis, TierError> {
        Ok(self.analysis.clone())
    }
}

fn tier_failure(e: TierError) -> Failure {
    match e {
        TierError::Stopped { .. } => Failure {
            code: 3,
            error: e.into(),
        },
        e if e.is_io() => Failure::io(e),
        e => Failure::invalid(e),
    }
}

fn build_game(args: &Args) -> Result<Box<dyn TieredGame + Send>, Failure> {
    let info = registry::game(&args.game).ok_or_else(|| {
        Failure::invalid(anyhow::anyhow!(
            "game '{}': expected {}",
            args.game,
            registry::names_with(Engine::Tier)
        ))
    })?;
    let sizes = Sizes {
        rows: args.rows,
        cols: args.cols,
        coins: args.coins,
    };
    info.tiered(&sizes)
        .map_err(|e| Failure::invalid(anyhow::anyhow!(e.message(|p| format!("--{p}")))))
}

pub fn run(args: Args, out: &mut dyn Write) -> CmdResult {
    let started = Instant::now();
    let game = build_game(&args)?;
    let position = match &args.position {
        Some(text) => game
            .parse(text)
            .map_err(|e| Failure::invalid(anyhow::anyhow!("--position {text}: {e}")))?,
        None => game.start(),
    };
    if args.workers.is_some() || args.processes.is_some() {
        let own = build_game(&args)?; // the engine's own copy; `game` stays for the report
        let Some(summary) = solve_distributed(&args, own, position)? else {
            return Ok(()); // not process 0: nothing on stdout
        };
        return report(&args, game.as_ref(), position, &summary, started, out);
    }
    if let Some(dir) = &args.out {
        // a directory of shards from a distributed run: merged into the single-machine files
        grundy_timely::shards::merge(game.as_ref(), dir).map_err(tier_failure)?;
    }
    let bar = Bar::new(args.output.quiet());
    let opts = SolveOptions {
        dir: args.out.clone(),
        stop_after: args.stop_after_tiers,
        progress: &bar,
    };
    let solve = || tier::solve(game.as_ref(), &opts);
    let db = match args.threads {
        Some(0) => {
            return Err(Failure::invalid(anyhow::anyhow!(
                "--threads 0: at least one thread is needed"
            )));
        }
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .map_err(|e| Failure::invalid(anyhow::anyhow!("--threads {t}: {e}")))?
            .install(solve),
        None => solve(),
    }
    .map_err(tier_failure)?;
    report(&args, game.as_ref(), position, &db, started, out)
}

fn report(
    args: &Args,
    game: &dyn TieredGame,
    position: tier::Tiered,
    db: &dyn Solved,
    started: Instant,
    out: &mut dyn Write,
) -> CmdResult {
    let a: Analysis = db.analyse(game, position).map_err(tier_failure)?;
    let stats = db.stats();
    let solved = grundy::report::retro::Solved {
        game_id: db.game_id(),
        stats: stats.clone(),
        solved_now: db.solved_now(),
        option_visits: db.option_visits(),
    };
    let report = RetroReport::from_solved(
        game,
        solved,
        &a,
        args.out.as_ref().map(|d| d.display().to_string()),
        started.elapsed().as_secs_f64(),
        peak_bytes(),
    );
    if args.output.json {
        return write_json(out, &report);
    }
    writeln!(out, "game: {}", report.game)?;
    let read = report.tiers - report.solved_tiers;
    writeln!(
        out,
        "positions: {} in {} tier{} ({} solved now, {} read from the database)",
        report.positions,
        report.tiers,
        if report.tiers == 1 { "" } else { "s" },
        report.solved_tiers,
        read
    )?;
    writeln!(
        out,
        "outcomes: {} P, {} N, {} D (draw)",
        stats.counts.p, stats.counts.n, stats.counts.d
    )?;
    match report.largest_value {
        Some(v) => writeln!(out, "largest value: {v}")?,
        None => writeln!(out, "largest value: none (every value is infinite)")?,
    }
    let dist: BTreeMap<u64, u64> = stats.values.clone();
    let mut parts: Vec<String> = dist.iter().map(|(v, c)| format!("{v}:{c}")).collect();
    if stats.infinite > 0 {
        parts.push(format!("inf:{}", stats.infinite));
    }
    writeln!(out, "values (value:count): {}", parts.join(" "))?;
    let p = &report.position;
    writeln!(out, "position: {}", p.text)?;
    writeln!(out, "value: {}", p.value)?;
    writeln!(out, "outcome: {} — {}", p.outcome, p.outcome.describe())?;
    match p.remoteness {
        Some(r) => writeln!(out, "remoteness: {r}")?,
        None => writeln!(out, "remoteness: none (a draw)")?,
    }
    if p.winning_moves.is_empty() {
        writeln!(out, "winning moves: none")?;
    } else {
        writeln!(out, "winning moves ({}):", p.winning_moves.len())?;
        for m in &p.winning_moves {
            writeln!(out, "  {} -> {m}", p.text)?;
        }
    }
    if let Some(d) = &report.database {
        let crcs: Vec<String> = db.checksums().iter().map(|c| format!("{c:08x}")).collect();
        let all = crc32fast::hash(crcs.join(",").as_bytes());
        writeln!(
            out,
            "database: {d} ({} tier files; CRC-32 of their checksums: {all:08x})",
            crcs.len()
        )?;
    }
    let peak = report.peak_bytes.map_or("unknown".to_string(), |b| {
        format!("{:.1} MiB", b as f64 / 1048576.0)
    });
    writeln!(out, "time: {:.3} s, peak memory: {peak}", report.seconds)?;
    Ok(())
}
