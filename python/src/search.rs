//! `grundy.search`: the value of one position of Cram, Node-Kayles, Arc-Kayles or Sprouts by the
//! search engine — the dict of `grundy search GAME ... --json` (built by `grundy::report::search`).

use std::path::PathBuf;

use grundy::games::cram::{self, Cram};
use grundy::games::kayles::graph::{Graph, MAX_VERTICES, parse_edge_list};
use grundy::games::kayles::{self, GridKayles, Rule};
use grundy::games::registry::{self, Engine};
use grundy::games::sprouts;
use grundy::report::search::{
    Request, SearchOptions, SearchRunError, Target, default_memory, parse_size, run,
};
use grundy::search::table::persist::PersistError;
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::convert::{report, to_u64, type_name};
use crate::interrupt::cancellable;

fn small(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
    let v = to_u64(obj, what)?;
    usize::try_from(v)
        .ok()
        .filter(|&v| v <= 1 << 20)
        .ok_or_else(|| PyValueError::new_err(format!("{what}: '{v}' is too large")))
}

/// The graph of `edges=`: edge-list text, or a list whose items are pairs `(u, v)` (edges) or
/// single vertices (isolated vertices).
fn graph_of(edges: &Bound<'_, PyAny>) -> PyResult<Graph> {
    if let Ok(s) = edges.cast::<PyString>() {
        return parse_edge_list(&s.extract::<String>()?)
            .map_err(|e| PyValueError::new_err(format!("edges: {e}")));
    }
    let iter = edges.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "edges: expected edge-list text or a list of (u, v) pairs, got {}",
            type_name(edges)
        ))
    })?;
    let mut list = Vec::new();
    let mut n = 0usize;
    for (i, item) in iter.enumerate() {
        let item = item?;
        let what = format!("edges[{i}]");
        let vs: Vec<usize> = if let Ok(v) = to_u64(&item, &what) {
            vec![v.min(u64::from(u32::MAX)) as usize]
        } else {
            let it = item.try_iter().map_err(|_| {
                PyTypeError::new_err(format!(
                    "{what}: expected a vertex or a pair (u, v), got {}",
                    type_name(&item)
                ))
            })?;
            let mut vs = Vec::new();
            for x in it {
                vs.push(small(&x?, &what)?);
            }
            vs
        };
        for &v in &vs {
            if v >= MAX_VERTICES {
                return Err(PyValueError::new_err(format!(
                    "{what}: vertex {v} is beyond the {MAX_VERTICES} vertices the search supports"
                )));
            }
            n = n.max(v + 1);
        }
        match vs.as_slice() {
            [_] => {}
            [u, v] if u == v => {
                return Err(PyValueError::new_err(format!(
                    "{what}: edge {u} {v} is a self-loop"
                )));
            }
            [u, v] => list.push((*u, *v)),
            _ => {
                return Err(PyValueError::new_err(format!(
                    "{what}: expected a vertex or a pair (u, v), got {} numbers",
                    vs.len()
                )));
            }
        }
    }
    Graph::from_edges(n, &list).map_err(PyValueError::new_err)
}

// Why this function is long: argument validation of a Python function with many keywords: each
// game's keywords checked against the other games' with a message naming the right ones, then
// `memory` and `threads`.
/// The value of one position too large to enumerate, by the search engine (components,
/// canonical forms, a bounded table, Beling–Rogalski and Lemoine–Viennot pruning): the dict of
/// ``grundy search GAME ... --json``.
///
/// ``game`` is ``"cram"`` (with ``rows=`` and ``cols=``, or ``board=`` text such as
/// ``"..#/..."``), ``"node-kayles"`` or ``"arc-kayles"`` (with ``grid=(rows, cols)``, or
/// ``edges=`` edge-list text or a list of pairs), or ``"sprouts"`` (with ``spots=n`` for the
/// start ``0*n``, or ``position=`` text in the notation, either separator style, such as
/// ``"0.AB|AB.0"``). ``moves=True`` lists every winning move, ``misere=True`` searches the misère
/// outcome, ``outcome=True`` the normal-play outcome only (``value`` is then ``None``),
/// ``memory`` (bytes or text such as ``"512M"``) sizes the table, ``table_dir`` keeps it on disk
/// so a run resumes.
///
/// >>> import grundy
/// >>> r = grundy.search("cram", rows=4, cols=5)
/// >>> r["value"], r["outcome"]
/// (2, 'N')
/// >>> grundy.search("node-kayles", grid=(3, 12))["value"]
/// 5
/// >>> grundy.search("node-kayles", edges=[(0, 1), (1, 2)], moves=True)["winning_moves"]
/// [{'move': '1', 'position': 'vertices left: none'}]
/// >>> r = grundy.search("sprouts", spots=3, moves=True)
/// >>> r["value"], r["position"], [m["position"] for m in r["winning_moves"]]
/// (1, '0.0.0', ['0.AB|0.AB', '0.1a1a'])
/// >>> grundy.search("sprouts", position="0*6", outcome=True)["outcome"]
/// 'P'
/// >>> grundy.search("cram", rows=0, cols=3)
/// Traceback (most recent call last):
///     ...
/// ValueError: cram board: a 0×3 board has no cells; rows and columns must be at least 1
#[pyfunction]
#[pyo3(signature = (game, *, rows=None, cols=None, board=None, grid=None, edges=None, spots=None, position=None, moves=false, misere=false, outcome=false, memory=None, threads=None, table_dir=None))]
#[allow(clippy::too_many_arguments)]
pub fn search<'py>(
    py: Python<'py>,
    game: &str,
    rows: Option<&Bound<'py, PyAny>>,
    cols: Option<&Bound<'py, PyAny>>,
    board: Option<&str>,
    grid: Option<&Bound<'py, PyAny>>,
    edges: Option<&Bound<'py, PyAny>>,
    spots: Option<&Bound<'py, PyAny>>,
    position: Option<&str>,
    moves: bool,
    misere: bool,
    outcome: bool,
    memory: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    table_dir: Option<PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    // the catalogue's name of the game (aliases such as node_kayles read as node-kayles)
    let name = registry::game(game)
        .filter(|g| g.engines.contains(&Engine::Search))
        .map(|g| g.name);
    let target = match name {
        Some(cram::NAME) => {
            if grid.is_some() || edges.is_some() || spots.is_some() || position.is_some() {
                return Err(PyTypeError::new_err(
                    "cram takes rows= and cols=, or board=; grid= and edges= are for node-kayles and arc-kayles, spots= and position= for sprouts",
                ));
            }
            let c = Cram::new(Default::default());
            let b = match (board, rows, cols) {
                (Some(text), None, None) => c.parse(text).map_err(|e| e.to_string()),
                (None, Some(r), Some(k)) => c.board(small(r, "rows")?, small(k, "cols")?),
                _ => {
                    return Err(PyTypeError::new_err(
                        "cram needs rows= and cols=, or board= (not both)",
                    ));
                }
            }
            .map_err(|e| PyValueError::new_err(format!("cram board: {e}")))?;
            Target::Cram(b)
        }
        Some(kayles::NODE_KAYLES_NAME | kayles::ARC_KAYLES_NAME) => {
            if rows.is_some()
                || cols.is_some()
                || board.is_some()
                || spots.is_some()
                || position.is_some()
            {
                return Err(PyTypeError::new_err(format!(
                    "{game} takes grid=(rows, cols) or edges=; rows=, cols= and board= are for cram, spots= and position= for sprouts"
                )));
            }
            let vertex = name == Some(kayles::NODE_KAYLES_NAME);
            match (grid, edges) {
                (Some(g), None) => {
                    let (r, c): (Bound<'py, PyAny>, Bound<'py, PyAny>) =
                        g.extract().map_err(|_| {
                            PyTypeError::new_err(format!(
                                "grid: expected a pair (rows, cols), got {}",
                                type_name(g)
                            ))
                        })?;
                    let b = GridKayles::default()
                        .grid(small(&r, "grid rows")?, small(&c, "grid cols")?)
                        .map_err(|e| PyValueError::new_err(format!("grid: {e}")))?;
                    if vertex {
                        Target::GridKayles(b)
                    } else {
                        Target::GridArcKayles(b)
                    }
                }
                (None, Some(e)) => {
                    let rule = if vertex { Rule::Vertex } else { Rule::Edge };
                    Target::Graph(rule, graph_of(e)?)
                }
                _ => {
                    return Err(PyTypeError::new_err(format!(
                        "{game} needs grid=(rows, cols) or edges= (not both)"
                    )));
                }
            }
        }
        Some(sprouts::NAME) => {
            if rows.is_some()
                || cols.is_some()
                || board.is_some()
                || grid.is_some()
                || edges.is_some()
            {
                return Err(PyTypeError::new_err(
                    "sprouts takes spots= or position=; rows=, cols= and board= are for cram, grid= and edges= for node-kayles and arc-kayles",
                ));
            }
            // read by the game of the default switches, which the search below uses
            let o = SearchOptions::default();
            match (spots, position) {
                (Some(n), None) => Target::sprouts_spots(small(n, "spots")?, &o),
                (None, Some(text)) => Target::sprouts(text, &o),
                _ => {
                    return Err(PyTypeError::new_err(
                        "sprouts needs spots= or position= (not both)",
                    ));
                }
            }
            .map_err(|e| PyValueError::new_err(e.to_string()))?
        }
        _ => {
            return Err(PyValueError::new_err(format!(
                "game '{game}': expected {}",
                registry::names_with(Engine::Search)
            )));
        }
    };
    let memory = match memory {
        None => default_memory(),
        Some(m) => match m.cast::<PyString>() {
            Ok(s) => parse_size(&s.extract::<String>()?)
                .map_err(|e| PyValueError::new_err(format!("memory: {e}")))?,
            Err(_) => {
                let b = to_u64(m, "memory")?;
                parse_size(&b.to_string())
                    .map_err(|e| PyValueError::new_err(format!("memory: {e}")))?
            }
        },
    };
    let threads = match threads {
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        Some(t) => {
            let t = to_u64(t, "threads")?;
            if t == 0 || t > 1024 {
                return Err(PyValueError::new_err(format!(
                    "threads: {t}; expected 1 to 1024"
                )));
            }
            t as usize
        }
    };
    let mut options = SearchOptions {
        memory,
        moves,
        misere,
        outcome_only: outcome,
        table_dir,
        ..Default::default()
    };
    options.config.threads = threads;
    let req = Request { target, options };
    let result = cancellable(py, |progress| run(&req, progress))?;
    match result {
        Ok(r) => report(py, &r),
        Err(SearchRunError::Persist(e @ PersistError::Io { .. })) => {
            Err(PyOSError::new_err(e.to_string()))
        }
        Err(e) => Err(PyValueError::new_err(e.to_string())),
    }
}
