//! Token games on directed graphs: acyclic Grundy values and generalized (loopy) values.
