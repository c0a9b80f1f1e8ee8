//! Cram (Gardner 1974; *Winning Ways* ch. 24 — impartial Domineering) on an `R × C` board, as a
//! [`TieredGame`].
//!
//! A move places a domino on two adjacent empty cells, horizontally or vertically; the player
//! who cannot place one loses. A position is the set of empty cells — *every* set is a position
//! (Cram on a board with some squares blocked), so the space has `2^(R·C)` positions. It is
//! written row by row, `.` empty and `#` filled, rows separated by `/` (`..#/...`).
//!
//! **Index.** Tier = number of empty cells `k` (a move goes from tier `k` to tier `k − 2`).
//! Inside a tier the set `{c_0 < c_1 < … < c_{k−1}}` of empty cells (cell `(i, j)` is number
//! `i·C + j`) has its colexicographic rank `Σ_m C(c_m, m + 1)` (the combinatorial number
//! system), so tier `k` has `C(R·C, k)` positions. At most 32 cells.
//!
//! Known facts (tests): a `1 × n` strip is Dawson's Kayles (octal game `0.07`: remove two
//! adjacent pins); an even×even board is a P-position (the second player answers by the
//! point-symmetric move) and an even×odd board an N-position (the first player fills the two
//! central cells of the odd side's middle line, then mirrors). Independent regions are not split
//! off: the remoteness of a sum is not a function of the parts' values, so every position is
//! solved from its options.
//!
//! ```
//! use grundy::tier::TieredGame;
//! use grundy::games::cram::tier::Cram;
//! let g = Cram::new(2, 3).unwrap();
//! let p = g.parse(".#./...").unwrap();
//! assert_eq!(p.tier, 5);
//! assert_eq!(g.format(p), ".#./...");
//! let mut opts = Vec::new();
//! g.options(p.tier, p.index, &mut opts);
//! assert_eq!(opts.len(), 4); // two vertical, two horizontal dominoes fit
//! ```

use crate::games::grid::board::{Board, BoardError};
use crate::tier::{Tiered, TieredGame};

/// The largest number of cells of a board.
pub const MAX_CELLS: u32 = 32;

/// Cram on a board of `rows × cols`.
#[derive(Clone, Debug)]
pub struct Cram {
    rows: usize,
    cols: usize,
    cells: usize,
    /// `binom[n * 33 + k] = C(n, k)` for `n, k ≤ 32`.
    binom: Vec<u64>,
}

const B: usize = MAX_CELLS as usize + 1;

impl Cram {
    /// Cram on a `rows × cols` board (at least one cell, at most 32).
    pub fn new(rows: u32, cols: u32) -> Result<Cram, String> {
        if rows == 0 || cols == 0 {
            return Err(format!(
                "a {rows}×{cols} board has no cells; rows and columns must be at least 1"
            ));
        }
        if rows as u64 * cols as u64 > MAX_CELLS as u64 {
            return Err(format!(
                "a {rows}×{cols} board is too large for the index (at most {MAX_CELLS} cells: 2^{MAX_CELLS} positions)"
            ));
        }
        let mut binom = vec![0u64; B * B];
        for n in 0..B {
            binom[n * B] = 1;
            for k in 1..=n {
                binom[n * B + k] = binom[(n - 1) * B + k - 1] + binom[(n - 1) * B + k];
            }
        }
        Ok(Cram {
            rows: rows as usize,
            cols: cols as usize,
            cells: (rows * cols) as usize,
            binom,
        })
    }

    #[inline]
    fn c(&self, n: usize, k: usize) -> u64 {
        if k > n { 0 } else { self.binom[n * B + k] }
    }

    /// The position whose empty cells are the bits of `mask`.
    pub fn rank(&self, mask: u64) -> Tiered {
        let mut index = 0;
        let mut m = 0;
        let mut bits = mask;
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            m += 1;
            index += self.c(c, m);
            bits &= bits - 1;
        }
        Tiered::new(m as u32, index)
    }

    /// The empty cells of a position, as a bit mask.
    pub fn unrank(&self, p: Tiered) -> u64 {
        let mut index = p.index;
        let mut mask = 0u64;
        let mut hi = self.cells;
        for m in (1..=p.tier as usize).rev() {
            // the largest c < hi with C(c, m) <= index
            let mut c = hi - 1;
            while self.c(c, m) > index {
                c -= 1;
            }
            index -= self.c(c, m);
            mask |= 1 << c;
            hi = c;
        }
        mask
    }
}

impl TieredGame for Cram {
    fn id(&self) -> String {
        format!("cram rows={} cols={}", self.rows, self.cols)
    }

    fn tiers(&self) -> u32 {
        self.cells as u32 + 1
    }

    fn size(&self, tier: u32) -> u64 {
        self.c(self.cells, tier as usize)
    }

    fn options(&self, tier: u32, index: u64, out: &mut Vec<Tiered>) {
        let mask = self.unrank(Tiered::new(tier, index));
        let mut bits = mask;
        while bits != 0 {
            let a = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if !(a + 1).is_multiple_of(self.cols) && mask & (1 << (a + 1)) != 0 {
                out.push(self.rank(mask & !(3 << a)));
            }
            if a + self.cols < self.cells && mask & (1 << (a + self.cols)) != 0 {
                out.push(self.rank(mask & !(1 << a) & !(1 << (a + self.cols))));
            }
        }
    }

    fn parse(&self, text: &str) -> Result<Tiered, String> {
        let board: Board = text.parse().map_err(|e: BoardError| e.to_string())?;
        if board.rows() != self.rows {
            return Err(format!(
                "'{text}' has {} rows, the board has {} (rows are separated by '/')",
                board.rows(),
                self.rows
            ));
        }
        if board.cols() != self.cols {
            return Err(format!(
                "row 1 of '{text}' has {} cells, the board has {} columns",
                board.cols(),
                self.cols
            ));
        }
        let mask = board
            .mask(MAX_CELLS as usize, "the index")
            .map_err(|e| e.to_string())?;
        Ok(self.rank(mask as u64))
    }

    fn format(&self, p: Tiered) -> String {
        let mask = self.unrank(p);
        let mut board = Board::full(self.rows, self.cols).expect("the board has cells");
        for i in 0..self.cells {
            board.set(i / self.cols, i % self.cols, mask >> i & 1 == 1);
        }
        board.to_string()
    }
    fn start(&self) -> Tiered {
        Tiered::new(self.cells as u32, 0)
    }
}
