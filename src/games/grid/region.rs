//! Regions of a square grid as bit boards: the components of Cram and of Node-Kayles on grids.
//!
//! A region is a set of cells inside its bounding box of `w` columns and `h` rows (`w·h ≤ 128`),
//! cell `(r, c)` at bit `r·w + c`. Its **canonical form** is the same set translated to touch the
//! box's top and left sides, turned so that `h ≤ w`, and then the smallest bit pattern among the
//! images under the symmetries of the box (the four of a rectangle, the eight of a square): Cram
//! and Node-Kayles are played on the grid graph, which these maps preserve, so a region and its
//! images have the same value.
//!
//! **Mirror theorem** (the Tweedledum–Tweedledee strategy, *Winning Ways* ch. 2). When a region
//! is its own image under a symmetry `σ` and no single move `M` meets its own image (`σ(M) ∩ M`
//! empty for every available move), the second player answers each move `M` by `σ(M)` and never
//! runs out of answers: the region is a P-position. Which moves meet their image depends on the
//! game (a domino, or a vertex with its neighbourhood), so the game supplies that test
//! ([`Region::mirror_strategy`]).
//!
//! ```
//! use grundy::games::grid::region::Region;
//! // an L of three cells, written two ways, has one canonical form
//! let a = Region::from_rows(&["#.", ".."]).unwrap();
//! let b = Region::from_rows(&["..", ".#"]).unwrap();
//! assert_eq!(a.canonical(), b.canonical());
//! assert_eq!(a.canonical().cells(), 3);
//! ```

use std::fmt;
use std::str::FromStr;

use super::board::{Board, BoardError};

/// The largest number of cells of a region's bounding box.
pub const MAX_CELLS: usize = 128;

/// `LEFT[w]`: the cells of column 0 in a box of width `w` (as many rows as fit in 128 bits).
static LEFT: [u128; 129] = {
    let mut t = [0u128; 129];
    let mut w = 1;
    while w <= 128 {
        let mut m = 0u128;
        let mut i = 0;
        while i < 128 {
            m |= 1u128 << i;
            i += w;
        }
        t[w] = m;
        w += 1;
    }
    t
};

#[inline]
pub(crate) fn shl(x: u128, s: usize) -> u128 {
    if s >= 128 { 0 } else { x << s }
}

#[inline]
pub(crate) fn shr(x: u128, s: usize) -> u128 {
    if s >= 128 { 0 } else { x >> s }
}

/// The mask of the first `n` bits.
#[inline]
pub(crate) fn low(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// A set of cells of a `w × h` box (`w` columns, `h` rows).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Region {
    /// The cells, `(r, c)` at bit `r·w + c`.
    pub bits: u128,
    /// Columns of the box.
    pub w: u8,
    /// Rows of the box.
    pub h: u8,
}

impl fmt::Debug for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Region({}×{} {})", self.h, self.w, self.to_text())
    }
}

/// A move's cells and the cells it takes away, for the mirror test.
pub type MirrorTest = fn(&Region, &dyn Fn(usize) -> usize) -> bool;

impl Region {
    /// The region of the cells `bits` of a `w × h` box (bits outside the box are dropped).
    pub fn new(bits: u128, w: usize, h: usize) -> Region {
        debug_assert!(w >= 1 && h >= 1 && w * h <= MAX_CELLS);
        Region {
            bits: bits & low(w * h),
            w: w as u8,
            h: h as u8,
        }
    }

    /// Parse rows of `.` (a cell of the region) and `#` (not), given one by one
    /// ([`Board::from_rows`]).
    pub fn from_rows(rows: &[&str]) -> Result<Region, BoardError> {
        Region::from_board(&Board::from_rows(rows)?)
    }

    /// The region of a board's empty cells, in the board's own box (at most [`MAX_CELLS`]
    /// cells).
    pub fn from_board(board: &Board) -> Result<Region, BoardError> {
        let bits = board.mask(MAX_CELLS, "the search")?;
        Ok(Region::new(bits, board.cols(), board.rows()))
    }

    /// The rows as text, `.` for a cell of the region and `#` for the others, joined by `/`.
    pub fn to_text(&self) -> String {
        let (w, h) = (self.w as usize, self.h as usize);
        let mut s = String::with_capacity((w + 1) * h);
        for r in 0..h {
            if r > 0 {
                s.push('/');
            }
            for c in 0..w {
                s.push(if self.bits >> (r * w + c) & 1 == 1 {
                    '.'
                } else {
                    '#'
                });
            }
        }
        s
    }

    /// Number of cells.
    #[inline]
    pub fn cells(&self) -> u32 {
        self.bits.count_ones()
    }

    /// Every cell of the box.
    #[inline]
    pub fn all(&self) -> u128 {
        low(self.w as usize * self.h as usize)
    }

    /// The cells of column 0.
    #[inline]
    pub fn left(&self) -> u128 {
        LEFT[self.w as usize] & self.all()
    }

    /// The cells of the last column.
    #[inline]
    pub fn right(&self) -> u128 {
        shl(LEFT[self.w as usize], self.w as usize - 1) & self.all()
    }

    /// The cells of `x` (within the box) with their four neighbours.
    #[inline]
    pub fn neighbours(&self, x: u128) -> u128 {
        let w = self.w as usize;
        (((x << 1) & !self.left()) | ((x >> 1) & !self.right()) | shl(x, w) | shr(x, w))
            & self.all()
    }

    /// The connected part of `within` that holds the cells `seed`.
    #[inline]
    pub fn flood(&self, seed: u128, within: u128) -> u128 {
        self.flood_cut(seed, within, 0)
    }

    /// The connected part of `within` that holds the cells `seed`, without the horizontal steps
    /// between the cells of `cut` and their right neighbours.
    #[inline]
    pub fn flood_cut(&self, seed: u128, within: u128, cut: u128) -> u128 {
        let w = self.w as usize;
        let go_right = !(cut | self.right());
        let go_left = !((cut << 1) | self.left());
        let within = within & self.all();
        let mut x = seed & within;
        loop {
            let y =
                (x | ((x & go_right) << 1) | ((x & go_left) >> 1) | shl(x, w) | (x >> w)) & within;
            if y == x {
                return x;
            }
            x = y;
        }
    }

    /// The region cut to its bounding box (translated to the top-left corner); an empty set
    /// gives a `1 × 1` box with no cell.
    pub fn trimmed(&self, bits: u128) -> Region {
        if bits == 0 {
            return Region::new(0, 1, 1);
        }
        let w = self.w as usize;
        let top = bits.trailing_zeros() as usize / w;
        let bottom = (127 - bits.leading_zeros() as usize) / w;
        let mut cols = 0u128;
        for r in top..=bottom {
            cols |= (bits >> (r * w)) & low(w);
        }
        let c0 = cols.trailing_zeros() as usize;
        let c1 = 127 - cols.leading_zeros() as usize;
        let nw = c1 - c0 + 1;
        let nh = bottom - top + 1;
        if nw == w {
            return Region::new(bits >> (top * w), w, nh);
        }
        let mut out = 0u128;
        for r in 0..nh {
            out |= ((bits >> ((top + r) * w + c0)) & low(nw)) << (r * nw);
        }
        Region::new(out, nw, nh)
    }

    /// The image under the vertical flip (rows in reverse order).
    pub fn flip_rows(&self) -> Region {
        let (w, h) = (self.w as usize, self.h as usize);
        let mut out = 0u128;
        for r in 0..h {
            out |= ((self.bits >> (r * w)) & low(w)) << ((h - 1 - r) * w);
        }
        Region { bits: out, ..*self }
    }

    /// The image under the half turn.
    #[inline]
    pub fn rotate_half(&self) -> Region {
        let n = self.w as usize * self.h as usize;
        Region {
            bits: self.bits.reverse_bits() >> (128 - n),
            ..*self
        }
    }

    /// The image under the horizontal flip (columns in reverse order).
    pub fn flip_cols(&self) -> Region {
        self.flip_rows().rotate_half()
    }

    /// The image under the reflection in the main diagonal (a `h × w` box becomes `w × h`).
    pub fn transpose(&self) -> Region {
        let (w, h) = (self.w as usize, self.h as usize);
        let mut out = 0u128;
        let mut b = self.bits;
        while b != 0 {
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            let (r, c) = (i / w, i % w);
            out |= 1u128 << (c * h + r);
        }
        Region {
            bits: out,
            w: h as u8,
            h: w as u8,
        }
    }

    /// The canonical form of the region's cells: trimmed, turned to `h ≤ w`, and the least
    /// image under the box's symmetries.
    pub fn canonical(&self) -> Region {
        self.trimmed(self.bits).canonical_of_trimmed()
    }

    /// [`Region::canonical`] of a region already trimmed to its bounding box (as
    /// [`Region::trimmed`] returns it), without trimming it again.
    pub fn canonical_of_trimmed(&self) -> Region {
        debug_assert_eq!(*self, self.trimmed(self.bits));
        let t = *self;
        let t = if t.h > t.w { t.transpose() } else { t };
        let mut best = t;
        let f = t.flip_rows();
        for img in [f, t.rotate_half(), f.rotate_half()] {
            if img.bits < best.bits {
                best = img;
            }
        }
        if t.w == t.h {
            let u = t.transpose();
            for img in [u, u.flip_rows(), u.rotate_half(), u.flip_cols()] {
                if img.bits < best.bits {
                    best = img;
                }
            }
        }
        best
    }

    /// The region trimmed and turned (no reflection or rotation beyond `h ≤ w`): the canonical
    /// form used when symmetries are switched off.
    pub fn translated(&self) -> Region {
        self.trimmed(self.bits)
    }

    /// When every cell has at most two neighbours in the region: `Some(false)` if the cells
    /// form one path (two ends, no lone cell), `Some(true)` if they form cycles only (no end);
    /// `None` otherwise. Only for a connected region does this say it *is* a path or a cycle.
    pub fn path_or_cycle(&self) -> Option<bool> {
        let w = self.w as usize;
        let b = self.bits;
        let l = ((b << 1) & !self.left()) & b; // cells whose left neighbour is in
        let r = ((b >> 1) & !self.right()) & b;
        let u = shl(b, w) & self.all() & b;
        let d = shr(b, w) & b;
        let three = (l & r & (u | d)) | (u & d & (l | r));
        if three != 0 || b & !(l | r | u | d) != 0 {
            return None;
        }
        let odd = l ^ r ^ u ^ d; // exactly one neighbour (three or more are excluded)
        match odd.count_ones() {
            2 => Some(false),
            0 if b != 0 => Some(true),
            _ => None,
        }
    }

    /// The connected components of the cells `bits` of this box, each handed to `f`.
    #[inline]
    pub fn for_each_component(&self, bits: u128, mut f: impl FnMut(u128)) {
        let mut rest = bits;
        while rest != 0 {
            let comp = self.flood(rest & rest.wrapping_neg(), rest);
            rest &= !comp;
            f(comp);
        }
    }

    /// Whether the mirror theorem makes this region a P-position: it is its own image under a
    /// symmetry of its box and `meets(self, σ)` (the game's test) finds no move meeting its image.
    pub fn mirror_strategy(&self, meets: MirrorTest) -> bool {
        let (w, h) = (self.w as usize, self.h as usize);
        let n = w * h;
        if self.rotate_half().bits == self.bits && !meets(self, &|i| n - 1 - i) {
            return true;
        }
        if self.flip_rows().bits == self.bits && !meets(self, &|i| (h - 1 - i / w) * w + i % w) {
            return true;
        }
        if self.flip_cols().bits == self.bits && !meets(self, &|i| (i / w) * w + (w - 1 - i % w)) {
            return true;
        }
        if w == h {
            if self.transpose().bits == self.bits && !meets(self, &|i| (i % w) * w + i / w) {
                return true;
            }
            let anti = |i: usize| (w - 1 - i % w) * w + (w - 1 - i / w);
            let mut img = 0u128;
            let mut b = self.bits;
            while b != 0 {
                let i = b.trailing_zeros() as usize;
                b &= b - 1;
                img |= 1u128 << anti(i);
            }
            if img == self.bits && !meets(self, &anti) {
                return true;
            }
        }
        false
    }
}

impl FromStr for Region {
    type Err = BoardError;

    /// A board in the notation of [`super::board`]: its empty cells, in its own box.
    fn from_str(text: &str) -> Result<Region, BoardError> {
        Region::from_board(&text.parse()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn cells_of(r: &Region) -> Vec<(usize, usize)> {
        let w = r.w as usize;
        (0..r.w as usize * r.h as usize)
            .filter(|i| r.bits >> i & 1 == 1)
            .map(|i| (i / w, i % w))
            .collect()
    }

    /// Two regions are congruent when some symmetry of the plane maps one onto the other after
    /// translation; checked by brute force over the 8 maps of coordinates.
    fn congruent(a: &Region, b: &Region) -> bool {
        let ca = cells_of(a);
        let cb: std::collections::BTreeSet<_> = cells_of(b).into_iter().collect();
        if ca.len() != cb.len() {
            return false;
        }
        for s in 0..8 {
            let img: Vec<(i64, i64)> = ca
                .iter()
                .map(|&(r, c)| {
                    let (r, c) = (r as i64, c as i64);
                    let (r, c) = if s & 4 != 0 { (c, r) } else { (r, c) };
                    let r = if s & 1 != 0 { -r } else { r };
                    let c = if s & 2 != 0 { -c } else { c };
                    (r, c)
                })
                .collect();
            let r0 = img.iter().map(|p| p.0).min().unwrap_or(0);
            let c0 = img.iter().map(|p| p.1).min().unwrap_or(0);
            let set: std::collections::BTreeSet<(usize, usize)> = img
                .iter()
                .map(|&(r, c)| ((r - r0) as usize, (c - c0) as usize))
                .collect();
            if set == cb {
                return true;
            }
        }
        false
    }

    proptest! {
        #[test]
        fn canonical_forms_are_equal_exactly_for_congruent_regions(
            w in 1usize..8, h in 1usize..8, a in any::<u64>(), s in 0usize..8, seed in any::<u64>()
        ) {
            let r = Region::new(a as u128, w, h);
            // an image of r under a random symmetry, placed in a larger box
            let mut img = r;
            if s & 4 != 0 { img = img.transpose(); }
            if s & 1 != 0 { img = img.flip_rows(); }
            if s & 2 != 0 { img = img.flip_cols(); }
            let big_w = img.w as usize + 2;
            let big_h = img.h as usize + 1;
            let mut bits = 0u128;
            for (rr, cc) in cells_of(&img) {
                bits |= 1u128 << ((rr + 1) * big_w + cc + 1);
            }
            let moved = Region::new(bits, big_w, big_h);
            prop_assert_eq!(r.canonical(), moved.canonical());
            prop_assert!(congruent(&r.canonical(), &r.trimmed(r.bits)));
            let other = Region::new(seed as u128, w, h);
            prop_assert_eq!(
                other.canonical() == r.canonical(),
                congruent(&other.trimmed(other.bits), &r.trimmed(r.bits))
            );
        }

        #[test]
        fn components_partition_the_cells_into_connected_parts(w in 1usize..10, h in 1usize..10, a in any::<u128>()) {
            let r = Region::new(a, w, h);
            let mut comps = Vec::new();
            r.for_each_component(r.bits, |c| comps.push(c));
            let mut union = 0u128;
            let count = comps.len() as u32;
            for c in comps {
                prop_assert_eq!(union & c, 0);
                union |= c;
                // no cell of another component touches this one
                prop_assert_eq!(r.neighbours(c) & r.bits & !c, 0);
            }
            prop_assert_eq!(union, r.bits);
            prop_assert!(count <= r.cells());
        }
    }

    #[test]
    fn text_round_trips() {
        let r = Region::from_rows(&["..#", "#..", "..."]).unwrap();
        assert_eq!(r.to_text(), "..#/#../...");
        assert_eq!(r.cells(), 7);
        assert!(Region::from_rows(&["..", "."]).is_err());
        assert!(Region::from_rows(&["x."]).is_err());
    }
}
