//! The transposition table: exact values of components, in a fixed amount of memory shared by
//! every thread without locks.
//!
//! **Layout.** Buckets of four entries (64 bytes, one cache line); an entry is two 64-bit words
//! `(k ⊕ d, d)` where `k` is the component's [`Key::bits`] and `d` packs a valid bit, the tag,
//! the value and a cost. A reader accepts an entry only when `word0 ⊕ word1` gives back its key
//! and the tag matches, so an entry torn by a concurrent writer is simply a miss (Hyatt and
//! Mann's lockless hashing, *ICGA Journal* 2002). Every entry is a true fact — an exact value,
//! or a *bound*: a set of values below 32 the component is known not to have (what a
//! candidate-set search that answered "not in the set asked" learnt) — so any set of entries is
//! true; a snapshot written while the threads run is a valid table to resume from
//! ([`persist`]; it keeps the exact values only).
//!
//! **Growth.** The memory given is reserved (zeroed, so untouched pages cost nothing) but the
//! table starts with 1 MiB of it and doubles whenever half its entries are filled, so a small
//! search touches little memory and stays in the cache. On doubling, the bucket index takes one
//! more bit of the hash: an entry of bucket `b` stays there or moves to `b + A` (`A` the old
//! number of buckets); the thread that doubles moves them while the others go on. A reader that
//! looks before its entry has moved misses it — a miss only costs a search, since every entry
//! is exact.
//!
//! **Replacement.** The cost of an entry is `⌈log2⌉` of the nodes its search took. A new entry
//! takes a free slot of its bucket, else the place of the bucket's cheapest entry. Expensive
//! components stay; the many cheap ones near the leaves come and go.
//!
//! ```
//! use grundy::search::{Key, Table};
//! let t = Table::with_bytes(1 << 16);
//! let k = Key { bits: 0b1011, tag: 7 };
//! assert_eq!(t.get(k), None);
//! t.put(k, 3, 1000);
//! assert_eq!(t.get(k), Some(3));
//! assert_eq!(t.get(Key { bits: 0b1011, tag: 8 }), None);
//! ```

pub mod persist;

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, AtomicUsize, Ordering};

use super::Key;

const WAYS: usize = 4;
const VALID: u64 = 1 << 63;

/// A bounded, shared, lock-free table of component values.
pub struct Table {
    words: Box<[AtomicU64]>,
    /// Buckets of the whole reservation.
    buckets: usize,
    /// Buckets in use (a power of two, at most `buckets`).
    active: AtomicUsize,
    /// Set while a thread doubles the table.
    growing: AtomicBool,
    stores: AtomicU64,
    filled: AtomicU64,
    /// Entries of at least this cost are also written to `journal` (`u8::MAX`: none).
    journal_min: AtomicU8,
    /// Expensive entries stored since [`Table::take_journal`] last ran (what a distributed
    /// search shares with its other processes).
    journal: Mutex<Vec<Learnt>>,
}

/// The bytes a table starts with (it doubles from there up to what it was given).
const FIRST_BYTES: u64 = 1 << 20;

/// `n` atomic words, all zero, from the allocator's zeroed memory: the operating system hands
/// such pages over lazily, so a table of gigabytes costs nothing until it is written.
fn zeroed_words(n: usize) -> Box<[AtomicU64]> {
    if n == 0 {
        return Box::new([]);
    }
    let layout = std::alloc::Layout::array::<AtomicU64>(n).expect("a table that fits in memory");
    // SAFETY: the layout has non-zero size (n > 0); an all-zero bit pattern is a valid
    // AtomicU64 (its representation is that of u64); the pointer comes from the global
    // allocator with exactly this layout, which is what Box's drop deallocates with.
    unsafe {
        let p = std::alloc::alloc_zeroed(layout) as *mut AtomicU64;
        if p.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        advise_huge_pages(p as *mut u8, layout.size());
        Box::from_raw(std::ptr::slice_from_raw_parts_mut(p, n))
    }
}

/// Ask Linux to back a large table with 2 MiB pages (transparent huge pages, where the system
/// leaves them to `madvise`): the table is read at random, and with 4 KiB pages nearly every
/// look-up of a table of megabytes also misses the TLB, and the page walks of prefetches cost
/// a noticeable share of the search's time. Only a hint; nothing happens where it is refused.
pub(crate) fn advise_huge_pages(p: *mut u8, bytes: usize) {
    #[cfg(all(target_os = "linux", not(miri)))]
    {
        const HUGE: usize = 2 << 20;
        if bytes < 2 * HUGE {
            return;
        }
        let start = (p as usize).div_ceil(HUGE) * HUGE;
        let end = (p as usize + bytes) / HUGE * HUGE;
        if end > start {
            // SAFETY: [start, end) lies inside the allocation just made (rounded inwards to
            // whole huge pages); MADV_HUGEPAGE changes no contents and no mapping rights.
            unsafe {
                libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(all(target_os = "linux", not(miri))))]
    let _ = (p, bytes);
}

/// An entry one table learnt, for another ([`Table::take_journal`], [`Table::learn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Learnt {
    /// The component.
    pub key: Key,
    /// Its exact value, or `None` for a bound.
    pub value: Option<u8>,
    /// A bound's values the component does not have (bit `v`: `G ≠ v`; 0 for a value).
    pub excluded: u32,
    /// The cost of the search that found it (the bit length of its nodes).
    pub cost: u8,
}

/// The cost of a search of `nodes` nodes: the bit length of `nodes`.
#[inline]
fn cost_of(nodes: u64) -> u8 {
    (64 - nodes.leading_zeros()) as u8
}

#[inline]
fn mix(mut x: u64) -> u64 {
    // Stafford's variant 13 of the 64-bit finaliser of MurmurHash3.
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The value byte of a bound entry (exact values are at most 127): its low 32 bits are the
/// values excluded.
const BOUND: u8 = 0xff;

#[inline]
fn pack(tag: u16, value: u8, cost: u8) -> u64 {
    VALID | (tag as u64 & 0x7fff) << 48 | (value as u64) << 40 | (cost as u64) << 32
}

/// What the table knows of a component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Probe {
    /// Nothing.
    Miss,
    /// Its exact value.
    Exact(u8),
    /// Values below 32 it does not have (bit `v` set: `G ≠ v`); never empty.
    Excluded(u32),
}

impl Table {
    /// A table of about `bytes` bytes (rounded down to a power of two of buckets; at least one).
    pub fn with_bytes(bytes: u64) -> Table {
        Table::growing_from(bytes, FIRST_BYTES)
    }

    /// A table of at most `bytes` (rounded down to a power of two of 64-byte buckets) that
    /// starts with `first` bytes of them and doubles whenever half full.
    pub fn growing_from(bytes: u64, first: u64) -> Table {
        let buckets = Self::buckets_in(bytes);
        Table {
            words: zeroed_words(buckets * WAYS * 2),
            buckets,
            active: AtomicUsize::new(Self::buckets_in(first).min(buckets)),
            growing: AtomicBool::new(false),
            stores: AtomicU64::new(0),
            filled: AtomicU64::new(0),
            journal_min: AtomicU8::new(u8::MAX),
            journal: Mutex::new(Vec::new()),
        }
    }

    /// From now on, keep a journal of every exact value ([`Table::put`]) and every bound
    /// ([`Table::put_excluded`]) whose search took at least `nodes` nodes (its cost, the bit
    /// length of `nodes`, at least that of `nodes`): [`Table::take_journal`] hands them over.
    /// What [`Table::learn`] and [`Table::restore`] put back is not journalled (it came from
    /// elsewhere).
    ///
    /// ```
    /// use grundy::search::{Key, Table, table::Learnt};
    /// let t = Table::with_bytes(1 << 12);
    /// t.journal_from(1000);
    /// let k = Key { bits: 1, tag: 0 };
    /// t.put(k, 3, 5000); // expensive: journalled
    /// t.put(Key { bits: 2, tag: 0 }, 1, 10); // cheap: not
    /// t.put_excluded(Key { bits: 3, tag: 0 }, 0b101, 2000); // a bound: G is neither 0 nor 2
    /// let j = t.take_journal();
    /// assert_eq!(j[0], Learnt { key: k, value: Some(3), excluded: 0, cost: 13 });
    /// assert_eq!((j[1].value, j[1].excluded), (None, 0b101));
    /// assert!(t.take_journal().is_empty());
    /// let u = Table::with_bytes(1 << 12);
    /// for l in &j {
    ///     u.learn(l);
    /// }
    /// assert_eq!(u.get(k), Some(3));
    /// ```
    pub fn journal_from(&self, nodes: u64) {
        self.journal_min
            .store(cost_of(nodes.max(1)), Ordering::Relaxed);
    }

    /// The journalled entries since the last call (see [`Table::journal_from`]).
    pub fn take_journal(&self) -> Vec<Learnt> {
        std::mem::take(&mut *self.journal.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Store what another table learnt (an exact value or a bound), without journalling it.
    pub fn learn(&self, l: &Learnt) {
        match l.value {
            Some(v) if (v as usize) <= super::MAX_MOVES => self.put_with_cost(l.key, v, l.cost),
            Some(_) => {}
            None if l.excluded != 0 => {
                self.store(l.key, pack(l.key.tag, BOUND, l.cost) | l.excluded as u64)
            }
            None => {}
        }
    }

    /// The largest power of two of buckets that fits in `bytes` (at least one).
    fn buckets_in(bytes: u64) -> usize {
        let per_bucket = (WAYS * 16) as u64;
        let mut buckets = 1usize;
        while (buckets as u64) * 2 * per_bucket <= bytes.max(per_bucket) {
            buckets *= 2;
        }
        buckets
    }

    /// Entries the table holds now, before it grows again.
    pub fn active_capacity(&self) -> u64 {
        (self.active.load(Ordering::Relaxed) * WAYS) as u64
    }

    /// Double the buckets in use (if no other thread is doing it and there is room), moving
    /// every entry whose bucket gains the new bit.
    fn grow(&self) {
        if self
            .growing
            .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            return;
        }
        let a = self.active.load(Ordering::Relaxed);
        if a < self.buckets && self.filled.load(Ordering::Relaxed) * 2 > (a * WAYS) as u64 {
            self.active.store(2 * a, Ordering::Release);
            for b in 0..a {
                for w in 0..WAYS {
                    let i = (b * WAYS + w) * 2;
                    let w1 = self.words[i + 1].load(Ordering::Relaxed);
                    if w1 & VALID == 0 {
                        continue;
                    }
                    let key = Key {
                        bits: self.words[i].load(Ordering::Relaxed) ^ w1,
                        tag: (w1 >> 48) as u16 & 0x7fff,
                    };
                    let h = Self::hash(key);
                    if h & (a - 1) != b {
                        continue; // torn by a writer: it reads as a miss, let it be replaced
                    }
                    if h & a == 0 {
                        continue; // stays
                    }
                    self.words[i + 1].store(0, Ordering::Relaxed);
                    self.words[i].store(0, Ordering::Relaxed);
                    let to = (b + a) * WAYS * 2;
                    let free = (0..WAYS)
                        .find(|&v| self.words[to + 2 * v + 1].load(Ordering::Relaxed) & VALID == 0);
                    match free {
                        Some(v) => {
                            self.words[to + 2 * v].store(key.bits ^ w1, Ordering::Relaxed);
                            self.words[to + 2 * v + 1].store(w1, Ordering::Relaxed);
                        }
                        None => {
                            self.filled.fetch_sub(1, Ordering::Relaxed);
                        }
                    }
                }
            }
        }
        self.growing.store(false, Ordering::Release);
    }

    /// The memory the table holds, in bytes.
    pub fn bytes(&self) -> u64 {
        self.words.len() as u64 * 8
    }

    /// The number of entries it can hold.
    pub fn capacity(&self) -> u64 {
        (self.buckets * WAYS) as u64
    }

    /// How many entries were stored since the table was made (including replaced ones).
    pub fn stores(&self) -> u64 {
        self.stores.load(Ordering::Relaxed)
    }

    #[inline]
    fn hash(key: Key) -> usize {
        mix(key.bits ^ (key.tag as u64) << 49) as usize
    }

    #[inline]
    fn bucket(&self, key: Key) -> usize {
        Self::hash(key) & (self.active.load(Ordering::Relaxed) - 1)
    }

    /// Ask the processor to bring `key`'s bucket into the cache: a search writes a few moves,
    /// prefetches their parts' buckets, and only then looks them up, so that the cache misses
    /// of a table much larger than the cache overlap instead of coming one after another.
    #[inline]
    pub fn prefetch(&self, key: Key) {
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        {
            let b = self.bucket(key) * WAYS * 2;
            let p = self.words[b..].as_ptr() as *const i8;
            // SAFETY: SSE is part of every x86_64 target, so the instruction exists; a prefetch
            // only hints the cache and never faults, and `p` points into this table's words.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p) };
        }
        #[cfg(not(all(target_arch = "x86_64", not(miri))))]
        let _ = key;
    }

    /// The data word of `key`'s entry, if it has one.
    #[inline]
    fn find(&self, key: Key) -> Option<u64> {
        let b = self.bucket(key) * WAYS * 2;
        for w in 0..WAYS {
            let w1 = self.words[b + 2 * w + 1].load(Ordering::Relaxed);
            if w1 & VALID == 0 || (w1 >> 48) as u16 & 0x7fff != key.tag & 0x7fff {
                continue;
            }
            let w0 = self.words[b + 2 * w].load(Ordering::Relaxed);
            if w0 ^ w1 == key.bits {
                return Some(w1);
            }
        }
        None
    }

    /// The stored exact value of `key`, if any.
    #[inline]
    pub fn get(&self, key: Key) -> Option<u8> {
        self.find(key)
            .map(|w1| (w1 >> 40) as u8)
            .filter(|&v| v != BOUND)
    }

    /// The stored exact value of `key` and the cost of the search that found it (the bit
    /// length of its nodes), if any.
    #[inline]
    pub fn exact(&self, key: Key) -> Option<(u8, u8)> {
        self.find(key)
            .map(|w1| ((w1 >> 40) as u8, (w1 >> 32) as u8))
            .filter(|&(v, _)| v != BOUND)
    }

    /// Everything the table knows of `key`: its value, or values it does not have.
    #[inline]
    pub fn probe(&self, key: Key) -> Probe {
        match self.find(key) {
            None => Probe::Miss,
            Some(w1) if (w1 >> 40) as u8 == BOUND => Probe::Excluded(w1 as u32),
            Some(w1) => Probe::Exact((w1 >> 40) as u8),
        }
    }

    /// Store the exact value of `key`, found by a search of `nodes` nodes.
    #[inline]
    pub fn put(&self, key: Key, value: u8, nodes: u64) {
        let cost = cost_of(nodes);
        self.note(Learnt {
            key,
            value: Some(value),
            excluded: 0,
            cost,
        });
        self.put_with_cost(key, value, cost);
    }

    /// Store that `key`'s value is none of the values of `excluded` (bit `v`: `G ≠ v`), learnt by
    /// a search of `nodes` nodes. A bound already there is widened; an exact value stays.
    #[inline]
    pub fn put_excluded(&self, key: Key, excluded: u32, nodes: u64) {
        if excluded == 0 {
            return;
        }
        let cost = cost_of(nodes);
        self.note(Learnt {
            key,
            value: None,
            excluded,
            cost,
        });
        self.store(key, pack(key.tag, BOUND, cost) | excluded as u64);
    }

    /// Journal `l` when it is expensive enough ([`Table::journal_from`]).
    #[inline]
    fn note(&self, l: Learnt) {
        if l.cost >= self.journal_min.load(Ordering::Relaxed) {
            self.journal
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(l);
        }
    }

    fn put_with_cost(&self, key: Key, value: u8, cost: u8) {
        self.store(key, pack(key.tag, value, cost));
    }

    /// Write the data word `d` for `key`: over its own entry (an exact value is never replaced
    /// by a bound; two bounds are joined), else into a free slot, else over the bucket's
    /// cheapest entry (a bound before an exact value of the same cost). A bound only ever
    /// replaces a bound: where the bucket holds exact values only, it is dropped. Bounds
    /// take slots, so they count towards the growth of the table like exact values.
    fn store(&self, key: Key, mut d: u64) {
        let b = self.bucket(key) * WAYS * 2;
        let is_bound = |w1: u64| (w1 >> 40) as u8 == BOUND;
        let mut victim = 0;
        let mut victim_cost = u16::MAX;
        // what the victim slot holds: 0 nothing, 1 a bound, 2 an exact value
        let mut held = 0u8;
        for w in 0..WAYS {
            let w1 = self.words[b + 2 * w + 1].load(Ordering::Relaxed);
            if w1 & VALID == 0 {
                victim = w;
                victim_cost = 0;
                held = 0;
                break;
            }
            if (w1 >> 48) as u16 & 0x7fff == key.tag & 0x7fff
                && self.words[b + 2 * w].load(Ordering::Relaxed) ^ w1 == key.bits
            {
                if !is_bound(w1) {
                    return; // an exact value is already there (another thread found it too)
                }
                if is_bound(d) {
                    // join the two bounds, keep the larger cost
                    let cost = ((d >> 32) as u8).max((w1 >> 32) as u8);
                    d = pack(key.tag, BOUND, cost) | (d | w1) & 0xffff_ffff;
                }
                victim = w;
                victim_cost = 0;
                held = 1;
                break;
            }
            if is_bound(d) && !is_bound(w1) {
                continue; // a bound never pushes out an exact value
            }
            let c = ((w1 >> 32) as u8 as u16) << 1 | !is_bound(w1) as u16;
            if c < victim_cost {
                victim_cost = c;
                victim = w;
                held = 1 + !is_bound(w1) as u8;
            }
        }
        if victim_cost == u16::MAX {
            return; // a bound finds no room among exact values
        }
        self.words[b + 2 * victim].store(key.bits ^ d, Ordering::Relaxed);
        self.words[b + 2 * victim + 1].store(d, Ordering::Relaxed);
        self.stores.fetch_add(1, Ordering::Relaxed);
        if held == 0 {
            let filled = self.filled.fetch_add(1, Ordering::Relaxed) + 1;
            if filled * 2 > self.active_capacity() && self.active_capacity() < self.capacity() {
                self.grow();
            }
        }
    }

    /// Every valid entry as `(key, value, cost)` (a snapshot; entries being written are skipped
    /// or read whole).
    pub fn entries(&self) -> Vec<(Key, u8, u8)> {
        let mut out = Vec::new();
        for e in 0..self.active.load(Ordering::Acquire) * WAYS {
            let w1 = self.words[2 * e + 1].load(Ordering::Relaxed);
            if w1 & VALID == 0 {
                continue;
            }
            let w0 = self.words[2 * e].load(Ordering::Relaxed);
            // re-read the data word: a writer between the two loads makes them disagree
            if self.words[2 * e + 1].load(Ordering::Relaxed) != w1 {
                continue;
            }
            let key = Key {
                bits: w0 ^ w1,
                tag: (w1 >> 48) as u16 & 0x7fff,
            };
            // the entry must sit in its own bucket (else it is a torn write)
            if self.bucket(key) != e / WAYS {
                continue;
            }
            if (w1 >> 40) as u8 == BOUND {
                continue; // bounds are not kept
            }
            out.push((key, (w1 >> 40) as u8, (w1 >> 32) as u8));
        }
        out
    }

    /// Put back entries read from a snapshot.
    pub fn restore(&self, entries: &[(Key, u8, u8)]) {
        for &(k, v, c) in entries {
            self.put_with_cost(k, v, c);
        }
    }

    /// Number of entries, exact values and bounds (slots filled once; two threads filling one slot at the same
    /// moment may count it twice, so this is exact when one thread writes).
    pub fn len(&self) -> u64 {
        self.filled.load(Ordering::Relaxed).min(self.capacity())
    }

    /// True when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_bucket_keeps_its_expensive_entries() {
        let t = Table::with_bytes(64); // one bucket of four
        assert_eq!(t.capacity(), 4);
        for i in 0..4u64 {
            t.put(Key { bits: i, tag: 1 }, i as u8, 1 << (10 * (i + 1)));
        }
        t.put(Key { bits: 99, tag: 1 }, 5, 1 << 20);
        // the cheapest (bits 0, 2^10 nodes) made room
        assert_eq!(t.get(Key { bits: 0, tag: 1 }), None);
        assert_eq!(t.get(Key { bits: 99, tag: 1 }), Some(5));
        assert_eq!(t.get(Key { bits: 3, tag: 1 }), Some(3));
        assert_eq!(t.len(), 4);
    }

    #[test]
    fn bounds_are_joined_and_give_way_to_the_exact_value() {
        let t = Table::with_bytes(1 << 16);
        let k = Key {
            bits: 0b1101,
            tag: 3,
        };
        assert_eq!(t.probe(k), Probe::Miss);
        t.put_excluded(k, 0b0101, 1);
        assert_eq!(t.probe(k), Probe::Excluded(0b0101));
        assert_eq!(t.get(k), None); // a bound is no value
        t.put_excluded(k, 0b1000, 1);
        assert_eq!(t.probe(k), Probe::Excluded(0b1101));
        assert_eq!(t.len(), 1); // joined in place
        t.put(k, 1, 10);
        assert_eq!(t.probe(k), Probe::Exact(1));
        t.put_excluded(k, 0b10, 1_000_000); // never over an exact value
        assert_eq!(t.probe(k), Probe::Exact(1));
        assert_eq!(t.len(), 1);
        // only exact values are kept by a snapshot
        let j = Key { bits: 0b11, tag: 3 };
        t.put_excluded(j, 0b1, 1);
        assert_eq!(t.entries(), vec![(k, 1, 4)]);
    }

    #[test]
    fn a_full_bucket_drops_a_bound_before_an_exact_value_of_the_same_cost() {
        let t = Table::growing_from(64, 64); // one bucket of four, never growing
        let key = |b: u64| Key { bits: b, tag: 0 };
        t.put(key(1), 0, 1);
        t.put_excluded(key(2), 0b1, 1);
        t.put(key(3), 1, 1);
        t.put(key(4), 2, 1);
        t.put(key(5), 3, 1); // the bucket is full: the bound goes
        assert_eq!(t.probe(key(2)), Probe::Miss);
        for (b, v) in [(1, 0), (3, 1), (4, 2), (5, 3)] {
            assert_eq!(t.get(key(b)), Some(v));
        }
        // a bound finds no room among exact values, however costly it was
        t.put_excluded(key(6), 0b1, 1 << 40);
        assert_eq!(t.probe(key(6)), Probe::Miss);
        for (b, v) in [(1, 0), (3, 1), (4, 2), (5, 3)] {
            assert_eq!(t.get(key(b)), Some(v));
        }
    }

    #[test]
    fn entries_round_trip_through_restore() {
        let t = Table::with_bytes(1 << 12);
        for i in 0..100u64 {
            t.put(
                Key {
                    bits: i * 7919,
                    tag: (i % 5) as u16,
                },
                (i % 9) as u8,
                i,
            );
        }
        let u = Table::with_bytes(1 << 14);
        u.restore(&t.entries());
        for (k, v, _) in t.entries() {
            assert_eq!(u.get(k), Some(v));
        }
    }

    #[test]
    fn a_growing_table_keeps_its_entries_through_every_doubling() {
        // 64 buckets of room, starting with one: six doublings
        let t = Table::growing_from(1 << 12, 64);
        assert_eq!(t.active_capacity(), 4);
        let n = if cfg!(miri) { 100 } else { 120u64 };
        for i in 0..n {
            t.put(
                Key {
                    bits: i * 0x9e37,
                    tag: 2,
                },
                (i % 7) as u8,
                1 << 20,
            );
        }
        assert_eq!(t.active_capacity(), t.capacity());
        let found = (0..n)
            .filter(|&i| {
                let got = t.get(Key {
                    bits: i * 0x9e37,
                    tag: 2,
                });
                assert!(got.is_none_or(|v| v == (i % 7) as u8), "entry {i}: {got:?}");
                got.is_some()
            })
            .count();
        // only a full bucket drops an entry (at most half the slots are ever filled)
        assert!(found as u64 >= n * 9 / 10, "{found} of {n} kept");
        assert_eq!(t.entries().len(), found);
        assert_eq!(t.len(), found as u64);
    }

    #[test]
    fn threads_writing_at_once_never_read_a_wrong_value() {
        // small enough to grow while the threads write (from one bucket to 16)
        let t = Table::growing_from(1 << 10, 64);
        std::thread::scope(|s| {
            for th in 0..4u64 {
                let t = &t;
                s.spawn(move || {
                    let rounds = if cfg!(miri) { 300 } else { 20_000u64 };
                    for i in 0..rounds {
                        let bits = (i * 4 + th) % 3000;
                        let k = Key { bits, tag: 3 };
                        let v = (bits % 101) as u8;
                        if let Some(got) = t.get(k) {
                            assert_eq!(got, v);
                        }
                        t.put(k, v, i);
                    }
                });
            }
        });
    }
}
