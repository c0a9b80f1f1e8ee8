//! Outcome classes of impartial games under normal play.
//!
//! A position is a **P**-position (the previous player wins: Grundy value 0), an **N**-position
//! (the next player wins: nonzero value), or, in loopy games, a **D**-position (a draw: neither
//! player can force a win and play goes on forever).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Nimber;

/// The outcome class of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// Previous player wins (the player to move loses).
    P,
    /// Next player (the player to move) wins.
    N,
    /// Draw: infinite play under optimal strategy (loopy games only).
    D,
}

impl Outcome {
    /// The outcome of a finite game with Grundy value `g`: P iff `g = 0`.
    ///
    /// ```
    /// use grundy::{Nimber, Outcome};
    /// assert_eq!(Outcome::of(Nimber(0)), Outcome::P);
    /// assert_eq!(Outcome::of(Nimber(3)), Outcome::N);
    /// ```
    pub fn of(g: Nimber) -> Outcome {
        if g.is_zero() { Outcome::P } else { Outcome::N }
    }

    /// A phrase for humans: who wins from here.
    pub fn describe(self) -> &'static str {
        match self {
            Outcome::P => "the player to move loses (P-position)",
            Outcome::N => "the player to move wins (N-position)",
            Outcome::D => "neither player can force a win: a draw (D-position)",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        })
    }
}
