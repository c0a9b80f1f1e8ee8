//! The square grid that Cram and the Kayles games on boards are played on: one notation, one
//! reader, two representations.
//!
//! - [`region`]: a set of cells inside its own bounding box (`w·h ≤ 128`), with canonical forms
//!   under the grid's symmetries and the mirror theorem;
//! - [`frame`]: the cells of one board of at most 64 cells as a 64-bit word, every component in
//!   the board's own frame.

pub mod frame;
pub mod region;
