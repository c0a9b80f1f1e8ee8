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
//!   them (module `light_run`): with many light heaps (Treblecross 0.007: 4·10^4 at 10^6 heaps) one
//!   heap's light pass reads a line of the prefix for every light heap, and once the prefix
//!   outgrows the cache (10^7 heaps: 20 MB) that traffic, shared by the cores, was the bound.
//! * Whether the helper threads are used at all is decided by measuring both ways (see the
//!   adaptive epochs below): on a machine whose other cores are busy, one thread is kept.
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

use std::sync::Mutex;
use std::time::Duration;

use crate::time::Instant;

use super::ruleset::{Code, Kind, Ruleset};
use super::spin_pool::{self, SpinPool};
use crate::count::transform::wht_i128;

mod window;

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

/// Work per heap (pairs, smoothed) above which heaps are speculated ahead of the known values: in
/// windows on different threads (see [`Sparse::step_window`]), in runs alone; below it, heap by
/// heap (only long scans shared).
const BATCH_MIN: u64 = 1 << 6;
/// Consecutive heaps speculated together, their light passes joined ([`light_run`]).
const RUN: usize = 16;
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
/// Helper threads are started when the recent work per heap (pairs) reaches this.
const POOL_MIN_WORK: u64 = 1 << 10;
/// Helper threads are started for calls that compute at least this many heaps.
const POOL_MIN_HEAPS: usize = 1 << 10;
/// Rings of cached split values longer than this are not kept (codes with far-apart split digits).
const RING_MAX: usize = 64;
/// Helper threads are judged over epochs of this much wall time (see [`Adaptive`]).
const EPOCH: Duration = Duration::from_millis(20);
/// Epochs between trials of the mode not in use: from this many, doubling while trials lose...
const PROBE_MIN: u32 = 4;
/// ... up to this many.
const PROBE_MAX: u32 = 64;
/// Helpers are used only while they make the computation at least this much faster.
const HELPERS_GAIN: f64 = 1.1;

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
    /// Split values of a remainder `m` reused from an earlier heap (another split digit).
    pub reused: u64,
    /// Heaps speculated ahead of the known values (in windows on several threads, or in runs).
    pub batched: u64,
    /// Speculated heaps whose speculative value was an option found once the earlier heaps
    /// were known (the walk went on from there).
    pub corrections: u64,
    /// A model of the wall time in pairs: every heap's pairs, except that in a window only the
    /// busiest thread's pairs (speculations and finishings) count. `pairs / span_pairs` is the
    /// speed-up the threads allow when they have cores to themselves and pairs cost alike.
    pub span_pairs: u64,
    /// Epochs (of `EPOCH`, 20 ms by default) run with the helper threads, and alone (with helper threads
    /// available but not used: the measured speed favoured one thread, or a trial).
    pub helper_epochs: u64,
    /// See [`helper_epochs`](Self::helper_epochs).
    pub alone_epochs: u64,
    /// Heaps computed in epochs run alone while helper threads were available.
    pub alone_heaps: u64,
}

impl SparseStats {
    fn add(&mut self, o: &SparseStats) {
        self.light_pairs += o.light_pairs;
        self.scanned_pairs += o.scanned_pairs;
        self.scans += o.scans;
        self.targeted_checks += o.targeted_checks;
        self.rebuilds += o.rebuilds;
        self.reused += o.reused;
        self.batched += o.batched;
        self.corrections += o.corrections;
        self.span_pairs += o.span_pairs;
        self.helper_epochs += o.helper_epochs;
        self.alone_epochs += o.alone_epochs;
        self.alone_heaps += o.alone_heaps;
    }

    /// Pairs of every kind: splits inserted, scanned and checked by targeted searches.
    pub fn pairs(&self) -> u64 {
        self.light_pairs + self.scanned_pairs + self.targeted_checks
    }
}

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

/// Decides, epoch by epoch, whether the helper threads are used, by measuring both ways.
///
/// Helpers pay only while they run: on a machine whose other cores are busy (another process, a
/// build), a descheduled helper stalls every heap that waits for it, and a spinning one takes CPU
/// time from the caller, so two threads can be slower than one. The computation runs in epochs
/// (about [`EPOCH`] of wall time each) in the chosen mode, and now and then one epoch in the other
/// mode (a trial); the mode of higher speed (heaps per second, helpers needing a gain of
/// [`HELPERS_GAIN`]) is kept. A trial that loses doubles the epochs until the next one (from
/// [`PROBE_MIN`] to [`PROBE_MAX`]), so a busy machine costs at most about one epoch in
/// `PROBE_MAX` run the slow way. Values never depend on the mode, only the speed.
#[derive(Clone, Debug)]
struct Adaptive {
    /// The chosen mode: helpers used.
    helpers: bool,
    /// Epochs in the chosen mode before the next trial of the other.
    until_trial: u32,
    /// Current distance between trials.
    interval: u32,
    /// Heaps per second of the last judged epoch in the chosen mode (0: none yet).
    rate: f64,
    /// Epoch length.
    epoch: Duration,
}

impl Adaptive {
    fn new(epoch: Duration) -> Adaptive {
        Adaptive {
            helpers: true,
            until_trial: 1,
            interval: PROBE_MIN,
            rate: 0.0,
            epoch,
        }
    }

    /// Whether the next epoch uses the helpers.
    fn next_uses_helpers(&self) -> bool {
        if self.until_trial == 0 && self.rate > 0.0 {
            !self.helpers
        } else {
            self.helpers
        }
    }

    /// Record an epoch: `heaps` computed in `elapsed`, with or without helpers.
    fn record(&mut self, helpers: bool, heaps: usize, elapsed: Duration) {
        if elapsed < self.epoch / 2 {
            return; // cut short (end of the range): too short to judge
        }
        let rate = heaps as f64 / elapsed.as_secs_f64().max(1e-9);
        if helpers == self.helpers {
            self.rate = rate;
            self.until_trial = self.until_trial.saturating_sub(1);
            return;
        }
        let (with, without) = if helpers {
            (rate, self.rate)
        } else {
            (self.rate, rate)
        };
        let better = with > HELPERS_GAIN * without;
        if better != self.helpers {
            self.helpers = better;
            self.rate = rate;
            self.interval = PROBE_MIN;
        } else {
            self.interval = (self.interval * 2).min(PROBE_MAX);
        }
        self.until_trial = self.interval;
    }
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
                pos: vec![Vec::new(); 1 << 16],
                order: Vec::new(),
                enabled: true,
            },
            max_value: 0,
            next_rebuild: 64,
            rare_at_rebuild: 0,
            mask: None,
            adapt: Adaptive::new(EPOCH),
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
        if threads > 1 {
            // Helpers only pay once heaps cost thousands of pairs (windows, long scans): compute
            // alone until then, and start them for the rest if it is long enough.
            while self.g.len() <= to && !self.wants_helpers() {
                self.step_with(None)?;
            }
            if to >= self.g.len() + self.pool_min {
                return spin_pool::scope(threads, |pool| self.extend_with(to, Some(pool)));
            }
        }
        self.extend_with(to, None)
    }

    fn wants_helpers(&self) -> bool {
        self.recent >= self.batch_min.min(POOL_MIN_WORK).saturating_mul(64)
    }

    /// Tune the epochs over which the use of helper threads is judged (20 ms by default). Only speed depends on it.
    pub fn set_adaptive_epoch(&mut self, epoch: Duration) {
        self.adapt = Adaptive::new(epoch);
    }

    fn extend_with(&mut self, to: usize, pool: Option<&SpinPool>) -> Result<(), Overflow> {
        let Some(pool) = pool else {
            while self.g.len() <= to {
                self.step_alone(to)?;
            }
            return Ok(());
        };
        let threads = pool.threads();
        while self.g.len() <= to {
            // One epoch in the mode the measurements favour (or a trial of the other).
            let helpers = self.adapt.next_uses_helpers();
            let (start, n0) = (Instant::now(), self.g.len());
            while self.g.len() <= to
                && (self.g.len() < n0 + 8 || start.elapsed() < self.adapt.epoch)
            {
                let b = self.batch_size(threads).min(to + 1 - self.g.len());
                if !helpers {
                    self.step_alone(to)?;
                } else if b >= 2
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
            }
            if helpers {
                self.stats.helper_epochs += 1;
            } else {
                self.stats.alone_epochs += 1;
                self.stats.alone_heaps += (self.g.len() - n0) as u64;
            }
            self.adapt
                .record(helpers, self.g.len() - n0, start.elapsed());
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

    /// Heaps speculated together by one thread (see [`light_run`]): [`RUN`] for codes with one
    /// split digit, else 1.
    fn run(&self) -> usize {
        if self.moves.split.len() == 1 { RUN } else { 1 }
    }

    /// The next heap, or a run of them ([`light_run`]) once heaps cost enough, alone.
    fn step_alone(&mut self, to: usize) -> Result<(), Overflow> {
        let n = self.g.len();
        // Up to the next possible choice of H at most.
        let c = self.run().min(to + 1 - n).min(self.next_check() - n);
        if c < 2 || n < 2 * c + 4 || self.recent < self.batch_min.saturating_mul(64) {
            return self.step_with(None).map(|_| ());
        }
        if self.scratch.len() < c {
            let moves = &self.moves;
            self.scratch.resize_with(c, || Scratch::new(moves));
        }
        let mut works = vec![SparseStats::default(); c];
        {
            let cx = ctx!(self, None);
            let mut scs: Vec<&mut Scratch> = self.scratch[..c].iter_mut().collect();
            let mut ws: Vec<&mut SparseStats> = works.iter_mut().collect();
            speculate_run(&cx, n, n, &mut scs, &mut ws);
        }
        for (i, mut work) in works.into_iter().enumerate() {
            let mut fin = SparseStats::default();
            let v = finish_speculation(&ctx!(self, None), &mut self.scratch[i], &mut fin);
            fin.batched = 1;
            work.add(&fin);
            work.span_pairs = work.pairs();
            self.push_value(v, &work)?;
        }
        self.maybe_rebuild();
        Ok(())
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
            self.targets.pos[result].push(n as u32);
            if !self.heavy[result] {
                self.rare.push((n as u32, v));
            }
        }
        Ok(v)
    }

    /// Choose `H` anew when the sequence has doubled or, at a check point
    /// ([`Sparse::next_check`]), the light heaps have grown.
    fn maybe_rebuild(&mut self) {
        let n = self.g.len();
        let check = n.is_multiple_of(if n < 1 << 16 { 64 } else { 1024 });
        if n >= self.next_rebuild || (check && self.rare.len() > 2 * self.rare_at_rebuild + 64) {
            self.rebuild();
            self.next_rebuild = n.max(64).next_power_of_two() * 2;
        }
    }

    /// Choose the heavy set anew from the value frequencies (module docs).
    fn rebuild(&mut self) {
        self.stats.rebuilds += 1;
        self.epoch += 1;
        let mut order: Vec<u16> = (0..=self.max_value)
            .filter(|&v| self.counts[v as usize] > 0)
            .collect();
        order.sort_by_key(|&v| (std::cmp::Reverse(self.counts[v as usize]), v));
        order.truncate(TARGET_PARTNERS);
        self.targets.order = order;
        let n = self.g.len().max(1);
        let top = self.top;
        let present: Vec<u16> = (0..top as u16)
            .filter(|&v| self.counts[v as usize] > 0)
            .collect();
        let by_freq = |mut c: Vec<u16>| {
            c.sort_by_key(|&v| (std::cmp::Reverse(self.counts[v as usize]), v));
            c
        };
        // Candidate XOR-free sets: the best masks (for all values so far, and for the last
        // quarter, since the classes may drift as values grow) and a greedy set.
        let mut candidates: Vec<(Vec<u16>, Option<u16>)> = Vec::new();
        let mut masks = vec![best_mask(&self.counts[..top])];
        if n >= 512 {
            let mut recent = vec![0u32; top];
            for &v in &self.g[n - n / 4..] {
                recent[v as usize] += 1;
            }
            masks.push(best_mask(&recent));
        }
        masks.dedup();
        for mask in masks.into_iter().flatten() {
            let c: Vec<u16> = present
                .iter()
                .copied()
                .filter(|&v| (v & mask).count_ones() % 2 == 1)
                .collect();
            candidates.push((by_freq(c), Some(mask)));
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
        let mut scratch = Scratch::new(&self.moves);
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
            if cuts.is_empty() {
                continue;
            }
            // Values (and their XORs) are below `top`: the tables need no more.
            let mut heavy = vec![false; top];
            let mut scan = vec![false; top + 1];
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
                // The light heaps, from where each light value occurs (no pass over all heaps).
                let mut light: Vec<(u32, u16)> = present
                    .iter()
                    .filter(|&&v| !heavy[v as usize])
                    .flat_map(|&v| self.targets.pos[v as usize].iter().map(move |&r| (r, v)))
                    .collect();
                light.sort_unstable_by_key(|&(r, _)| r);
                let cx = Ctx {
                    light: &light,
                    scan: &scan,
                    ..self.ctx()
                };
                scratch.forget();
                let mut cost = 0u64;
                for &t in &samples {
                    let mut work = SparseStats::default();
                    let v = heap_value(&cx, t, &mut scratch, &mut work);
                    debug_assert_eq!(v, self.g[t] as usize);
                    cost += work.pairs();
                    if cost >= best.0 {
                        break;
                    }
                }
                if cost < best.0 || best.0 == u64::MAX {
                    best = (cost, c[..j].to_vec(), *mask, light);
                } else {
                    // Looser cuts add light pairs; once one loses, stop (the cost is roughly
                    // unimodal in the cut, and only speed depends on the choice).
                    break;
                }
            }
        }
        let (_, h, mask, light) = best;
        // Targeted searches cost random accesses: keep them only if they pay (counted at 3 pairs
        // a check) on the same samples.
        if !samples.is_empty() && !h.is_empty() {
            let mut scan = vec![false; top + 1];
            for &x in &h {
                for &y in &h {
                    scan[(x ^ y) as usize] = true;
                }
            }
            let mut cost = [0u64; 2];
            for (i, enabled) in [true, false].into_iter().enumerate() {
                self.targets.enabled = enabled;
                let cx = Ctx {
                    light: &light,
                    scan: &scan,
                    ..self.ctx()
                };
                scratch.forget();
                for &t in &samples {
                    let mut work = SparseStats::default();
                    heap_value(&cx, t, &mut scratch, &mut work);
                    cost[i] += work.light_pairs + work.scanned_pairs + 3 * work.targeted_checks;
                }
            }
            self.targets.enabled = cost[0] < cost[1];
        }
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

/// The mask `M ≠ 0` whose even-parity class `{ v : popcount(v & M) even }` holds the fewest of the
/// counted values (`counts.len()` a power of two), or `None` when there are fewer than two
/// values. By the Walsh–Hadamard transform `W[M] = Σ_v counts[v]·(−1)^popcount(v & M)`, that class
/// holds `(total + W[M]) / 2` values, so every mask is weighed in `O(len · log len)`.
fn best_mask(counts: &[u32]) -> Option<u16> {
    let len = counts.len();
    if len < 2 {
        return None;
    }
    let mut w: Vec<i128> = counts.iter().map(|&c| i128::from(c)).collect();
    wht_i128(&mut w);
    (1..len).min_by_key(|&m| (w[m], m)).map(|m| m as u16)
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
    /// `k` with bit 4: take `k`, split the rest in two (increasing).
    split: Vec<usize>,
    /// Split parts must differ.
    unequal: bool,
    /// Split values of a remainder `m` are cached in slot `m % ring` (the span of the split
    /// digits), so a later heap that splits the same `m` after taking more reuses them; `0` when
    /// the span exceeds [`RING_MAX`] (slot per split digit, nothing reused).
    ring: usize,
}

impl Moves {
    fn new(c: &Code) -> Moves {
        let mut m = Moves {
            take_all: Vec::new(),
            take: Vec::new(),
            split: Vec::new(),
            unequal: c.unequal(),
            ring: 0,
        };
        for (k, &d) in c.digits().iter().enumerate() {
            if k > 0 && d & 1 != 0 {
                m.take_all.push(k);
            }
            if k > 0 && d & 2 != 0 {
                m.take.push(k);
            }
            if d & 4 != 0 {
                m.split.push(k);
            }
        }
        if let (Some(&lo), Some(&hi)) = (m.split.first(), m.split.last()) {
            let span = hi - lo + 1;
            m.ring = if span <= RING_MAX { span } else { 0 };
        }
        m
    }

    fn slots(&self) -> usize {
        if self.ring > 0 {
            self.ring
        } else {
            self.split.len()
        }
    }
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

/// What one heap's computation reads.
#[derive(Clone, Copy)]
struct Ctx<'a> {
    moves: &'a Moves,
    /// `G(0..len)`; a heap `n` reads `G(0..n)` only (in a window, `G(0..known)` until finished).
    g: &'a [u16],
    light: &'a [(u32, u16)],
    /// `v ∈ H ⊕ H`.
    scan: &'a [bool],
    top: usize,
    targets: &'a Targets,
    /// Version of `light`/`scan`, for the cached split values.
    epoch: u64,
    /// Helper threads for splitting long scans (`None`: scan alone).
    pool: Option<&'a SpinPool<'a>>,
    thresholds: (usize, usize),
}

/// One heap's working memory. Aligned to two cache lines: in a window the heaps of neighbouring
/// scratches run on different threads, and a line shared between them (one thread counting its
/// work, the other reading its slots) would bounce between the cores at every write.
#[derive(Clone, Debug, Default)]
#[repr(align(128))]
struct Scratch {
    /// Options of the current heap known so far (takes, and split values as merged).
    seen: Vec<u8>,
    slots: Vec<Slot>,
    /// The slots of the current heap's splits, first split digit first.
    live: Vec<usize>,
    /// Buffers of the threads of a split scan.
    bufs: Vec<Vec<u8>>,
    /// The heap set up, the values known when it was ([`speculate`]), and the walk's result.
    heap: usize,
    known: usize,
    result: usize,
}

/// The split values `G(a) ⊕ G(m − a)` of one remainder `m` found so far: every split with a light
/// part (under the heavy set of `epoch`), every `a < next`, and values found by targeted searches.
/// Aligned like [`Scratch`]: the slots of different heaps are small allocations that would
/// otherwise share cache lines.
#[derive(Clone, Debug)]
#[repr(align(128))]
struct Slot {
    m: usize,
    epoch: u64,
    /// Splits `a < lo` are not in the marks yet (their big part was unknown: see [`speculate`]).
    lo: usize,
    /// The splits with a light part are not in the marks yet (see [`light_run`]).
    pending: bool,
    next: usize,
    /// `2^16 + 1` bytes, allocated on first use; bytes above the `top` of the last reset are 0
    /// (`top` never decreases and nothing at or above it is ever marked).
    marks: Vec<u8>,
}

impl Scratch {
    fn new(moves: &Moves) -> Scratch {
        Scratch {
            seen: vec![0; (1 << 16) + 1],
            slots: vec![
                Slot {
                    m: usize::MAX,
                    epoch: 0,
                    lo: 1,
                    pending: false,
                    next: 1,
                    marks: Vec::new(),
                };
                moves.slots()
            ],
            live: Vec::new(),
            bufs: Vec::new(),
            heap: 0,
            known: 0,
            result: 0,
        }
    }

    /// Drop every cached split value.
    fn forget(&mut self) {
        for s in &mut self.slots {
            s.m = usize::MAX;
        }
    }

    /// The least value `>= v` absent from the options found so far (takes and targets in `seen`,
    /// split values in the live slots), read eight values a step.
    #[inline(always)]
    fn next_missing(&self, v: usize, top: usize) -> usize {
        let word =
            |b: &[u8], o: usize| u64::from_le_bytes(b[o..o + 8].try_into().expect("8 bytes"));
        let mut o = v;
        // seen and the marks hold 2^16 + 1 bytes and top <= 2^16, so o + 8 stays inside while
        // o <= top - 8; the last few values are read one by one.
        while o + 8 <= top {
            let mut w = word(&self.seen, o);
            for &s in &self.live {
                w |= word(&self.slots[s].marks, o);
            }
            let z = w.wrapping_sub(0x0101_0101_0101_0101) & !w & 0x8080_8080_8080_8080;
            if z != 0 {
                return o + (z.trailing_zeros() / 8) as usize;
            }
            o += 8;
        }
        while o < top {
            if self.seen[o] == 0 && self.live.iter().all(|&s| self.slots[s].marks[o] == 0) {
                return o;
            }
            o += 1;
        }
        top
    }
}

/// Split pairs `a + (m − a)` are `1 <= a < pair_end`; with `!`, the middle pair is excluded.
#[inline]
fn pair_end(m: usize, unequal: bool) -> usize {
    if unequal && m.is_multiple_of(2) {
        m / 2
    } else {
        m / 2 + 1
    }
}

/// `G(n)` by the sparse-space rule with the light heaps and `H ⊕ H` of `cx` (module docs). The
/// split values of each remainder `m = n − k` are kept in `sc` and reused when a later heap splits
/// the same `m`.
fn heap_value(cx: &Ctx, n: usize, sc: &mut Scratch, stats: &mut SparseStats) -> usize {
    setup(cx, n, n, sc, stats, false);
    walk(cx, sc, stats, 0)
}

/// `G(n)` as far as the values `G(0..known)` decide it (`known <= n`, the values in `cx.g` at
/// least up to `known`): the least value absent from the options whose values are known, certified
/// by the same rule as [`heap_value`], kept in `sc` for [`finish_speculation`]. The options not yet
/// known are few: the takes `n − k >= known` and, per split digit `k` (remainder `m = n − k`), the
/// splits `a + (m − a)` with `m − a >= known`, i.e. `a < m − known + 1` (their small part `a`
/// is known when `known` exceeds the window).
fn speculate(cx: &Ctx, n: usize, known: usize, sc: &mut Scratch, stats: &mut SparseStats) {
    setup(cx, n, known, sc, stats, false);
    sc.result = walk(cx, sc, stats, 0);
}

/// `G(n)` of a heap computed by [`speculate`], once `cx.g` holds `G(0..n)`: the options that were
/// not known are inserted; if the speculative value is still absent it is `G(n)` (every smaller
/// value is an option), else the walk goes on from there.
fn finish_speculation(cx: &Ctx, sc: &mut Scratch, stats: &mut SparseStats) -> usize {
    let (moves, g, n, known) = (cx.moves, cx.g, sc.heap, sc.known);
    for &k in &moves.take {
        if k < n && n - k >= known {
            sc.seen[g[n - k] as usize] = 1;
        }
    }
    for li in 0..sc.live.len() {
        let slot = &mut sc.slots[sc.live[li]];
        let (m, lo) = (slot.m, slot.lo);
        for a in 1..lo.min(pair_end(m, moves.unequal)) {
            slot.marks[(g[a] ^ g[m - a]) as usize] = 1;
        }
        stats.light_pairs += lo.saturating_sub(1) as u64;
        slot.lo = 1;
    }
    sc.known = n;
    let r = sc.result;
    if sc.seen[r] == 0 && sc.live.iter().all(|&s| sc.slots[s].marks[r] == 0) {
        r
    } else {
        stats.corrections += 1;
        walk(cx, sc, stats, r + 1)
    }
}

/// Reset `sc` for heap `n` and insert the options known from `G(0..known)`: the takes, and for
/// each split digit the splits with a light part (both parts below `known`). With `defer`, the
/// light passes of fresh slots are left `pending` for [`light_run`].
fn setup(cx: &Ctx, n: usize, known: usize, sc: &mut Scratch, stats: &mut SparseStats, defer: bool) {
    let (moves, g, top) = (cx.moves, cx.g, cx.top);
    sc.heap = n;
    sc.known = known;
    sc.seen[..=top].fill(0);
    for &k in &moves.take_all {
        if k == n {
            sc.seen[0] = 1;
        }
    }
    for &k in &moves.take {
        if k < n && n - k < known {
            sc.seen[g[n - k] as usize] = 1;
        }
    }
    sc.live.clear();
    for (j, &k) in moves.split.iter().enumerate() {
        if n < k + 2 {
            break;
        }
        let m = n - k;
        // Splits a + (m - a) with a < lo have their big part at or above `known`.
        let lo = (m + 1).saturating_sub(known).max(1);
        let si = if moves.ring > 1 { m % moves.ring } else { j };
        let slot = &mut sc.slots[si];
        // Cached values of `m` are complete (all splits known then and now) or not reused.
        if slot.m == m && slot.epoch == cx.epoch && slot.lo == 1 && lo == 1 {
            stats.reused += 1;
        } else {
            if slot.marks.is_empty() {
                slot.marks = vec![0; (1 << 16) + 1];
            } else {
                slot.marks[..=top].fill(0);
            }
            slot.m = m;
            slot.epoch = cx.epoch;
            slot.lo = lo;
            slot.next = lo;
            slot.pending = defer;
            if !defer {
                light_pass(cx, slot, &mut sc.bufs, stats);
            }
        }
        sc.live.push(si);
    }
}

/// The light heaps `r` whose splits `r + (m − r)` of a slot have both parts known: `lo <= r < m`
/// (with `lo = m + 1 − known`, so `m − r < known`).
fn light_range<'a>(cx: &Ctx<'a>, m: usize, lo: usize) -> &'a [(u32, u16)] {
    let from = cx.light.partition_point(|&(r, _)| (r as usize) < lo);
    let count = cx.light.partition_point(|&(r, _)| (r as usize) < m);
    &cx.light[from..count.max(from)]
}

/// Insert the splits of a fresh slot with a light part (both parts known).
fn light_pass(cx: &Ctx, slot: &mut Slot, bufs: &mut Vec<Vec<u8>>, stats: &mut SparseStats) {
    let (g, m) = (cx.g, slot.m);
    let light = light_range(cx, m, slot.lo);
    stats.light_pairs += light.len() as u64;
    if let Some(pool) = cx.pool.filter(|_| light.len() > cx.thresholds.1) {
        light_parallel(
            g,
            m,
            light,
            cx.moves.unequal,
            cx.top,
            &mut slot.marks,
            pool,
            bufs,
        );
    } else {
        let marks = arr(&mut slot.marks);
        for &(r, gr) in light {
            marks[(gr ^ g[m - r as usize]) as usize] = 1;
        }
        unequal_middle(cx, m, light, marks);
    }
}

/// With unequal splits, `r + r` is not a move: unmark the value 0 it gave unless another pair
/// of `light` gives 0.
fn unequal_middle(cx: &Ctx, m: usize, light: &[(u32, u16)], marks: &mut [u8; 1 << 16]) {
    if cx.moves.unequal
        && m.is_multiple_of(2)
        && light
            .binary_search_by_key(&(m as u32 / 2), |&(r, _)| r)
            .is_ok()
    {
        marks[0] = 0;
        for &(r, gr) in light {
            if 2 * r as usize != m && gr == cx.g[m - r as usize] {
                marks[0] = 1;
                break;
            }
        }
    }
}

/// The pending light passes of consecutive heaps `n, n + 1, …` set up in `scs` (one scratch
/// each): with one split digit their remainders are consecutive, `m + i`, and a light heap `r`
/// pairs with `G(m + i − r)` for every `i` — neighbouring values, one cache line — so each light
/// heap is read once for all the heaps instead of once per heap (at 10^7 heaps the prefix no
/// longer fits in the cache, and the passes of one heap at a time read every partner line from
/// memory). The light heaps in range for only some of the heaps (near `lo` and `m`) are inserted
/// heap by heap.
fn light_run(cx: &Ctx, scs: &mut [&mut Scratch], works: &mut [&mut SparseStats]) {
    let m0 = scs
        .first()
        .and_then(|sc| sc.live.first())
        .map(|&si| scs[0].slots[si].m);
    let joint = m0.filter(|&m0| {
        cx.moves.split.len() == 1
            && scs.iter().enumerate().all(|(i, sc)| {
                sc.live.len() == 1 && {
                    let slot = &sc.slots[sc.live[0]];
                    slot.pending && slot.m == m0 + i
                }
            })
    });
    let Some(m0) = joint else {
        for (sc, work) in scs.iter_mut().zip(works.iter_mut()) {
            let sc = &mut **sc;
            for li in 0..sc.live.len() {
                let slot = &mut sc.slots[sc.live[li]];
                if slot.pending {
                    slot.pending = false;
                    light_pass(cx, slot, &mut sc.bufs, work);
                }
            }
        }
        return;
    };
    let g = cx.g;
    let c = scs.len();
    // lo grows with the heap: the light heaps in every heap's range are lo_hi <= r < m0.
    let lo_hi = scs[c - 1].slots[scs[c - 1].live[0]].lo;
    let common = if lo_hi < m0 {
        light_range(cx, m0, lo_hi)
    } else {
        &[]
    };
    {
        let marks: Vec<&mut [u8; 1 << 16]> = scs
            .iter_mut()
            .map(|sc| {
                let si = sc.live[0];
                arr(&mut sc.slots[si].marks)
            })
            .collect();
        match <[&mut [u8; 1 << 16]; RUN]>::try_from(marks) {
            Ok(full) => joint_pass(g, m0, common, full),
            Err(mut marks) => {
                for &(r, gr) in common {
                    let base = m0 - r as usize;
                    for (mk, &x) in marks.iter_mut().zip(&g[base..base + c]) {
                        mk[(gr ^ x) as usize] = 1;
                    }
                }
            }
        }
    }
    for (i, (sc, work)) in scs.iter_mut().zip(works.iter_mut()).enumerate() {
        let si = sc.live[0];
        let slot = &mut sc.slots[si];
        slot.pending = false;
        let (m, lo) = (m0 + i, slot.lo);
        let all = light_range(cx, m, lo);
        work.light_pairs += all.len() as u64;
        let marks = arr(&mut slot.marks);
        // The light heaps of this heap's range outside the common one: lo <= r < lo_hi and
        // m0 <= r < m.
        let edges: [&[(u32, u16)]; 2] = if common.is_empty() {
            [all, &[]]
        } else {
            [light_range(cx, lo_hi, lo), light_range(cx, m, m0)]
        };
        for &(r, gr) in edges.into_iter().flatten() {
            marks[(gr ^ g[m - r as usize]) as usize] = 1;
        }
        unequal_middle(cx, m, all, marks);
    }
}

/// The splits `r + (m0 + i − r)` of the light heaps `r` of `common`, for `N` consecutive
/// remainders `m0 + i` at once (the marks of remainder `m0 + i` in `marks[i]`).
#[inline(never)]
fn joint_pass<const N: usize>(
    g: &[u16],
    m0: usize,
    common: &[(u32, u16)],
    marks: [&mut [u8; 1 << 16]; N],
) {
    for &(r, gr) in common {
        let base = m0 - r as usize;
        let xs: &[u16; N] = g[base..base + N].try_into().expect("N values");
        for i in 0..N {
            marks[i][(gr ^ xs[i]) as usize] = 1;
        }
    }
}

/// [`speculate`] for consecutive heaps `n .. n + scs.len()` at once, their light passes joined
/// ([`light_run`]).
fn speculate_run(
    cx: &Ctx,
    n: usize,
    known: usize,
    scs: &mut [&mut Scratch],
    works: &mut [&mut SparseStats],
) {
    for (i, (sc, work)) in scs.iter_mut().zip(works.iter_mut()).enumerate() {
        setup(cx, n + i, known, sc, work, true);
    }
    light_run(cx, scs, works);
    for (sc, work) in scs.iter_mut().zip(works.iter_mut()) {
        sc.result = walk(cx, sc, work, 0);
    }
}

/// The mex walk of the heap set up in `sc` from value `from`: the least absent value `>= from`,
/// certified outside `H ⊕ H`, or by scanning the splits (`a >= lo` of each slot) until it appears
/// or the scans end.
fn walk(cx: &Ctx, sc: &mut Scratch, stats: &mut SparseStats, from: usize) -> usize {
    let (moves, g, top) = (cx.moves, cx.g, cx.top);
    let mut result = sc.next_missing(from, top);
    if !cx.scan[result] {
        return result;
    }
    stats.scans += 1;
    // The first split digit: a short plain scan, then targeted searches for each missing value.
    if let Some(&si) = sc.live.first()
        && cx.targets.enabled
    {
        let (m, lo) = (sc.slots[si].m, sc.slots[si].lo);
        let pre = PLAIN_FIRST.min(pair_end(m, moves.unequal));
        while sc.slots[si].next < pre {
            let a = sc.slots[si].next;
            let hit = scan_until(g, m, a, pre, result as u16, arr(&mut sc.slots[si].marks));
            stats.scanned_pairs += (hit.map_or(pre, |i| i + 1) - a) as u64;
            match hit {
                Some(i) => {
                    sc.slots[si].next = i + 1;
                    result = sc.next_missing(result + 1, top);
                    if !cx.scan[result] {
                        return result;
                    }
                }
                None => sc.slots[si].next = pre,
            }
        }
        let targets = cx.targets;
        'targets: loop {
            let mut budget = TARGET_BUDGET;
            let mut found = false;
            for &y in targets.order.iter().take(TARGET_PARTNERS) {
                let x = (result as u16) ^ y;
                let pos = &targets.pos[x as usize];
                // Heaps a < lo pair with a part not known yet.
                let skip = if lo > 1 {
                    pos.partition_point(|&a| (a as usize) < lo)
                } else {
                    0
                };
                for &a in &pos[skip..] {
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
            sc.slots[si].marks[result] = 1;
            result = sc.next_missing(result + 1, top);
            if !cx.scan[result] {
                return result;
            }
        }
    }
    let threads = cx.pool.map_or(1, SpinPool::threads);
    for li in 0..sc.live.len() {
        let si = sc.live[li];
        let m = sc.slots[si].m;
        let end = pair_end(m, moves.unequal);
        let mut a = sc.slots[si].next;
        // Sequential (with early exit) up to `limit`; then parallel rounds while long.
        let (seq_first, par_min) = cx.thresholds;
        let mut limit = if threads > 1 { seq_first.min(end) } else { end };
        let mut round = PAR_ROUND;
        loop {
            while a < limit {
                let hit = scan_until(g, m, a, limit, result as u16, arr(&mut sc.slots[si].marks));
                stats.scanned_pairs += (hit.map_or(limit, |i| i + 1) - a) as u64;
                match hit {
                    Some(i) => {
                        a = i + 1;
                        result = sc.next_missing(result + 1, top);
                        if !cx.scan[result] {
                            sc.slots[si].next = a;
                            return result;
                        }
                    }
                    None => a = limit,
                }
            }
            if a >= end {
                break;
            }
            if let Some(pool) = cx.pool.filter(|_| end - a > par_min) {
                let hi = (a + round * threads).min(end);
                round = (round * 2).min(PAR_ROUND_MAX);
                scan_parallel(
                    g,
                    m,
                    a,
                    hi,
                    top,
                    &mut sc.slots[si].marks,
                    pool,
                    &mut sc.bufs,
                );
                stats.scanned_pairs += (hi - a) as u64;
                a = hi;
                limit = a;
                if sc.slots[si].marks[result] != 0 {
                    result = sc.next_missing(result + 1, top);
                    if !cx.scan[result] {
                        sc.slots[si].next = a;
                        return result;
                    }
                }
            } else {
                limit = end;
            }
        }
        sc.slots[si].next = end.max(a);
    }
    result
}

/// Mark the option values of the splits `r + (m - r)` for the light heaps `r`, split over threads.
#[allow(clippy::too_many_arguments)]
fn light_parallel(
    g: &[u16],
    m: usize,
    light: &[(u32, u16)],
    unequal: bool,
    top: usize,
    marks: &mut [u8],
    pool: &SpinPool,
    bufs: &mut Vec<Vec<u8>>,
) {
    let per = light.len().div_ceil(pool.threads()).max(1);
    on_threads(pool, bufs, top, marks, &|t, buf| {
        for &(r, gr) in light.chunks(per).nth(t).unwrap_or(&[]) {
            let r = r as usize;
            if !(unequal && 2 * r == m) {
                buf[(gr ^ g[m - r]) as usize] = 1;
            }
        }
    });
}

/// Mark the option values of the splits `a + (m - a)` for `lo <= a < hi`, split over threads.
#[allow(clippy::too_many_arguments)]
fn scan_parallel(
    g: &[u16],
    m: usize,
    lo: usize,
    hi: usize,
    top: usize,
    marks: &mut [u8],
    pool: &SpinPool,
    bufs: &mut Vec<Vec<u8>>,
) {
    let per = (hi - lo).div_ceil(pool.threads());
    on_threads(pool, bufs, top, marks, &|t, buf| {
        let from = lo + t * per;
        let to = (from + per).min(hi);
        if from < to {
            mark(g, m, from, to, buf);
        }
    });
}

/// Run `work(t, buffer)` on every thread of the pool, each marking its own cleared buffer, then
/// merge the buffers into `marks`.
fn on_threads(
    pool: &SpinPool,
    bufs: &mut Vec<Vec<u8>>,
    top: usize,
    marks: &mut [u8],
    work: &(dyn Fn(usize, &mut [u8; 1 << 16]) + Sync),
) {
    bufs.resize_with(pool.threads(), Vec::new);
    let cells: Vec<Mutex<Vec<u8>>> = bufs.drain(..).map(Mutex::new).collect();
    pool.broadcast(&|t| {
        let mut buf = cells[t].lock().unwrap_or_else(|e| e.into_inner());
        if buf.len() < 1 << 16 {
            buf.resize(1 << 16, 0);
        }
        buf[..top].fill(0);
        work(t, arr(&mut buf));
    });
    bufs.extend(
        cells
            .into_iter()
            .map(|c| c.into_inner().unwrap_or_else(|e| e.into_inner())),
    );
    merge(marks, bufs, top);
}

fn merge(marks: &mut [u8], bufs: &[Vec<u8>], top: usize) {
    for buf in bufs {
        for (s, &b) in marks[..top].iter_mut().zip(buf[..top].iter()) {
            *s |= b;
        }
    }
}

/// The first `1 << 16` bytes of a buffer as an array, so `u16` indices need no bounds check.
#[inline]
fn arr(buf: &mut [u8]) -> &mut [u8; 1 << 16] {
    (&mut buf[..1 << 16])
        .try_into()
        .expect("buffers hold 2^16 bytes")
}

/// Mark `G(a) ⊕ G(m - a)` for `lo <= a < hi`; stop once `target` is marked, returning the last
/// `a` marked (every pair up to it is marked; the marks are read after each block of
/// [`SCAN_BLOCK`] pairs, so the pairs of the block after the target's are marked too).
#[inline(always)]
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
    let t = target as usize;
    let mut i = 0;
    while i + SCAN_BLOCK <= len {
        let l: &[u16; SCAN_BLOCK] = left[i..i + SCAN_BLOCK].try_into().expect("a block");
        let r: &[u16; SCAN_BLOCK] = right[len - i - SCAN_BLOCK..len - i]
            .try_into()
            .expect("a block");
        for j in 0..SCAN_BLOCK {
            seen[(l[j] ^ r[SCAN_BLOCK - 1 - j]) as usize] = 1;
        }
        i += SCAN_BLOCK;
        if seen[t] != 0 {
            return Some(lo + i - 1);
        }
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

/// Pairs marked between two looks at the target in [`scan_until`].
const SCAN_BLOCK: usize = 16;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::heap::naive;

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

    const MS: Duration = Duration::from_millis(1);

    /// Runs epochs whose speed is `with` heaps/ms with the helpers and `without` heaps/ms alone,
    /// returning the modes used.
    fn run(a: &mut Adaptive, with: usize, without: usize, epochs: usize) -> Vec<bool> {
        (0..epochs)
            .map(|_| {
                let helpers = a.next_uses_helpers();
                let rate = if helpers { with } else { without };
                a.record(helpers, 20 * rate, 20 * MS);
                helpers
            })
            .collect()
    }

    #[test]
    fn helpers_slower_than_one_thread_are_dropped_and_tried_ever_more_rarely() {
        let mut a = Adaptive::new(20 * MS);
        let modes = run(&mut a, 5, 9, 400);
        // The first epoch with helpers, a trial alone, then alone except for rarer trials.
        assert_eq!(&modes[..3], &[true, false, false]);
        let trials: Vec<usize> = (3..400).filter(|&i| modes[i]).collect();
        let gaps: Vec<usize> = trials.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(gaps.windows(2).all(|w| w[1] >= w[0]), "{gaps:?}");
        assert!(trials.len() <= 12, "{trials:?}");
        assert_eq!(gaps.last(), Some(&(PROBE_MAX as usize + 1)));
    }

    #[test]
    fn helpers_that_pay_are_kept_and_one_thread_that_gets_faster_takes_over() {
        let mut a = Adaptive::new(20 * MS);
        let modes = run(&mut a, 16, 10, 200);
        assert!(modes.iter().filter(|&&h| !h).count() <= 10, "{modes:?}");
        // The other process stops sharing the machine... the other way round: helpers now slow.
        let later = run(&mut a, 6, 10, 200);
        assert!(!later[PROBE_MAX as usize + 2..].iter().all(|&h| h));
        assert!(
            later[100..].iter().filter(|&&h| h).count() <= 3,
            "{later:?}"
        );
        // A gain below HELPERS_GAIN does not pay for the helpers.
        let mut b = Adaptive::new(20 * MS);
        let modes = run(&mut b, 105, 100, 100);
        assert!(modes[10..].iter().filter(|&&h| h).count() <= 4, "{modes:?}");
    }

    #[test]
    fn epochs_cut_short_are_not_judged() {
        let mut a = Adaptive::new(20 * MS);
        a.record(true, 1000, MS);
        assert!(a.rate == 0.0 && a.next_uses_helpers());
    }
}
