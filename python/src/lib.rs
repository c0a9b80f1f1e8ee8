//! The Python package `grundy`: a thin PyO3 layer over the `grundy` library.
//!
//! Every function returns what the command-line tool prints with `--json` (built by the
//! library's `grundy::report`), as a `grundy.Report` dict; long computations release the GIL and
//! stop on Ctrl-C. Modules: [`nimber`] (`Nimber`), [`heap`] (`Ruleset`, `Analysis`), [`reports`]
//! (`nim`, `solve`, `graph`, `count_heaps`, `games`), [`retro`] (`retro`: every position of a built-in
//! game by tiered retrograde analysis), [`game`] (`Game`, your own games), [`convert`] (argument
//! checks with the CLI's messages), [`interrupt`] (Ctrl-C).

mod convert;
mod game;
mod guess;
mod heap;
mod interrupt;
mod nimber;
mod reports;
mod retro;
mod search;

use pyo3::prelude::*;

/// The native part of the `grundy` package (import `grundy`, not this).
#[pymodule(gil_used = true)]
#[pyo3(name = "_grundy")]
fn grundy_native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<nimber::PyNimber>()?;
    m.add_class::<heap::PyRuleset>()?;
    m.add_class::<heap::PyAnalysis>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<guess::PyGuess>()?;
    m.add_function(wrap_pyfunction!(guess::guess, m)?)?;
    m.add_function(wrap_pyfunction!(reports::games, m)?)?;
    m.add_function(wrap_pyfunction!(reports::nim, m)?)?;
    m.add_function(wrap_pyfunction!(reports::solve, m)?)?;
    m.add_function(wrap_pyfunction!(reports::graph, m)?)?;
    m.add_function(wrap_pyfunction!(reports::count_heaps, m)?)?;
    m.add_function(wrap_pyfunction!(retro::retro, m)?)?;
    m.add_function(wrap_pyfunction!(search::search, m)?)?;
    Ok(())
}
