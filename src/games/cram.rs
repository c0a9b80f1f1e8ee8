//! Cram (Gardner 1974; *Winning Ways* ch. 24 — impartial Domineering): a move places a domino on
//! two adjacent empty cells, horizontally or vertically; the player who cannot place one loses.
//!
//! A position is the set of empty cells of a board, written row by row, `.` empty and `#` filled,
//! rows joined by `/` (`..#/...`; [`crate::games::grid`] reads and writes it). Every set of cells
//! is a position (Cram on a board with some squares blocked).
//!
//! - [`search`]: Cram for the search engine ([`crate::search::SearchGame`]) on boards of up to
//!   128 cells, each component a bounding-box [`Region`](crate::games::grid::region::Region) in
//!   canonical form, with the theorems that give values without search (Dawson's Kayles on
//!   snakes, the mirror theorem) and an endgame table from the tier engine;
//! - [`framed`]: the same game on boards of at most 64 cells, each component one word of the
//!   board's own [`Frame`](crate::games::grid::frame::Frame), with the star, bridge and diagonal
//!   reductions;
//! - [`tier`]: every position of an `R × C` board (at most 32 cells) as a
//!   [`crate::tier::TieredGame`], for the tier engine (and the endgame table above).
//!
//! ```
//! use grundy::games::cram::Cram;
//! use grundy::search::{Config, Search, Table};
//! let game = Cram::default();
//! let table = Table::with_bytes(1 << 20);
//! let board = game.board(4, 5).unwrap();
//! let s = Search::new(&game, &table, Config::default());
//! assert_eq!(s.value(&game.components(&board)).unwrap(), 2); // 4 × 5 Cram is *2
//! ```

pub mod framed;
pub mod search;
pub mod tier;

pub use framed::FramedCram;
pub use search::{Cram, CramConfig, domino_moves};
