//! A fixed frame: the cells of one board of at most 64 cells as a single 64-bit word, for
//! searches whose components all live on that board.
//!
//! [`super::region::Region`] gives every component its own bounding box (any board up to 128
//! cells); a frame keeps the board's own `w × h` rectangle for all of them, cell `(r, c)` at bit
//! `r·w + c`, so that a component is just a `u64` and the work of a search step — neighbours,
//! components, translation, the symmetries — is a handful of word operations.
//!
//! **Canonical form.** A component is translated to touch the frame's top and left sides
//! ([`Frame::align`]); then the least word among its images under the symmetries of its bounding
//! box that fit in the frame: the vertical and horizontal flips and the half turn always, and
//! the four images through the main diagonal when the turned box fits too (a `b_h × b_w` box
//! with `b_w ≤ h` and `b_h ≤ w`). Two congruent components of the board have the same bounding
//! box up to a quarter turn, so they are offered the same images: their canonical words are
//! equal exactly when they are congruent (tested against [`super::region::Region::canonical`]).
//!
//! ```
//! use grundy::games::grid::frame::Frame;
//! let f = Frame::new(5, 4); // 5 columns, 4 rows
//! // an L of three cells in the top-left corner and the same L turned, elsewhere
//! let l = 0b11 | 1 << 5; // (0,0), (0,1), (1,0)
//! let turned = (1 << 13 | 1 << 18 | 1 << 17) as u64; // (2,3), (3,3), (3,2)
//! assert_eq!(f.canonical(l), f.canonical(turned));
//! ```

use super::region::Region;

/// The mask of the first `n` bits (`n ≤ 64`).
#[inline]
fn low(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// A `w × h` board (`w` columns, `h` rows, `w·h ≤ 64`) as a 64-bit word.
#[derive(Clone, Debug)]
pub struct Frame {
    w: u32,
    h: u32,
    all: u64,
    first_col: u64,
    last_col: u64,
    first_row: u64,
    /// `row[i]`: the row of bit `i`.
    row: [u8; 64],
    /// The shifts `w, 2w, 4w, …` below `w·h` that fold every row onto row 0.
    folds: Vec<u32>,
    /// `turn[x]`: the cells `x` of row 0 (at most `min(w, h)` of them) written down column 0.
    turn: Box<[u64]>,
}

impl Frame {
    /// The frame of a board of `w` columns and `h` rows.
    ///
    /// # Panics
    /// When the board is empty or has more than 64 cells (the callers check first).
    pub fn new(w: usize, h: usize) -> Frame {
        assert!(
            w >= 1 && h >= 1 && w * h <= 64,
            "a frame holds 1 to 64 cells"
        );
        let all = if w * h == 64 {
            u64::MAX
        } else {
            (1u64 << (w * h)) - 1
        };
        let mut first_col = 0u64;
        for r in 0..h {
            first_col |= 1 << (r * w);
        }
        let side = w.min(h);
        let mut turn = vec![0u64; 1 << side];
        for x in 1..turn.len() {
            let j = x.trailing_zeros() as usize;
            turn[x] = turn[x & (x - 1)] | 1 << (j * w);
        }
        let mut row = [0u8; 64];
        for (i, r) in row.iter_mut().enumerate() {
            *r = (i / w).min(255) as u8;
        }
        let mut folds = Vec::new();
        let mut s = w;
        while s < w * h {
            folds.push(s as u32);
            s *= 2;
        }
        Frame {
            w: w as u32,
            h: h as u32,
            row,
            folds,
            all,
            first_col,
            last_col: first_col << (w - 1),
            first_row: low(w),
            turn: turn.into_boxed_slice(),
        }
    }

    /// Columns.
    #[inline]
    pub fn width(&self) -> usize {
        self.w as usize
    }

    /// Rows.
    #[inline]
    pub fn height(&self) -> usize {
        self.h as usize
    }

    /// Every cell of the frame.
    #[inline]
    pub fn all(&self) -> u64 {
        self.all
    }

    /// The cells of column 0.
    #[inline]
    pub fn first_col(&self) -> u64 {
        self.first_col
    }

    /// The cells of row 0.
    #[inline]
    pub fn first_row(&self) -> u64 {
        self.first_row
    }

    /// The cells of the last column.
    #[inline]
    pub fn last_col(&self) -> u64 {
        self.last_col
    }

    /// The cells of `x` whose right neighbour is in `x`.
    #[inline]
    pub fn with_right(&self, x: u64) -> u64 {
        x & (x >> 1) & !self.last_col
    }

    /// The cells of `x` whose lower neighbour is in `x`.
    #[inline]
    pub fn with_below(&self, x: u64) -> u64 {
        x & (x >> self.w)
    }

    /// The cells of `x` shifted one column right (those in the last column fall off).
    #[inline]
    pub fn right(&self, x: u64) -> u64 {
        (x & !self.last_col) << 1
    }

    /// The cells of `x` shifted one column left.
    #[inline]
    pub fn left(&self, x: u64) -> u64 {
        (x & !self.first_col) >> 1
    }

    /// The cells of `x` shifted one row down (those in the last row fall off).
    #[inline]
    pub fn down(&self, x: u64) -> u64 {
        (x << self.w) & self.all
    }

    /// The cells of `x` shifted one row up.
    #[inline]
    pub fn up(&self, x: u64) -> u64 {
        x >> self.w
    }

    /// The four neighbours of the cells of `x`.
    #[inline]
    pub fn neighbours(&self, x: u64) -> u64 {
        self.right(x) | self.left(x) | self.down(x) | self.up(x)
    }

    /// The connected part of `within` that holds the cells `seed`; the horizontal steps from the
    /// cells of `cut` to their right neighbours are not taken (nor back).
    ///
    /// Each round takes one step up, down and left, and fills rightwards to the end of each
    /// run at once: `a` holds the cells that may step right, and adding the cells reached in a
    /// run of `a` to `a` carries through the run from the leftmost of them to its end, so the
    /// bits the sum changes are the cells right of them (the carry stops at the run's last
    /// cell, which is in `within` but not in `a`, never past the row).
    #[inline]
    pub fn flood_cut(&self, seed: u64, within: u64, cut: u64) -> u64 {
        let w = self.w;
        let a = within & !(cut | self.last_col) & (within >> 1);
        let b = a << 1; // the cells that may step left
        let mut x = seed & within;
        loop {
            let row = x | (a.wrapping_add(x & a) ^ a) | ((x & b) >> 1);
            let y = (row | (row << w) | (row >> w)) & within;
            if y == x {
                return x;
            }
            x = y;
        }
    }

    /// The connected part of `within` that holds the cells `seed`.
    #[inline]
    pub fn flood(&self, seed: u64, within: u64) -> u64 {
        self.flood_cut(seed, within, 0)
    }

    /// `x` translated to touch the top and left sides of the frame (`0` stays `0`).
    #[inline]
    pub fn align(&self, x: u64) -> u64 {
        if x == 0 {
            return 0;
        }
        let x = x >> (self.row[x.trailing_zeros() as usize] as u32 * self.w);
        x >> self.columns(x).trailing_zeros()
    }

    /// `x` aligned ([`Frame::align`]) with its bounding box `(columns, rows)`, the columns
    /// folded once for both (`(0, 0, 0)` for no cell).
    #[inline]
    pub fn align_extent(&self, x: u64) -> (u64, u32, u32) {
        let (left, top, cols, rows) = self.bounds(x);
        (x >> (top * self.w + left), cols, rows)
    }

    /// The columns of row 0 that some cell of `x` lies in (every row folded onto row 0).
    #[inline]
    fn columns(&self, x: u64) -> u64 {
        let mut o = x;
        for &s in &self.folds {
            o |= o >> s;
        }
        o & self.first_row
    }

    /// The rows of an aligned `x` (`0` for none).
    #[inline]
    fn rows(&self, x: u64) -> u32 {
        if x == 0 {
            0
        } else {
            self.row[63 - x.leading_zeros() as usize] as u32 + 1
        }
    }

    /// The bounding box `(columns, rows)` of an aligned `x` (`(0, 0)` for none).
    #[inline]
    pub fn extent(&self, x: u64) -> (u32, u32) {
        if x == 0 {
            return (0, 0);
        }
        (64 - self.columns(x).leading_zeros(), self.rows(x))
    }

    /// The bounding box of `x` anywhere in the frame: `(left column, top row, columns, rows)`
    /// (all zero for no cell).
    #[inline]
    pub fn bounds(&self, x: u64) -> (u32, u32, u32, u32) {
        if x == 0 {
            return (0, 0, 0, 0);
        }
        let top = self.row[x.trailing_zeros() as usize] as u32;
        let y = x >> (top * self.w);
        let cols = self.columns(y);
        let left = cols.trailing_zeros();
        (left, top, 64 - cols.leading_zeros() - left, self.rows(y))
    }

    /// The vertical flip of an aligned `x` with `rows` rows (the whole frame flipped, then
    /// moved up: a loop of a fixed length, which the processor predicts).
    #[inline]
    fn flip_rows(&self, x: u64, rows: u32) -> u64 {
        let mut out = 0u64;
        let top = (self.h - 1) * self.w;
        for r in 0..self.h {
            out |= ((x >> (r * self.w)) & self.first_row) << (top - r * self.w);
        }
        out >> ((self.h - rows) * self.w)
    }

    /// The half turn of an aligned `x` with bounding box `cols × rows`.
    #[inline]
    fn half_turn(&self, x: u64, cols: u32, rows: u32) -> u64 {
        x.reverse_bits() >> (64 - ((rows - 1) * self.w + cols))
    }

    /// The reflection of an aligned `x` with `rows` rows in the main diagonal (its columns must
    /// fit in `min(w, h)`).
    #[inline]
    fn transpose(&self, x: u64, rows: u32) -> u64 {
        let mut out = 0u64;
        for r in 0..rows {
            out |= self.turn[((x >> (r * self.w)) & self.first_row) as usize] << r;
        }
        out
    }

    /// The least of an aligned `x` and its images under the flips and the half turn.
    #[inline]
    fn least_of_four(&self, x: u64, cols: u32, rows: u32) -> u64 {
        let v = self.flip_rows(x, rows);
        x.min(v)
            .min(self.half_turn(x, cols, rows))
            .min(self.half_turn(v, cols, rows))
    }

    /// The canonical form of `x`: aligned, and the least image under the symmetries of its
    /// bounding box that fit in the frame.
    #[inline]
    pub fn canonical(&self, x: u64) -> u64 {
        self.canonical_of_aligned(self.align(x))
    }

    /// [`Frame::canonical`] of an `x` already aligned ([`Frame::align`]).
    #[inline]
    pub fn canonical_of_aligned(&self, x: u64) -> u64 {
        debug_assert_eq!(x, self.align(x));
        let (cols, rows) = self.extent(x);
        self.canonical_in_box(x, cols, rows)
    }

    /// [`Frame::canonical`] of an aligned `x` whose bounding box is `cols × rows` (as
    /// [`Frame::align_extent`] gives them).
    #[inline]
    pub fn canonical_in_box(&self, x: u64, cols: u32, rows: u32) -> u64 {
        if x == 0 {
            return 0;
        }
        if cols > self.h || rows > self.w || rows < cols {
            // the turned box does not fit, or has more rows: its images all have a higher
            // top cell (row `rows − 1` at least), so they are larger
            return self.least_of_four(x, cols, rows);
        }
        let t = self.transpose(x, rows);
        if cols < rows {
            self.least_of_four(t, rows, cols)
        } else {
            self.least_of_four(x, cols, rows)
                .min(self.least_of_four(t, rows, cols))
        }
    }

    /// Whether the mirror theorem ([`super::region`]) makes the aligned `x` a P-position of
    /// Cram: `x` is its own image under a symmetry `σ` of its box and no domino of `x` meets its
    /// own image. `σ` is an involution, so a domino meets its image exactly when it holds a
    /// cell that `σ` fixes or `σ` swaps its two cells — which, for each symmetry, is a test of a
    /// few bits (the centre, the middle row or column, a diagonal).
    pub fn domino_mirror(&self, x: u64) -> bool {
        if x == 0 {
            return true;
        }
        let (cols, rows) = self.extent(x);
        let w = self.w;
        let horiz = x & (x >> 1) & !self.last_col; // left cells of dominoes
        let vert = x & (x >> w); // upper cells
        // some domino holds a cell of `s`
        let touches = |s: u64| horiz & (s | s >> 1) != 0 || vert & (s | s >> w) != 0;
        let row = |r: u32| self.first_row << (r * w);
        let col = |c: u32| self.first_col << c;
        let v = self.flip_rows(x, rows);
        // the half turn
        if self.half_turn(x, cols, rows) == x {
            let centre = |r: u32, c: u32| 1u64 << (r * w + c);
            let meets = match (rows % 2, cols % 2) {
                (1, 1) => touches(centre(rows / 2, cols / 2)),
                (1, 0) => horiz & centre(rows / 2, cols / 2 - 1) != 0,
                (0, 1) => vert & centre(rows / 2 - 1, cols / 2) != 0,
                _ => false,
            };
            if !meets {
                return true;
            }
        }
        // the vertical flip (rows in reverse order)
        if v == x {
            let meets = if rows % 2 == 1 {
                touches(row(rows / 2))
            } else {
                vert & row(rows / 2 - 1) != 0
            };
            if !meets {
                return true;
            }
        }
        // the horizontal flip
        if self.half_turn(v, cols, rows) == x {
            let meets = if cols % 2 == 1 {
                touches(col(cols / 2) & self.all)
            } else {
                horiz & col(cols / 2 - 1) != 0
            };
            if !meets {
                return true;
            }
        }
        // the two diagonals of a square box (no domino is swapped by them)
        if cols == rows && cols <= self.h && rows <= self.w {
            let t = self.transpose(x, rows);
            let mut diag = 0u64;
            let mut anti = 0u64;
            for i in 0..rows {
                diag |= 1 << (i * w + i);
                anti |= 1 << (i * w + (cols - 1 - i));
            }
            if t == x && !touches(diag) {
                return true;
            }
            if self.half_turn(t, cols, rows) == x && !touches(anti) {
                return true;
            }
        }
        false
    }

    /// The cells `x` as a [`Region`] of their bounding box.
    pub fn region(&self, x: u64) -> Region {
        let x = self.align(x);
        if x == 0 {
            return Region::new(0, 1, 1);
        }
        let (cols, rows) = self.extent(x);
        let mut bits = 0u128;
        for r in 0..rows {
            let row = (x >> (r * self.w)) & low(cols as usize);
            bits |= (row as u128) << (r * cols);
        }
        Region::new(bits, cols as usize, rows as usize)
    }

    /// The cells of a region of the frame's own box (`region.w == w`, `region.h == h`).
    pub fn word(&self, region: &Region) -> u64 {
        debug_assert_eq!((region.w as u32, region.h as u32), (self.w, self.h));
        region.bits as u64 & self.all
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Place the cells of `r` at row `dr`, column `dc` of the frame (`None` if they do not fit).
    fn place(f: &Frame, r: &Region, dr: usize, dc: usize) -> Option<u64> {
        let (w, h) = (r.w as usize, r.h as usize);
        if dr + h > f.height() || dc + w > f.width() {
            return None;
        }
        let mut x = 0u64;
        for i in 0..w * h {
            if r.bits >> i & 1 == 1 {
                x |= 1 << ((dr + i / w) * f.width() + dc + i % w);
            }
        }
        Some(x)
    }

    /// A frame of `w × h` cells, each side at most `side`, at most `cells` cells: drawn directly
    /// (a draw rejected for its area would run out of proptest's rejects at thousands of cases).
    fn frame_size(side: usize, cells: usize) -> impl Strategy<Value = (usize, usize)> {
        (1..=side).prop_flat_map(move |w| (Just(w), 1..=side.min(cells / w)))
    }

    proptest! {
        #[test]
        fn canonical_words_are_equal_exactly_for_congruent_components(
            (w, h) in frame_size(10, 64), a in any::<u64>(), b in any::<u64>(),
            s in 0usize..8, dr in 0usize..4, dc in 0usize..4,
        ) {
            let f = Frame::new(w, h);
            let x = a & f.all();
            // its image under a random symmetry, placed anywhere it fits
            let mut img = f.region(x);
            if s & 4 != 0 { img = img.transpose(); }
            if s & 1 != 0 { img = img.flip_rows(); }
            if s & 2 != 0 { img = img.flip_cols(); }
            if let Some(y) = place(&f, &img, dr, dc) {
                prop_assert_eq!(f.canonical(x), f.canonical(y));
            }
            // another word: equal canonical forms exactly when congruent
            let z = b & f.all();
            prop_assert_eq!(
                f.canonical(x) == f.canonical(z),
                f.region(x).canonical() == f.region(z).canonical()
            );
            // the canonical form is an image of the component itself
            prop_assert_eq!(f.region(f.canonical(x)).canonical(), f.region(x).canonical());
        }

        #[test]
        fn the_mirror_test_matches_the_regions((w, h) in frame_size(9, 64), a in any::<u64>(), sym in 0u8..4) {
            let f = Frame::new(w, h);
            // random cells made symmetric often enough to matter
            let mut x = f.align(a & f.all());
            let (cols, rows) = f.extent(x);
            if x != 0 {
                x |= match sym {
                    0 => f.half_turn(x, cols, rows),
                    1 => f.flip_rows(x, rows),
                    2 => f.half_turn(f.flip_rows(x, rows), cols, rows),
                    _ => 0,
                };
            }
            let meets = |r: &Region, s: &dyn Fn(usize) -> usize| -> bool {
                // brute force: some domino meets its image
                let w = r.w as usize;
                let n = w * r.h as usize;
                (0..n).any(|a| {
                    r.bits >> a & 1 == 1
                        && [(a % w + 1 < w).then_some(a + 1), (a + w < n).then_some(a + w)]
                            .into_iter()
                            .flatten()
                            .any(|b| {
                                r.bits >> b & 1 == 1
                                    && [s(a), s(b)].iter().any(|&i| i == a || i == b)
                            })
                })
            };
            prop_assert_eq!(f.domino_mirror(x), f.region(x).mirror_strategy(meets));
        }

        #[test]
        fn floods_match_the_regions((w, h) in frame_size(10, 64), a in any::<u64>()) {
            let f = Frame::new(w, h);
            let x = a & f.all();
            let r = Region::new(x as u128, w, h);
            prop_assert_eq!(f.neighbours(x) as u128, r.neighbours(x as u128));
            if x != 0 {
                let seed = x & x.wrapping_neg();
                prop_assert_eq!(f.flood(seed, x) as u128, r.flood(seed as u128, x as u128));
            }
            let (al, cols, rows) = f.align_extent(x);
            prop_assert_eq!(al, f.align(x));
            prop_assert_eq!((cols, rows), f.extent(al));
        }

        #[test]
        fn floods_with_cuts_match_the_flood_by_single_steps(
            (w, h) in frame_size(16, 63), a in any::<u64>(), s in any::<u64>(), c in any::<u64>(),
        ) {
            let f = Frame::new(w, h);
            let within = a & f.all();
            // the reference: one step each way per round
            let go_right = !(c | f.last_col);
            let go_left = !((c << 1) | f.first_col);
            let mut x = s & within;
            loop {
                let y = (x | ((x & go_right) << 1) | ((x & go_left) >> 1) | (x << w) | (x >> w))
                    & within;
                if y == x {
                    break;
                }
                x = y;
            }
            prop_assert_eq!(f.flood_cut(s, within, c), x);
        }
    }

    #[test]
    fn extent_and_alignment() {
        let f = Frame::new(5, 4);
        let x = 1u64 << 12 | 1 << 13 | 1 << 18; // (2,2), (2,3), (3,3)
        let a = f.align(x);
        assert_eq!(a, 0b11 | 1 << 6);
        assert_eq!(f.extent(a), (2, 2));
        assert_eq!(f.region(x).to_text(), "../#.");
        // a strip of 64 cells either way
        for (w, h) in [(64, 1), (1, 64)] {
            let f = Frame::new(w, h);
            let x = 0b1101u64 << 40;
            assert_eq!(f.canonical(x), 0b1011);
            assert_eq!(f.canonical(u64::MAX), u64::MAX);
            assert_eq!(f.extent(u64::MAX), (w as u32, h as u32));
        }
    }
}
