//! Generic engines over any [`crate::ImpartialGame`].
//!
//! - [`memo`]: memoised, iterative Grundy values of finite games — the backward induction of
//!   "terminal positions are P; a position is N iff some move reaches a P", refined to nimbers.
//! - [`outcomes`]: exact outcome classes under misère play (memoised search, the misère Nim rule) and
//!   retrograde analysis with draws for loopy games under either convention.

pub mod memo;
pub mod outcomes;
