//! The options every game of `grundy search` shares (`Common`), read into the library's
//! [`SearchOptions`]: one leaf module that `search` (one process) and `search_cluster` (many)
//! both use.

use std::path::PathBuf;
use std::time::Duration;

use grundy::report::search::{Algorithm, SearchOptions, default_memory, parse_size};
use grundy::search::Config;

use super::{Failure, Output};

/// The help of `--json`: the report's fields.
const JSON: &str = r#"Print JSON: {"game","position","components","value","outcome","winning_moves","nodes", "table_entries","table_hits","table_bytes","resumed_entries","threads","seconds","peak_bytes", "algorithm","iterations","proof_numbers"} (the last two null for the value search; "proof_numbers" is the root's [φ, δ] at the end, null for ∞); "value" is null with --misere or --outcome, "winning_moves" null without --moves, else a list of {"move","position"}; with --processes also "cluster": {"processes","sums","jobs_resumed","jobs_run","jobs_cancelled","jobs_split","shared_nimbers","bytes_sent","rounds","connect_seconds","nodes_per_process","nodes_cancelled","database","lookups","lookup_hits","lookup_wait_seconds"}"#;

/// `--algorithm`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlgorithmArg {
    /// The value search.
    Value,
    /// Df-pn.
    Dfpn,
    /// The engine picks.
    Auto,
}

/// `--database`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DatabaseArg {
    /// Every process keeps every shared nimber.
    Broadcast,
    /// Each shared nimber lives on the process its hash names; searches ask it.
    Partitioned,
}

/// Options every game shares.
#[derive(clap::Args, Debug)]
#[command(mut_arg("json", |a| a.help(JSON)))]
pub struct Common {
    /// List every winning move (the position after it).
    #[arg(long)]
    pub moves: bool,
    /// Misère play (the last player to move loses): the outcome only.
    #[arg(long)]
    pub misere: bool,
    /// The outcome only, not the value (the root asks only whether some move is worth *0); the
    /// value is then not printed (null in JSON).
    #[arg(long)]
    pub outcome: bool,
    /// The search that answers: `value` (depth-first values with candidate sets), `dfpn`
    /// (depth-first proof-number search with nimbers), or `auto` (df-pn for Sprouts, the value
    /// search for the other games).
    #[arg(long, value_enum, default_value = "auto")]
    pub algorithm: AlgorithmArg,
    /// Memory of the transposition table, e.g. 512M, 8G (default: a quarter of the RAM, at most 8G).
    #[arg(long, value_name = "SIZE")]
    pub memory: Option<String>,
    /// Threads (default: one per core); with --processes, job threads in this process.
    #[arg(long, visible_alias = "workers")]
    pub threads: Option<usize>,
    /// Share the search among N processes (the distributed search: process 0 hands out
    /// jobs, every process searches them, expensive nimbers are shared). N = 1 needs no
    /// hostfile; N > 1 needs --process and --hostfile.
    #[arg(long, value_name = "N")]
    pub processes: Option<usize>,
    /// With --processes: this process, 0..N (process 0 prints the report).
    #[arg(long, value_name = "I", requires = "processes")]
    pub process: Option<usize>,
    /// With --processes: a file of host:port, one line per process, in order.
    #[arg(long, value_name = "FILE", requires = "processes")]
    pub hostfile: Option<PathBuf>,
    /// With --processes: share every nimber whose search took at least this many nodes with
    /// the other processes (default 1: every value; higher: fewer bytes sent, more nodes
    /// searched twice).
    #[arg(long, value_name = "NODES", requires = "processes")]
    pub share_nodes: Option<u64>,
    /// With --processes: round 0's questions ("is this move worth *0?") go out one at a time,
    /// each asked by its moves' questions when processes are idle, until their answers *no*
    /// have cost this many nodes together; then the rest go out at once (default 262144; 0:
    /// after the first no).
    #[arg(long, value_name = "NODES", requires = "processes")]
    pub patience: Option<u64>,
    /// With --processes: in the other rounds, the questions asked beside a round's first while
    /// it has not said no yet (default 1).
    #[arg(long, value_name = "N", requires = "processes")]
    pub brothers: Option<usize>,
    /// With --processes: do not tell the other processes which components this one is
    /// searching near its jobs' roots (by default they leave those for last: ABDADA).
    #[arg(long, requires = "processes")]
    pub no_busy_board: bool,
    /// With --processes: where the shared nimbers live — `broadcast` (sent to every process)
    /// or `partitioned` (each sent to the process its hash names, which a value search asks
    /// about every component of at least --lookup-size its own table lacks).
    #[arg(long, value_enum, default_value = "broadcast")]
    pub database: DatabaseArg,
    /// With --database partitioned: the smallest component asked about (default: three
    /// quarters of the position's largest component).
    #[arg(long, value_name = "SIZE", requires = "processes")]
    pub lookup_size: Option<u32>,
    /// With --processes: stop (exit code 1) when the other processes make no progress for this
    /// many seconds (default 600).
    #[arg(long, value_name = "SECONDS", requires = "processes")]
    pub silence_limit: Option<u64>,
    /// Keep the table in DIR: read at the start, written every --save-every seconds and at the
    /// end, so a killed run resumes.
    #[arg(long, value_name = "DIR")]
    pub table_dir: Option<PathBuf>,
    /// Seconds between two snapshots of the table (with --table-dir; fractions allowed, at
    /// least 0.05).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 60.0,
        value_parser = parse_seconds,
        requires = "table_dir"
    )]
    pub save_every: f64,
    #[command(flatten)]
    pub output: Output,
    /// Switch off the Beling–Rogalski candidate sets (plain mex of every move).
    #[arg(long)]
    pub no_pruning: bool,
    /// Switch off the root's value-by-value (Lemoine–Viennot) rounds.
    #[arg(long)]
    pub no_aspiration: bool,
    /// Switch off move ordering (smaller components first).
    #[arg(long)]
    pub no_ordering: bool,
    /// Inner nodes value by value (aspiration) instead of Beling–Rogalski candidate sets.
    #[arg(long)]
    pub inner_aspiration: bool,
    /// Write every move of a node before the transposition cut-off (instead of one at a time,
    /// stopping as soon as the moves written settle the node's question).
    #[arg(long)]
    pub no_lazy_moves: bool,
    /// Keep only exact values in the table (not the values a failed candidate-set search
    /// excluded).
    #[arg(long)]
    pub no_bounds: bool,
    /// Switch off splitting into components (Sprouts: into lands).
    #[arg(long)]
    pub no_decompose: bool,
    /// Switch off rotations, reflections and relabellings (translation stays); Sprouts: the
    /// canonical form of a land.
    #[arg(long)]
    pub no_symmetry: bool,
    /// Switch off the mirror theorem for symmetric regions.
    #[arg(long)]
    pub no_mirror: bool,
    /// Cram: switch off the reductions that keep the value (stars, bridges, diagonal blocks);
    /// Sprouts: all five (dead spots, aa → 2, dead regions, small regions, lands).
    #[arg(long)]
    pub no_reductions: bool,
    /// Cram: work with bounding-box regions even on a board of at most 64 cells (instead of
    /// the board's own 64-bit frame).
    #[arg(long)]
    pub no_frame: bool,
}

/// The library's options of the shared flags (the caller sets the game's own, such as Cram's
/// endgame table).
pub fn options(c: &Common) -> Result<SearchOptions, Failure> {
    let memory = match &c.memory {
        Some(m) => parse_size(m).map_err(|e| Failure::invalid(anyhow::anyhow!("--memory {e}")))?,
        None => default_memory(),
    };
    let threads = match c.threads {
        Some(0) => {
            return Err(Failure::invalid(anyhow::anyhow!(
                "--threads 0: at least one thread is needed"
            )));
        }
        Some(t) if t > 1024 => {
            return Err(Failure::invalid(anyhow::anyhow!(
                "--threads {t}: at most 1024"
            )));
        }
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    Ok(SearchOptions {
        config: Config {
            pruning: !c.no_pruning,
            aspiration: !c.no_aspiration,
            ordering: !c.no_ordering,
            inner_aspiration: c.inner_aspiration,
            lazy_moves: !c.no_lazy_moves,
            table: true,
            bounds: !c.no_bounds,
            threads,
            abort_round: true,
        },
        decompose: !c.no_decompose,
        symmetry: !c.no_symmetry,
        mirror: !c.no_mirror,
        endgame: None,
        reductions: !c.no_reductions,
        framed: !c.no_frame,
        memory,
        moves: c.moves,
        misere: c.misere,
        outcome_only: c.outcome,
        algorithm: match c.algorithm {
            AlgorithmArg::Value => Algorithm::Value,
            AlgorithmArg::Dfpn => Algorithm::Dfpn,
            AlgorithmArg::Auto => Algorithm::Auto,
        },
        table_dir: c.table_dir.clone(),
        save_every: Duration::from_secs_f64(c.save_every),
    })
}

/// Seconds: a finite number of at least 0.05.
fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if (0.05..=1e9).contains(&x) => Ok(x),
        _ => Err(format!(
            "'{s}' is not a number of seconds from 0.05 to 10^9"
        )),
    }
}
