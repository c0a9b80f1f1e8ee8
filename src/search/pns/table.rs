//! The table of proof and disproof numbers of df-pn: bounded, four entries a bucket, the
//! entry that cost least work replaced first (Nagai's "SmallTreeReplacement"; Kishimoto et
//! al., *Game-tree search using proof numbers: the first twenty years*, ICGA Journal 2012).
//!
//! Kept as three flat arrays allocated zeroed (the kernel's zero pages: memory is touched only
//! where entries are written, so a large budget costs nothing until it is used).

const WAYS: usize = 4;
/// Bytes of one entry: key (component bits, tag and heap), both numbers, work.
const ENTRY_BYTES: u64 = 8 + 4 + 8 + 4;

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
    fn hash(&self) -> u64 {
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
    keys: Vec<u64>,
    metas: Vec<u32>,
    numbers: Vec<u64>,
    work: Vec<u32>,
    mask: usize,
    stored: u64,
}

impl PnTable {
    /// A table of about `bytes` bytes (at least one bucket).
    pub fn with_bytes(bytes: u64) -> PnTable {
        let buckets = (bytes / (ENTRY_BYTES * WAYS as u64)).max(1);
        let buckets = 1usize << (63 - buckets.leading_zeros()).min(40);
        let n = buckets * WAYS;
        PnTable {
            keys: vec![0; n],
            metas: vec![0; n],
            numbers: vec![0; n],
            work: vec![0; n],
            mask: buckets - 1,
            stored: 0,
        }
    }

    #[inline]
    fn bucket(&self, key: &NodeKey) -> usize {
        (key.hash() as usize & self.mask) * WAYS
    }

    #[inline]
    fn holds(&self, i: usize, key: &NodeKey) -> bool {
        self.metas[i] == key.meta && self.keys[i] == key.bits
    }

    /// The numbers kept for `key`.
    #[inline]
    pub fn get(&self, key: NodeKey) -> Option<(u32, u32)> {
        let b = self.bucket(&key);
        (b..b + WAYS)
            .find(|&i| self.holds(i, &key))
            .map(|i| (self.numbers[i] as u32, (self.numbers[i] >> 32) as u32))
    }

    /// Keep the numbers of `key`, which cost `work` expansions.
    pub fn put(&mut self, key: NodeKey, phi: u32, delta: u32, work: u64) {
        let work = work.min(u32::MAX as u64) as u32;
        let b = self.bucket(&key);
        let i = match (b..b + WAYS).find(|&i| self.holds(i, &key)) {
            Some(i) => i,
            None => {
                self.stored += 1;
                match (b..b + WAYS).find(|&i| self.metas[i] == 0) {
                    Some(i) => i,
                    None => (b..b + WAYS)
                        .min_by_key(|&i| self.work[i])
                        .expect("four ways"),
                }
            }
        };
        if !self.holds(i, &key) {
            self.work[i] = 0;
        }
        self.keys[i] = key.bits;
        self.metas[i] = key.meta;
        self.numbers[i] = phi as u64 | (delta as u64) << 32;
        self.work[i] = self.work[i].max(work);
    }

    /// Entries stored so far (replacements included).
    pub fn stores(&self) -> u64 {
        self.stored
    }

    /// The number of entries it holds.
    pub fn capacity(&self) -> usize {
        self.keys.len()
    }
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
