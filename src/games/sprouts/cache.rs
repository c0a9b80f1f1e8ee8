//! Bounded memo tables of the game: a land's moves, and the canonical form of a land as a move
//! writes it.
//!
//! A search visits a land again and again (the value search under other candidate sets,
//! df-pn below other thresholds), and writing a land's moves — every curve, every sharing,
//! each result reduced and made canonical — is most of the cost of a visit: the moves of a land
//! are kept. Most of what remains is the canonical form ([`super::canonical`]), and the same
//! land comes out of different parents written the same way (a move leaves the regions it does
//! not touch as they were, in the parent's canonical writing): most lands that moves write
//! were written exactly so before. So the canonical form is also kept, keyed by that *plain
//! writing* (the land as it is, letters renamed in order: [`super::canonical::plain`]), which
//! costs one pass to write. Both are only memos: a form or a list of moves found here is
//! exactly what computing it again gives.
//!
//! Each table holds at most a given number of bytes (counted roughly: keys, values and a fixed
//! overhead per entry), in shards with a lock each (the threads of a search look up a form for
//! every land a move writes); a shard is emptied when the next entry would pass its share —
//! simple, and a search refills what it still visits.

use std::hash::{BuildHasher, BuildHasherDefault, Hash};

use rustc_hash::{FxHashMap as HashMap, FxHasher};
use std::sync::Mutex;

/// Shards of a map: threads looking up different keys rarely wait for each other.
const SHARDS: usize = 16;

/// A map of at most about `limit` bytes, shared by the search threads: 16 shards, each
/// with its own lock and a share of the bytes, each emptied when full.
#[derive(Debug)]
pub struct Bounded<K, V> {
    shards: Vec<Mutex<(HashMap<K, V>, usize)>>,
    limit: usize,
}

impl<K: Hash + Eq, V: Clone> Bounded<K, V> {
    /// An empty map of at most about `limit` bytes.
    pub fn new(limit: usize) -> Self {
        Bounded {
            shards: (0..SHARDS)
                .map(|_| Mutex::new((HashMap::default(), 0)))
                .collect(),
            limit: limit / SHARDS,
        }
    }

    /// The shard of `k`.
    fn shard<Q: Hash + ?Sized>(&self, k: &Q) -> &Mutex<(HashMap<K, V>, usize)> {
        // remixed: the map inside hashes the key alike and uses both its low bits (bucket)
        // and its top bits (tags), so neither may be constant within a shard
        let h = BuildHasherDefault::<FxHasher>::default().hash_one(k);
        let h = (h ^ h >> 29).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        &self.shards[(h >> 60) as usize % SHARDS]
    }

    /// The value kept for `k`, if any.
    pub fn get<Q>(&self, k: &Q) -> Option<V>
    where
        K: std::borrow::Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let m = self.shard(k).lock().unwrap_or_else(|e| e.into_inner());
        m.0.get(k).cloned()
    }

    /// Keep `v` for `k`, which with its value takes about `bytes` bytes (the shard is emptied
    /// first when they would pass its share of the limit).
    pub fn put(&self, k: K, v: V, bytes: usize) {
        let mut m = self.shard(&k).lock().unwrap_or_else(|e| e.into_inner());
        if m.1 + bytes > self.limit {
            m.0.clear();
            m.1 = 0;
        }
        m.1 += bytes;
        m.0.insert(k, v);
    }

    /// Entries kept now.
    pub fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|m| m.lock().unwrap_or_else(|e| e.into_inner()).0.len())
            .sum()
    }

    /// Whether nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_shard_is_emptied_before_the_next_entry() {
        // each shard holds 10 bytes: one entry of 10, then the next empties it
        let m: Bounded<u32, u32> = Bounded::new(10 * SHARDS);
        for k in 0..200 {
            m.put(k, k * k, 10);
            assert_eq!(m.get(&k), Some(k * k), "the entry just kept");
        }
        // at most one entry per shard is left, and what is left is right
        assert!(m.len() <= SHARDS && !m.is_empty());
        for k in 0..200 {
            assert!(m.get(&k).is_none_or(|v| v == k * k));
        }
    }
}
