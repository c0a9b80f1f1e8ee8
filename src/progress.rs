//! Progress reporting for long computations: one small trait, so the library stays silent and the
//! command-line tool draws the bar.

/// Receives progress from long computations. All methods default to doing nothing, and a
/// computation given [`Silent`] pays nothing for them.
pub trait Progress: Sync {
    /// Work of `total` units (0 if unknown) named `what` begins.
    fn start(&self, _total: u64, _what: &str) {}
    /// `done` units out of the total are finished (monotone).
    fn set(&self, _done: u64) {}
    /// The work is over.
    fn finish(&self) {}
}

/// The no-op progress sink.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Progress for Silent {}
