//! The proof-number table that df-pn's threads share ([`super::dfpn`]'s parallel search, after
//! Kaneko, *Parallel depth first proof number search*, AAAI 2010, and Pawlewicz and Hayward,
//! *Scalable parallel DFPN search*, CG 2013: every thread searches from the root over one table).
//!
//! The layout and the policy are [`super::PnTable`]'s — four entries a bucket, the entry of least
//! work replaced first, the buckets in use doubled in place when half the slots are filled — with
//! what sharing needs:
//!
//! - **A sequence lock a bucket** (Lamport's "concurrent reading and writing", as in Boehm,
//!   *Can seqlocks get along with programming language memory models?*, MSPC 2012). A writer
//!   makes the bucket's counter odd, writes, and makes it even again; a reader reads the bucket
//!   and reads it again when the counter moved or was odd. So a reader never sees the numbers of
//!   one node with the key of another — a proof read from the table is a proof. Readers write
//!   nothing, so two threads reading the same hot entries (the root's children) do not fight over
//!   its cache lines. A bucket is 16 words (128 bytes, two cache lines, aligned): the four keys'
//!   bits, the four entries' numbers, the four metas with their work, the counter, three unused.
//! - **Doubling while others search.** One thread at a time doubles (a flag); it publishes the
//!   new mask first, then moves each entry under both buckets' locks (the lower first). Meanwhile
//!   a reader may miss an entry not moved yet, and a writer that read the old mask may leave an
//!   entry where no lookup looks: both only lose numbers — the node is searched again from
//!   `1, 1`, correct and slower, as after a replacement. An entry is never moved onto a newer
//!   one of the same node.
//! - **Busy marks** (Kaneko's virtual proof numbers): a thread counts itself in on entering a
//!   node and out on leaving it, in a small array of counters indexed by the node's hash
//!   ([`SharedPnTable::busy`]); two nodes sharing a counter only make each look busy when the
//!   other is, which steers a thread elsewhere and never changes an answer.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering, fence};

use super::table::NodeKey;

const WAYS: usize = 4;
/// Words of one bucket: bits, numbers, metas (four each), the sequence counter, three unused.
const BUCKET: usize = 16;
const NUMBERS: usize = WAYS;
const METAS: usize = 2 * WAYS;
const SEQ: usize = 3 * WAYS;
/// Buckets a table starts with (2 MiB), as [`super::PnTable`] does.
const FIRST_BUCKETS: usize = 1 << 14;
/// Busy counters (1 MiB of them would miss the cache; collisions only steer threads; few
/// under Miri, whose interpreter makes each one slowly).
const BUSY: usize = if cfg!(miri) { 1 << 8 } else { 1 << 16 };

/// `n` zeroed atomic words that touch no page until written (a large budget costs nothing
/// until it is used, as [`super::PnTable`]'s zeroed vector).
fn zeroed(n: usize) -> Box<[AtomicU64]> {
    let layout = std::alloc::Layout::array::<AtomicU64>(n.max(1)).expect("a table's layout");
    // SAFETY: the layout has a non-zero size (at least one word of 8 bytes); a null pointer (the
    // allocation failed) goes to `handle_alloc_error` and is never used. The memory is zeroed, and
    // all-zero bytes are a valid `AtomicU64` (it has the size and bit validity of `u64`), so the
    // `n.max(1)` words are initialised. It was allocated by the global allocator with the layout of
    // `[AtomicU64; n.max(1)]`, the layout with which `Box` frees it.
    unsafe {
        let p = std::alloc::alloc_zeroed(layout) as *mut AtomicU64;
        if p.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Box::from_raw(std::ptr::slice_from_raw_parts_mut(p, n.max(1)))
    }
}

/// A bounded table of `(proof, disproof)` numbers by node that threads share.
pub struct SharedPnTable {
    /// The buckets, from word `base` (the first word of a 128-byte line).
    words: Box<[AtomicU64]>,
    base: usize,
    /// Buckets in use, less one (a power of two less one).
    mask: AtomicUsize,
    /// Buckets of the whole budget (a power of two).
    most: usize,
    /// Slots in use (about: entries a doubling drops are taken off).
    filled: AtomicUsize,
    /// Entries written to a free slot or in place of another.
    stored: AtomicU64,
    /// A thread is doubling the table.
    growing: AtomicBool,
    /// Threads inside nodes, by the node's hash.
    busy: Box<[AtomicU32]>,
}

impl SharedPnTable {
    /// A table of about `bytes` bytes (at least one bucket).
    pub fn with_bytes(bytes: u64) -> SharedPnTable {
        Self::starting_with(bytes, FIRST_BUCKETS)
    }

    /// A table of about `bytes` bytes that uses `first` buckets (a power of two) at first.
    fn starting_with(bytes: u64, first: usize) -> SharedPnTable {
        let buckets = (bytes / (BUCKET as u64 * 8)).max(1);
        let most = 1usize << (63 - buckets.leading_zeros()).min(40);
        let first = most.min(first);
        let words = zeroed(most * BUCKET + BUCKET);
        // on 2 MiB pages where the system allows, as the value table
        crate::search::table::advise_huge_pages(words.as_ptr() as *mut u8, words.len() * 8);
        // buckets start on a 128-byte boundary: each is two whole cache lines
        let base = (128 - words.as_ptr() as usize % 128) % 128 / 8;
        SharedPnTable {
            words,
            base,
            mask: AtomicUsize::new(first - 1),
            most,
            filled: AtomicUsize::new(0),
            stored: AtomicU64::new(0),
            growing: AtomicBool::new(false),
            busy: (0..BUSY).map(|_| AtomicU32::new(0)).collect(),
        }
    }

    #[inline]
    fn w(&self, i: usize) -> &AtomicU64 {
        &self.words[self.base + i]
    }

    /// The first word of `key`'s bucket under `mask`.
    #[inline]
    fn start(key: &NodeKey, mask: usize) -> usize {
        (key.hash() as usize & mask) * BUCKET
    }

    /// Take the lock of the bucket at `b` (make its counter odd).
    #[inline]
    fn lock(&self, b: usize) {
        let seq = self.w(b + SEQ);
        loop {
            let s = seq.load(Ordering::Relaxed);
            if s & 1 == 0
                && seq
                    .compare_exchange_weak(s, s + 1, Ordering::Acquire, Ordering::Relaxed)
                    .is_ok()
            {
                // the writes that follow are not seen before the odd counter
                fence(Ordering::Release);
                return;
            }
            std::hint::spin_loop();
        }
    }

    /// Give back the lock of the bucket at `b`.
    #[inline]
    fn unlock(&self, b: usize) {
        let seq = self.w(b + SEQ);
        seq.store(seq.load(Ordering::Relaxed) + 1, Ordering::Release);
    }

    /// The way of the bucket at `b` that holds `key` (under its lock, or in a read checked after).
    #[inline]
    fn way(&self, b: usize, key: &NodeKey) -> Option<usize> {
        (0..WAYS).find(|&w| {
            self.w(b + METAS + w).load(Ordering::Relaxed) as u32 == key.meta
                && self.w(b + w).load(Ordering::Relaxed) == key.bits
        })
    }

    /// Ask the processor to bring `key`'s bucket into the cache (before a run of
    /// [`SharedPnTable::get`]s, so their misses overlap).
    #[inline]
    pub fn prefetch(&self, key: NodeKey) {
        let b = Self::start(&key, self.mask.load(Ordering::Relaxed));
        super::table::prefetch(&self.words[self.base + b..]);
    }

    /// The numbers kept for `key`.
    #[inline]
    pub fn get(&self, key: NodeKey) -> Option<(u32, u32)> {
        let b = Self::start(&key, self.mask.load(Ordering::Relaxed));
        let seq = self.w(b + SEQ);
        loop {
            let s1 = seq.load(Ordering::Acquire);
            if s1 & 1 == 1 {
                std::hint::spin_loop();
                continue;
            }
            let found = self
                .way(b, &key)
                .map(|w| self.w(b + NUMBERS + w).load(Ordering::Relaxed));
            // the reads above happen before the counter is read again
            fence(Ordering::Acquire);
            if seq.load(Ordering::Relaxed) == s1 {
                return found.map(|n| (n as u32, (n >> 32) as u32));
            }
        }
    }

    /// Keep the numbers of `key`, which cost `work` expansions.
    pub fn put(&self, key: NodeKey, phi: u32, delta: u32, work: u64) {
        let work = work.min(u32::MAX as u64) as u32;
        let mask = self.mask.load(Ordering::Relaxed);
        if mask < self.most - 1 && self.filled.load(Ordering::Relaxed) * 2 >= (mask + 1) * WAYS {
            self.grow(mask);
        }
        let b = Self::start(&key, self.mask.load(Ordering::Relaxed));
        let work_of = |w: usize| (self.w(b + METAS + w).load(Ordering::Relaxed) >> 32) as u32;
        self.lock(b);
        let (w, old_work) = match self.way(b, &key) {
            Some(w) => (w, work_of(w)),
            None => {
                self.stored.fetch_add(1, Ordering::Relaxed);
                let free =
                    (0..WAYS).find(|&w| self.w(b + METAS + w).load(Ordering::Relaxed) as u32 == 0);
                let w = match free {
                    Some(w) => {
                        self.filled.fetch_add(1, Ordering::Relaxed);
                        w
                    }
                    None => (0..WAYS).min_by_key(|&w| work_of(w)).expect("four ways"),
                };
                (w, 0)
            }
        };
        self.w(b + w).store(key.bits, Ordering::Relaxed);
        self.w(b + NUMBERS + w)
            .store(phi as u64 | (delta as u64) << 32, Ordering::Relaxed);
        self.w(b + METAS + w).store(
            key.meta as u64 | (old_work.max(work) as u64) << 32,
            Ordering::Relaxed,
        );
        self.unlock(b);
    }

    /// Double the buckets in use (from `mask`), unless another thread is at it or did it.
    fn grow(&self, mask: usize) {
        if self
            .growing
            .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            return;
        }
        if self.mask.load(Ordering::Relaxed) == mask {
            let a = mask + 1;
            let new = 2 * a - 1;
            self.mask.store(new, Ordering::Relaxed);
            for bucket in 0..a {
                let from = bucket * BUCKET;
                let to = (bucket + a) * BUCKET;
                self.lock(from);
                self.lock(to);
                for w in 0..WAYS {
                    let meta = self.w(from + METAS + w).load(Ordering::Relaxed);
                    if meta as u32 == 0 {
                        continue;
                    }
                    let key = NodeKey {
                        bits: self.w(from + w).load(Ordering::Relaxed),
                        meta: meta as u32,
                    };
                    if Self::start(&key, new) == from {
                        continue;
                    }
                    // it moves: to a free way of the upper bucket, unless that already has a
                    // newer entry of the node or no room (then it is dropped)
                    self.w(from + METAS + w).store(0, Ordering::Relaxed);
                    let free = (0..WAYS)
                        .find(|&v| self.w(to + METAS + v).load(Ordering::Relaxed) as u32 == 0);
                    match free {
                        Some(v) if self.way(to, &key).is_none() => {
                            let numbers = self.w(from + NUMBERS + w).load(Ordering::Relaxed);
                            self.w(to + v).store(key.bits, Ordering::Relaxed);
                            self.w(to + NUMBERS + v).store(numbers, Ordering::Relaxed);
                            self.w(to + METAS + v).store(meta, Ordering::Relaxed);
                        }
                        _ => {
                            self.filled.fetch_sub(1, Ordering::Relaxed);
                        }
                    }
                }
                self.unlock(to);
                self.unlock(from);
            }
        }
        self.growing.store(false, Ordering::Release);
    }

    /// The counter of threads inside `key` (shared with the nodes of the same hash).
    #[inline]
    fn counter(&self, key: &NodeKey) -> &AtomicU32 {
        &self.busy[(key.hash() >> 48) as usize % BUSY]
    }

    /// A thread enters `key`.
    #[inline]
    pub fn enter(&self, key: NodeKey) {
        self.counter(&key).fetch_add(1, Ordering::Relaxed);
    }

    /// A thread leaves `key` (entered before).
    #[inline]
    pub fn leave(&self, key: NodeKey) {
        self.counter(&key).fetch_sub(1, Ordering::Relaxed);
    }

    /// Threads inside `key` now (or inside a node of the same counter).
    #[inline]
    pub fn busy(&self, key: NodeKey) -> u32 {
        self.counter(&key).load(Ordering::Relaxed)
    }

    /// Entries stored so far (replacements included).
    pub fn stores(&self) -> u64 {
        self.stored.load(Ordering::Relaxed)
    }

    /// The number of entries it may hold (its whole budget).
    pub fn capacity(&self) -> usize {
        self.most * WAYS
    }

    /// The number of entries it can hold now, before it grows again.
    pub fn active_capacity(&self) -> usize {
        (self.mask.load(Ordering::Relaxed) + 1) * WAYS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Key;

    const INF: u32 = u32::MAX;

    fn key(i: u64) -> NodeKey {
        NodeKey::new(
            Key {
                bits: i.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                tag: (i % 7) as u16,
            },
            (i % 5) as u8,
        )
    }

    #[test]
    fn entries_are_told_apart_and_the_least_work_is_replaced() {
        let t = SharedPnTable::with_bytes(1); // one bucket of four ways
        assert_eq!(t.capacity(), 4);
        for i in 0..4 {
            t.put(key(i), 1, i as u32, 10 + i);
        }
        for i in 0..4 {
            assert_eq!(t.get(key(i)), Some((1, i as u32)));
        }
        t.put(key(9), 0, INF, 100);
        assert_eq!(t.get(key(0)), None, "the entry of least work is replaced");
        for i in 1..4 {
            assert_eq!(t.get(key(i)), Some((1, i as u32)));
        }
        assert_eq!(t.get(key(9)), Some((0, INF)));
        // a node's own entry is updated in place, keeping the most work it cost
        t.put(key(1), 5, 6, 20);
        assert_eq!(t.get(key(1)), Some((5, 6)));
        t.put(key(3), 7, 8, 1);
        t.put(key(7), 2, 2, 50);
        assert_eq!(t.get(key(2)), None, "work 12 is the least");
        assert_eq!(t.get(key(1)), Some((5, 6)), "work 20 kept");
        assert_eq!(t.get(key(3)), Some((7, 8)), "work 13 kept, not 1");
        assert_eq!(t.stores(), 6);
    }

    #[test]
    fn doubling_keeps_the_entries_with_their_numbers() {
        let (n, budget) = if cfg!(miri) {
            (300, 1 << 16)
        } else {
            (20_000, 1 << 22)
        };
        let t = SharedPnTable::starting_with(budget, 4);
        let numbers = |i: u64| ((i % 1000) as u32 + 1, (i % 777) as u32 + 1);
        for i in 0..n {
            t.put(key(i), numbers(i).0, numbers(i).1, i % 13);
        }
        assert!(t.active_capacity() >= n as usize, "the table doubled");
        let held = (0..n)
            .filter(|&i| t.get(key(i)) == Some(numbers(i)))
            .count();
        assert!(held as u64 * 10 > n * 9, "{held} of {n} entries held");
        assert!((0..n).all(|i| t.get(key(i)).is_none_or(|x| x == numbers(i))));
    }

    #[test]
    fn busy_marks_count_threads_in_and_out() {
        let t = SharedPnTable::with_bytes(1 << 12);
        assert_eq!(t.busy(key(3)), 0);
        t.enter(key(3));
        t.enter(key(3));
        assert_eq!(t.busy(key(3)), 2);
        t.leave(key(3));
        assert_eq!(t.busy(key(3)), 1);
        t.leave(key(3));
        assert_eq!(t.busy(key(3)), 0);
    }

    /// Threads storing and reading the same few nodes in a small table (replacing one another's
    /// entries, and doubling it meanwhile) never read one node's numbers under another's key:
    /// every thread writes numbers that say whose node they are.
    #[test]
    fn threads_sharing_keys_never_read_torn_entries() {
        let (threads, rounds, keys) = if cfg!(miri) {
            (3, 60, 24u64)
        } else {
            (4, 20_000, 200)
        };
        let t = SharedPnTable::starting_with(1 << 14, 2);
        // node i's numbers: φ names the node (and the writer), δ checks φ
        let numbers = |i: u64, w: u64| {
            let phi = (i * 16 + w) as u32;
            (phi, phi ^ 0x5a5a_5a5a)
        };
        std::thread::scope(|s| {
            for w in 0..threads as u64 {
                let t = &t;
                s.spawn(move || {
                    let mut x = w * 0x9e37 + 1;
                    for r in 0..rounds {
                        x = x
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        let i = (x >> 33) % keys;
                        if r % 3 == 0 {
                            let (p, d) = numbers(i, w);
                            t.put(key(i), p, d, x >> 60);
                        } else if let Some((p, d)) = t.get(key(i)) {
                            assert_eq!(p as u64 / 16, i, "the numbers of node {i}");
                            assert_eq!(d, p ^ 0x5a5a_5a5a, "one write's numbers");
                        }
                        t.enter(key(i));
                        t.leave(key(i));
                    }
                });
            }
        });
        for i in 0..keys {
            assert_eq!(t.busy(key(i)), 0, "every thread left");
            if let Some((p, d)) = t.get(key(i)) {
                assert_eq!(p as u64 / 16, i);
                assert_eq!(d, p ^ 0x5a5a_5a5a);
            }
        }
        assert!(t.active_capacity() > 8, "the table doubled while shared");
    }
}
