//! Runs: consecutive heaps speculated together, their light passes joined (a light heap read
//! once for all of them), by one thread alone ([`Sparse::step_alone`]) or in a window.

use super::scan::{Ctx, Scratch, arr, finish_speculation, light_pass, setup, unequal_middle, walk};
use super::{Overflow, Sparse, SparseStats};

/// Consecutive heaps speculated together, their light passes joined ([`light_run`]).
pub(super) const RUN: usize = 16;

impl Sparse {
    /// The next heap, or a run of them ([`light_run`]) once heaps cost enough, alone.
    pub(super) fn step_alone(&mut self, to: usize) -> Result<(), Overflow> {
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
}

/// The pending light passes of consecutive heaps `n, n + 1, …` set up in `scs` (one scratch
/// each): with one split digit their remainders are consecutive, `m + i`, and a light heap `r`
/// pairs with `G(m + i − r)` for every `i` — neighbouring values, one cache line — so each light
/// heap is read once for all the heaps instead of once per heap (at 10^7 heaps the prefix no
/// longer fits in the cache, and the passes of one heap at a time read every partner line from
/// memory). The light heaps in range for only some of the heaps (near `lo` and `m`) are inserted
/// heap by heap.
pub(super) fn light_run(cx: &Ctx, scs: &mut [&mut Scratch], works: &mut [&mut SparseStats]) {
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
    let (g, light) = (cx.g, cx.light);
    let c = scs.len();
    // lo grows with the heap: the light heaps in every heap's range are lo_hi <= r < m0.
    let lo_hi = scs[c - 1].slots[scs[c - 1].live[0]].lo;
    let first = |x: usize| light.partition_point(|&(r, _)| (r as usize) < x);
    let (at_lo_hi, at_m0) = (first(lo_hi), first(m0));
    let common = if lo_hi < m0 {
        &light[at_lo_hi..at_m0]
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
    // Where lo and m of each heap fall in the light list: both grow with the heap, so the
    // places are found by walking on from the previous heap's (no search per heap).
    let lo0 = scs[0].slots[scs[0].live[0]].lo;
    let (mut at_lo, mut at_m) = (first(lo0), at_m0);
    for (i, (sc, work)) in scs.iter_mut().zip(works.iter_mut()).enumerate() {
        let si = sc.live[0];
        let slot = &mut sc.slots[si];
        slot.pending = false;
        let (m, lo) = (m0 + i, slot.lo);
        (at_lo, at_m) = (below(light, lo, at_lo), below(light, m, at_m));
        let all = &light[at_lo..at_m.max(at_lo)];
        work.light_pairs += all.len() as u64;
        let marks = arr(&mut slot.marks);
        // The light heaps of this heap's range outside the common one: lo <= r < lo_hi and
        // m0 <= r < m.
        let edges: [&[(u32, u16)]; 2] = if common.is_empty() {
            [all, &[]]
        } else {
            [&light[at_lo..at_lo_hi], &light[at_m0..at_m]]
        };
        for &(r, gr) in edges.into_iter().flatten() {
            marks[(gr ^ g[m - r as usize]) as usize] = 1;
        }
        unequal_middle(cx, m, all, marks);
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

/// [`speculate`](super::scan::speculate) for consecutive heaps `n .. n + scs.len()` at once, their light passes joined
/// ([`light_run`]).
pub(super) fn speculate_run(
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
