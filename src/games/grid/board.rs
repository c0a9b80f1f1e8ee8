//! The board notation of the grid games (Cram, Node-Kayles and Arc-Kayles on boards): rows of
//! `.` (an empty cell, in play) and `#` (a filled cell, out of play), top to bottom, joined by
//! `/`. `...#/..../....` is a 3 × 4 board with its top-right cell filled.
//!
//! Every game played on a board reads its positions here — one parser, one typed error that names
//! the row and column of the first fault — and turns the [`Board`] into its own representation
//! ([`super::region::Region`] for the search, a bit mask for the tier engine). The work is linear
//! in the text; the cells are counted as they are read, so a hostile text costs no more than its
//! own length.
//!
//! ```
//! use grundy::games::grid::board::{Board, BoardError};
//! let b: Board = "..#/...".parse().unwrap();
//! assert_eq!((b.rows(), b.cols(), b.empty_cells()), (2, 3, 5));
//! assert!(b.is_empty_cell(0, 1) && !b.is_empty_cell(0, 2));
//! assert_eq!(b.to_string(), "..#/...");
//! assert_eq!(
//!     "..x/...".parse::<Board>(),
//!     Err(BoardError::Cell { row: 1, col: 3, found: 'x' })
//! );
//! assert_eq!(
//!     "../.".parse::<Board>().unwrap_err().to_string(),
//!     "row 2 has 1 cells, row 1 has 2: every row must have the same length"
//! );
//! ```

use std::fmt;
use std::str::FromStr;

/// A rectangular board of the square grid, each cell empty (`.`) or filled (`#`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    /// Cell `(r, c)` at `r · cols + c`: `true` when empty.
    empty: Vec<bool>,
}

/// Why a text is not a board. Rows and columns are counted from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// No row, or a first row without cells.
    #[error("a board needs at least one row and one column")]
    Empty,
    /// A row whose length differs from the first row's.
    #[error(
        "row {row} has {cells} cells, row 1 has {expected}: every row must have the same length"
    )]
    Ragged {
        /// The row.
        row: usize,
        /// Its cells.
        cells: usize,
        /// The first row's cells.
        expected: usize,
    },
    /// A character that is not a cell.
    #[error(
        "row {row}, column {col}: {found:?} is not a cell: neither '.' (empty) nor '#' (filled)"
    )]
    Cell {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
        /// What was there.
        found: char,
    },
    /// A board larger than the representation that was asked for.
    #[error("a {rows}×{cols} board has {cells} cells, more than the {max} {what} supports")]
    TooLarge {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// `rows · cols`.
        cells: usize,
        /// The most cells the representation holds.
        max: usize,
        /// The representation (`"the search"`, `"the index"`).
        what: &'static str,
    },
}

impl Board {
    /// The `rows × cols` board with every cell empty (`None` without a cell).
    pub fn full(rows: usize, cols: usize) -> Option<Board> {
        let cells = rows.checked_mul(cols).filter(|&n| n > 0)?;
        Some(Board {
            rows,
            cols,
            empty: vec![true; cells],
        })
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether cell `(row, col)` (from 0) is empty.
    pub fn is_empty_cell(&self, row: usize, col: usize) -> bool {
        row < self.rows && col < self.cols && self.empty[row * self.cols + col]
    }

    /// Empty (`true`) or fill cell `(row, col)` (from 0; nothing outside the board).
    pub fn set(&mut self, row: usize, col: usize, empty: bool) {
        if row < self.rows && col < self.cols {
            self.empty[row * self.cols + col] = empty;
        }
    }

    /// How many cells are empty.
    pub fn empty_cells(&self) -> usize {
        self.empty.iter().filter(|&&e| e).count()
    }

    /// The empty cells as a bit mask, cell `(r, c)` at bit `r · cols + c`, when the board has at
    /// most `max ≤ 128` cells (`what` names the representation in the error).
    pub fn mask(&self, max: usize, what: &'static str) -> Result<u128, BoardError> {
        let cells = self.rows * self.cols;
        if cells > max.min(128) {
            return Err(BoardError::TooLarge {
                rows: self.rows,
                cols: self.cols,
                cells,
                max,
                what,
            });
        }
        Ok(self
            .empty
            .iter()
            .enumerate()
            .filter(|(_, e)| **e)
            .fold(0u128, |m, (i, _)| m | 1 << i))
    }

    /// Read the rows of a board given one by one (no `/`).
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, BoardError> {
        let cols = rows.first().map_or(0, |r| r.as_ref().chars().count());
        if cols == 0 {
            return Err(BoardError::Empty);
        }
        let mut empty = Vec::with_capacity(cols.saturating_mul(rows.len()).min(1 << 20));
        for (r, row) in rows.iter().enumerate() {
            let cells = row.as_ref().chars().count();
            if cells != cols {
                return Err(BoardError::Ragged {
                    row: r + 1,
                    cells,
                    expected: cols,
                });
            }
            for (c, ch) in row.as_ref().chars().enumerate() {
                match ch {
                    '.' => empty.push(true),
                    '#' => empty.push(false),
                    found => {
                        return Err(BoardError::Cell {
                            row: r + 1,
                            col: c + 1,
                            found,
                        });
                    }
                }
            }
        }
        Ok(Board {
            rows: rows.len(),
            cols,
            empty,
        })
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// Rows joined by `/`; white space around the whole text is ignored.
    fn from_str(text: &str) -> Result<Board, BoardError> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        Board::from_rows(&rows)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows {
            if r > 0 {
                f.write_str("/")?;
            }
            for c in 0..self.cols {
                f.write_str(if self.empty[r * self.cols + c] {
                    "."
                } else {
                    "#"
                })?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Writing a board and reading it back gives the same board.
        #[test]
        fn a_board_reads_back_as_written(rows in 1usize..6, cols in 1usize..6, bits: u64) {
            let mut b = Board::full(rows, cols).unwrap();
            for i in 0..rows * cols {
                b.empty[i] = bits >> i & 1 == 1;
            }
            let text = b.to_string();
            prop_assert_eq!(text.parse::<Board>(), Ok(b.clone()));
            prop_assert_eq!(b.mask(128, "the search").unwrap().count_ones() as usize, b.empty_cells());
        }

        /// Any text is read or refused with a place, never a panic.
        #[test]
        fn any_text_is_read_or_refused(text in "[.#x/]{0,20}") {
            match text.parse::<Board>() {
                Ok(b) => prop_assert_eq!(b.to_string(), text.trim()),
                Err(BoardError::Cell { row, col, found }) => {
                    prop_assert_eq!(found, 'x');
                    let line = text.trim().split('/').nth(row - 1).unwrap();
                    prop_assert_eq!(line.chars().nth(col - 1), Some('x'));
                }
                Err(_) => {}
            }
        }
    }

    #[test]
    fn faults_are_named_by_row_and_column() {
        assert_eq!("".parse::<Board>(), Err(BoardError::Empty));
        assert_eq!("/..".parse::<Board>(), Err(BoardError::Empty));
        assert_eq!(
            "../.x".parse::<Board>(),
            Err(BoardError::Cell {
                row: 2,
                col: 2,
                found: 'x'
            })
        );
        assert_eq!(
            "../...".parse::<Board>(),
            Err(BoardError::Ragged {
                row: 2,
                cells: 3,
                expected: 2
            })
        );
        let big = Board::full(12, 11).unwrap();
        assert_eq!(
            big.mask(128, "the search").unwrap_err().to_string(),
            "a 12×11 board has 132 cells, more than the 128 the search supports"
        );
    }
}
