//! Heaps computed out of order, values committed in order: a *window* of `w` heaps ahead of the
//! last known value.
//!
//! The rule is the batch rule of the module docs (speculate with the values known, finish with
//! the late options), without the barrier at the end of every batch: each thread claims the next
//! heap `h` as soon as it is free (while `h` is within `w` of the first heap not yet known),
//! speculates it with whatever prefix `G(0..K)` is known at that moment, and leaves it ready; the
//! heaps are then finished and their values published strictly in order, by whichever thread
//! finds the next heap ready (one at a time, under a lock). So no thread waits for the slowest
//! heap of a batch or for the in-order finishing, where threads running in batches wait at the
//! end of every batch.
//!
//! Why the values are exact: a speculation with `G(0..K)` inserts exactly the options whose
//! values lie in `G(0..K)` (the light list and the prefix are published together with `K`), and
//! finishing inserts the others once `G(0..h)` is known, as for a batch started at `K`. A value
//! above the `top` a speculation read can only come from a heap published after it; the heap's
//! finishing walks with the top of every published value, and a scratch is reused only once its
//! heap is published, so its bytes above the `top` it clears were never marked.
//!
//! A thread claims a *run* of consecutive heaps at a time when the code has one split digit,
//! their light passes joined ([`super::runs::light_run`]).
//!
//! Each thread has its own `w` scratches, the `k`-th heap it claims using its scratch `k mod w`
//! (that heap's scratch is free: the thread's heap `w` claims earlier is below the window, so
//! published), so the working memory of a heap stays in the cache of the core that computed it.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use super::runs::speculate_run;
use super::scan::{Ctx, Scratch, finish_speculation, speculate};
use super::{Overflow, Sparse, SparseStats, SpinPool};

/// A growing array published by its length: the writer writes element `i` and then publishes a
/// length above `i` (Release); readers read a length (Acquire) and then the elements below it.
struct Published<T> {
    ptr: *mut T,
}

// SAFETY: elements are written by one thread at a time (the committer, under the commit lock) at
// indices no reader reads before their publication, which orders the write before the read.
unsafe impl<T: Send + Sync> Sync for Published<T> {}

impl<T> Published<T> {
    /// # Safety
    /// `len` was published (elements below it written and never written again while the slice
    /// lives) and is within the vector's capacity.
    unsafe fn prefix(&self, len: usize) -> &[T] {
        // SAFETY: by the caller's contract the first `len` elements are initialised, inside the
        // allocation, and not written while the slice lives.
        unsafe { std::slice::from_raw_parts(self.ptr, len) }
    }

    /// # Safety
    /// `i` is within capacity and not yet published.
    unsafe fn write(&self, i: usize, v: T) {
        // SAFETY: by the caller's contract `i` is inside the allocation and no reader has a slice
        // that covers it (it is not yet published).
        unsafe { self.ptr.add(i).write(v) }
    }
}

/// What the committing thread owns (under the commit lock).
struct Committer {
    stats: SparseStats,
    recent: u64,
    top: usize,
    err: Option<Overflow>,
}

/// Sets the abort flag when a thread leaves its work by a panic, so the others stop waiting for
/// heaps it will never finish (the pool then re-raises the panic).
struct AbortOnPanic<'a>(&'a AtomicBool);

impl Drop for AbortOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Release);
        }
    }
}

/// Spin briefly, then yield the core (another thread, perhaps the one we wait for, may need it).
fn back_off(spins: &mut u32) {
    *spins += 1;
    if *spins < 64 {
        std::hint::spin_loop();
    } else {
        std::thread::yield_now();
    }
}

impl Sparse {
    // Why this function is long: the committer closure and the claim loop share this frame's
    // atomics and the raw pointers that write heaps past the vectors' lengths, an unsafe region the
    // `set_len`s at the end close: one scope keeps each SAFETY argument local (Miri runs it).
    /// Compute heaps `n .. end` (`n` the values known, `n >= 2 w`, so the small part of every
    /// split a speculation scans is known) with the threads of `pool` in a window of `w` heaps,
    /// at least two runs (module docs).
    pub(super) fn step_window(
        &mut self,
        end: usize,
        w: usize,
        pool: &SpinPool,
    ) -> Result<(), Overflow> {
        let n0 = self.g.len();
        debug_assert!(w >= 1 && n0 >= 2 * w && end > n0);
        let threads = pool.threads();
        let run = self.run();
        debug_assert!(w >= 2 * run);
        if self.scratch.len() < threads * w {
            let moves = &self.moves;
            self.scratch
                .resize_with(threads * w, || Scratch::new(moves));
        }
        let cells: Vec<Mutex<(Scratch, SparseStats)>> = self.scratch[..threads * w]
            .iter_mut()
            .map(|sc| Mutex::new((std::mem::take(sc), SparseStats::default())))
            .collect();
        self.g.reserve(end - n0);
        self.rare.reserve(end - n0);
        let light_at_start = self.rare.len();
        let g = Published {
            ptr: self.g.as_mut_ptr(),
        };
        let light = Published {
            ptr: self.rare.as_mut_ptr(),
        };
        let committed = AtomicUsize::new(n0);
        let light_len = AtomicUsize::new(light_at_start);
        let top = AtomicUsize::new(self.top);
        let next = AtomicUsize::new(n0);
        let abort = AtomicBool::new(false);
        // Slot `h mod w`: 1 + the scratch of heap `h` once speculated, 0 while not.
        let ready: Vec<AtomicUsize> = (0..w).map(|_| AtomicUsize::new(0)).collect();
        let pairs: Vec<AtomicU64> = (0..threads).map(|_| AtomicU64::new(0)).collect();
        let commit = Mutex::new(Committer {
            stats: SparseStats::default(),
            recent: self.recent,
            top: self.top,
            err: None,
        });
        // Everything a heap reads but the prefix, the light list and top.
        let fixed = Ctx {
            moves: &self.moves,
            g: &[],
            light: &[],
            scan: &self.scan,
            top: 0,
            targets: &self.targets,
            epoch: self.epoch,
            pool: None,
            thresholds: self.thresholds,
        };
        let (heavy, stale) = (&self.heavy, self.stale);
        let ctx = |g, light, top| Ctx {
            g,
            light,
            top,
            ..fixed
        };
        // Finish and publish the ready heaps in order, if no other thread is doing so.
        let try_commit = |mine: &mut u64| {
            loop {
                let Ok(mut cm) = commit.try_lock() else {
                    return;
                };
                loop {
                    let c = committed.load(Ordering::Relaxed);
                    if c >= end || cm.err.is_some() {
                        break;
                    }
                    let s = ready[c % w].load(Ordering::Acquire);
                    if s == 0 {
                        break;
                    }
                    let mut cell = cells[s - 1].lock().unwrap_or_else(|e| e.into_inner());
                    let (sc, work) = &mut *cell;
                    debug_assert_eq!(sc.heap, c);
                    let ln = light_len.load(Ordering::Relaxed);
                    // SAFETY: G(0..c) and the light list's `ln` entries are published (by this
                    // thread or an earlier committer, ordered by the lock).
                    let cx = unsafe { ctx(g.prefix(c), light.prefix(ln), cm.top) };
                    let mut fin = SparseStats::default();
                    let v = finish_speculation(&cx, sc, &mut fin);
                    fin.batched = 1;
                    *mine += fin.pairs();
                    work.add(&fin);
                    cm.stats.add(work);
                    cm.recent = cm.recent - cm.recent / 64 + work.pairs();
                    if v >= u16::MAX as usize {
                        cm.err = Some(Overflow { heap: c });
                        abort.store(true, Ordering::Release);
                        break;
                    }
                    // SAFETY: index c (and ln) are unpublished, within the reserved capacity
                    // (c < end, at most one light heap per heap), written by this committer only.
                    unsafe { g.write(c, v as u16) };
                    if c > 0 && !heavy[v] {
                        // SAFETY: as for `g`: entry `ln` is past the published light length,
                        // within the capacity reserved (at most one light entry per heap).
                        unsafe { light.write(ln, (c as u32, v as u16)) };
                        light_len.store(ln + 1, Ordering::Release);
                    }
                    if v >= cm.top {
                        cm.top = (v + 1).next_power_of_two();
                        top.store(cm.top, Ordering::Release);
                    }
                    ready[c % w].store(0, Ordering::Relaxed);
                    committed.store(c + 1, Ordering::Release);
                }
                drop(cm);
                // A heap made ready while the lock was held would otherwise wait for the next
                // heap to finish somewhere.
                let c = committed.load(Ordering::Acquire);
                if c >= end
                    || abort.load(Ordering::Acquire)
                    || ready[c % w].load(Ordering::Acquire) == 0
                {
                    return;
                }
            }
        };
        pool.broadcast(&|t| {
            let _guard = AbortOnPanic(&abort);
            let mut mine = 0u64;
            let mut claimed = 0usize;
            'claim: loop {
                let h = next.fetch_add(run, Ordering::Relaxed);
                if h >= end {
                    break;
                }
                let last = (h + run).min(end) - 1;
                let mut spins = 0;
                while last >= committed.load(Ordering::Acquire) + w {
                    if abort.load(Ordering::Acquire) {
                        break 'claim;
                    }
                    try_commit(&mut mine);
                    back_off(&mut spins);
                }
                if abort.load(Ordering::Acquire) {
                    break;
                }
                let first = t * w;
                let sis: Vec<usize> = (h..=last)
                    .map(|_| {
                        claimed += 1;
                        first + (claimed - 1) % w
                    })
                    .collect();
                {
                    let mut guards: Vec<_> = sis
                        .iter()
                        .map(|&si| cells[si].lock().unwrap_or_else(|e| e.into_inner()))
                        .collect();
                    let (mut scs, mut works): (Vec<&mut Scratch>, Vec<&mut SparseStats>) = guards
                        .iter_mut()
                        .map(|cell| {
                            let (sc, work) = &mut **cell;
                            (sc, work)
                        })
                        .unzip();
                    for work in works.iter_mut() {
                        **work = SparseStats::default();
                    }
                    // The prefix first, then the light list and top of at least that prefix.
                    let known = committed.load(Ordering::Acquire).saturating_sub(stale);
                    let ln = light_len.load(Ordering::Acquire);
                    let tp = top.load(Ordering::Acquire);
                    // SAFETY: `known` and `ln` were published.
                    let cx = unsafe { ctx(g.prefix(known), light.prefix(ln), tp) };
                    if scs.len() > 1 {
                        speculate_run(&cx, h, known, &mut scs, &mut works);
                    } else {
                        speculate(&cx, h, known, scs[0], works[0]);
                    }
                    mine += works.iter().map(|w| w.pairs()).sum::<u64>();
                }
                for (i, &si) in sis.iter().enumerate() {
                    ready[(h + i) % w].store(si + 1, Ordering::Release);
                }
                try_commit(&mut mine);
            }
            // Help finish: the last heaps may be ready but not yet published.
            let mut spins = 0;
            while committed.load(Ordering::Acquire) < end && !abort.load(Ordering::Acquire) {
                try_commit(&mut mine);
                back_off(&mut spins);
            }
            pairs[t].store(mine, Ordering::Relaxed);
        });
        let cm = commit.into_inner().unwrap_or_else(|e| e.into_inner());
        let done = committed.into_inner();
        let light_done = light_len.into_inner();
        // SAFETY: every element below these lengths was written and published.
        unsafe {
            self.g.set_len(done);
            self.rare.set_len(light_done);
        }
        for (j, cell) in cells.into_iter().enumerate() {
            self.scratch[j] = cell.into_inner().unwrap_or_else(|e| e.into_inner()).0;
        }
        let mut stats = cm.stats;
        stats.span_pairs = pairs
            .iter()
            .map(|p| p.load(Ordering::Relaxed))
            .max()
            .unwrap_or(0);
        self.stats.add(&stats);
        self.recent = cm.recent;
        for h in n0..done {
            let v = self.g[h];
            self.counts[v as usize] += 1;
            self.note_max(v);
            self.targets.push(v, h);
        }
        match cm.err {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// Small runs of the window engine, sized for Miri (`cargo +nightly miri test -- window`): the
/// published prefix and light list are written and read across threads through raw pointers, so
/// Miri checks every access against the vector's allocation and the threads' orderings.
#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::super::Sparse;
    use crate::games::heap::{Ruleset, naive};

    fn windowed(code: &str, to: usize, threads: usize, stale: usize) {
        let r: Ruleset = code.parse().unwrap();
        let want: Vec<u16> = naive::values(&r, to).iter().map(|&v| v as u16).collect();
        let mut s = Sparse::for_ruleset(&r).unwrap();
        s.set_batch_threshold(0);
        s.set_parallel_thresholds(1 << 14, 1 << 15, 0);
        s.set_adaptive_epoch(Duration::MAX);
        s.stale = stale;
        // Heaps that look costly make batches (and so windows) short: the first window opens
        // after 2 × 16 + 4 heaps instead of 2 × 64 + 4 (Miri runs a few dozen heaps).
        s.recent = 1 << 30;
        s.extend_to_threads(to, threads).unwrap();
        assert_eq!(
            s.values(),
            &want[..],
            "{code}, {threads} threads, stale {stale}"
        );
        if threads > 1 {
            assert!(
                s.stats().batched > 0,
                "{code}: no heap went through a window"
            );
        }
    }

    /// A code with several split digits (one heap at a time per thread, narrow windows) and one
    /// with a single split digit (windows of four runs of 16 heaps), on two and three threads,
    /// the speculations seeing all the known prefix or all but its last heaps (corrections).
    #[test]
    fn window_threads_give_the_naive_values() {
        if cfg!(miri) {
            // The first window opens at heap 36: Miri checks one window of two threads, the
            // speculations two heaps stale (so with corrections).
            windowed("0.56", 44, 2, 2);
            return;
        }
        windowed("0.56", 400, 2, 0);
        windowed("0.56", 400, 2, 3);
        windowed("0.6", 1200, 2, 0);
        windowed("0.6", 1200, 3, 7);
    }
}
