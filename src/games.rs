//! The catalogue: one module (or folder) per game or family of games — its notation, its rules,
//! its symmetries, and its implementation of each engine's trait — and [`registry`], the one
//! list from which the command line, position files, Python and the web page learn which games
//! exist.
//!
//! The engines name no game: [`crate::solve`] (any [`crate::ImpartialGame`]), [`crate::search`]
//! (any [`crate::search::SearchGame`]), [`crate::tier`] (any [`crate::tier::TieredGame`]), the
//! heap-sequence engines of [`heap`], [`crate::count`], [`crate::misere`]. A game implements the
//! traits of the engines that can solve it, beside its rules:
//!
//! | game | notation | engines |
//! |---|---|---|
//! | [`nim`], [`staircase`], [`coins`] | heap sizes, coin positions | closed forms |
//! | [`heap`] (octal, hexadecimal, subtraction games) | ruleset codes (`0.137`, `4.07`, `{1,3,4}`) | heap sequences, periodicity |
//! | [`chips`] | chip-firing on a graph | closed forms, exhaustive |
//! | [`digraph`] | token games on a directed graph, loops allowed | loopy values |
//! | [`cram`] | rows of `.`/`#` joined by `/` ([`grid`]) | search, tiers |
//! | [`kayles`] (Node-Kayles, Arc-Kayles) | a grid board ([`grid`]) or an edge list | search |
//! | [`sprouts`] | the SPOTS / Glop notation, `0*n` | search (value, df-pn) |
//! | [`chomp`] | row lengths, `5,3,3` | tiers |
//! | [`fair_shares`] (Fair Shares and Varied Pairs) | heap sizes, `4,3,3` | tiers (loopy) |
//! | [`subtract_square`] | the heap's size, `20` | tiers |
//!
//! Adding a game: CONTRIBUTING.md, "Adding a game".

pub mod chips;
pub mod chomp;
pub mod coins;
pub mod cram;
pub mod digraph;
pub mod entry;
pub mod fair_shares;
pub mod grid;
pub mod heap;
pub mod kayles;
pub mod nim;
pub mod registry;
pub mod sprouts;
pub mod staircase;
pub mod subtract_square;
