//! The table of proof and disproof numbers of df-pn: bounded, four entries a bucket, the
//! entry that cost least work replaced first (Nagai's "SmallTreeReplacement"; Kishimoto et
//! al., *Game-tree search using proof numbers: the first twenty years*, ICGA Journal 2012).
//!
//! Kept as three flat arrays allocated zeroed (the kernel's zero pages: memory is touched only
//! where entries are written, so a large budget costs nothing until it is used).

const WAYS: usize = 4;
/// Bytes of one entry: key, both numbers, work.
const ENTRY_BYTES: u64 = 8 + 8 + 4;

/// A bounded table of `(proof, disproof)` numbers by 64-bit node key.
pub struct PnTable {
    keys: Vec<u64>,
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
            numbers: vec![0; n],
            work: vec![0; n],
            mask: buckets - 1,
            stored: 0,
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key >> 17 ^ key) as usize & self.mask) * WAYS
    }

    /// The numbers kept for `key`.
    #[inline]
    pub fn get(&self, key: u64) -> Option<(u32, u32)> {
        let key = key | 1;
        let b = self.bucket(key);
        (b..b + WAYS)
            .find(|&i| self.keys[i] == key)
            .map(|i| (self.numbers[i] as u32, (self.numbers[i] >> 32) as u32))
    }

    /// Keep the numbers of `key`, which cost `work` expansions.
    pub fn put(&mut self, key: u64, phi: u32, delta: u32, work: u64) {
        let key = key | 1;
        let work = work.min(u32::MAX as u64) as u32;
        let b = self.bucket(key);
        let i = match (b..b + WAYS).find(|&i| self.keys[i] == key) {
            Some(i) => i,
            None => {
                self.stored += 1;
                match (b..b + WAYS).find(|&i| self.keys[i] == 0) {
                    Some(i) => i,
                    None => (b..b + WAYS)
                        .min_by_key(|&i| self.work[i])
                        .expect("four ways"),
                }
            }
        };
        if self.keys[i] != key {
            self.work[i] = 0;
        }
        self.keys[i] = key;
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
