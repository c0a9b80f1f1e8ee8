// Why this file is long: it holds the report's types and options, the dispatch of a request to its
// game with each game's move names, and the search service that runs it (`drive`, `compute`, the
// monitor); issue 50 splits it into report/search/{options, games, service}.rs.
//! The report of `grundy search` (and of Python's `grundy.search`): the value of one position of
//! Cram, Node-Kayles, Arc-Kayles or Sprouts by the search engine of [`crate::search`], with every
//! winning move on request, the search's counters, time and memory.
//!
//! JSON: `{"game", "position", "components", "value", "outcome", "winning_moves", "nodes",
//! "table_entries", "table_hits", "table_bytes", "resumed_entries", "threads", "seconds",
//! "peak_bytes"}`. `value` is `null` in misère play and in outcome-only mode
//! ([`SearchOptions::outcome_only`]): only the outcome (`"P"` or `"N"`) is searched then.
//! `winning_moves` is `null` unless asked for, else a list of `{"move", "position"}` (the
//! position after the move, in the input's notation). A search shared by several processes
//! (`grundy search … --processes N`, crate `grundy-timely`) adds `"cluster"`
//! ([`ClusterFigures`]):
//!
//! | game | `position` | a move |
//! |---|---|---|
//! | `cram` | rows of `.`/`#` joined by `/` | `"r1,c1-r2,c2"`: a domino, rows and columns from 1 |
//! | `node-kayles` | the board, or `"N vertices, M edges"` | `"v"`: a vertex (a cell `"r,c"` on a board) |
//! | `arc-kayles` | the board, or `"N vertices, M edges"` | `"u-v"`: an edge |
//! | `sprouts` | the canonical text ([`crate::games::sprouts`], SPOTS style) | `"land K: TEXT"` |
//!
//! A Sprouts move is named by the land it is played in — `K` counts the lands of `position` (its
//! pieces between `+`) from 1 — and what that land becomes (`TEXT`, its lands joined by `+`, `!`
//! when nothing is left alive); the move's `position` is the whole position after it, in
//! canonical text. Moves that leave the same position are one.
//!
//! ```
//! use grundy::report::search::{Request, SearchOptions, Target, run};
//! use grundy::games::cram::Cram;
//! let board = Cram::default().board(4, 5).unwrap();
//! let options = SearchOptions { moves: true, ..Default::default() };
//! let r = run(&Request { target: Target::Cram(board), options }, &grundy::progress::Silent).unwrap();
//! assert_eq!(r.value, Some(2)); // 4×5 Cram is *2
//! assert_eq!(r.outcome, grundy::Outcome::N);
//! assert!(!r.winning_moves.unwrap().is_empty());
//! ```
//!
//! Sprouts: the position is read by the game the options describe ([`Target::sprouts`]).
//!
//! ```
//! use grundy::report::search::{Request, SearchOptions, Target, run};
//! let options = SearchOptions { moves: true, ..Default::default() };
//! let target = Target::sprouts("0*3", &options).unwrap();
//! let r = run(&Request { target, options }, &grundy::progress::Silent).unwrap();
//! assert_eq!(r.position, "0.0.0");
//! assert_eq!(r.outcome, grundy::Outcome::N); // 3 spots: the first player wins
//! for m in r.winning_moves.unwrap() {
//!     assert!(m.mv.starts_with("land 1: "));
//! }
//! // outcome only: no value
//! let options = SearchOptions { outcome_only: true, ..Default::default() };
//! let target = Target::sprouts("0*2", &options).unwrap();
//! let r = run(&Request { target, options }, &grundy::progress::Silent).unwrap();
//! assert_eq!((r.value, r.outcome), (None, grundy::Outcome::P));
//! ```

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::time::Instant;

use serde::Serialize;

use crate::Outcome;
use crate::games::cram::framed::FramedCram;
use crate::games::cram::{Cram, CramConfig, domino_moves};
use crate::games::grid::region::Region;
use crate::games::kayles::graph::Graph;
use crate::games::kayles::{GraphKayles, GridKayles, KaylesConfig, Rule};
use crate::games::registry;
use crate::games::sprouts::{NotationError, Position, Reductions, Sprouts, SproutsConfig};
use crate::games::{cram, kayles, sprouts};
use crate::progress::Progress;
use crate::search::pns::{Dfpn, DfpnConfig, DfpnLive, DfpnPulse, DfpnStats};
use crate::search::table::persist::{self, PersistError};
use crate::search::{Config, Live, Search, SearchError, SearchGame, Table, misere_outcome};

/// The position to search.
#[derive(Clone, Debug)]
pub enum Target {
    /// Cram on a board (a region of empty cells).
    Cram(Region),
    /// Node-Kayles on an induced subgraph of the grid.
    GridKayles(Region),
    /// Arc-Kayles on an induced subgraph of the grid.
    GridArcKayles(Region),
    /// Node-Kayles or Arc-Kayles on a graph.
    Graph(Rule, Graph),
    /// Sprouts: a position's lands as [`sprouts_game`] of the same options reads them (build it
    /// with [`Target::sprouts`] or [`Target::sprouts_spots`]).
    Sprouts(Position),
}

impl Target {
    /// A Sprouts position in the notation (either separator style, `0*n` for `n` spots; see
    /// [`crate::games::sprouts::notation`]), read by the game `options` describe.
    pub fn sprouts(text: &str, options: &SearchOptions) -> Result<Target, NotationError> {
        sprouts_game(options).parse(text).map(Target::Sprouts)
    }

    /// The Sprouts start with `n` spots, `0*n`.
    pub fn sprouts_spots(n: usize, options: &SearchOptions) -> Result<Target, NotationError> {
        sprouts_game(options).spots(n).map(Target::Sprouts)
    }
}

/// The Sprouts game of the options: [`SearchOptions::reductions`] switches the five reductions
/// ([`crate::games::sprouts::reduce`]), [`SearchOptions::decompose`] the split into lands alone,
/// and [`SearchOptions::symmetry`] the canonical form.
pub fn sprouts_game(o: &SearchOptions) -> Sprouts {
    let on = o.reductions;
    Sprouts::new(SproutsConfig {
        reductions: Reductions {
            dead_spots: on,
            merge_pairs: on,
            dead_regions: on,
            small_regions: on,
            split: on && o.decompose,
        },
        canonical: o.symmetry,
    })
}

/// The search that answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// The depth-first value search with candidate sets ([`crate::search::value`]).
    Value,
    /// Depth-first proof-number search with nimbers ([`crate::search::pns`]).
    Dfpn,
    /// The engine picks: df-pn for Sprouts (whose trees are the most unbalanced, where the
    /// value search is many times slower), the value search for the other games.
    Auto,
}

impl Algorithm {
    /// The search that answers `self` for the game named `name` ([`Algorithm::Auto`]'s pick;
    /// misère play is the value search's).
    pub fn for_game(self, name: &str, misere: bool) -> Algorithm {
        match self {
            _ if misere => Algorithm::Value,
            Algorithm::Auto => match registry::game(name).and_then(|g| g.search) {
                Some(info) if info.dfpn_by_default => Algorithm::Dfpn,
                _ => Algorithm::Value,
            },
            a => a,
        }
    }
}

/// df-pn's settings for `game` under the options: [`SearchOptions::config`]'s threads, a
/// quarter of [`SearchOptions::memory`] for proof numbers (shared by the threads), the game's
/// own settings ([`SearchGame::dfpn_tuning`]).
pub fn dfpn_config<G: SearchGame>(game: &G, o: &SearchOptions) -> DfpnConfig {
    let threads = o.config.threads.max(1);
    DfpnConfig {
        threads,
        // a quarter of the memory for proof numbers, shared by the threads (a share each, or
        // one table of them all)
        pn_bytes: (o.memory / 4 / threads as u64).max(1 << 16),
        ..Default::default()
    }
    .tuned(game.dfpn_tuning())
}

/// How to search.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    /// The search's switches and threads.
    pub config: Config,
    /// Split into components (Sprouts: into lands).
    pub decompose: bool,
    /// Canonical forms under symmetries (Sprouts: the canonical form of a land).
    pub symmetry: bool,
    /// The mirror theorem.
    pub mirror: bool,
    /// Cram's endgame table box `(rows, cols)`, or `None`.
    pub endgame: Option<(usize, usize)>,
    /// Cram's reductions that keep the value: stars, bridges and diagonal blocks
    /// ([`crate::games::cram::framed`]); Sprouts' five reductions
    /// ([`crate::games::sprouts::reduce`]).
    pub reductions: bool,
    /// Cram on a board of at most 64 cells in the board's own 64-bit frame
    /// ([`FramedCram`]; `false`: the bounding-box regions of [`Cram`], as larger boards use).
    pub framed: bool,
    /// Bytes of the transposition table.
    pub memory: u64,
    /// List every winning move.
    pub moves: bool,
    /// Misère play: the outcome only.
    pub misere: bool,
    /// Normal play, the outcome only ([`Search::outcome`]: the root asks only whether some move
    /// is worth `*0`, the first aspiration round): the report's `value` is `None`. Often much
    /// faster than the value when the position is an N-position.
    pub outcome_only: bool,
    /// Which search answers: the value search, df-pn, or the engine's pick
    /// ([`Algorithm::Auto`]).
    pub algorithm: Algorithm,
    /// Keep the table in this directory (read at the start, written every `save_every` and at
    /// the end).
    pub table_dir: Option<PathBuf>,
    /// How often the table is written to `table_dir`.
    pub save_every: Duration,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            config: Config::default(),
            decompose: true,
            symmetry: true,
            mirror: true,
            endgame: CramConfig::default().endgame,
            reductions: true,
            framed: true,
            memory: 64 << 20,
            moves: false,
            misere: false,
            outcome_only: false,
            algorithm: Algorithm::Auto,
            table_dir: None,
            save_every: Duration::from_secs(60),
        }
    }
}

/// A search to run.
#[derive(Clone, Debug)]
pub struct Request {
    /// The position.
    pub target: Target,
    /// How.
    pub options: SearchOptions,
}

/// One winning move.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct WinningMove {
    /// The move: `"r1,c1-r2,c2"` (a domino, rows and columns from 1), `"v"` (a vertex),
    /// `"u-v"` (an edge) or `"land K: TEXT"` (Sprouts: the land played in, counted from 1 in
    /// the position's text, and what it becomes).
    #[serde(rename = "move")]
    pub mv: String,
    /// The position after it.
    pub position: String,
}

/// The answer.
#[derive(Clone, Debug, Serialize)]
pub struct SearchReport {
    /// The game's name.
    pub game: String,
    /// The position searched, in the input's notation (Sprouts: the canonical text).
    pub position: String,
    /// How many components the position has.
    pub components: usize,
    /// Its Grundy value (`None` in misère play and in outcome-only mode).
    pub value: Option<u64>,
    /// Its outcome.
    pub outcome: Outcome,
    /// Every winning move, when asked for.
    pub winning_moves: Option<Vec<WinningMove>>,
    /// Components searched.
    pub nodes: u64,
    /// Entries in the table at the end.
    pub table_entries: u64,
    /// Values read from the table.
    pub table_hits: u64,
    /// The table's size.
    pub table_bytes: u64,
    /// Entries read back from `table_dir` at the start.
    pub resumed_entries: u64,
    /// Threads.
    pub threads: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Peak resident memory of the process, when known.
    pub peak_bytes: Option<u64>,
    /// The search that answered: `"value"` or `"dfpn"`.
    pub algorithm: Algorithm,
    /// Df-pn: `MID` calls (node visits below their thresholds); `null` for the value search.
    pub iterations: Option<u64>,
    /// Df-pn: the root's proof and disproof numbers at the end, `[φ, δ]`, `null` for ∞ (one
    /// of them is 0: proved or disproved); `null` for the value search.
    pub proof_numbers: Option<[Option<u32>; 2]>,
    /// A search shared by several processes (`--processes`): its figures; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cluster: Option<ClusterFigures>,
}

/// The figures of a search shared by several processes ([`SearchReport::cluster`]).
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct ClusterFigures {
    /// Processes taking part.
    pub processes: usize,
    /// Sums the root was split into: the moves of its parts, and the positions after its
    /// moves when the winning moves are asked ([`crate::search::distributed::split`]).
    pub sums: u64,
    /// Jobs ("is this sum worth `*k`?") answered before this run (read back from the table
    /// directory).
    pub jobs_resumed: u64,
    /// Jobs answered by this run.
    pub jobs_run: u64,
    /// Jobs cancelled because another answer made them moot.
    pub jobs_cancelled: u64,
    /// Root questions asked by their moves' questions (a question about `*0` alone in play
    /// while a process had nothing to do).
    pub jobs_split: u64,
    /// Nimbers sent to the shared database (each to every other process).
    pub shared_nimbers: u64,
    /// Bytes of messages sent from one process to another, all processes together.
    pub bytes_sent: u64,
    /// Rounds of messages.
    pub rounds: u64,
    /// Seconds until every process was connected (part of `seconds`).
    pub connect_seconds: f64,
    /// Nodes searched by each process.
    pub nodes_per_process: Vec<u64>,
    /// Of all those nodes, the nodes of jobs cancelled before their answer (made moot by
    /// another answer, or by the end of the search).
    pub nodes_cancelled: u64,
    /// Where the shared nimbers live: `broadcast` or `partitioned`.
    pub database: String,
    /// Look-ups sent to a partitioned database's owners, all processes together.
    pub lookups: u64,
    /// Of those, the look-ups answered with a value.
    pub lookup_hits: u64,
    /// Seconds the job threads waited for look-ups, all together.
    pub lookup_wait_seconds: f64,
}

/// Why a search run failed.
#[derive(Debug, thiserror::Error)]
pub enum SearchRunError {
    /// The search stopped.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The table directory.
    #[error(transparent)]
    Persist(#[from] PersistError),
}

/// A domino or a cell in 1-based `row,col` form.
fn cell(i: usize, w: usize) -> String {
    format!("{},{}", i / w + 1, i % w + 1)
}

/// Run a search.
pub fn run(req: &Request, progress: &dyn Progress) -> Result<SearchReport, SearchRunError> {
    run_with_stop(req, progress, None)
}

/// Run a search that stops (with [`SearchError::Cancelled`]) once `stop` turns true.
pub fn run_with_stop(
    req: &Request,
    progress: &dyn Progress,
    stop: Option<&AtomicBool>,
) -> Result<SearchReport, SearchRunError> {
    with_game(
        req,
        Local {
            o: &req.options,
            progress,
            stop,
        },
    )
}

/// The root's moves of a game, as [`with_game`] lists them: `(move, position after it, its
/// components)`.
pub type RootMoves<'a, G> =
    &'a dyn Fn(&G) -> Vec<(String, String, Vec<<G as SearchGame>::Component>)>;

/// What runs a search once the request's game is built: [`with_game`] builds the game, the
/// root's components and the root's moves, and hands them to [`Driver::drive`] (the search of
/// this process — [`run`] — or a search shared by many processes, in `grundy-timely`).
pub trait Driver {
    /// What the run returns.
    type Output;

    /// Search `parts` (the root's components) of `game`; `moves` lists the root's moves when
    /// they are needed: `(move, position after it, its components)`. `name` is the game's name
    /// in the report, `position` the root's text.
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
        G::Component: 'static;
}

/// The search of this process ([`run_with_stop`]).
struct Local<'a> {
    o: &'a SearchOptions,
    progress: &'a dyn Progress,
    stop: Option<&'a AtomicBool>,
}

impl Driver for Local<'_> {
    type Output = Result<SearchReport, SearchRunError>;

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
        drive(
            &game,
            name,
            position,
            parts,
            || moves(&game),
            self.o,
            self.progress,
            self.stop,
        )
    }
}

/// Build the game of `req` (its rules from the options), the root's components and its moves,
/// and run `driver` on them.
pub fn with_game<D: Driver>(req: &Request, driver: D) -> D::Output {
    let o = &req.options;
    let kcfg = KaylesConfig {
        decompose: o.decompose,
        symmetry: o.symmetry,
        mirror: o.mirror,
    };
    match &req.target {
        Target::Cram(board) => {
            let cfg = CramConfig {
                decompose: o.decompose,
                symmetry: o.symmetry,
                mirror: o.mirror,
                endgame: o.endgame,
                stars: o.reductions,
                bridges: o.reductions,
                diagonal: o.reductions,
            };
            let (w, h) = (board.w as usize, board.h as usize);
            if o.framed && FramedCram::fits(w, h) {
                let game = FramedCram::new(cfg, w, h);
                let parts = game.components(board);
                driver.drive(
                    game,
                    cram::NAME,
                    board.to_text(),
                    parts,
                    &|g: &FramedCram| cram_moves(board, |r| g.components(r)),
                )
            } else {
                let game = Cram::new(cfg);
                let parts = game.components(board);
                driver.drive(game, cram::NAME, board.to_text(), parts, &|g: &Cram| {
                    cram_moves(board, |r| g.components(r))
                })
            }
        }
        Target::GridKayles(board) => {
            let game = GridKayles::new(kcfg);
            let parts = game.components(board);
            let moves = |g: &GridKayles| {
                let w = board.w as usize;
                g.board_moves(board)
                    .into_iter()
                    .map(|(a, after)| (cell(a, w), after.to_text(), g.components(&after)))
                    .collect()
            };
            driver.drive(
                game,
                kayles::NODE_KAYLES_NAME,
                board.to_text(),
                parts,
                &moves,
            )
        }
        Target::GridArcKayles(board) => {
            let graph = grid_graph(board);
            let game = GraphKayles::with_config(Rule::Edge, kcfg);
            let parts = game.components(&graph);
            let moves = |g: &GraphKayles| graph_moves(g, &graph);
            driver.drive(
                game,
                kayles::ARC_KAYLES_NAME,
                board.to_text(),
                parts,
                &moves,
            )
        }
        Target::Graph(rule, graph) => {
            let game = GraphKayles::with_config(*rule, kcfg);
            let parts = game.components(graph);
            let name = match rule {
                Rule::Vertex => kayles::NODE_KAYLES_NAME,
                Rule::Edge => kayles::ARC_KAYLES_NAME,
            };
            let moves = |g: &GraphKayles| graph_moves(g, graph);
            let text = format!("{} vertices, {} edges", graph.n(), graph.edges());
            driver.drive(game, name, text, parts, &moves)
        }
        Target::Sprouts(position) => {
            let game = sprouts_game(o);
            let text = game.text(position);
            let moves = |g: &Sprouts| sprouts_moves(g, position);
            driver.drive(game, sprouts::NAME, text, position.clone(), &moves)
        }
    }
}

/// Every move of a Sprouts position, once per position it leaves: the move (`"land K: TEXT"`,
/// the land played in and what it becomes), the position after it, and its lands.
fn sprouts_moves(game: &Sprouts, p: &Position) -> Vec<(String, String, Position)> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for (i, land) in p.iter().enumerate() {
        if i > 0 && p[i - 1] == *land {
            continue; // the same land again: the same moves
        }
        for parts in game.land_moves(land) {
            let mut after: Position = p[..i].iter().chain(&p[i + 1..]).cloned().collect();
            after.extend(parts.iter().cloned());
            after.sort();
            if seen.insert(after.clone()) {
                let mv = format!("land {}: {}", i + 1, game.text(&parts));
                out.push((mv, game.text(&after), after));
            }
        }
    }
    out
}

/// Every domino of a Cram board: the move, the board after it, and its components.
fn cram_moves<C>(
    board: &Region,
    components: impl Fn(&Region) -> Vec<C>,
) -> Vec<(String, String, Vec<C>)> {
    let w = board.w as usize;
    domino_moves(board)
        .into_iter()
        .map(|((a, b), after)| {
            (
                format!("{}-{}", cell(a, w), cell(b, w)),
                after.to_text(),
                components(&after),
            )
        })
        .collect()
}

/// The graph of a grid region: its cells, numbered in row order, adjacent when side by side.
pub fn grid_graph(board: &Region) -> Graph {
    let w = board.w as usize;
    let cells: Vec<usize> = (0..w * board.h as usize)
        .filter(|&i| board.bits >> i & 1 == 1)
        .collect();
    let index = |i: usize| cells.binary_search(&i).ok();
    let mut edges = Vec::new();
    for (k, &i) in cells.iter().enumerate() {
        if i % w + 1 < w
            && let Some(j) = index(i + 1)
        {
            edges.push((k, j));
        }
        if let Some(j) = index(i + w) {
            edges.push((k, j));
        }
    }
    Graph::from_edges(cells.len(), &edges).expect("a grid region has at most 128 cells")
}

fn graph_moves(game: &GraphKayles, g: &Graph) -> Vec<(String, String, Vec<Graph>)> {
    game.graph_moves(g)
        .into_iter()
        .map(|((v, u), left)| {
            let mv = match u {
                None => v.to_string(),
                Some(u) => format!("{v}-{u}"),
            };
            let after = format!("vertices left: {}", set_text(left));
            (mv, after, game.components_of(g, left))
        })
        .collect()
}

fn set_text(set: u128) -> String {
    let v: Vec<String> = (0..128)
        .filter(|i| set >> i & 1 == 1)
        .map(|i| i.to_string())
        .collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(" ")
    }
}

/// Parse a size such as `512M`, `8G`, `1.5GiB`, `65536` (bytes).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let n: f64 = num
        .parse()
        .map_err(|_| format!("{text:?} is not a size (examples: 512M, 8G, 1048576)"))?;
    let mult: f64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1.0,
        "k" | "kb" | "kib" => 1024.0,
        "m" | "mb" | "mib" => 1024.0 * 1024.0,
        "g" | "gb" | "gib" => 1024.0 * 1024.0 * 1024.0,
        "t" | "tb" | "tib" => 1024.0f64.powi(4),
        other => {
            return Err(format!(
                "{text:?}: unknown unit {other:?} (use K, M, G or T)"
            ));
        }
    };
    let bytes = n * mult;
    if !bytes.is_finite() || bytes < 1024.0 {
        return Err(format!("{text:?}: the table needs at least 1K"));
    }
    if bytes > (1u64 << 50) as f64 {
        return Err(format!("{text:?} is more memory than any machine has"));
    }
    Ok(bytes as u64)
}

/// The default table size: a quarter of the machine's memory, at most 8 GiB (64 MiB when the
/// memory is not known).
pub fn default_memory() -> u64 {
    let total = std::fs::read_to_string("/proc/meminfo").ok().and_then(|s| {
        let line = s.lines().find(|l| l.starts_with("MemTotal:"))?;
        line.split_whitespace().nth(1)?.parse::<u64>().ok()
    });
    match total {
        Some(kb) => (kb * 1024 / 4).clamp(16 << 20, 8 << 30),
        None => 64 << 20,
    }
}

// Why this function is long: to be split (issue 50): the browser's run (the search's own pulse) and
// the native run (a monitor thread) become a function each, around the table's load and save and
// the report.
#[allow(clippy::too_many_arguments)]
fn drive<G: SearchGame>(
    game: &G,
    name: &str,
    position: String,
    parts: Vec<G::Component>,
    moves: impl FnOnce() -> Vec<(String, String, Vec<G::Component>)>,
    o: &SearchOptions,
    progress: &dyn Progress,
    stop: Option<&AtomicBool>,
) -> Result<SearchReport, SearchRunError> {
    let start = Instant::now();
    let table = Table::with_bytes(o.memory);
    let id = game.id() + if o.misere { " misere" } else { "" };
    let resumed = match &o.table_dir {
        Some(dir) => persist::load(dir, &id, &table)?,
        None => 0,
    };
    let never = AtomicBool::new(false);
    let asked = stop.unwrap_or(&never);
    // the search's own flag: set by the monitor when the caller or the progress sink asks
    let halt = AtomicBool::new(false);
    let stop = &halt;
    let algorithm = o.algorithm.for_game(name, o.misere);
    let dlive = DfpnLive::default();
    // what a look at the live counters does: the stop request, the progress line
    let n_parts = parts.len();
    let watch = |live: &Live, last_msg: &mut String| {
        if asked.load(Ordering::Relaxed) || progress.cancelled() {
            halt.store(true, Ordering::Relaxed);
        }
        let msg = progress_line(algorithm, &dlive, live, n_parts, &table);
        if msg != *last_msg {
            progress.start(live.root_total.load(Ordering::Relaxed), &msg);
            *last_msg = msg;
        }
        progress.set(live.root_done.load(Ordering::Relaxed));
    };
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    let (result, search) = {
        // the browser starts no thread: the search itself looks at its counters every few
        // thousand nodes, at most every 50 ms
        let last = std::sync::Mutex::new((Instant::now(), String::new()));
        let pulse = |live: &Live| {
            let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
            if last.0.elapsed() >= Duration::from_millis(50) {
                last.0 = Instant::now();
                watch(live, &mut last.1);
            }
        };
        if algorithm != Algorithm::Dfpn {
            // the first line at once (df-pn's counters move only on the monitor's thread, which
            // the browser does not have: its zeros would read as a proof)
            watch(&Live::default(), &mut String::new());
        }
        let search = Search::new(game, &table, o.config.clone()).with_stop(stop);
        let search = search.with_pulse(&pulse);
        // df-pn's pulse: its own counters (dlive), none of the value search's
        let idle = Live::default();
        let dpulse = || pulse(&idle);
        let r = if algorithm == Algorithm::Dfpn {
            compute_dfpn(
                game,
                &table,
                &parts,
                moves,
                o,
                stop,
                (&dlive, Some(&dpulse)),
            )
        } else {
            compute(game, &search, &table, &parts, moves, o, stop).map(|a| (a, None))
        };
        (r, search.stats())
    };
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    let (result, search) = {
        let search = Search::new(game, &table, o.config.clone()).with_stop(stop);
        let done = AtomicBool::new(false);
        let result = std::thread::scope(|sc| {
            // the monitor: progress and periodic snapshots of the table
            let monitor = sc.spawn(|| -> Result<(), PersistError> {
                let mut last_save = Instant::now();
                let mut last_msg = String::new();
                while !done.load(Ordering::Relaxed) {
                    // woken at once when the search ends (a sleep would add up to its length to
                    // every run: a fifth of a 4 × 9 board's time)
                    std::thread::park_timeout(Duration::from_millis(50));
                    watch(search.live(), &mut last_msg);
                    if let Some(dir) = &o.table_dir
                        && last_save.elapsed() >= o.save_every
                    {
                        persist::save(dir, &id, &table)?;
                        last_save = Instant::now();
                    }
                }
                Ok(())
            });
            let r = if algorithm == Algorithm::Dfpn {
                compute_dfpn(game, &table, &parts, moves, o, stop, (&dlive, None))
            } else {
                compute(game, &search, &table, &parts, moves, o, stop).map(|a| (a, None))
            };
            done.store(true, Ordering::Relaxed);
            monitor.thread().unpark();
            let m = monitor.join().unwrap_or(Ok(()));
            r.and_then(|r| m.map(|()| r).map_err(SearchRunError::from))
        });
        (result, search.stats())
    };
    progress.finish();
    // the table is saved at the end even when the search was cancelled: its entries are exact
    if let Some(dir) = &o.table_dir {
        persist::save(dir, &id, &table)?;
    }
    let ((value, outcome, winning), dfpn) = result?;
    let mut st = search;
    if let Some((d, value_nodes)) = dfpn {
        st.nodes = d.expansions + value_nodes;
    }
    let inf = |x: u32| (x != u32::MAX).then_some(x);
    Ok(SearchReport {
        game: name.to_string(),
        position,
        components: parts.len(),
        value: value.map(u64::from),
        outcome,
        winning_moves: winning,
        nodes: st.nodes,
        table_entries: table.len(),
        table_hits: st.table_hits,
        table_bytes: table.bytes(),
        resumed_entries: resumed,
        threads: o.config.threads,
        seconds: start.elapsed().as_secs_f64(),
        peak_bytes: super::retro::peak_bytes(),
        algorithm,
        iterations: dfpn.map(|(d, _)| d.iterations),
        proof_numbers: dfpn.map(|(d, _)| [inf(d.root.0), inf(d.root.1)]),
        cluster: None,
    })
}

/// The progress line of a search: df-pn's root numbers, or the value search's component, round
/// and nodes; with the table's fill.
fn progress_line(
    algorithm: Algorithm,
    dlive: &DfpnLive,
    live: &Live,
    parts: usize,
    table: &Table,
) -> String {
    let fill = 100.0 * table.stores().min(table.capacity()) as f64 / table.capacity() as f64;
    if algorithm == Algorithm::Dfpn {
        let n = |x: u32| {
            if x == u32::MAX {
                "∞".to_string()
            } else {
                x.to_string()
            }
        };
        format!(
            "df-pn · root φ {} δ {} · {} expansions · table {fill:.0}%",
            n(dlive.phi.load(Ordering::Relaxed)),
            n(dlive.delta.load(Ordering::Relaxed)),
            dlive.expansions.load(Ordering::Relaxed),
        )
    } else {
        format!(
            "component {}/{} · trying *{} · {} nodes · table {fill:.0}%",
            live.components_done.load(Ordering::Relaxed) + 1,
            parts.max(1),
            live.round.load(Ordering::Relaxed),
            live.nodes.load(Ordering::Relaxed),
        )
    }
}

/// [`compute`] by df-pn on a search thread: the outcome (or the value, by outcome questions)
/// and every winning move (each move's position asked whether it is lost). Also returns the
/// df-pn counters and the nodes of the value search for small parts.
fn compute_dfpn<G: SearchGame>(
    game: &G,
    table: &Table,
    parts: &[G::Component],
    moves: impl FnOnce() -> Vec<(String, String, Vec<G::Component>)>,
    o: &SearchOptions,
    stop: &AtomicBool,
    (live, pulse): (&DfpnLive, Option<&DfpnPulse>),
) -> Result<(Answer, Option<(DfpnStats, u64)>), SearchRunError> {
    let cfg = dfpn_config(game, o);
    let all = if o.moves { Some(moves()) } else { None };
    Search::<G>::on_search_thread(|| {
        let mut d = Dfpn::new(game, table, o.config.clone(), cfg)
            .with_stop(stop)
            .with_live(live);
        if let Some(pulse) = pulse {
            d = d.with_pulse(pulse);
        }
        let (value, outcome) = if o.outcome_only {
            (None, d.outcome(parts)?)
        } else {
            let v = d.value(parts)?;
            (Some(v), if v == 0 { Outcome::P } else { Outcome::N })
        };
        let root = d.stats();
        let winning = match all {
            Some(all) if outcome == Outcome::N => {
                let mut w = Vec::new();
                for (mv, after, comps) in all {
                    if d.outcome(&comps)? == Outcome::P {
                        w.push(WinningMove {
                            mv,
                            position: after,
                        });
                    }
                }
                Some(w)
            }
            Some(_) => Some(Vec::new()),
            None => None,
        };
        let mut stats = d.stats();
        stats.root = root.root;
        Ok(((value, outcome, winning), Some((stats, d.value_nodes()))))
    })
}

type Answer = (Option<u8>, Outcome, Option<Vec<WinningMove>>);

fn compute<G: SearchGame>(
    game: &G,
    search: &Search<'_, G>,
    table: &Table,
    parts: &[G::Component],
    moves: impl FnOnce() -> Vec<(String, String, Vec<G::Component>)>,
    o: &SearchOptions,
    stop: &AtomicBool,
) -> Result<Answer, SearchRunError> {
    if o.misere {
        let outcome = misere_outcome::outcome(game, table, parts, Some(stop))?;
        let winning = if o.moves && outcome == Outcome::N {
            let mut w = Vec::new();
            for (mv, after, comps) in moves() {
                if misere_outcome::outcome(game, table, &comps, Some(stop))? == Outcome::P {
                    w.push(WinningMove {
                        mv,
                        position: after,
                    });
                }
            }
            Some(w)
        } else {
            o.moves.then(Vec::new)
        };
        return Ok((None, outcome, winning));
    }
    let (value, outcome) = if o.outcome_only {
        (None, search.outcome(parts)?)
    } else {
        let v = search.value(parts)?;
        (Some(v), if v == 0 { Outcome::P } else { Outcome::N })
    };
    let winning = if o.moves && outcome == Outcome::N {
        let all = moves();
        let sums: Vec<Vec<G::Component>> = all.iter().map(|m| m.2.clone()).collect();
        let is = search.which_are(&sums, 0)?;
        Some(
            all.into_iter()
                .zip(is)
                .filter(|(_, w)| *w)
                .map(|((mv, after, _), _)| WinningMove {
                    mv,
                    position: after,
                })
                .collect(),
        )
    } else {
        o.moves.then(Vec::new)
    };
    Ok((value, outcome, winning))
}
