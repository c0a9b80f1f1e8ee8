//! Ctrl-C during long computations.
//!
//! Long pure-Rust work runs with the GIL released (`Python::detach`), so other Python threads
//! run meanwhile. Python's own signal handler only records a SIGINT; the computation asks between
//! chunks of work, by re-attaching briefly and calling `PyErr_CheckSignals`
//! (`Python::check_signals`), which raises `KeyboardInterrupt` on the main thread. The first error
//! is kept and the computation stops at its next chance.
//!
//! Two ways to ask: [`Interrupt`], a stop flag for engines that take a callback (heap sequences,
//! counts), checked on the computing thread; and [`cancellable`], for engines that take a
//! progress sink: the work runs on a worker thread while this thread checks the signals and,
//! on Ctrl-C, cancels the sink (`grundy::progress::Progress::cancelled`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use grundy::progress::{Cancellable, Progress, Silent};
use pyo3::exceptions::PyRuntimeError;
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

/// Run `work` on a worker thread with the GIL released, while this thread waits and checks
/// Python's signals every few milliseconds. On a signal (Ctrl-C: `KeyboardInterrupt`) the
/// progress sink given to `work` turns cancelled ([`grundy::progress::Progress::cancelled`]);
/// the engine stops at its next check, and the exception is raised once the worker has returned.
/// Checking from this thread works whichever thread the engine asks from (rayon workers too),
/// and `PyErr_CheckSignals` only acts on the main thread, which is where a script calls us.
pub fn cancellable<R, F>(py: Python<'_>, work: F) -> PyResult<R>
where
    R: Send,
    F: FnOnce(&dyn Progress) -> R + Send,
{
    let flag = AtomicBool::new(false);
    let sink = Cancellable::new(&Silent, &flag);
    std::thread::scope(|s| {
        let (tx, rx) = mpsc::channel();
        let worker = s.spawn(move || {
            // A send error means the waiter is gone: nothing to report to.
            let _ = tx.send(work(&sink));
        });
        let mut rx = rx;
        let mut error: Option<PyErr> = None;
        let result = loop {
            let (back, got) = py.detach(move || {
                let got = rx.recv_timeout(EVERY);
                (rx, got)
            });
            rx = back;
            match got {
                Ok(r) => break Some(r),
                Err(RecvTimeoutError::Disconnected) => break None,
                Err(RecvTimeoutError::Timeout) => {
                    if error.is_none()
                        && let Err(e) = py.check_signals()
                    {
                        flag.store(true, Ordering::Relaxed);
                        error = Some(e);
                    }
                }
            }
        };
        let joined = py.detach(move || worker.join());
        if let Some(e) = error {
            return Err(e);
        }
        match (result, joined) {
            (Some(r), _) => Ok(r),
            (None, Err(panic)) => std::panic::resume_unwind(panic),
            (None, Ok(())) => Err(PyRuntimeError::new_err(
                "the computation ended without a result",
            )),
        }
    })
}
