//! Where counts live: exact integers of any size, or residues modulo `P`.
//!
//! The transforms work over a [`Ring`]: [`Exact`] (signed big integers, `num-bigint`) or
//! [`Residues`] (integers modulo an odd `P`). Inverting a Walsh–Hadamard transform of length `2^b`
//! divides by `2^b`, so `P` must be odd; binomial coefficients mod `P` divide by factorials, so the
//! multiset counts need `P` prime (checked with a deterministic Miller–Rabin test).

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Signed, Zero};

use super::CountError;

/// How counts are computed: exactly, or modulo `P`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arithmetic {
    /// Exact integers of any size (refused beyond [`MAX_DIGITS`] decimal digits).
    Exact,
    /// Residues modulo `P` (`P >= 2`; odd, since the inverse transform halves).
    Modulo(u64),
}

/// The largest exact answer computed, in decimal digits; larger ones ask for `--mod`.
pub const MAX_DIGITS: f64 = 1.0e6;

/// Arithmetic in a commutative ring with exact halving (`Z` or `Z/P`, `P` odd).
pub trait Ring {
    /// An element.
    type Elem: Clone + PartialEq + std::fmt::Debug;
    /// The image of a (possibly negative) integer.
    fn of_i128(&self, x: i128) -> Self::Elem;
    /// The image of a non-negative integer of any size.
    fn of_u128(&self, x: u128) -> Self::Elem;
    /// `a + b`.
    fn add(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// `a - b`.
    fn sub(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// `a * b`.
    fn mul(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// `a^e` (with `a^0 = 1`, also for `a = 0`).
    fn pow(&self, a: &Self::Elem, e: u128) -> Self::Elem;
    /// `a / 2^bits`, which must be exact in `Z` (always possible in `Z/P` for odd `P`).
    fn div_pow2(&self, a: &Self::Elem, bits: u32) -> Self::Elem;
    /// The element as a non-negative integer (a residue in `0..P`, or the exact value; a negative
    /// exact value, which a count never is, maps to zero).
    fn to_biguint(&self, a: &Self::Elem) -> BigUint;
    /// The modulus, `None` for exact integers.
    fn modulus(&self) -> Option<u64>;
}

/// Exact integers (`num_bigint::BigInt`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Exact;

impl Ring for Exact {
    type Elem = BigInt;
    fn of_i128(&self, x: i128) -> BigInt {
        BigInt::from(x)
    }
    fn of_u128(&self, x: u128) -> BigInt {
        BigInt::from(x)
    }
    fn add(&self, a: &BigInt, b: &BigInt) -> BigInt {
        a + b
    }
    fn sub(&self, a: &BigInt, b: &BigInt) -> BigInt {
        a - b
    }
    fn mul(&self, a: &BigInt, b: &BigInt) -> BigInt {
        a * b
    }
    fn pow(&self, a: &BigInt, e: u128) -> BigInt {
        if e == 0 || a.is_one() {
            return BigInt::one();
        }
        if a.is_zero() {
            return BigInt::zero();
        }
        if a.abs().is_one() {
            return if e.is_multiple_of(2) {
                BigInt::one()
            } else {
                a.clone()
            };
        }
        // |a| >= 2: callers bound the result's size first, so `e` fits comfortably.
        let mut e = e;
        let mut base = a.clone();
        let mut acc = BigInt::one();
        while e > 0 {
            if e & 1 == 1 {
                acc *= &base;
            }
            e >>= 1;
            if e > 0 {
                base = &base * &base;
            }
        }
        acc
    }
    fn div_pow2(&self, a: &BigInt, bits: u32) -> BigInt {
        debug_assert!(bits == 0 || a.trailing_zeros().is_none_or(|z| z >= u64::from(bits)));
        a >> bits as usize
    }
    fn to_biguint(&self, a: &BigInt) -> BigUint {
        match a.sign() {
            Sign::Minus => BigUint::zero(),
            _ => a.magnitude().clone(),
        }
    }
    fn modulus(&self) -> Option<u64> {
        None
    }
}

/// Integers modulo an odd `P >= 3`.
#[derive(Clone, Copy, Debug)]
pub struct Residues {
    p: u64,
    inv2: u64,
}

impl Residues {
    /// The ring `Z/P`; `P` must be odd and at least 3.
    ///
    /// ```
    /// use grundy::count::arithmetic::{Residues, Ring};
    /// let r = Residues::new(7).unwrap();
    /// assert_eq!(r.div_pow2(&1, 1), 4); // 2 * 4 = 8 = 1 (mod 7)
    /// assert!(Residues::new(8).is_err());
    /// assert!(Residues::new(1).is_err());
    /// ```
    pub fn new(p: u64) -> Result<Residues, CountError> {
        if p < 2 {
            return Err(CountError::ModulusTooSmall { modulus: p });
        }
        if p.is_multiple_of(2) {
            return Err(CountError::EvenModulus { modulus: p });
        }
        Ok(Residues { p, inv2: p / 2 + 1 })
    }

    /// The modulus `P`.
    pub fn p(&self) -> u64 {
        self.p
    }

    /// `a * b mod P`.
    #[inline]
    pub fn mulmod(&self, a: u64, b: u64) -> u64 {
        ((u128::from(a) * u128::from(b)) % u128::from(self.p)) as u64
    }

    /// The inverse of `a` modulo `P`, `None` when `gcd(a, P) != 1`.
    pub fn inverse(&self, a: u64) -> Option<u64> {
        let (mut r0, mut r1) = (i128::from(self.p), i128::from(a % self.p));
        let (mut t0, mut t1) = (0i128, 1i128);
        while r1 != 0 {
            let q = r0 / r1;
            (r0, r1) = (r1, r0 - q * r1);
            (t0, t1) = (t1, t0 - q * t1);
        }
        if r0 != 1 {
            return None;
        }
        Some(t0.rem_euclid(i128::from(self.p)) as u64)
    }
}

impl Ring for Residues {
    type Elem = u64;
    fn of_i128(&self, x: i128) -> u64 {
        x.rem_euclid(i128::from(self.p)) as u64
    }
    fn of_u128(&self, x: u128) -> u64 {
        (x % u128::from(self.p)) as u64
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        let s = u128::from(*a) + u128::from(*b);
        (s % u128::from(self.p)) as u64
    }
    fn sub(&self, a: &u64, b: &u64) -> u64 {
        if a >= b {
            a - b
        } else {
            ((u128::from(*a) + u128::from(self.p)) - u128::from(*b)) as u64
        }
    }
    fn mul(&self, a: &u64, b: &u64) -> u64 {
        self.mulmod(*a, *b)
    }
    fn pow(&self, a: &u64, mut e: u128) -> u64 {
        let mut base = *a % self.p;
        let mut acc = 1 % self.p;
        while e > 0 {
            if e & 1 == 1 {
                acc = self.mulmod(acc, base);
            }
            base = self.mulmod(base, base);
            e >>= 1;
        }
        acc
    }
    fn div_pow2(&self, a: &u64, bits: u32) -> u64 {
        let f = self.pow(&self.inv2, u128::from(bits));
        self.mulmod(*a, f)
    }
    fn to_biguint(&self, a: &u64) -> BigUint {
        BigUint::from(*a)
    }
    fn modulus(&self) -> Option<u64> {
        Some(self.p)
    }
}

/// The most memory the exact counts of all XOR values may take, in bytes (512 MiB; the transform briefly needs about twice that).
pub const MAX_EXACT_BYTES: f64 = 512.0 * 1024.0 * 1024.0;

/// Refuse exact counts whose table (`entries` numbers of about `10^log10`) would not fit in
/// [`MAX_EXACT_BYTES`].
pub fn check_exact_memory(entries: usize, log10: f64) -> Result<(), CountError> {
    let bytes = entries as f64 * (log10 * std::f64::consts::LOG2_10 / 8.0 + 32.0);
    if bytes > MAX_EXACT_BYTES {
        return Err(CountError::TooLargeExactTable {
            entries,
            gib: bytes / (1024.0 * 1024.0 * 1024.0),
        });
    }
    Ok(())
}

/// The most big-number word operations an exact multiset count may take (a few seconds);
/// beyond it the count asks for `--mod`.
pub const MAX_EXACT_WORK: f64 = 3.0e8;

/// Deterministic primality test for 64-bit integers (Miller–Rabin with the first twelve primes as
/// bases, which is exact below `3.3 * 10^24`).
///
/// ```
/// use grundy::count::arithmetic::is_prime;
/// assert!(is_prime(1_000_000_007));
/// assert!(!is_prime(1_000_000_007 * 3));
/// assert!(!is_prime(1) && is_prime(2) && !is_prime(561));
/// ```
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for &b in &BASES {
        if n.is_multiple_of(b) {
            return n == b;
        }
    }
    let r = Residues { p: n, inv2: 0 };
    let (mut d, mut s) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        s += 1;
    }
    'bases: for &b in &BASES {
        let mut x = r.pow(&b, u128::from(d));
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = r.mulmod(x, x);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// An upper bound on `log10 C(n, k)`: `k' log10(e n / k')` with `k' = min(k, n - k)`.
pub fn log10_binomial_bound(n: u128, k: u128) -> f64 {
    if k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    if k == 0 {
        return 0.0;
    }
    let (n, k) = (n as f64, k as f64);
    k * (std::f64::consts::E * n / k).log10()
}

/// Refuse exact answers with more than [`MAX_DIGITS`] digits (estimated by `log10`).
pub fn check_exact_size(log10: f64) -> Result<(), CountError> {
    if log10 > MAX_DIGITS {
        return Err(CountError::TooLargeExact {
            digits: log10.ceil(),
        });
    }
    Ok(())
}

/// `base^e mod m` by square-and-multiply (products in `u128`, so any `m >= 1` works).
///
/// ```
/// assert_eq!(grundy::count::arithmetic::pow_mod(2, 10, 1_000_000_007), 1024);
/// assert_eq!(grundy::count::arithmetic::pow_mod(5, 0, 1), 0);
/// ```
pub fn pow_mod(base: u64, mut e: u64, m: u64) -> u64 {
    let m128 = u128::from(m);
    let mut acc = 1 % m128;
    let mut b = u128::from(base) % m128;
    while e > 0 {
        if e & 1 == 1 {
            acc = acc * b % m128;
        }
        b = b * b % m128;
        e >>= 1;
    }
    acc as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn miller_rabin_matches_trial_division() {
        let trial = |n: u64| {
            n >= 2
                && (2..)
                    .take_while(|d| d * d <= n)
                    .all(|d| !n.is_multiple_of(d))
        };
        for n in 0..5000u64 {
            assert_eq!(is_prime(n), trial(n), "{n}");
        }
        assert!(is_prime(18_446_744_073_709_551_557)); // largest 64-bit prime
        assert!(!is_prime(3_215_031_751)); // strong pseudoprime to bases 2, 3, 5, 7
    }

    #[test]
    fn residues_invert_and_halve() {
        let r = Residues::new(1_000_000_007).unwrap();
        for a in [1u64, 2, 3, 999_999_999, 123_456_789] {
            assert_eq!(r.mulmod(a, r.inverse(a).unwrap()), 1);
        }
        assert_eq!(r.inverse(0), None);
        let x = r.div_pow2(&5, 10);
        assert_eq!(r.mulmod(x, 1024), 5);
        assert_eq!(r.sub(&2, &5), 1_000_000_004);
        assert_eq!(r.of_i128(-1), 1_000_000_006);
    }

    #[test]
    fn exact_powers_of_units_need_no_work() {
        let e = Exact;
        assert_eq!(e.pow(&BigInt::from(-1), u128::MAX), BigInt::from(-1));
        assert_eq!(e.pow(&BigInt::from(0), 0), BigInt::one());
        assert_eq!(e.pow(&BigInt::from(-3), 3), BigInt::from(-27));
        assert_eq!(e.div_pow2(&BigInt::from(-24), 3), BigInt::from(-3));
    }

    #[test]
    fn binomial_bound_is_an_upper_bound() {
        assert!(log10_binomial_bound(10, 3) >= 120f64.log10());
        assert!(log10_binomial_bound(100, 50) >= 29.0);
        assert_eq!(log10_binomial_bound(5, 0), 0.0);
    }
}
