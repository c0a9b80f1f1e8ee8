//! Ctrl-C during long computations.
//!
//! Long pure-Rust work runs with the GIL released (`Python::detach`), so other Python threads
//! run meanwhile. Python's own signal handler only records a SIGINT; the computation asks between
//! chunks of work, by re-attaching briefly and calling `PyErr_CheckSignals`
//! (`Python::check_signals`), which raises `KeyboardInterrupt` on the main thread. The first error
//! is kept and the computation stops at its next chance.

use std::time::{Duration, Instant};

use pyo3::prelude::*;

/// How often, at most, the signal check re-attaches to Python.
const EVERY: Duration = Duration::from_millis(20);

/// A stop flag for library callbacks: `stop()` is true once Python has a pending exception
/// (normally `KeyboardInterrupt`), which [`Interrupt::finish`] then raises.
pub struct Interrupt {
    error: Option<PyErr>,
    last: Instant,
}

impl Interrupt {
    /// No interruption yet.
    pub fn new() -> Interrupt {
        Interrupt {
            error: None,
            last: Instant::now(),
        }
    }

    /// Check Python's signals (at most every few milliseconds); true when the work must stop.
    pub fn stop(&mut self) -> bool {
        if self.error.is_some() {
            return true;
        }
        if self.last.elapsed() < EVERY {
            return false;
        }
        self.last = Instant::now();
        if let Err(e) = Python::attach(|py| py.check_signals()) {
            self.error = Some(e);
            return true;
        }
        false
    }

    /// The pending Python exception, if the work was stopped by one.
    pub fn take(&mut self) -> Option<PyErr> {
        self.error.take()
    }
}
