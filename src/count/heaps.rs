//! Heaps.
