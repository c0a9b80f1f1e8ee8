//! `grundy.Game`: your own impartial game, written in Python, solved by the library's memoised
//! engine ([`grundy::solve::memo::Solver`]).
//!
//! Positions are Python objects, hashed and compared by Python (`__hash__`, `__eq__`); the engine
//! calls back into Python only for `options(position)` (and `decompose(position)` when the rules
//! define it). An exception inside those callbacks (or `KeyboardInterrupt`) stops the search and
//! is raised to the caller with its traceback; the memo is then rebuilt, since the unfinished
//! search may have stored values computed from missing options. A position that can repeat
//! along a line of play is refused with `ValueError` (the engine's loop check).

use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use grundy::solve::memo::{SolveError, Solver};
use grundy::{ImpartialGame, Outcome};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::convert::type_name;
use crate::nimber::PyNimber;

thread_local! {
    /// The first Python exception raised inside a callback of the running search.
    static PENDING: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

fn pending() -> bool {
    PENDING.with(|p| p.borrow().is_some())
}

fn set_pending(e: PyErr) {
    PENDING.with(|p| {
        let mut p = p.borrow_mut();
        if p.is_none() {
            *p = Some(e);
        }
    });
}

fn take_pending() -> Option<PyErr> {
    PENDING.with(|p| p.borrow_mut().take())
}

/// A position: a Python object, shared cheaply by the engine's memo and stack, with its Python
/// hash kept inline (hashing and most comparisons then never touch the object).
#[derive(Clone)]
pub struct Position {
    hash: isize,
    object: Arc<Py<PyAny>>,
}

impl Position {
    fn new(obj: &Bound<'_, PyAny>) -> PyResult<Position> {
        let hash = obj.hash().map_err(|e| {
            let msg = format!(
                "positions must be hashable (they are memoised), got {}: {e}",
                type_name(obj)
            );
            let err = PyTypeError::new_err(msg);
            err.set_cause(obj.py(), Some(e));
            err
        })?;
        Ok(Position {
            hash,
            object: Arc::new(obj.clone().unbind()),
        })
    }

    fn bind<'py>(&self, py: Python<'py>) -> &Bound<'py, PyAny> {
        self.object.bind(py)
    }

    fn object(&self, py: Python<'_>) -> Py<PyAny> {
        self.object.clone_ref(py)
    }
}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.hash.hash(state);
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        if self.hash != other.hash {
            return false;
        }
        if Arc::ptr_eq(&self.object, &other.object) || self.object.is(&*other.object) {
            return true;
        }
        Python::attach(|py| match self.bind(py).eq(other.bind(py)) {
            Ok(b) => b,
            Err(e) => {
                set_pending(e);
                false
            }
        })
    }
}

impl Eq for Position {}

/// The user's rules as an [`ImpartialGame`].
pub struct Rules {
    obj: Py<PyAny>,
    decomposes: bool,
}

impl Rules {
    fn call_options(&self, py: Python<'_>, p: &Position, out: &mut Vec<Position>) -> PyResult<()> {
        let opts = self.obj.bind(py).call_method1("options", (p.bind(py),))?;
        let iter = opts.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "options() must return an iterable of positions, got {}",
                type_name(&opts)
            ))
        })?;
        for item in iter {
            out.push(Position::new(&item?)?);
        }
        Ok(())
    }

    fn call_decompose(&self, py: Python<'_>, p: &Position) -> PyResult<Option<Vec<Position>>> {
        let parts = self.obj.bind(py).call_method1("decompose", (p.bind(py),))?;
        if parts.is_none() {
            return Ok(None);
        }
        let iter = parts.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "decompose() must return None or an iterable of positions, got {}",
                type_name(&parts)
            ))
        })?;
        let mut out = Vec::new();
        for item in iter {
            out.push(Position::new(&item?)?);
        }
        Ok(Some(out))
    }
}

impl ImpartialGame for Rules {
    type Position = Position;

    fn options(&self, p: &Position, out: &mut Vec<Position>) {
        if pending() {
            return;
        }
        Python::attach(|py| {
            if let Err(e) = py
                .check_signals()
                .and_then(|()| self.call_options(py, p, out))
            {
                out.clear();
                set_pending(e);
            }
        });
    }

    fn decompose(&self, p: &Position) -> Option<Vec<Position>> {
        if !self.decomposes || pending() {
            return None;
        }
        Python::attach(|py| match self.call_decompose(py, p) {
            Ok(parts) => parts,
            Err(e) => {
                set_pending(e);
                None
            }
        })
    }
}

/// Your own impartial game, solved by the Rust memo engine.
///
/// ``rules`` is any object with a method ``options(position)`` returning the positions reachable
/// in one move (an iterable of hashable positions); optionally ``decompose(position)`` returning
/// ``None`` (indivisible) or the independent parts whose sum the position is — their values are
/// then XORed (Sprague–Grundy theorem) instead of searching the sum. Values are memoised across
/// calls. ``limit`` caps the positions stored.
///
/// Exceptions raised by ``options``/``decompose`` propagate with their traceback; a game in which
/// a position can repeat raises ``ValueError``; Ctrl-C raises ``KeyboardInterrupt``.
///
/// >>> import grundy
/// >>> class TakeOneOrTwo:
/// ...     def options(self, n):
/// ...         return [n - k for k in (1, 2) if k <= n]
/// >>> g = grundy.Game(TakeOneOrTwo())
/// >>> g.value(7), g.outcome(7), g.winning_moves(7)
/// (*1, 'N', [6])
/// >>> g.value(7) == 1, g.outcome(9)
/// (True, 'P')
/// >>> class Loop:
/// ...     def options(self, n):
/// ...         return [1 - n]
/// >>> grundy.Game(Loop()).value(0)
/// Traceback (most recent call last):
///     ...
/// ValueError: the game is loopy: a position repeats along a line of play, so it has no finite Grundy value
#[pyclass(module = "grundy", name = "Game")]
pub struct PyGame {
    solver: Solver<Rules>,
    limit: Option<usize>,
}

impl PyGame {
    fn fresh(rules: Rules, limit: Option<usize>) -> Solver<Rules> {
        match limit {
            Some(l) => Solver::with_limit(rules, l),
            None => Solver::new(rules),
        }
    }

    /// Run `f` on the solver; a Python exception raised inside a callback wins over the result,
    /// and then the memo is rebuilt.
    fn run<T>(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut Solver<Rules>) -> Result<T, SolveError>,
    ) -> PyResult<T> {
        take_pending();
        let result = f(&mut self.solver);
        if let Some(e) = take_pending() {
            let rules = Rules {
                obj: self.solver.game().obj.clone_ref(py),
                decomposes: self.solver.game().decomposes,
            };
            self.solver = PyGame::fresh(rules, self.limit);
            return Err(e);
        }
        result.map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (rules, *, limit = None))]
    fn new(rules: &Bound<'_, PyAny>, limit: Option<usize>) -> PyResult<PyGame> {
        if !rules.hasattr("options")? {
            return Err(PyTypeError::new_err(format!(
                "rules must have a method options(position), got {}",
                type_name(rules)
            )));
        }
        let decomposes = rules.hasattr("decompose")?;
        let rules = Rules {
            obj: rules.clone().unbind(),
            decomposes,
        };
        Ok(PyGame {
            solver: PyGame::fresh(rules, limit),
            limit,
        })
    }

    /// The rules object given.
    #[getter]
    fn rules(&self, py: Python<'_>) -> Py<PyAny> {
        self.solver.game().obj.clone_ref(py)
    }

    /// How many positions have a stored value.
    #[getter]
    fn positions_stored(&self) -> usize {
        self.solver.positions_stored()
    }

    /// The Grundy value (nimber) of ``position``.
    fn value(&mut self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        let p = Position::new(position)?;
        self.run(py, |s| s.grundy(&p)).map(PyNimber)
    }

    /// ``'P'`` (the player to move loses) or ``'N'`` (the player to move wins).
    fn outcome(&mut self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        let p = Position::new(position)?;
        let o = self.run(py, |s| s.outcome(&p))?;
        Ok(match o {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        })
    }

    /// Every option of ``position`` that is a P-position, each once, in the order ``options``
    /// lists them (empty when ``position`` is P).
    fn winning_moves(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let p = Position::new(position)?;
        let moves = self.run(py, |s| s.winning_moves(&p))?;
        let mut seen = std::collections::HashSet::new();
        let once: Vec<Py<PyAny>> = moves
            .iter()
            .filter(|m| seen.insert((*m).clone()))
            .map(|m| m.object(py))
            .collect();
        // Comparing positions calls Python's __eq__, which may raise.
        if let Some(e) = take_pending() {
            return Err(e);
        }
        Ok(once)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let rules = self
            .solver
            .game()
            .obj
            .bind(py)
            .repr()
            .map(|r| r.to_string())
            .unwrap_or_else(|_| "?".into());
        format!(
            "Game({rules}, {} positions stored)",
            self.solver.positions_stored()
        )
    }
}
