//! The sparse-space method for octal games (Berlekamp; Gangolli–Plambeck; Flammenkamp): most
//! nim-values of a take-and-break game lie in a "common" set `C`, the others ("rare") are few, and
//! a common value can only arise from a split with a rare part — so most of the `O(n)` splits of a
//! heap never need to be scanned.
//!
//! # The rule
//! Call a set `C` of values *XOR-free* when `c1 ⊕ c2 ∉ C` for all `c1, c2 ∈ C` (so `0 ∉ C`). The
//! classic choice is a mask `M`: `C = { v : popcount(v & M) odd }` (Winning Ways' "sparse space"
//! with Flammenkamp's convention: `0` is rare, common values have odd masked parity); any XOR-free
//! set works. Heaps whose value is not in `C` are *rare*. For a split `a + b` with `G(a), G(b) ∈ C`
//! the option value `G(a) ⊕ G(b)` is not in `C`. Hence every option with a common value is a
//! non-split move or a split with a rare part, and those are few:
//! 1. insert the values of the non-split moves and of the splits `r + (m - r)` for rare `r`;
//! 2. the mex `x` of these is exact if `x ∈ C` (every common option value has been inserted);
//! 3. otherwise scan all splits, inserting values, recomputing the mex each time `x` is hit, and
//!    stop as soon as the mex is common (or the scan ends).
//!
//! The set `C` is chosen automatically from the value frequencies seen so far: the best mask and a
//! greedy XOR-free set (most frequent values first) are compared and the one leaving fewer rare
//! heaps is used; it is rebuilt as the sequence grows. The choice only affects speed: the values
//! are exact for every XOR-free `C` (tested against [`super::naive`]).
//!
//! Applies to codes whose splits leave at most two heaps (octal, and hexadecimal digits without
//! bit 8), with or without `!`; values are kept as `u16`.
//!
//! ```
//! use grundy::families::heap::{Ruleset, naive, sparse::Sparse};
//! let r: Ruleset = "0.16".parse().unwrap();
//! let mut s = Sparse::for_ruleset(&r).unwrap();
//! s.extend_to(2000).unwrap();
//! let slow: Vec<u16> = naive::values(&r, 2000).iter().map(|&v| v as u16).collect();
//! assert_eq!(s.values(), &slow[..]);
//! ```

use thiserror::Error;

use super::ruleset::{Code, Kind, Ruleset};

/// A value too large for the `u16` sequence arrays.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("heap {heap} has a nim-value above 65534, beyond the 16-bit sequence arrays")]
pub struct Overflow {
    /// The heap whose value overflowed.
    pub heap: usize,
}

const UNSEEN: u8 = 0;
const COMMON: u8 = 1;
const RARE: u8 = 2;
/// Scans longer than this (pairs) are split between threads when more than one is available.
const PAR_MIN: usize = 1 << 15;
/// Pairs per thread and round in a parallel scan.
const PAR_ROUND: usize = 1 << 14;
/// The largest round (rounds double while a scan goes on).
const PAR_ROUND_MAX: usize = 1 << 18;
/// Pairs scanned sequentially (early exit is likely) before a long scan goes parallel.
const SEQ_FIRST: usize = 1 << 12;

/// Incremental sparse-space computation of one code's nim-sequence.
#[derive(Clone, Debug)]
pub struct Sparse {
    take_all: Vec<usize>,
    take: Vec<usize>,
    split: Vec<usize>,
    unequal: bool,
    g: Vec<u16>,
    counts: Vec<u32>,
    class: Vec<u8>,
    common: Vec<u16>,
    /// Heaps `>= 1` whose value is rare, increasing.
    rare: Vec<u32>,
    /// Options seen for the current heap, one byte per value (no read-modify-write chains).
    seen: Vec<u8>,
    /// A power of two above every value so far: option values are below it.
    top: usize,
    /// Per-thread buffers for long scans.
    par: Vec<Vec<u8>>,
    /// Pairs scanned sequentially before a long scan goes parallel, and the length a scan must
    /// still have to go parallel.
    thresholds: (usize, usize),
    max_value: u16,
    next_rebuild: usize,
    rare_at_rebuild: usize,
    /// Whether the current split came from a mask (all values classified) or greedily.
    mask: Option<u16>,
}

impl Sparse {
    /// The engine for a ruleset, or `None` when the method does not apply (not a code, or a code
    /// with three-heap splits).
    pub fn for_ruleset(r: &Ruleset) -> Option<Sparse> {
        match r.kind() {
            Kind::Code(c) => Sparse::new(c),
            _ => None,
        }
    }

    /// The engine for a code, or `None` when a digit allows three-heap splits (bit 8).
    pub fn new(c: &Code) -> Option<Sparse> {
        if c.digits().iter().any(|&d| d & 8 != 0) {
            return None;
        }
        let mut s = Sparse {
            take_all: Vec::new(),
            take: Vec::new(),
            split: Vec::new(),
            unequal: c.unequal(),
            g: Vec::new(),
            counts: vec![0; 1 << 16],
            class: vec![UNSEEN; 1 << 16],
            common: Vec::new(),
            rare: Vec::new(),
            seen: vec![0; (1 << 16) + 1],
            top: 1,
            par: Vec::new(),
            thresholds: (SEQ_FIRST, PAR_MIN),
            max_value: 0,
            next_rebuild: 64,
            rare_at_rebuild: 0,
            mask: None,
        };
        for (k, &d) in c.digits().iter().enumerate() {
            if k > 0 && d & 1 != 0 {
                s.take_all.push(k);
            }
            if k > 0 && d & 2 != 0 {
                s.take.push(k);
            }
            if d & 4 != 0 {
                s.split.push(k);
            }
        }
        s.class[0] = RARE;
        Some(s)
    }

    /// Resume from known values `G(0..len)` (e.g. a checkpoint).
    pub fn resume(c: &Code, values: Vec<u16>) -> Option<Sparse> {
        let mut s = Sparse::new(c)?;
        for &v in &values {
            s.counts[v as usize] += 1;
            s.note_max(v);
        }
        s.g = values;
        s.rebuild();
        s.next_rebuild = s.g.len().max(64).next_power_of_two();
        Some(s)
    }

    /// The values computed so far, `G(0..len)`.
    pub fn values(&self) -> &[u16] {
        &self.g
    }

    /// Take the values out.
    pub fn into_values(self) -> Vec<u16> {
        self.g
    }

    /// Number of rare heaps at present (a measure of how sparse the space is).
    pub fn rare_count(&self) -> usize {
        self.rare.len()
    }

    /// The mask in use, if the common set is a mask's odd-parity set.
    pub fn mask(&self) -> Option<u16> {
        self.mask
    }

    /// Tune when long scans go parallel (with more than one rayon thread): after `seq_first`
    /// sequential pairs, while more than `par_min` pairs remain. Only speed depends on it.
    pub fn set_parallel_thresholds(&mut self, seq_first: usize, par_min: usize) {
        self.thresholds = (seq_first.max(1), par_min);
    }

    /// Compute values up to and including heap `to`.
    pub fn extend_to(&mut self, to: usize) -> Result<(), Overflow> {
        while self.g.len() <= to {
            self.step()?;
        }
        Ok(())
    }

    fn note_max(&mut self, v: u16) {
        if v > self.max_value {
            self.max_value = v;
        }
        self.top = (self.max_value as usize + 1).next_power_of_two();
    }

    #[inline]
    fn mex(&self) -> usize {
        first_zero(&self.seen[..=self.top])
    }

    /// Is `v` common? Classifies a value seen for the first time (greedily, keeping `C` XOR-free).
    fn is_common(&mut self, v: usize) -> bool {
        match self.class[v] {
            COMMON => true,
            RARE => false,
            _ => {
                let v16 = v as u16;
                let ok = self
                    .common
                    .iter()
                    .all(|&c| self.class[(c ^ v16) as usize] != COMMON);
                if ok {
                    self.class[v] = COMMON;
                    self.common.push(v16);
                } else {
                    self.class[v] = RARE;
                }
                ok
            }
        }
    }

    /// Compute the next value.
    pub fn step(&mut self) -> Result<u16, Overflow> {
        let n = self.g.len();
        let top = self.top;
        self.seen[..=top].fill(0);
        for &k in &self.take_all {
            if k == n {
                self.seen[0] = 1;
            }
        }
        for &k in &self.take {
            if k < n {
                self.seen[self.g[n - k] as usize] = 1;
            }
        }
        let g = &self.g;
        let seen = &mut self.seen[..top];
        for &k in &self.split {
            if n < k + 2 {
                break;
            }
            let m = n - k;
            for &r in &self.rare {
                let r = r as usize;
                if r >= m {
                    break;
                }
                // With unequal splits r + r is not a move.
                if !(self.unequal && 2 * r == m) {
                    seen[(g[r] ^ g[m - r]) as usize] = 1;
                }
            }
        }
        let mut result = self.mex();
        if result >= u16::MAX as usize {
            return Err(Overflow { heap: n });
        }
        if !self.is_common(result) {
            result = self.scan(n, result);
            if result >= u16::MAX as usize {
                return Err(Overflow { heap: n });
            }
        }
        let v = result as u16;
        self.g.push(v);
        self.counts[result] += 1;
        self.note_max(v);
        if self.class[result] == RARE && n > 0 {
            self.rare.push(n as u32);
        }
        if n + 1 >= self.next_rebuild || self.rare.len() > 2 * self.rare_at_rebuild + 64 {
            self.rebuild();
            self.next_rebuild = (n + 1).max(64).next_power_of_two() * 2;
        }
        Ok(v)
    }

    /// Scan every split of heap `n` until the mex of the options is common (or all are seen).
    fn scan(&mut self, n: usize, mut result: usize) -> usize {
        let threads = rayon::current_num_threads();
        for si in 0..self.split.len() {
            let k = self.split[si];
            if n < k + 2 {
                break;
            }
            let m = n - k;
            // Pairs a + (m - a) for 1 <= a < end; with `!`, the middle pair m/2 + m/2 is excluded.
            let end = if self.unequal && m % 2 == 0 {
                m / 2
            } else {
                m / 2 + 1
            };
            let mut a = 1;
            // Sequential (with early exit) up to `limit`; then parallel rounds while long.
            let (seq_first, par_min) = self.thresholds;
            let mut limit = if threads > 1 { seq_first.min(end) } else { end };
            let mut round = PAR_ROUND;
            loop {
                while a < limit {
                    let hit = scan_until(&self.g, m, a, limit, result as u16, arr(&mut self.seen));
                    match hit {
                        Some(i) => {
                            a = i + 1;
                            result = self.mex();
                            if self.is_common(result) {
                                return result;
                            }
                        }
                        None => a = limit,
                    }
                }
                if a >= end {
                    break;
                }
                if end - a > par_min {
                    let hi = (a + round * threads).min(end);
                    round = (round * 2).min(PAR_ROUND_MAX);
                    self.scan_parallel(m, a, hi, threads);
                    a = hi;
                    limit = a;
                    if self.seen[result] != 0 {
                        result = self.mex();
                        if self.is_common(result) {
                            return result;
                        }
                    }
                } else {
                    limit = end;
                }
            }
        }
        result
    }

    /// Mark the option values of the splits `a + (m - a)` for `lo <= a < hi`, split over threads.
    fn scan_parallel(&mut self, m: usize, lo: usize, hi: usize, threads: usize) {
        use rayon::prelude::*;
        let top = self.top;
        self.par.resize_with(threads, Vec::new);
        let g = &self.g;
        let per = (hi - lo).div_ceil(threads);
        self.par.par_iter_mut().enumerate().for_each(|(t, buf)| {
            if buf.len() < 1 << 16 {
                buf.resize(1 << 16, 0);
            }
            buf[..top].fill(0);
            let from = lo + t * per;
            let to = (from + per).min(hi);
            if from < to {
                mark(g, m, from, to, arr(buf));
            }
        });
        for buf in &self.par {
            for (s, &b) in self.seen[..top].iter_mut().zip(buf[..top].iter()) {
                *s |= b;
            }
        }
    }

    /// Choose the common set anew from the frequencies: the best mask or a greedy XOR-free set,
    /// whichever leaves fewer rare heaps (keeping the current one when it is as good).
    fn rebuild(&mut self) {
        let top = (self.max_value as usize + 1).next_power_of_two();
        let present: Vec<u16> = (0..top as u16)
            .filter(|&v| self.counts[v as usize] > 0)
            .collect();
        let rare_heaps = |is_rare: &dyn Fn(u16) -> bool| -> u64 {
            present
                .iter()
                .filter(|&&v| is_rare(v))
                .map(|&v| self.counts[v as usize] as u64)
                .sum()
        };
        // Current.
        let current = rare_heaps(&|v| self.class[v as usize] != COMMON);
        // Best mask.
        let mut best_mask = (u64::MAX, 0u16);
        let mask_end = if top <= 1024 { top.max(2) as u32 } else { 1 };
        for mask in 1..mask_end {
            let mask = mask as u16;
            let r = rare_heaps(&|v| (v & mask).count_ones() % 2 == 0);
            if r < best_mask.0 {
                best_mask = (r, mask);
            }
        }
        // Greedy XOR-free set by frequency.
        let mut order: Vec<u16> = present.iter().copied().filter(|&v| v != 0).collect();
        order.sort_by_key(|&v| (std::cmp::Reverse(self.counts[v as usize]), v));
        let mut in_c = vec![false; top.max(2)];
        let mut greedy: Vec<u16> = Vec::new();
        for &v in &order {
            if greedy.iter().all(|&c| !in_c[(c ^ v) as usize]) {
                in_c[v as usize] = true;
                greedy.push(v);
            }
        }
        let greedy_rare = rare_heaps(&|v| !in_c[v as usize]);
        let best = current.min(best_mask.0).min(greedy_rare);
        if best == current && !self.rare.is_empty() {
            self.rare_at_rebuild = self.rare.len();
            return;
        }
        if best_mask.0 <= greedy_rare {
            let mask = best_mask.1;
            for v in 0..(1usize << 16) {
                self.class[v] = if (v as u16 & mask).count_ones() % 2 == 1 {
                    COMMON
                } else {
                    RARE
                };
            }
            self.common = (0..=u16::MAX)
                .filter(|&v| self.class[v as usize] == COMMON && self.counts[v as usize] > 0)
                .collect();
            self.mask = Some(mask);
        } else {
            self.class.fill(UNSEEN);
            for &v in &present {
                self.class[v as usize] = if in_c[v as usize] { COMMON } else { RARE };
            }
            self.class[0] = RARE;
            self.common = greedy;
            self.mask = None;
        }
        // With a mask every value is classified; the greedy set must stay XOR-free against all
        // classified common values, which `is_common` checks against `self.common`. Under a mask
        // `self.common` lists only present values, so unseen values are pre-classified and never
        // re-checked.
        self.rare.clear();
        for (i, &v) in self.g.iter().enumerate().skip(1) {
            if self.class[v as usize] != COMMON {
                self.rare.push(i as u32);
            }
        }
        self.rare_at_rebuild = self.rare.len();
    }
}

/// Index of the first zero byte (the slice must contain one).
#[inline]
fn first_zero(bytes: &[u8]) -> usize {
    let mut chunks = bytes.chunks_exact(8);
    let mut base = 0;
    for c in &mut chunks {
        let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        // A zero byte exists iff (w - 0x01..) & !w & 0x80.. is nonzero (bytes are 0 or 1).
        let z = w.wrapping_sub(0x0101_0101_0101_0101) & !w & 0x8080_8080_8080_8080;
        if z != 0 {
            return base + (z.trailing_zeros() / 8) as usize;
        }
        base += 8;
    }
    base + chunks
        .remainder()
        .iter()
        .position(|&b| b == 0)
        .unwrap_or(chunks.remainder().len())
}

/// The first `1 << 16` bytes of a buffer as an array, so `u16` indices need no bounds check.
#[inline]
fn arr(buf: &mut [u8]) -> &mut [u8; 1 << 16] {
    (&mut buf[..1 << 16])
        .try_into()
        .expect("buffers hold 2^16 bytes")
}

/// Mark `G(a) ⊕ G(m - a)` for `lo <= a < hi`; stop after marking `target`, returning its `a`.
#[inline]
fn scan_until(
    g: &[u16],
    m: usize,
    lo: usize,
    hi: usize,
    target: u16,
    seen: &mut [u8; 1 << 16],
) -> Option<usize> {
    let left = &g[lo..hi];
    let right = &g[m + 1 - hi..=m - lo];
    for (i, (&x, &y)) in left.iter().zip(right.iter().rev()).enumerate() {
        let v = x ^ y;
        seen[v as usize] = 1;
        if v == target {
            return Some(lo + i);
        }
    }
    None
}

/// Mark `G(a) ⊕ G(m - a)` for `lo <= a < hi`.
#[inline]
fn mark(g: &[u16], m: usize, lo: usize, hi: usize, seen: &mut [u8; 1 << 16]) {
    let left = &g[lo..hi];
    let right = &g[m + 1 - hi..=m - lo];
    for (&x, &y) in left.iter().zip(right.iter().rev()) {
        seen[(x ^ y) as usize] = 1;
    }
}
