//! The minimum excludant: `mex S` is the least non-negative integer not in `S`.
//!
//! The Grundy value of a position is the mex of its options' values (Sprague 1935, Grundy 1939).
//! [`MexSet`] is a reusable bitset so hot loops allocate nothing per position.

/// `mex` of a list of small values.
///
/// ```
/// assert_eq!(grundy::mex::mex([0, 1, 3, 4]), 2);
/// assert_eq!(grundy::mex::mex(std::iter::empty::<u64>()), 0);
/// ```
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let mut set = MexSet::new();
    for v in values {
        set.insert(v);
    }
    let m = set.mex();
    set.clear();
    m
}

/// A reusable set of seen values with cheap clearing, for repeated `mex` computations.
///
/// Values below [`MexSet::DENSE`] live in a bitset (no allocation once warm); larger ones go to a
/// side list that is only sorted when the dense part is full. Memory is bounded by the number of
/// inserted values, never by their size.
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    words: Vec<u64>,
    /// Indices of words that are (possibly) nonzero, for O(touched) clearing.
    touched: Vec<u32>,
    /// Values at or above `DENSE`.
    large: Vec<u64>,
}

impl MexSet {
    /// Values below this are kept in the bitset.
    pub const DENSE: u64 = 1 << 16;

    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Mark `v` as seen.
    #[inline]
    pub fn insert(&mut self, v: u64) {
        if v >= Self::DENSE {
            self.large.push(v);
            return;
        }
        let w = (v >> 6) as usize;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        if self.words[w] == 0 {
            self.touched.push(w as u32);
        }
        self.words[w] |= 1u64 << (v & 63);
    }

    /// True if `v` was inserted.
    pub fn contains(&self, v: u64) -> bool {
        if v >= Self::DENSE {
            return self.large.contains(&v);
        }
        let w = (v >> 6) as usize;
        w < self.words.len() && self.words[w] >> (v & 63) & 1 == 1
    }

    /// The least value not inserted.
    pub fn mex(&self) -> u64 {
        for (i, &w) in self.words.iter().enumerate() {
            if w != u64::MAX {
                return (i as u64) * 64 + (!w).trailing_zeros() as u64;
            }
        }
        let dense_end = self.words.len() as u64 * 64;
        if dense_end < Self::DENSE {
            return dense_end;
        }
        let mut big = self.large.clone();
        big.sort_unstable();
        big.dedup();
        let mut m = Self::DENSE;
        for v in big {
            if v != m {
                break;
            }
            m += 1;
        }
        m
    }

    /// Empty the set (cost proportional to the words touched).
    pub fn clear(&mut self) {
        for &w in &self.touched {
            self.words[w as usize] = 0;
        }
        self.touched.clear();
        self.large.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn mex_of_empty_set_is_zero() {
        assert_eq!(mex(Vec::<u64>::new()), 0);
    }

    #[test]
    fn mex_skips_duplicates_and_large_values() {
        assert_eq!(mex([0, 0, 1, 1, 5, 1 << 40]), 2);
        assert_eq!(mex(0..200), 200);
        assert_eq!(mex(0..70_000), 70_000);
        assert_eq!(mex((0..65_536).chain([65_537])), 65_536);
    }

    proptest! {
        #[test]
        fn mex_is_least_missing_value(v in proptest::collection::vec(0u64..150, 0..200)) {
            let m = mex(v.iter().copied());
            prop_assert!(!v.contains(&m));
            for x in 0..m { prop_assert!(v.contains(&x)); }
        }

        #[test]
        fn cleared_set_is_reusable(a in proptest::collection::vec(0u64..300, 0..50),
                                   b in proptest::collection::vec(0u64..300, 0..50)) {
            let mut s = MexSet::new();
            for &x in &a { s.insert(x); }
            s.clear();
            for &x in &b { s.insert(x); }
            prop_assert_eq!(s.mex(), mex(b.iter().copied()));
        }
    }
}
