//! Progress reporting for long computations: one small trait, so the library stays silent and the
//! command-line tool draws the bar.
//!
//! The same trait carries **cancellation**: a sink whose [`Progress::cancelled`] turns true asks
//! the computation to stop. Engines that support it check between chunks of their work and return
//! their error's cancelled value (built from [`Cancelled`]); the others, and every sink that keeps
//! the default (`false`), behave exactly as without it. Those engines: the values of a graph
//! ([`crate::games::digraph::try_values`]), position files
//! ([`crate::position::parse_position_with`]) and tiered retrograde solves
//! ([`crate::tier::solve`]: before each tier and after each block of an acyclic tier).
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use grundy::games::digraph::{Digraph, try_values};
//! use grundy::progress::{Cancellable, Cancelled, Silent};
//! // a 2-cycle: the loopy engine checks once per phase (the acyclic one every 2^20 vertices)
//! let g = Digraph::from_edges(2, &[(0, 1), (1, 0)]).unwrap();
//! let stop = AtomicBool::new(true); // e.g. set by a signal handler or another thread
//! assert_eq!(try_values(&g, &Cancellable::new(&Silent, &stop)).unwrap_err(), Cancelled);
//! assert!(try_values(&g, &Silent).is_ok());
//! ```

use std::sync::atomic::{AtomicBool, Ordering};

/// Receives progress from long computations. All methods default to doing nothing, and a
/// computation given [`Silent`] pays nothing for them.
pub trait Progress: Sync {
    /// Work of `total` units (0 if unknown) named `what` begins.
    fn start(&self, _total: u64, _what: &str) {}
    /// `done` units out of the total are finished (monotone).
    fn set(&self, _done: u64) {}
    /// The work is over.
    fn finish(&self) {}
    /// True once the caller wants the work to stop. Engines that support cancellation (see the
    /// module docs) ask between chunks of work and then return [`Cancelled`]; the default never
    /// cancels.
    fn cancelled(&self) -> bool {
        false
    }
}

/// The no-op progress sink.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Progress for Silent {}

/// The work stopped because its progress sink asked for it ([`Progress::cancelled`]); nothing
/// partial is returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cancelled")]
pub struct Cancelled;

/// Check `progress` for cancellation: `Err(Cancelled)` once it asks to stop.
pub fn check(progress: &dyn Progress) -> Result<(), Cancelled> {
    if progress.cancelled() {
        Err(Cancelled)
    } else {
        Ok(())
    }
}

/// A sink that forwards progress to another and is cancelled once `flag` is set (by another
/// thread, a signal handler, a timer).
#[derive(Clone, Copy)]
pub struct Cancellable<'a> {
    inner: &'a dyn Progress,
    flag: &'a AtomicBool,
}

impl<'a> Cancellable<'a> {
    /// Forward to `inner`; cancelled when `flag` is true (or `inner` is cancelled).
    pub fn new(inner: &'a dyn Progress, flag: &'a AtomicBool) -> Cancellable<'a> {
        Cancellable { inner, flag }
    }
}

impl Progress for Cancellable<'_> {
    fn start(&self, total: u64, what: &str) {
        self.inner.start(total, what);
    }
    fn set(&self, done: u64) {
        self.inner.set(done);
    }
    fn finish(&self) {
        self.inner.finish();
    }
    fn cancelled(&self) -> bool {
        self.flag.load(Ordering::Relaxed) || self.inner.cancelled()
    }
}

/// A sink that forwards progress to another but never cancels: what the infallible engine
/// functions (e.g. [`crate::games::digraph::values`]) give their cancellable versions, so a
/// cancelling sink passed to them is simply not obeyed.
#[derive(Clone, Copy)]
pub struct Uncancellable<'a>(pub &'a dyn Progress);

impl Progress for Uncancellable<'_> {
    fn start(&self, total: u64, what: &str) {
        self.0.start(total, what);
    }
    fn set(&self, done: u64) {
        self.0.set(done);
    }
    fn finish(&self) {
        self.0.finish();
    }
}
