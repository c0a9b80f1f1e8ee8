//! The work counters of a sparse computation ([`SparseStats`]): pairs inserted, scanned and
//! checked, heaps speculated and corrected, the modelled span of the threads, and the epochs run
//! with and without the helper threads.

/// Work done so far by a [`Sparse`](super::Sparse) computation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SparseStats {
    /// Splits with a light part inserted (step 1).
    pub light_pairs: u64,
    /// Splits inserted by scans (step 3).
    pub scanned_pairs: u64,
    /// Heaps that needed a scan.
    pub scans: u64,
    /// Pairs checked by targeted searches.
    pub targeted_checks: u64,
    /// Times the heavy set was chosen anew.
    pub rebuilds: u64,
    /// Split values of a remainder `m` reused from an earlier heap (another split digit).
    pub reused: u64,
    /// Heaps speculated ahead of the known values (in windows on several threads, or in runs).
    pub batched: u64,
    /// Speculated heaps whose speculative value was an option found once the earlier heaps
    /// were known (the walk went on from there).
    pub corrections: u64,
    /// A model of the wall time in pairs: every heap's pairs, except that in a window only the
    /// busiest thread's pairs (speculations and finishings) count. `pairs / span_pairs` is the
    /// speed-up the threads allow when they have cores to themselves and pairs cost alike.
    pub span_pairs: u64,
    /// Epochs (of `EPOCH`, 20 ms by default) run with the helper threads, and alone (with helper threads
    /// available but not used: the first epochs, the measured speed favoured one thread, or a
    /// trial); an epoch counts once complete.
    pub helper_epochs: u64,
    /// See [`helper_epochs`](Self::helper_epochs).
    pub alone_epochs: u64,
    /// Heaps computed in epochs run alone while helper threads were available.
    pub alone_heaps: u64,
}

impl SparseStats {
    pub(super) fn add(&mut self, o: &SparseStats) {
        self.light_pairs += o.light_pairs;
        self.scanned_pairs += o.scanned_pairs;
        self.scans += o.scans;
        self.targeted_checks += o.targeted_checks;
        self.rebuilds += o.rebuilds;
        self.reused += o.reused;
        self.batched += o.batched;
        self.corrections += o.corrections;
        self.span_pairs += o.span_pairs;
        self.helper_epochs += o.helper_epochs;
        self.alone_epochs += o.alone_epochs;
        self.alone_heaps += o.alone_heaps;
    }

    /// Pairs of every kind: splits inserted, scanned and checked by targeted searches.
    pub fn pairs(&self) -> u64 {
        self.light_pairs + self.scanned_pairs + self.targeted_checks
    }
}
