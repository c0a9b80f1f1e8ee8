//! Positions made of components of every family: sums, winning moves, misère play.
