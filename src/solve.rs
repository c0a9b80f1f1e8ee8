//! Generic engines over any [`crate::ImpartialGame`].
//!
//! - [`memo`]: memoised, iterative Grundy values of finite games — the backward induction of
//!   "terminal positions are P; a position is N iff some move reaches a P", refined to nimbers.

pub mod memo;
