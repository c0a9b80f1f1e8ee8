//! The transposition table: exact values of components, in a fixed amount of memory shared by
//! every thread without locks.
//!
//! **Layout.** Buckets of four entries (64 bytes, one cache line); an entry is two 64-bit words
//! `(k ⊕ d, d)` where `k` is the component's [`Key::bits`] and `d` packs a valid bit, the tag,
//! the value and a cost. A reader accepts an entry only when `word0 ⊕ word1` gives back its key
//! and the tag matches, so an entry torn by a concurrent writer is simply a miss (Hyatt and
//! Mann's lockless hashing, *ICGA Journal* 2002). Only exact values are ever stored, so any set
//! of entries is true — which is also why a snapshot written while the threads run is a valid
//! table to resume from ([`super::persist`]).
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

use std::sync::atomic::{AtomicU64, Ordering};

use super::Key;

const WAYS: usize = 4;
const VALID: u64 = 1 << 63;

/// A bounded, shared, lock-free table of component values.
pub struct Table {
    words: Box<[AtomicU64]>,
    buckets: usize,
    stores: AtomicU64,
    filled: AtomicU64,
}

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
        Box::from_raw(std::ptr::slice_from_raw_parts_mut(p, n))
    }
}

#[inline]
fn mix(mut x: u64) -> u64 {
    // Stafford's variant 13 of the 64-bit finaliser of MurmurHash3.
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[inline]
fn pack(tag: u16, value: u8, cost: u8) -> u64 {
    VALID | (tag as u64 & 0x7fff) << 48 | (value as u64) << 40 | (cost as u64) << 32
}

impl Table {
    /// A table of about `bytes` bytes (rounded down to a power of two of buckets; at least one).
    pub fn with_bytes(bytes: u64) -> Table {
        let per_bucket = (WAYS * 16) as u64;
        let mut buckets = 1usize;
        while (buckets as u64) * 2 * per_bucket <= bytes.max(per_bucket) {
            buckets *= 2;
        }
        Table {
            words: zeroed_words(buckets * WAYS * 2),
            buckets,
            stores: AtomicU64::new(0),
            filled: AtomicU64::new(0),
        }
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
    fn bucket(&self, key: Key) -> usize {
        (mix(key.bits ^ (key.tag as u64) << 49) as usize) & (self.buckets - 1)
    }

    /// The stored value of `key`, if any.
    #[inline]
    pub fn get(&self, key: Key) -> Option<u8> {
        let b = self.bucket(key) * WAYS * 2;
        for w in 0..WAYS {
            let w1 = self.words[b + 2 * w + 1].load(Ordering::Relaxed);
            if w1 & VALID == 0 || (w1 >> 48) as u16 & 0x7fff != key.tag & 0x7fff {
                continue;
            }
            let w0 = self.words[b + 2 * w].load(Ordering::Relaxed);
            if w0 ^ w1 == key.bits {
                return Some((w1 >> 40) as u8);
            }
        }
        None
    }

    /// Store the exact value of `key`, found by a search of `nodes` nodes.
    #[inline]
    pub fn put(&self, key: Key, value: u8, nodes: u64) {
        let cost = (64 - nodes.leading_zeros()) as u8;
        self.put_with_cost(key, value, cost);
    }

    fn put_with_cost(&self, key: Key, value: u8, cost: u8) {
        let b = self.bucket(key) * WAYS * 2;
        let d = pack(key.tag, value, cost);
        let mut victim = 0;
        let mut victim_cost = u16::MAX;
        for w in 0..WAYS {
            let w1 = self.words[b + 2 * w + 1].load(Ordering::Relaxed);
            if w1 & VALID == 0 {
                victim = w;
                self.filled.fetch_add(1, Ordering::Relaxed);
                break;
            }
            if (w1 >> 48) as u16 & 0x7fff == key.tag & 0x7fff
                && self.words[b + 2 * w].load(Ordering::Relaxed) ^ w1 == key.bits
            {
                return; // already there (another thread found it too)
            }
            let c = (w1 >> 32) as u8 as u16;
            if c < victim_cost {
                victim_cost = c;
                victim = w;
            }
        }
        self.words[b + 2 * victim].store(key.bits ^ d, Ordering::Relaxed);
        self.words[b + 2 * victim + 1].store(d, Ordering::Relaxed);
        self.stores.fetch_add(1, Ordering::Relaxed);
    }

    /// Every valid entry as `(key, value, cost)` (a snapshot; entries being written are skipped
    /// or read whole).
    pub fn entries(&self) -> Vec<(Key, u8, u8)> {
        let mut out = Vec::new();
        for e in 0..self.buckets * WAYS {
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

    /// Number of valid entries (slots filled once; two threads filling one slot at the same
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
    fn threads_writing_at_once_never_read_a_wrong_value() {
        let t = Table::with_bytes(1 << 10);
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
