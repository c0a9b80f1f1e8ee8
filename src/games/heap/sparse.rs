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
//! by step 1 instead of by long scans in step 3. The candidates (the masks with the fewest light
//! heaps over all values and over the last quarter — every mask weighed at once by a
//! Walsh–Hadamard transform of the value counts —, a greedy set, every cut) are re-evaluated from
//! the value frequencies as the sequence grows.
//!
//! Refinements, none changing any value:
//! * The split values of a remainder `m` depend on `m` only, and a code with split digits `k < k'`
//!   splits `m = n − k` again at heap `n + k' − k`: the values found for `m` (light pairs, the
//!   scanned prefix) are kept in a small ring and reused, which halves the work of codes such as
//!   0.56, 0.354 and 0.376.
//! * After a short plain scan, a missing value `v` is first searched *targeted* — over the heaps
//!   `a` of a value `x = v ⊕ y` for the most frequent `y`, checking `G(m - a) = y` (enabled when
//!   replaying sample heaps shows it pays).
//! * Threads, across heaps ([`super::spin_pool`]: helpers that hand over work in well under a
//!   microsecond). With `G(0..n)` known, heap `n + j` has only a few options involving heaps
//!   `>= n` — the takes leaving a heap `>= n` and, per split digit `k`, the splits
//!   `a + (n + j − k − a)` with `a <= j − k` — so a thread can insert every other option (light
//!   pairs, scans) and walk the mex as far as those decide it (*speculation*) before the heaps
//!   just below are known; later, in order, the few missing options are inserted and the walk
//!   resumes only if one of them is the speculative value (a *correction*: about 0.05% of heaps
//!   for Officers 0.6, 0.01% for 0.007). The threads speculate the heaps of a *window* ahead of
//!   the known prefix, each taking the next heap as soon as it is free, and whichever thread
//!   finds the next heap speculated finishes and publishes it (module `window`: no barrier, so no
//!   thread waits for another's slow heap). The values are those of the sequential rule: a value
//!   absent from the known options and from the late ones is absent from all. Where windows do not
//!   pay, long scans and light passes of one heap are split over the threads in rounds, merging the marks and stopping at
//!   the first round after which the mex is certified.
//! * Runs: with one split digit, consecutive heaps `n, n + 1, …` split consecutive remainders,
//!   so a light heap `r` pairs with neighbouring values `G(m − r), G(m + 1 − r), …` (one cache
//!   line). Sixteen heaps are speculated together and each light heap is read once for all of
//!   them (`runs::light_run`): with many light heaps (Treblecross 0.007: 4·10^4 at 10^6 heaps) one
//!   heap's light pass reads a line of the prefix for every light heap, and once the prefix
//!   outgrows the cache (10^7 heaps: 20 MB) that traffic, shared by the cores, was the bound.
//!   Codes with several split digits go heap by heap (each heap reuses the split values of the
//!   remainder its predecessor split), but their first split digit's remainders are consecutive
//!   too: their light passes are made ahead, sixteen together (`ahead::Ahead`).
//! * Whether the helper threads are used at all is decided by measuring both ways, in epochs of
//!   20 ms (`adaptive`): on a machine whose other cores are busy, one thread is kept. The first
//!   epochs run alone (the helpers not even started, unless heaps cost thousands of pairs), so a
//!   computation of a fraction of a second runs as with one thread: there the helpers' start-up,
//!   the windows' set-up and a losing trial cost more than they bring.
//!
//! Applies to codes whose splits leave at most two heaps (octal, and hexadecimal digits without
//! bit 8), with or without `!`; values are kept as `u16`.
//!
//! This file holds the engine's public API and the loop that drives it (heap by heap, in runs or
//! in windows); the parts live next to it: `scan` (one heap's rare/common scan, its speculation
//! and finishing), `parallel` (one heap's long scans split over the threads), `runs` (runs of
//! heaps with joined light passes), `window` (windows of heaps across the threads), `heavy` (the
//! choice of `H`), `adaptive` (whether the helper threads pay) and `stats` (the work counters).
//!
//! ```
//! use grundy::games::heap::{Ruleset, naive, sparse::Sparse};
//! let r: Ruleset = "0.16".parse().unwrap();
//! let mut s = Sparse::for_ruleset(&r).unwrap();
//! s.extend_to(2000).unwrap();
//! let slow: Vec<u16> = naive::values(&r, 2000).iter().map(|&v| v as u16).collect();
//! assert_eq!(s.values(), &slow[..]);
//! ```

use thiserror::Error;

use std::time::Duration;

use crate::time::Instant;

use super::ruleset::{Code, Kind, Ruleset};
use super::spin_pool::{self, SpinPool};
use adaptive::{Adaptive, EPOCH, LAZY_EPOCHS};
use scan::{Ctx, Moves, Scratch, Targets, heap_value};

/// Consecutive heaps speculated together, their light passes joined ([`runs::light_run`]).
const RUN: usize = 16;

pub use stats::SparseStats;

/// A value too large for the `u16` sequence arrays.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("heap {heap} has a nim-value above 65534, beyond the 16-bit sequence arrays")]
pub struct Overflow {
    /// The heap whose value overflowed.
    pub heap: usize,
}

/// Scans longer than this (pairs) are split between threads when more than one is available.
const PAR_MIN: usize = 1 << 15;
/// Pairs scanned sequentially (early exit is likely) before a long scan goes parallel.
const SEQ_FIRST: usize = 1 << 14;

/// Work per heap (pairs, smoothed) above which heaps are speculated ahead of the known values: in
/// windows on different threads (see [`Sparse::step_window`]), in runs alone; below it, heap by
/// heap (only long scans shared).
const BATCH_MIN: u64 = 1 << 6;
/// Heaps computed in one call of [`Sparse::step_window`], in windows: between calls the
/// light list may be chosen anew and the targeted searches see the new heaps.
const WINDOW_SEGMENT: usize = 64;
/// Pairs per thread a window aims at (its width is its heaps).
const BATCH_WORK: u64 = 1 << 16;
/// Fewest heaps per thread in a window: heaps differ in cost (scans end early or late), and
/// more heaps per thread even the shares out (modelled speed-up with two threads on 0.007:
/// 1.85 with 2 heaps per thread, 1.91 with 4, 1.95 with 8).
const BATCH_PER_THREAD_MIN: usize = 8;
/// Most heaps per thread in a window.
const BATCH_PER_THREAD_MAX: usize = 32;
/// Heaps costlier than this (pairs per heap over a part of an epoch) cut the lazy start short (see
/// [`Adaptive::costly`]: with thousands of pairs a heap the windows pay from the start; 0.16 and
/// 0.56 at 7·10^5 heaps take 200 and 90, 0.007 at 3·10^5 46000). Helper threads are not
/// considered below it, or below the batch threshold if lower.
const POOL_MIN_WORK: u64 = 1 << 10;
/// Helper threads are started for calls that compute at least this many heaps.
const POOL_MIN_HEAPS: usize = 1 << 10;
/// Heaps between two looks at the clock in an epoch (reading it for every heap of a few hundred
/// nanoseconds, or every few heaps, costs a measurable share of the time).
const CLOCK_HEAPS: usize = 64;

/// The [`Ctx`] of a [`Sparse`], borrowing its fields one by one (so `scratch` stays free).
macro_rules! ctx {
    ($s:expr, $pool:expr) => {
        Ctx {
            moves: &$s.moves,
            g: &$s.g,
            light: &$s.rare,
            scan: &$s.scan,
            top: $s.top,
            targets: &$s.targets,
            epoch: $s.epoch,
            pool: $pool,
            thresholds: $s.thresholds,
        }
    };
}

mod adaptive;
mod ahead;
mod heavy;
mod marks;
mod parallel;
mod runs;
mod scan;
mod stats;
mod window;

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
    /// Working memory: the calling thread's first, then the windows' and runs'.
    scratch: Vec<Scratch>,
    /// A power of two above every value so far: option values are below it.
    top: usize,
    /// Version of `H`; cached split values computed under another version are recomputed.
    epoch: u64,
    /// (Sequential pairs first, least remaining length) for long scans split over threads.
    thresholds: (usize, usize),
    batch_min: u64,
    pool_min: usize,
    /// Pairs per heap, smoothed over the last ~64 heaps, times 64.
    recent: u64,
    targets: Targets,
    stats: SparseStats,
    max_value: u16,
    next_rebuild: usize,
    rare_at_rebuild: usize,
    /// Whether the current split came from a mask (all values classified) or greedily.
    mask: Option<u16>,
    /// Whether helper threads are used at present, judged by measured speed.
    adapt: Adaptive,
    /// Heaps a window's speculations ignore at the end of the known prefix (0; more in tests,
    /// to make corrections frequent).
    stale: usize,
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
        let moves = Moves::new(c);
        Some(Sparse {
            g: Vec::new(),
            counts: vec![0; 1 << 16],
            heavy: vec![false; 1 << 16],
            scan: vec![false; (1 << 16) + 1],
            rare: Vec::new(),
            scratch: vec![Scratch::new(&moves)],
            moves,
            top: 1,
            epoch: 0,
            thresholds: (SEQ_FIRST, PAR_MIN),
            batch_min: BATCH_MIN,
            pool_min: POOL_MIN_HEAPS,
            recent: 0,
            stats: SparseStats::default(),
            targets: Targets {
                pos: Vec::new(),
                order: Vec::new(),
                enabled: true,
            },
            max_value: 0,
            next_rebuild: 64,
            rare_at_rebuild: 0,
            mask: None,
            adapt: Adaptive::new(EPOCH, LAZY_EPOCHS),
            stale: 0,
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
            s.targets.push(v, i);
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

    /// The largest light (rare) heap at present, if any.
    pub fn last_rare(&self) -> Option<usize> {
        self.rare.last().map(|&(n, _)| n as usize)
    }

    /// Tune when long scans go parallel (with more than one rayon thread): after `seq_first`
    /// sequential pairs, while more than `par_min` pairs remain; and start the helper threads for
    /// extensions of at least `pool_min` heaps. Only speed depends on it.
    pub fn set_parallel_thresholds(&mut self, seq_first: usize, par_min: usize, pool_min: usize) {
        self.thresholds = (seq_first.max(1), par_min);
        self.pool_min = pool_min;
    }

    /// Tune when heaps are speculated ahead (windows with more than one thread, runs alone):
    /// when the recent work per heap exceeds `pairs`. Only speed depends on it.
    pub fn set_batch_threshold(&mut self, pairs: u64) {
        self.batch_min = pairs;
    }

    /// Compute values up to and including heap `to`.
    ///
    /// With several threads, heaps are computed in windows (module docs), while the measured
    /// speed says the helper threads pay.
    pub fn extend_to(&mut self, to: usize) -> Result<(), Overflow> {
        // Spinning helpers on a machine with fewer free cores only wait for each other.
        let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
        self.extend_to_threads(to, rayon::current_num_threads().min(cores))
    }

    /// [`extend_to`](Self::extend_to) with exactly `threads` threads (helpers included).
    pub fn extend_to_threads(&mut self, to: usize, threads: usize) -> Result<(), Overflow> {
        if threads <= 1 {
            while self.g.len() <= to {
                self.step_alone(to)?;
            }
            return Ok(());
        }
        while self.g.len() <= to {
            // Helpers only pay once heaps cost thousands of pairs (windows, long scans): compute
            // alone until then.
            if !self.wants_helpers() {
                self.step_with(None)?;
                continue;
            }
            // The helper threads are started only for epochs that use them (none in the first
            // epochs, see [`Adaptive`]) and extensions long enough, and stopped when the
            // measurements favour one thread.
            if self.adapt.next_uses_helpers() && to >= self.g.len() + self.pool_min {
                spin_pool::scope(threads, |pool| self.epochs(to, Some(pool)))?;
            } else {
                self.epochs(to, None)?;
            }
        }
        Ok(())
    }

    fn wants_helpers(&self) -> bool {
        self.recent >= self.batch_min.min(POOL_MIN_WORK).saturating_mul(64)
    }

    /// Tune the epochs over which the use of helper threads is judged (the `Adaptive` epochs; 20 ms by
    /// default), the helpers then used from the first epoch on (no lazy start). Only speed
    /// depends on it.
    pub fn set_adaptive_epoch(&mut self, epoch: Duration) {
        self.adapt = Adaptive::new(epoch, 0);
    }

    /// Epochs (see [`Adaptive`]) up to heap `to`, those that use the helpers with `pool`'s;
    /// returns early when the next epoch's mode is not the one `pool` serves (helpers wanted and
    /// none started, or started and no longer wanted), for the caller to start or stop them. An
    /// epoch still open at `to` goes on in the next call.
    fn epochs(&mut self, to: usize, pool: Option<&SpinPool>) -> Result<(), Overflow> {
        while self.g.len() <= to {
            let helpers = self.adapt.next_uses_helpers();
            if helpers != pool.is_some() {
                if pool.is_some() || to >= self.g.len() + self.pool_min {
                    return Ok(());
                }
                // Too few heaps left to start the helpers for: alone, not timed.
                while self.g.len() <= to {
                    self.step_alone(to)?;
                }
                return Ok(());
            }
            let (heaps0, time0) = self.adapt.so_far();
            let (start, n0, pairs0) = (Instant::now(), self.g.len(), self.stats.pairs());
            let mut clock = n0 + CLOCK_HEAPS;
            let complete = loop {
                let n = self.g.len();
                if n > to {
                    break false;
                }
                if n >= clock {
                    clock = n + CLOCK_HEAPS;
                    if self
                        .adapt
                        .complete(heaps0 + n - n0, time0 + start.elapsed())
                    {
                        break true;
                    }
                }
                match pool {
                    Some(pool) => self.step_helped(to, pool)?,
                    None => self.step_alone(to)?,
                }
            };
            let heaps = self.g.len() - n0;
            self.adapt.add(helpers, heaps, start.elapsed(), complete);
            // Over many heaps: one long scan does not make heaps costly.
            if heaps >= 64 && self.stats.pairs() - pairs0 >= POOL_MIN_WORK * heaps as u64 {
                self.adapt.costly();
            }
            if !helpers {
                self.stats.alone_heaps += heaps as u64;
            }
            if complete && helpers {
                self.stats.helper_epochs += 1;
            } else if complete {
                self.stats.alone_epochs += 1;
            }
        }
        Ok(())
    }

    /// The next heaps with the helpers: a window when heaps cost enough, else the next heap (its
    /// long scans shared).
    fn step_helped(&mut self, to: usize, pool: &SpinPool) -> Result<(), Overflow> {
        let b = self.batch_size(pool.threads()).min(to + 1 - self.g.len());
        if b >= 2
            && self.g.len() >= 2 * (self.window_width(b) + self.stale) + 4
            && self.recent >= self.batch_min.saturating_mul(64)
        {
            // A window of about b heaps, up to the next possible choice of H at most.
            let n = self.g.len();
            let end = (n + WINDOW_SEGMENT * b).min(to + 1).min(self.next_check());
            self.step_window(end, self.window_width(b), pool)?;
            self.maybe_rebuild();
        } else {
            self.step_with(Some(pool))?;
        }
        Ok(())
    }

    /// Heaps per window: enough per thread for about [`BATCH_WORK`] pairs (so the threads share the
    /// work evenly and a hand-over costs little), from [`BATCH_PER_THREAD_MIN`] to
    /// [`BATCH_PER_THREAD_MAX`] per thread.
    fn batch_size(&self, threads: usize) -> usize {
        let per_heap = (self.recent / 64).max(1);
        let per_thread = BATCH_WORK
            .div_ceil(per_heap)
            .min(BATCH_PER_THREAD_MAX as u64) as usize;
        threads * per_thread.max(BATCH_PER_THREAD_MIN)
    }

    fn note_max(&mut self, v: u16) {
        if v > self.max_value {
            self.max_value = v;
        }
        self.top = (self.max_value as usize + 1).next_power_of_two();
    }

    fn ctx(&self) -> Ctx<'_> {
        ctx!(self, None)
    }

    /// Compute the next value (alone; [`extend_to`](Self::extend_to) uses the threads).
    pub fn step(&mut self) -> Result<u16, Overflow> {
        self.step_with(None)
    }

    fn step_with(&mut self, pool: Option<&SpinPool>) -> Result<u16, Overflow> {
        let n = self.g.len();
        let mut work = SparseStats::default();
        let v = heap_value(&ctx!(self, pool), n, &mut self.scratch[0], &mut work);
        work.span_pairs = work.pairs();
        self.push(v, &work)
    }

    /// The next heap count `> n` at which `H` may be chosen anew: every multiple of 64 (of 1024
    /// from 2^16 on) and the scheduled rebuilds. Runs and windows stop there, so `H` — and the
    /// work — is the same whatever the threads.
    fn next_check(&self) -> usize {
        let n = self.g.len();
        let step = if n < 1 << 16 { 64 } else { 1024 };
        ((n / step + 1) * step).min(self.next_rebuild.max(n + 1))
    }

    /// Heaps a window spans for `b` heaps per batch of threads: at least four runs, room for a
    /// thread to claim its next runs while another's is still in flight (with two runs of room,
    /// a thread done first waits for the other's run: a barrier again).
    fn window_width(&self, b: usize) -> usize {
        b.max(4 * self.run())
    }

    /// Heaps speculated together by one thread (see [`runs::light_run`]): [`RUN`] for codes with one
    /// split digit, else 1.
    fn run(&self) -> usize {
        if self.moves.split.len() == 1 { RUN } else { 1 }
    }

    /// Append the value of the next heap and keep the bookkeeping (light heaps, `H`).
    fn push(&mut self, result: usize, work: &SparseStats) -> Result<u16, Overflow> {
        let v = self.push_value(result, work)?;
        self.maybe_rebuild();
        Ok(v)
    }

    /// Append the value of the next heap (light heaps, counts; `H` is kept).
    fn push_value(&mut self, result: usize, work: &SparseStats) -> Result<u16, Overflow> {
        let n = self.g.len();
        self.stats.add(work);
        self.recent = self.recent - self.recent / 64 + work.pairs();
        if result >= u16::MAX as usize {
            return Err(Overflow { heap: n });
        }
        let v = result as u16;
        self.g.push(v);
        self.counts[result] += 1;
        self.note_max(v);
        if n > 0 {
            self.targets.push(v, n);
            if !self.heavy[result] {
                self.rare.push((n as u32, v));
            }
        }
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::heap::naive;

    /// Officers (0.6: a heap's value depends on the one before) and Treblecross (0.007) alone
    /// (runs of heaps speculated together) and with two and three threads, every step in a
    /// window, the speculations seeing the known prefix or (`stale`) all of it but its last
    /// heaps: speculation and its corrections give the values of the naive search.
    #[test]
    fn windows_across_heaps_with_corrections_give_the_naive_values() {
        for (code, to) in [
            ("0.6", 3000),
            ("0.007", 1500),
            ("0.16", 2000),
            ("4.7", 1500),
            ("0.56", 1500),
        ] {
            let r: Ruleset = code.parse().unwrap();
            let want: Vec<u16> = naive::values(&r, to).iter().map(|&v| v as u16).collect();
            for (threads, stale) in [(1, 0), (2, 0), (3, 0), (2, 5), (3, 40)] {
                let s = windowed(&r, to, threads, stale);
                assert_eq!(
                    s.values(),
                    &want[..],
                    "{code}, {threads} threads, stale {stale}"
                );
                let st = s.stats();
                // Alone, heaps are speculated in runs when the code has one split digit.
                if threads > 1 || s.run() > 1 {
                    assert!(st.batched > to as u64 / 2, "{code}: {st:?}");
                }
                if stale > 0 {
                    // The heaps just before each one are late options: corrections happen.
                    assert!(st.corrections > 0, "{code}: {st:?}");
                }
                assert!(st.span_pairs <= st.pairs(), "{code}: {st:?}");
            }
        }
    }

    /// The default decision path: epochs alone first (the lazy start, the helpers not started),
    /// then trials of the helpers, with epochs of a few heaps spanning the calls of a sequence
    /// grown in steps — the values of the naive search, both modes used; and while the first
    /// epoch alone is open, no helper at all.
    #[test]
    fn a_lazy_start_with_epochs_across_calls_gives_the_naive_values() {
        for code in ["0.6", "0.56", "0.16", "4.7"] {
            let r: Ruleset = code.parse().unwrap();
            let to = 1500;
            let want: Vec<u16> = naive::values(&r, to).iter().map(|&v| v as u16).collect();
            for (epoch, lazy) in [(Duration::ZERO, 1), (Duration::ZERO, 3), (Duration::MAX, 1)] {
                let mut s = Sparse::for_ruleset(&r).unwrap();
                s.set_batch_threshold(0);
                s.set_parallel_thresholds(1 << 14, 1 << 15, 0);
                s.adapt = Adaptive::new(epoch, lazy);
                let mut n = 0;
                while n < to {
                    n = (n + 97).min(to);
                    s.extend_to_threads(n, 2).unwrap();
                }
                assert_eq!(s.values(), &want[..], "{code}, lazy {lazy}");
                let st = s.stats();
                if epoch == Duration::MAX {
                    assert_eq!(st.helper_epochs + st.alone_epochs, 0, "{code}: {st:?}");
                    assert_eq!(st.alone_heaps, to as u64 + 1, "{code}: {st:?}");
                } else {
                    assert!(st.alone_epochs >= u64::from(lazy), "{code}: {st:?}");
                    assert!(st.helper_epochs >= 1, "{code}: {st:?}");
                }
            }
        }
    }

    /// A computation where every step after the first few heaps is a window.
    fn windowed(r: &Ruleset, to: usize, threads: usize, stale: usize) -> Sparse {
        let mut s = Sparse::for_ruleset(r).unwrap();
        s.set_batch_threshold(0);
        s.set_parallel_thresholds(1 << 14, 1 << 15, 0);
        s.set_adaptive_epoch(Duration::MAX);
        s.stale = stale;
        s.extend_to_threads(to, threads).unwrap();
        s
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
        /// Random codes of up to four digits (with and without `!`), runs of heaps alone or
        /// windows of two or three threads with speculations up to 9 heaps stale, against the
        /// naive search.
        #[test]
        fn windows_give_the_naive_values_of_random_codes(
            digits in proptest::collection::vec(0u8..8, 1..5),
            unequal in proptest::bool::ANY,
            threads in 1usize..4,
            stale in 0usize..10,
        ) {
            let code: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
            let text = format!("0.{code}{}", if unequal { "!" } else { "" });
            let Ok(r) = text.parse::<Ruleset>() else { return Ok(()) };
            let to = 700;
            let want: Vec<u16> = naive::values(&r, to).iter().map(|&v| v as u16).collect();
            let s = windowed(&r, to, threads, stale);
            proptest::prop_assert_eq!(s.values(), &want[..], "{}", text);
        }
    }
}
