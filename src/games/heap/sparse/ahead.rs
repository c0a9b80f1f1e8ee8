//! The light passes made ahead for codes with several split digits ([`Ahead`]): what a heap's
//! scratch keeps of them. They are made by `runs::prepare_ahead` and taken by `scan::setup`.

use super::RUN;

/// The light passes of the remainders `m0, m0 + 1, …` that the next heaps split first (codes
/// with several split digits), made together before the heaps (`runs::prepare_ahead`): such codes
/// compute heap by heap, as each heap reuses the split values its predecessor found for the same
/// remainder (module docs of [`super`]), so the runs do not apply; the first split digit `k`'s
/// remainders `n − k, n + 1 − k, …` are consecutive all the same, each new. Made when `G(0..known)`
/// are the values known, remainder `m0 + i` holds its splits by light heaps `lo_i <= r < m0 + i`
/// (`lo_i = m0 + i + 1 − known`, as a speculation's: the partner `m0 + i − r` known); when a
/// heap takes them over ([`setup`](super::scan::setup)), every value is known and the splits
/// `a < lo_i` are inserted. The light heaps found meanwhile lie at or above `known`, so their
/// splits are among these. Valid while `H` is the same (`epoch`).
#[derive(Clone, Debug, Default)]
pub(super) struct Ahead {
    pub(super) m0: usize,
    /// Remainders `m0 .. m0 + ready` prepared (less those taken).
    pub(super) ready: usize,
    pub(super) epoch: u64,
    pub(super) taken: [bool; RUN],
    pub(super) los: [usize; RUN],
    pub(super) pairs: [u64; RUN],
    /// Marks of remainder `m0 + i` (`2^16 + 1` bytes each, 0 above the `top` they were cleared
    /// to, like a [`Slot`](super::scan::Slot)'s: buffers are swapped with the slots').
    pub(super) bufs: Vec<Vec<u8>>,
}

impl Ahead {
    /// Whether remainder `m` is prepared under heavy set version `epoch`.
    pub(super) fn covers(&self, m: usize, epoch: u64) -> bool {
        epoch == self.epoch && m >= self.m0 && m < self.m0 + self.ready && !self.taken[m - self.m0]
    }

    /// Take the marks of remainder `m` if prepared under `epoch` (swapped into `marks`): its
    /// `lo` and light pairs.
    pub(super) fn take(
        &mut self,
        m: usize,
        epoch: u64,
        marks: &mut Vec<u8>,
    ) -> Option<(usize, u64)> {
        if !self.covers(m, epoch) {
            return None;
        }
        let i = m - self.m0;
        self.taken[i] = true;
        std::mem::swap(marks, &mut self.bufs[i]);
        Some((self.los[i], self.pairs[i]))
    }

    /// Drop everything prepared.
    pub(super) fn forget(&mut self) {
        self.ready = 0;
    }
}
