//! `grundy search GAME …`: the value of one position far too large to enumerate — Cram,
//! Node-Kayles, Arc-Kayles, Sprouts — by the search engine (components, canonical forms, a bounded table,
//! pruning, both cores). The engine and the report live in the library
//! (`grundy::search`, `grundy::report::search`); this module parses and prints.

use std::io::Write;
use std::path::PathBuf;

use grundy::games::cram::Cram;
use grundy::games::kayles::Rule;
use grundy::games::kayles::graph::parse_edge_list;
use grundy::report::search::{Request, SearchReport, Target};

use super::progress::Bar;
use super::search_options::{Common, DatabaseArg, options};
use super::{CmdResult, Failure, write_json};

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
            p @ grundy::search::table::persist::PersistError::Io { .. },
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
