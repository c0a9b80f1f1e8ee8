//! Codes whose moves may leave three heaps (hexadecimal digits with bit 8), computed through
//! bitsets of two-heap split values instead of enumerating every triple.
//!
//! # The method
//! Splitting `m` into three heaps `a + b + c` (all nonempty; only the multiset matters) gives the
//! value `G(a) ⊕ G(b) ⊕ G(c)`. Taking `a` as any one of the three parts, these values are
//! `⋃_{a=1}^{m−2} G(a) ⊕ S₂(m − a)`, where `S₂(s) = { G(b) ⊕ G(s − b) : 1 ≤ b < s }` are the values
//! of the two-heap splits of `s`. Each `S₂(s)` is stored as a bitset over the values `[0, top)`
//! (`top` a power of two above every value, so XORs stay below it). For a heap, the bitsets
//! `S₂(m − a)` are OR-ed together per value `x = G(a)`, and each of these unions is translated once
//! by `v ↦ v ⊕ x` (whole words move to index `w ⊕ (x >> 6)`, bits inside a word by six masked
//! swaps). The union, `S₃(m)`, depends on `m` alone, so it is computed once per `m` and kept as a
//! bitset like `S₂`: a heap `n` costs `O(n · top/64 + D · top/64)` word operations (`D` distinct
//! values) for its own `S₃(n)`, plus one OR of `S₃(n − k)` per digit `k` with bit 8, where the
//! triple enumeration costs `Θ(n²)` per such digit: `0.F` to 20 000 takes a second instead of
//! hours, and a code with many three-heap digits (`0.7DD…D7`) costs no more than `0.8` apart from
//! those ORs.
//!
//! Used while `top <= MAX_TOP` (the bitsets of all `s` take `len · top / 8` bytes); beyond it, and
//! for `!` codes (parts must differ pairwise, which the grouping by `a` cannot express), the naive
//! method is used.
//!
//! ```
//! use grundy::games::heap::{Ruleset, naive, ruleset::Kind, three_heap::ThreeHeap};
//! let r: Ruleset = "0.F".parse().unwrap();
//! let Kind::Code(c) = r.kind() else { unreachable!() };
//! let mut t = ThreeHeap::new(c).unwrap();
//! assert!(t.extend_to(300));
//! assert_eq!(t.values(), &naive::values(&r, 300)[..]);
//! ```

use super::ruleset::Code;

/// The largest value range kept as bitsets (values below it); see the module docs.
pub const MAX_TOP: usize = 1024;

/// Incremental computation of a code with three-heap splits (module docs).
#[derive(Clone, Debug)]
pub struct ThreeHeap {
    /// `k` with bit 1 (remove a heap of exactly `k`), bit 2 (take `k`, leave one heap), bit 4
    /// (take `k`, leave two), bit 8 (take `k`, leave three).
    take_all: Vec<usize>,
    take: Vec<usize>,
    split2: Vec<usize>,
    split3: Vec<usize>,
    g: Vec<u32>,
    max_top: usize,
    /// Words per bitset (`top = 64 · words`).
    words: usize,
    /// `S₂(s)` for `s < s2_len`, `words` words each.
    s2: Vec<u64>,
    s2_len: usize,
    /// `S₃(s)`, the values of the three-heap splits of `s`, for the last `ring` values of
    /// `s < s3_len` (slot `s % ring`; a heap `n` needs `s >= n − k` for its largest digit `k`
    /// with bit 8), `words` words each.
    s3: Vec<u64>,
    s3_len: usize,
    ring: usize,
    /// Per value `x`: the union of the `S₂(m − a)` with `G(a) = x` (scratch).
    acc: Vec<u64>,
    /// Values with a nonempty `acc` (scratch).
    used: Vec<usize>,
    /// The options of the current heap (scratch).
    opts: Vec<u64>,
}

impl ThreeHeap {
    /// The engine for a code, or `None` when the code has no three-heap split or has `!`.
    pub fn new(c: &Code) -> Option<ThreeHeap> {
        ThreeHeap::with_max_top(c, MAX_TOP)
    }

    /// [`ThreeHeap::new`] with another bound on the value range (a power of two, at least 64).
    pub fn with_max_top(c: &Code, max_top: usize) -> Option<ThreeHeap> {
        if c.unequal() || !c.digits().iter().any(|&d| d & 8 != 0) {
            return None;
        }
        let mut t = ThreeHeap {
            take_all: Vec::new(),
            take: Vec::new(),
            split2: Vec::new(),
            split3: Vec::new(),
            g: Vec::new(),
            max_top: max_top.max(64).next_power_of_two(),
            words: 1,
            s2: Vec::new(),
            s2_len: 0,
            s3: vec![0; 1],
            s3_len: 0,
            ring: 1,
            acc: vec![0; 64],
            used: Vec::new(),
            opts: vec![0; 1],
        };
        for (k, &d) in c.digits().iter().enumerate() {
            if k > 0 && d & 1 != 0 {
                t.take_all.push(k);
            }
            if k > 0 && d & 2 != 0 {
                t.take.push(k);
            }
            if d & 4 != 0 {
                t.split2.push(k);
            }
            if d & 8 != 0 {
                t.split3.push(k);
            }
        }
        t.ring = t.split3.last().map_or(1, |&k| k + 1);
        t.s3 = vec![0; t.ring];
        Some(t)
    }

    /// Resume from known values `G(0..len)`; `None` as for [`ThreeHeap::new`], or when a value
    /// is at least [`MAX_TOP`].
    pub fn resume(c: &Code, values: Vec<u32>) -> Option<ThreeHeap> {
        let mut t = ThreeHeap::new(c)?;
        let max = values.iter().copied().max().unwrap_or(0) as usize;
        if max >= t.max_top {
            return None;
        }
        t.grow_top(max);
        t.g = values;
        Some(t)
    }

    /// The values computed so far, `G(0..len)`.
    pub fn values(&self) -> &[u32] {
        &self.g
    }

    /// Take the values out.
    pub fn into_values(self) -> Vec<u32> {
        self.g
    }

    /// Compute values up to and including heap `to`. Returns `false`, leaving the values so far,
    /// when a value reaches the bound on the value range (continue with the naive method).
    pub fn extend_to(&mut self, to: usize) -> bool {
        while self.g.len() <= to {
            let n = self.g.len();
            // S₂(s) for every s <= n (heap n splits n − k into two; three-heap parts need s < n).
            while self.s2_len <= n {
                self.push_s2();
            }
            // S₃(s) for the s in n − ring < s <= n (each needs G(1..s − 1) and S₂ of at most
            // s − 1); after a resume, the earlier ones are never needed.
            self.s3_len = self.s3_len.max((n + 1).saturating_sub(self.ring));
            while self.s3_len <= n {
                self.push_s3();
            }
            let v = self.heap_value(n);
            if v >= self.max_top {
                return false;
            }
            self.g.push(v as u32);
            self.grow_top(v);
        }
        true
    }

    /// Widen the bitsets so that values up to `v` (and their XORs) fit.
    fn grow_top(&mut self, v: usize) {
        let need = (v + 1).next_power_of_two().max(64) / 64;
        if need <= self.words {
            return;
        }
        let old = self.words;
        let mut s2 = vec![0u64; self.s2_len * need];
        for s in 0..self.s2_len {
            s2[s * need..s * need + old].copy_from_slice(&self.s2[s * old..(s + 1) * old]);
        }
        self.s2 = s2;
        let mut s3 = vec![0u64; self.ring * need];
        for s in 0..self.ring {
            s3[s * need..s * need + old].copy_from_slice(&self.s3[s * old..(s + 1) * old]);
        }
        self.s3 = s3;
        self.words = need;
        self.acc = vec![0; 64 * need * need];
        self.opts = vec![0; need];
    }

    /// Append `S₂(s)` for `s = s2_len` (needs `G(1..s)`).
    fn push_s2(&mut self) {
        let s = self.s2_len;
        let w = self.words;
        self.s2.resize((s + 1) * w, 0);
        let bits = &mut self.s2[s * w..];
        for b in 1..=s / 2 {
            let v = (self.g[b] ^ self.g[s - b]) as usize;
            bits[v >> 6] |= 1 << (v & 63);
        }
        self.s2_len += 1;
    }

    /// Append `S₃(m)` for `m = s3_len` (needs `G(1..m − 1)` and `S₂(2..m − 1)`): the values
    /// `G(a) ⊕ S₂(m − a)` for `1 <= a <= m − 2`, the `S₂` grouped by `x = G(a)` and each group
    /// translated by `x` once.
    fn push_s3(&mut self) {
        let m = self.s3_len;
        let w = self.words;
        let slot = m % self.ring;
        let out = &mut self.s3[slot * w..(slot + 1) * w];
        out.fill(0);
        for a in 1..=m.saturating_sub(2) {
            let x = self.g[a] as usize;
            let acc = &mut self.acc[x * w..(x + 1) * w];
            if acc.iter().all(|&b| b == 0) {
                self.used.push(x);
            }
            for (o, &b) in acc.iter_mut().zip(&self.s2[(m - a) * w..(m - a + 1) * w]) {
                *o |= b;
            }
        }
        for &x in &self.used {
            let acc = &mut self.acc[x * w..(x + 1) * w];
            let (hi, lo) = (x >> 6, (x & 63) as u32);
            for (i, b) in acc.iter_mut().enumerate() {
                if *b != 0 {
                    out[i ^ hi] |= xor_bits(*b, lo);
                    *b = 0;
                }
            }
        }
        self.used.clear();
        self.s3_len += 1;
    }

    fn heap_value(&mut self, n: usize) -> usize {
        let w = self.words;
        self.opts.fill(0);
        let set = |opts: &mut [u64], v: usize| opts[v >> 6] |= 1 << (v & 63);
        for &k in &self.take_all {
            if k == n {
                set(&mut self.opts, 0);
            }
        }
        for &k in &self.take {
            if k < n {
                set(&mut self.opts, self.g[n - k] as usize);
            }
        }
        for &k in &self.split2 {
            if n >= k + 2 {
                let s = n - k;
                for (o, &b) in self.opts.iter_mut().zip(&self.s2[s * w..(s + 1) * w]) {
                    *o |= b;
                }
            }
        }
        for &k in &self.split3 {
            if n >= k + 3 {
                let slot = (n - k) % self.ring;
                for (o, &b) in self.opts.iter_mut().zip(&self.s3[slot * w..(slot + 1) * w]) {
                    *o |= b;
                }
            }
        }
        for (i, &o) in self.opts.iter().enumerate() {
            if o != u64::MAX {
                return 64 * i + (!o).trailing_zeros() as usize;
            }
        }
        64 * w
    }
}

/// The word whose bit `j ^ x` is bit `j` of `word` (`x < 64`): one masked swap per set bit of `x`.
#[inline]
fn xor_bits(mut word: u64, x: u32) -> u64 {
    const LOW: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    for (i, &low) in LOW.iter().enumerate() {
        if x >> i & 1 != 0 {
            let s = 1 << i;
            word = ((word & low) << s) | ((word >> s) & low);
        }
    }
    word
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::heap::{Ruleset, naive};
    use proptest::prelude::*;

    #[test]
    fn xor_bits_moves_bit_j_to_j_xor_x() {
        for x in 0..64u32 {
            for j in 0..64u32 {
                assert_eq!(xor_bits(1 << j, x), 1 << (j ^ x), "x {x} j {j}");
            }
        }
    }

    fn arb_three_heap_code() -> impl Strategy<Value = Code> {
        (
            prop_oneof![Just(0u8), Just(4), Just(8), Just(12)],
            prop::collection::vec(0u8..16, 1..5),
        )
            .prop_filter_map("needs a three-heap digit", |(d0, rest)| {
                let mut d = vec![d0];
                d.extend(rest);
                let c = Code::new(&d, false)?;
                c.digits().iter().any(|&x| x & 8 != 0).then_some(c)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// The bitset method agrees with enumerating every triple, also when resumed and when the
        /// value range outgrows a small bound (then it stops and says so).
        #[test]
        fn three_heap_matches_naive(c in arb_three_heap_code(), to in 0usize..220, cut in 0usize..220) {
            let r = Ruleset::code(c.clone());
            let want = naive::values(&r, to);
            let mut t = ThreeHeap::new(&c).unwrap();
            let complete = t.extend_to(to);
            let got = t.values().len();
            prop_assert_eq!(t.values(), &want[..got], "{}", r);
            let max = want.iter().copied().max().unwrap_or(0) as usize;
            prop_assert_eq!(complete, max < MAX_TOP, "{}", r);
            let cut = cut.min(got);
            let mut again = ThreeHeap::resume(&c, want[..cut].to_vec()).unwrap();
            again.extend_to(to);
            prop_assert_eq!(&again.values()[..got], &want[..got], "{} resumed at {}", r, cut);
            let mut small = ThreeHeap::with_max_top(&c, 64).unwrap();
            let done = small.extend_to(to);
            let n = small.values().len();
            prop_assert_eq!(small.values(), &want[..n], "{} with values below 64", r);
            prop_assert_eq!(done, max < 64, "{}", r);
        }
    }

    #[test]
    fn unequal_codes_and_codes_without_three_heap_splits_are_declined() {
        let parse = |s: &str| match s.parse::<Ruleset>().unwrap().kind() {
            crate::games::heap::ruleset::Kind::Code(c) => c.clone(),
            _ => unreachable!(),
        };
        assert!(ThreeHeap::new(&parse("0.8!")).is_none());
        assert!(ThreeHeap::new(&parse("0.77")).is_none());
        assert!(ThreeHeap::new(&parse("0.8")).is_some());
    }
}
