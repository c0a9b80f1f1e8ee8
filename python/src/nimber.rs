//! `grundy.Nimber`: the values of impartial games, with nim-addition (XOR) and nim-multiplication.

use grundy::Nimber;
use pyo3::basic::CompareOp;
use pyo3::exceptions::PyZeroDivisionError;
use pyo3::prelude::*;
use pyo3::types::PyInt;

use crate::convert::{to_u64, to_u128};

/// A nimber ``*n``: the value of a Nim heap of size ``n``, and of every impartial game equivalent
/// to it (Sprague–Grundy). Nimbers form a field of characteristic 2 (Conway, *On Numbers and
/// Games*, ch. 6): ``+`` is nim-addition (XOR of the binary digits), ``*`` nim-multiplication,
/// ``/`` nim-division. A nimber equals the ``int`` of the same size.
///
/// >>> from grundy import Nimber
/// >>> Nimber(2) * Nimber(2)
/// *3
/// >>> Nimber(3) + Nimber(5), Nimber(3) + 5
/// (*6, *6)
/// >>> int(Nimber(7)), Nimber(7) == 7, str(Nimber(1)), str(Nimber(0))
/// (7, True, '*', '0')
/// >>> Nimber(3).inverse(), Nimber(2) / Nimber(3)
/// (*2, *3)
/// >>> Nimber(2) ** 3  # *2 has multiplicative order 3 in the field of order 4
/// *1
#[pyclass(module = "grundy", name = "Nimber", frozen)]
#[derive(Clone, Copy)]
pub struct PyNimber(pub Nimber);

/// `other` as a nimber: a `Nimber` or an `int`; `None` for any other type.
fn operand(other: &Bound<'_, PyAny>) -> PyResult<Option<Nimber>> {
    if let Ok(n) = other.cast::<PyNimber>() {
        return Ok(Some(n.get().0));
    }
    if other.is_instance_of::<PyInt>() {
        return Ok(Some(Nimber(to_u64(other, "nimber")?)));
    }
    Ok(None)
}

fn binary(
    py: Python<'_>,
    other: &Bound<'_, PyAny>,
    f: impl FnOnce(Nimber) -> PyResult<Nimber>,
) -> PyResult<Py<PyAny>> {
    match operand(other)? {
        Some(b) => Ok(Py::new(py, PyNimber(f(b)?))?.into_any()),
        None => Ok(py.NotImplemented()),
    }
}

#[pymethods]
impl PyNimber {
    #[new]
    fn new(n: &Bound<'_, PyAny>) -> PyResult<PyNimber> {
        if let Ok(x) = n.cast::<PyNimber>() {
            return Ok(*x.get());
        }
        Ok(PyNimber(Nimber(to_u64(n, "Nimber")?)))
    }

    /// The size ``n`` of ``*n``.
    #[getter]
    fn value(&self) -> u64 {
        self.0.0
    }

    fn __int__(&self) -> u64 {
        self.0.0
    }

    fn __index__(&self) -> u64 {
        self.0.0
    }

    fn __bool__(&self) -> bool {
        !self.0.is_zero()
    }

    fn __repr__(&self) -> String {
        format!("*{}", self.0.0)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        // The hash of the int, since the nimber equals it.
        self.0.0.into_pyobject(py)?.hash()
    }

    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let Some(b) = operand(other).ok().flatten() else {
            return Ok(py.NotImplemented());
        };
        let result = match op {
            CompareOp::Eq => self.0 == b,
            CompareOp::Ne => self.0 != b,
            _ => return Ok(py.NotImplemented()),
        };
        Ok(result.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, other, |b| Ok(self.0 + b))
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, other, |b| Ok(b + self.0))
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, other, |b| Ok(self.0 + b))
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, other, |b| Ok(b + self.0))
    }

    fn __xor__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, other, |b| Ok(self.0 + b))
    }

    fn __rxor__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, other, |b| Ok(b + self.0))
    }

    fn __mul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, other, |b| Ok(self.0 * b))
    }

    fn __rmul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, other, |b| Ok(b * self.0))
    }

    fn __truediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, other, |b| {
            self.0
                .checked_div(b)
                .ok_or_else(|| PyZeroDivisionError::new_err("nim-division by zero"))
        })
    }

    fn __rtruediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        binary(py, other, |b| {
            b.checked_div(self.0)
                .ok_or_else(|| PyZeroDivisionError::new_err("nim-division by zero"))
        })
    }

    fn __pow__(
        &self,
        exponent: &Bound<'_, PyAny>,
        modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyNimber> {
        if modulo.is_some_and(|m| !m.is_none()) {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "pow() of a nimber takes no modulus",
            ));
        }
        Ok(PyNimber(self.0.nim_pow(to_u128(exponent, "exponent")?)))
    }

    /// The nim-inverse ``x`` with ``self * x == 1``; ``ZeroDivisionError`` for ``*0``.
    ///
    /// >>> from grundy import Nimber
    /// >>> Nimber(2).inverse(), Nimber(2) * Nimber(2).inverse()
    /// (*3, *1)
    fn inverse(&self) -> PyResult<PyNimber> {
        self.0
            .inverse()
            .map(PyNimber)
            .ok_or_else(|| PyZeroDivisionError::new_err("*0 has no nim-inverse"))
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (u64,))> {
        let cls = py.get_type::<PyNimber>().into_any().unbind();
        Ok((cls, (self.0.0,)))
    }
}
