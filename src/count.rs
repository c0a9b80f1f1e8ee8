//! Counting winning positions over families of positions.
