//! Whether the helper threads are used, decided epoch by epoch by measuring the speed both ways
//! ([`Adaptive`]).

use std::time::Duration;

/// Helper threads are judged over epochs of this much wall time (see [`Adaptive`]).
pub(super) const EPOCH: Duration = Duration::from_millis(20);
/// Epochs between trials of the mode not in use: from this many, doubling while trials lose...
const PROBE_MIN: u32 = 4;
/// ... up to this many.
const PROBE_MAX: u32 = 64;
/// Helpers are used only while they make the computation at least this much faster.
const HELPERS_GAIN: f64 = 1.1;
/// Epochs run alone, their speed measured, before the helpers are first tried (the lazy start):
/// a computation shorter than this never starts them, nor pays for their start-up, the windows'
/// set-up and a losing trial (a run of a fraction of a second, where they lose: see
/// [`Adaptive`]). Cut to two epochs once heaps are costly ([`Adaptive::costly`]).
pub(super) const LAZY_EPOCHS: u32 = 15;
/// Fewest heaps in an epoch.
const EPOCH_HEAPS: usize = 8;

/// Decides, epoch by epoch, whether the helper threads are used, by measuring both ways.
///
/// Helpers pay only while they run: on a machine whose other cores are busy (another process, a
/// build), a descheduled helper stalls every heap that waits for it, and a spinning one takes CPU
/// time from the caller, so two threads can be slower than one. The computation runs in epochs
/// (about [`EPOCH`] of wall time each) in the chosen mode, and now and then one epoch in the other
/// mode (a trial); the mode of higher speed (heaps per second, helpers needing a gain of
/// [`HELPERS_GAIN`]) is kept. A trial that loses doubles the epochs until the next one (from
/// [`PROBE_MIN`] to [`PROBE_MAX`]), so a busy machine costs at most about one epoch in
/// `PROBE_MAX` run the slow way. Values never depend on the mode, only the speed.
///
/// By default the first [`LAZY_EPOCHS`] run alone (the helper threads are not even started), so
/// the first trial of the helpers compares with a measured speed alone, and short computations
/// run exactly as with one thread: on a run of a fraction of a second with cheap heaps (such as
/// 0.56 to 660000, about 90 pairs a heap) the helpers lose, as windows of one heap at a time
/// lose the split values a second split digit reuses and hand-overs cost about what such a heap
/// does. Where heaps are costly the lazy start is cut short ([`costly`](Self::costly)). An
/// epoch may span several calls (the extensions of a sequence come in chunks of a few
/// milliseconds): its heaps and time add up until it is complete.
#[derive(Clone, Debug)]
pub(super) struct Adaptive {
    /// The chosen mode: helpers used.
    helpers: bool,
    /// Epochs in the chosen mode before the next trial of the other.
    until_trial: u32,
    /// Current distance between trials.
    interval: u32,
    /// Heaps per second of the last judged epoch in the chosen mode (0: none yet).
    rate: f64,
    /// Epoch length.
    pub(super) epoch: Duration,
    /// The epoch in progress, begun in an earlier call: its mode, heaps and time so far.
    open: Option<(bool, usize, Duration)>,
    /// No trial judged yet (the lazy start).
    lazy: bool,
}

impl Adaptive {
    /// Epochs of `epoch`, the first `lazy` alone (then a trial of the helpers); with `lazy` 0
    /// the helpers are used from the first epoch (then a trial alone).
    pub(super) fn new(epoch: Duration, lazy: u32) -> Adaptive {
        Adaptive {
            helpers: lazy == 0,
            until_trial: lazy.max(1),
            interval: PROBE_MIN,
            rate: 0.0,
            epoch,
            open: None,
            lazy: lazy > 0,
        }
    }

    /// Heaps cost thousands of pairs, where the helpers usually pay (windows of heaps of tens of
    /// microseconds): during the lazy start, the helpers are tried after the next epoch.
    pub(super) fn costly(&mut self) {
        if self.lazy {
            self.until_trial = self.until_trial.min(1);
        }
    }

    /// Whether the next epoch (or the one in progress) uses the helpers.
    pub(super) fn next_uses_helpers(&self) -> bool {
        if let Some((helpers, ..)) = self.open {
            helpers
        } else if self.until_trial == 0 && self.rate > 0.0 {
            !self.helpers
        } else {
            self.helpers
        }
    }

    /// Heaps and time of the epoch in progress so far (zero when none).
    pub(super) fn so_far(&self) -> (usize, Duration) {
        self.open
            .map_or((0, Duration::ZERO), |(_, heaps, elapsed)| (heaps, elapsed))
    }

    /// Whether an epoch of `heaps` in `elapsed` (all its parts) is complete.
    pub(super) fn complete(&self, heaps: usize, elapsed: Duration) -> bool {
        heaps >= EPOCH_HEAPS && elapsed >= self.epoch
    }

    /// Add a part of the epoch in progress computed in one call (`heaps` in `elapsed`, with or
    /// without helpers): with `complete`, the whole epoch is judged ([`record`](Self::record)),
    /// else it goes on in the next call.
    pub(super) fn add(&mut self, helpers: bool, heaps: usize, elapsed: Duration, complete: bool) {
        let (h0, t0) = self.so_far();
        debug_assert!(self.open.is_none_or(|(h, ..)| h == helpers));
        let (heaps, elapsed) = (h0 + heaps, t0 + elapsed);
        if complete {
            self.open = None;
            self.record(helpers, heaps, elapsed);
        } else {
            self.open = Some((helpers, heaps, elapsed));
        }
    }

    /// Record an epoch: `heaps` computed in `elapsed`, with or without helpers.
    pub(super) fn record(&mut self, helpers: bool, heaps: usize, elapsed: Duration) {
        if elapsed < self.epoch / 2 {
            return; // cut short (end of the range): too short to judge
        }
        let rate = heaps as f64 / elapsed.as_secs_f64().max(1e-9);
        if helpers == self.helpers {
            self.rate = rate;
            self.until_trial = self.until_trial.saturating_sub(1);
            return;
        }
        self.lazy = false;
        let (with, without) = if helpers {
            (rate, self.rate)
        } else {
            (self.rate, rate)
        };
        let better = with > HELPERS_GAIN * without;
        if better != self.helpers {
            self.helpers = better;
            self.rate = rate;
            self.interval = PROBE_MIN;
        } else {
            self.interval = (self.interval * 2).min(PROBE_MAX);
        }
        self.until_trial = self.interval;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    /// Runs epochs whose speed is `with` heaps/ms with the helpers and `without` heaps/ms alone,
    /// returning the modes used.
    fn run(a: &mut Adaptive, with: usize, without: usize, epochs: usize) -> Vec<bool> {
        (0..epochs)
            .map(|_| {
                let helpers = a.next_uses_helpers();
                let rate = if helpers { with } else { without };
                a.record(helpers, 20 * rate, 20 * MS);
                helpers
            })
            .collect()
    }

    #[test]
    fn helpers_slower_than_one_thread_are_dropped_and_tried_ever_more_rarely() {
        let mut a = Adaptive::new(20 * MS, 0);
        let modes = run(&mut a, 5, 9, 400);
        // The first epoch with helpers, a trial alone, then alone except for rarer trials.
        assert_eq!(&modes[..3], &[true, false, false]);
        let trials: Vec<usize> = (3..400).filter(|&i| modes[i]).collect();
        let gaps: Vec<usize> = trials.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(gaps.windows(2).all(|w| w[1] >= w[0]), "{gaps:?}");
        assert!(trials.len() <= 12, "{trials:?}");
        assert_eq!(gaps.last(), Some(&(PROBE_MAX as usize + 1)));
    }

    #[test]
    fn helpers_that_pay_are_kept_and_one_thread_that_gets_faster_takes_over() {
        let mut a = Adaptive::new(20 * MS, 0);
        let modes = run(&mut a, 16, 10, 200);
        assert!(modes.iter().filter(|&&h| !h).count() <= 10, "{modes:?}");
        // The other process stops sharing the machine... the other way round: helpers now slow.
        let later = run(&mut a, 6, 10, 200);
        assert!(!later[PROBE_MAX as usize + 2..].iter().all(|&h| h));
        assert!(
            later[100..].iter().filter(|&&h| h).count() <= 3,
            "{later:?}"
        );
        // A gain below HELPERS_GAIN does not pay for the helpers.
        let mut b = Adaptive::new(20 * MS, 0);
        let modes = run(&mut b, 105, 100, 100);
        assert!(modes[10..].iter().filter(|&&h| h).count() <= 4, "{modes:?}");
    }

    #[test]
    fn a_lazy_start_measures_alone_first_then_tries_the_helpers() {
        let mut a = Adaptive::new(20 * MS, LAZY_EPOCHS);
        let modes = run(&mut a, 16, 10, 40);
        let lazy = LAZY_EPOCHS as usize;
        assert!(modes[..lazy].iter().all(|&h| !h), "{modes:?}");
        // The trial wins: the helpers are kept.
        assert!(
            modes[lazy..].iter().filter(|&&h| !h).count() <= 3,
            "{modes:?}"
        );
        let mut b = Adaptive::new(20 * MS, LAZY_EPOCHS);
        let modes = run(&mut b, 5, 10, 40);
        // The trial loses: alone again, the helpers tried ever more rarely.
        assert!(modes[lazy] && !modes[lazy + 1], "{modes:?}");
        assert!(modes.iter().filter(|&&h| h).count() <= 3, "{modes:?}");
    }

    #[test]
    fn costly_heaps_cut_the_lazy_start() {
        let mut a = Adaptive::new(20 * MS, LAZY_EPOCHS);
        a.record(false, 200, 20 * MS);
        a.costly();
        // One more epoch alone, then the trial.
        assert!(!a.next_uses_helpers());
        a.record(false, 200, 20 * MS);
        assert!(a.next_uses_helpers());
        // After a trial the trials are spaced as usual, costly or not.
        a.record(true, 100, 20 * MS);
        a.costly();
        assert_eq!(
            run(&mut a, 5, 10, PROBE_MIN as usize * 2)
                .iter()
                .filter(|&&h| h)
                .count(),
            0
        );
    }

    #[test]
    fn an_epoch_spans_calls_until_complete() {
        let mut a = Adaptive::new(20 * MS, 1);
        // Parts of 5 ms alone: the epoch stays open (and alone) until 20 ms are reached.
        for _ in 0..3 {
            let (heaps, elapsed) = a.so_far();
            assert!(!a.complete(heaps + 50, elapsed + 5 * MS));
            a.add(false, 50, 5 * MS, false);
            assert!(!a.next_uses_helpers());
        }
        assert_eq!(a.so_far(), (150, 15 * MS));
        assert!(a.complete(200, 20 * MS));
        a.add(false, 50, 5 * MS, true);
        assert_eq!(a.so_far(), (0, Duration::ZERO));
        // Judged (10 heaps/ms alone): the trial of the helpers comes next.
        assert!(a.rate > 9000.0 && a.next_uses_helpers());
        assert!(
            !a.complete(7, Duration::MAX),
            "an epoch has at least 8 heaps"
        );
    }

    #[test]
    fn epochs_cut_short_are_not_judged() {
        let mut a = Adaptive::new(20 * MS, 0);
        a.record(true, 1000, MS);
        assert!(a.rate == 0.0 && a.next_uses_helpers());
    }
}
