//! `grundy.Ruleset` and `grundy.Analysis`: nim-sequences of heap games with their periods.

use grundy::games::heap::{self, MAX_TO, Sequencer};
use grundy::progress::Silent;
use grundy::report::seq::{SeqReport, plot_title};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyList};

use crate::convert::{report, to_u64};
use crate::interrupt::Interrupt;
use crate::nimber::PyNimber;

/// The largest heap whose options :meth:`Ruleset.options` lists (a heap of ``n`` may have
/// ``O(n²)`` options with three-heap splits).
const MAX_OPTIONS_HEAP: u64 = 10_000;

/// The rules of a heap game: any ruleset ``grundy seq`` accepts — octal and hexadecimal codes
/// (``0.77``, ``.07``, ``4.07``, ``0.8``, ``!`` for unequal splits), ``sub:1,3,4``,
/// ``sub:squares|primes|powers-of-2|fibonacci``, ``allbut:1,2``, or a name (``nim``, ``kayles``,
/// ``dawsons-kayles``, ``treblecross``, ``guiles``, ``grundys-game``).
///
/// >>> from grundy import Ruleset
/// >>> k = Ruleset("kayles")
/// >>> k, str(k), k.name
/// (Ruleset('0.77'), '0.77', 'kayles')
/// >>> k.options(3)  # take one or two pins, from the end or the middle
/// [[1], [1, 1], [2]]
/// >>> Ruleset("sub:5,")
/// Traceback (most recent call last):
///     ...
/// ValueError: ruleset 'sub:5,': column 7: '' is not a positive integer (empty list element)
#[pyclass(module = "grundy", name = "Ruleset", frozen)]
pub struct PyRuleset {
    pub inner: heap::Ruleset,
}

#[pymethods]
impl PyRuleset {
    #[new]
    fn new(code: &str) -> PyResult<PyRuleset> {
        code.parse()
            .map(|inner| PyRuleset { inner })
            .map_err(|e| PyValueError::new_err(format!("ruleset '{code}': {e}")))
    }

    /// The canonical code, e.g. ``'0.77'``.
    #[getter]
    fn code(&self) -> String {
        self.inner.to_string()
    }

    /// The game's name for the named games (``'kayles'``), else ``None``.
    #[getter]
    fn name(&self) -> Option<&'static str> {
        self.inner.name()
    }

    fn __repr__(&self) -> String {
        format!("Ruleset('{}')", self.inner)
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyRuleset>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.hash(&mut h);
        h.finish()
    }

    /// Every option of one heap of ``n``: the lists of heaps left by each move (``[]`` when the
    /// heap vanishes), each sorted, the whole sorted and without repeats. At most heap 10000.
    ///
    /// >>> from grundy import Ruleset
    /// >>> Ruleset("grundys-game").options(6)  # split into two unequal heaps
    /// [[1, 5], [2, 4]]
    fn options(&self, n: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<u64>>> {
        let n = to_u64(n, "n")?;
        if n > MAX_OPTIONS_HEAP {
            return Err(PyValueError::new_err(format!(
                "n {n} is above {MAX_OPTIONS_HEAP}: too many options to list"
            )));
        }
        let mut out = Vec::new();
        self.inner.moves(n, &mut out);
        Ok(out)
    }

    /// Compute ``G(0), …, G(to)`` and the period (proved by a theorem where one applies), with the
    /// GIL released; Ctrl-C stops it with ``KeyboardInterrupt``.
    ///
    /// >>> from grundy import Ruleset
    /// >>> a = Ruleset("kayles").analyse(300)
    /// >>> a.period, a.preperiod, a.proved
    /// (12, 71, True)
    /// >>> a.values[:8].tolist()
    /// [0, 1, 2, 3, 1, 4, 3, 2]
    /// >>> a.value_at(10**12)  # 10**12 = 4 (mod 12), and past heap 71 G = 1 at 4 (mod 12)
    /// *1
    fn analyse(&self, py: Python<'_>, to: &Bound<'_, PyAny>) -> PyResult<PyAnalysis> {
        let to = to_u64(to, "to")?;
        if to > MAX_TO as u64 {
            return Err(PyValueError::new_err(format!(
                "--to {to} is beyond the supported limit {MAX_TO} (all values are kept in memory)"
            )));
        }
        let ruleset = self.inner.clone();
        let (analysis, mut interrupt) = py.detach(move || {
            let mut interrupt = Interrupt::new();
            let mut seq = Sequencer::new(&ruleset);
            let done = seq.run(to as usize, &Silent, |_| {
                if interrupt.stop() { Err(()) } else { Ok(()) }
            });
            (done.ok().map(|()| seq.analysis()), interrupt)
        });
        match (analysis, interrupt.take()) {
            (_, Some(e)) => Err(e),
            (Some(a), None) => Ok(PyAnalysis { inner: a }),
            (None, None) => Err(PyValueError::new_err("the computation stopped")),
        }
    }

    /// Alias of :meth:`analyse`.
    fn analyze(&self, py: Python<'_>, to: &Bound<'_, PyAny>) -> PyResult<PyAnalysis> {
        self.analyse(py, to)
    }
}

/// A computed nim-sequence ``G(0..=to)`` of a heap game with its period. ``values`` is a NumPy
/// array (``uint16``, or ``uint32`` for larger values) when NumPy is installed, else a list.
/// In Jupyter it displays as a plot of ``G(n)`` against ``n``.
///
/// >>> from grundy import Ruleset
/// >>> a = Ruleset("dawsons-kayles").analyse(500)
/// >>> a
/// Analysis(0.07 (dawsons-kayles), heaps 0..=500, period 34 from heap 53, proved)
/// >>> len(a), a[10], a.largest, a.checksum == a.to_dict()["checksum"]
/// (501, *3, *9, True)
/// >>> a.to_dict()["period"]
/// 34
#[pyclass(module = "grundy", name = "Analysis", frozen)]
pub struct PyAnalysis {
    inner: heap::Analysis,
}

#[pymethods]
impl PyAnalysis {
    /// The ruleset analysed.
    #[getter]
    fn ruleset(&self) -> PyRuleset {
        PyRuleset {
            inner: self.inner.ruleset().clone(),
        }
    }

    /// ``G(0), …, G(to)``: a NumPy array (``uint16`` or ``uint32``), or a list without NumPy.
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let Ok(numpy) = py.import("numpy") else {
            let list: Vec<u64> = self.inner.iter_u64().collect();
            return Ok(PyList::new(py, list)?.into_any());
        };
        let wide = self.inner.largest().0 > u64::from(u16::MAX);
        let mut bytes = Vec::with_capacity(self.inner.len() * if wide { 4 } else { 2 });
        for v in self.inner.iter_u64() {
            if wide {
                bytes.extend_from_slice(&(v as u32).to_ne_bytes());
            } else {
                bytes.extend_from_slice(&(v as u16).to_ne_bytes());
            }
        }
        let dtype = numpy.getattr(if wide { "uint32" } else { "uint16" })?;
        let buffer = PyByteArray::new(py, &bytes);
        numpy.call_method1("frombuffer", (buffer, dtype))
    }

    /// The largest heap computed.
    #[getter]
    fn to(&self) -> usize {
        self.inner.len() - 1
    }

    /// The period ``p`` (``G(n + p) = G(n) + saltus`` from the preperiod on), or ``None``.
    #[getter]
    fn period(&self) -> Option<usize> {
        self.inner.period().map(|p| p.period)
    }

    /// The first heap of the periodic part, or ``None``.
    #[getter]
    fn preperiod(&self) -> Option<usize> {
        self.inner.period().map(|p| p.preperiod)
    }

    /// The saltus of an arithmetic period (0 for an ordinary one), or ``None``.
    #[getter]
    fn saltus(&self) -> Option<u64> {
        self.inner.period().map(|p| p.saltus)
    }

    /// True when a theorem proves the period (octal periodicity theorem, the window criterion of
    /// subtraction games, or the all-but certificate).
    #[getter]
    fn proved(&self) -> bool {
        self.inner.period().is_some_and(|p| p.proved)
    }

    /// The largest value.
    #[getter]
    fn largest(&self) -> PyNimber {
        PyNimber(self.inner.largest())
    }

    /// How many heaps have value 0 (P-positions).
    #[getter]
    fn p_positions(&self) -> usize {
        self.inner.p_positions()
    }

    /// CRC-32 of the values as ``u32`` little-endian, in hexadecimal (as ``grundy seq`` prints).
    #[getter]
    fn checksum(&self) -> String {
        format!("{:08x}", self.inner.checksum())
    }

    /// ``G(n)`` for any heap: a computed value, or one given by the proved period;
    /// ``ValueError`` beyond the computed values without a proof.
    ///
    /// >>> from grundy import Ruleset
    /// >>> Ruleset("grundys-game").analyse(100).value_at(10**6)
    /// Traceback (most recent call last):
    ///     ...
    /// ValueError: heap 1000000 is beyond the computed heaps 0..=100 and no period is proved
    fn value_at(&self, n: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        let n = to_u64(n, "n")?;
        self.inner.value_at(n).map(PyNimber).ok_or_else(|| {
            PyValueError::new_err(format!(
                "heap {n} is beyond the computed heaps 0..={} and no period is proved",
                self.inner.len() - 1
            ))
        })
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn __getitem__(&self, n: isize) -> PyResult<PyNimber> {
        let len = self.inner.len() as isize;
        let i = if n < 0 { n + len } else { n };
        if i < 0 || i >= len {
            return Err(PyIndexError::new_err(format!(
                "heap {n} is outside the computed heaps 0..={}",
                len - 1
            )));
        }
        Ok(PyNimber(self.inner.value(i as usize).unwrap_or_default()))
    }

    /// The dict ``grundy seq RULESET --to N --json`` prints.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        report(py, &SeqReport::new(&self.inner))
    }

    /// The plot of ``G(n)`` against ``n`` as SVG text (Jupyter shows it).
    fn _repr_svg_(&self) -> PyResult<String> {
        let values: Vec<u64> = self.inner.iter_u64().collect();
        grundy::plot::scatter_svg(&plot_title(&self.inner), &values)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    fn __repr__(&self) -> String {
        let r = self.inner.ruleset();
        let name = r.name().map(|n| format!(" ({n})")).unwrap_or_default();
        let period = match self.inner.period() {
            None => "no period seen".to_string(),
            Some(p) => {
                let saltus = if p.saltus > 0 {
                    format!(" with saltus {}", p.saltus)
                } else {
                    String::new()
                };
                let how = if p.proved { "proved" } else { "apparent" };
                format!(
                    "period {} from heap {}{saltus}, {how}",
                    p.period, p.preperiod
                )
            }
        };
        format!(
            "Analysis({r}{name}, heaps 0..={}, {period})",
            self.inner.len() - 1
        )
    }
}
