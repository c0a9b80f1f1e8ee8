//! Coins on a strip (seed 004, SDOI 2019 "moving coins"): cells `1..=n`, coins on distinct cells; a
//! move slides one coin any positive distance to the left onto an empty cell, without passing or
//! landing on another coin and without leaving the strip.
//!
//! Staircase reduction: with the coins at `p_1 < … < p_m`, the gap between the rightmost coin and
//! its left neighbour is step 1, the next gap to the left is step 2, …, the cells left of the
//! leftmost coin are step `m`, and the cells right of the rightmost coin are the floor (step 0).
//! Sliding coin `j` left by `c` carries `c` empty cells from step `m-j+1` to step `m-j`, which is
//! exactly a staircase move; so `G` = the nim-sum of the odd steps ([`super::staircase`]).

use serde::Serialize;
use thiserror::Error;

use super::staircase::{self, StairMove};
use crate::{ImpartialGame, Nimber, Outcome};

/// A coin move from cell `from` to cell `to < from` (1-based cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct CoinMove {
    /// The cell the coin leaves.
    pub from: u64,
    /// The cell it lands on.
    pub to: u64,
}

/// An invalid strip.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum StripError {
    /// A cell outside `1..=length`.
    #[error("coin cell {cell} is outside the strip 1..={length}")]
    OutOfRange {
        /// The offending cell.
        cell: u64,
        /// The strip's length.
        length: u64,
    },
    /// Two coins on one cell.
    #[error("two coins on cell {cell}: cells must be distinct")]
    Duplicate {
        /// The repeated cell.
        cell: u64,
    },
}

/// A validated strip: its length and the coin cells in increasing order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Strip {
    length: u64,
    cells: Vec<u64>,
}

impl Strip {
    /// Check the cells (any order) against the length.
    ///
    /// ```
    /// use grundy::games::coins::Strip;
    /// assert!(Strip::new(5, &[1, 1]).is_err());
    /// assert!(Strip::new(5, &[6]).is_err());
    /// assert_eq!(Strip::new(9, &[7, 2, 5]).unwrap().cells(), &[2, 5, 7]);
    /// ```
    pub fn new(length: u64, cells: &[u64]) -> Result<Strip, StripError> {
        for &cell in cells {
            if cell == 0 || cell > length {
                return Err(StripError::OutOfRange { cell, length });
            }
        }
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(StripError::Duplicate { cell: w[0] });
        }
        Ok(Strip {
            length,
            cells: sorted,
        })
    }

    /// The strip's length `n`.
    pub fn length(&self) -> u64 {
        self.length
    }

    /// The coin cells, increasing.
    pub fn cells(&self) -> &[u64] {
        &self.cells
    }

    /// The equivalent staircase: `steps[0]` = cells right of the rightmost coin, `steps[i]` = the
    /// `i`-th gap counted from the right (the last one being the cells left of the leftmost coin).
    pub fn staircase(&self) -> Vec<u64> {
        let m = self.cells.len();
        let mut steps = vec![0u64; m + 1];
        steps[0] = self.length - self.cells.last().copied().unwrap_or(self.length);
        let mut prev = 0u64;
        for (j, &p) in self.cells.iter().enumerate() {
            // coin j (0-based from the left) has gap p - prev - 1 on its left: step m - j.
            steps[m - j] = p - prev - 1;
            prev = p;
        }
        steps
    }

    /// The Grundy value (nim-sum of the odd steps).
    ///
    /// ```
    /// use grundy::{Nimber, games::coins::Strip};
    /// // gaps from the right: 1 (between 5 and 7), 2, 1 (left of 2): odd steps 1 and 3 -> 1 ^ 1
    /// assert_eq!(Strip::new(9, &[2, 5, 7]).unwrap().value(), Nimber(0));
    /// ```
    pub fn value(&self) -> Nimber {
        staircase::value(&self.staircase())
    }

    /// P or N.
    pub fn outcome(&self) -> Outcome {
        Outcome::of(self.value())
    }

    /// Turn a staircase move into a coin move.
    fn coin_move(&self, m: StairMove) -> CoinMove {
        let j = self.cells.len() - m.step; // 0-based coin index from the left
        let from = self.cells[j];
        CoinMove {
            from,
            to: from - m.count,
        }
    }

    /// Every winning move, as (from cell, to cell), ordered by `from`.
    pub fn winning_moves(&self) -> Vec<CoinMove> {
        self.moves_to_value(0)
    }

    /// Every move to a strip of value `target` (for winning moves inside sums).
    pub fn moves_to_value(&self, target: u64) -> Vec<CoinMove> {
        let mut moves: Vec<CoinMove> = staircase::moves_to_value(&self.staircase(), target)
            .into_iter()
            .map(|m| self.coin_move(m))
            .collect();
        moves.sort();
        moves
    }

    /// Apply a move, or say why it is illegal.
    pub fn apply(&self, m: CoinMove) -> Result<Strip, String> {
        let j = self
            .cells
            .binary_search(&m.from)
            .map_err(|_| format!("there is no coin on cell {}", m.from))?;
        if m.to >= m.from || m.to == 0 {
            return Err(format!(
                "a coin moves left, to a cell from 1 to {}",
                m.from - 1
            ));
        }
        if j > 0 && m.to <= self.cells[j - 1] {
            return Err(format!(
                "the coin on {} cannot pass or land on the coin on {}",
                m.from,
                self.cells[j - 1]
            ));
        }
        let mut cells = self.cells.clone();
        cells[j] = m.to;
        Ok(Strip {
            length: self.length,
            cells,
        })
    }
}

/// Coins on a strip as an [`ImpartialGame`] on whole strips: the brute-force oracle.
#[derive(Clone, Copy, Debug, Default)]
pub struct CoinStrip;

impl ImpartialGame for CoinStrip {
    type Position = Strip;
    fn options(&self, p: &Strip, out: &mut Vec<Strip>) {
        let mut prev = 0;
        for (j, &c) in p.cells.iter().enumerate() {
            for to in prev + 1..c {
                let mut cells = p.cells.clone();
                cells[j] = to;
                out.push(Strip {
                    length: p.length,
                    cells,
                });
            }
            prev = c;
        }
    }
}

/// The name of Coins on a strip on the command line, in Python and in the page's URLs.
pub const NAME: &str = "coins";

/// Coins on a strip in the catalogue ([`crate::games::registry`]).
pub const INFO: crate::games::entry::GameInfo = crate::games::entry::GameInfo {
    name: NAME,
    aliases: &[],
    title: "Coins on a strip",
    rules: "Slide a coin left onto an empty cell without passing another coin.",
    notation: "the strip length and the cells of the coins",
    parameters: &[crate::games::entry::Parameter {
        name: "length",
        help: "cells of the strip",
    }],
    engines: &[
        crate::games::entry::Engine::ClosedForm,
        crate::games::entry::Engine::PositionFile,
    ],
    commands: &["grundy coins"],
    module: "grundy::games::coins",
    search: None,
    tier: None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::memo::Solver;
    use proptest::prelude::*;

    fn strip() -> impl Strategy<Value = Strip> {
        (0u64..10).prop_flat_map(|n| {
            proptest::sample::subsequence((1..=n).collect::<Vec<_>>(), 0..=n as usize)
                .prop_map(move |cells| Strip::new(n, &cells).unwrap())
        })
    }

    #[test]
    fn coins_packed_left_are_p() {
        assert_eq!(Strip::new(10, &[1, 2, 3]).unwrap().outcome(), Outcome::P);
    }

    #[test]
    fn invalid_strips_are_rejected() {
        assert_eq!(
            Strip::new(3, &[0]),
            Err(StripError::OutOfRange { cell: 0, length: 3 })
        );
        assert_eq!(
            Strip::new(3, &[2, 2]),
            Err(StripError::Duplicate { cell: 2 })
        );
    }

    #[test]
    fn illegal_moves_are_explained() {
        let s = Strip::new(9, &[2, 5, 7]).unwrap();
        assert!(s.apply(CoinMove { from: 5, to: 2 }).is_err());
        assert!(s.apply(CoinMove { from: 4, to: 3 }).is_err());
        assert!(s.apply(CoinMove { from: 5, to: 6 }).is_err());
        assert!(s.apply(CoinMove { from: 5, to: 3 }).is_ok());
    }

    #[test]
    fn huge_strips_do_not_overflow() {
        let s = Strip::new(u64::MAX, &[u64::MAX - 1, 1]).unwrap();
        assert_eq!(s.value(), Nimber(u64::MAX - 3));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn staircase_reduction_matches_search(s in strip()) {
            let mut solver = Solver::new(CoinStrip);
            prop_assert_eq!(solver.grundy(&s).unwrap(), s.value());
            let mut searched: Vec<Vec<u64>> =
                solver.winning_moves(&s).unwrap().into_iter().map(|t| t.cells).collect();
            let mut ours: Vec<Vec<u64>> =
                s.winning_moves().into_iter().map(|m| s.apply(m).unwrap().cells).collect();
            searched.sort();
            ours.sort();
            prop_assert_eq!(ours, searched);
        }
    }
}
