//! The rare/common scan of one heap (module docs of [`super`]): the moves of a code, what a
//! heap's computation reads ([`Ctx`]) and its working memory ([`Scratch`], a [`Slot`] of cached
//! split values per remainder), the light pass, the mex walk with its plain and targeted scans,
//! and the speculation of a heap before the heaps just below it are known (and its finishing).

use super::SparseStats;
use super::SpinPool;
use super::ahead::Ahead;
use super::marks::{arr, clear};
use super::parallel::{light_parallel, scan_parallel};
use crate::games::heap::ruleset::Code;

/// Pairs per thread in the first round of a parallel scan; rounds double up to `PAR_ROUND_MAX`,
/// so a scan that stops early overshoots by at most about its own length.
const PAR_ROUND: usize = 1 << 13;
const PAR_ROUND_MAX: usize = 1 << 16;
/// Pairs scanned plainly before targeted searches start.
const PLAIN_FIRST: usize = 48;
/// Checks per targeted search before falling back to the plain scan.
const TARGET_BUDGET: usize = 256;
/// Partner values tried per targeted search (the most frequent).
pub(super) const TARGET_PARTNERS: usize = 4;
/// Rings of cached split values longer than this are not kept (codes with far-apart split digits).
const RING_MAX: usize = 64;

/// The moves of a code, by kind.
#[derive(Clone, Debug)]
pub(super) struct Moves {
    /// `k` with bit 1: remove a heap of exactly `k`.
    pub(super) take_all: Vec<usize>,
    /// `k` with bit 2: take `k`, leave one heap.
    pub(super) take: Vec<usize>,
    /// `k` with bit 4: take `k`, split the rest in two (increasing).
    pub(super) split: Vec<usize>,
    /// Split parts must differ.
    pub(super) unequal: bool,
    /// Split values of a remainder `m` are cached in slot `m % ring` (the span of the split
    /// digits rounded up to a power of two, so that the slot is `m & (ring - 1)`, no division),
    /// so a later heap that splits the same `m` after taking more reuses them; `0` when the span
    /// exceeds [`RING_MAX`] (slot per split digit, nothing reused).
    pub(super) ring: usize,
}

impl Moves {
    pub(super) fn new(c: &Code) -> Moves {
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
            m.ring = if span <= RING_MAX {
                span.next_power_of_two()
            } else {
                0
            };
        }
        m
    }

    pub(super) fn slots(&self) -> usize {
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
pub(super) struct Targets {
    /// `pos[x]`: the heaps of value `x`, for the values up to the largest so far (grown as
    /// values appear: a table of all `2^16` lists would be written, page by page, at the start of
    /// every computation, a millisecond for a run of tens).
    pub(super) pos: Vec<Vec<u32>>,
    pub(super) order: Vec<u16>,
    /// Whether targeted searches are used (chosen by replaying sample heaps, like `H`).
    pub(super) enabled: bool,
}

/// What one heap's computation reads.
#[derive(Clone, Copy)]
pub(super) struct Ctx<'a> {
    pub(super) moves: &'a Moves,
    /// `G(0..len)`; a heap `n` reads `G(0..n)` only (in a window, `G(0..known)` until finished).
    pub(super) g: &'a [u16],
    pub(super) light: &'a [(u32, u16)],
    /// `v ∈ H ⊕ H`.
    pub(super) scan: &'a [bool],
    pub(super) top: usize,
    pub(super) targets: &'a Targets,
    /// Version of `light`/`scan`, for the cached split values.
    pub(super) epoch: u64,
    /// Helper threads for splitting long scans (`None`: scan alone).
    pub(super) pool: Option<&'a SpinPool<'a>>,
    pub(super) thresholds: (usize, usize),
}

/// One heap's working memory. Aligned to two cache lines: in a window the heaps of neighbouring
/// scratches run on different threads, and a line shared between them (one thread counting its
/// work, the other reading its slots) would bounce between the cores at every write.
#[derive(Clone, Debug, Default)]
#[repr(align(128))]
pub(super) struct Scratch {
    /// Options of the current heap known so far (takes, and split values as merged).
    pub(super) seen: Vec<u8>,
    pub(super) slots: Vec<Slot>,
    /// The slots of the current heap's splits, first split digit first.
    pub(super) live: Vec<usize>,
    /// Buffers of the threads of a split scan.
    pub(super) bufs: Vec<Vec<u8>>,
    /// The heap set up, the values known when it was ([`speculate`]), and the walk's result.
    pub(super) heap: usize,
    pub(super) known: usize,
    pub(super) result: usize,
    /// Light passes of the next heaps' first remainders, made together.
    pub(super) ahead: Ahead,
}

/// The split values `G(a) ⊕ G(m − a)` of one remainder `m` found so far: every split with a light
/// part (under the heavy set of `epoch`), every `a < next`, and values found by targeted searches.
/// Aligned like [`Scratch`]: the slots of different heaps are small allocations that would
/// otherwise share cache lines.
#[derive(Clone, Debug)]
#[repr(align(128))]
pub(super) struct Slot {
    pub(super) m: usize,
    pub(super) epoch: u64,
    /// Splits `a < lo` are not in the marks yet (their big part was unknown: see [`speculate`]).
    pub(super) lo: usize,
    /// The splits with a light part are not in the marks yet (see [`light_run`](super::runs::light_run)).
    pub(super) pending: bool,
    pub(super) next: usize,
    /// `2^16 + 1` bytes, allocated on first use; bytes above the `top` of the last reset are 0
    /// (`top` never decreases and nothing at or above it is ever marked).
    pub(super) marks: Vec<u8>,
}

impl Targets {
    /// The heaps of value `x` so far (none for a value that never occurred).
    pub(super) fn of(&self, x: u16) -> &[u32] {
        self.pos.get(x as usize).map_or(&[], Vec::as_slice)
    }

    /// Heap `n` has value `v`.
    pub(super) fn push(&mut self, v: u16, n: usize) {
        let v = v as usize;
        if v >= self.pos.len() {
            self.pos.resize_with(v + 1, Vec::new);
        }
        self.pos[v].push(n as u32);
    }
}

impl Scratch {
    pub(super) fn new(moves: &Moves) -> Scratch {
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
            ahead: Ahead::default(),
        }
    }

    /// Drop every cached split value.
    pub(super) fn forget(&mut self) {
        for s in &mut self.slots {
            s.m = usize::MAX;
        }
        self.ahead.forget();
    }

    /// The least value `>= v` absent from the options found so far (takes and targets in `seen`,
    /// split values in the live slots), read eight values a step.
    #[inline(always)]
    pub(super) fn next_missing(&self, v: usize, top: usize) -> usize {
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
pub(super) fn pair_end(m: usize, unequal: bool) -> usize {
    if unequal && m.is_multiple_of(2) {
        m / 2
    } else {
        m / 2 + 1
    }
}

/// `G(n)` by the sparse-space rule with the light heaps and `H ⊕ H` of `cx` (module docs). The
/// split values of each remainder `m = n − k` are kept in `sc` and reused when a later heap splits
/// the same `m`.
pub(super) fn heap_value(cx: &Ctx, n: usize, sc: &mut Scratch, stats: &mut SparseStats) -> usize {
    setup(cx, n, n, sc, stats, false);
    walk(cx, sc, stats, 0)
}

/// `G(n)` as far as the values `G(0..known)` decide it (`known <= n`, the values in `cx.g` at
/// least up to `known`): the least value absent from the options whose values are known, certified
/// by the same rule as [`heap_value`], kept in `sc` for [`finish_speculation`]. The options not yet
/// known are few: the takes `n − k >= known` and, per split digit `k` (remainder `m = n − k`), the
/// splits `a + (m − a)` with `m − a >= known`, i.e. `a < m − known + 1` (their small part `a`
/// is known when `known` exceeds the window).
pub(super) fn speculate(
    cx: &Ctx,
    n: usize,
    known: usize,
    sc: &mut Scratch,
    stats: &mut SparseStats,
) {
    setup(cx, n, known, sc, stats, false);
    sc.result = walk(cx, sc, stats, 0);
}

/// `G(n)` of a heap computed by [`speculate`], once `cx.g` holds `G(0..n)`: the options that were
/// not known are inserted; if the speculative value is still absent it is `G(n)` (every smaller
/// value is an option), else the walk goes on from there.
pub(super) fn finish_speculation(cx: &Ctx, sc: &mut Scratch, stats: &mut SparseStats) -> usize {
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
/// light passes of fresh slots are left `pending` for [`light_run`](super::runs::light_run).
pub(super) fn setup(
    cx: &Ctx,
    n: usize,
    known: usize,
    sc: &mut Scratch,
    stats: &mut SparseStats,
    defer: bool,
) {
    let (moves, g, top) = (cx.moves, cx.g, cx.top);
    sc.heap = n;
    sc.known = known;
    clear(&mut sc.seen, top);
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
        let si = if moves.ring > 1 {
            m & (moves.ring - 1)
        } else {
            j
        };
        let slot = &mut sc.slots[si];
        // Cached values of `m` are complete (all splits known then and now) or not reused.
        if slot.m == m && slot.epoch == cx.epoch && slot.lo == 1 && lo == 1 {
            stats.reused += 1;
        } else if let Some((lo_a, pairs)) = (lo == 1)
            .then(|| sc.ahead.take(m, cx.epoch, &mut slot.marks))
            .flatten()
        {
            // Its light pass made ahead (ahead::Ahead): the splits a < lo_a were unknown then.
            let marks = arr(&mut slot.marks);
            let end = lo_a.min(pair_end(m, moves.unequal));
            for a in 1..end {
                marks[(g[a] ^ g[m - a]) as usize] = 1;
            }
            stats.light_pairs += pairs + end.saturating_sub(1) as u64;
            slot.m = m;
            slot.epoch = cx.epoch;
            slot.lo = 1;
            slot.next = lo_a;
            slot.pending = false;
        } else {
            if slot.marks.is_empty() {
                slot.marks = vec![0; (1 << 16) + 1];
            } else {
                clear(&mut slot.marks, top);
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
pub(super) fn light_range<'a>(cx: &Ctx<'a>, m: usize, lo: usize) -> &'a [(u32, u16)] {
    let light = cx.light;
    // Usually every light heap lies in the range (they are the heaps of rare values, most of them
    // small): then no search.
    let from = match light.first() {
        Some(&(r, _)) if (r as usize) < lo => light.partition_point(|&(r, _)| (r as usize) < lo),
        _ => 0,
    };
    let count = match light.last() {
        Some(&(r, _)) if (r as usize) >= m => light.partition_point(|&(r, _)| (r as usize) < m),
        _ => light.len(),
    };
    &light[from..count.max(from)]
}

/// Insert the splits of a fresh slot with a light part (both parts known).
pub(super) fn light_pass(
    cx: &Ctx,
    slot: &mut Slot,
    bufs: &mut Vec<Vec<u8>>,
    stats: &mut SparseStats,
) {
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
pub(super) fn unequal_middle(cx: &Ctx, m: usize, light: &[(u32, u16)], marks: &mut [u8; 1 << 16]) {
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

// Why this function is long: `result`, the least value not yet seen, moves through three scans (the
// plain first split, targeted searches, sequential then parallel rounds), each returning once it
// leaves `H ⊕ H`; pieces would pass `result` and each slot's cursor back and forth.
/// The mex walk of the heap set up in `sc` from value `from`: the least absent value `>= from`,
/// certified outside `H ⊕ H`, or by scanning the splits (`a >= lo` of each slot) until it appears
/// or the scans end.
pub(super) fn walk(cx: &Ctx, sc: &mut Scratch, stats: &mut SparseStats, from: usize) -> usize {
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
                let pos = targets.of(x);
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

/// Mark `G(a) ⊕ G(m - a)` for `lo <= a < hi`; stop once `target` is marked, returning the last
/// `a` marked (every pair up to it is marked; the marks are read after each block of
/// [`SCAN_BLOCK`] pairs, so the pairs of the block after the target's are marked too).
#[inline(always)]
pub(super) fn scan_until(
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
pub(super) const SCAN_BLOCK: usize = 16;
