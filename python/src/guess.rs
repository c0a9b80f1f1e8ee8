//! `grundy.guess` and `grundy.Guess`: the rule behind a table of Grundy values (the library's
//! `grundy::guess`), with how sure it is and its predictions beyond the data.

use grundy::games::heap::{Period, Ruleset};
use grundy::guess::input::{MAX_COORD, MAX_VALUE, MAX_VALUES};
use grundy::guess::report::{GuessReport, IdentifiedFactorsReport, IdentifiedReport};
use grundy::guess::sequence::{self, Proof};
use grundy::guess::table::{self, Table};
use grundy::guess::{Guess, Prediction, theorem};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};

use crate::convert::{plain, report, to_u64, type_name};

/// The rule found behind a table of Grundy values (see :func:`guess`): ``rule`` in the field's
/// notation, ``proved`` (only where a theorem covers it), ``certainty`` in words, and
/// ``predict(n)`` / ``predict(x, y)`` beyond the data.
///
/// >>> import grundy
/// >>> g = grundy.guess([n % 3 for n in range(60)])
/// >>> g.rule, g.proved
/// ('G(n) = n mod 3', False)
/// >>> g.certainty
/// 'consistent with all 60 values (a rule read off the data, not proved)'
/// >>> g.predict(10**15)
/// 1
#[pyclass(module = "grundy", name = "Guess", frozen)]
pub struct PyGuess {
    inner: Guess,
}

/// A value of the data, checked: a non-negative integer up to `2^48`.
fn value(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    let v = to_u64(obj, what)?;
    if v > MAX_VALUE {
        return Err(PyOverflowError::new_err(format!(
            "{what}: {v} is too large (values up to 2^48 = {MAX_VALUE})"
        )));
    }
    Ok(v)
}

fn is_line(obj: &Bound<'_, PyAny>) -> bool {
    obj.cast::<PyList>().is_ok() || obj.cast::<PyTuple>().is_ok()
}

/// A 2-D list `data[x][y]` (rows may differ in length; `None` marks a missing cell) as a table.
fn to_table(rows: &[Bound<'_, PyAny>]) -> PyResult<Table> {
    let mut lines: Vec<Vec<Option<u64>>> = Vec::new();
    for (x, row) in rows.iter().enumerate() {
        if !is_line(row) {
            return Err(PyTypeError::new_err(format!(
                "data[{x}]: expected a row (a list of values), got {}",
                type_name(row)
            )));
        }
        let mut line = Vec::new();
        for (y, item) in row.try_iter()?.enumerate() {
            let item = item?;
            line.push(if item.is_none() {
                None
            } else {
                Some(value(&item, &format!("data[{x}][{y}]"))?)
            });
        }
        lines.push(line);
    }
    let height = lines.iter().map(Vec::len).max().unwrap_or(0);
    if lines.len() as u64 > MAX_COORD + 1 || height as u64 > MAX_COORD + 1 {
        return Err(PyValueError::new_err(format!(
            "data: a table of {} × {height} cells is too large (at most {} × {})",
            lines.len(),
            MAX_COORD + 1,
            MAX_COORD + 1
        )));
    }
    let mut t = Table::new(lines.len(), height);
    for (x, line) in lines.iter().enumerate() {
        for (y, v) in line.iter().enumerate() {
            if let Some(v) = v {
                t.set(x, y, *v);
            }
        }
    }
    if t.is_empty() {
        return Err(PyValueError::new_err(
            "data: no values (the table is empty)",
        ));
    }
    Ok(t)
}

/// The values of a `grundy.Game` at the positions `0..n` (or the cells `(x, y)`, `x < X`,
/// `y < Y`, for `positions=(X, Y)`).
fn game_data(game: &Bound<'_, PyAny>, positions: Option<&Bound<'_, PyAny>>) -> PyResult<Data> {
    let Some(positions) = positions else {
        return Err(PyValueError::new_err(
            "guess(game): give positions=N (heaps 0..N-1) or positions=(X, Y) (cells (x, y))",
        ));
    };
    let int = |o: &Bound<'_, PyAny>| -> PyResult<u64> {
        let py = o.py();
        let v = py.import("builtins")?.getattr("int")?.call1((o,))?;
        to_u64(&v, "value")
    };
    if positions.is_instance_of::<PyInt>() || !positions.hasattr("__iter__")? {
        let n = to_u64(positions, "positions")?;
        if n > MAX_VALUES as u64 {
            return Err(PyValueError::new_err(format!(
                "positions: {n} heaps are too many (at most {MAX_VALUES})"
            )));
        }
        let mut out = Vec::with_capacity(n.min(1 << 20) as usize);
        for p in 0..n {
            out.push(int(&game.call_method1("value", (p,))?)?);
        }
        return Ok(Data::Values(out));
    }
    let pair: Vec<u64> = positions
        .try_iter()
        .map_err(|_| PyTypeError::new_err("positions: expected N or (X, Y)"))?
        .enumerate()
        .map(|(i, o)| to_u64(&o?, &format!("positions[{i}]")))
        .collect::<PyResult<_>>()?;
    let [w, h] = pair[..] else {
        return Err(PyValueError::new_err("positions: expected N or (X, Y)"));
    };
    if w > MAX_COORD + 1 || h > MAX_COORD + 1 {
        return Err(PyValueError::new_err(format!(
            "positions: at most {} × {} cells",
            MAX_COORD + 1,
            MAX_COORD + 1
        )));
    }
    let mut t = Table::new(w as usize, h as usize);
    for x in 0..w {
        for y in 0..h {
            t.set(
                x as usize,
                y as usize,
                int(&game.call_method1("value", ((x, y),))?)?,
            );
        }
    }
    Ok(Data::Table(t))
}

enum Data {
    Values(Vec<u64>),
    Table(Table),
    Proved(Vec<u64>, Proof),
}

/// The data of an `Analysis` (`Ruleset(...).analyse(N)`), with its proved period if any.
fn analysis_data(a: &Bound<'_, PyAny>) -> PyResult<Data> {
    let values = plain(&a.getattr("values")?)?;
    let values: Vec<u64> = values
        .try_iter()?
        .enumerate()
        .map(|(i, o)| value(&o?, &format!("values[{i}]")))
        .collect::<PyResult<_>>()?;
    if !a.getattr("proved")?.extract::<bool>()? {
        return Ok(Data::Values(values));
    }
    let code: String = a.getattr("ruleset")?.getattr("code")?.extract()?;
    let r: Ruleset = code
        .parse()
        .map_err(|e| PyValueError::new_err(format!("ruleset '{code}': {e}")))?;
    let period = Period {
        period: a.getattr("period")?.extract()?,
        preperiod: a.getattr("preperiod")?.extract()?,
        saltus: a.getattr("saltus")?.extract()?,
        proved: true,
    };
    Ok(Data::Proved(
        values,
        Proof {
            period,
            theorem: theorem(&r),
        },
    ))
}

/// Find the rule behind a table of Grundy values, and say how sure it is.
///
/// ``data`` is a sequence ``G(0), G(1), …`` (a list or a 1-D NumPy array), a table ``T[x][y]``
/// (a list of rows or a 2-D array; ``None`` marks a missing cell), an :class:`Analysis`
/// (``Ruleset(...).analyse(N)``: a period proved by a theorem makes the rule *proved*), or a
/// :class:`Game` with ``positions=N`` (heaps ``0..N-1``) or ``positions=(X, Y)`` (cells
/// ``(x, y)``). A rule read off values is only *consistent* with them; noise gives no rule.
///
/// >>> import grundy
/// >>> grundy.guess(grundy.Ruleset("kayles").analyse(500)).proved
/// True
/// >>> grundy.guess([[x ^ y for y in range(16)] for x in range(16)]).rule
/// 'T(x, y) = x ⊕ y'
/// >>> grundy.guess([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3]).found
/// False
#[pyfunction]
#[pyo3(signature = (data, *, positions=None))]
pub fn guess(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    positions: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyGuess> {
    let data = if data.hasattr("winning_moves")? && data.hasattr("value")? {
        game_data(data, positions)?
    } else if data.hasattr("preperiod")? && data.hasattr("ruleset")? {
        analysis_data(data)?
    } else {
        if data.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(
                "data: expected a list of values or of rows, got str",
            ));
        }
        let data = plain(data)?;
        let items: Vec<Bound<'_, PyAny>> = data
            .try_iter()
            .map_err(|_| {
                PyTypeError::new_err(format!(
                    "data: expected a list of values or of rows, got {}",
                    type_name(&data)
                ))
            })?
            .collect::<PyResult<_>>()?;
        if items.is_empty() {
            return Err(PyValueError::new_err("data: no values (the list is empty)"));
        }
        if is_line(&items[0]) {
            Data::Table(to_table(&items)?)
        } else {
            Data::Values(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, o)| value(o, &format!("data[{i}]")))
                    .collect::<PyResult<_>>()?,
            )
        }
    };
    let inner = py.detach(move || match data {
        Data::Values(v) => Guess::Sequence(sequence::guess(&v)),
        Data::Proved(v, p) => Guess::Sequence(sequence::guess_with(&v, None, Some(p))),
        Data::Table(t) => Guess::Table(table::guess(&t)),
    });
    Ok(PyGuess { inner })
}

impl PyGuess {
    fn prediction(&self, args: &Bound<'_, PyTuple>) -> PyResult<Prediction> {
        let names = if args.len() == 2 {
            ["x", "y"]
        } else {
            ["n", "n"]
        };
        let at: Vec<u64> = args
            .iter()
            .enumerate()
            .map(|(i, o)| to_u64(&o, names[i.min(1)]))
            .collect::<PyResult<_>>()?;
        self.inner.predict(&at).map_err(|_| {
            let (dims, want) = match self.inner {
                Guess::Sequence(_) => ("a sequence", "one heap: predict(n)"),
                Guess::Table(_) => ("a table", "a cell: predict(x, y)"),
            };
            PyValueError::new_err(format!("predict: the data are {dims}, so give {want}"))
        })
    }
}

#[pymethods]
impl PyGuess {
    /// Whether a rule was found.
    #[getter]
    fn found(&self) -> bool {
        self.inner.found()
    }

    /// The rule in the field's notation (with its exceptions), or ``None``.
    #[getter]
    fn rule(&self) -> Option<String> {
        self.inner.rule()
    }

    /// The class of the rule (``'periodic'``, ``'closed-form'``, ``'nim-sum'``, …), or ``None``.
    #[getter]
    fn rule_class(&self) -> Option<&'static str> {
        self.inner.class()
    }

    /// True only when a theorem proves the rule (a proved period of the ruleset computed).
    #[getter]
    fn proved(&self) -> bool {
        self.inner.proved()
    }

    /// How sure the rule is, in words.
    #[getter]
    fn certainty(&self) -> String {
        self.inner.certainty()
    }

    /// How many values (cells) the rule explains; the others are listed as exceptions.
    #[getter]
    fn explains(&self) -> usize {
        self.inner.explains()
    }

    /// How many values (cells) were given.
    #[getter]
    fn total(&self) -> usize {
        self.inner.total()
    }

    /// The known heap game the values are consistent with, as a dict ``{"ruleset", "name",
    /// "agrees", "also", "proved_by", "certainty", "predictions"}`` (``also``: the other games
    /// with the same values on the data), or ``None``. Looked up only for a list of values: a
    /// match means the data agree with that game, not that they are proved to be it.
    ///
    /// >>> import grundy
    /// >>> kayles = [int(v) for v in grundy.Ruleset("kayles").analyse(63).values]
    /// >>> g = grundy.guess(kayles)
    /// >>> g.found, g.identified["ruleset"], g.identified["name"], g.identified["also"]
    /// (False, '0.77', 'kayles', ['0.771'])
    #[getter]
    fn identified<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.inner
            .identified()
            .map(|id| report(py, &IdentifiedReport::new(id, &[])))
            .transpose()
    }

    /// For a table all of whose cells are ``f(x) ⊕ g(y)`` with ``f(0) = g(0) = 0`` (a sum of two
    /// games), the known heap games its factors are consistent with, as a dict ``{"rows",
    /// "columns", "predictions"}`` (``rows``: the game ``f`` matches, ``columns``: the game ``g``
    /// matches, each as :attr:`identified` or ``None``), or ``None`` when the table is not such a
    /// sum or neither factor matches a game. ``to_dict(at=[(x, y)])`` adds their values and sum.
    ///
    /// >>> import grundy
    /// >>> k = [int(v) for v in grundy.Ruleset("kayles").analyse(39).values]
    /// >>> g = grundy.guess([[k[x] ^ (y % 4) for y in range(30)] for x in range(40)])
    /// >>> found = g.identified_factors
    /// >>> found["rows"]["ruleset"], found["rows"]["name"], "sub:1,2,3" in found["columns"]["also"]
    /// ('0.77', 'kayles', True)
    #[getter]
    fn identified_factors<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.inner
            .identified_factors()
            .map(|id| report(py, &IdentifiedFactorsReport::new(id, &[])))
            .transpose()
    }

    /// ``n`` (or ``d``: every cell with ``max(x, y) >= d``) from which the rule holds without
    /// exception, or ``None``.
    #[getter]
    fn holds_from(&self) -> Option<u64> {
        self.inner.from().map(|f| f[0])
    }

    /// The value at ``n`` (or at ``(x, y)``): an ``int``, ``'P'``/``'N'`` when the rule gives only
    /// the outcome, ``None`` when it says nothing there.
    #[pyo3(signature = (*at))]
    fn predict<'py>(
        &self,
        py: Python<'py>,
        at: &Bound<'py, PyTuple>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let p = self.prediction(at)?;
        Ok(match (p.value, p.outcome) {
            (Some(v), _) => v.into_pyobject(py)?.into_any(),
            (None, Some(o)) => o.to_string().into_pyobject(py)?.into_any(),
            _ => py.None().into_bound(py),
        })
    }

    /// ``'P'`` or ``'N'`` at ``n`` (or ``(x, y)``), or ``None`` when unknown.
    #[pyo3(signature = (*at))]
    fn outcome(&self, at: &Bound<'_, PyTuple>) -> PyResult<Option<String>> {
        Ok(self.prediction(at)?.outcome.map(|o| o.to_string()))
    }

    /// The report, as ``grundy guess --json`` prints it; ``at`` lists positions to predict
    /// (``n`` or ``(x, y)``).
    #[pyo3(signature = (at=None))]
    fn to_dict<'py>(
        &self,
        py: Python<'py>,
        at: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut preds = Vec::new();
        if let Some(at) = at {
            let items = at.try_iter().map_err(|_| {
                PyTypeError::new_err(format!(
                    "at: expected a list of positions (n or (x, y)), got {}",
                    type_name(at)
                ))
            })?;
            for (i, item) in items.enumerate() {
                let item = item?;
                let args = if is_line(&item) {
                    PyTuple::new(py, item.try_iter()?.collect::<PyResult<Vec<_>>>()?)?
                } else {
                    PyTuple::new(py, [item])?
                };
                preds.push(
                    self.prediction(&args)
                        .map_err(|e| PyValueError::new_err(format!("at[{i}]: {}", e.value(py))))?,
                );
            }
        }
        report(py, &GuessReport::new(&self.inner, &preds))
    }

    fn __repr__(&self) -> String {
        match self.inner.rule() {
            Some(r) => format!("Guess({r:?}; {})", self.inner.certainty()),
            None => format!("Guess(no rule; {})", self.inner.certainty()),
        }
    }

    /// Jupyter: the rule, its class and its certainty as a small table.
    fn _repr_html_(&self) -> String {
        let esc = |s: &str| {
            s.replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
        };
        let row = |k: &str, v: &str| {
            format!(
                "<tr><th style='text-align:left'>{k}</th><td>{}</td></tr>",
                esc(v)
            )
        };
        let mut s = String::from("<table>");
        s.push_str(&row(
            "rule",
            &self.inner.rule().unwrap_or_else(|| "none found".into()),
        ));
        if let Some(c) = self.inner.class() {
            s.push_str(&row("class", c));
        }
        s.push_str(&row(
            "explains",
            &format!("{} of {}", self.inner.explains(), self.inner.total()),
        ));
        s.push_str(&row("certainty", &self.inner.certainty()));
        s.push_str("</table>");
        s
    }
}
