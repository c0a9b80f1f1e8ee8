//! The choice of the heavy set `H` (module docs of [`super`]): candidate XOR-free sets from the
//! value frequencies (the best masks by a Walsh–Hadamard transform, a greedy set, every value),
//! cut where replaying sample heaps costs least, and whether targeted searches pay.

use super::scan::{Ctx, Scratch, TARGET_PARTNERS, heap_value};
use super::{Sparse, SparseStats};
use crate::count::transform::wht_i128;

impl Sparse {
    /// Choose `H` anew when the sequence has doubled or, at a check point
    /// ([`Sparse::next_check`]), the light heaps have grown.
    pub(super) fn maybe_rebuild(&mut self) {
        let n = self.g.len();
        let check = n.is_multiple_of(if n < 1 << 16 { 64 } else { 1024 });
        if n >= self.next_rebuild || (check && self.rare.len() > 2 * self.rare_at_rebuild + 64) {
            self.rebuild();
            self.next_rebuild = n.max(64).next_power_of_two() * 2;
        }
    }

    // Why this function is long: to be split (issue 50): its steps (the candidate heavy sets,
    // timing each candidate's cuts on sample heaps, whether targeted searches pay, installing the
    // choice) become a function each.
    /// Choose the heavy set anew from the value frequencies (module docs).
    pub(super) fn rebuild(&mut self) {
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
                    .flat_map(|&v| self.targets.of(v).iter().map(move |&r| (r, v)))
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
