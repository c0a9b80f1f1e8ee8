//! Sets of small nimbers `*0 … *127` as one 128-bit word: the candidate and requested values of
//! the pruned search ([`super::value`]).
//!
//! A component with `n` moves has a value of at most `n` (the mex of `n` numbers), so the search
//! only ever speaks of values below 128 as long as no component has more than 127 moves; the
//! games check that bound ([`super::MAX_MOVES`]).
//!
//! ```
//! use grundy::search::NimSet;
//! let s = NimSet::upto(3); // {0, 1, 2, 3}
//! assert_eq!(s.max(), Some(3));
//! assert_eq!(s.xor_each(1), NimSet::upto(3)); // {1, 0, 3, 2}
//! assert_eq!(NimSet::single(5).xor_each(3), NimSet::single(6));
//! ```

/// A set of nimbers below 128.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NimSet(pub u128);

impl NimSet {
    /// The empty set.
    pub const EMPTY: NimSet = NimSet(0);
    /// Every value below 128.
    pub const ALL: NimSet = NimSet(u128::MAX);

    /// `{0, 1, …, n}` (`n ≤ 127`).
    #[inline]
    pub fn upto(n: u32) -> NimSet {
        debug_assert!(n < 128);
        if n >= 127 {
            NimSet::ALL
        } else {
            NimSet((1u128 << (n + 1)) - 1)
        }
    }

    /// `{v}`.
    #[inline]
    pub fn single(v: u8) -> NimSet {
        NimSet(1u128 << (v & 127))
    }

    /// True when `v` is in the set.
    #[inline]
    pub fn contains(self, v: u8) -> bool {
        v < 128 && self.0 >> v & 1 == 1
    }

    /// True when the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The largest element.
    #[inline]
    pub fn max(self) -> Option<u8> {
        (self.0 != 0).then(|| 127 - self.0.leading_zeros() as u8)
    }

    /// The smallest element.
    #[inline]
    pub fn min(self) -> Option<u8> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as u8)
    }

    /// Number of elements.
    #[inline]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The set without its largest element.
    #[inline]
    pub fn without_max(self) -> NimSet {
        match self.max() {
            Some(m) => NimSet(self.0 & !(1u128 << m)),
            None => self,
        }
    }

    /// The set without `v`.
    #[inline]
    pub fn without(self, v: u8) -> NimSet {
        if v < 128 {
            NimSet(self.0 & !(1u128 << v))
        } else {
            self
        }
    }

    /// The set with `v` added.
    #[inline]
    pub fn with(self, v: u8) -> NimSet {
        NimSet(self.0 | 1u128 << (v & 127))
    }

    /// The intersection.
    #[inline]
    pub fn and(self, other: NimSet) -> NimSet {
        NimSet(self.0 & other.0)
    }

    /// The elements up to and including `v`.
    #[inline]
    pub fn at_most(self, v: u8) -> NimSet {
        self.and(NimSet::upto(v.min(127) as u32))
    }

    /// `{s ⊕ x : s in the set}` (`x < 128`): what another part of a sum must be worth.
    #[inline]
    pub fn xor_each(self, x: u8) -> NimSet {
        if x == 0 {
            return self;
        }
        // XOR by a single bit 2^k swaps the blocks of 2^k bits pairwise; compose over x's bits.
        let mut s = self.0;
        let masks: [u128; 7] = [
            0x5555_5555_5555_5555_5555_5555_5555_5555,
            0x3333_3333_3333_3333_3333_3333_3333_3333,
            0x0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f,
            0x00ff_00ff_00ff_00ff_00ff_00ff_00ff_00ff,
            0x0000_ffff_0000_ffff_0000_ffff_0000_ffff,
            0x0000_0000_ffff_ffff_0000_0000_ffff_ffff,
            0x0000_0000_0000_0000_ffff_ffff_ffff_ffff,
        ];
        for (k, &m) in masks.iter().enumerate() {
            if x >> k & 1 == 1 {
                let d = 1u32 << k;
                s = ((s & m) << d) | ((s >> d) & m);
            }
        }
        NimSet(s)
    }

    /// The elements, smallest first.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut s = self.0;
        std::iter::from_fn(move || {
            (s != 0).then(|| {
                let v = s.trailing_zeros() as u8;
                s &= s - 1;
                v
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn xor_each_maps_every_element(bits in any::<u128>(), x in 0u8..128) {
            let s = NimSet(bits);
            let t = s.xor_each(x);
            prop_assert_eq!(t.len(), s.len());
            for v in 0..128u8 {
                prop_assert_eq!(t.contains(v ^ x), s.contains(v));
            }
        }

        #[test]
        fn max_min_and_without_max_agree_with_a_scan(bits in any::<u128>()) {
            let s = NimSet(bits);
            let elems: Vec<u8> = (0..128u8).filter(|&v| s.contains(v)).collect();
            prop_assert_eq!(s.iter().collect::<Vec<_>>(), elems.clone());
            prop_assert_eq!(s.max(), elems.last().copied());
            prop_assert_eq!(s.min(), elems.first().copied());
            let w = s.without_max();
            prop_assert_eq!(w.len() + u32::from(!elems.is_empty()), s.len());
        }
    }

    #[test]
    fn upto_127_is_everything() {
        assert_eq!(NimSet::upto(127), NimSet::ALL);
        assert_eq!(NimSet::upto(0), NimSet::single(0));
    }
}
