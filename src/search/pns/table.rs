//! The table of proof and disproof numbers of df-pn: bounded, four entries a bucket, the
//! entry that cost least work replaced first (Nagai's "SmallTreeReplacement"; Kishimoto et
//! al., *Game-tree search using proof numbers: the first twenty years*, ICGA Journal 2012).
//!
//! Kept as one flat array of buckets, each bucket's four entries side by side (96 bytes: a probe
//! reads two cache lines, of one page for 42 buckets in 43; three separate arrays cost three
//! lines and three pages), allocated zeroed (the kernel's zero pages: memory is
//! touched only where entries are written, so a large budget costs nothing until it is used).
//! Only the first 1.5 MiB of buckets are used at first; the table doubles in place whenever half
//! its slots are filled, so a small search's entries lie close together.

const WAYS: usize = 4;
/// Bytes of one entry: the component's bits, both numbers, the meta (tag and heap) with the work.
const ENTRY_BYTES: u64 = 8 + 8 + 4 + 4;

/// A node of df-pn, exactly: the component's key and the heap `*k` beside it. (Nodes are told
/// apart by all their bits — a hash of them would let two nodes share numbers, and a proof
/// of one settle the other.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeKey {
    /// The component's bits (its [`crate::search::Key::bits`]).
    pub bits: u64,
    /// The component's tag and the heap, with a mark that the slot is used:
    /// `tag << 16 | k << 8 | 1`.
    pub meta: u32,
}

impl NodeKey {
    /// The node `c + *k` for the component key `key`.
    #[inline]
    pub fn new(key: crate::search::Key, k: u8) -> NodeKey {
        NodeKey {
            bits: key.bits,
            meta: (key.tag as u32) << 16 | (k as u32) << 8 | 1,
        }
    }

    /// A well-mixed hash of the whole node (for the bucket).
    #[inline]
    pub(super) fn hash(&self) -> u64 {
        let mut x = self.bits ^ (self.meta as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        x ^ (x >> 33)
    }
}

/// A bounded table of `(proof, disproof)` numbers by node.
pub struct PnTable {
    /// Buckets of [`BUCKET`] words: the four keys' bits, the four entries' numbers (`φ` low,
    /// `δ` high), then the four metas (low half) with their work (high half).
    words: Vec<u64>,
    /// Buckets in use, less one (a power of two less one).
    mask: usize,
    /// Buckets of the whole budget (a power of two).
    most: usize,
    /// Entries written to a free slot or in place of another.
    stored: u64,
    /// Slots in use.
    filled: usize,
}

/// Words of one bucket.
const BUCKET: usize = 3 * WAYS;
/// Offsets of the numbers and the metas in a bucket.
const NUMBERS: usize = WAYS;
const METAS: usize = 2 * WAYS;
/// Buckets a table starts with (1.5 MiB); it doubles once half its slots are used, up to its
/// budget, so a small search stays in the cache and touches few pages.
const FIRST_BUCKETS: usize = 1 << 14;

impl PnTable {
    /// A table of about `bytes` bytes (at least one bucket).
    pub fn with_bytes(bytes: u64) -> PnTable {
        let buckets = (bytes / (ENTRY_BYTES * WAYS as u64)).max(1);
        let most = 1usize << (63 - buckets.leading_zeros()).min(40);
        let first = most.min(FIRST_BUCKETS);
        // the whole budget, zeroed: untouched pages cost nothing; on 2 MiB pages where the
        // system allows (as the value table: fewer page faults and TLB misses)
        let mut words = vec![0u64; most * BUCKET];
        crate::search::table::advise_huge_pages(words.as_mut_ptr() as *mut u8, words.len() * 8);
        PnTable {
            words,
            mask: first - 1,
            most,
            stored: 0,
            filled: 0,
        }
    }

    /// The first word of `key`'s bucket.
    #[inline]
    fn start(&self, key: &NodeKey) -> usize {
        (key.hash() as usize & self.mask) * BUCKET
    }

    /// The bucket of `key`.
    #[inline]
    fn bucket(&self, key: &NodeKey) -> &[u64] {
        let b = self.start(key);
        &self.words[b..b + BUCKET]
    }

    /// The way of `bucket` that holds `key`.
    #[inline]
    fn way(bucket: &[u64], key: &NodeKey) -> Option<usize> {
        (0..WAYS).find(|&w| bucket[METAS + w] as u32 == key.meta && bucket[w] == key.bits)
    }

    /// Ask the processor to bring `key`'s bucket into the cache (before a run of
    /// [`PnTable::get`]s, so their misses overlap).
    #[inline]
    pub fn prefetch(&self, key: NodeKey) {
        prefetch(&self.words[self.start(&key)..]);
    }

    /// The numbers kept for `key`.
    #[inline]
    pub fn get(&self, key: NodeKey) -> Option<(u32, u32)> {
        let bucket = self.bucket(&key);
        Self::way(bucket, &key).map(|w| {
            let n = bucket[NUMBERS + w];
            (n as u32, (n >> 32) as u32)
        })
    }

    /// Double the buckets in use: an entry of bucket `b` stays or moves to `b + A` (`A` the
    /// buckets before), by the one more bit of the hash the index now takes; bucket `b + A` was
    /// never used, so it has room for every entry that moves.
    fn grow(&mut self) {
        let a = self.mask + 1;
        self.mask = 2 * a - 1;
        for b in 0..a {
            let from = b * BUCKET;
            for w in 0..WAYS {
                let meta = self.words[from + METAS + w];
                if meta as u32 == 0 {
                    continue;
                }
                let key = NodeKey {
                    bits: self.words[from + w],
                    meta: meta as u32,
                };
                let to = self.start(&key);
                if to == from {
                    continue;
                }
                self.words[to + w] = self.words[from + w];
                self.words[to + NUMBERS + w] = self.words[from + NUMBERS + w];
                self.words[to + METAS + w] = meta;
                self.words[from + METAS + w] = 0;
            }
        }
    }

    /// Keep the numbers of `key`, which cost `work` expansions.
    pub fn put(&mut self, key: NodeKey, phi: u32, delta: u32, work: u64) {
        let work = work.min(u32::MAX as u64) as u32;
        if self.mask < self.most - 1 && self.filled * 2 >= (self.mask + 1) * WAYS {
            self.grow();
        }
        let b = self.start(&key);
        let bucket = &mut self.words[b..b + BUCKET];
        let work_of = |bucket: &[u64], w: usize| (bucket[METAS + w] >> 32) as u32;
        let (w, old_work) = match Self::way(bucket, &key) {
            Some(w) => (w, work_of(bucket, w)),
            None => {
                self.stored += 1;
                let w = match (0..WAYS).find(|&w| bucket[METAS + w] as u32 == 0) {
                    Some(w) => {
                        self.filled += 1;
                        w
                    }
                    None => (0..WAYS)
                        .min_by_key(|&w| work_of(bucket, w))
                        .expect("four ways"),
                };
                (w, 0)
            }
        };
        bucket[w] = key.bits;
        bucket[NUMBERS + w] = phi as u64 | (delta as u64) << 32;
        bucket[METAS + w] = key.meta as u64 | (old_work.max(work) as u64) << 32;
    }

    /// Entries stored so far (replacements included).
    pub fn stores(&self) -> u64 {
        self.stored
    }

    /// The number of entries it may hold (its whole budget).
    pub fn capacity(&self) -> usize {
        self.most * WAYS
    }

    /// The number of entries it can hold now, before it grows again.
    pub fn active_capacity(&self) -> usize {
        (self.mask + 1) * WAYS
    }
}

/// Ask the processor for the two cache lines of a bucket starting at `words[0]` (only a hint:
/// a prefetch never faults).
#[inline]
pub(super) fn prefetch<T>(words: &[T]) {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        let p = words.as_ptr() as *const i8;
        // SAFETY: SSE is part of every x86_64 target, so the instruction exists; a prefetch only
        // hints the cache and never faults, whatever address it is given (`wrapping_add` keeps
        // the second line's address from being an out-of-bounds `add`).
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(p);
            _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(64));
        }
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    let _ = words;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Key;

    #[test]
    fn nodes_are_told_apart_by_every_bit_of_the_component_and_the_heap() {
        // these pairs once shared one hashed key: bits differing exactly where the heap was
        // folded in (bit 40 on), or in bit 0
        let mut t = PnTable::with_bytes(1 << 16);
        let a = Key {
            bits: 0x0000_0105_0000_00ff,
            tag: 3,
        };
        let b = Key {
            bits: a.bits ^ (1u64 ^ 2) << 40,
            tag: 3,
        };
        let c = Key {
            bits: a.bits ^ 1,
            tag: 3,
        };
        t.put(NodeKey::new(a, 1), 0, INF_TEST, 5);
        assert_eq!(t.get(NodeKey::new(a, 1)), Some((0, INF_TEST)));
        assert_eq!(t.get(NodeKey::new(b, 2)), None);
        assert_eq!(t.get(NodeKey::new(c, 1)), None);
        assert_eq!(t.get(NodeKey::new(a, 2)), None);
        assert_eq!(
            t.get(NodeKey::new(
                Key {
                    bits: a.bits,
                    tag: 4
                },
                1
            )),
            None
        );
        t.put(NodeKey::new(b, 2), 7, 9, 1);
        assert_eq!(t.get(NodeKey::new(a, 1)), Some((0, INF_TEST)));
        assert_eq!(t.get(NodeKey::new(b, 2)), Some((7, 9)));
    }

    const INF_TEST: u32 = u32::MAX;

    #[test]
    fn doubling_keeps_every_entry_with_its_numbers() {
        let mut t = PnTable::with_bytes(1 << 30);
        let key = |i: u64| {
            NodeKey::new(
                Key {
                    bits: i.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                    tag: (i % 7) as u16,
                },
                (i % 5) as u8,
            )
        };
        let numbers = |i: u64| ((i % 1000) as u32 + 1, (i % 777) as u32 + 1);
        let mut doublings = 0;
        for i in 0..200_000u64 {
            let before = t.active_capacity();
            t.put(key(i), numbers(i).0, numbers(i).1, i % 13);
            if t.active_capacity() != before {
                doublings += 1;
            }
            if i % 50_000 == 49_999 {
                // a doubling now moves entries and loses none (a full bucket may have replaced
                // an entry before: only those held are followed)
                let held: Vec<u64> = (0..=i).filter(|&j| t.get(key(j)).is_some()).collect();
                assert!(held.len() as u64 * 10 > i * 9, "most entries are held");
                t.grow();
                doublings += 1;
                for j in held {
                    assert_eq!(t.get(key(j)), Some(numbers(j)), "entry {j}");
                }
            }
        }
        assert!(doublings >= 5, "the table doubled ({doublings} times)");
        assert!(t.active_capacity() <= t.capacity());
    }

    #[test]
    fn a_full_bucket_gives_up_the_entry_of_least_work() {
        let mut t = PnTable::with_bytes(1); // one bucket of four ways
        let key = |i: u64| NodeKey::new(Key { bits: i, tag: 0 }, 0);
        for i in 0..4 {
            t.put(key(i), 1, 1, 10 + i);
        }
        t.put(key(9), 2, 2, 100);
        assert_eq!(t.get(key(0)), None, "the entry of least work is replaced");
        for i in 1..4 {
            assert_eq!(t.get(key(i)), Some((1, 1)));
        }
        assert_eq!(t.get(key(9)), Some((2, 2)));
    }
}
