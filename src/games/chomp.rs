//! Chomp (Gale 1974; Schuh 1952) in an `R × C` box, as a [`TieredGame`].
//!
//! A position is a Young diagram inside the box that contains the poisoned top-left corner,
//! written as its row lengths from the top (`5,3,3`; trailing empty rows may be left out). A move
//! takes a cell `(i, j)` other than the corner together with every cell below and to the right of
//! it (rows `k ≥ i` are cut to length `min(len_k, j)`). The player left with the corner alone
//! cannot move and loses (normal play). There are `C(R + C, R) − 1` positions.
//!
//! **Index.** Tier = cells left − 1. Inside a tier, diagrams are ranked in lexicographic order
//! of their row lengths with the counts `N(r, m, s)` of non-increasing sequences of `r` parts in
//! `0..=m` summing to `s` (Gaussian binomial coefficients): the rank of `l` is
//! `Σ_i Σ_{v < l_i} N(R − i − 1, v, s_i − v)`, `s_i` the cells in rows `i..`; the inner sums are
//! tabulated, so a rank costs `R` table reads and an unrank `R·C`.
//!
//! Known facts (tests): every rectangle larger than `1 × 1` is an N-position (strategy stealing:
//! if taking the bottom-right cell lost, the winning reply would have been available at once);
//! in two rows the P-positions are exactly `b + 1, b` (first row one longer than the second).
//!
//! ```
//! use grundy::tier::TieredGame;
//! use grundy::games::chomp::Chomp;
//! let g = Chomp::new(3, 4).unwrap();
//! let p = g.parse("4,2").unwrap();
//! assert_eq!((p.tier, g.format(p)), (5, "4,2".to_string()));
//! let mut opts = Vec::new();
//! g.options(p.tier, p.index, &mut opts);
//! assert_eq!(opts.len(), 5); // one per cell other than the corner
//! ```

use crate::tier::{MAX_POSITIONS, Tiered, TieredGame};

/// The largest number of rows or columns.
pub const MAX_SIDE: u32 = 255;

/// Chomp in a box of `rows × cols`.
#[derive(Clone, Debug)]
pub struct Chomp {
    rows: usize,
    cols: usize,
    cells: usize,
    /// `count[(r·(C+1) + m)·(RC+1) + s]`: non-increasing sequences of `r` parts `≤ m`, sum `s`.
    count: Vec<u64>,
    /// `before[(r·(C+1) + m)·(RC+1) + s] = Σ_{v < m, v ≤ s} count(r, v, s − v)`.
    before: Vec<u64>,
}

fn binomial(n: u64, k: u64) -> Option<u128> {
    let mut b: u128 = 1;
    for i in 0..k.min(n - k) {
        b = b.checked_mul((n - i) as u128)? / (i as u128 + 1);
    }
    Some(b)
}

impl Chomp {
    /// Chomp in a `rows × cols` box (each side `1..=255`, at most `2^36` positions).
    pub fn new(rows: u32, cols: u32) -> Result<Chomp, String> {
        if rows == 0 || cols == 0 {
            return Err(format!(
                "a {rows}×{cols} box has no cells; rows and columns must be at least 1"
            ));
        }
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(format!(
                "a {rows}×{cols} box is too large for the index (at most {MAX_SIDE} rows and columns)"
            ));
        }
        let positions = binomial((rows + cols) as u64, rows as u64)
            .map(|b| b - 1)
            .filter(|&p| p <= MAX_POSITIONS as u128);
        if positions.is_none() {
            return Err(format!(
                "a {rows}×{cols} box has more than {MAX_POSITIONS} diagrams, too many for the index"
            ));
        }
        let (r, c) = (rows as usize, cols as usize);
        let cells = r * c;
        let at = |rr: usize, m: usize, s: usize| (rr * (c + 1) + m) * (cells + 1) + s;
        let len = (r + 1) * (c + 1) * (cells + 1);
        let mut count = vec![0u64; len];
        let mut before = vec![0u64; len];
        for m in 0..=c {
            count[at(0, m, 0)] = 1;
        }
        for rr in 1..=r {
            for s in 0..=cells {
                let mut acc = 0u64;
                for m in 0..=c {
                    before[at(rr - 1, m, s)] = acc;
                    if m <= s {
                        acc += count[at(rr - 1, m, s - m)];
                    }
                    count[at(rr, m, s)] = acc;
                }
            }
        }
        // `before` for r = R is never read (a rank uses r = R − i − 1 < R).
        Ok(Chomp {
            rows: r,
            cols: c,
            cells,
            count,
            before,
        })
    }

    #[inline]
    fn at(&self, r: usize, m: usize, s: usize) -> usize {
        (r * (self.cols + 1) + m) * (self.cells + 1) + s
    }

    /// The rank of the row lengths `rows` (non-increasing, `rows.len() == R`) with `s` cells
    /// inside their tier.
    pub fn rank(&self, rows: &[u8]) -> Tiered {
        let s: usize = rows.iter().map(|&l| l as usize).sum();
        let mut rem = s;
        let mut index = 0u64;
        for (i, &l) in rows.iter().enumerate() {
            if rem == 0 {
                break;
            }
            index += self.before[self.at(self.rows - i - 1, l as usize, rem)];
            rem -= l as usize;
        }
        Tiered::new(s as u32 - 1, index)
    }

    /// The row lengths of a position (`R` entries).
    pub fn unrank(&self, p: Tiered, rows: &mut Vec<u8>) {
        rows.clear();
        rows.resize(self.rows, 0);
        self.unrank_into(p, rows);
    }

    /// The row lengths of a position into `rows` (`R` entries).
    fn unrank_into(&self, p: Tiered, rows: &mut [u8]) {
        let mut rem = p.tier as usize + 1;
        let mut index = p.index;
        let mut prev = self.cols;
        for i in 0..self.rows {
            let r = self.rows - i - 1;
            let mut v = 0;
            while v <= prev.min(rem) {
                let c = self.count[self.at(r, v, rem - v)];
                if index < c {
                    break;
                }
                index -= c;
                v += 1;
            }
            rows[i] = v as u8;
            rem -= v;
            prev = v;
        }
    }
}

impl Chomp {
    /// The options of a position, with scratch arrays of `N > R` entries on the stack.
    fn options_in<const N: usize>(&self, tier: u32, index: u64, out: &mut Vec<Tiered>) {
        // The rank is Σ_k before(R − k − 1, l_k, S_k), S_k the cells in rows k.. . Taking cell
        // (i, j) cuts rows i..i2 (those longer than j) to j and leaves rows i2.. alone, so their
        // terms are reused (`tail`); rows above i keep their lengths, with S_k lowered by Δ.
        let r = self.rows;
        let mut l = [0u8; N];
        self.unrank_into(Tiered::new(tier, index), &mut l[..r]);
        let mut suf = [0usize; N];
        let mut tail = [0u64; N];
        // base[k] = at(R − k − 1, l_k, 0): row k's term is before[base[k] + S_k]
        let mut base = [0usize; N];
        for k in (0..r).rev() {
            suf[k] = suf[k + 1] + l[k] as usize;
            base[k] = self.at(r - k - 1, l[k] as usize, 0);
            tail[k] = tail[k + 1] + self.before[base[k] + suf[k]];
        }
        let row_step = (self.cols + 1) * (self.cells + 1);
        let s = suf[0];
        for i in 0..r {
            if l[i] == 0 {
                break;
            }
            let mut i2 = i;
            for j in (0..l[i] as usize).rev() {
                if i == 0 && j == 0 {
                    continue;
                }
                while i2 < r && l[i2] as usize > j {
                    i2 += 1;
                }
                let delta = (suf[i] - suf[i2]) - j * (i2 - i);
                let mut rank = tail[i2];
                // rows i..i2 are cut to j: at(R − k − 1, j, j·(i2 − k) + S_{i2})
                let mut at = self.at(r - i - 1, j, j * (i2 - i) + suf[i2]);
                for _ in i..i2 {
                    rank += self.before[at];
                    at = at.wrapping_sub(row_step + j); // unused after the last row
                }
                for k in 0..i {
                    rank += self.before[base[k] + suf[k] - delta];
                }
                out.push(Tiered::new((s - delta - 1) as u32, rank));
            }
        }
    }
}

impl TieredGame for Chomp {
    fn id(&self) -> String {
        format!("chomp rows={} cols={}", self.rows, self.cols)
    }

    fn tiers(&self) -> u32 {
        self.cells as u32
    }

    fn size(&self, tier: u32) -> u64 {
        self.count[self.at(self.rows, self.cols, tier as usize + 1)]
    }

    fn options(&self, tier: u32, index: u64, out: &mut Vec<Tiered>) {
        if self.rows < 32 {
            self.options_in::<32>(tier, index, out);
        } else {
            self.options_in::<{ MAX_SIDE as usize + 1 }>(tier, index, out);
        }
    }

    fn parse(&self, text: &str) -> Result<Tiered, String> {
        let mut rows = Vec::with_capacity(self.rows);
        for (k, part) in text.split(',').enumerate() {
            let part = part.trim();
            let l: u32 = part
                .parse()
                .map_err(|_| format!("row {} of '{text}': '{part}' is not a row length", k + 1))?;
            if l as usize > self.cols {
                return Err(format!(
                    "row {} of '{text}' has {l} cells, the box has {} columns",
                    k + 1,
                    self.cols
                ));
            }
            if let Some(&prev) = rows.last()
                && l > prev as u32
            {
                return Err(format!(
                    "row {} of '{text}' is longer than the row above it (rows must not grow)",
                    k + 1
                ));
            }
            rows.push(l as u8);
        }
        if rows.len() > self.rows {
            return Err(format!(
                "'{text}' has {} rows, the box has {}",
                rows.len(),
                self.rows
            ));
        }
        if rows[0] == 0 {
            return Err(format!(
                "'{text}' has no poisoned corner: the first row needs at least one cell"
            ));
        }
        rows.resize(self.rows, 0);
        Ok(self.rank(&rows))
    }

    fn format(&self, p: Tiered) -> String {
        let mut rows = Vec::new();
        self.unrank(p, &mut rows);
        let parts: Vec<String> = rows
            .iter()
            .filter(|&&l| l > 0)
            .map(|l| l.to_string())
            .collect();
        parts.join(",")
    }

    fn start(&self) -> Tiered {
        Tiered::new(self.cells as u32 - 1, 0)
    }
}

/// The name of Chomp on the command line, in Python and in the page's URLs.
pub const NAME: &str = "chomp";

/// Chomp in the catalogue ([`crate::games::registry`]).
pub const INFO: crate::games::entry::GameInfo = crate::games::entry::GameInfo {
    name: NAME,
    aliases: &[],
    title: "Chomp",
    rules: "Take a cell and every cell below and right of it; who is left with the poisoned corner alone loses.",
    notation: "row lengths from the top, e.g. 5,3,3",
    parameters: &[
        crate::games::entry::Parameter {
            name: "rows",
            help: "rows of the box",
        },
        crate::games::entry::Parameter {
            name: "cols",
            help: "columns of the box",
        },
    ],
    engines: &[crate::games::entry::Engine::Tier],
    commands: &["grundy retro chomp"],
    module: "grundy::games::chomp",
    search: None,
    tier: Some(|s| {
        Chomp::new(s.rows.unwrap_or(0), s.cols.unwrap_or(0))
            .map(|g| Box::new(g) as Box<dyn TieredGame + Send>)
    }),
};
