//! `grundy search GAME … --processes N [--process I --hostfile FILE]`: the search shared by
//! several processes (`grundy_timely::search`). This module reads the cluster's flags, hands
//! the game the library builds ([`grundy::report::search::with_game`]) to the distributed
//! search, and turns its answer into the usual report.

use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy::Outcome;
use grundy::report::search::{
    Algorithm, ClusterFigures, Driver, Request, RootMoves, SearchOptions, SearchReport,
    WinningMove, dfpn_config, with_game,
};
use grundy::search::SearchGame;
use grundy_timely::search::{ClusterError, Database, SearchCluster, search};

use super::Failure;
use super::progress::Bar;
use super::search_options::{Common, DatabaseArg};

/// Run the distributed search; `None` on processes other than 0.
pub fn run(req: &Request, common: &Common) -> Result<Option<SearchReport>, Failure> {
    let o = &req.options;
    if o.misere {
        return Err(Failure::invalid(anyhow::anyhow!(
            "--processes: misère play has no XOR rule to split by; search it on one process"
        )));
    }
    let n = common.processes.unwrap_or(1);
    if n == 0 {
        return Err(Failure::invalid(anyhow::anyhow!(
            "--processes 0: at least one process is needed"
        )));
    }
    let addresses = match (&common.hostfile, n) {
        (_, 1) => Vec::new(),
        (Some(file), n) => {
            let a = grundy_timely::read_hostfile(file).map_err(|e| match e {
                e if e.is_io() => Failure::io(e),
                e => Failure::invalid(e),
            })?;
            if a.len() != n {
                return Err(Failure::invalid(anyhow::anyhow!(
                    "--processes {n}: the hostfile {} lists {} addresses",
                    file.display(),
                    a.len()
                )));
            }
            a
        }
        (None, n) => {
            return Err(Failure::invalid(anyhow::anyhow!(
                "--processes {n}: give --process and --hostfile (one host:port per process)"
            )));
        }
    };
    let threads = o.config.threads;
    let bar = Arc::new(Bar::new(common.output.quiet() || common.output.json));
    let cfg = SearchCluster {
        threads,
        addresses,
        process: common.process.unwrap_or(0),
        share_nodes: common.share_nodes.unwrap_or(1),
        database: match common.database {
            DatabaseArg::Broadcast => Database::Broadcast,
            DatabaseArg::Partitioned => Database::Partitioned { min_size: 0 },
        },
        memory: o.memory,
        engine: o.config.clone(),
        dfpn: None, // set once the game is known (its pick and its small parts)
        outcome_only: o.outcome_only,
        dir: o.table_dir.clone(),
        save_every: o.save_every,
        silence_limit: Duration::from_secs(common.silence_limit.unwrap_or(600)),
        progress: grundy_timely::ProgressSink(Some(bar.clone())),
        patience: common.patience.unwrap_or(SearchCluster::default().patience),
        brothers: common.brothers.unwrap_or(SearchCluster::default().brothers),
        busy_board: !common.no_busy_board,
        stop_after_answers: None,
    };
    let r = with_game(
        req,
        Cluster {
            cfg: &cfg,
            options: o,
            lookup_size: common.lookup_size,
        },
    );
    grundy::progress::Progress::finish(bar.as_ref());
    r
}

struct Cluster<'a> {
    cfg: &'a SearchCluster,
    options: &'a SearchOptions,
    /// `--lookup-size` (`None`: from the position).
    lookup_size: Option<u32>,
}

impl Driver for Cluster<'_> {
    type Output = Result<Option<SearchReport>, Failure>;

    fn drive<G>(
        self,
        game: G,
        name: &str,
        position: String,
        parts: Vec<G::Component>,
        moves: RootMoves<'_, G>,
    ) -> Self::Output
    where
        G: SearchGame + Send + 'static,
        G::Component: 'static,
    {
        let start = Instant::now();
        // the single machine's pick (df-pn for Sprouts), each job answered by it
        let algorithm = self.options.algorithm.for_game(name, self.options.misere);
        let cfg = SearchCluster {
            // a quarter of the memory for proof numbers, a table for each job thread
            dfpn: (algorithm == Algorithm::Dfpn).then(|| dfpn_config(&game, self.options)),
            database: match (self.cfg.database, self.lookup_size) {
                (Database::Broadcast, _) => Database::Broadcast,
                (Database::Partitioned { .. }, Some(min_size)) => {
                    Database::Partitioned { min_size }
                }
                // three quarters of the largest part: few look-ups, each saving a search
                // that costs far more than the round trip
                (Database::Partitioned { .. }, None) => Database::Partitioned {
                    min_size: (parts.iter().map(|p| game.size(p)).max().unwrap_or(0) * 3)
                        .div_ceil(4)
                        .max(1),
                },
            },
            ..self.cfg.clone()
        };
        let all = if self.options.moves {
            moves(&game)
        } else {
            Vec::new()
        };
        let sums: Vec<Vec<G::Component>> = all.iter().map(|m| m.2.clone()).collect();
        let components = parts.len();
        let answer = search(Arc::new(game), parts, sums, &cfg).map_err(|e| match e {
            e if e.is_io() => Failure::io(e),
            ClusterError::Search(s) => Failure::invalid(anyhow::anyhow!("{s}")),
            e => Failure::invalid(e),
        })?;
        let Some(a) = answer else {
            return Ok(None);
        };
        let outcome = if a.first_player_wins {
            Outcome::N
        } else {
            Outcome::P
        };
        let winning_moves = self.options.moves.then(|| {
            if outcome == Outcome::P {
                return Vec::new();
            }
            all.into_iter()
                .zip(&a.winning)
                .filter(|(_, w)| **w == Some(true))
                .map(|((mv, position, _), _)| WinningMove { mv, position })
                .collect()
        });
        let processes = self.cfg.processes();
        Ok(Some(SearchReport {
            game: name.to_string(),
            position,
            components,
            value: if self.cfg.outcome_only {
                None
            } else {
                a.value.map(u64::from)
            },
            outcome,
            winning_moves,
            nodes: a.nodes.iter().sum(),
            table_entries: 0,
            table_hits: 0,
            table_bytes: self.cfg.memory,
            resumed_entries: a.resumed_entries,
            threads: self.cfg.threads,
            seconds: start.elapsed().as_secs_f64(),
            peak_bytes: grundy::report::retro::peak_bytes(),
            algorithm,
            iterations: None,
            proof_numbers: None,
            cluster: Some(ClusterFigures {
                processes,
                sums: a.sums,
                jobs_resumed: a.jobs_resumed,
                jobs_run: a.jobs_run,
                jobs_cancelled: a.jobs_cancelled,
                jobs_split: a.jobs_split,
                shared_nimbers: a.shared_nimbers.iter().sum(),
                bytes_sent: a.bytes_sent.iter().sum(),
                rounds: a.rounds,
                connect_seconds: a.connect_seconds,
                nodes_per_process: a.nodes,
                nodes_cancelled: a.nodes_cancelled.iter().sum(),
                database: match cfg.database {
                    Database::Broadcast => "broadcast",
                    Database::Partitioned { .. } => "partitioned",
                }
                .into(),
                lookups: a.lookups.iter().sum(),
                lookup_hits: a.lookup_hits.iter().sum(),
                lookup_wait_seconds: a.lookup_wait.iter().sum(),
            }),
        }))
    }
}
