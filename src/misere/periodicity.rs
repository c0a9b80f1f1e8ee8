//! When the pretending function Φ of a heap game is **proved** periodic, the quotient is final.
//!
//! # The criterion (our derivation, in the spirit of Guy–Smith's octal periodicity theorem)
//!
//! Let the ruleset be a finite take-and-break code whose moves leave at most two heaps, without
//! the unequal-split mark `!` (or a finite subtraction game), and let `t` be the most counters a
//! move may take (the position of the last nonzero digit; the largest member of a subtraction
//! set). Let `(Q, P, Φ)` be the misère quotient of the heaps `≤ N` (verified, see the solver).
//! **If `Φ(n + p) = Φ(n)` for all `n0 ≤ n ≤ N − p`, and `N + 1 ≥ 2·n0 + 2·p + t` (for games
//! whose moves never split a heap: `N + 1 ≥ n0 + p + t`), then `Q` is the misère quotient of
//! the game with heaps of every size, and `Φ(n) = Φ(n − p)` for every `n > N`.**
//!
//! *Proof.* Extend Φ by `Φ(n) = Φ(n − p)` for `n > N`, so that `Φ(m) = Φ(m − p)` for every
//! `m ≥ n0 + p`. Write `S(n) = {Φ(a)·Φ(b) : a + b is left by a move from n}` for the set of
//! elements a heap of `n` can move to. For `n > N` we show `S(n) = S(n − p)`: a move taking `k`
//! and leaving one heap `m = n − k` matches the move leaving `m − p` from `n − p` (both `≥ n0`
//! since `n ≥ n0 + p + t`); a split `{a, b}`, `a ≤ b`, of `n − k` matches the split `{a, b − p}`
//! of `n − p − k` because `b ≥ (n − t)/2 ≥ n0 + p`, and conversely a split `{a, c}`, `a ≤ c`, of
//! `n − p − k` matches `{a, c + p}` because `c ≥ (n − p − t)/2 ≥ n0`. So every heap beyond `N`
//! has the same pair `(Φ(n), S(n))` as a heap `≤ N`. The verification conditions of the solver
//! (no P-failure, no N-failure) are statements about words of heaps that depend only on these
//! pairs (an N-failure is a word whose element and transition set are of a given kind, and
//! replacing each heap by a smaller heap with the same pair keeps both), so they hold for all
//! heaps because they hold for heaps `≤ N`; a pretension with no failure is correct (by induction
//! on the game), and `Q`, already reduced on heaps `≤ N`, stays reduced. ∎
//!
//! Plambeck and Siegel state a periodicity theorem for quotients of octal games in "Misère
//! quotients for impartial games" (JCTA 115, 2008); the bound above is the one proved here.

use crate::games::heap::{Kind, Ruleset};

/// How many heaps must agree with the period: the least `N` for which the criterion applies to
/// preperiod `n0` and period `p`, or `None` when the criterion does not cover the ruleset
/// (infinite subtraction sets, all-but games, unequal splits, three-heap splits).
pub fn required_heaps(r: &Ruleset, n0: usize, p: usize) -> Option<usize> {
    let (t, splits) = match r.kind() {
        Kind::Code(c) => {
            if c.unequal() || c.digits().iter().any(|&d| d & 8 != 0) {
                return None;
            }
            (c.last_nonzero(), c.digits().iter().any(|&d| d & 4 != 0))
        }
        Kind::Subtraction(s) => {
            if s.is_infinite() {
                return None;
            }
            (*s.members_up_to(u64::MAX).last()? as usize, false)
        }
        Kind::AllBut(_) => return None,
    };
    // A code's moves never leave an empty heap, so the matched heaps must stay nonempty.
    let n0 = if matches!(r.kind(), Kind::Code(_)) {
        n0.max(1)
    } else {
        n0
    };
    let need = if splits {
        2 * n0 + 2 * p + t
    } else {
        n0 + p + t
    };
    Some(need.saturating_sub(1).max(n0 + p))
}

/// Tracks, heap by heap, the last place each candidate period fails, to find a proved period.
#[derive(Clone, Debug, Default)]
pub struct PeriodFinder {
    /// `last_mismatch[p]` = the largest `n` with `Φ(n + p) ≠ Φ(n)` (`None`: none yet).
    last_mismatch: Vec<Option<usize>>,
}

impl PeriodFinder {
    /// Recompute from scratch for `phi[0..=N]`.
    pub fn rebuild(&mut self, phi: &[u32]) {
        self.last_mismatch.clear();
        self.last_mismatch.push(None);
        for h in 1..phi.len() {
            self.push(phi, h);
        }
    }

    /// `phi[h]` was just added (`phi.len() == h + 1`).
    pub fn push(&mut self, phi: &[u32], h: usize) {
        while self.last_mismatch.len() <= h {
            self.last_mismatch.push(None);
        }
        for p in 1..=h {
            if phi[h] != phi[h - p] {
                self.last_mismatch[p] = Some(h - p);
            }
        }
    }

    /// The smallest proved `(preperiod, period)` for `phi[0..=N]`, if any.
    pub fn proved(&self, r: &Ruleset, phi: &[u32]) -> Option<(usize, usize)> {
        let n = phi.len().checked_sub(1)?;
        for p in 1..=n {
            let n0 = self
                .last_mismatch
                .get(p)
                .copied()
                .flatten()
                .map_or(0, |m| m + 1);
            if let Some(need) = required_heaps(r, n0, p)
                && n >= need
            {
                return Some((n0, p));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kayles_needs_twice_preperiod_plus_twice_period_plus_two() {
        let r: Ruleset = "0.77".parse().unwrap();
        assert_eq!(required_heaps(&r, 10, 12), Some(2 * 10 + 2 * 12 + 2 - 1));
        // n0 = 0 counts as 1: a split {a, p} of n must match {a, 0}, which is no split
        let split: Ruleset = "0.4".parse().unwrap();
        assert_eq!(required_heaps(&split, 0, 1), Some(2 + 2 + 1 - 1));
        let g: Ruleset = "grundys-game".parse().unwrap();
        assert_eq!(required_heaps(&g, 0, 1), None);
        let s: Ruleset = "sub:1,3".parse().unwrap();
        assert_eq!(required_heaps(&s, 2, 2), Some(2 + 2 + 3 - 1));
    }

    #[test]
    fn a_constant_phi_is_found_periodic_once_enough_heaps_agree() {
        let s: Ruleset = "sub:1".parse().unwrap();
        let phi = vec![0, 1, 0, 1, 0, 1];
        let mut f = PeriodFinder::default();
        f.rebuild(&phi);
        assert_eq!(f.proved(&s, &phi), Some((0, 2)));
        assert_eq!(f.proved(&s, &phi[..2]), None);
    }
}
