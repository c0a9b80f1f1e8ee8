//! Cram on a board of at most 64 cells, its components as words of the board's own
//! [`Frame`]: the same game as [`Cram`](super::Cram) — same rules, same theorems — with each
//! search step a few word operations instead of work on a bounding box.
//!
//! Beyond what [`Cram`](super::Cram) knows, two reductions that keep the value (each switchable
//! in [`CramConfig`]; both are in Beling's `igs` solver, the proofs here are ours):
//!
//! - **Bridges.** Call a cell a *centre* when one of its neighbours is a tuft (a cell with a
//!   single empty neighbour). A cell `B` that is neither a tuft nor a centre but whose
//!   neighbours are all centres can be filled without changing the value. Proof, by induction
//!   on the cells: a domino `B S` (`S` a centre with tuft `T`) leaves `T` dead, so it is worth
//!   what `S T` is worth once `B` is dropped from *that* position — where `B` still has only
//!   centres around it (a tuft is only ever covered together with its centre), so dropping it
//!   keeps the value by induction; every other move keeps `B`'s neighbours centres, and the
//!   moves of the position without `B` are exactly those.
//! - **Diagonal blocks.** A 2 × 2 block of empty cells `a b / c d` with nothing empty above or
//!   left of `a` and nothing empty below or right of `d` touches the rest of the board only
//!   through `b` and `c`. Then the position is worth the same when the block's two horizontal
//!   adjacencies `a–b` and `c–d` are cut: the domino `a b` leaves `c` with the tuft `d`, which
//!   is the position the domino `b d` leaves with the cut (a pendant cell on `c`, the rest
//!   untouched), and `c d` likewise matches `a c`; every move that breaks the block leaves a
//!   cell with two tufts or a dead cell, and the star reduction makes the two sides equal. So
//!   the components are those of the cut graph — the block often splits a region in two. The
//!   mirror image of the pattern (`b` closed above and right, `c` below and left) cuts the same
//!   two adjacencies.
//!
//! ```
//! use grundy::search::{Config, Search, Table};
//! use grundy::games::cram::framed::FramedCram;
//! use grundy::games::cram::CramConfig;
//! let game = FramedCram::new(CramConfig::default(), 5, 4); // a 4 × 5 board
//! let table = Table::with_bytes(1 << 20);
//! let s = Search::new(&game, &table, Config::default());
//! let board = game.frame().all();
//! assert_eq!(s.value(&game.components_of(board)).unwrap(), 2); // 4×5 Cram is *2
//! ```

use super::search::{CramConfig, centre_out, endgame_table, strip_values};
use crate::games::grid::frame::Frame;
use crate::games::grid::region::{MAX_CELLS, Region};
use crate::search::{Key, Moves, SearchGame};

/// Cram on one board of at most 64 cells, as a [`SearchGame`] whose components are words of
/// the board's [`Frame`].
pub struct FramedCram {
    cfg: CramConfig,
    frame: Frame,
    /// Dawson's Kayles `G(n)` for strips of `n ≤ 128` cells.
    strip: Vec<u8>,
    /// Values of every region of the endgame box, indexed by its bits (stride `cols`).
    endgame: Vec<u8>,
    /// The endgame box `(rows, cols)`.
    end_box: (usize, usize),
    /// The cells of the frame's corner that the endgame box covers, as it is and turned.
    corner: u64,
    corner_turned: u64,
}

/// Whether `x` has at most three cells (without a population count, which the baseline
/// x86-64 target computes in a dozen instructions).
#[inline]
fn at_most_three(x: u64) -> bool {
    let x = x & x.wrapping_sub(1);
    let x = x & x.wrapping_sub(1);
    x & x.wrapping_sub(1) == 0
}

/// The cells of the top-left `rows × cols` corner of `frame` (cut to the frame).
fn corner(frame: &Frame, rows: usize, cols: usize) -> u64 {
    let w = frame.width();
    let row = (1u64 << cols.min(w)) - 1;
    (0..rows.min(frame.height())).fold(0, |m, r| m | row << (r * w))
}

impl FramedCram {
    /// Cram on a board of `w` columns and `h` rows (`w·h ≤ 64`), with the given switches.
    ///
    /// # Panics
    /// When the board has no cell or more than 64 (check with [`FramedCram::fits`]).
    pub fn new(cfg: CramConfig, w: usize, h: usize) -> FramedCram {
        let frame = Frame::new(w, h);
        let (endgame, end_box) = match cfg.endgame {
            Some((rows, cols)) if rows * cols <= 24 && rows >= 1 && cols >= rows => {
                (endgame_table(rows, cols), (rows, cols))
            }
            _ => (Vec::new(), (0, 0)),
        };
        let (corner_rc, corner_cr) = if endgame.is_empty() {
            (0, 0)
        } else {
            (
                corner(&frame, end_box.0, end_box.1),
                corner(&frame, end_box.1, end_box.0),
            )
        };
        FramedCram {
            cfg,
            frame,
            strip: strip_values(MAX_CELLS),
            endgame,
            end_box,
            corner: corner_rc,
            corner_turned: corner_cr,
        }
    }

    /// Whether a board of `w` columns and `h` rows fits in a frame.
    pub fn fits(w: usize, h: usize) -> bool {
        w >= 1 && h >= 1 && w * h <= 64
    }

    /// The board's frame.
    pub fn frame(&self) -> &Frame {
        &self.frame
    }

    /// The switches.
    pub fn config(&self) -> &CramConfig {
        &self.cfg
    }

    /// The canonical components of the empty cells `cells` of the board.
    pub fn components_of(&self, cells: u64) -> Vec<u64> {
        let mut m = Moves::default();
        self.split(cells & self.frame.all(), &mut m);
        m.end_move();
        m.parts(0).to_vec()
    }

    /// The canonical components of a whole board (a region of the frame's own box).
    pub fn components(&self, board: &Region) -> Vec<u64> {
        self.components_of(self.frame.word(board))
    }

    /// The form a part is written in: canonical — except that a part whose value
    /// [`SearchGame::known_value`] gives at once (at most three cells, or inside the endgame
    /// box) is only aligned, as it is never searched nor stored.
    #[inline]
    fn canon(&self, x: u64) -> u64 {
        let (a, cols, rows) = self.frame.align_extent(x);
        if !self.cfg.symmetry
            || at_most_three(a)
            || (!self.endgame.is_empty() && a & !self.corner == 0)
        {
            a
        } else {
            self.frame.canonical_in_box(a, cols, rows)
        }
    }

    /// The star reduction of [`super::reduce_stars`], then bridges, until nothing changes.
    fn reduce(&self, mut live: u64) -> u64 {
        let f = &self.frame;
        loop {
            let from_left = live & f.right(live); // cells whose left neighbour is empty
            let from_right = live & f.left(live);
            let from_above = live & f.down(live);
            let from_below = live & f.up(live);
            let odd = from_left ^ from_right ^ from_above ^ from_below;
            let two = (from_left & from_right)
                | ((from_left | from_right) & (from_above | from_below))
                | (from_above & from_below);
            let tufts = odd & !two;
            if tufts == 0 {
                return live;
            }
            // the cells with a tuft on their right, left, below, above
            let t_right = live & f.left(tufts);
            let t_left = live & f.right(tufts);
            let t_below = live & f.up(tufts);
            let t_above = live & f.down(tufts);
            let mut seen = t_right;
            let mut drop = f.left(t_left & seen);
            seen |= t_left;
            drop |= f.down(t_below & seen);
            seen |= t_below;
            drop |= f.up(t_above & seen);
            if drop == 0 && self.cfg.bridges {
                let centres = seen | t_above;
                let core = live & !tufts & !centres;
                drop = core & !f.neighbours(core);
            }
            if drop == 0 {
                return live;
            }
            live &= !drop;
            // cells left with no neighbour are dead
            live &= f.neighbours(live);
        }
    }

    /// The left cells of the horizontal adjacencies cut by diagonal blocks.
    fn diagonal_cuts(&self, live: u64) -> u64 {
        let f = &self.frame;
        let w = f.width() as u32;
        let right = live & f.left(live); // cells with an empty right neighbour
        let left = live & f.right(live);
        let below = live & f.up(live);
        let above = live & f.down(live);
        // a b / c d: a closed above and left, d closed below and right
        let a = right & below & !left & !above;
        let d = left & above & !right & !below;
        let tl = a & (d >> (w + 1));
        // the mirror image: b closed above and right, c closed below and left
        let b = left & below & !right & !above;
        let c = right & above & !left & !below;
        let tr = (b & (c >> (w - 1))) >> 1;
        let cut = tl | tr;
        cut | cut << w
    }

    /// Push the canonical components of the empty cells `bits`.
    #[inline]
    fn split(&self, bits: u64, out: &mut Moves<u64>) {
        let f = &self.frame;
        // a cell with no empty neighbour is dead
        let mut live = bits & f.neighbours(bits);
        if self.cfg.stars {
            live = self.reduce(live);
        }
        if live == 0 {
            return;
        }
        if !self.cfg.decompose {
            out.push_part(self.canon(live));
            return;
        }
        self.push_components(live, out);
    }

    /// Push the components of `live` (reduced, every cell with a neighbour), cut at diagonal
    /// blocks; a part cut off is reduced and split again.
    fn push_components(&self, live: u64, out: &mut Moves<u64>) {
        let f = &self.frame;
        let cut = if self.cfg.diagonal {
            self.diagonal_cuts(live)
        } else {
            0
        };
        let mut rest = live;
        while rest != 0 {
            let comp = f.flood_cut(rest & rest.wrapping_neg(), rest, cut);
            rest &= !comp;
            if cut != 0 && comp != live {
                let mut part = comp & f.neighbours(comp);
                if self.cfg.stars {
                    part = self.reduce(part);
                }
                if part != 0 {
                    self.push_components(part, out);
                }
            } else {
                out.push_part(self.canon(comp));
            }
        }
    }

    /// Every domino of `c` as a handle `2a + v` (as [`super::Cram`] writes them: centre first).
    #[inline]
    fn for_each_handle(&self, c: u64, mut f: impl FnMut(u32)) {
        let fr = &self.frame;
        let w = fr.width() as u32;
        let (left, r0, cols, rows) = fr.bounds(c);
        let vert = fr.with_below(c);
        let horiz = fr.with_right(c);
        for k in 0..cols as usize {
            let j = left + centre_out(cols as usize, k) as u32;
            let mut p = vert & (fr.first_col() << j);
            while p != 0 {
                f(2 * p.trailing_zeros() + 1);
                p &= p - 1;
            }
        }
        let row = fr.first_row();
        for k in 0..rows as usize {
            let r = r0 + centre_out(rows as usize, k) as u32;
            let mut p = horiz & (row << (r * w));
            while p != 0 {
                f(2 * p.trailing_zeros());
                p &= p - 1;
            }
        }
    }

    /// The value of an aligned component from the endgame table, if it fits the box.
    #[inline]
    fn endgame_value(&self, c: u64) -> Option<u8> {
        if self.endgame.is_empty() {
            return None;
        }
        let (rows, cols) = self.end_box;
        let w = self.frame.width();
        if c & !self.corner == 0 {
            let row = (1u64 << cols.min(w)) - 1;
            let mut idx = 0usize;
            for r in 0..rows.min(self.frame.height()) {
                idx |= (((c >> (r * w)) & row) as usize) << (r * cols);
            }
            return self.endgame.get(idx).copied();
        }
        if rows != cols && c & !self.corner_turned == 0 {
            // turned: cell (r, k) of the component is cell (k, r) of the box
            let mut idx = 0usize;
            let mut b = c;
            while b != 0 {
                let i = b.trailing_zeros() as usize;
                b &= b - 1;
                idx |= 1 << ((i % w) * cols + i / w);
            }
            return self.endgame.get(idx).copied();
        }
        None
    }

    /// When every cell of `c` has at most two neighbours: `Some(false)` for one path,
    /// `Some(true)` for cycles only (see [`Region::path_or_cycle`]).
    #[inline]
    fn path_or_cycle(&self, c: u64) -> Option<bool> {
        let f = &self.frame;
        let l = c & f.right(c);
        let r = c & f.left(c);
        let u = c & f.down(c);
        let d = c & f.up(c);
        let three = (l & r & (u | d)) | (u & d & (l | r));
        if three != 0 || c & !(l | r | u | d) != 0 {
            return None;
        }
        match (l ^ r ^ u ^ d).count_ones() {
            2 => Some(false),
            0 if c != 0 => Some(true),
            _ => None,
        }
    }
}

impl SearchGame for FramedCram {
    type Component = u64;

    fn id(&self) -> String {
        format!(
            "cram frame {}x{} v1",
            self.frame.height(),
            self.frame.width()
        )
    }

    fn moves(&self, c: &u64, out: &mut Moves<u64>) {
        self.for_each_handle(*c, |h| self.move_of(c, h, out));
    }

    fn move_handles(&self, c: &u64, out: &mut Vec<u32>) -> bool {
        self.for_each_handle(*c, |h| out.push(h));
        true
    }

    #[inline]
    fn move_of(&self, c: &u64, h: u32, out: &mut Moves<u64>) {
        let a = h / 2;
        let b = if h & 1 == 1 {
            a + self.frame.width() as u32
        } else {
            a + 1
        };
        self.split(c & !(1u64 << a) & !(1u64 << b), out);
        out.end_move();
    }

    #[inline]
    fn key(&self, c: &u64) -> Key {
        Key { bits: *c, tag: 0 }
    }

    #[inline]
    fn size(&self, c: &u64) -> u32 {
        c.count_ones()
    }

    #[inline]
    fn known_value(&self, c: &u64) -> Option<u8> {
        let c = *c;
        let f = &self.frame;
        if at_most_three(c) {
            return Some((f.with_right(c) | f.with_below(c) != 0) as u8);
        }
        if let Some(v) = self.endgame_value(c) {
            return Some(v);
        }
        // a snake of cells is Dawson's Kayles, a ring one move away from a snake two shorter
        if self.cfg.decompose {
            let n = c.count_ones() as usize;
            match self.path_or_cycle(c) {
                Some(false) => return Some(self.strip[n]),
                Some(true) => return Some((self.strip[n - 2] == 0) as u8),
                None => {}
            }
        }
        None
    }

    #[inline]
    fn mobility(&self, c: &u64) -> Option<u32> {
        // every domino: a cell with its right or its lower neighbour empty too
        let f = &self.frame;
        Some(f.with_right(*c).count_ones() + f.with_below(*c).count_ones())
    }

    fn theorem_value(&self, c: &u64) -> Option<u8> {
        (self.cfg.mirror && self.frame.domino_mirror(*c)).then_some(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Config, Search, Table};

    fn game(cfg: CramConfig, board: &str) -> (FramedCram, Region) {
        let b = Region::from_rows(&board.split('/').collect::<Vec<_>>()).unwrap();
        (FramedCram::new(cfg, b.w as usize, b.h as usize), b)
    }

    fn value(g: &FramedCram, b: &Region) -> u8 {
        let table = Table::with_bytes(1 << 16);
        Search::new(g, &table, Config::default())
            .value(&g.components(b))
            .unwrap()
    }

    #[test]
    fn a_bridge_between_two_dead_ends_is_filled() {
        // a strip of five: the middle cell's neighbours both carry a dead end
        let off = CramConfig {
            bridges: false,
            ..Default::default()
        };
        let (g, b) = game(CramConfig::default(), ".....");
        assert_eq!(g.components(&b).len(), 2); // two dominoes
        let (h, _) = game(off, ".....");
        assert_eq!(h.components(&b).len(), 1);
        assert_eq!(value(&g, &b), 0);
        assert_eq!(value(&h, &b), 0);
    }

    #[test]
    fn a_diagonal_block_splits_its_region_in_two() {
        let board = "##../#.../...#/..##";
        let off = CramConfig {
            diagonal: false,
            ..Default::default()
        };
        let (g, b) = game(CramConfig::default(), board);
        let (h, _) = game(off, board);
        // cut into two, and each part is a 2 × 2 block with a cell on top: cut again
        assert_eq!(g.components(&b).len(), 4);
        assert_eq!(h.components(&b).len(), 1);
        assert_eq!(value(&g, &b), value(&h, &b));
        // the mirror image splits too
        let (m, mb) = game(CramConfig::default(), "..##/...#/#.../##..");
        assert_eq!(m.components(&mb).len(), 4);
    }
}
