//! Runs: consecutive heaps speculated together, their light passes joined (a light heap read
//! once for all of them), by one thread alone ([`Sparse::step_alone`]) or in a window.

use super::ahead::Ahead;
use super::marks::{arr, clear};
use super::scan::{Ctx, Scratch, finish_speculation, light_pass, setup, unequal_middle, walk};
use super::{Overflow, RUN, Sparse, SparseStats};
use std::borrow::BorrowMut;

impl Sparse {
    /// The next heap, or a run of them ([`light_run`]) once heaps cost enough, alone.
    pub(super) fn step_alone(&mut self, to: usize) -> Result<(), Overflow> {
        let n = self.g.len();
        // Up to the next possible choice of H at most.
        let c = RUN.min(to + 1 - n).min(self.next_check() - n);
        let costly = c >= 2 && n >= 2 * c + 4 && self.recent >= self.batch_min.saturating_mul(64);
        if costly && self.moves.split.len() > 1 {
            // Heap by heap (each reuses its predecessor's split values), the light passes of
            // the first split digit's remainders made ahead, together.
            let m = n - self.moves.split[0];
            if !self.scratch[0].ahead.covers(m, self.epoch) {
                let cx = ctx!(self, None);
                prepare_ahead(&mut self.scratch[0].ahead, &cx, m, n, c);
            }
        }
        let c = self.run().min(c);
        if c < 2 || !costly {
            return self.step_with(None).map(|_| ());
        }
        if self.scratch.len() < c {
            let moves = &self.moves;
            self.scratch.resize_with(c, || Scratch::new(moves));
        }
        let mut works = [SparseStats::default(); RUN];
        {
            let cx = ctx!(self, None);
            speculate_run(&cx, n, n, &mut self.scratch[..c], &mut works[..c]);
        }
        for (i, mut work) in works.into_iter().take(c).enumerate() {
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
}

/// Prepare the remainders `m0 .. m0 + c` (`c <= RUN`) of `ahead` with `G(0..known)` known.
pub(super) fn prepare_ahead(ahead: &mut Ahead, cx: &Ctx, m0: usize, known: usize, c: usize) {
    ahead.bufs.resize_with(RUN, Vec::new);
    for buf in &mut ahead.bufs[..c] {
        if buf.len() <= 1 << 16 {
            *buf = vec![0; (1 << 16) + 1];
        } else {
            clear(buf, cx.top);
        }
    }
    for i in 0..c {
        ahead.los[i] = (m0 + i + 1).saturating_sub(known).max(1);
    }
    ahead.pairs = [0; RUN];
    ahead.taken = [false; RUN];
    let mut marks: Vec<&mut [u8; 1 << 16]> = ahead.bufs[..c].iter_mut().map(|b| arr(b)).collect();
    joint_light(cx, m0, &ahead.los[..c], &mut marks, &mut ahead.pairs);
    (ahead.m0, ahead.ready, ahead.epoch) = (m0, c, cx.epoch);
}

/// The pending light passes of consecutive heaps `n, n + 1, …` set up in `scs` (one scratch
/// each): with one split digit their remainders are consecutive, `m + i`, and a light heap `r`
/// pairs with `G(m + i − r)` for every `i` — neighbouring values, one cache line — so each light
/// heap is read once for all the heaps instead of once per heap (at 10^7 heaps the prefix no
/// longer fits in the cache, and the passes of one heap at a time read every partner line from
/// memory). The light heaps in range for only some of the heaps (near `lo` and `m`) are inserted
/// heap by heap.
pub(super) fn light_run<S: BorrowMut<Scratch>, W: BorrowMut<SparseStats>>(
    cx: &Ctx,
    scs: &mut [S],
    works: &mut [W],
) {
    let m0 = scs
        .first()
        .map(|sc| sc.borrow())
        .and_then(|sc| sc.live.first().map(|&si| sc.slots[si].m));
    let joint = m0.filter(|&m0| {
        cx.moves.split.len() == 1
            && scs.len() <= RUN
            && scs.iter().map(|sc| sc.borrow()).enumerate().all(|(i, sc)| {
                sc.live.len() == 1 && {
                    let slot = &sc.slots[sc.live[0]];
                    slot.pending && slot.m == m0 + i
                }
            })
    });
    let Some(m0) = joint else {
        for (sc, work) in scs.iter_mut().zip(works.iter_mut()) {
            let sc = sc.borrow_mut();
            for li in 0..sc.live.len() {
                let slot = &mut sc.slots[sc.live[li]];
                if slot.pending {
                    slot.pending = false;
                    light_pass(cx, slot, &mut sc.bufs, work.borrow_mut());
                }
            }
        }
        return;
    };
    let c = scs.len();
    let mut los = [0; RUN];
    for (lo, sc) in los.iter_mut().zip(scs.iter()) {
        let sc = sc.borrow();
        *lo = sc.slots[sc.live[0]].lo;
    }
    let mut pairs = [0u64; RUN];
    let mut marks: Vec<&mut [u8; 1 << 16]> = scs
        .iter_mut()
        .map(|sc| {
            let sc = sc.borrow_mut();
            let slot = &mut sc.slots[sc.live[0]];
            slot.pending = false;
            arr(&mut slot.marks)
        })
        .collect();
    joint_light(cx, m0, &los[..c], &mut marks, &mut pairs);
    for (work, p) in works.iter_mut().zip(pairs) {
        work.borrow_mut().light_pairs += p;
    }
}

/// The light passes of consecutive remainders `m0 + i` (the light heaps `los[i] <= r < m0 + i`,
/// into `marks[i]`; `los` non-decreasing): the light heaps in every range are read once for
/// all ([`joint_pass`]), the others remainder by remainder. `pairs[i]` counts the pairs of
/// remainder `m0 + i`.
fn joint_light(
    cx: &Ctx,
    m0: usize,
    los: &[usize],
    marks: &mut [&mut [u8; 1 << 16]],
    pairs: &mut [u64],
) {
    let (g, light) = (cx.g, cx.light);
    let c = los.len();
    // lo grows with the heap: the light heaps in every heap's range are lo_hi <= r < m0.
    let lo_hi = los[c - 1];
    let first = |x: usize| light.partition_point(|&(r, _)| (r as usize) < x);
    let (at_lo_hi, at_m0) = (first(lo_hi), first(m0));
    let common = if lo_hi < m0 {
        &light[at_lo_hi..at_m0]
    } else {
        &[]
    };
    if let Ok(full) = <&mut [&mut [u8; 1 << 16]; RUN]>::try_from(&mut *marks) {
        joint_pass(g, m0, common, full);
    } else {
        for &(r, gr) in common {
            let base = m0 - r as usize;
            for (mk, &x) in marks.iter_mut().zip(&g[base..base + c]) {
                mk[(gr ^ x) as usize] = 1;
            }
        }
    }
    // Where lo and m of each remainder fall in the light list: both grow with the remainder,
    // so the places are found by walking on from the previous one's (no search each).
    let (mut at_lo, mut at_m) = (first(los[0]), at_m0);
    for (i, mk) in marks.iter_mut().enumerate() {
        let (m, lo) = (m0 + i, los[i]);
        (at_lo, at_m) = (below(light, lo, at_lo), below(light, m, at_m));
        let all = &light[at_lo..at_m.max(at_lo)];
        pairs[i] += all.len() as u64;
        // The light heaps of this range outside the common one: lo <= r < lo_hi and m0 <= r < m.
        let edges: [&[(u32, u16)]; 2] = if common.is_empty() {
            [all, &[]]
        } else {
            [&light[at_lo..at_lo_hi], &light[at_m0..at_m]]
        };
        for &(r, gr) in edges.into_iter().flatten() {
            mk[(gr ^ g[m - r as usize]) as usize] = 1;
        }
        unequal_middle(cx, m, all, mk);
    }
}

/// The number of light heaps `r < x`, found by walking on from `from` (at most that number).
#[inline]
fn below(light: &[(u32, u16)], x: usize, from: usize) -> usize {
    let mut i = from;
    while i < light.len() && (light[i].0 as usize) < x {
        i += 1;
    }
    i
}

/// The splits `r + (m0 + i − r)` of the light heaps `r` of `common`, for `N` consecutive
/// remainders `m0 + i` at once (the marks of remainder `m0 + i` in `marks[i]`).
#[inline(never)]
fn joint_pass<const N: usize>(
    g: &[u16],
    m0: usize,
    common: &[(u32, u16)],
    marks: &mut [&mut [u8; 1 << 16]; N],
) {
    for &(r, gr) in common {
        let base = m0 - r as usize;
        let xs: &[u16; N] = g[base..base + N].try_into().expect("N values");
        for i in 0..N {
            marks[i][(gr ^ xs[i]) as usize] = 1;
        }
    }
}

/// [`speculate`](super::scan::speculate) for consecutive heaps `n .. n + scs.len()` at once, their light passes joined
/// ([`light_run`]).
pub(super) fn speculate_run<S: BorrowMut<Scratch>, W: BorrowMut<SparseStats>>(
    cx: &Ctx,
    n: usize,
    known: usize,
    scs: &mut [S],
    works: &mut [W],
) {
    for (i, (sc, work)) in scs.iter_mut().zip(works.iter_mut()).enumerate() {
        setup(cx, n + i, known, sc.borrow_mut(), work.borrow_mut(), true);
    }
    light_run(cx, scs, works);
    for (sc, work) in scs.iter_mut().zip(works.iter_mut()) {
        let sc = sc.borrow_mut();
        sc.result = walk(cx, sc, work.borrow_mut(), 0);
    }
}
