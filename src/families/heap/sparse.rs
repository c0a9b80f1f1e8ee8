//! The sparse-space method for octal games (Berlekamp; Gangolli–Plambeck; Flammenkamp): most
//! nim-values of a take-and-break game lie in a "common" set, the others ("rare") are few, and a
//! common value can only arise from a split with a rare part — so most of the `O(n)` splits of a
//! heap never need to be scanned.
//!
//! # The rule
//! Let `H` be any set of values (the *heavy* values) and call a heap *light* when its value is not
//! in `H`. A split `a + b` whose value `G(a) ⊕ G(b)` lies outside `H ⊕ H = { x ⊕ y : x, y ∈ H }`
//! must have a light part. So, for a heap `n`:
//! 1. insert the values of the non-split moves and of every split with a light part (few);
//! 2. walk up from the mex of these: a value `v ∉ H ⊕ H` that is still absent is certified absent
//!    (every split that could give it was inserted), so it is `G(n)`;
//! 3. a value `v ∈ H ⊕ H` that is absent so far needs the other splits: scan them, inserting
//!    values, until `v` appears (continue the walk) or the scan ends (`G(n) = v`).
//!
//! This is exact for every `H`; `H` only decides the speed. The classic choice is an XOR-free
//! "common" set `C` (`c1 ⊕ c2 ∉ C`): a mask `M` with `C = { v : popcount(v & M) odd }` (Winning
//! Ways' sparse space, Flammenkamp's convention: `0` is rare, common values have odd masked
//! parity), or a greedy XOR-free set of the most frequent values (ogsolve's R/C split). Then
//! `C ∩ (C ⊕ C) = ∅`, so whenever `G(n)` is common step 2 certifies it without a full scan. Here
//! `H` is the most frequent part of such a `C`, cut where an estimate of the work per heap is least:
//! infrequent common values join the light heaps, so the values that only they produce are settled
//! by step 1 instead of by long scans in step 3. The candidates (best mask, greedy set, every cut)
//! are re-evaluated from the value frequencies as the sequence grows.
//!
//! Two refinements of step 3, neither changing any value: after a short plain scan, a missing
//! value `v` is first searched *targeted* — over the heaps `a` of a value `x = v ⊕ y` for the most
//! frequent `y`, checking `G(m - a) = y` (enabled when replaying sample heaps shows it pays); and
//! long scans (and long light passes) are split over the rayon threads in rounds, merging the
//! marks and stopping at the first round after which the mex is certified.
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

/// Scans longer than this (pairs) are split between threads when more than one is available.
const PAR_MIN: usize = 1 << 15;
/// Pairs per thread in the first round of a parallel scan; rounds double up to `PAR_ROUND_MAX`,
/// so a scan that stops early overshoots by at most about its own length.
const PAR_ROUND: usize = 1 << 13;
const PAR_ROUND_MAX: usize = 1 << 16;
/// Pairs scanned sequentially (early exit is likely) before a long scan goes parallel.
const SEQ_FIRST: usize = 1 << 14;
/// Pairs scanned plainly before targeted searches start.
const PLAIN_FIRST: usize = 48;
/// Checks per targeted search before falling back to the plain scan.
const TARGET_BUDGET: usize = 256;
/// Partner values tried per targeted search (the most frequent).
const TARGET_PARTNERS: usize = 4;

/// Work done so far by a [`Sparse`] computation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SparseStats {
    /// Splits with a light part inserted (step 1).
    pub light_pairs: u64,
    /// Splits inserted by scans (step 3).
    pub scanned_pairs: u64,
    /// Heaps that needed a scan.
    pub scans: u64,
    /// Pairs checked by targeted searches.
    pub targeted_checks: u64,
    /// Times the heavy set was chosen anew.
    pub rebuilds: u64,
}

/// Incremental sparse-space computation of one code's nim-sequence.
#[derive(Clone, Debug)]
pub struct Sparse {
    moves: Moves,
    g: Vec<u16>,
    counts: Vec<u32>,
    /// `heavy[v]`: `v ∈ H`.
    heavy: Vec<bool>,
    /// `scan[v]`: `v ∈ H ⊕ H`, so its absence needs a full scan.
    scan: Vec<bool>,
    /// Light heaps `>= 1` (value not in `H`), increasing, with their values.
    rare: Vec<(u32, u16)>,
    /// Options seen for the current heap, one byte per value (no read-modify-write chains).
    seen: Vec<u8>,
    /// A power of two above every value so far: option values are below it.
    top: usize,
    /// Threads' buffers and thresholds for long scans.
    par: Par,
    targets: Targets,
    stats: SparseStats,
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
        let mut moves = Moves {
            take_all: Vec::new(),
            take: Vec::new(),
            split: Vec::new(),
            unequal: c.unequal(),
        };
        for (k, &d) in c.digits().iter().enumerate() {
            if k > 0 && d & 1 != 0 {
                moves.take_all.push(k);
            }
            if k > 0 && d & 2 != 0 {
                moves.take.push(k);
            }
            if d & 4 != 0 {
                moves.split.push(k);
            }
        }
        Some(Sparse {
            moves,
            g: Vec::new(),
            counts: vec![0; 1 << 16],
            heavy: vec![false; 1 << 16],
            scan: vec![false; (1 << 16) + 1],
            rare: Vec::new(),
            seen: vec![0; (1 << 16) + 1],
            top: 1,
            par: Par {
                threads: 1,
                bufs: Vec::new(),
                thresholds: (SEQ_FIRST, PAR_MIN),
            },
            stats: SparseStats::default(),
            targets: Targets {
                pos: vec![Vec::new(); 1 << 16],
                order: Vec::new(),
                enabled: true,
            },
            max_value: 0,
            next_rebuild: 64,
            rare_at_rebuild: 0,
            mask: None,
        })
    }

    /// Resume from known values `G(0..len)` (e.g. a checkpoint).
    pub fn resume(c: &Code, values: Vec<u16>) -> Option<Sparse> {
        let mut s = Sparse::new(c)?;
        for &v in &values {
            s.counts[v as usize] += 1;
            s.note_max(v);
        }
        for (i, &v) in values.iter().enumerate().skip(1) {
            s.targets.pos[v as usize].push(i as u32);
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

    /// Counters of the work done.
    pub fn stats(&self) -> SparseStats {
        self.stats
    }

    /// Number of light heaps at present (a measure of how sparse the space is).
    pub fn rare_count(&self) -> usize {
        self.rare.len()
    }

    /// The mask in use, if the heavy set was cut from a mask's odd-parity set.
    pub fn mask(&self) -> Option<u16> {
        self.mask
    }

    /// Tune when long scans go parallel (with more than one rayon thread): after `seq_first`
    /// sequential pairs, while more than `par_min` pairs remain. Only speed depends on it.
    pub fn set_parallel_thresholds(&mut self, seq_first: usize, par_min: usize) {
        self.par.thresholds = (seq_first.max(1), par_min);
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

    /// Compute the next value.
    pub fn step(&mut self) -> Result<u16, Overflow> {
        let n = self.g.len();
        self.par.threads = rayon::current_num_threads();
        let result = heap_value(
            &self.moves,
            &self.g,
            n,
            &self.rare,
            &self.scan,
            &mut self.seen,
            self.top,
            &mut self.stats,
            &mut self.par,
            &self.targets,
        );
        if result >= u16::MAX as usize {
            return Err(Overflow { heap: n });
        }
        let v = result as u16;
        self.g.push(v);
        self.counts[result] += 1;
        self.note_max(v);
        if n > 0 {
            self.targets.pos[result].push(n as u32);
            if !self.heavy[result] {
                self.rare.push((n as u32, v));
            }
        }
        if n + 1 >= self.next_rebuild || self.rare.len() > 2 * self.rare_at_rebuild + 64 {
            self.rebuild();
            self.next_rebuild = (n + 1).max(64).next_power_of_two() * 2;
        }
        Ok(v)
    }

    /// Choose the heavy set anew from the value frequencies (module docs).
    fn rebuild(&mut self) {
        self.stats.rebuilds += 1;
        let mut order: Vec<u16> = (0..=self.max_value)
            .filter(|&v| self.counts[v as usize] > 0)
            .collect();
        order.sort_by_key(|&v| (std::cmp::Reverse(self.counts[v as usize]), v));
        order.truncate(TARGET_PARTNERS);
        self.targets.order = order;
        let n = self.g.len().max(1);
        let top = (self.max_value as usize + 1).next_power_of_two();
        let present: Vec<u16> = (0..top as u16)
            .filter(|&v| self.counts[v as usize] > 0)
            .collect();
        let by_freq = |mut c: Vec<u16>| {
            c.sort_by_key(|&v| (std::cmp::Reverse(self.counts[v as usize]), v));
            c
        };
        // Candidate XOR-free sets: the best mask and a greedy set, most frequent first.
        let mut candidates: Vec<(Vec<u16>, Option<u16>)> = Vec::new();
        if top <= 1024 {
            let mut best = (u64::MAX, 0u16);
            for mask in 1..top.max(2) as u32 {
                let mask = mask as u16;
                let light: u64 = present
                    .iter()
                    .filter(|&&v| (v & mask).count_ones().is_multiple_of(2))
                    .map(|&v| self.counts[v as usize] as u64)
                    .sum();
                if light < best.0 {
                    best = (light, mask);
                }
            }
            let c: Vec<u16> = present
                .iter()
                .copied()
                .filter(|&v| (v & best.1).count_ones() % 2 == 1)
                .collect();
            candidates.push((by_freq(c), Some(best.1)));
        }
        let mut in_c = vec![false; top.max(2)];
        let mut greedy: Vec<u16> = Vec::new();
        for v in by_freq(present.iter().copied().filter(|&v| v != 0).collect()) {
            if greedy.iter().all(|&c| !in_c[(c ^ v) as usize]) {
                in_c[v as usize] = true;
                greedy.push(v);
            }
        }
        candidates.push((greedy, None));
        // Every value heavy: no light heaps, plain scans with early exit (dense sequences).
        candidates.push((by_freq(present.clone()), None));
        // Each candidate H (a prefix of a candidate set, cut where the light heaps drop below
        // n/8, n/16, ..., or the whole set) is timed by replaying the rule on sample heaps whose
        // values are known, counting the splits it inserts; the cheapest is kept.
        let samples: Vec<usize> = if n >= 512 {
            (0..12).map(|i| n - 1 - i * (n / 4) / 12).collect()
        } else {
            Vec::new()
        };
        let mut scratch = vec![0u8; (1 << 16) + 1];
        let mut par = Par {
            threads: 1,
            bufs: Vec::new(),
            thresholds: (usize::MAX, usize::MAX),
        };
        let mut best: (u64, Vec<u16>, Option<u16>, LightHeaps) =
            (u64::MAX, Vec::new(), None, Vec::new());
        for (c, mask) in &candidates {
            // Light heaps (among 1..n) left by each prefix length j.
            let mut light_after = Vec::with_capacity(c.len() + 1);
            let mut light = (n - 1) as u64;
            light_after.push(light);
            for &x in c {
                light -= self.counts[x as usize] as u64 - u64::from(x == self.g[0]);
                light_after.push(light);
            }
            let mut cuts: Vec<usize> = Vec::new();
            for k in 3..=16 {
                if let Some(j) = light_after.iter().position(|&l| l <= (n >> k) as u64) {
                    cuts.push(j);
                }
            }
            cuts.push(c.len());
            cuts.sort_unstable();
            cuts.dedup();
            if samples.is_empty() {
                cuts = vec![c.len()];
            }
            let Some(&loosest) = cuts.first() else {
                continue;
            };
            let mut heavy = vec![false; 1 << 16];
            for &x in &c[..loosest] {
                heavy[x as usize] = true;
            }
            let loose: Vec<u32> = (1..n)
                .filter(|&i| !heavy[self.g[i] as usize])
                .map(|i| i as u32)
                .collect();
            let mut scan = vec![false; (1 << 16) + 1];
            // Tightest cut first (fewest light heaps, cheapest to replay), so that pruning by the
            // best cost so far stops the expensive loose cuts early.
            for &j in cuts.iter().rev() {
                heavy.fill(false);
                scan.fill(false);
                for &x in &c[..j] {
                    heavy[x as usize] = true;
                    for &y in &c[..j] {
                        scan[(x ^ y) as usize] = true;
                    }
                }
                let light: Vec<(u32, u16)> = loose
                    .iter()
                    .map(|&r| (r, self.g[r as usize]))
                    .filter(|&(_, v)| !heavy[v as usize])
                    .collect();
                let mut cost = 0u64;
                for &t in &samples {
                    let mut work = SparseStats::default();
                    let v = heap_value(
                        &self.moves,
                        &self.g,
                        t,
                        &light,
                        &scan,
                        &mut scratch,
                        top,
                        &mut work,
                        &mut par,
                        &self.targets,
                    );
                    debug_assert_eq!(v, self.g[t] as usize);
                    cost += work.light_pairs + work.scanned_pairs + work.targeted_checks;
                    if cost >= best.0 {
                        break;
                    }
                }
                if cost < best.0 || best.0 == u64::MAX {
                    best = (cost, c[..j].to_vec(), *mask, light);
                }
            }
        }
        let (best_cost, h, mask, light) = best;
        // Targeted searches cost random accesses: keep them only if they pay (counted at 3 pairs
        // a check) on the same samples.
        if !samples.is_empty() && !h.is_empty() {
            let mut scan = vec![false; (1 << 16) + 1];
            for &x in &h {
                for &y in &h {
                    scan[(x ^ y) as usize] = true;
                }
            }
            let mut cost = [0u64; 2];
            for (i, enabled) in [true, false].into_iter().enumerate() {
                self.targets.enabled = enabled;
                for &t in &samples {
                    let mut work = SparseStats::default();
                    heap_value(
                        &self.moves,
                        &self.g,
                        t,
                        &light,
                        &scan,
                        &mut scratch,
                        top,
                        &mut work,
                        &mut par,
                        &self.targets,
                    );
                    cost[i] += work.light_pairs + work.scanned_pairs + 3 * work.targeted_checks;
                }
            }
            self.targets.enabled = cost[0] < cost[1];
        }
        let _ = best_cost;
        self.mask = mask;
        self.heavy.fill(false);
        self.scan.fill(false);
        for &x in &h {
            self.heavy[x as usize] = true;
            for &y in &h {
                self.scan[(x ^ y) as usize] = true;
            }
        }
        self.rare = light;
        self.rare_at_rebuild = self.rare.len();
    }
}

/// Light heaps with their values, increasing.
type LightHeaps = Vec<(u32, u16)>;

/// The moves of a code, by kind.
#[derive(Clone, Debug)]
struct Moves {
    /// `k` with bit 1: remove a heap of exactly `k`.
    take_all: Vec<usize>,
    /// `k` with bit 2: take `k`, leave one heap.
    take: Vec<usize>,
    /// `k` with bit 4: take `k`, split the rest in two.
    split: Vec<usize>,
    /// Split parts must differ.
    unequal: bool,
}

/// Where each value occurs (heaps `>= 1`, increasing) and the most frequent values first: for
/// targeted searches of one missing option value `v` as `x ⊕ y` with `G(m - a) = y`, `a` a heap
/// of value `x = v ⊕ y`.
#[derive(Clone, Debug)]
struct Targets {
    pos: Vec<Vec<u32>>,
    order: Vec<u16>,
    /// Whether targeted searches are used (chosen by replaying sample heaps, like `H`).
    enabled: bool,
}

/// Threads for long scans: their buffers, and (sequential pairs first, least remaining length).
#[derive(Clone, Debug)]
struct Par {
    threads: usize,
    bufs: Vec<Vec<u8>>,
    thresholds: (usize, usize),
}

/// `G(n)` from `g = G(0..n)` (at least), by the sparse-space rule with light heaps `light` and
/// `scan[v] = v ∈ H ⊕ H` (module docs). `seen` holds `2^16 + 1` bytes; all values are below `top`.
#[allow(clippy::too_many_arguments)]
fn heap_value(
    moves: &Moves,
    g: &[u16],
    n: usize,
    light: &[(u32, u16)],
    scan: &[bool],
    seen: &mut [u8],
    top: usize,
    stats: &mut SparseStats,
    par: &mut Par,
    targets: &Targets,
) -> usize {
    seen[..=top].fill(0);
    for &k in &moves.take_all {
        if k == n {
            seen[0] = 1;
        }
    }
    for &k in &moves.take {
        if k < n {
            seen[g[n - k] as usize] = 1;
        }
    }
    for &k in &moves.split {
        if n < k + 2 {
            break;
        }
        let m = n - k;
        let count = light.partition_point(|&(r, _)| (r as usize) < m);
        stats.light_pairs += count as u64;
        if par.threads > 1 && count > par.thresholds.1 {
            light_parallel(g, m, &light[..count], moves.unequal, top, seen, par);
            continue;
        }
        let seen = arr(seen);
        {
            for &(r, gr) in &light[..count] {
                let r = r as usize;
                // With unequal splits r + r is not a move.
                if !(moves.unequal && 2 * r == m) {
                    seen[(gr ^ g[m - r]) as usize] = 1;
                }
            }
        }
    }
    let mut result = first_zero(&seen[..=top]);
    if !scan[result] {
        return result;
    }
    stats.scans += 1;
    // The first split digit: a short plain scan, then targeted searches for each missing value.
    let mut start0 = 1;
    if let Some(&k0) = moves.split.first()
        && n >= k0 + 2
        && targets.enabled
    {
        let m = n - k0;
        let end = if moves.unequal && m.is_multiple_of(2) {
            m / 2
        } else {
            m / 2 + 1
        };
        let pre = PLAIN_FIRST.min(end);
        while start0 < pre {
            let hit = scan_until(g, m, start0, pre, result as u16, arr(seen));
            stats.scanned_pairs += (hit.map_or(pre, |i| i + 1) - start0) as u64;
            match hit {
                Some(i) => {
                    start0 = i + 1;
                    result = first_zero(&seen[..=top]);
                    if !scan[result] {
                        return result;
                    }
                }
                None => start0 = pre,
            }
        }
        'targets: loop {
            let mut budget = TARGET_BUDGET;
            let mut found = false;
            for &y in targets.order.iter().take(TARGET_PARTNERS) {
                let x = (result as u16) ^ y;
                for &a in &targets.pos[x as usize] {
                    let a = a as usize;
                    if a >= m || budget == 0 {
                        break;
                    }
                    budget -= 1;
                    if g[m - a] == y && !(moves.unequal && 2 * a == m) {
                        found = true;
                        break;
                    }
                }
                if found || budget == 0 {
                    break;
                }
            }
            stats.targeted_checks += (TARGET_BUDGET - budget) as u64;
            if !found {
                break 'targets;
            }
            seen[result] = 1;
            result = first_zero(&seen[..=top]);
            if !scan[result] {
                return result;
            }
        }
    }
    let threads = par.threads;
    for (si, &k) in moves.split.iter().enumerate() {
        if n < k + 2 {
            break;
        }
        let m = n - k;
        // Pairs a + (m - a) for 1 <= a < end; with `!`, the middle pair m/2 + m/2 is excluded.
        let end = if moves.unequal && m.is_multiple_of(2) {
            m / 2
        } else {
            m / 2 + 1
        };
        let mut a = if si == 0 { start0 } else { 1 };
        // Sequential (with early exit) up to `limit`; then parallel rounds while long.
        let (seq_first, par_min) = par.thresholds;
        let mut limit = if threads > 1 { seq_first.min(end) } else { end };
        let mut round = PAR_ROUND;
        loop {
            while a < limit {
                let hit = scan_until(g, m, a, limit, result as u16, arr(seen));
                stats.scanned_pairs += (hit.map_or(limit, |i| i + 1) - a) as u64;
                match hit {
                    Some(i) => {
                        a = i + 1;
                        result = first_zero(&seen[..=top]);
                        if !scan[result] {
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
                scan_parallel(g, m, a, hi, top, seen, par);
                stats.scanned_pairs += (hi - a) as u64;
                a = hi;
                limit = a;
                if seen[result] != 0 {
                    result = first_zero(&seen[..=top]);
                    if !scan[result] {
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

/// Mark the option values of the splits `r + (m - r)` for the light heaps `r`, split over threads.
fn light_parallel(
    g: &[u16],
    m: usize,
    light: &[(u32, u16)],
    unequal: bool,
    top: usize,
    seen: &mut [u8],
    par: &mut Par,
) {
    use rayon::prelude::*;
    let threads = par.threads;
    par.bufs.resize_with(threads, Vec::new);
    let per = light.len().div_ceil(threads);
    par.bufs.par_iter_mut().enumerate().for_each(|(t, buf)| {
        if buf.len() < 1 << 16 {
            buf.resize(1 << 16, 0);
        }
        buf[..top].fill(0);
        let chunk = light.chunks(per.max(1)).nth(t).unwrap_or(&[]);
        let buf = arr(buf);
        for &(r, gr) in chunk {
            let r = r as usize;
            if !(unequal && 2 * r == m) {
                buf[(gr ^ g[m - r]) as usize] = 1;
            }
        }
    });
    for buf in &par.bufs {
        for (s, &b) in seen[..top].iter_mut().zip(buf[..top].iter()) {
            *s |= b;
        }
    }
}

/// Mark the option values of the splits `a + (m - a)` for `lo <= a < hi`, split over threads.
fn scan_parallel(
    g: &[u16],
    m: usize,
    lo: usize,
    hi: usize,
    top: usize,
    seen: &mut [u8],
    par: &mut Par,
) {
    use rayon::prelude::*;
    let threads = par.threads;
    par.bufs.resize_with(threads, Vec::new);
    let per = (hi - lo).div_ceil(threads);
    par.bufs.par_iter_mut().enumerate().for_each(|(t, buf)| {
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
    for buf in &par.bufs {
        for (s, &b) in seen[..top].iter_mut().zip(buf[..top].iter()) {
            *s |= b;
        }
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
    let len = left.len();
    let right = &g[m + 1 - hi..=m - lo];
    let right = &right[..len];
    // Four pairs per round, one test for the target.
    let mut i = 0;
    while i + 4 <= len {
        let v0 = left[i] ^ right[len - 1 - i];
        let v1 = left[i + 1] ^ right[len - 2 - i];
        let v2 = left[i + 2] ^ right[len - 3 - i];
        let v3 = left[i + 3] ^ right[len - 4 - i];
        seen[v0 as usize] = 1;
        seen[v1 as usize] = 1;
        seen[v2 as usize] = 1;
        seen[v3 as usize] = 1;
        if (v0 == target) | (v1 == target) | (v2 == target) | (v3 == target) {
            let j = [v0, v1, v2, v3]
                .iter()
                .position(|&v| v == target)
                .unwrap_or(3);
            return Some(lo + i + j);
        }
        i += 4;
    }
    while i < len {
        let v = left[i] ^ right[len - 1 - i];
        seen[v as usize] = 1;
        if v == target {
            return Some(lo + i);
        }
        i += 1;
    }
    None
}

/// Mark `G(a) ⊕ G(m - a)` for `lo <= a < hi`.
#[inline]
fn mark(g: &[u16], m: usize, lo: usize, hi: usize, seen: &mut [u8; 1 << 16]) {
    let left = &g[lo..hi];
    let len = left.len();
    let right = &g[m + 1 - hi..=m - lo];
    let right = &right[..len];
    for i in 0..len {
        seen[(left[i] ^ right[len - 1 - i]) as usize] = 1;
    }
}
