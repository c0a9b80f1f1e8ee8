//! Counting winning positions over families of positions.
pub mod coin_strip;
pub mod dag_edges;
