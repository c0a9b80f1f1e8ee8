//! # grundy
//!
//! Sprague–Grundy analysis of impartial combinatorial games under normal play: Grundy values
//! (nimbers), sums, outcomes, every winning move, periodic sequences of heap games, loopy token
//! games with draws, and exact counts of winning positions.
//!
//! The central fact (Sprague 1935, Grundy 1939): every finite impartial game is equivalent to a
//! Nim heap `*n` with `n = mex` of its options' values, and a sum of independent games has the
//! XOR (nim-sum) of their values; the player to move wins iff that value is nonzero.
//!
//! ```
//! use grundy::{Nimber, Outcome, games::nim};
//! let heaps = [3, 4, 5];
//! assert_eq!(nim::value(&heaps), Nimber(2));
//! assert_eq!(nim::outcome(&heaps), Outcome::N);
//! assert_eq!(nim::winning_moves(&heaps)[0].to, 1); // take 2 from the heap of 3
//! ```

#![warn(missing_docs)]

pub mod count;
pub mod game;
pub mod games;
pub mod guess;
pub mod judge;
pub mod loopy_value;
pub mod mex;
pub mod misere;
pub mod nimber;
pub mod outcome;
#[cfg(feature = "plot")]
pub mod plot;
pub mod position;
pub mod progress;
pub mod remoteness;
pub mod report;
pub mod search;
pub mod solve;
pub mod survey;
pub mod tier;
pub mod time;

pub use game::ImpartialGame;
pub use loopy_value::LoopyValue;
pub use nimber::Nimber;
pub use outcome::Outcome;
