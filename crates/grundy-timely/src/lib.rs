//! The tiered retrograde engine of [`grundy::tier`] on timely dataflow: several worker threads,
//! several processes (over TCP), the same answers and the same database bytes.
//!
//! The positions of every tier are partitioned across all `P × W` workers by index blocks
//! ([`Partition`]); the workers of one process share their process's block (one contiguous
//! range, one shard file per tier), so a process keeps only its part of every tier.
//!
//! - **Acyclic tiers.** Each worker solves its block in chunks, one dataflow round per chunk:
//!   the options it meets in a block held by its own process are read directly; the others are
//!   collected, sorted, deduplicated and sent to each owner as one message per round (varint
//!   deltas, [`wire`]: about 4 bytes per distinct position for the round trip); the owners
//!   answer in the same round, in the request's order, and the
//!   worker then applies the rule of [`grundy::tier::engine`] (mex for the value; the winner
//!   hurries, the loser delays for the remoteness). With one process every lookup is local and
//!   the workers run [`grundy::tier::engine::solve_block`] itself.
//! - **Tiers with moves inside** (loopy games) run the single-machine phase/counter algorithm
//!   of the generalized Sprague–Grundy function and its remoteness bucket queue, distributed
//!   ([`loopy`]): each worker lists its positions' options, sends every in-tier edge `u → v` once
//!   to the owner of `v` (so each owner knows the predecessors of its positions) and looks up
//!   the lower options (for an `∞(K)` one, its options too: their finite values are `K`). Phase
//!   `i` then runs one dataflow round per wave of notes (a follower labelled `i`; a blocked
//!   follower) until a round in which nobody sent any, labels `∞` what has no `i`-follower, and
//!   the workers agree whether anything is left unlabelled. Remoteness follows round by round:
//!   round `r` settles bucket `r` on every worker and every push goes to a later bucket, so the
//!   values and remoteness are exactly the single-machine engine's, with any number of
//!   processes and any tier.
//! - **Output.** With one process the directory holds exactly the single-machine database
//!   (`tier-TTTTT.bin` + `manifest.json`, same checksums). With several, process `p` writes
//!   `tier-TTTTT.pPPP-of-NNN.bin` and `shards-pPPP-of-NNN.json` ([`shards`]); [`shards::merge`]
//!   turns a directory holding every process's shards into the single-machine database.
//! - **Restart.** Each process resumes at the first tier not finished on *every* shard (the
//!   processes agree on it in the first round). Timely has no fault tolerance: if a process
//!   dies, the others see their connections break and exit at once (code 1, with a message
//!   naming the cause: timely's network threads cannot be stopped any other way), and a
//!   watchdog ends a process whose peers stay silent for [`Config::silence_limit`] (a peer
//!   that hangs, or never starts). Both happen only with several processes.
//!
//! ```
//! use std::sync::Arc;
//! use grundy::tier::TieredGame;
//! use grundy::games::chomp::Chomp;
//! use grundy_timely::{solve, Config};
//! let game = Arc::new(Chomp::new(3, 4).unwrap());
//! let start = game.start();
//! let summary = solve(game, start, &Config::threads(2)).unwrap().unwrap();
//! assert_eq!(summary.stats.positions, 34); // C(7, 3) - 1
//! assert_eq!(summary.analysis.outcome, grundy::Outcome::N); // strategy stealing
//! ```

#![warn(missing_docs)]

mod dataflow;
pub mod loopy;
pub mod partition;
pub mod search;
pub mod shards;
pub mod wire;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use grundy::progress::Progress;
use grundy::tier::{Analysis, Stats, TierError, Tiered, TieredGame};

pub use partition::Partition;

/// How to run a distributed solve (every timely setting is built from it in code).
#[derive(Clone, Debug)]
pub struct Config {
    /// Worker threads in each process (at least 1).
    pub workers: usize,
    /// The number of processes (at least 1).
    pub processes: usize,
    /// This process, `0..processes`.
    pub process: usize,
    /// `host:port` of every process, in order (needed when `processes > 1`).
    pub addresses: Vec<String>,
    /// The database directory of this process (`None`: everything stays in memory).
    pub dir: Option<PathBuf>,
    /// Fault injection for tests: stop with [`TierError::Stopped`] once this many tiers have
    /// been solved by this run.
    pub stop_after: Option<u32>,
    /// Testing aid: send every lower-tier lookup through the dataflow, even when the owner is in
    /// this process (exercises the multi-process path inside one process).
    pub route_all_lookups: bool,
    /// Stop with [`Error::Peer`] when a round waits longer than this for the other processes.
    pub silence_limit: Duration,
    /// Print on stderr, at the end, the bytes this process sent to the other processes.
    pub report_traffic: bool,
    /// About how many options a worker lists per round on an acyclic tier with lookups through
    /// the dataflow (at least 1; default 2^18, about 1.3 MB of memory per chunk): smaller
    /// means less memory and more rounds, larger fewer rounds and better deduplication.
    pub chunk_options: usize,
    /// Where this process reports its progress: positions of the tiers finished so far (every
    /// process reports its own view; the first worker of the process reports).
    pub progress: ProgressSink,
}

/// A shared progress sink for a distributed solve (see [`Config::progress`]); none by default.
#[derive(Clone, Default)]
pub struct ProgressSink(pub Option<Arc<dyn Progress + Send>>);

impl std::fmt::Debug for ProgressSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self.0 {
            Some(_) => "ProgressSink(Some(..))",
            None => "ProgressSink(None)",
        })
    }
}

impl Config {
    /// One process with `workers` threads.
    pub fn threads(workers: usize) -> Config {
        Config {
            workers,
            processes: 1,
            process: 0,
            addresses: Vec::new(),
            dir: None,
            stop_after: None,
            route_all_lookups: false,
            silence_limit: Duration::from_secs(600),
            report_traffic: false,
            chunk_options: 1 << 18,
            progress: ProgressSink::default(),
        }
    }

    /// Process `process` of the cluster whose processes listen at `addresses`, with `workers`
    /// threads each.
    pub fn cluster(workers: usize, process: usize, addresses: Vec<String>) -> Config {
        Config {
            processes: addresses.len(),
            process,
            addresses,
            ..Config::threads(workers)
        }
    }

    fn check(&self) -> Result<(), Error> {
        if self.workers == 0 {
            return Err(Error::Config(
                "--workers 0: at least one worker is needed".into(),
            ));
        }
        if self.processes == 0 {
            return Err(Error::Config(
                "--processes 0: at least one process is needed".into(),
            ));
        }
        if self.process >= self.processes {
            return Err(Error::Config(format!(
                "--process {}: processes are numbered 0..{}",
                self.process, self.processes
            )));
        }
        if self.processes > 1 && self.addresses.len() != self.processes {
            return Err(Error::Config(format!(
                "{} processes need {} addresses in the hostfile, it lists {}",
                self.processes,
                self.processes,
                self.addresses.len()
            )));
        }
        if self.processes.saturating_mul(self.workers) > u32::MAX as usize / 2 {
            return Err(Error::Config("too many workers".into()));
        }
        if self.chunk_options == 0 || self.chunk_options > 1 << 30 {
            return Err(Error::Config(format!(
                "{} options per round: between 1 and 2^30",
                self.chunk_options
            )));
        }
        Ok(())
    }
}

/// Read a hostfile: one `host:port` per line (timely's format); blank lines and `#` comments
/// are skipped.
pub fn read_hostfile(path: &std::path::Path) -> Result<Vec<String>, Error> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::Io {
        path: path.display().to_string(),
        error: e,
    })?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let ok = l
            .rsplit_once(':')
            .is_some_and(|(h, p)| !h.is_empty() && p.parse::<u16>().is_ok());
        if !ok {
            return Err(Error::Config(format!(
                "{}:{}: '{l}' is not host:port",
                path.display(),
                n + 1
            )));
        }
        out.push(l.to_string());
    }
    Ok(out)
}

/// What process 0 learns from a solve: the same figures the single-machine engine's
/// [`grundy::tier::Database`] gives.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The game id.
    pub game_id: String,
    /// Counts and value distribution of every position.
    pub stats: Stats,
    /// The asked position: value, outcome, remoteness, winning moves.
    pub analysis: Analysis,
    /// Tiers solved by this run (the others were read from the directories).
    pub solved_now: u32,
    /// Options enumerated by this run, over all workers.
    pub option_visits: u64,
    /// The CRC-32 of every tier file (one process: identical to the single-machine files), or of
    /// every shard file of process 0 (several processes).
    pub checksums: Vec<u32>,
    /// Bytes this process sent to other processes (lookups, answers, results).
    pub bytes_sent: u64,
}

/// Why a distributed solve failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The engine or the database refused (the same errors as the single-machine engine).
    #[error(transparent)]
    Tier(#[from] TierError),
    /// A bad setting (workers, processes, hostfile).
    #[error("{0}")]
    Config(String),
    /// A file cannot be read.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        error: std::io::Error,
    },
    /// Another process failed or vanished: this one stops (finished tiers stay on disk).
    #[error("{0}; every finished tier is kept: rerun the same command on every process to resume")]
    Peer(String),
}

impl Error {
    /// True for an I/O or network failure (exit code 1), false for bad input (exit 2).
    pub fn is_io(&self) -> bool {
        match self {
            Error::Tier(e) => e.is_io(),
            Error::Io { .. } | Error::Peer(_) => true,
            Error::Config(_) => false,
        }
    }
}

/// Solve every tier of `game` as process `config.process` of `config.processes`, and on process
/// 0 analyse `position` (`Some(summary)`; the other processes return `None`).
pub fn solve<G: TieredGame + Send + ?Sized + 'static>(
    game: Arc<G>,
    position: Tiered,
    config: &Config,
) -> Result<Option<Summary>, Error> {
    config.check()?;
    grundy::tier::engine::check_size(game.as_ref())?;
    if position.tier >= game.tiers() || position.index >= game.size(position.tier) {
        return Err(TierError::Position(format!(
            "no position {} in tier {}",
            position.index, position.tier
        ))
        .into());
    }
    if let Some(dir) = &config.dir {
        std::fs::create_dir_all(dir).map_err(|e| Error::Io {
            path: dir.display().to_string(),
            error: e,
        })?;
    }
    dataflow::run(game, position, config.clone())
}
