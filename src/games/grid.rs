//! The square grid that Cram and the Kayles games on boards are played on: one notation, one
//! reader, two representations.
//!
//! - [`board`]: the notation, `..#/...` — [`board::Board`] with `FromStr` and `Display`, and
//!   [`board::BoardError`], which names the row and column of a fault;
//! - [`region`]: a set of cells inside its own bounding box (`w·h ≤ 128`), with canonical forms
//!   under the grid's symmetries and the mirror theorem;
//! - [`frame`]: the cells of one board of at most 64 cells as a 64-bit word, every component in
//!   the board's own frame.

pub mod board;
pub mod frame;
pub mod region;
