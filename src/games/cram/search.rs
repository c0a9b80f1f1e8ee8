//! Cram for the search: a position is a set of empty cells, its components the connected
//! regions of empty cells (a domino never spans two of them), each a [`Region`] in canonical
//! form.
//!
//! What the game knows without search ([`SearchGame::known_value`]):
//! - a cell with no empty neighbour can never be covered, so it is dropped from every region;
//! - a region of at most three cells is `*1` when a domino fits (every move leaves at most one
//!   cell) and `*0` otherwise;
//! - a region whose cells form a path (a "snake", bends allowed) is Dawson's Kayles (octal
//!   game `0.07`: a domino takes two neighbouring cells of the path), whose values are tabled,
//!   and a ring of `n` cells has the single option "path of `n − 2`";
//! - the **mirror theorem** ([`crate::games::grid::region`]): a region symmetric under a half turn, a flip or
//!   (for a square box) a diagonal reflection, with no empty domino meeting its own image, is
//!   `*0` — this is why every even × even board is P;
//! - regions that fit the **endgame table** (all regions of a small box, solved by the tier
//!   engine [`crate::games::cram::tier`] before the search starts).
//!
//! ```
//! use grundy::search::{Config, Search, Table};
//! use grundy::games::cram::Cram;
//! let game = Cram::default();
//! let table = Table::with_bytes(1 << 20);
//! let s = Search::new(&game, &table, Config::default());
//! assert_eq!(s.value(&game.components(&game.board(4, 5).unwrap())).unwrap(), 2);
//! ```

use crate::games::grid::board::BoardError;
use crate::games::grid::region::{self, MAX_CELLS, Region, low};
use crate::search::{Key, Moves, SearchGame};

/// The switches of the Cram game (each can be turned off to test the others against it).
#[derive(Clone, Debug)]
pub struct CramConfig {
    /// Split positions into independent regions.
    pub decompose: bool,
    /// Canonical forms under the board's rotations and reflections (translation always).
    pub symmetry: bool,
    /// The mirror theorem for symmetric regions.
    pub mirror: bool,
    /// The box `(rows, cols)` (`rows ≤ cols`) of the endgame table, or `None`.
    pub endgame: Option<(usize, usize)>,
    /// Star reduction: of several dead-end cells hanging from one cell, keep one.
    pub stars: bool,
    /// Bridges: with the star reduction, fill a cell whose neighbours all carry a dead end
    /// ([`super::framed`]).
    pub bridges: bool,
    /// Cut the horizontal adjacencies of diagonal 2 × 2 blocks before splitting ([`super::framed`]).
    pub diagonal: bool,
}

impl Default for CramConfig {
    fn default() -> Self {
        CramConfig {
            decompose: true,
            symmetry: true,
            mirror: true,
            endgame: Some((4, 4)),
            stars: true,
            bridges: true,
            diagonal: true,
        }
    }
}

/// Cram as a [`SearchGame`].
pub struct Cram {
    cfg: CramConfig,
    /// Dawson's Kayles `G(n)` for strips of `n ≤ 128` cells.
    strip: Vec<u8>,
    /// Values of every region of the endgame box, indexed by its bits (stride `cols`).
    endgame: Vec<u8>,
    end_box: (usize, usize),
}

impl Default for Cram {
    fn default() -> Self {
        Cram::new(CramConfig::default())
    }
}

/// Dawson's Kayles as Cram on a strip: a domino on a strip of `n` leaves strips `a` and `b`
/// with `a + b = n − 2`.
pub(super) fn strip_values(max: usize) -> Vec<u8> {
    let mut g = vec![0u8; max + 1];
    for n in 2..=max {
        let mut seen = 0u128;
        for a in 0..=(n - 2) / 2 {
            seen |= 1u128 << (g[a] ^ g[n - 2 - a]);
        }
        g[n] = (!seen).trailing_zeros() as u8;
    }
    g
}

/// `LEFT_COLUMNS[w]`: column 0 of a box of width `w`.
static LEFT_COLUMNS: [u128; 129] = {
    let mut t = [0u128; 129];
    let mut w = 1;
    while w <= 128 {
        let mut i = 0;
        while i < 128 {
            t[w] |= 1u128 << i;
            i += w;
        }
        w += 1;
    }
    t
};

/// The `k`-th line of `n` counted from the middle outwards (middle, one side, the other, …).
#[inline]
pub(super) fn centre_out(n: usize, k: usize) -> usize {
    let mid = (n - 1) / 2;
    if k == 0 {
        mid
    } else if k % 2 == 1 {
        mid + k.div_ceil(2)
    } else {
        mid - k / 2
    }
}

/// **Star reduction.** A *tuft* is an empty cell with exactly one empty neighbour. When a cell
/// `X` has two tufts `A` and `B`, the dominoes `XA` and `XB` lead to the same position (the other
/// tuft is left with no neighbour), and no other domino covers `A` or `B`; by induction on the
/// cells the region is worth the same without `B`. So of the tufts of each cell all but one are
/// dropped (repeated until nothing changes). With `bridges`, a cell whose neighbours all have
/// a tuft (and that is neither a tuft nor has one) is dropped too ([`framed`] proves it).
fn reduce_stars(board: &Region, mut live: u128, bridges: bool) -> u128 {
    let w = board.w as usize;
    let (left, right, all) = (board.left(), board.right(), board.all());
    loop {
        let from_left = ((live << 1) & !left) & live; // cells whose left neighbour is empty
        let from_right = ((live >> 1) & !right) & live;
        let from_above = region::shl(live, w) & all & live;
        let from_below = region::shr(live, w) & live;
        let odd = from_left ^ from_right ^ from_above ^ from_below;
        let two = (from_left & from_right)
            | (from_left & from_above)
            | (from_left & from_below)
            | (from_right & from_above)
            | (from_right & from_below)
            | (from_above & from_below);
        let tufts = odd & !two;
        if tufts == 0 {
            return live;
        }
        // X has a tuft on its right, left, below, above:
        let t_right = ((tufts >> 1) & !right) & live;
        let t_left = ((tufts << 1) & !left) & live;
        let t_below = region::shr(tufts, w) & live;
        let t_above = region::shl(tufts, w) & all & live;
        let mut seen = t_right;
        let mut drop = 0u128;
        drop |= ((t_left & seen) >> 1) & !right;
        seen |= t_left;
        drop |= region::shl(t_below & seen, w) & all;
        seen |= t_below;
        drop |= region::shr(t_above & seen, w);
        if drop == 0 && bridges {
            let core = live & !tufts & !(seen | t_above);
            drop = core & !board.neighbours(core);
        }
        if drop == 0 {
            return live;
        }
        live &= !drop;
        // cells left with no neighbour are dead
        live &= board.neighbours(live);
    }
}

/// The left cells of the horizontal adjacencies cut by diagonal 2 × 2 blocks of `live`
/// ([`framed`] states and proves the rule).
fn diagonal_cuts(board: &Region, live: u128) -> u128 {
    let w = board.w as usize;
    let right = live & (live >> 1) & !board.right(); // cells with an empty right neighbour
    let left = live & (live << 1) & !board.left();
    let below = live & (live >> w);
    let above = live & region::shl(live, w) & board.all();
    let a = right & below & !left & !above;
    let d = left & above & !right & !below;
    let tl = a & region::shr(d, w + 1);
    let b = left & below & !right & !above;
    let c = right & above & !left & !below;
    let tr = (b & (c >> (w - 1))) >> 1;
    let cut = tl | tr;
    cut | region::shl(cut, w)
}

/// Every move of a whole board: the domino's two cells (bit indices) and the board after it.
pub fn domino_moves(board: &Region) -> Vec<((usize, usize), Region)> {
    let w = board.w as usize;
    let horiz = board.bits & (board.bits >> 1) & !board.right();
    let vert = board.bits & (board.bits >> w);
    let mut out = Vec::new();
    for a in 0..w * board.h as usize {
        for (pairs, b) in [(horiz, a + 1), (vert, a + w)] {
            if pairs >> a & 1 == 1 {
                let after = board.bits & !(1u128 << a) & !(1u128 << b);
                out.push((
                    (a, b),
                    Region {
                        bits: after,
                        ..*board
                    },
                ));
            }
        }
    }
    out
}

/// Whether some empty domino of `r` meets its image under `sigma`.
fn domino_meets_image(r: &Region, sigma: &dyn Fn(usize) -> usize) -> bool {
    let w = r.w as usize;
    let horiz = r.bits & (r.bits >> 1) & !r.right();
    let vert = r.bits & (r.bits >> w);
    for (pairs, step) in [(horiz, 1), (vert, w)] {
        let mut p = pairs;
        while p != 0 {
            let a = p.trailing_zeros() as usize;
            p &= p - 1;
            let b = a + step;
            let (sa, sb) = (sigma(a), sigma(b));
            if sa == a || sa == b || sb == a || sb == b {
                return true;
            }
        }
    }
    false
}

impl Cram {
    /// Cram with the given switches; builds the endgame table (a tier-engine solve of its box).
    pub fn new(cfg: CramConfig) -> Cram {
        let strip = strip_values(MAX_CELLS);
        let (endgame, end_box) = match cfg.endgame {
            Some((rows, cols)) if rows * cols <= 24 && rows >= 1 && cols >= rows => {
                (endgame_table(rows, cols), (rows, cols))
            }
            _ => (Vec::new(), (0, 0)),
        };
        Cram {
            cfg,
            strip,
            endgame,
            end_box,
        }
    }

    /// The switches.
    pub fn config(&self) -> &CramConfig {
        &self.cfg
    }

    /// The empty `rows × cols` board.
    pub fn board(&self, rows: usize, cols: usize) -> Result<Region, String> {
        if rows == 0 || cols == 0 {
            return Err(format!(
                "a {rows}×{cols} board has no cells; rows and columns must be at least 1"
            ));
        }
        if rows * cols > MAX_CELLS {
            return Err(format!(
                "a {rows}×{cols} board has {} cells, more than the {MAX_CELLS} the search supports",
                rows * cols
            ));
        }
        Ok(Region::new(low(rows * cols), cols, rows))
    }

    /// A board written as rows of `.` (empty) and `#` (filled) joined by `/`
    /// ([`crate::games::grid::board`]).
    pub fn parse(&self, text: &str) -> Result<Region, BoardError> {
        text.parse()
    }

    /// The components of a whole board (any box), canonical.
    pub fn components(&self, board: &Region) -> Vec<Region> {
        let mut m = Moves::default();
        self.split(board, board.bits, &mut m);
        m.end_move();
        m.parts(0).to_vec()
    }

    /// The canonical form of a region already trimmed to its box.
    fn canon(&self, r: &Region) -> Region {
        if self.cfg.symmetry {
            r.canonical_of_trimmed()
        } else {
            *r
        }
    }

    /// Push the canonical components of the cells `bits` of `board`'s box.
    #[inline]
    fn split(&self, board: &Region, bits: u128, out: &mut Moves<Region>) {
        // a cell with no empty neighbour is dead
        let mut live = bits & board.neighbours(bits);
        if self.cfg.stars {
            live = reduce_stars(board, live, self.cfg.bridges);
        }
        if live == 0 {
            return;
        }
        if !self.cfg.decompose {
            out.push_part(self.canon(&board.trimmed(live)));
            return;
        }
        self.push_components(board, live, out);
    }

    /// Push the components of `live` (reduced, every cell with a neighbour), cut at diagonal
    /// blocks ([`super::framed`]); a part cut off is reduced and split again.
    fn push_components(&self, board: &Region, live: u128, out: &mut Moves<Region>) {
        let cut = if self.cfg.diagonal {
            diagonal_cuts(board, live)
        } else {
            0
        };
        let mut rest = live;
        while rest != 0 {
            let comp = board.flood_cut(rest & rest.wrapping_neg(), rest, cut);
            rest &= !comp;
            if cut != 0 && comp != live {
                let mut part = comp & board.neighbours(comp);
                if self.cfg.stars {
                    part = reduce_stars(board, part, self.cfg.bridges);
                }
                if part != 0 {
                    self.push_components(board, part, out);
                }
            } else {
                out.push_part(self.canon(&board.trimmed(comp)));
            }
        }
    }

    /// Every move of a whole board: the domino's two cells and the board after it
    /// ([`domino_moves`]).
    pub fn board_moves(&self, board: &Region) -> Vec<((usize, usize), Region)> {
        domino_moves(board)
    }

    /// Every domino of `c` as a handle `2a + v`: its first cell `a` (the upper or left one) and
    /// `v = 1` for a vertical domino. Centre first (the moves that cut the region in two), as
    /// Beling's solver does: vertical dominoes column by column from the middle outwards, then
    /// horizontal ones row by row.
    fn for_each_handle(&self, c: &Region, mut f: impl FnMut(u32)) {
        let (w, h) = (c.w as usize, c.h as usize);
        let vert = c.bits & (c.bits >> w);
        let horiz = c.bits & (c.bits >> 1) & !c.right();
        let col = LEFT_COLUMNS[w] & c.all();
        for k in 0..w {
            let j = centre_out(w, k);
            let mut p = vert & (col << j);
            while p != 0 {
                f(2 * p.trailing_zeros() + 1);
                p &= p - 1;
            }
        }
        for k in 0..h {
            let r = centre_out(h, k);
            let mut p = horiz & (low(w) << (r * w));
            while p != 0 {
                f(2 * p.trailing_zeros());
                p &= p - 1;
            }
        }
    }

    fn endgame_value(&self, r: &Region) -> Option<u8> {
        let (rows, cols) = self.end_box;
        let (w, h) = (r.w as usize, r.h as usize);
        let (w, h, r) = if h <= rows && w <= cols {
            (w, h, *r)
        } else if w <= rows && h <= cols {
            let t = r.transpose();
            (t.w as usize, t.h as usize, t)
        } else {
            return None;
        };
        let mut idx = 0usize;
        for row in 0..h {
            idx |= (((r.bits >> (row * w)) & low(w)) as usize) << (row * cols);
        }
        self.endgame.get(idx).copied()
    }
}

/// Every region of a `rows × cols` box (cell `(r, c)` at bit `r·cols + c`) by the mex rule,
/// taken in increasing order of the bits: a move clears two bits, so the region it leaves is
/// smaller and already known. (A 4 × 4 box in about a millisecond, where the tier engine took
/// fifteen; the tests compare both.)
pub(super) fn endgame_table(rows: usize, cols: usize) -> Vec<u8> {
    let n = rows * cols;
    debug_assert!(n <= 24);
    // Bit i of `not_last` is set when cell i is not in the last column, so a
    // horizontal domino may start there.
    let mut not_last = 0u32;
    for r in 0..rows {
        for c in 0..cols.saturating_sub(1) {
            not_last |= 1 << (r * cols + c);
        }
    }
    let mut out = vec![0u8; 1 << n];
    for mask in 1..1u32 << n {
        let mut seen = 0u128;
        // The dominoes present in `mask`, by their first cell: horizontal
        // where a cell and its right neighbour are empty, vertical where a
        // cell and the one below are.
        let mut across = mask & (mask >> 1) & not_last;
        while across != 0 {
            let i = across.trailing_zeros();
            across &= across - 1;
            seen |= 1 << out[(mask ^ (0b11 << i)) as usize];
        }
        let mut down = mask & (mask >> cols);
        while down != 0 {
            let i = down.trailing_zeros();
            down &= down - 1;
            seen |= 1 << out[(mask ^ (1 << i | 1 << (i + cols as u32))) as usize];
        }
        out[mask as usize] = (!seen).trailing_zeros() as u8;
    }
    out
}

impl SearchGame for Cram {
    type Component = Region;

    fn id(&self) -> String {
        "cram regions v1".into()
    }

    fn moves(&self, c: &Region, out: &mut Moves<Region>) {
        self.for_each_handle(c, |h| self.move_of(c, h, out));
    }

    fn move_handles(&self, c: &Region, out: &mut Vec<u32>) -> bool {
        self.for_each_handle(c, |h| out.push(h));
        true
    }

    fn move_of(&self, c: &Region, h: u32, out: &mut Moves<Region>) {
        let a = (h / 2) as usize;
        let b = if h & 1 == 1 { a + c.w as usize } else { a + 1 };
        self.split(c, c.bits & !(1u128 << a) & !(1u128 << b), out);
        out.end_move();
    }

    fn key(&self, c: &Region) -> Key {
        region_key(c)
    }

    fn size(&self, c: &Region) -> u32 {
        c.cells()
    }

    fn mobility(&self, c: &Region) -> Option<u32> {
        // every domino: a cell with its right or its lower neighbour empty too
        let horizontal = c.bits & (c.bits >> 1) & !c.right();
        Some(horizontal.count_ones() + (c.bits & (c.bits >> c.w)).count_ones())
    }

    fn known_value(&self, c: &Region) -> Option<u8> {
        let n = c.cells();
        if n <= 3 {
            let w = c.w as usize;
            let fits = c.bits & (c.bits >> 1) & !c.right() != 0 || c.bits & (c.bits >> w) != 0;
            return Some(fits as u8);
        }
        if c.h == 1 && c.bits == c.all() {
            return Some(self.strip[c.w as usize]);
        }
        // a snake of cells is Dawson's Kayles, a ring one move away from a snake two shorter
        if self.cfg.decompose {
            match c.path_or_cycle() {
                Some(false) => return Some(self.strip[n as usize]),
                Some(true) => return Some((self.strip[n as usize - 2] == 0) as u8),
                None => {}
            }
        }
        if !self.endgame.is_empty()
            && let Some(v) = self.endgame_value(c)
        {
            return Some(v);
        }
        None
    }

    fn theorem_value(&self, c: &Region) -> Option<u8> {
        (self.cfg.mirror && c.mirror_strategy(domino_meets_image)).then_some(0)
    }
}

/// The table key of a region: exact (its bits and box) when the box has at most 64 cells,
/// else a 64-bit fingerprint with the top tag bit set.
pub(crate) fn region_key(c: &Region) -> Key {
    let tag = (c.w as u16 - 1) | (c.h as u16 - 1) << 7;
    if (c.w as usize) * (c.h as usize) <= 64 {
        Key {
            bits: c.bits as u64,
            tag,
        }
    } else {
        let lo = c.bits as u64;
        let hi = (c.bits >> 64) as u64;
        let mut x = lo ^ hi.rotate_left(29).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        x = (x ^ (x >> 31)).wrapping_mul(0xd6e8_feb8_6659_fd93);
        x ^= hi;
        x = (x ^ (x >> 32)).wrapping_mul(0xd6e8_feb8_6659_fd93);
        Key {
            bits: x ^ (x >> 29),
            tag: tag | 1 << 14,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_endgame_table_matches_the_tier_engine_on_every_region_of_small_boxes() {
        for (rows, cols) in [(1, 5), (2, 5), (3, 4), (4, 4)] {
            let game = crate::games::cram::tier::Cram::new(rows as u32, cols as u32).unwrap();
            let db = crate::tier::solve(&game, &crate::tier::SolveOptions::default()).unwrap();
            let table = endgame_table(rows, cols);
            assert_eq!(table.len(), 1 << (rows * cols));
            for (mask, &v) in table.iter().enumerate() {
                let p = game.rank(mask as u64);
                let t = &db.tiers()[p.tier as usize];
                assert_eq!(
                    t.value(p.index),
                    Some(u64::from(v)),
                    "{rows}x{cols} {mask:b}"
                );
            }
        }
    }
}
