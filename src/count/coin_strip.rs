//! Seed 004 (SDOI 2019 "moving coins"): count the placements of `m` coins on distinct cells of a
//! `1 x n` strip in which the first player wins ([`crate::games::coins`] for the game).
//!
//! **Rule.** A placement is a staircase ([`crate::games::coins`]): `m + 1` steps holding the
//! `n − m` empty cells; the odd steps `1, 3, …` (there are `t = ⌈m/2⌉`) decide the game — it is
//! lost iff their nim-sum is 0 — and the `e = m + 1 − t` even steps (the floor included) are free.
//! So the losing placements number `Σ_s L(s) · W(n − m − s)`, where `L(s)` counts `t`-tuples of
//! non-negative integers with sum `s` and XOR 0, and `W(r) = C(r + e − 1, e − 1)` counts the ways
//! to spread `r` cells over the even steps. The winning ones are `C(n, m)` minus that.
//!
//! **Method.** Peel the lowest bit: a `t`-tuple with XOR 0 sets bit 0 in an even number `j` of its
//! entries, and halving leaves a `t`-tuple with XOR 0, so `L(s) = Σ_{j even} C(t, j) L((s − j)/2)`.
//! Hence `Σ_s L(s) F(s) = Σ_q L(q) F'(q)` with `F'(q) = Σ_{j even} C(t, j) F(2q + j)`, on half the
//! range. Starting from `F = W(R − ·)` (`R = n − m`) and halving until the range is `{0}` gives the
//! losing count `F(0)` in `O(R · t)` operations.

use rayon::prelude::*;
use thiserror::Error;

use super::arithmetic::pow_mod;

/// The modulus of the answer, `10^9 + 9`.
pub const MODULUS: u64 = 1_000_000_009;

/// The longest strip supported (memory grows linearly with `n`).
pub const MAX_CELLS: u64 = 10_000_000;

/// The most work (`(n − m + 1) · (⌈m/2⌉/2 + 1)` multiply-adds) accepted.
pub const MAX_WORK: u64 = 40_000_000_000;

/// Why a strip cannot be counted.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum CoinStripError {
    /// More coins than cells.
    #[error("m = {m} coins do not fit on n = {n} cells (need m <= n)")]
    TooManyCoins {
        /// Cells.
        n: u64,
        /// Coins.
        m: u64,
    },
    /// A strip longer than [`MAX_CELLS`].
    #[error("n = {0} is above the supported maximum of {MAX_CELLS} cells")]
    TooLong(u64),
    /// The count would take more than [`MAX_WORK`] operations.
    #[error("n = {n}, m = {m} needs about {work} operations, above the supported {MAX_WORK}")]
    TooMuchWork {
        /// Cells.
        n: u64,
        /// Coins.
        m: u64,
        /// The estimated number of operations.
        work: u64,
    },
}

/// Placements of `m` coins on `n` cells (mod [`MODULUS`]) in which the player to move wins.
///
/// ```
/// use grundy::count::coin_strip::winning_placements;
/// assert_eq!(winning_placements(9, 3).unwrap(), 68);
/// assert_eq!(winning_placements(20, 6).unwrap(), 33688);
/// assert_eq!(winning_placements(7, 7).unwrap(), 0); // packed: no move at all
/// assert!(winning_placements(3, 4).is_err());
/// ```
pub fn winning_placements(n: u64, m: u64) -> Result<u64, CoinStripError> {
    if m > n {
        return Err(CoinStripError::TooManyCoins { n, m });
    }
    if n > MAX_CELLS {
        return Err(CoinStripError::TooLong(n));
    }
    let r = (n - m) as usize;
    let t = m.div_ceil(2) as usize;
    let e = (m + 1) as usize - t;
    let work = (r as u64 + 1) * (t as u64 / 2 + 1);
    if work > MAX_WORK {
        return Err(CoinStripError::TooMuchWork { n, m, work });
    }
    // Factorials up to n (>= r + e - 1 since e <= m).
    let top = n as usize;
    let mut fact = vec![1u32; top + 1];
    for i in 1..=top {
        fact[i] = (fact[i - 1] as u64 * i as u64 % MODULUS) as u32;
    }
    let mut inv_fact = vec![1u32; top + 1];
    inv_fact[top] = pow_mod(fact[top] as u64, MODULUS - 2, MODULUS) as u32;
    for i in (1..=top).rev() {
        inv_fact[i - 1] = (inv_fact[i] as u64 * i as u64 % MODULUS) as u32;
    }
    let binom = |x: usize, y: usize| -> u64 {
        fact[x] as u64 * inv_fact[y] as u64 % MODULUS * inv_fact[x - y] as u64 % MODULUS
    };
    let even_weights: Vec<u64> = (0..=t).step_by(2).map(|j| binom(t, j)).collect();
    // F(s) = W(R - s) = C(R - s + e - 1, e - 1).
    let mut cur: Vec<u32> = (0..=r)
        .map(|s| binom(r - s + e - 1, e - 1) as u32)
        .collect();
    drop(fact);
    drop(inv_fact);
    while cur.len() > 1 {
        let top = cur.len() - 1;
        let next_len = top / 2 + 1;
        let step = |q: usize| -> u32 {
            let mut acc: u128 = 0;
            for (i, &c) in even_weights.iter().enumerate() {
                let s = 2 * q + 2 * i;
                if s > top {
                    break;
                }
                acc += (c * cur[s] as u64) as u128;
            }
            (acc % MODULUS as u128) as u32
        };
        let next: Vec<u32> = if next_len * even_weights.len() > 1 << 16 {
            (0..next_len).into_par_iter().map(step).collect()
        } else {
            (0..next_len).map(step).collect()
        };
        cur = next;
    }
    let losing = cur[0] as u64;
    let total = {
        // C(n, m) without tables: n! / (m! (n-m)!).
        let (mut num, mut den) = (1u64, 1u64);
        for i in 0..m.min(n - m) {
            num = num * ((n - i) % MODULUS) % MODULUS;
            den = den * ((i + 1) % MODULUS) % MODULUS;
        }
        num * pow_mod(den, MODULUS - 2, MODULUS) % MODULUS
    };
    Ok((total + MODULUS - losing) % MODULUS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::coins::{CoinStrip, Strip};
    use crate::solve::memo::Solver;

    /// Enumerate every placement and search the game on whole strips.
    fn brute(n: u64, m: u64) -> u64 {
        let mut solver = Solver::new(CoinStrip);
        let mut wins = 0;
        for mask in 0u32..1 << n {
            if mask.count_ones() as u64 != m {
                continue;
            }
            let cells: Vec<u64> = (0..n)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| i + 1)
                .collect();
            if !solver
                .grundy(&Strip::new(n, &cells).unwrap())
                .unwrap()
                .is_zero()
            {
                wins += 1;
            }
        }
        wins
    }

    #[test]
    fn published_samples() {
        assert_eq!(winning_placements(9, 3), Ok(68));
        assert_eq!(winning_placements(5, 2), Ok(6));
        assert_eq!(winning_placements(10, 4), Ok(160));
        assert_eq!(winning_placements(20, 6), Ok(33688));
    }

    #[test]
    fn every_small_strip_matches_search() {
        for n in 0..=11 {
            for m in 0..=n {
                assert_eq!(
                    winning_placements(n, m).unwrap(),
                    brute(n, m),
                    "n = {n}, m = {m}"
                );
            }
        }
    }

    #[test]
    fn limits_and_errors() {
        assert_eq!(winning_placements(0, 0), Ok(0));
        assert_eq!(winning_placements(1_000_000, 1_000_000), Ok(0));
        assert_eq!(
            winning_placements(4, 5),
            Err(CoinStripError::TooManyCoins { n: 4, m: 5 })
        );
        assert_eq!(
            winning_placements(MAX_CELLS + 1, 1),
            Err(CoinStripError::TooLong(MAX_CELLS + 1))
        );
        assert!(matches!(
            winning_placements(MAX_CELLS, MAX_CELLS / 2),
            Err(CoinStripError::TooMuchWork { .. })
        ));
        // One coin: the first player wins unless the coin is on cell 1.
        assert_eq!(winning_placements(1_000_000, 1), Ok(999_999));
        // Two coins: lost iff both gaps on the left... step 1 (between them) is 0: adjacent pairs.
        assert_eq!(
            winning_placements(1000, 2),
            Ok((1000 * 999 / 2 - 999) % MODULUS)
        );
    }
}
