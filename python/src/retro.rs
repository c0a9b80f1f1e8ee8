//! `grundy.retro`: every position of a built-in game solved by tiered retrograde analysis — the
//! dict of `grundy retro GAME ... --json` (built by the library's `grundy::report::retro`).

use std::path::PathBuf;
use std::time::Instant;

use grundy::games::registry::{self, Engine, Sizes, TierBuildError};
use grundy::report::retro::{RetroReport, peak_bytes};
use grundy::tier::{self, SolveOptions, TierError, TieredGame};
use pyo3::exceptions::{PyOSError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::convert::{report, to_u64, to_u64_list, type_name};
use crate::interrupt::cancellable;

fn tier_error(e: TierError) -> PyErr {
    if e.is_io() {
        PyOSError::new_err(e.to_string())
    } else {
        PyValueError::new_err(e.to_string())
    }
}

/// A board size or coin count: a non-negative integer below `2^32`.
fn to_u32(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u32> {
    let v = to_u64(obj, what)?;
    u32::try_from(v).map_err(|_| {
        PyOverflowError::new_err(format!(
            "{what}: '{v}' is too large (the largest allowed is {})",
            u32::MAX
        ))
    })
}

/// The game named `name` with its size, with the command-line tool's checks.
fn build_game(
    name: &str,
    rows: Option<u32>,
    cols: Option<u32>,
    coins: Option<u32>,
) -> PyResult<Box<dyn TieredGame>> {
    let info = registry::game(name)
        .filter(|g| g.engines.contains(&Engine::Tier))
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "game '{name}': expected {}",
                registry::names_with(Engine::Tier)
            ))
        })?;
    let sizes = Sizes { rows, cols, coins };
    match info.tiered(&sizes) {
        Ok(g) => Ok(g),
        Err(TierBuildError::Game(e)) => Err(PyValueError::new_err(e)),
        Err(e) => Err(PyTypeError::new_err(e.message(|p| format!("{p}=")))),
    }
}

/// Solve every position of a built-in game by tiered retrograde analysis: the dict of
/// ``grundy retro GAME ... --json`` — the positions and tiers, the counts of P-, N- and
/// D-positions (draws), the number of positions of each value (``"inf"`` for infinite values),
/// and one position (default: the start) with its value, outcome, remoteness and every winning
/// move.
///
/// ``game`` is ``"chomp"`` (a ``rows`` × ``cols`` box; positions are row lengths, e.g.
/// ``"5,3,3"`` or ``[5, 3, 3]``), ``"cram"`` (dominoes on a ``rows`` × ``cols`` board; positions
/// are rows of ``.`` and ``#`` joined by ``/``), ``"fair-shares"`` (Fair Shares and Varied
/// Pairs with ``coins`` coins, loopy with draws; positions are heap sizes) or any other game of
/// the catalogue whose ``engines`` include ``"tier"`` (:func:`games`; e.g.
/// ``"subtract-square"``, heaps up to ``coins``). ``out`` is a database
/// directory (tier files and ``manifest.json``; a rerun resumes, a finished database answers
/// without solving); ``threads`` the worker threads (default: one per core). Solved with the GIL
/// released; Ctrl-C stops it with ``KeyboardInterrupt`` (the tiers finished before stay in
/// ``out``).
///
/// >>> import grundy
/// >>> r = grundy.retro("chomp", rows=2, cols=4)
/// >>> r["positions"], r["position"]["text"], r["position"]["outcome"]
/// (14, '4,4', 'N')
/// >>> r["position"]["winning_moves"]  # two rows: the P-positions are a = b + 1
/// ['4,3']
/// >>> grundy.retro("fair-shares", coins=6, position="3,3")["position"]["outcome"]
/// 'P'
/// >>> grundy.retro("chomp", rows=0, cols=5)
/// Traceback (most recent call last):
///     ...
/// ValueError: a 0×5 box has no cells; rows and columns must be at least 1
#[pyfunction]
#[pyo3(signature = (game, *, rows = None, cols = None, coins = None, position = None, out = None, threads = None))]
#[allow(clippy::too_many_arguments)]
pub fn retro<'py>(
    py: Python<'py>,
    game: &str,
    rows: Option<&Bound<'py, PyAny>>,
    cols: Option<&Bound<'py, PyAny>>,
    coins: Option<&Bound<'py, PyAny>>,
    position: Option<&Bound<'py, PyAny>>,
    out: Option<PathBuf>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let started = Instant::now();
    let opt = |v: Option<&Bound<'py, PyAny>>, what: &str| match v {
        Some(v) if !v.is_none() => to_u32(v, what).map(Some),
        _ => Ok(None),
    };
    let g = build_game(
        game,
        opt(rows, "rows")?,
        opt(cols, "cols")?,
        opt(coins, "coins")?,
    )?;
    let text = match position {
        None => None,
        Some(p) if p.is_none() => None,
        Some(p) if p.is_instance_of::<PyString>() => Some(p.extract::<String>()?),
        Some(p) => {
            let parts = to_u64_list(p, "position").map_err(|_| {
                PyTypeError::new_err(format!(
                    "position: expected the position's text or a list of integers, got {}",
                    type_name(p)
                ))
            })?;
            let parts: Vec<String> = parts.iter().map(u64::to_string).collect();
            Some(parts.join(","))
        }
    };
    let start = match &text {
        Some(t) => g
            .parse(t)
            .map_err(|e| PyValueError::new_err(format!("--position {t}: {e}")))?,
        None => g.start(),
    };
    let pool = match threads {
        Some(t) if !t.is_none() => {
            let t = to_u64(t, "threads")?;
            if t == 0 {
                return Err(PyValueError::new_err(
                    "threads=0: at least one thread is needed",
                ));
            }
            let t = usize::try_from(t).unwrap_or(usize::MAX);
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(t)
                    .build()
                    .map_err(|e| PyValueError::new_err(format!("threads={t}: {e}")))?,
            )
        }
        _ => None,
    };
    let dir = out.clone();
    let game_ref = g.as_ref();
    let (db, a) = cancellable(py, move |progress| {
        let opts = SolveOptions {
            dir,
            stop_after: None,
            progress,
        };
        let solve = || tier::solve(game_ref, &opts);
        let db = match &pool {
            Some(pool) => pool.install(solve),
            None => solve(),
        }
        .map_err(tier_error)?;
        let a = db.analyse(game_ref, start).map_err(tier_error)?;
        Ok::<_, PyErr>((db, a))
    })??;
    let r = RetroReport::new(
        g.as_ref(),
        &db,
        &a,
        out.as_ref().map(|d| d.display().to_string()),
        started.elapsed().as_secs_f64(),
        peak_bytes(),
    );
    report(py, &r)
}
