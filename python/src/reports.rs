//! `grundy.nim`, `grundy.solve`, `grundy.graph`, `grundy.count_heaps`: each returns the dict the
//! command-line tool prints with `--json` (built by the library's `grundy::report`).

use std::path::{Path, PathBuf};

use grundy::count::Arithmetic;
use grundy::count::heap_family::{self, HeapFamilyError};
use grundy::games::digraph::{self, Digraph, GraphError, sum};
use grundy::position::{self, PositionError};
use grundy::report::graph::GraphReport;
use grundy::report::nim::NimReport;
use grundy::report::solve::SolveReport;
use grundy::solve::outcomes::Play;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::convert::{plain, report, to_toml, to_u64, to_u64_list, to_u128, type_name};
use crate::heap::PyRuleset;
use crate::interrupt::{Interrupt, cancellable};

/// Bouton's analysis of a Nim position: the dict of ``grundy nim HEAPS --json`` — the nim-sum
/// of the heaps, the outcome, and every winning move.
///
/// >>> import grundy
/// >>> r = grundy.nim([3, 4, 5])
/// >>> r["value"], r["outcome"], r["winning_moves"]
/// (2, 'N', [{'heap': 0, 'from': 3, 'to': 1}])
/// >>> grundy.nim([1, 2, 3])["outcome"]
/// 'P'
/// >>> grundy.nim([3, -4])
/// Traceback (most recent call last):
///     ...
/// OverflowError: heaps[1]: '-4' is negative; expected a non-negative integer
#[pyfunction]
pub fn nim<'py>(py: Python<'py>, heaps: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let heaps = to_u64_list(heaps, "heaps")?;
    report(py, &NimReport::new(&heaps))
}

/// The TOML text of a position given as a dict (``{"component": [{"kind": "nim", ...}]}``) or a
/// list of component dicts.
fn position_text(position: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = position.cast::<PyString>() {
        return s.extract::<String>();
    }
    let value = if position.is_instance_of::<PyList>() {
        let mut doc = toml::Table::new();
        doc.insert("component".into(), to_toml(position, "position")?);
        toml::Value::Table(doc)
    } else if position.is_instance_of::<PyDict>() {
        to_toml(position, "position")?
    } else {
        return Err(PyTypeError::new_err(format!(
            "position: expected TOML text, a dict shaped like a position file or a list of components, got {}",
            type_name(position)
        )));
    };
    toml::to_string(&value)
        .map_err(|e| PyValueError::new_err(format!("position: cannot be written as TOML: {e}")))
}

/// Solve a position made of components of every family: the dict of ``grundy solve FILE --json``
/// — play, value, outcome, each component's value, every winning move and the method.
///
/// ``position`` is TOML text (the position-file format, ``[[component]]`` tables), a dict shaped
/// like it, or a list of component dicts. ``file`` fields are read relative to the current folder.
/// ``misere=True`` solves misère play (the last player to move loses). Computed with the GIL
/// released; Ctrl-C stops the values of heap and graph components with ``KeyboardInterrupt``.
///
/// >>> import grundy
/// >>> pos = {"component": [{"kind": "nim", "heaps": [3, 4, 5]},
/// ...                      {"kind": "heap", "ruleset": "kayles", "heaps": [7]}]}
/// >>> r = grundy.solve(pos)
/// >>> r["value"], r["outcome"], [c["value"] for c in r["components"]]
/// (0, 'P', [2, 2])
/// >>> grundy.solve([{"kind": "nim", "heaps": [1, 1]}], misere=True)["outcome"]
/// 'N'
/// >>> grundy.solve('[[component]]\nkind = "nim"\nheaps = [3, -4]\n')
/// Traceback (most recent call last):
///     ...
/// ValueError: component 0 (kind "nim"), field "heaps", line 3: element 1 is -4, expected a non-negative integer
#[pyfunction]
#[pyo3(signature = (position, *, misere = false))]
pub fn solve<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    misere: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let text = position_text(position)?;
    let play = if misere { Play::Misere } else { Play::Normal };
    let (p, a) = cancellable(py, move |progress| {
        let p = position::parse_position_with(&text, Path::new("."), progress).map_err(
            |e| match e {
                PositionError::Io { .. } => PyOSError::new_err(e.to_string()),
                other => PyValueError::new_err(other.to_string()),
            },
        )?;
        let a = position::analyse(&p, play).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok::<_, PyErr>((p, a))
    })??;
    report(py, &SolveReport::new(&p, &a))
}

/// The edges of a graph: pairs ``(u, v)`` from a list or an ``(m, 2)`` integer array.
fn edge_list(edges: &Bound<'_, PyAny>) -> PyResult<Vec<(u32, u32)>> {
    let edges = plain(edges)?;
    let iter = edges.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "edges: expected a list of pairs (u, v) or an (m, 2) integer array, got {}",
            type_name(&edges)
        ))
    })?;
    let mut out = Vec::new();
    for (i, pair) in iter.enumerate() {
        if i % (1 << 16) == 0 {
            edges.py().check_signals()?;
        }
        let pair = pair?;
        // The common case first: a tuple or list of two integers (the general path below
        // gives the messages).
        let fast = if pair.is_instance_of::<PyTuple>() {
            pair.extract::<(u64, u64)>().ok()
        } else if pair.is_instance_of::<PyList>() {
            pair.extract::<[u64; 2]>().ok().map(|[u, v]| (u, v))
        } else {
            None
        };
        let ends = match fast {
            Some((u, v)) => vec![u, v],
            None => to_u64_list(&pair, &format!("edges[{i}]"))?,
        };
        let [u, v] = ends[..] else {
            return Err(PyValueError::new_err(format!(
                "edges[{i}]: an edge is a pair (u, v), got {} numbers",
                ends.len()
            )));
        };
        let id = |x: u64| {
            u32::try_from(x)
                .ok()
                .filter(|&x| (x as usize) < digraph::MAX_VERTICES)
                .ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "edges[{i}]: vertex {x} is beyond the limit of {} vertices",
                        digraph::MAX_VERTICES
                    ))
                })
        };
        out.push((id(u)?, id(v)?));
    }
    Ok(out)
}

/// Token games on a directed graph (cycles allowed): the dict of
/// ``grundy graph FILE --tokens ... --json`` — the graph's size, whether it is acyclic, the value
/// of the tokens (XOR, or Smith's rules for infinite values ``∞(K)``), the outcome (P, N or D for
/// a draw) and every winning move. ``values=True`` adds the value of every vertex.
///
/// ``edges`` is a list of pairs ``(u, v)`` (a move from ``u`` to ``v``), an ``(m, 2)`` integer
/// array, or the path of a graph file as ``grundy graph`` reads it (an edge list ``u v`` per line,
/// or the compact binary form); ``vertices`` defaults to the largest id + 1. Read and computed
/// with the GIL released; Ctrl-C stops it with ``KeyboardInterrupt``.
///
/// >>> import grundy
/// >>> r = grundy.graph([(0, 1), (1, 0), (0, 2), (3, 3)], tokens=[0, 2], values=True)
/// >>> r["acyclic"], r["value"], r["outcome"], r["values"]
/// (False, 1, 'N', [1, 0, 0, {'inf': []}])
/// >>> grundy.graph([(0, 1)], tokens=[5])
/// Traceback (most recent call last):
///     ...
/// ValueError: token 0 is on vertex 5, but the graph has only 2 vertices (0..2)
#[pyfunction]
#[pyo3(signature = (edges, *, tokens = None, vertices = None, values = false))]
pub fn graph<'py>(
    py: Python<'py>,
    edges: &Bound<'py, PyAny>,
    tokens: Option<&Bound<'py, PyAny>>,
    vertices: Option<&Bound<'py, PyAny>>,
    values: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let tokens = match tokens {
        Some(t) => to_u64_list(t, "tokens")?,
        None => Vec::new(),
    };
    let declared = match vertices {
        Some(v) => {
            let n = to_u64(v, "vertices")?;
            if n > digraph::MAX_VERTICES as u64 {
                return Err(PyValueError::new_err(format!(
                    "--vertices {n} is more than the limit of {}",
                    digraph::MAX_VERTICES
                )));
            }
            Some(n as usize)
        }
        None => None,
    };
    let source = if edges.is_instance_of::<PyString>() || edges.hasattr("__fspath__")? {
        Err(edges.extract::<PathBuf>()?)
    } else {
        Ok(edge_list(edges)?)
    };
    let tokens_ref = &tokens;
    let (g, vals, analysis) = cancellable(py, move |progress| {
        let g = match source {
            Err(path) => {
                digraph::read_graph_with(&path, declared, progress).map_err(|e| match &e {
                    GraphError::Io { error, .. }
                        if error.kind() == std::io::ErrorKind::NotFound =>
                    {
                        PyFileNotFoundError::new_err(e.to_string())
                    }
                    _ if e.is_io() => PyOSError::new_err(e.to_string()),
                    _ => PyValueError::new_err(e.to_string()),
                })?
            }
            Ok(edges) => {
                let n = declared.unwrap_or_else(|| {
                    edges
                        .iter()
                        .map(|&(u, v)| u.max(v) as usize + 1)
                        .max()
                        .unwrap_or(0)
                });
                Digraph::from_edges(n, &edges).map_err(|e| PyValueError::new_err(e.to_string()))?
            }
        };
        let checked =
            sum::check_tokens(&g, tokens_ref).map_err(|e| PyValueError::new_err(e.to_string()))?;
        // Cancelled only on Ctrl-C, whose KeyboardInterrupt `cancellable` raises instead.
        let vals =
            digraph::try_values(&g, progress).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let analysis =
            sum::analyze(&g, &vals, &checked).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok::<_, PyErr>((g, vals, analysis))
    })??;
    report(py, &GraphReport::new(&g, &vals, &tokens, &analysis, values))
}

/// Count the positions of ``heaps`` heaps of a heap game with sizes ``min..=max``: the dict of
/// ``grundy count heaps RULESET --heaps K --min A --max B --json`` — P- and N-positions and the
/// total, exact integers of any size (or residues with ``mod``). ``multiset=True`` counts
/// multisets (order ignored) instead of ordered tuples. ``max`` may be huge when the ruleset has
/// a proved period. Computed with the GIL released; Ctrl-C stops it.
///
/// >>> import grundy
/// >>> grundy.count_heaps("sub:squares", heaps=3, max=29, multiset=True)
/// {'p_positions': 1160, 'n_positions': 3800, 'total': 4960}
/// >>> grundy.count_heaps("kayles", heaps=2, max=10**18)["p_positions"]
/// 208333333333333329833333333333333421
/// >>> grundy.count_heaps("nim", heaps=2, max=3, mod=1)
/// Traceback (most recent call last):
///     ...
/// ValueError: modulus 1 is too small: it must be at least 2
#[pyfunction]
#[pyo3(signature = (ruleset, *, heaps, max, min = None, multiset = false, r#mod = None))]
#[allow(clippy::too_many_arguments)]
pub fn count_heaps<'py>(
    py: Python<'py>,
    ruleset: &Bound<'py, PyAny>,
    heaps: &Bound<'py, PyAny>,
    max: &Bound<'py, PyAny>,
    min: Option<&Bound<'py, PyAny>>,
    multiset: bool,
    r#mod: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = match ruleset.cast::<PyRuleset>() {
        Ok(r) => r.get().inner.clone(),
        Err(_) => {
            let text: String = ruleset.extract().map_err(|_| {
                PyTypeError::new_err(format!(
                    "ruleset: expected a Ruleset or its code (str), got {}",
                    type_name(ruleset)
                ))
            })?;
            text.parse()
                .map_err(|e| PyValueError::new_err(format!("ruleset '{text}': {e}")))?
        }
    };
    let k = to_u128(heaps, "heaps")?;
    let hi = to_u64(max, "max")?;
    let lo = match min {
        Some(m) => to_u64(m, "min")?,
        None => 0,
    };
    let arith = match r#mod {
        Some(p) if !p.is_none() => Arithmetic::Modulo(to_u64(p, "mod")?),
        _ => Arithmetic::Exact,
    };
    let (result, mut interrupt) = py.detach(move || {
        let mut interrupt = Interrupt::new();
        let r = heap_family::count_heap_family(&rules, k, lo, hi, multiset, arith, &mut || {
            interrupt.stop()
        });
        (r, interrupt)
    });
    if let Some(e) = interrupt.take() {
        return Err(e);
    }
    let c = result.map_err(|e| match e {
        HeapFamilyError::Interrupted => PyValueError::new_err("interrupted"),
        other => PyValueError::new_err(other.to_string()),
    })?;
    report(py, &c.counts)
}

/// The catalogue of games: the list ``grundy games --json`` prints under ``"games"`` — for each game its
/// ``name`` (as ``retro`` and ``search`` take it), ``title``, ``rules``, ``notation``,
/// ``parameters``, ``engines`` (``"search"``, ``"tier"``, …) and ``commands``.
///
/// >>> import grundy
/// >>> [g["name"] for g in grundy.games() if "tier" in g["engines"]]
/// ['chomp', 'cram', 'fair-shares', 'subtract-square']
#[pyfunction]
pub fn games(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let text = serde_json::to_string(&grundy::games::registry::GAMES)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (text,))
}
