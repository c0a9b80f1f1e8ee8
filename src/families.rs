//! Game families: each module holds a ruleset as data, its values, its closed form where one exists,
//! and a brute-force check in its tests.

pub mod chips;
pub mod coins;
pub mod digraph;
pub mod heap;
pub mod nim;
pub mod staircase;
