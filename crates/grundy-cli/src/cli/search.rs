//! `grundy search GAME …`: the value of one position far too large to enumerate — Cram,
//! Node-Kayles, Arc-Kayles, Sprouts — by the search engine (components, canonical forms, a bounded table,
//! pruning, both cores). The engine and the report live in the library
//! (`grundy::search`, `grundy::report::search`); this module parses and prints.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use grundy::games::cram::Cram;
use grundy::games::kayles::Rule;
use grundy::games::kayles::graph::parse_edge_list;
use grundy::report::search::{
    Algorithm, Request, SearchOptions, SearchReport, Target, default_memory, parse_size,
};
use grundy::search::Config;

use super::progress::Bar;
use super::{CmdResult, Failure, Output, write_json};

/// The help of `--json`: the report's fields.
const JSON: &str = r#"Print JSON: {"game","position","components","value","outcome","winning_moves","nodes", "table_entries","table_hits","table_bytes","resumed_entries","threads","seconds","peak_bytes", "algorithm","iterations","proof_numbers"} (the last two null for the value search; "proof_numbers" is the root's [φ, δ] at the end, null for ∞); "value" is null with --misere or --outcome, "winning_moves" null without --moves, else a list of {"move","position"}; with --processes also "cluster": {"processes","sums","jobs_resumed","jobs_run","jobs_cancelled","jobs_split","shared_nimbers","bytes_sent","rounds","connect_seconds","nodes_per_process","nodes_cancelled","database","lookups","lookup_hits","lookup_wait_seconds"}"#;

/// Arguments of `grundy search`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub game: Game,
}

/// The games.
#[derive(clap::Subcommand, Debug)]
pub enum Game {
    /// Cram: place a domino on two adjacent empty cells; who cannot, loses.
    Cram(CramArgs),
    /// Node-Kayles: pick a vertex, remove it with its neighbours; who cannot, loses.
    NodeKayles(GraphArgs),
    /// Arc-Kayles: pick an edge, remove both its ends; who cannot, loses.
    ArcKayles(GraphArgs),
    /// Sprouts: join two spots (or one to itself) by a curve crossing no other, put a new spot on
    /// it; a spot takes at most three curve ends; who cannot, loses.
    Sprouts(SproutsArgs),
}

/// The position of `grundy search sprouts`.
#[derive(clap::Args, Debug)]
pub struct SproutsArgs {
    /// The start with N spots and no curve (0*N).
    #[arg(
        long,
        value_name = "N",
        conflicts_with = "position",
        required_unless_present = "position"
    )]
    pub spots: Option<usize>,
    /// A position in the notation, either separator style: SPOTS (boundaries . regions | lands +,
    /// e.g. 0.AB|AB.0) or Glop (. } ] !), 0*N for N spots.
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    #[command(flatten)]
    pub common: Common,
}

/// The board of `grundy search cram`.
#[derive(clap::Args, Debug)]
pub struct CramArgs {
    /// Rows of an empty board (with --cols).
    #[arg(long, requires = "cols", conflicts_with = "board")]
    pub rows: Option<usize>,
    /// Columns of an empty board (with --rows).
    #[arg(long, requires = "rows")]
    pub cols: Option<usize>,
    /// A board with holes: rows of . (empty) and # (filled) joined by /, e.g. ...#/..../....
    #[arg(long, value_name = "TEXT", required_unless_present = "rows")]
    pub board: Option<String>,
    /// Endgame table from the tier engine: every region of an RxC box (at most 24 cells), or none.
    #[arg(long, value_name = "RxC|none", default_value = "4x4")]
    pub endgame: String,
    #[command(flatten)]
    pub common: Common,
}

/// The graph of `grundy search node-kayles` / `arc-kayles`.
#[derive(clap::Args, Debug)]
pub struct GraphArgs {
    /// An edge list: a line `u v` per edge (vertices 0..126), a line `v` for an isolated vertex,
    /// # comments; - for stdin.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["grid", "board"],
        required_unless_present_any = ["grid", "board"]
    )]
    pub edges: Option<PathBuf>,
    /// The RxC grid graph, e.g. 3x20.
    #[arg(long, value_name = "RxC", conflicts_with = "board")]
    pub grid: Option<String>,
    /// The graph of a board's empty cells (neighbours side by side): rows of . (empty) and #
    /// (filled) joined by /, e.g. ...#/..../.... (moves and positions then as on a grid).
    #[arg(long, value_name = "TEXT")]
    pub board: Option<String>,
    #[command(flatten)]
    pub common: Common,
}

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

fn parse_box(text: &str, what: &str) -> Result<(usize, usize), Failure> {
    let bad = || {
        Failure::invalid(anyhow::anyhow!(
            "{what} {text:?}: expected ROWSxCOLS, e.g. 3x20"
        ))
    };
    let (r, c) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    Ok((r, c))
}

fn options(c: &Common) -> Result<SearchOptions, Failure> {
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

/// Run `grundy search`.
pub fn run(args: Args, out: &mut dyn Write) -> CmdResult {
    let (target, common, endgame) = match &args.game {
        Game::Cram(a) => {
            let game = Cram::new(Default::default());
            let board = match (&a.board, a.rows, a.cols) {
                (Some(text), _, _) => game.parse(text).map_err(|e| e.to_string()),
                (None, Some(r), Some(c)) => game.board(r, c),
                _ => unreachable!("clap requires --board or --rows and --cols"),
            }
            .map_err(|e| Failure::invalid(anyhow::anyhow!("cram board: {e}")))?;
            let endgame = if a.endgame.trim().eq_ignore_ascii_case("none") {
                None
            } else {
                let (r, c) = parse_box(&a.endgame, "--endgame")?;
                if r == 0 || c == 0 || r * c > 24 {
                    return Err(Failure::invalid(anyhow::anyhow!(
                        "--endgame {}: the box needs 1 to 24 cells",
                        a.endgame
                    )));
                }
                Some((r.min(c), r.max(c)))
            };
            (Target::Cram(board), &a.common, endgame)
        }
        Game::NodeKayles(a) | Game::ArcKayles(a) => {
            let rule = match args.game {
                Game::NodeKayles(_) => Rule::Vertex,
                _ => Rule::Edge,
            };
            let target = if let Some(text) = &a.board {
                let board = text
                    .parse::<grundy::games::grid::region::Region>()
                    .map_err(|e| Failure::invalid(anyhow::anyhow!("--board: {e}")))?;
                match rule {
                    Rule::Vertex => Target::GridKayles(board),
                    Rule::Edge => Target::GridArcKayles(board),
                }
            } else if let Some(g) = &a.grid {
                let (r, c) = parse_box(g, "--grid")?;
                let board = grundy::games::kayles::GridKayles::default()
                    .grid(r, c)
                    .map_err(|e| Failure::invalid(anyhow::anyhow!("--grid: {e}")))?;
                match rule {
                    Rule::Vertex => Target::GridKayles(board),
                    Rule::Edge => Target::GridArcKayles(board),
                }
            } else {
                let path = a.edges.as_ref().expect("clap requires --edges or --grid");
                let text = if path.as_os_str() == "-" {
                    std::io::read_to_string(std::io::stdin())?
                } else {
                    std::fs::read_to_string(path)
                        .map_err(|e| Failure::io(anyhow::anyhow!("{}: {e}", path.display())))?
                };
                let g = parse_edge_list(&text)
                    .map_err(|e| Failure::invalid(anyhow::anyhow!("{}: {e}", path.display())))?;
                Target::Graph(rule, g)
            };
            (target, &a.common, None)
        }
        Game::Sprouts(a) => {
            let options = options(&a.common)?;
            let target = match (&a.position, a.spots) {
                (Some(text), _) => Target::sprouts(text, &options),
                (None, Some(n)) => Target::sprouts_spots(n, &options),
                _ => unreachable!("clap requires --position or --spots"),
            }
            .map_err(Failure::invalid)?;
            (target, &a.common, None)
        }
    };
    let mut options = options(common)?;
    options.endgame = endgame;
    if common.database == DatabaseArg::Partitioned && common.processes.is_none() {
        return Err(Failure::invalid(anyhow::anyhow!(
            "--database partitioned: the database is shared among processes; give --processes"
        )));
    }
    if common.processes.is_some() {
        let req = Request { target, options };
        let Some(report) = super::search_cluster::run(&req, common)? else {
            return Ok(()); // processes other than 0 print nothing
        };
        if common.output.json {
            return write_json(out, &report);
        }
        return print(&report, false, out);
    }
    let bar = Bar::new(common.output.quiet() || common.output.json);
    let report = run_request(&Request { target, options }, &bar)?;
    if common.output.json {
        return write_json(out, &report);
    }
    print(&report, common.misere, out)
}

fn run_request(req: &Request, bar: &Bar) -> Result<SearchReport, Failure> {
    grundy::report::search::run(req, bar).map_err(|e| match e {
        grundy::report::search::SearchRunError::Persist(
            p @ grundy::search::persist::PersistError::Io { .. },
        ) => Failure::io(p),
        other => Failure::invalid(other),
    })
}

fn print(r: &SearchReport, misere: bool, out: &mut dyn Write) -> CmdResult {
    writeln!(out, "game: {}", r.game)?;
    writeln!(out, "position: {}", r.position)?;
    writeln!(out, "components: {}", r.components)?;
    match r.value {
        Some(v) => writeln!(out, "value: *{v}")?,
        None if misere => writeln!(out, "value: (misère play: outcome only)")?,
        None => writeln!(out, "value: (--outcome: outcome only)")?,
    }
    let who = match r.outcome {
        grundy::Outcome::N => "N — the player to move wins (N-position)",
        _ => "P — the player to move loses (P-position)",
    };
    writeln!(out, "outcome: {who}")?;
    if let Some(w) = &r.winning_moves {
        writeln!(out, "winning moves ({}):", w.len())?;
        for m in w {
            writeln!(out, "  {} -> {}", m.mv, m.position)?;
        }
    }
    if let (Some(it), Some([phi, delta])) = (r.iterations, r.proof_numbers) {
        let n = |x: Option<u32>| x.map_or("∞".to_string(), |x| x.to_string());
        writeln!(
            out,
            "df-pn: {it} iterations, root φ {} δ {} at the end",
            n(phi),
            n(delta)
        )?;
    }
    if r.cluster.is_some() {
        writeln!(
            out,
            "nodes: {}  table: {} MiB in each process{}",
            r.nodes,
            r.table_bytes >> 20,
            if r.resumed_entries > 0 {
                format!(", {} entries read back by process 0", r.resumed_entries)
            } else {
                String::new()
            }
        )?;
    } else {
        writeln!(
            out,
            "nodes: {}  table: {} entries ({} MiB), {} hits{}",
            r.nodes,
            r.table_entries,
            r.table_bytes >> 20,
            r.table_hits,
            if r.resumed_entries > 0 {
                format!(", {} read back", r.resumed_entries)
            } else {
                String::new()
            }
        )?;
    }
    if let Some(c) = &r.cluster {
        writeln!(
            out,
            "processes: {}  jobs: {} answered, {} read back, {} cancelled, {} asked by their moves (the root split into {} sums)",
            c.processes, c.jobs_run, c.jobs_resumed, c.jobs_cancelled, c.jobs_split, c.sums
        )?;
        writeln!(
            out,
            "shared nimbers: {}  bytes sent: {}  rounds: {}  connected after {:.2} s  nodes per process: {:?} ({} in cancelled jobs)",
            c.shared_nimbers,
            c.bytes_sent,
            c.rounds,
            c.connect_seconds,
            c.nodes_per_process,
            c.nodes_cancelled
        )?;
        if c.database != "broadcast" {
            writeln!(
                out,
                "database: {}  look-ups: {} asked, {} answered, {:.2} s waited",
                c.database, c.lookups, c.lookup_hits, c.lookup_wait_seconds
            )?;
        }
    }
    write!(out, "threads: {}  time: {:.3} s", r.threads, r.seconds)?;
    if let Some(p) = r.peak_bytes {
        write!(out, "  peak memory: {} MiB", p >> 20)?;
    }
    writeln!(out)?;
    Ok(())
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
