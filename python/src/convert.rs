//! Conversions between Python objects and the library's inputs and reports.
//!
//! Integers are checked with the command-line tool's messages (`'-1' is negative; expected a
//! non-negative integer`, `... is too large (the largest allowed is ...)`), prefixed by the place
//! (`heaps[2]: ...`), and raised as `OverflowError` (out of range) or `TypeError` (not an integer).

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde::Serialize;

/// `obj` as a Python `int`: an `int` itself, or anything with `__index__` (NumPy integers).
fn as_int<'py>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Bound<'py, PyInt>> {
    if let Ok(i) = obj.cast::<PyInt>() {
        return Ok(i.clone());
    }
    let py = obj.py();
    let index = py.import("operator")?.getattr("index")?;
    match index.call1((obj,)) {
        Ok(i) => Ok(i.cast_into::<PyInt>()?),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what}: expected a non-negative integer, got {}",
            type_name(obj)
        ))),
    }
}

/// The name of `obj`'s type, for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// A non-negative integer below `2^64`.
pub fn to_u64(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    let i = as_int(obj, what)?;
    if let Ok(v) = i.extract::<u64>() {
        return Ok(v);
    }
    Err(out_of_range(&i, what, &u64::MAX.to_string()))
}

/// A non-negative integer below `2^128`.
pub fn to_u128(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u128> {
    let i = as_int(obj, what)?;
    if let Ok(v) = i.extract::<u128>() {
        return Ok(v);
    }
    Err(out_of_range(&i, what, &u128::MAX.to_string()))
}

fn out_of_range(i: &Bound<'_, PyInt>, what: &str, largest: &str) -> PyErr {
    let negative = i.lt(0).unwrap_or(false);
    if negative {
        PyOverflowError::new_err(format!(
            "{what}: '{i}' is negative; expected a non-negative integer"
        ))
    } else {
        PyOverflowError::new_err(format!(
            "{what}: '{i}' is too large (the largest allowed is {largest})"
        ))
    }
}

/// A list of non-negative integers below `2^64` (any iterable; a NumPy array goes through
/// `tolist()` first), each checked as `name[i]`.
pub fn to_u64_list(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<u64>> {
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "{name}: expected a list of non-negative integers, got str"
        )));
    }
    let obj = plain(obj)?;
    let mut out = Vec::new();
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "{name}: expected a list of non-negative integers, got {}",
            type_name(&obj)
        ))
    })?;
    for (i, item) in iter.enumerate() {
        out.push(to_u64(&item?, &format!("{name}[{i}]"))?);
    }
    Ok(out)
}

/// A NumPy array as nested Python lists (`tolist()`); anything else unchanged.
pub fn plain<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    if obj.hasattr("tolist")? && obj.hasattr("shape")? {
        obj.call_method0("tolist")
    } else {
        Ok(obj.clone())
    }
}

/// A report as the `grundy.Report` dict the command-line tool prints with `--json`: serialized by
/// `serde_json` (the same bytes as the CLI) and read back by Python's `json` (exact integers).
pub fn report<'py, T: Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value)
        .map_err(|e| PyValueError::new_err(format!("cannot write the report: {e}")))?;
    let dict = py.import("json")?.call_method1("loads", (text,))?;
    let cls = py.import("grundy")?.getattr("Report")?;
    cls.call1((dict,))
}

/// A Python value made of dicts, lists, strings, integers, floats and booleans, as TOML (to write
/// a position dict as a position file). `path` names the place in messages.
pub fn to_toml(obj: &Bound<'_, PyAny>, path: &str) -> PyResult<toml::Value> {
    use toml::Value;
    if obj.is_none() {
        return Err(PyValueError::new_err(format!(
            "{path}: None has no meaning in a position (leave the field out)"
        )));
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Boolean(b.is_true()));
    }
    if let Ok(i) = obj.cast::<PyInt>() {
        return i.extract::<i64>().map(Value::Integer).map_err(|_| {
            PyOverflowError::new_err(format!(
                "{path}: '{i}' does not fit in a position file's integers (-2^63..2^63-1)"
            ))
        });
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return Ok(Value::Float(f.value()));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(s.extract::<String>()?));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut map = toml::Table::new();
        for (k, v) in d.iter() {
            let key = k.cast::<PyString>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "{path}: keys must be strings, got {}",
                    type_name(&k)
                ))
            })?;
            let key = key.extract::<String>()?;
            let value = to_toml(&v, &format!("{path}[{key:?}]"))?;
            map.insert(key, value);
        }
        return Ok(Value::Table(map));
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() || obj.hasattr("tolist")? {
        let obj = plain(obj)?;
        let mut items = Vec::new();
        for (i, item) in obj.try_iter()?.enumerate() {
            items.push(to_toml(&item?, &format!("{path}[{i}]"))?);
        }
        return Ok(Value::Array(items));
    }
    if let Ok(i) = as_int(obj, path) {
        return to_toml(i.as_any(), path);
    }
    Err(PyTypeError::new_err(format!(
        "{path}: expected a dict, list, string, integer or boolean, got {}",
        type_name(obj)
    )))
}
