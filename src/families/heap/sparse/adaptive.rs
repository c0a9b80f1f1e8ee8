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
}

impl Adaptive {
    pub(super) fn new(epoch: Duration) -> Adaptive {
        Adaptive {
            helpers: true,
            until_trial: 1,
            interval: PROBE_MIN,
            rate: 0.0,
            epoch,
        }
    }

    /// Whether the next epoch uses the helpers.
    pub(super) fn next_uses_helpers(&self) -> bool {
        if self.until_trial == 0 && self.rate > 0.0 {
            !self.helpers
        } else {
            self.helpers
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
        let mut a = Adaptive::new(20 * MS);
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
        let mut a = Adaptive::new(20 * MS);
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
        let mut b = Adaptive::new(20 * MS);
        let modes = run(&mut b, 105, 100, 100);
        assert!(modes[10..].iter().filter(|&&h| h).count() <= 4, "{modes:?}");
    }

    #[test]
    fn epochs_cut_short_are_not_judged() {
        let mut a = Adaptive::new(20 * MS);
        a.record(true, 1000, MS);
        assert!(a.rate == 0.0 && a.next_uses_helpers());
    }
}
