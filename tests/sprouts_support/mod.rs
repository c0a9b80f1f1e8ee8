//! An independent brute-force oracle for Sprouts, for the tests of the Sprouts engine.
//!
//! It shares no code with `src/games/sprouts` and uses only `std`. A position is kept as the
//! explicit plane drawing it is ([`Drawing`]): every spot with its degree, every curve, and the
//! faces of the drawing on the sphere, each face as the list of its boundary walks (one walk per
//! connected component that touches the face), each walk as the cyclic list of the corners it
//! passes. Moves are made by drawing a curve inside a face, splitting or merging walks exactly as
//! the curve does on paper; nothing is ever simplified, merged or renamed (dead spots and dead
//! faces stay in the drawing).
//!
//! The value of a position is a plain memoised mex over whole positions ([`Oracle`]): no splitting
//! into independent parts, no reductions, no canonical form. The memo key is the printed notation
//! ([`Drawing::notation`]), which keeps everything a move can see (live corners, which corners
//! belong to one spot, walks and faces) and leaves out only what no move can ever use (dead spots,
//! walks and faces with no live corner).
//!
//! Use it from an integration test with `mod sprouts_support;`.
#![allow(dead_code, unused_imports)]

mod drawing;
mod oracle;
mod rng;

pub use drawing::{Drawing, Move, Spot};
pub use oracle::{Oracle, misere_wins, random_position, reachable, sample_reachable};
pub use rng::SplitMix64;
